//! Companion play in `play`, driven with scripted input: dice typed in from a real table,
//! long lists a page at a time and narrowed by text, Mosaix in steps, files refused before
//! the game, agent specs, the command lines and seats named the same way everywhere.
#[path = "support/scratch.rs"]
mod scratch;
#[path = "../examples/support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use support::menu::{self, Item, Menu, Next};
use support::play::{PlayOptions, PlayReport};
use support::registry::{self, GAMES};
use support::{cli, files};
use tabula::dicecore::AgentSpec;
use tabula::{Game, Replay, Seat};

/// A fresh scratch directory under `target/` for one test.
fn scratch(name: &str) -> PathBuf {
    scratch::dir("test-companion", name)
}

fn play(game: &str, options: &PlayOptions, input: &str) -> (PlayReport, String) {
    let (report, out) = registry::play_scripted(game, options, input);
    (report.unwrap_or_else(|e| panic!("{e}\n{out}")), out)
}

/// One person at seat 0 against random agents, seeded dice unless `manual`.
fn person(seed: u64, manual_dice: bool, save: Option<&Path>) -> PlayOptions {
    PlayOptions {
        seed,
        manual_dice,
        agent: AgentSpec::Random,
        save: save.map(Path::to_path_buf),
        every_board: false,
        ..PlayOptions::default()
    }
}

fn replay<G: Game>(path: &Path) -> Replay<G> {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn typed_dice_are_read_by_the_game_and_a_number_is_never_a_menu_choice() {
    use tabula::sequence_dice::{Action, State};
    let dir = scratch("typed-dice");
    let save = dir.join("sequence-dice.json");
    // Seed 3: seat 1 rolls first. "1" would have been the first outcome of a numbered list;
    // here it is a roll no two dice show. Then 3 + 4, a choice, and the total 12.
    let input = "1\n?\n3+4\n12\nquit\n";
    let (report, out) = play("sequence-dice", &person(3, true, Some(&save)), input);
    assert!(out.contains("a number is the roll itself"), "{out}");
    assert!(
        out.contains("Chance: what came up? Type what the two dice show"),
        "{out}"
    );
    assert!(
        out.contains("'1' is not what the two dice show")
            && out.contains("A number is read as the roll itself, not as a choice from a list"),
        "{out}"
    );
    assert!(out.contains("the dice show 7   (probability 1/6)"), "{out}");
    assert!(out.contains("chance: the dice show 7"), "{out}");
    let replay = replay::<State>(&save);
    let rolls: Vec<Action> = replay
        .actions
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Roll(_)))
        .collect();
    assert_eq!(rolls, vec![Action::Roll(7), Action::Roll(12)], "{out}");
    assert_eq!(report.actions, 3);
}

#[test]
fn mosaix_border_and_pig_rolls_are_typed_in_their_own_words() {
    use tabula::mosaix::{Action, Roll, State, Symbol::*};
    let dir = scratch("typed-symbols");
    let save = dir.join("mosaix.json");
    let (_, out) = play(
        "mosaix",
        &person(3, true, Some(&save)),
        "2\nx ^ o o\nquit\n",
    );
    assert!(out.contains("'2' is not four symbols"), "{out}");
    let first = replay::<State>(&save).actions[0];
    assert_eq!(
        first,
        Action::Roll(Roll::new([Circle, Circle, Triangle, Cross])),
        "{out}"
    );

    // The Border: the colours of the dice in any order; '?' shows the 252 outcomes of five
    // dice a page at a time.
    let (report, out) = play(
        "the-border",
        &person(3, true, None),
        "3\n?\n?\nblue grey green green green\nquit\n",
    );
    assert!(out.contains("the count 3 names no colour"), "{out}");
    assert!(
        out.contains("... 232 more ('?' shows the next 20)"),
        "{out}"
    );
    assert!(out.contains("... 212 more"), "{out}");
    assert!(
        out.contains("chance: the dice show grey green green green blue"),
        "{out}"
    );
    assert_eq!(report.actions, 1);

    let options = PlayOptions {
        humans: vec![0, 1],
        ..person(1, true, None)
    };
    let (report, out) = play("pig", &options, "roll\nseven\nthe die shows 4\nquit\n");
    assert!(
        out.contains("'seven' is not a face of the die, 1 to 6"),
        "{out}"
    );
    assert!(out.contains("chance: the die shows 4"), "{out}");
    assert_eq!(report.actions, 2);
}

/// A flat menu of `n` items `item 1` ... `item n`.
fn items(n: usize) -> Menu<String> {
    Menu::flat("Pick one:", (1..=n).map(|i| format!("item {i}")))
}

fn choose(menu: &Menu<String>, input: &str) -> (Option<String>, String) {
    let mut out = Vec::new();
    let chosen = menu::choose(menu, "you", &mut input.as_bytes(), &mut out).unwrap();
    (chosen, String::from_utf8(out).unwrap())
}

#[test]
fn long_lists_are_shown_a_page_at_a_time_and_narrowed_by_text() {
    let menu = items(45);
    // The first page, Enter for the second and the third, then nothing more.
    let (chosen, out) = choose(&menu, "\n\n\n42\n");
    assert_eq!(chosen.as_deref(), Some("item 42"));
    assert!(
        out.contains("  20) item 20\n  ... 25 more: press Enter to see the next 20"),
        "{out}"
    );
    assert!(
        out.contains("  21) item 21") && out.contains("  45) item 45"),
        "{out}"
    );
    assert!(
        out.contains("... 5 more: press Enter to see the next 5"),
        "{out}"
    );
    assert!(out.contains("Type a number from 1 to 45"), "{out}");
    assert_eq!(out.matches("item 1\n").count(), 1, "{out}");

    // Text several choices contain lists those, keeping their numbers; text only one
    // contains chooses it; case and spaces do not matter.
    let (chosen, out) = choose(&menu, "m 3\nITEM33\n");
    assert_eq!(chosen.as_deref(), Some("item 33"));
    assert!(out.contains("11 choices contain 'm 3'"), "{out}");
    assert!(
        out.contains("  30) item 30") && !out.contains("  29) item 29"),
        "{out}"
    );
    let (chosen, out) = choose(&menu, "nothing\n0\n46\nm 44\n");
    assert_eq!(chosen.as_deref(), Some("item 44"));
    assert!(out.contains("'nothing' is not a number and no choice contains it"));
    assert!(out.contains("There is no choice 0") && out.contains("There is no choice 46"));

    // '?' starts again from the first page; 'quit' and the end of input stop.
    let (chosen, out) = choose(&menu, "\n?\nquit\n");
    assert_eq!(chosen, None);
    assert_eq!(out.matches("Pick one:").count(), 2, "{out}");
    assert_eq!(choose(&menu, "").0, None);
}

#[test]
fn menus_in_steps_open_go_back_and_take_keys() {
    let step = |name: &str, key: &str| Item {
        label: format!("{name}\n  (a picture)"),
        keys: vec![key.to_string()],
        next: Next::Open(Menu::flat(
            format!("{name}, which?"),
            ["one", "two"].map(|x| format!("{name} {x}")),
        )),
    };
    let menu = Menu {
        title: "First:".to_string(),
        items: vec![
            step("left", "l"),
            step("right", "r"),
            Item::action("stop".to_string()),
        ],
        reading: Default::default(),
    };
    assert_eq!(menu.actions().len(), 5);
    let (chosen, out) = choose(&menu, "back\n1\nback\nr\n2\n");
    assert_eq!(chosen.as_deref(), Some("right two"));
    assert!(out.contains("nothing to go back to"), "{out}");
    assert!(out.contains("  1) left\n       (a picture)\n"), "{out}");
    assert!(
        out.contains("('back' returns to the previous step.)"),
        "{out}"
    );
    assert_eq!(out.matches("First:").count(), 2, "{out}");
    // The whole text of an action deeper down chooses it at once.
    assert_eq!(choose(&menu, "Left One\n").0.as_deref(), Some("left one"));
    assert_eq!(choose(&menu, "3\n").0.as_deref(), Some("stop"));
}

#[test]
fn mosaix_menus_in_steps_offer_exactly_the_legal_actions() {
    use proptest::test_runner::TestRunner;
    use tabula::dicecore::strategy;
    use tabula::mosaix::State;
    let stepped = std::cell::Cell::new([0; 5]);
    let mut runner = TestRunner::new(strategy::runner_config(300));
    runner
        .run(&strategy::decisions::<State>(), |d| {
            let state = d.position.state();
            let mut legal = Vec::new();
            state.legal_actions_for(d.seat, &mut legal);
            if let Some(menu) = support::menus::menu(state, d.seat, &legal) {
                let mut counts = stepped.get();
                counts[usize::from(state.seats())] += 1;
                stepped.set(counts);
                let mut offered: Vec<_> = menu.actions().into_iter().copied().collect();
                offered.sort();
                offered.dedup();
                legal.sort();
                proptest::prop_assert_eq!(offered, legal);
                proptest::prop_assert!(menu.items.len() <= 8, "{}", menu.title);
            }
            Ok(())
        })
        .unwrap();
    let stepped = stepped.get();
    assert!(
        stepped[1..].iter().all(|&n| n > 10),
        "menus per player count: {stepped:?}"
    );
}

#[test]
fn a_mosaix_entry_is_chosen_by_turning_then_row_and_column() {
    use tabula::mosaix::{Action, State, Tetromino};
    let dir = scratch("mosaix-steps");
    let save = dir.join("mosaix.json");
    // Seed 3: seat 1 rolls and arranges first; seat 0 turns the formation a quarter turn
    // (choice 2) and puts its top left on row 0, column 0; then, rolling itself, arranges
    // a T ('T', then the first arrangement).
    let (_, out) = play(
        "mosaix",
        &person(3, false, Some(&save)),
        "2\n0 0\nT\n1\nquit\n",
    );
    assert!(out.contains("First, how to turn it?"), "{out}");
    assert!(out.contains("a quarter turn clockwise:"), "{out}");
    assert!(out.contains("Type its row and column"), "{out}");
    assert!(out.contains("First, which shape?"), "{out}");
    let replay = replay::<State>(&save);
    let mut state = State::new(&replay.config).unwrap();
    let (mut entered, mut arranged) = (false, false);
    for action in &replay.actions {
        match action {
            Action::Enter { seat: Seat(0), .. } if !entered => {
                let turns = state.entry_orientations(Seat(0))[1].turns;
                assert_eq!(state.entry_at(Seat(0), turns, 0, 0), Some(*action));
                entered = true;
            }
            Action::Arrange {
                seat: Seat(0),
                formation,
            } => {
                assert_eq!(formation.shape, Tetromino::T);
                arranged = true;
            }
            _ => {}
        }
        state.apply_in_place(action).unwrap();
    }
    assert!(entered && arranged, "{out}");
}

/// A well-formed top left that is refused says why (issue 29): filled cells, off the card.
#[test]
fn a_refused_mosaix_top_left_says_why() {
    // Seed 1, two players: seat 0 enters Z [x o . / . ^ x] as arranged (choice 1); its top
    // left on row 2, column 2 would cover the printed (3, 3).
    let options = PlayOptions {
        seats: Some(2),
        ..person(1, false, None)
    };
    let (_, out) = play("mosaix", &options, "1\n2 2\n9 9\n-9,-9\n0 0\nquit\n");
    for refused in [
        "The top left at row 2, column 2 is refused: the cell (3, 3) is already filled.",
        "The top left at row 9, column 9 is refused: no symbol of the formation, turned this \
         way, lands on the card",
        "The top left at row -9, column -9 is refused: no symbol",
    ] {
        assert!(out.contains(refused), "{refused}\n{out}");
    }
    assert!(!out.contains("no choice contains it"), "{out}");
    assert!(
        out.contains("seat 0 (you): seat 0 enters x at (0, 0), o at (0, 1), ^ at (1, 1)"),
        "{out}"
    );
}

/// An entry printed as hidden is shown once the turn ends and every entry is on the cards
/// (issue 29), before the next roll.
#[test]
fn hidden_mosaix_entries_are_shown_when_the_turn_ends() {
    let options = PlayOptions {
        seats: Some(3),
        ..person(1, false, None)
    };
    let (_, out) = play("mosaix", &options, &"1\n".repeat(12));
    let turns: Vec<&str> = out.split("chance: the dice show").collect();
    assert!(turns.len() > 3, "{out}");
    let mut shown = 0;
    // Every turn but the first (before any roll) and the last (cut short by the input).
    for turn in &turns[1..turns.len() - 1] {
        let hidden: Vec<&str> = turn
            .lines()
            .filter(|l| l.ends_with(": (hidden from you)"))
            .collect();
        let revealed: Vec<&str> = turn
            .lines()
            .filter(|l| l.contains(" (shown now): "))
            .collect();
        assert_eq!(hidden.len(), revealed.len(), "{turn}");
        for (h, r) in hidden.iter().zip(&revealed) {
            let who = h.trim_end_matches(": (hidden from you)");
            assert!(r.starts_with(&format!("{who} (shown now): seat ")), "{r}");
            assert!(r.contains(" enters "), "{r}");
        }
        shown += revealed.len();
    }
    assert!(shown > 0, "{out}");
}

/// The Border at the terminal (issue 29): a legend of the colour letters, `b` narrows the
/// list to blue (it is not `back` where there is no step to go back to), and each segment and
/// space in the list has its colour.
#[test]
fn the_border_reads_colour_letters_and_shows_a_legend() {
    let (_, out) = play("the-border", &person(1, false, None), "b\nblue\nquit\n");
    assert!(
        out.contains(
            "Spaces (colour letter and number, capitals and ## once crossed): a grey, g green, \
             b blue, r red, y yellow, o orange, w white"
        ),
        "{out}"
    );
    assert!(!out.contains("nothing to go back to"), "{out}");
    for typed in ["b", "blue"] {
        let (_, after) = out
            .split_once(&format!("choices for '{typed}'"))
            .unwrap_or_else(|| panic!("{out}"));
        let listed: Vec<&str> = after
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .collect();
        assert!(!listed.is_empty(), "{out}");
        assert!(listed.iter().all(|l| l.contains("blue")), "{after}");
    }
}

/// The Border: a typed number that is both a place in the list and another choice's space
/// or segment is never taken silently (issue 29); `#N` is choice N.
#[test]
fn the_border_asks_which_a_number_means() {
    use support::menu::Next;
    use tabula::the_border::{Action, State};
    use tabula::{Dice, Turn};
    let mut state = State::new(&State::standard_config(3, 4).unwrap()).unwrap();
    let mut dice = Dice::from_seed(4);
    let mut actions = Vec::new();
    let mut checked = 0;
    while checked < 5 && state.turn() != Turn::Over {
        let seat = match state.turn() {
            Turn::Seat(s) => s,
            Turn::Seats(set) => set.first().unwrap(),
            _ => {
                let roll = state.sample_chance(&mut dice).unwrap();
                state.apply_in_place(&roll).unwrap();
                continue;
            }
        };
        state.legal_actions_for(seat, &mut actions);
        let menu = support::menus::menu(&state, seat, &actions).unwrap();
        let pick = |i: usize| match &menu.items[i].next {
            Next::Pick(a) => *a,
            Next::Open(_) => panic!("a flat list"),
        };
        // A number naming another choice's space or segment, within the list's length.
        let clash = menu
            .reading
            .numbers
            .iter()
            .find(|&&(n, i)| n >= 1 && n as usize <= menu.items.len() && n as usize - 1 != i);
        if let Some(&(n, other)) = clash {
            let mut out = Vec::new();
            let chosen = menu::choose(
                &menu,
                "you",
                &mut format!("{n}\n#{}\n", other + 1).as_bytes(),
                &mut out,
            )
            .unwrap();
            let out = String::from_utf8(out).unwrap();
            assert!(
                out.contains(&format!("'{n}' could be choice {n} or the {n} in another choice's text, so nothing is chosen")),
                "{out}"
            );
            assert_eq!(chosen, Some(pick(other)));
            let mut out = Vec::new();
            let chosen =
                menu::choose(&menu, "you", &mut format!("#{n}\n").as_bytes(), &mut out).unwrap();
            assert_eq!(chosen, Some(pick(n as usize - 1)));
            checked += 1;
        }
        // A number past the list naming one choice's space or segment is read as that.
        let beyond = menu.reading.numbers.iter().find(|&&(n, _)| {
            n as usize > menu.items.len()
                && menu.reading.numbers.iter().filter(|m| m.0 == n).count() == 1
        });
        if let Some(&(n, i)) = beyond {
            let mut out = Vec::new();
            let chosen =
                menu::choose(&menu, "you", &mut format!("{n}\n").as_bytes(), &mut out).unwrap();
            let out = String::from_utf8(out).unwrap();
            let note = format!(
                "(There is no choice {n}: {n} read as the {n} in choice {}.)",
                i + 1
            );
            assert!(out.contains(&note), "{out}");
            assert_eq!(chosen, Some(pick(i)));
        }
        // Every space and segment number names its choice's action.
        for &(n, i) in &menu.reading.numbers {
            match pick(i) {
                Action::Complete { segment, .. } => assert_eq!(i128::from(segment), n),
                Action::Cross { space, .. } => assert_eq!(i128::from(space), n),
                other => panic!("{other}"),
            }
        }
        let a = actions[(checked + actions.len() / 2) % actions.len()];
        state.apply_in_place(&a).unwrap();
    }
    assert_eq!(checked, 5, "no clash found in a whole game");
}

#[test]
fn files_that_cannot_be_written_are_refused_before_the_game_starts() {
    let dir = scratch("unwritable");
    let missing = dir.join("no-such-dir").join("game.json");
    for (save, svg) in [
        (Some(missing.clone()), None),
        (Some(dir.clone()), None),
        (None, Some(missing.clone())),
        (None, Some(dir.clone())),
    ] {
        let options = PlayOptions {
            save,
            svg,
            ..person(1, false, None)
        };
        let mut out = Vec::new();
        let err = (registry::find("pig").unwrap().play)(&options, &mut "1\n".as_bytes(), &mut out)
            .unwrap_err();
        assert!(err.starts_with("cannot write the "), "{err}");
        assert!(!err.contains('\n'), "{err}");
        assert!(
            out.is_empty(),
            "the game started: {}",
            String::from_utf8_lossy(&out)
        );
    }
    // Trying a path leaves nothing behind, and an existing file as it was.
    let new = dir.join("new.json");
    files::check_writable(&new, "the replay").unwrap();
    assert!(!new.exists());
    std::fs::write(&new, "keep").unwrap();
    files::check_writable(&new, "the replay").unwrap();
    assert_eq!(std::fs::read_to_string(&new).unwrap(), "keep");
    assert_eq!(
        files::with_name(Path::new("out/boards.svg"), "pig"),
        Path::new("out/boards-pig.svg")
    );
}

fn argv(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn play_args(text: &str) -> Result<PlayOptions, String> {
    cli::play(argv(text)).map(|parsed| parsed.expect("not --help").1)
}

#[test]
fn the_agent_flag_takes_any_agent_spec() {
    let agent = |text: &str| play_args(text).map(|o| o.agent);
    assert_eq!(
        agent("--game pig"),
        Ok(AgentSpec::MonteCarlo { playouts: 200 })
    );
    assert_eq!(agent("--game pig --agent random"), Ok(AgentSpec::Random));
    assert_eq!(
        agent("--game pig --agent mc:5"),
        Ok(AgentSpec::MonteCarlo { playouts: 5 })
    );
    assert_eq!(
        agent("--playouts 7 --game pig"),
        Ok(AgentSpec::MonteCarlo { playouts: 7 })
    );
    let err = agent("--game pig --agent random --playouts 3").unwrap_err();
    assert!(
        err.contains("--playouts") && err.contains("random"),
        "{err}"
    );
    let err = agent("--game pig --agent alphazero").unwrap_err();
    assert!(
        err.starts_with("--agent: unknown agent 'alphazero'"),
        "{err}"
    );
    let err = agent("--game pig --agent mc:0").unwrap_err();
    assert!(err.starts_with("--agent: bad budget"), "{err}");

    let options = PlayOptions {
        humans: vec![],
        agent: AgentSpec::MonteCarlo { playouts: 5 },
        ..person(2, false, None)
    };
    let (report, out) = play("pig", &options, "");
    assert!(report.finished);
    assert!(out.starts_with("pig · 2 players · seed 2 · you watch · others: mc:5 agent"));
}

#[test]
fn bad_command_lines_get_one_line_reasons() {
    let cases = [
        ("", "which game? give --game NAME"),
        ("pig", "unexpected argument 'pig': did you mean --game pig?"),
        (
            "--game pig extra",
            "unexpected argument 'extra' (try --help)",
        ),
        ("--game", "--game needs a value"),
        (
            "--game pig --seats two",
            "--seats expects a number, not 'two'",
        ),
        (
            "--game pig --dice loaded",
            "--dice expects 'manual' or 'seeded'",
        ),
        ("--game pig --colour red", "unknown option --colour"),
        (
            "--game pig --watch --human 1",
            "--watch and --human exclude each other",
        ),
        ("--game pig --brief=yes", "--brief takes no value"),
    ];
    for (line, reason) in cases {
        let err = play_args(line).unwrap_err();
        assert!(err.starts_with(reason), "{line}: {err}");
        assert!(!err.contains('\n'), "{line}: {err}");
    }
    assert!(cli::play(argv("--game pig --help")).unwrap().is_none());
    assert_eq!(
        registry::find("Sequence_Dice").map(|g| g.name),
        Some("sequence-dice")
    );
    assert_eq!(
        registry::find(" kingdom builder").map(|g| g.name),
        Some("kingdom-builder")
    );

    let tour = cli::tour(argv("--game mosaix --svg a.svg --seed 3"))
        .unwrap()
        .unwrap();
    assert_eq!((tour.seed, tour.game.map(|g| g.name)), (3, Some("mosaix")));
    assert_eq!(tour.svg.as_deref(), Some(Path::new("a.svg")));
    assert!(cli::tour(argv("--game chess"))
        .unwrap_err()
        .starts_with("unknown game 'chess'; known games: pig"));
    let replay = cli::replay(argv("a.json --svg b.svg")).unwrap().unwrap();
    assert_eq!(replay.file, Path::new("a.json"));
    assert_eq!(replay.svg.as_deref(), Some(Path::new("b.svg")));
    assert!(cli::replay(argv(""))
        .unwrap_err()
        .starts_with("which replay?"));
    assert!(cli::replay(argv("a b"))
        .unwrap_err()
        .starts_with("give exactly one"));
    assert!(cli::replay(argv("--svg"))
        .unwrap_err()
        .contains("needs a value"));
}

#[test]
fn help_texts_name_every_option() {
    let flags: [(&str, &[&str]); 3] = [
        (cli::TOUR_USAGE, &["seed", "game", "svg", "help"]),
        (
            cli::PLAY_USAGE,
            &[
                "game",
                "seats",
                "human",
                "watch",
                "seed",
                "dice",
                "agent",
                "playouts",
                "save",
                "svg",
                "show-every-move",
                "confirm",
                "brief",
                "help",
            ],
        ),
        (cli::REPLAY_USAGE, &["svg", "help"]),
    ];
    for (usage, names) in flags {
        for name in names {
            assert!(
                usage.contains(&format!("  --{name} ")),
                "--{name}:\n{usage}"
            );
        }
        assert!(usage.lines().all(|l| l.chars().count() <= 96), "{usage}");
    }
}

/// Every `seat N` of `text` names a seat of the table, and no seat is called anything else.
fn seats_named_from_zero(text: &str, seats: u8) -> Result<(), String> {
    let lower = text.to_lowercase();
    for word in ["player 1", "player 0", "p1 ", "seat #"] {
        if lower.contains(word) {
            return Err(format!("'{word}' in:\n{text}"));
        }
    }
    for (i, _) in lower.match_indices("seat ") {
        let digits: String = lower[i + 5..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = digits.parse::<u8>() {
            if n >= seats {
                return Err(format!("seat {n} at a table of {seats}:\n{text}"));
            }
        }
    }
    Ok(())
}

#[test]
fn seats_are_numbered_from_0_everywhere() {
    for entry in GAMES {
        let seats = (*entry.seats.end()).min(3);
        for humans in [vec![], vec![seats - 1]] {
            let options = PlayOptions {
                seats: Some(seats),
                humans,
                max_actions: 300,
                ..person(5, false, None)
            };
            let (_, out) = play(entry.name, &options, &"1\n".repeat(100));
            if let Err(e) = seats_named_from_zero(&out, seats) {
                panic!("{}: {e}", entry.name);
            }
        }
    }
}
