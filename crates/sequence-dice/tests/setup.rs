//! Positions set up by hand: the `FromSetup` laws along random games, the derived result, one
//! test per refusal, and the setup shown in docs/positions.md.

use dicecore::conformance::{check_setup, run_setup, Settings};
use dicecore::{FromSetup, Game, Seat, Turn};
use sequence_dice::{Colour, Config, Error, Phase, PositionError, Setup, SetupError, Space, State};

fn sp(name: &str) -> Space {
    Space::parse(name).unwrap_or_else(|| panic!("bad space {name}"))
}

fn spaces(names: &[&str]) -> Vec<Space> {
    names.iter().map(|n| sp(n)).collect()
}

fn setup(green: &[&str], blue: &[&str], to_move: u8, roll: Option<u8>, turns: u32) -> Setup {
    Setup {
        green: spaces(green),
        blue: spaces(blue),
        red: Vec::new(),
        to_move: Seat(to_move),
        roll,
        turns_played: turns,
    }
}

fn settings() -> Settings {
    Settings::default().cases(24).deep_every(1)
}

#[test]
fn every_state_met_in_play_round_trips_through_its_setup() {
    run_setup::<State>(&settings());
}

#[test]
fn round_trips_with_small_supplies_short_games_and_the_other_flags() {
    for seats in 2..=4u8 {
        for seed in 0..8u64 {
            let config = {
                let mut c = Config::with_start(seats, Seat((seed % seats as u64) as u8)).unwrap();
                c.chips_per_colour = 4 + (seed % 4) as u8;
                c.max_turns = 30 + 10 * seed as u32;
                c.bonus_without_placement = seed % 2 == 0;
                c.sequence_length = 5 + (seed % 2) as u8;
                c
            };
            check_setup::<State>(&config, seed, &settings())
                .unwrap_or_else(|e| panic!("{seats} players, seed {seed}: {e}"));
        }
    }
}

#[test]
fn the_result_follows_from_the_board_and_the_turns() {
    let c = Config::with_start(2, Seat(0)).unwrap();
    let row = ["a1", "b1", "c1", "d1", "e1", "f1"];
    let won = State::from_setup(&c, &setup(&row, &["c3"], 0, None, 11)).unwrap();
    assert_eq!(won.phase(), Phase::Won(Colour::Green));
    assert_eq!(won.turn(), Turn::Over);
    let drawn = State::from_setup(&c, &setup(&["a1"], &["c3"], 1, None, 1000)).unwrap();
    assert_eq!(drawn.phase(), Phase::Drawn);
    // A win on the last turn is a win.
    let last = State::from_setup(&c, &setup(&row, &[], 0, None, 1000)).unwrap();
    assert_eq!(last.phase(), Phase::Won(Colour::Green));
    let playing = State::from_setup(&c, &setup(&["a1"], &["c3"], 1, Some(7), 2)).unwrap();
    assert_eq!(playing.turn(), Turn::Seat(Seat(1)));
    assert_eq!(playing.pending_roll(), Some(7));
    assert_eq!(playing.turns_played(), 2);
}

#[test]
fn from_position_is_the_setup_about_to_be_rolled_with_no_turns_played() {
    let c = Config::with_start(3, Seat(0)).unwrap();
    let mut s = setup(&["a1", "b2"], &["c3"], 2, None, 0);
    s.red = spaces(&["f6"]);
    let chips = [Colour::Green, Colour::Blue, Colour::Red]
        .map(|colour| s.spaces(colour).iter().map(|x| x.index()).collect());
    assert_eq!(
        State::from_position(&c, chips, Seat(2)),
        State::from_setup(&c, &s)
    );
}

#[test]
fn refusals_of_setups() {
    let c = Config::with_start(2, Seat(0)).unwrap();
    let refused = |s: Setup, e: Error| assert_eq!(State::from_setup(&c, &s), Err(e));
    refused(
        setup(&["a1"], &[], 0, None, 0).tap(|s| s.green.push(Space(36))),
        Error::Position(PositionError::ChipOffBoard {
            colour: Colour::Green,
            space: Space(36),
        }),
    );
    refused(
        setup(&["a1", "b2", "a1"], &[], 0, None, 0),
        Error::Setup(SetupError::DuplicateSpace {
            colour: Colour::Green,
            space: sp("a1"),
        }),
    );
    refused(
        setup(&["a1"], &["a1"], 0, None, 0),
        Error::Position(PositionError::SharedSpace(sp("a1"))),
    );
    refused(
        setup(&["a1"], &[], 0, None, 0).tap(|s| s.red.push(sp("f6"))),
        Error::Position(PositionError::UnusedColour(Colour::Red)),
    );
    refused(
        setup(&[], &[], 2, None, 0),
        Error::Position(PositionError::ToMoveOffTable(Seat(2))),
    );
    refused(
        setup(&[], &[], 0, Some(11), 1000),
        Error::Position(PositionError::RollAfterTheEnd(11)),
    );
    refused(setup(&[], &[], 0, Some(0), 3), Error::NoSuchRoll(0));
    refused(
        setup(&[], &[], 0, Some(10), 3),
        Error::Position(PositionError::RollWithoutChoice {
            seat: Seat(0),
            roll: 10,
        }),
    );
    let row = ["a1", "b1", "c1", "d1", "e1", "f1"];
    refused(
        setup(&row, &[], 1, None, 9),
        Error::Position(PositionError::WinnerNotLastToMove {
            colour: Colour::Green,
            seat: Seat(1),
        }),
    );
    refused(
        setup(&row, &[], 0, None, 0),
        Error::Position(PositionError::WonWithoutATurn),
    );
    refused(
        setup(&row, &["a6", "b6", "c6", "d6", "e6", "f6"], 0, None, 20),
        Error::Position(PositionError::UnclaimedSequence(Colour::Blue)),
    );
    refused(
        setup(&[], &[], 0, None, 1001),
        Error::Position(PositionError::TooManyTurns {
            turns: 1001,
            max: 1000,
        }),
    );
    // Names that are not spaces, in JSON.
    let json =
        r#"{ "green": ["a1", "g7"], "blue": [], "to_move": 0, "roll": null, "turns_played": 0 }"#;
    let e = serde_json::from_str::<Setup>(json).unwrap_err().to_string();
    assert!(
        e.contains(&Error::SpaceName("g7".into()).to_string()),
        "{e}"
    );
    assert_eq!("c2".parse::<Space>(), Ok(sp("c2")));
    assert_eq!("C2 ".parse::<Space>(), Ok(sp("c2")));
    assert_eq!("c7".parse::<Space>(), Err(Error::SpaceName("c7".into())));
}

/// Small helper: change a value in place and return it.
trait Tap: Sized {
    fn tap(mut self, f: impl FnOnce(&mut Self)) -> Self {
        f(&mut self);
        self
    }
}
impl Tap for Setup {}

#[test]
fn spaces_are_named_both_ways() {
    for i in 0..36u8 {
        let space = Space(i);
        assert_eq!(Space::parse(&space.to_string()), Some(space));
        assert_eq!(Space::new(space.row(), space.col()), Some(space));
    }
    assert_eq!(sp("a1"), Space(0));
    assert_eq!(sp("f1"), Space(5));
    assert_eq!(sp("a6"), Space(30));
    assert_eq!(sp("c2").to_string(), "c2");
}

/// The JSON block under "## Sequence Dice" in docs/positions.md.
fn documented_setup() -> String {
    let doc = include_str!("../../../docs/positions.md");
    let section = &doc[doc.find("## Sequence Dice").expect("section")..];
    let start = section.find("```json\n").expect("json block") + "```json\n".len();
    let end = section[start..].find("```").expect("end of block");
    section[start..start + end].to_string()
}

#[test]
fn the_documented_setup_builds_the_rulebook_position() {
    let config = Config::with_start(2, Seat(0)).unwrap();
    let text = documented_setup();
    let setup: Setup = serde_json::from_str(&text).unwrap();
    let state = State::from_setup(&config, &setup).unwrap();
    // All four 7 spaces are taken, two by blue: green must replace one of blue's.
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let names: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    assert_eq!(
        names,
        ["seat 0 places a chip on b5", "seat 0 places a chip on e5"]
    );
    // The doc shows what the code writes.
    let written = serde_json::to_value(state.to_setup()).unwrap();
    let shown: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(written, shown);
}
