//! Metrics and rule variants on Pig (fast): exact merges and thread independence with the
//! metrics on, their file's round trip, plain files unchanged, and variant comparisons.

use dicecore::pig::Pig;
use dicecore::Game;
use tabula_sim::variant::{apply, compare, parse_overrides, parse_set, Overrides, VariantError};
use tabula_sim::*;

fn spec(players: u8, games: u64, agents: &str, metrics: bool) -> Spec<<Pig as Game>::Config> {
    let mut spec = Spec::new(players, games, 7, parse_agents(agents, players).unwrap());
    spec.metrics = if metrics {
        MetricSet::ALL
    } else {
        MetricSet::NONE
    };
    spec
}

fn threads(n: usize) -> Options<'static> {
    Options::default().threads(n)
}

fn overrides(text: &str) -> Overrides {
    parse_overrides(text).unwrap()
}

#[test]
fn metrics_merge_exactly_and_do_not_depend_on_the_threads() {
    let s = spec(3, 90, "random,mc:2,random", true);
    let whole = run::<Pig>(&s, 0..90, &threads(1)).unwrap();
    assert_eq!(run::<Pig>(&s, 0..90, &threads(3)).unwrap(), whole);
    let mut parts = run::<Pig>(&s, 50..90, &threads(2)).unwrap();
    parts
        .merge(&run::<Pig>(&s, 0..17, &threads(1)).unwrap())
        .unwrap();
    parts
        .merge(&run::<Pig>(&s, 17..50, &threads(1)).unwrap())
        .unwrap();
    assert_eq!(parts.to_json(), whole.to_json());
    let read = Summary::from_json(&whole.to_json()).unwrap();
    assert_eq!(read, whole);
    assert_eq!(read.to_json(), whole.to_json());
    let metrics = whole.metrics().unwrap();
    for row in metrics.rows() {
        assert!(row.value.is_some(), "{} has no value", row.name);
    }
    let p1 = metrics.get("AdvantageP1").unwrap();
    let (low, high) = p1.interval.unwrap();
    assert!(low <= p1.value.unwrap() && p1.value.unwrap() <= high);
    assert!(whole.to_string().contains("DecisivenessThreshold"));
}

#[test]
fn plain_runs_write_the_same_file_as_before_and_do_not_merge_with_metric_runs() {
    let plain = run::<Pig>(&spec(2, 30, "random", false), 0..30, &threads(1)).unwrap();
    assert!(plain.metrics().is_none());
    assert!(!plain.to_json().contains("metrics"));
    assert!(!plain.to_string().contains("LeadChange"));
    let with = run::<Pig>(&spec(2, 60, "random", true), 30..60, &threads(1)).unwrap();
    let e = plain.merged(&with).unwrap_err();
    assert!(e.to_string().contains("metrics"), "{e}");
    // The outcome tallies are the same with or without the metrics.
    let same = run::<Pig>(&spec(2, 30, "random", true), 0..30, &threads(1)).unwrap();
    assert_eq!(same.seats(), plain.seats());
    assert_eq!(same.lengths(), plain.lengths());
}

#[test]
fn a_variant_that_changes_nothing_gives_zero_differences() {
    let s = spec(2, 80, "random,mc:2", false);
    let standard_target = Pig::standard_config(2, 0).unwrap().target;
    let same = overrides(&format!("{{\"target\": {standard_target}}}"));
    let c = compare::<Pig>(&s, &same, 0..80, &threads(2)).unwrap();
    let rows = c.rows();
    assert_eq!(rows.len(), 2 + 2 + variant_metric_count());
    for row in &rows {
        assert_eq!(row.standard, row.variant, "{}", row.label);
        assert_eq!(row.difference, Some(0.0), "{}", row.label);
        if let Some((low, high)) = row.interval {
            assert_eq!((low, high), (0.0, 0.0), "{}", row.label);
        }
    }
    assert!(c.to_string().contains("seat 1 win rate"));
}

fn variant_metric_count() -> usize {
    tabula_sim::metrics::METRIC_NAMES.len()
}

#[test]
fn a_comparison_plays_the_same_games_and_does_not_depend_on_the_threads() {
    let s = spec(2, 60, "random", false);
    let low = overrides(r#"{"target": 30}"#);
    let one = compare::<Pig>(&s, &low, 0..60, &threads(1)).unwrap();
    let three = compare::<Pig>(&s, &low, 0..60, &threads(3)).unwrap();
    assert_eq!(one.to_json(), three.to_json());
    // The standard half is the plain run of the same spec with the metrics on.
    let plain = run::<Pig>(&spec(2, 60, "random", true), 0..60, &threads(1)).unwrap();
    assert_eq!(one.standard, plain);
    assert_eq!(
        one.variant.header().configs,
        serde_json::json!({"variant": {"target": 30}})
    );
    let length = one
        .rows()
        .into_iter()
        .find(|r| r.label == "DurationReplay")
        .unwrap();
    let (lo, hi) = length.interval.unwrap();
    assert!(
        hi < 0.0 && lo < hi,
        "a lower target shortens the games: {length:?}"
    );
    let json: serde_json::Value = serde_json::from_str(&one.to_json()).unwrap();
    assert_eq!(json["overrides"], serde_json::json!({"target": 30}));
    assert_eq!(json["standard"]["games"], 60);
    assert!(json["variant"]["metrics"].is_array());
    assert!(json["rows"]
        .as_array()
        .is_some_and(|r| r.len() == one.rows().len()));
    // A variant summary reads back and names its overrides in the table.
    let read = Summary::from_json(&one.variant.to_json()).unwrap();
    assert_eq!(read, one.variant);
    assert!(read
        .to_string()
        .contains(r#"standard configs with {"target":30}"#));
}

#[test]
fn bad_variants_are_clear_errors_naming_the_field() {
    let config = Pig::standard_config(2, 0).unwrap();
    let e = apply::<Pig>(&config, &overrides(r#"{"goal": 50}"#)).unwrap_err();
    assert!(matches!(e, VariantError::UnknownField { .. }));
    let text = e.to_string();
    assert!(
        text.contains("'goal'") && text.contains("seats, start, target"),
        "{text}"
    );
    let e = apply::<Pig>(&config, &overrides(r#"{"target": "high"}"#)).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("'target' cannot be \"high\""), "{text}");
    let e = apply::<Pig>(&config, &overrides(r#"{"target": 0}"#)).unwrap_err();
    assert!(matches!(e, VariantError::Refused { .. }), "{e}");
    assert!(parse_overrides("[1]").is_err() && parse_overrides("{").is_err());
    assert!(matches!(parse_set("=3"), Err(VariantError::Set(_))));
    assert_eq!(parse_set("target=50").unwrap().1, serde_json::json!(50));
    // The runner refuses a bad variant before playing.
    let s = spec(2, 10, "random", false);
    let e = compare::<Pig>(&s, &overrides(r#"{"goal": 1}"#), 0..10, &threads(1)).unwrap_err();
    assert!(matches!(e, SimError::Spec(SpecError::Variant(_))), "{e}");
}

/// The same spec with the metrics named in `names`.
fn choosing(mut spec: Spec<<Pig as Game>::Config>, names: &str) -> Spec<<Pig as Game>::Config> {
    spec.metrics = names.parse().unwrap();
    spec
}

#[test]
fn chosen_metrics_merge_exactly_and_show_alone() {
    let s = choosing(
        spec(3, 90, "random,mc:2,random", false),
        "LeadChange,AdvantageP1",
    );
    let whole = run::<Pig>(&s, 0..90, &threads(1)).unwrap();
    assert_eq!(run::<Pig>(&s, 0..90, &threads(3)).unwrap(), whole);
    let mut parts = run::<Pig>(&s, 40..90, &threads(2)).unwrap();
    parts
        .merge(&run::<Pig>(&s, 0..40, &threads(1)).unwrap())
        .unwrap();
    assert_eq!(parts.to_json(), whole.to_json());
    let read = Summary::from_json(&whole.to_json()).unwrap();
    assert_eq!(read, whole);
    assert_eq!(read.chosen_metrics(), s.metrics);
    // The values are those of the run with every metric.
    let all = run::<Pig>(&spec(3, 90, "random,mc:2,random", true), 0..90, &threads(1)).unwrap();
    let (chosen, every) = (whole.metrics().unwrap(), all.metrics().unwrap());
    let names: Vec<&str> = chosen.rows().iter().map(|r| r.name).collect();
    assert_eq!(names, ["AdvantageP1", "LeadChange"]);
    for row in chosen.rows() {
        assert_eq!(Some(row), every.get(row.name));
    }
    let table = whole.to_string();
    assert!(
        table.contains("LeadChange") && !table.contains("Drama"),
        "{table}"
    );
    let json: serde_json::Value = serde_json::from_str(&whole.to_json()).unwrap();
    let exact = &json["exact"]["metrics"];
    assert_eq!(
        exact["chosen"],
        serde_json::json!(["AdvantageP1", "LeadChange"])
    );
    assert!(exact["lead_change"].is_object() && exact["drama"].is_null());
    // Different choices do not merge.
    let other = run::<Pig>(&choosing(s.clone(), "LeadChange"), 0..10, &threads(1)).unwrap();
    let e = run::<Pig>(&s, 10..20, &threads(1))
        .unwrap()
        .merged(&other)
        .unwrap_err();
    assert_eq!(e, MergeError::Different("chosen metrics"));
    assert!(e.to_string().contains("their chosen metrics differ"), "{e}");
}

#[test]
fn every_name_listed_is_every_metric_and_a_file_cannot_claim_a_missing_tally() {
    let listed = choosing(
        spec(2, 30, "random", false),
        &metrics::METRIC_NAMES.join(","),
    );
    assert_eq!(listed.metrics, MetricSet::ALL);
    let all = run::<Pig>(&spec(2, 30, "random", true), 0..30, &threads(1)).unwrap();
    assert!(!all.to_json().contains("\"chosen\""));
    // A file whose choice needs a tally it does not hold is refused.
    let some = run::<Pig>(&choosing(listed, "Drama"), 0..30, &threads(1)).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&some.to_json()).unwrap();
    v["exact"]["metrics"]["chosen"] = serde_json::json!(["Drama", "Stability"]);
    assert!(Summary::from_json(&v.to_string()).is_err());
    v["exact"]["metrics"]["chosen"] = serde_json::json!(["Fun"]);
    assert!(Summary::from_json(&v.to_string()).is_err());
}

#[test]
fn a_comparison_shows_the_chosen_metrics_alone() {
    let s = choosing(
        spec(2, 40, "random", false),
        "Balance,DurationActions,Drama",
    );
    let low = overrides(r#"{"target": 30}"#);
    let c = compare::<Pig>(&s, &low, 0..40, &threads(2)).unwrap();
    let labels: Vec<String> = c.rows().into_iter().map(|r| r.label).collect();
    let win_rates = [
        "seat 0 win rate",
        "seat 1 win rate",
        "1st win rate",
        "2nd win rate",
    ];
    assert_eq!(
        labels,
        [&win_rates[..], &["Balance", "DurationReplay", "Drama"]].concat()
    );
    // The rows of the chosen metrics are those of the comparison with every metric.
    let every = compare::<Pig>(&spec(2, 40, "random", false), &low, 0..40, &threads(1)).unwrap();
    for row in c.rows() {
        assert!(every.rows().contains(&row), "{}", row.label);
    }
    let json: serde_json::Value = serde_json::from_str(&c.to_json()).unwrap();
    let paired: Vec<&str> = (json["paired"].as_array().unwrap().iter())
        .map(|p| p["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        paired,
        [&win_rates[..], &["DurationReplay", "Drama"]].concat()
    );
    assert_eq!(c.standard.chosen_metrics(), s.metrics);
}
