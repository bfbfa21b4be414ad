//! The designer's report and the skill ladder through the `simulate` program (its source is
//! included as a module, as in `tests/simulate.rs`): the report is the same page whether the
//! games are played or read back from their summary file, self-contained and well formed; the
//! ladder balances seats, does not depend on the threads, and refuses bad input before any
//! game. What a browser displays is checked by `.ci/report-in-browser` in CI.

use std::path::PathBuf;
use tabula::sim::report::Report;
use tabula::sim::{parse_agents, run_named, Options, Spec};

#[allow(dead_code)]
#[path = "../examples/simulate.rs"]
mod program;

#[path = "support/command.rs"]
mod command;
#[path = "support/scratch.rs"]
mod scratch;

use command::args;

/// A fresh scratch directory under `target/` for one test.
fn scratch(name: &str) -> PathBuf {
    scratch::dir("test-report", name)
}

/// Runs the program; returns its exit code and standard output.
fn simulate(list: &[&str]) -> (i32, String) {
    let mut out = Vec::new();
    let code = program::run(args(list), &mut out);
    (code, String::from_utf8(out).unwrap())
}

/// Checks that a page loads and runs nothing and that each of its charts is well-formed SVG.
fn check_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    for outside in [
        "<script", "http:", "https:", "url(", "@import", "src=", "href=", "<link",
    ] {
        assert!(!page.contains(outside), "the page holds {outside}");
    }
    let mut charts = 0;
    for piece in page.split("<svg ").skip(1) {
        let end = piece.find("</svg>").expect("an unclosed chart") + "</svg>".len();
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" {}",
            &piece[..end]
        );
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        charts += 1;
    }
    assert!(charts >= 1);
}

#[test]
fn the_report_is_the_same_page_from_the_games_and_from_their_summary_file() {
    let dir = scratch("report");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (json, played, read) = (path("s.json"), path("played.html"), path("read.html"));
    let game = [
        "--game",
        "pig",
        "--players",
        "3",
        "--games",
        "90",
        "--seed",
        "5",
        "--agents",
        "random,mc:3,random",
    ];
    let (code, out) = simulate(&[&game[..], &["--json", &json, "--report", &played]].concat());
    assert_eq!(code, 0);
    assert!(out.contains("report:  "), "{out}");
    let (code, out) = simulate(&["--from", &json, "--report", &read, "--threads", "1"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("pig · 3 players · 90 games · seed 5"),
        "{out}"
    );
    let page = std::fs::read_to_string(&played).unwrap();
    assert_eq!(page, std::fs::read_to_string(&read).unwrap());
    check_self_contained(&page);
    // The page of the library's summary is the program's, byte for byte.
    let spec = Spec::new(3, 90, 5, parse_agents("random,mc:3,random", 3).unwrap());
    let summary = run_named("pig", &spec, 0..90, &Options::default()).unwrap();
    let library = Report::new("pig: simulation report").summary(&summary);
    assert_eq!(library.to_html(), page);
    for shown in [
        "Results by seat",
        "Results by position in turn order",
        "Win rate by seat",
        "Win rate by position in turn order",
        "Score distribution per seat",
        "Game length",
        "seat 1 · mc:3",
        "<dd>pig</dd>",
        "<dd>0..90</dd>",
    ] {
        assert!(page.contains(shown), "{shown}");
    }
}

/// A variant run with metrics: the page names the variant in its header, says how many games
/// it changed, shows every win rate and metric under both rules with the paired difference and
/// the Holm column in the same units as the terminal, a chart of the differences per unit, and
/// the score and length distributions under both.
#[test]
fn a_variant_report_shows_the_comparison_and_the_metrics() {
    let dir = scratch("variant");
    let page = dir.join("variant.html").to_str().unwrap().to_string();
    let (code, out) = simulate(&[
        "--game",
        "pig",
        "--games",
        "60",
        "--seed",
        "3",
        "--metrics",
        "--set",
        "target=40",
        "--report",
        &page,
    ]);
    assert_eq!(code, 0, "{out}");
    let page = std::fs::read_to_string(&page).unwrap();
    check_self_contained(&page);
    for shown in [
        "pig: the variant {&quot;target&quot;:40} against the standard rules",
        "<dt>variant</dt><dd>{&quot;target&quot;:40}</dd>",
        "the standard configs, and the same with {&quot;target&quot;:40}",
        "Games the variant changed",
        "Variant {&quot;target&quot;:40} against the standard rules",
        "Win-rate differences (variant − standard)",
        "Metric differences in percentage points (variant − standard)",
        "Metric differences in points² (variant − standard)",
        "Score distribution, standard rules and variant",
        "Game length, standard rules and variant",
        "Holm",
        "Holm–Bonferroni",
        "seat 0 win rate",
        "1st win rate",
        "AdvantageP1",
        "DecisivenessThresholdWinners",
        " pp</td>",
        "<th>meaning</th>",
        "share of games where every seat ranks equal (full draws)",
    ] {
        assert!(page.contains(shown), "{shown}");
    }
    // Rates are percentages everywhere, never fractions, and no negative zero.
    assert!(!page.contains("-0.00") && !page.contains("−0.00"));
    assert!(!page.contains("configs</dt><dd>standard"));
    // The terminal writes the same cells.
    for cell in out.lines().filter(|l| l.starts_with("1st win rate")) {
        let difference = cell.split_whitespace().nth(5).unwrap();
        assert!(page.contains(&format!(">{difference} pp<")), "{cell}");
    }
}

/// A sweep's page charts every chosen metric against the value, with intervals.
#[test]
fn a_sweep_shows_every_metric_against_the_value() {
    let dir = scratch("sweep");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (page, json) = (path("sweep.html"), path("sweep.json"));
    let (code, out) = simulate(&[
        "--game",
        "pig",
        "--games",
        "40",
        "--seed",
        "2",
        "--metrics",
        "AdvantageP1,Balance,DurationMoves",
        "--sweep",
        "target=20..60:20",
        "--report",
        &page,
        "--json",
        &json,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with(
            "pig · 2 players · 40 games per value · seed 2 · sweep target = 20, 40, 60"
        ),
        "{out}"
    );
    let page = std::fs::read_to_string(&page).unwrap();
    check_self_contained(&page);
    for shown in [
        "1st win rate against target",
        "AdvantageP1 against target",
        "Balance against target",
        "DurationMoves against target",
        "target = 20",
        "target = 60",
        "Every figure of the sweep",
    ] {
        assert!(page.contains(shown), "{shown}");
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["field"], "target");
    assert_eq!(v["points"].as_array().unwrap().len(), 3);
    assert_eq!(
        v["points"][2]["summary"]["configs"],
        serde_json::json!({"variant": {"target": 60}})
    );
    // A sweep file is not a summary: --from says what it is.
    let (code, _) = simulate(&["--from", &json]);
    assert_eq!(code, 2);
    let Err(message) = program::parse(command::args(&["--from", &json])) else {
        panic!("a sweep file was read as a summary");
    };
    assert!(
        message.ends_with("it is a sweep file (written by simulate --sweep --json)"),
        "{message}"
    );
}

#[test]
fn generic_sections_escape_their_text() {
    use tabula::sim::report::{IntervalRow, Intervals, Table};
    let odd = "<script>alert('&')</script>";
    let page = Report::new(odd)
        .fact(odd, odd)
        .table(Table {
            title: odd.into(),
            note: odd.into(),
            columns: vec![odd.into()],
            rows: vec![vec![odd.into()]],
        })
        .intervals(Intervals {
            title: odd.into(),
            note: odd.into(),
            rows: vec![
                IntervalRow {
                    label: odd.into(),
                    estimate: -0.5,
                    low: -1.0,
                    high: 0.25,
                },
                // Not a number: drawn without a mark, never a panic.
                IntervalRow {
                    label: "nan".into(),
                    estimate: f64::NAN,
                    low: f64::NEG_INFINITY,
                    high: 2.0,
                },
            ],
        })
        .to_html();
    assert!(!page.contains(odd));
    assert!(page.contains("&lt;script&gt;alert(&#39;&amp;&#39;)&lt;/script&gt;"));
    check_self_contained(&page);
}

#[test]
fn the_ladder_balances_seats_and_does_not_depend_on_threads() {
    let dir = scratch("ladder");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (one, two, page) = (path("one.json"), path("two.json"), path("ladder.html"));
    let ladder = [
        "--game",
        "pig",
        "--players",
        "3",
        "--games",
        "12",
        "--seed",
        "3",
        "--ladder",
        "random,mc:3,ismcts:6",
    ];
    let (code, out) = simulate(&[&ladder[..], &["--threads", "1", "--json", &one]].concat());
    assert_eq!(code, 0);
    assert!(out.starts_with("levels of play · pig · 3 players"), "{out}");
    assert!(
        out.contains("ismcts:6  mc:3 ") && out.contains("on 1 thread:"),
        "{out}"
    );
    let (code, _) = simulate(&[&ladder[..], &["--json", &two, "--report", &page]].concat());
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap());
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    for rung in json["rungs"].as_array().unwrap() {
        assert_eq!(rung["games"], 36, "12 games in each of 3 seatings");
        let seats = rung["seat_win_units"].as_array().unwrap();
        assert_eq!(seats.len(), 3);
        let sum: u64 = seats.iter().map(|u| u.as_u64().unwrap()).sum();
        assert_eq!(rung["win_units"], sum);
    }
    let page = std::fs::read_to_string(&page).unwrap();
    check_self_contained(&page);
    assert!(page.contains("Levels of play") && page.contains("ismcts:6 vs mc:3"));
    assert!(page.contains("Elo rating of each level"));
    assert_eq!(json["ladder"], 2);
    assert_eq!(json["ratings"].as_array().unwrap().len(), 3);
    for rung in json["rungs"].as_array().unwrap() {
        // The paired statistics: one entry per game index, every seating decided.
        assert_eq!(rung["paired"]["indices"], 12);
        assert_eq!(rung["paired"]["decided"], 36);
        assert!(rung["win_rate_low"].as_f64() <= rung["win_rate"].as_f64());
    }
    // A round robin meets every pair of levels.
    let (code, out) = simulate(&[&ladder[..], &["--round-robin", "--json", &one]].concat());
    assert_eq!(code, 0, "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&one).unwrap()).unwrap();
    assert_eq!(json["cross"].as_array().unwrap().len(), 1);
    assert!(out.contains("ismcts:6  random (level 1)"), "{out}");
    // A ladder file is not a summary: --from says what it is.
    let Err(message) = program::parse(command::args(&["--from", &one])) else {
        panic!("a ladder file was read as a summary");
    };
    assert!(message.contains("it is a ladder file"), "{message}");
}

#[test]
fn bad_ladders_and_summary_files_are_one_line_errors_before_any_game() {
    let dir = scratch("errors");
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "{}").unwrap();
    let not_json = not_json.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--game", "pig", "--ladder", "random"],
            "at least two agents",
        ),
        (
            &["--game", "pig", "--ladder", "random,alphago"],
            "level 2 of the ladder",
        ),
        (
            &["--game", "pig", "--ladder", "random,mc", "--agents", "mc"],
            "--agents does not apply",
        ),
        (
            &["--game", "pig", "--ladder", "random,mc", "--plot", "x.svg"],
            "--plot does not apply",
        ),
        (&["--from", "/nonexistent/s.json"], "cannot read"),
        (&["--from", not_json], "not a summary file"),
        (
            &["--from", not_json, "--game", "pig"],
            "--game does not apply",
        ),
        (
            &["--game", "pig", "--report", "/nonexistent-dir/r.html"],
            "cannot write",
        ),
    ];
    for (list, expected) in cases {
        let Err(message) = program::parse(args(list)) else {
            panic!("{list:?} was accepted");
        };
        assert!(message.contains(expected), "{list:?}: {message}");
        assert!(!message.contains('\n'), "{list:?}: {message}");
        assert_eq!(simulate(list), (2, String::new()), "{list:?}");
    }
}

/// The report of a run with metrics named shows those alone.
#[test]
fn a_report_shows_only_the_metrics_named() {
    let dir = scratch("chosen");
    let page = dir.join("chosen.html").to_str().unwrap().to_string();
    let (code, out) = simulate(&[
        "--game",
        "pig",
        "--games",
        "30",
        "--metrics",
        "Balance,Stability",
        "--report",
        &page,
    ]);
    assert_eq!(code, 0, "{out}");
    let page = std::fs::read_to_string(&page).unwrap();
    check_self_contained(&page);
    assert!(page.contains("<h2>Metrics</h2>"));
    assert!(
        page.contains("Balance") && page.contains("Ludii: single/stateEvaluation/Stability.java")
    );
    for absent in [
        "AdvantageP1</td>",
        "LeadChange",
        "DecisivenessThreshold",
        "BranchingFactor",
    ] {
        assert!(!page.contains(absent), "{absent}");
    }
}
