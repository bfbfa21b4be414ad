//! The programs' logic (examples/support): the game registry, tour, replay verification and
//! the terminal game, driven here without a terminal.
#[path = "support/scratch.rs"]
mod scratch;
#[path = "../examples/support/mod.rs"]
mod support;

use std::path::PathBuf;
use support::args::{self, Arg};
use support::play::PlayOptions;
use support::registry::{self, GAMES};
use support::registry::{verify_file, verify_text};
use support::tour::replay_path;
use support::verify::Verdict;
use tabula::dicecore::AgentSpec;

/// A fresh scratch directory under `target/` for one test.
fn scratch(name: &str) -> PathBuf {
    scratch::dir("test-programs", name)
}

fn tour_text(game: &str, seed: u64, dir: &std::path::Path) -> String {
    let entry = registry::find(game).unwrap();
    let report = (entry.tour)(seed, dir).unwrap();
    std::fs::read_to_string(report.path).unwrap()
}

#[test]
fn registry_names_are_unique_and_found() {
    assert!(registry::find("pig").is_some());
    for (i, g) in GAMES.iter().enumerate() {
        assert_eq!(registry::find(g.name).unwrap().name, g.name);
        assert!(
            GAMES[..i].iter().all(|h| h.name != g.name),
            "{} twice",
            g.name
        );
        assert!(!g.seats.is_empty());
    }
    let err = registry::find_or_explain("chess").unwrap_err();
    assert!(err.contains("chess") && err.contains("pig"), "{err}");
}

/// The programs and the simulation know exactly the registry's games, in its order.
#[test]
fn every_surface_lists_the_registry() {
    let registry: Vec<&str> = tabula::games::GAMES.iter().map(|g| g.name).collect();
    let programs: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    let sim: Vec<&str> = tabula::sim::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(programs, registry);
    assert_eq!(sim, registry);
    assert_eq!(tabula::sim::game_names(), registry.join(", "));
    for g in tabula::games::GAMES {
        assert_eq!(tabula::games::find(g.camel).map(|f| f.name), Some(g.name));
        assert_eq!(tabula::games::find(g.snake).map(|f| f.name), Some(g.name));
        assert_eq!(tabula::sim::find(g.name).map(|f| f.name), Ok(g.name));
        assert!(g.title.ends_with('.'), "{}", g.title);
    }
}

#[test]
fn every_game_tours_and_its_replay_verifies() {
    let dir = scratch("tour");
    for entry in GAMES {
        let report = (entry.tour)(7, &dir).unwrap();
        assert_eq!(report.path, replay_path(&dir, entry.name, 7));
        assert!(entry.seats.contains(&report.seats));
        match verify_file(&report.path) {
            Verdict::Verified {
                game,
                actions,
                board,
                outcome,
                ..
            } => {
                assert_eq!(game, entry.name);
                assert_eq!(actions, report.actions);
                assert_eq!(board, report.board);
                assert_eq!(outcome.as_deref(), Some(report.outcome.as_str()));
            }
            other => panic!("{}: {other:?}", entry.name),
        }
        // Same seed, same game.
        let again = (entry.tour)(7, &dir).unwrap();
        assert_eq!((again.actions, again.board), (report.actions, report.board));
    }
}

#[test]
fn an_action_after_the_end_is_reported_at_its_index() {
    let dir = scratch("after-end");
    for entry in GAMES {
        let text = tour_text(entry.name, 3, &dir);
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let actions = value["actions"].as_array_mut().unwrap();
        let len = actions.len();
        let first = actions[0].clone();
        actions.push(first);
        let verdict = verify_text(&value.to_string());
        assert_eq!(verdict.exit_code(), 1);
        match verdict {
            Verdict::Illegal { index, .. } => assert_eq!(index, len, "{}", entry.name),
            other => panic!("{}: {other:?}", entry.name),
        }
    }
}

#[test]
fn a_truncated_replay_verifies_as_unfinished() {
    let dir = scratch("truncated");
    for entry in GAMES {
        let text = tour_text(entry.name, 4, &dir);
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let actions = value["actions"].as_array_mut().unwrap();
        let half = actions.len() / 2;
        actions.truncate(half);
        let verdict = verify_text(&value.to_string());
        match &verdict {
            Verdict::Verified {
                actions, outcome, ..
            } => {
                assert_eq!(*actions, half);
                assert_eq!(*outcome, None);
            }
            other => panic!("{}: {other:?}", entry.name),
        }
        // Said to have stopped after its last action, never shown as the final board.
        let shown = verdict.to_string();
        let stopped = format!("stopped after action {half}.");
        assert!(shown.contains(&stopped), "{shown}");
        assert!(!shown.contains("Final scores"), "{shown}");
        assert_eq!(
            verdict.board_name(),
            format!("the board where the game stopped after action {half}")
        );
    }
    // No action at all: stopped before the first.
    let verdict = verify_text(
        r#"{"game": "pig", "format": 2, "rules": 1, "config": {"seats": 2, "target": 100, "start": 0}, "seed": 0, "actions": []}"#,
    );
    assert!(
        verdict
            .to_string()
            .contains("it stopped before its first action"),
        "{verdict}"
    );
    // A finished game's board is the final one.
    let dir = scratch("finished");
    let finished = verify_text(&tour_text("pig", 4, &dir));
    assert_eq!(finished.board_name(), "the final board");
    assert!(finished.to_string().contains("Final scores:"), "{finished}");
}

#[test]
fn a_corrupted_pig_replay_reports_the_first_illegal_action() {
    let dir = scratch("corrupted-pig");
    let text = tour_text("pig", 42, &dir);
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    // In Pig an action repeated at once is always illegal (a second roll while the die is
    // rolling, a second face, a second hold by the same seat).
    let actions = value["actions"].as_array_mut().unwrap();
    let copy = actions[9].clone();
    actions.insert(10, copy);
    let verdict = verify_text(&value.to_string());
    assert!(
        matches!(verdict, Verdict::Illegal { index: 10, .. }),
        "{verdict:?}"
    );
    let shown = verdict.to_string();
    assert!(shown.contains("action 10"), "{shown}");

    // A die face no die has.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let actions = value["actions"].as_array_mut().unwrap();
    let k = actions.iter().position(|a| a.get("Die").is_some()).unwrap();
    actions[k] = serde_json::json!({ "Die": 7 });
    match verify_text(&value.to_string()) {
        Verdict::Illegal { index, reason, .. } => {
            assert_eq!(index, k);
            assert!(reason.contains("no face 7"), "{reason}");
        }
        other => panic!("{other:?}"),
    }

    // A config the game refuses.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["config"]["seats"] = serde_json::json!(9);
    let verdict = verify_text(&value.to_string());
    assert!(matches!(verdict, Verdict::BadConfig { .. }), "{verdict:?}");
    assert_eq!(verdict.exit_code(), 1);
}

#[test]
fn replay_tells_the_rules_version_and_runs_an_older_file_under_its_reading() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat");
    // Written by the engines of 2026-11-22: rules version 1 of Alea Iacta Est.
    let old = verify_file(&corpus.join("2026-11-22-8b2ec86/alea-iacta-est-2p-seed1.replay.json"));
    assert_eq!(old.exit_code(), 0, "{old}");
    let shown = old.to_string();
    assert!(
        shown.contains("Rules version 1, older than this engine's 3")
            && shown.contains("which this engine keeps"),
        "{shown}"
    );
    let new = verify_file(&corpus.join("2026-11-26-rules-versions/pig-2p-seed1.replay.json"));
    assert!(
        new.to_string().contains("Rules version 1 (this engine's)."),
        "{new}"
    );
    let future = verify_text(
        r#"{"game": "pig", "format": 2, "rules": 7, "config": {"seats": 2, "target": 100, "start": 0}, "seed": 0, "actions": []}"#,
    );
    let line = future.to_string();
    assert!(
        line.contains("rules version 7") && line.contains("version 1") && line.lines().count() == 1,
        "{line}"
    );
}

#[test]
fn unreadable_files_and_unknown_games_are_explained() {
    let cases = [
        "not json at all",
        "[1, 2, 3]",
        r#"{"format": 1, "config": {}, "seed": 0, "actions": []}"#,
        r#"{"game": "pig", "format": 1, "config": "nonsense", "seed": 0, "actions": []}"#,
        r#"{"game": "pig", "format": 99, "config": {"seats": 2, "target": 100, "start": 0}, "seed": 0, "actions": []}"#,
        r#"{"game": "pig", "format": 1, "config": {"seats": 2, "target": 100, "start": 0}, "seed": 0, "actions": [{"Jump": 0}]}"#,
        // A rules version from the future, a format 2 file without one.
        r#"{"game": "pig", "format": 2, "rules": 7, "config": {"seats": 2, "target": 100, "start": 0}, "seed": 0, "actions": []}"#,
        r#"{"game": "pig", "format": 2, "config": {"seats": 2, "target": 100, "start": 0}, "seed": 0, "actions": []}"#,
    ];
    for text in cases {
        let verdict = verify_text(text);
        assert!(
            matches!(verdict, Verdict::Unreadable(_)),
            "{text}: {verdict:?}"
        );
        assert_eq!(verdict.exit_code(), 2);
    }
    let verdict = verify_text(r#"{"game": "chess"}"#);
    assert_eq!(verdict, Verdict::UnknownGame("chess".to_string()));
    assert_eq!(verdict.exit_code(), 2);
    assert!(verdict.to_string().contains("pig"));
    let missing = verify_file(std::path::Path::new("/nonexistent/replay.json"));
    assert_eq!(missing.exit_code(), 2);
}

fn play(
    game: &str,
    options: &PlayOptions,
    input: &str,
) -> (Result<support::play::PlayReport, String>, String) {
    registry::play_scripted(game, options, input)
}

#[test]
fn bad_input_gets_a_message_and_a_new_prompt_and_eof_saves() {
    let dir = scratch("play-eof");
    let save = dir.join("saved.json");
    let options = PlayOptions {
        seed: 5,
        agent: AgentSpec::Random,
        save: Some(save.clone()),
        ..PlayOptions::default()
    };
    let input = "abc\n0\n99999999999999999999999\n\n-3\n?\n1\n2\n";
    let (report, out) = play("pig", &options, input);
    let report = report.unwrap();
    assert!(out.contains("'abc' is not a number"), "{out}");
    assert!(out.contains("There is no choice 0"), "{out}");
    assert!(out.contains("There is no choice -3"), "{out}");
    assert!(out.contains("Type a number from 1 to 2"), "{out}");
    assert!(out.contains("(end of input)"), "{out}");
    assert!(out.contains("Replay saved to"), "{out}");
    assert!(!report.finished);
    assert_eq!(report.saved.as_deref(), Some(save.as_path()));
    match verify_file(&save) {
        Verdict::Verified {
            actions, outcome, ..
        } => {
            assert_eq!(actions, report.actions);
            assert_eq!(outcome, None);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_person_can_play_pig_to_the_end_by_number_and_by_text() {
    // Always roll: the game ends (someone reaches 100) well within this many answers.
    let input = "roll\n1\n".repeat(2_000);
    let options = PlayOptions {
        seed: 11,
        agent: AgentSpec::Random,
        every_board: false,
        ..PlayOptions::default()
    };
    let (report, out) = play("pig", &options, &input);
    let report = report.unwrap();
    assert!(report.finished, "{out}");
    assert!(out.contains("Game over"), "{out}");
    assert!(report.winners.is_some());
}

#[test]
fn agents_alone_play_deterministically_for_a_seed() {
    for agent in [
        AgentSpec::MonteCarlo { playouts: 16 },
        AgentSpec::Random,
        AgentSpec::Ismcts { iterations: 16 },
    ] {
        let options = PlayOptions {
            seed: 9,
            humans: vec![],
            agent,
            ..PlayOptions::default()
        };
        let (a, out_a) = play("pig", &options, "");
        let (b, out_b) = play("pig", &options, "");
        assert!(a.as_ref().unwrap().finished);
        assert_eq!(a, b);
        assert_eq!(out_a, out_b);
    }
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    let too_many = PlayOptions {
        seats: Some(9),
        ..PlayOptions::default()
    };
    let (r, _) = play("pig", &too_many, "");
    assert!(r.unwrap_err().contains("2 to 6 players"));
    let no_such_seat = PlayOptions {
        seats: Some(3),
        humans: vec![3],
        ..PlayOptions::default()
    };
    let (r, _) = play("pig", &no_such_seat, "");
    assert!(r.unwrap_err().contains("no seat 3"));
}

#[test]
fn arguments_parse_by_hand() {
    let argv = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let parsed = args::parse(
        argv("--seed 5 --game=pig file --help"),
        &["seed", "game"],
        &["help"],
    );
    assert_eq!(
        parsed.unwrap(),
        vec![
            Arg::Flag("seed".into(), Some("5".into())),
            Arg::Flag("game".into(), Some("pig".into())),
            Arg::Positional("file".into()),
            Arg::Flag("help".into(), None),
        ]
    );
    assert!(args::parse(argv("--seed"), &["seed"], &[])
        .unwrap_err()
        .contains("needs a value"));
    assert!(args::parse(argv("--colour red"), &["seed"], &[])
        .unwrap_err()
        .contains("unknown option"));
    assert!(args::parse(argv("--help=1"), &[], &["help"]).is_err());
    assert!(args::number::<u64>("seed", "x")
        .unwrap_err()
        .contains("--seed"));
    assert_eq!(args::number::<u8>("seats", " 4 "), Ok(4));
}

#[test]
fn typed_text_picks_the_exact_or_the_only_matching_choice() {
    use support::menu::find_text;
    let texts: Vec<String> = ["seat 0 rolls", "seat 0 holds", "the die shows 1"]
        .map(String::from)
        .to_vec();
    assert_eq!(find_text(&texts, "SEAT 0 HOLDS"), Ok(1));
    assert_eq!(find_text(&texts, "roll"), Ok(0));
    assert_eq!(find_text(&texts, "seat 0"), Err(vec![0, 1]));
    assert_eq!(find_text(&texts, "jump"), Err(vec![]));
    // Case and spaces do not matter.
    assert_eq!(find_text(&texts, "Seat0Holds"), Ok(1));
}

#[test]
fn a_person_sees_only_what_their_seat_may_know() {
    use tabula::alea_iacta_est::{Phase, State};
    use tabula::{Game, Replay, Seat};
    let dir = scratch("play-hidden");
    let save = dir.join("alea.json");
    let options = PlayOptions {
        seats: Some(4),
        seed: 3,
        agent: AgentSpec::Random,
        save: Some(save.clone()),
        ..PlayOptions::default()
    };
    let (report, out) = play("alea-iacta-est", &options, &"1\n".repeat(60));
    assert!(!report.unwrap().finished);
    // Until input ends, only seat 0's view is shown; then the whole table.
    let (during, after) = out
        .split_once("The whole table, nothing hidden:")
        .expect("the table at the end");
    assert!(during.contains("seat 0's view"), "{during}");
    assert!(!during.contains("score"), "{during}");
    for line in during.lines().filter(|l| l.contains("(drawn ")) {
        assert_eq!(
            line.starts_with("  seat 0:"),
            line.contains("(drawn ["),
            "{line}"
        );
    }
    for seat in 1..4 {
        assert!(after.contains(&format!("  seat {seat}: ")), "{after}");
    }
    // Every Fortuna tile drawn by another seat was printed without its value.
    let text = std::fs::read_to_string(&save).unwrap();
    let replay: Replay<State> = serde_json::from_str(&text).unwrap();
    let mut state = State::new(&replay.config).unwrap();
    let (mut mine, mut theirs) = (0, 0);
    for action in &replay.actions {
        if let Phase::DrawFortuna { seat, .. } = state.phase() {
            if seat == Seat(0) {
                mine += 1;
            } else {
                theirs += 1;
            }
        }
        state.apply_in_place(action).unwrap();
    }
    assert!(
        theirs > 0,
        "no Fortuna tile drawn by another seat: play longer"
    );
    assert_eq!(during.matches("a Fortuna tile of value").count(), mine);
    assert!(during.matches("chance: (hidden from you)").count() >= theirs);
}

#[test]
fn several_people_at_one_terminal_each_see_their_own_view() {
    let options = PlayOptions {
        seats: Some(3),
        humans: vec![0, 2],
        seed: 3,
        agent: AgentSpec::Random,
        every_board: false,
        ..PlayOptions::default()
    };
    let (report, out) = play("kingdom-builder", &options, &"1\n".repeat(30));
    report.unwrap();
    let (during, _) = out.split_once("The whole table").unwrap();
    for seat in [0, 2] {
        assert!(
            during.contains(&format!("seat {seat}'s view (the others look away):")),
            "{during}"
        );
    }
    assert!(during.contains("(hidden from seat 0)"), "{during}");
    // Each prompt follows the view of the seat asked.
    for (i, _) in during.match_indices("Your move, seat ") {
        let seat = &during[i + 16..i + 17];
        let view = during[..i].rfind("'s view:").unwrap();
        assert_eq!(&during[view - 1..view], seat, "{during}");
    }
}

#[test]
fn agents_alone_show_the_full_state() {
    let options = PlayOptions {
        seats: Some(4),
        seed: 2,
        humans: vec![],
        agent: AgentSpec::Random,
        ..PlayOptions::default()
    };
    let (report, out) = play("alea-iacta-est", &options, "");
    assert!(report.unwrap().finished);
    assert!(!out.contains("'s view"), "{out}");
    assert!(!out.contains("hidden from"), "{out}");
    // Only the whole table shows every seat's score (a view shows none while the game runs).
    assert!(
        out.contains("seat 0: ") && out.contains(", score "),
        "{out}"
    );
}

/// The tour's closing hints name the game just shown (issue 29: they named the registry's
/// first game whatever was shown).
#[test]
fn the_tour_hints_name_the_game_just_shown() {
    let dir = scratch("hints");
    let entry = registry::find("mosaix").unwrap();
    let report = (entry.tour)(5, &dir).unwrap();
    let [check, play] = support::tour::closing_hints(report.name, &report.path);
    assert!(check.contains("mosaix-seed5.json"), "{check}");
    assert!(play.ends_with("--game mosaix"), "{play}");
}

/// Castrum sets can be typed without the sign `×` (issue 29): `1 x 6`, `1x6`, `1X6`.
#[test]
fn castrum_sets_are_found_without_the_times_sign() {
    use support::menu::find_text;
    let texts = [
        "seat 0 places a new set of 2 × 6 in the Castrum".to_string(),
        "seat 0 places a new set of 1 × 6 in the Castrum".to_string(),
    ];
    for typed in ["1 x 6", "1x6", "1X6", "1 × 6", "set of 1x6"] {
        assert_eq!(find_text(&texts, typed), Ok(1), "{typed}");
    }
    assert_eq!(find_text(&texts, "x 6"), Err(vec![0, 1]));
}

/// Sequence Dice says, at a roll of 2 or 12, that a placement earns another turn (issue 29),
/// and at no other roll.
#[test]
fn sequence_dice_announces_the_extra_turn_after_a_2_or_12() {
    let options = PlayOptions {
        seed: 3,
        agent: AgentSpec::Random,
        ..PlayOptions::default()
    };
    let (_, out) = play("sequence-dice", &options, &"1\n".repeat(100));
    let extra = "then roll again (a 2 or 12 earns an extra turn)";
    assert!(
        out.contains(&format!(
            "seat 0 (green) rolled 2: place a chip on a free 2 space, {extra}"
        )),
        "{out}"
    );
    for line in out.lines().filter(|l| l.contains(" rolled ")) {
        let bonus = line.contains(" rolled 2:") || line.contains(" rolled 12:");
        assert_eq!(line.contains(extra), bonus, "{line}");
    }
}

/// The tour says that Pig, the registry's first game, is a small example beside the other
/// games, counted from the registry, and says nothing of it when Pig is not played.
#[test]
fn the_tour_says_pig_is_a_small_example_beside_the_registered_games() {
    use support::tour::{in_words, in_words_ordinal, pig_note};
    let all: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    let (count, place) = (in_words(all.len() - 1), in_words_ordinal(all.len()));
    let note = pig_note(&all).unwrap();
    assert!(
        note.starts_with(&format!(
            "The {count} games, and Pig, played first as a {place}, small example"
        )),
        "{note}"
    );
    let some = pig_note(&["pig", "mosaix", "the-border"]).unwrap();
    assert!(
        some.starts_with(&format!("Two of the {count} games, and Pig")),
        "{some}"
    );
    let only = pig_note(&["pig"]).unwrap();
    assert!(
        only.starts_with(&format!(
            "Pig is not one of the {count} games: it is a {place}, small example"
        )),
        "{only}"
    );
    assert_eq!(pig_note(&["mosaix"]), None);
    assert_eq!(
        (in_words(5), in_words_ordinal(6)),
        ("five".into(), "sixth".into())
    );
    assert_eq!(
        (in_words(13), in_words_ordinal(13)),
        ("13".into(), "13th".into())
    );
    let usage = support::cli::TOUR_USAGE
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        usage.contains("(Pig first, as a small example beside the others)"),
        "{usage}"
    );
}

/// README.md is the one place that counts the games in words ("for five tabletop games"), and
/// its count is the registry's (Pig, dicecore's small example, aside); its table has a row per
/// game.
#[test]
fn the_readme_counts_the_registered_games() {
    use support::tour::in_words;
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let games = GAMES.len() - 1;
    let count = format!("rules engines for {} tabletop games", in_words(games));
    assert!(readme.contains(&count), "README.md should say {count:?}");
    for game in GAMES.iter().filter(|g| g.name != "pig") {
        assert!(
            readme.contains(&format!("| `{}` |", game.name)),
            "no row for {}",
            game.name
        );
    }
}

/// A person's decision with exactly one legal choice is taken without asking, with a note on
/// the line saying what was taken; `--confirm` asks anyway.
#[test]
fn a_single_legal_choice_is_taken_without_asking_unless_confirm() {
    use support::play::ONLY_CHOICE;
    let options = PlayOptions {
        seed: 3,
        agent: AgentSpec::Random,
        max_actions: 400,
        ..PlayOptions::default()
    };
    let (report, out) = play("sequence-dice", &options, &"1\n".repeat(400));
    report.unwrap();
    let noted: Vec<&str> = out.lines().filter(|l| l.contains(ONLY_CHOICE)).collect();
    assert!(!noted.is_empty(), "no single choice in this game: {out}");
    for line in &noted {
        // Said on the action's own line, with the action: no prompt, no menu before it.
        assert!(line.starts_with("seat 0 (you): seat 0 "), "{line}");
        assert!(!line.contains("> "), "{line}");
    }
    let lines: Vec<&str> = out.lines().collect();
    for (i, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(ONLY_CHOICE))
    {
        assert!(!lines[i - 1].starts_with("  1) "), "a menu before: {line}");
    }
    // With --confirm, every decision is asked: no note, and a menu of one choice is shown.
    let confirm = PlayOptions {
        confirm: true,
        ..options
    };
    let (report, out) = play("sequence-dice", &confirm, &"1\n".repeat(400));
    report.unwrap();
    assert!(!out.contains(ONLY_CHOICE), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines
            .windows(2)
            .any(|w| w[0].starts_with("  1) ") && !w[1].starts_with("  2) ")),
        "no menu of one choice: {out}"
    );
}

/// By default the board is printed once before each of the person's decisions and at the
/// end, the other seats' actions one line each; `--show-every-move` prints it after every
/// action.
#[test]
fn the_board_is_shown_before_each_decision_unless_every_move_is_asked() {
    let options = PlayOptions {
        seed: 3,
        agent: AgentSpec::Random,
        ..PlayOptions::default()
    };
    let input = "roll\n".repeat(60);
    let board = "Pig to 100 points";
    let (report, out) = play("pig", &options, &input);
    let report = report.unwrap();
    let boards = out.matches(board).count();
    let decisions = out.matches("Your move, seat 0:").count();
    // The first board, one before each decision, the whole table at the end.
    assert!(decisions > 5, "{out}");
    assert!(
        boards <= decisions + 2,
        "{boards} boards, {decisions} decisions:\n{out}"
    );
    // Every board but the first and the last is followed by the person's menu.
    let (during, _) = out.rsplit_once("The whole table, nothing hidden:").unwrap();
    let (_, during) = during.split_once(board).unwrap();
    for (i, _) in during.match_indices(board) {
        let next = &during[i..];
        let menu = next.find("Your move, seat 0:").unwrap();
        assert!(!next[..menu].contains(" rolls\n"), "{next}");
    }
    let every = PlayOptions {
        every_board: true,
        ..options
    };
    let (again, out) = play("pig", &every, &input);
    let again = again.unwrap();
    assert_eq!(again.actions, report.actions);
    assert!(out.matches(board).count() > again.actions, "{out}");
}

/// The command line: `--show-every-move` and `--confirm`, both off by default; `--brief` (the
/// default now) is still read, but not with `--show-every-move`.
#[test]
fn play_reads_show_every_move_and_confirm() {
    use support::cli;
    let argv = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let (_, plain) = cli::play(argv("--game pig")).unwrap().unwrap();
    assert!(!plain.every_board && !plain.confirm);
    let (_, both) = cli::play(argv("--game pig --show-every-move --confirm"))
        .unwrap()
        .unwrap();
    assert!(both.every_board && both.confirm);
    let (_, brief) = cli::play(argv("--game pig --brief")).unwrap().unwrap();
    assert!(!brief.every_board);
    assert!(cli::play(argv("--game pig --brief --show-every-move"))
        .unwrap_err()
        .contains("exclude each other"));
    for flag in ["--show-every-move", "--confirm"] {
        assert!(cli::PLAY_USAGE.contains(&format!("  {flag} ")), "{flag}");
    }
}

/// Mosaix's table in `play` has a legend of its symbols and says why a small area scores
/// nothing, as the rules document gives the rule (areas under 5 cells score nothing); other
/// games' boards get none.
#[test]
fn the_mosaix_table_has_a_legend_and_says_why_small_areas_score_nothing() {
    use support::play::MOSAIX_LEGEND;
    let rules = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules/mosaix.md"),
    )
    .unwrap();
    let rules = rules.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        rules.contains("areas under 5 cells score nothing")
            && rules.contains("(areas with ≥ 5 cells) × (cells in those areas)"),
        "docs/rules/mosaix.md changed its scoring rule: change the legend with it"
    );
    let legend = MOSAIX_LEGEND
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for words in [
        "o circle, ^ triangle, x cross, . empty cell",
        "areas of 5 or more cells × the cells in those areas",
        "an area of fewer than 5 cells scores nothing",
        "not diagonally",
    ] {
        assert!(legend.contains(words), "{words}: {legend}");
    }
    let options = PlayOptions {
        seed: 3,
        agent: AgentSpec::Random,
        ..PlayOptions::default()
    };
    let (report, out) = play("mosaix", &options, "1\n1\n");
    report.unwrap();
    let first = MOSAIX_LEGEND.lines().next().unwrap();
    // Under every board: the view before a decision, and the whole table at the end.
    let boards = out.matches("Mosaix, turn ").count();
    assert!(boards >= 3, "{out}");
    assert_eq!(out.matches(first).count(), boards, "{out}");
    for (i, _) in out.match_indices(first) {
        let before = out[..i].trim_end().lines().last().unwrap();
        assert!(
            before.ends_with("'s view")
                || before.contains("'s view: ")
                || before.starts_with("  6 "),
            "{before}"
        );
    }
    // A solo card adds its free boxes.
    let solo = PlayOptions {
        seats: Some(1),
        ..options
    };
    let (_, out) = play("mosaix", &solo, "quit\n");
    assert!(out.contains("Solo: plus 1 point per free box"), "{out}");
    let (_, out) = play("pig", &PlayOptions::default(), "quit\n");
    assert!(!out.contains("Legend:"), "{out}");
}
