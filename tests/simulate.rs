//! Simulation at scale: the merge laws and thread-count independence (property tests), every
//! game through the runner by name, the summary file's schema, and the `simulate` program
//! (its files and its error paths), whose source is included here as a module so that the
//! test always runs the current program without building the example binary.

use proptest::prelude::*;
use std::path::PathBuf;
use tabula::sim::{self, parse_agents, run_named, Options, Spec, Summary};

#[allow(dead_code)]
#[path = "../examples/simulate.rs"]
mod program;

#[path = "support/command.rs"]
mod command;
#[path = "support/scratch.rs"]
mod scratch;

use command::args;

fn spec(players: u8, games: u64, seed: u64, agents: &str) -> Spec<serde_json::Value> {
    Spec::new(players, games, seed, parse_agents(agents, players).unwrap())
}

fn threads(n: usize) -> Options<'static> {
    Options::default().threads(n)
}

fn summary(game: &str, spec: &Spec<serde_json::Value>, range: std::ops::Range<u64>) -> Summary {
    run_named(game, spec, range, &threads(1)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any split of a range, merged in any order and grouping, is the summary of the range.
    #[test]
    fn merges_are_exact_associative_and_commutative(
        players in 2u8..=4,
        seed in any::<u64>(),
        games in 1u64..48,
        cuts in proptest::collection::vec(0u64..48, 2),
    ) {
        let s = spec(players, games, seed, "random");
        let (a, b) = {
            let mut c: Vec<u64> = cuts.iter().map(|c| c % (games + 1)).collect();
            c.sort_unstable();
            (c[0], c[1])
        };
        let whole = summary("pig", &s, 0..games);
        let x = summary("pig", &s, 0..a);
        let y = summary("pig", &s, a..b);
        let z = summary("pig", &s, b..games);
        let left = x.merged(&y).unwrap().merged(&z).unwrap();
        let right = x.merged(&y.merged(&z).unwrap()).unwrap();
        let shuffled = z.merged(&x).unwrap().merged(&y).unwrap();
        prop_assert_eq!(&left, &whole);
        prop_assert_eq!(&right, &whole);
        prop_assert_eq!(&shuffled, &whole);
        prop_assert_eq!(x.merged(&y).unwrap(), y.merged(&x).unwrap());
        prop_assert_eq!(left.to_json(), whole.to_json());
        // A summary read back from its file merges the same way.
        let read = Summary::from_json(&y.to_json()).unwrap();
        prop_assert_eq!(x.merged(&read).unwrap().merged(&z).unwrap(), whole);
    }

    /// The summary is the same for any number of threads.
    #[test]
    fn threads_change_nothing(
        players in 2u8..=5,
        seed in any::<u64>(),
        games in 1u64..40,
        n in 2usize..=4,
    ) {
        let s = spec(players, games, seed, "random");
        let one = summary("pig", &s, 0..games);
        prop_assert_eq!(run_named("pig", &s, 0..games, &threads(n)).unwrap(), one);
    }
}

#[test]
fn kingdom_builder_with_a_monte_carlo_seat_is_the_same_on_any_threads_and_split() {
    let s = spec(4, 12, 11, "mc:4,random,random,random");
    let one = summary("kingdom-builder", &s, 0..12);
    let two = run_named("kingdom-builder", &s, 0..12, &threads(2)).unwrap();
    assert_eq!(one.to_json(), two.to_json());
    let mut halves = run_named("kingdom-builder", &s, 5..12, &threads(2)).unwrap();
    halves.merge(&summary("kingdom-builder", &s, 0..5)).unwrap();
    assert_eq!(halves.to_json(), one.to_json());
}

#[test]
fn every_game_runs_by_name_and_its_file_reads_back() {
    for game in sim::GAMES {
        let players = (*game.seats.start()).max(2);
        let s = spec(players, 6, 3, "random");
        let summary = summary(game.name, &s, 0..6);
        assert_eq!(summary.games(), 6, "{}", game.name);
        assert_eq!(summary.header().game, game.name);
        assert_eq!(Summary::from_json(&summary.to_json()).unwrap(), summary);
    }
    let err = run_named("chess", &spec(2, 1, 0, "random"), 0..1, &threads(1)).unwrap_err();
    assert!(err.to_string().contains("kingdom-builder"), "{err}");
}

#[test]
fn summaries_record_the_rules_version_and_parts_of_other_versions_do_not_merge() {
    let s = spec(2, 20, 5, "random");
    let part = summary("pig", &s, 0..10);
    assert_eq!(part.header().rules, Some(1));
    // A format 1 file (written before versions were recorded) is read, its version unknown.
    let mut v: serde_json::Value = serde_json::from_str(&part.to_json()).unwrap();
    v["format"] = serde_json::json!(1);
    v.as_object_mut().unwrap().remove("rules");
    let old = Summary::from_json(&v.to_string()).unwrap();
    assert_eq!(old.header().rules, None);
    // It does not merge with a part of this engine; written again it reads back the same.
    let mut rest = summary("pig", &s, 10..20);
    let e = rest.merge(&old).unwrap_err();
    assert!(e.to_string().contains("rules versions"), "{e}");
    assert_eq!(Summary::from_json(&old.to_json()).unwrap(), old);
    rest.merge(&part).unwrap();
}

#[test]
fn the_summary_file_has_its_schema() {
    let s = spec(3, 30, 5, "random,mc:2,random");
    let text = summary("pig", &s, 0..30).to_json();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["game"], "pig");
    assert_eq!(v["players"], 3);
    assert_eq!(v["games"], 30);
    assert_eq!(v["seed"], 5);
    assert_eq!(v["agents"], serde_json::json!(["random", "mc:2", "random"]));
    assert_eq!(v["configs"], "standard");
    assert_eq!(v["format"], 2);
    assert_eq!(v["rules"], 1);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    for (i, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], i);
        assert!(seat["agent"].is_string());
        for key in [
            "wins",
            "win_rate",
            "win_rate_low",
            "win_rate_high",
            "mean_score",
            "sd_score",
        ] {
            assert!(seat[key].is_f64(), "seat {i} {key}: {}", seat[key]);
        }
        let q = &seat["quantiles"];
        for key in ["min", "p5", "p25", "median", "p75", "p95", "max"] {
            assert!(q[key].is_i64(), "seat {i} quantile {key}");
        }
        let h = &seat["histogram"];
        assert!(h["from"].is_i64() && h["width"].is_u64() && h["counts"].is_array());
    }
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 3);
    for (i, position) in positions.iter().enumerate() {
        assert_eq!(position["position"], i);
        for key in [
            "win_rate",
            "win_rate_low",
            "win_rate_high",
            "mean_score",
            "sd_score",
        ] {
            assert!(position[key].is_f64(), "position {i} {key}");
        }
    }
    for key in ["mean", "sd"] {
        assert!(v["length"][key].is_f64());
    }
    assert!(v["length"]["quantiles"]["median"].is_u64());
    for key in ["draws", "shared_wins", "no_winner"] {
        assert!(v["outcomes"][key].is_u64());
    }
    assert!(v["outcomes"]["draw_rate"].is_f64());
    let exact = &v["exact"];
    assert_eq!(exact["win_unit"], 720_720);
    assert_eq!(exact["indices"], serde_json::json!([[0, 30]]));
    assert!(exact["lengths"][0].as_array().is_some_and(|p| p.len() == 2));
    let tallies = exact["seats"].as_array().unwrap().iter();
    for seat in tallies.chain(exact["positions"].as_array().unwrap()) {
        for key in ["win_units", "score_sum", "score_squares"] {
            assert!(seat[key].is_number());
        }
        assert!(seat["scores"][0].as_array().is_some_and(|p| p.len() == 2));
    }
}

// ---- the program (examples/simulate.rs, included here as a module) ----

/// A fresh scratch directory under `target/` for one test.
fn scratch(name: &str) -> PathBuf {
    scratch::dir("test-simulate", name)
}

#[test]
fn the_program_refuses_bad_flags_and_agents_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "which game"),
        (&["--game", "chess"], "unknown game 'chess'"),
        (&["--game", "pig", "--players", "9"], "2 to 6 players"),
        (
            &["--game", "pig", "--agents", "random,mcts"],
            "unknown agent 'mcts'",
        ),
        (&["--game", "pig", "--agents", "mc:0"], "bad budget"),
        (
            &[
                "--game",
                "pig",
                "--players",
                "3",
                "--agents",
                "random,random",
            ],
            "2 agents for 3",
        ),
        (&["--game", "pig", "--games", "0"], "at least 1"),
        (
            &["--game", "pig", "--threads", "many"],
            "--threads expects a number",
        ),
        (&["--game", "pig", "--fast"], "unknown option --fast"),
        (&["--game", "pig", "--seed"], "--seed needs a value"),
        (&["--game", "pig", "extra"], "unexpected argument 'extra'"),
        (
            &["--game", "pig", "--json", "/nonexistent-dir/x.json"],
            "cannot write",
        ),
    ];
    for (list, expected) in cases {
        let Err(message) = program::parse(args(list)) else {
            panic!("{list:?} was accepted");
        };
        assert!(message.contains(expected), "{list:?}: {message}");
        assert!(!message.contains('\n'), "{list:?}: {message}");
        let mut out = Vec::new();
        assert_eq!(program::run(args(list), &mut out), 2, "{list:?}");
        assert!(out.is_empty());
    }
    assert!(matches!(program::parse(args(&["--help"])), Ok(None)));
    let mut out = Vec::new();
    assert_eq!(program::run(args(&["--help"]), &mut out), 0);
    let help = String::from_utf8(out).unwrap();
    assert!(help.contains("--plot FILE.svg") && help.contains("kingdom-builder"));
}

#[test]
fn the_program_writes_the_same_json_whatever_the_threads_and_a_plot() {
    let dir = scratch("files");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (one, two, svg) = (path("one.json"), path("two.json"), path("plot.svg"));
    let common = [
        "--game",
        "pig",
        "--players",
        "3",
        "--games",
        "60",
        "--seed",
        "11",
        "--agents",
        "random,mc:3,random",
    ];
    let run = |extra: &[&str]| {
        let mut out = Vec::new();
        let code = program::run(args(&[&common[..], extra].concat()), &mut out);
        (code, String::from_utf8(out).unwrap())
    };
    let (code, table) = run(&["--threads", "1", "--json", &one]);
    assert_eq!(code, 0);
    assert!(
        table.starts_with("pig · 3 players · 60 games · seed 11"),
        "{table}"
    );
    assert!(table.contains("on 1 thread:") && table.contains("summary: "));
    let (code, table) = run(&["--threads", "2", "--json", &two, "--plot", &svg]);
    assert_eq!(code, 0);
    assert!(table.contains("on 2 threads:") && table.contains("plots: "));
    let (a, b) = (std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    assert_eq!(a, b, "the JSON summary depends on --threads");
    let library = spec(3, 60, 11, "random,mc:3,random");
    assert_eq!(
        String::from_utf8(a).unwrap(),
        summary("pig", &library, 0..60).to_json()
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&picture).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(picture.contains("1 · mc:3") && picture.contains("3rd"));
}

#[test]
fn the_program_shows_metrics_and_compares_a_variant() {
    let dir = scratch("variant");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |list: &[&str]| {
        let mut out = Vec::new();
        let code = program::run(args(list), &mut out);
        (code, String::from_utf8(out).unwrap())
    };
    let common = ["--game", "pig", "--games", "40", "--seed", "3"];
    let (code, table) = run(&[&common[..], &["--metrics"]].concat());
    assert_eq!(code, 0);
    for name in [
        "AdvantageP1",
        "Balance",
        "LeadChange",
        "DecisivenessThreshold",
    ] {
        assert!(table.contains(name), "{name}: {table}");
    }
    let (code, plain) = run(&common);
    assert_eq!(code, 0);
    assert!(!plain.contains("LeadChange"));
    // A variant from a file and from --set, on 1 and 2 threads: the same comparison.
    let variant = path("variant.json");
    std::fs::write(&variant, r#"{"target": 40}"#).unwrap();
    let (one, two) = (path("one.json"), path("two.json"));
    let (code, table) = run(&[
        &common[..],
        &["--variant", &variant, "--threads", "1", "--json", &one],
    ]
    .concat());
    assert_eq!(code, 0, "{table}");
    assert!(table.contains(r#"variant {"target":40}"#) && table.contains("95% interval (paired)"));
    assert!(table.contains("1st win rate") && table.contains("DurationReplay"));
    assert!(table.contains("the variant changed the config of 40 of 40 games"));
    assert!(
        table.contains("Holm") && !table.contains("-0.00"),
        "{table}"
    );
    let (code, _) = run(&[
        &common[..],
        &["--set", "target=40", "--threads", "2", "--json", &two],
    ]
    .concat());
    assert_eq!(code, 0);
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    // Bad variants: one line, exit 2, before any game.
    let bad: &[(&[&str], &str)] = &[
        (
            &["--set", "goal=3"],
            "no config field 'goal'; its config fields: seats, start, target",
        ),
        (&["--set", "target=many"], "'target' cannot be \"many\""),
        (&["--set", "target"], "--set expects key=value"),
        (&["--set", "target=100"], "changes nothing"),
        (&["--variant", "/nonexistent/v.json"], "cannot read"),
        (
            &["--set", "target=40", "--plot", "x.svg"],
            "--plot draws one summary",
        ),
    ];
    for (extra, expected) in bad {
        let list = [&common[..], extra].concat();
        let Err(message) = program::parse(args(&list)) else {
            panic!("{list:?} was accepted");
        };
        assert!(message.contains(expected), "{list:?}: {message}");
        assert!(!message.contains('\n'), "{list:?}: {message}");
        assert_eq!(run(&list).0, 2, "{list:?}");
    }
}

/// `--metrics NAME,...` shows only the metrics named; `--metrics` alone (last or before another
/// flag), every name listed, and `--metrics=LIST` in any order write the same bytes; an unknown
/// name is one line and exit 2 before any game.
#[test]
fn the_program_shows_only_the_metrics_named() {
    let dir = scratch("chosen");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |list: &[&str]| {
        let mut out = Vec::new();
        let code = program::run(args(list), &mut out);
        (code, String::from_utf8(out).unwrap())
    };
    let common = [
        "--game",
        "pig",
        "--games",
        "30",
        "--seed",
        "5",
        "--threads",
        "1",
    ];
    let every = sim::metrics::METRIC_NAMES.join(",");
    let mut reversed = sim::metrics::METRIC_NAMES;
    reversed.reverse();
    let reversed = format!("--metrics={}", reversed.join(","));
    let files = ["last", "before", "listed", "equals"].map(|f| path(&format!("{f}.json")));
    let lists: [Vec<&str>; 4] = [
        vec!["--json", &files[0], "--metrics"],
        vec!["--metrics", "--json", &files[1]],
        vec!["--metrics", &every, "--json", &files[2]],
        vec![&reversed, "--json", &files[3]],
    ];
    for list in &lists {
        assert_eq!(run(&[&common[..], &list[..]].concat()).0, 0, "{list:?}");
    }
    let bytes = files.each_ref().map(|f| std::fs::read(f).unwrap());
    for (file, b) in files.iter().zip(&bytes) {
        assert_eq!(b, &bytes[0], "{file}");
    }
    let chosen = path("chosen.json");
    let (code, table) = run(&[
        &common[..],
        &["--metrics", "LeadChange,Balance", "--json", &chosen],
    ]
    .concat());
    assert_eq!(code, 0);
    assert!(table.contains("LeadChange") && table.contains("Balance"));
    assert!(
        !table.contains("AdvantageP1") && !table.contains("Drama"),
        "{table}"
    );
    // A name of an earlier version still reads, as the metric that computes what it did.
    let (code, table) = run(&[&common[..], &["--metrics", "DurationActions"]].concat());
    assert_eq!(code, 0);
    assert!(table.contains("DurationReplay"), "{table}");
    let text = std::fs::read_to_string(&chosen).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let names: Vec<&str> = (v["metrics"].as_array().unwrap().iter())
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Balance", "LeadChange"]);
    assert_eq!(Summary::from_json(&text).unwrap().to_json(), text);
    // A variant compares the metrics named alone.
    let (code, table) = run(&[&common[..], &["--set", "target=40", "--metrics=Drama"]].concat());
    assert_eq!(code, 0, "{table}");
    assert!(
        table.contains("Drama") && !table.contains("DurationReplay"),
        "{table}"
    );
    // Unknown or empty names: one line naming the problem and the known names, exit 2, and no
    // file written.
    let unwritten = path("unwritten.json");
    let bad: &[(&[&str], &str)] = &[
        (
            &["--metrics", "Balance,Fun"],
            "--metrics: unknown metric 'Fun'",
        ),
        (&["--metrics=balance"], "unknown metric 'balance'"),
        (&["--metrics="], "an empty metric name in ''"),
        (
            &["--metrics", "Balance,"],
            "an empty metric name in 'Balance,'",
        ),
    ];
    for (extra, expected) in bad {
        let list = [&common[..], extra, &["--json", &unwritten]].concat();
        let Err(message) = program::parse(args(&list)) else {
            panic!("{list:?} was accepted");
        };
        assert!(message.contains(expected), "{list:?}: {message}");
        assert!(
            message.ends_with("DecisivenessThreshold, DecisivenessThresholdWinners"),
            "{message}"
        );
        assert!(!message.contains('\n'), "{list:?}: {message}");
        assert_eq!(run(&list).0, 2, "{list:?}");
        assert!(!std::path::Path::new(&unwritten).exists(), "{list:?}");
    }
}

/// Every refusal of a config comes before any game, in one line with exit 2: every game's
/// config is checked (not game 0 alone), a variant is "changing nothing" only when it changes
/// no game's config, and a sweep's values are all checked.
#[test]
fn configs_are_refused_before_any_game_whatever_game_they_break() {
    let run = |list: &[&str]| {
        let mut out = Vec::new();
        let code = program::run(args(list), &mut out);
        (code, String::from_utf8(out).unwrap())
    };
    let pig = ["--game", "pig", "--games", "60", "--seed", "5"];
    let bad: &[(&[&str], &str)] = &[
        // Fewer seats than players, or more: refused, naming the seats.
        (
            &["--players", "4", "--set", "seats=3"],
            "the config has 3 seats but the simulation has 4 players",
        ),
        (
            &["--set", "seats=5"],
            "the config has 5 seats but the simulation has 2 players",
        ),
        // A start player no table of two has.
        (
            &["--set", "start=2"],
            "game 0: the variant makes a config the game refuses",
        ),
        (
            &["--set", "target=0"],
            "game 0: the variant makes a config the game refuses",
        ),
        (&["--metrics", "Fun"], "unknown metric 'Fun'"),
        (&["--sweep", "target="], "gives no value"),
        (
            &["--sweep", "goal=1,2"],
            "goal = 1: pig has no config field 'goal'",
        ),
        (
            &["--sweep", "target=10,0"],
            "target = 0: game 0: the variant makes a config",
        ),
        (&["--sweep", "target=x..y"], "is not a range FROM..TO"),
        (
            &["--sweep", "target=10,20", "--plot", "x.svg"],
            "--sweep plays one summary per value",
        ),
        (&["--round-robin"], "--round-robin applies to --ladder"),
    ];
    for (extra, expected) in bad {
        let list = [&pig[..], extra].concat();
        let Err(message) = program::parse(args(&list)) else {
            panic!("{list:?} was accepted");
        };
        assert!(message.contains(expected), "{list:?}: {message}");
        assert!(!message.contains('\n'), "{list:?}: {message}");
        assert_eq!(run(&list), (2, String::new()), "{list:?}");
    }
    // `start=0` and `start=1` both change the games whose drawn start player was the other
    // seat: neither changes nothing, whatever game 0 drew.
    for start in ["start=0", "start=1"] {
        let (code, table) =
            run(&[&pig[..], &["--set", start, "--metrics", "AdvantageP1"]].concat());
        assert_eq!(code, 0, "{start}: {table}");
        let changed: u64 = table
            .split("the config of ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(changed > 10 && changed < 50, "{start}: {changed}");
    }
    // A variant equal to every game's standard config is refused.
    let (code, _) = run(&[&pig[..], &["--set", "target=100"]].concat());
    assert_eq!(code, 2);
}

/// Every game's config is checked by the library before any game is played: a run that would
/// fail at game 1 on its config fails before game 0 is played.
#[test]
fn a_run_never_stops_halfway_on_a_config() {
    use tabula::dicecore::pig::Pig;
    use tabula::sim::{variant::parse_overrides, Configs, Progress};
    // With four players `seats=3` suits no game and `start=3` every one: the progress counter
    // says no game was played when the check fails, and every game when it passes.
    let mut s: Spec<<Pig as tabula::Game>::Config> =
        Spec::new(4, 40, 1, parse_agents("random", 4).unwrap());
    s.configs = Configs::Variant(parse_overrides(r#"{"seats": 3}"#).unwrap());
    let progress = Progress::new();
    let options = Options::default().threads(2).progress(&progress);
    let e = sim::run::<Pig>(&s, 0..40, &options).unwrap_err();
    assert!(e.to_string().contains("3 seats"), "{e}");
    assert_eq!(progress.done(), 0);
    s.configs = Configs::Variant(parse_overrides(r#"{"start": 3}"#).unwrap());
    assert_eq!(sim::run::<Pig>(&s, 0..40, &options).unwrap().games(), 40);
    assert_eq!(progress.done(), 40);
}

/// `--games-out` writes one line per game with everything the summary's figures come from, and
/// every figure of the summary file is recomputed from those lines here.
#[test]
fn every_summary_figure_is_recomputed_from_the_per_game_records() {
    let dir = scratch("records");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (json, lines) = (path("summary.json"), path("games.jsonl"));
    let list = [
        "--game",
        "pig",
        "--players",
        "3",
        "--games",
        "150",
        "--seed",
        "9",
        "--agents",
        "random,mc:2,random",
        "--metrics",
        "--json",
        &json,
        "--games-out",
        &lines,
    ];
    let mut out = Vec::new();
    assert_eq!(program::run(args(&list), &mut out), 0);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&lines)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    check_recomputed(&summary, &records);
    // The Wilson intervals, the quantiles of the lengths and the outcome counts.
    let n = records.len() as f64;
    for s in 0..3 {
        let wins: f64 = (records.iter())
            .map(|r| {
                let w: Vec<i64> = (r["winners"].as_array().unwrap().iter())
                    .map(|x| x.as_i64().unwrap())
                    .collect();
                if w.contains(&(s as i64)) {
                    1.0 / w.len() as f64
                } else {
                    0.0
                }
            })
            .sum();
        let (z, p) = (1.959963984540054f64, wins / n);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        let low = summary["seats"][s]["win_rate_low"].as_f64().unwrap();
        assert!(
            (low - (centre - half).max(0.0)).abs() < 1e-12,
            "seat {s}: {low}"
        );
    }
    let mut lengths: Vec<u64> = records
        .iter()
        .map(|r| r["length"].as_u64().unwrap())
        .collect();
    lengths.sort_unstable();
    let rank = |q: usize| lengths[(q * lengths.len()).div_ceil(100).max(1) - 1];
    let quantiles = &summary["length"]["quantiles"];
    for (q, key) in [(5, "p5"), (50, "median"), (95, "p95")] {
        assert_eq!(quantiles[key].as_u64().unwrap(), rank(q), "{key}");
    }
    assert_eq!(quantiles["min"].as_u64().unwrap(), lengths[0]);
    let shared = (records.iter())
        .filter(|r| r["winners"].as_array().unwrap().len() >= 2)
        .count();
    assert_eq!(
        summary["outcomes"]["shared_wins"].as_u64().unwrap(),
        shared as u64
    );
    // The same records from the library, and from a variant (one line per game and rules).
    let variant = path("variant.jsonl");
    let list = [
        "--game",
        "pig",
        "--games",
        "30",
        "--seed",
        "4",
        "--set",
        "target=50",
        "--metrics",
        "LeadChange",
        "--games-out",
        &variant,
    ];
    assert_eq!(program::run(args(&list), &mut Vec::new()), 0);
    let text = std::fs::read_to_string(&variant).unwrap();
    let rules: Vec<String> = (text.lines())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["rules"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(rules.len(), 60);
    assert_eq!(
        (rules[0].as_str(), rules[1].as_str()),
        ("standard", "variant")
    );
}

/// Recomputes every figure of a summary file (with every metric) from its per-game records,
/// with the formulas of docs/simulation.md, and compares them.
fn check_recomputed(summary: &serde_json::Value, records: &[serde_json::Value]) {
    let n = records.len() as f64;
    let players = summary["players"].as_u64().unwrap() as usize;
    let close = |a: f64, b: &serde_json::Value, what: &str| {
        let b = b.as_f64().unwrap_or_else(|| panic!("{what}: {b}"));
        assert!(
            (a - b).abs() <= 1e-9 * b.abs().max(1.0),
            "{what}: {a} against {b}"
        );
    };
    let ints = |v: &serde_json::Value| -> Vec<i64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect()
    };
    let mean_sd = |xs: &[f64]| {
        let m = xs.iter().sum::<f64>() / xs.len() as f64;
        let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() as f64 - 1.0);
        (m, var.sqrt())
    };
    // Win rates (shared wins as shares) and mean scores, by seat and by position.
    for s in 0..players {
        let (mut wins, mut wins_at, mut scores) = (0.0, 0.0, Vec::new());
        for r in records {
            let winners = ints(&r["winners"]);
            let share = |seat: i64| {
                if winners.contains(&seat) {
                    1.0 / winners.len() as f64
                } else {
                    0.0
                }
            };
            wins += share(s as i64);
            scores.push(ints(&r["scores"])[s] as f64);
            let first = r["first"].as_i64().unwrap();
            wins_at += share((first + s as i64) % players as i64);
        }
        close(wins / n, &summary["seats"][s]["win_rate"], "seat win rate");
        close(
            wins_at / n,
            &summary["positions"][s]["win_rate"],
            "position win rate",
        );
        let (m, sd) = mean_sd(&scores);
        close(m, &summary["seats"][s]["mean_score"], "mean score");
        close(sd, &summary["seats"][s]["sd_score"], "sd score");
    }
    let lengths: Vec<f64> = records
        .iter()
        .map(|r| r["length"].as_f64().unwrap())
        .collect();
    let (m, sd) = mean_sd(&lengths);
    close(m, &summary["length"]["mean"], "length");
    close(sd, &summary["length"]["sd"], "length sd");
    // The metrics, each from its per-game ingredients.
    let metric = |name: &str| {
        let all = summary["metrics"].as_array().unwrap();
        all.iter().find(|m| m["name"] == name).unwrap().clone()
    };
    let p = players as f64;
    let mean_of = |f: &dyn Fn(&serde_json::Value) -> Option<f64>| {
        let xs: Vec<f64> = records.iter().filter_map(f).collect();
        xs.iter().sum::<f64>() / xs.len() as f64
    };
    let floor6 = |x: f64| (x * 1e6).floor() / 1e6;
    let first_rank = |r: &serde_json::Value| {
        r["ranks"][r["first"].as_u64().unwrap() as usize]
            .as_f64()
            .unwrap()
    };
    let sole = |r: &serde_json::Value| {
        let w = ints(&r["winners"]);
        (w.len() == 1).then(|| w[0])
    };
    let running = |r: &serde_json::Value, key: &str| -> Vec<f64> {
        r["running"][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    let d = |r: &serde_json::Value| r["decisions"].as_f64().unwrap();
    close(
        mean_of(&|r| Some((p - first_rank(r)) / (p - 1.0))),
        &metric("AdvantageP1")["value"],
        "AdvantageP1",
    );
    close(
        mean_of(&|r| Some((sole(r) == r["first"].as_i64()) as u8 as f64)),
        &metric("AdvantageP1Sole")["value"],
        "AdvantageP1Sole",
    );
    let mut by_position = vec![0.0; players];
    for r in records {
        if let Some(w) = sole(r) {
            let first = r["first"].as_i64().unwrap();
            by_position[((w - first).rem_euclid(players as i64)) as usize] += 1.0;
        }
    }
    let gap = by_position.iter().cloned().fold(f64::MIN, f64::max)
        - by_position.iter().cloned().fold(f64::MAX, f64::min);
    close(1.0 - gap / n, &metric("Balance")["value"], "Balance");
    close(
        mean_of(&|r| Some(sole(r).is_some() as u8 as f64)),
        &metric("Completion")["value"],
        "Completion",
    );
    close(
        mean_of(&|r| Some((ints(&r["winners"]).len() == players) as u8 as f64)),
        &metric("Drawishness")["value"],
        "Drawishness",
    );
    close(
        mean_of(&|r| Some(sole(r).is_none() as u8 as f64)),
        &metric("DrawishnessShared")["value"],
        "DrawishnessShared",
    );
    close(
        mean_of(&|r| Some(d(r))),
        &metric("DurationMoves")["value"],
        "DurationMoves",
    );
    close(m, &metric("DurationReplay")["value"], "DurationReplay");
    close(sd, &metric("DurationReplaySd")["value"], "DurationReplaySd");
    close(
        mean_of(&|r| Some(floor6(r["legal"]["multi"].as_f64().unwrap() / d(r)))),
        &metric("DecisionMoves")["value"],
        "DecisionMoves",
    );
    close(
        mean_of(&|r| Some(floor6(r["legal"]["total"].as_f64().unwrap() / d(r)))),
        &metric("BranchingFactor")["value"],
        "BranchingFactor",
    );
    close(
        mean_of(&|r| {
            Some(floor6(
                r["running"]["lead_changes"].as_f64().unwrap() / d(r),
            ))
        }),
        &metric("LeadChange")["value"],
        "LeadChange",
    );
    close(
        mean_of(&|r| {
            let (sums, squares) = (running(r, "sums"), running(r, "squares"));
            let spread: f64 = sums
                .iter()
                .zip(&squares)
                .map(|(s, q)| d(r) * q - s * s)
                .sum();
            Some(floor6(spread / (d(r) * d(r))))
        }),
        &metric("Stability")["value"],
        "Stability",
    );
    let best = |r: &serde_json::Value| r["running"]["best_sum"].as_f64().unwrap();
    close(
        mean_of(&|r| {
            let total: f64 = running(r, "sums").iter().sum();
            Some(floor6((p * best(r) - total) / (p * d(r))))
        }),
        &metric("Drama")["value"],
        "Drama",
    );
    close(
        mean_of(&|r| {
            let w = ints(&r["winners"]);
            let sums = running(r, "sums");
            let k = w.len() as f64;
            let won: f64 = w.iter().map(|&s| sums[s as usize]).sum();
            Some(floor6((k * best(r) - won) / (k * d(r))))
        }),
        &metric("DramaWinners")["value"],
        "DramaWinners",
    );
    close(
        -1.0,
        &metric("DecisivenessThreshold")["value"],
        "DecisivenessThreshold",
    );
    close(
        mean_of(&|r| {
            let w = ints(&r["winners"]);
            let max = running(r, "max");
            (0..players)
                .filter(|s| !w.contains(&(*s as i64)))
                .map(|s| max[s])
                .reduce(f64::max)
        }),
        &metric("DecisivenessThresholdWinners")["value"],
        "DecisivenessThresholdWinners",
    );
    // Normal intervals of the per-game means: mean ± 1.96·sd/√n.
    let credits: Vec<f64> = records
        .iter()
        .map(|r| (p - first_rank(r)) / (p - 1.0))
        .collect();
    let (cm, csd) = mean_sd(&credits);
    close(
        cm - 1.959963984540054 * csd / n.sqrt(),
        &metric("AdvantageP1")["low"],
        "AdvantageP1 low",
    );
}
