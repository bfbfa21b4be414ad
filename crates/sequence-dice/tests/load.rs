//! The loader accepts only states that could arise in play: one test per reason for refusing a
//! saved state, and corrupted copies of real states either refused or playable to the end with
//! every state met reloading equal.

use dicecore::conformance::{count_leaves, leaf_mut, play_out_reloading};
use dicecore::strategy::Plays;
use dicecore::{Dice, FromSetup, Game, Seat};
use sequence_dice::board::Cells;
use sequence_dice::{
    Action, Colour, Config, Error, PositionError, Setup, SetupError, Space, State,
};
use serde_json::{json, Value};

fn sp(name: &str) -> Space {
    Space::parse(name).unwrap_or_else(|| panic!("bad space {name}"))
}

fn cells(names: &[&str]) -> Cells {
    names.iter().map(|n| sp(n).index()).collect()
}

fn indices(names: &[&str]) -> Value {
    json!(names.iter().map(|n| sp(n).index()).collect::<Vec<_>>())
}

/// Two players, green (seat 0) on a1 and b2, blue on c3, seat 0 to move with a 7 rolled, three
/// turns played, as JSON.
fn base() -> Value {
    let c = Config::with_start(2, Seat(0)).unwrap();
    let mut s = State::from_position(
        &c,
        [cells(&["a1", "b2"]), cells(&["c3"]), Cells::EMPTY],
        Seat(0),
    )
    .unwrap();
    s.apply_in_place(&Action::Roll(7)).unwrap();
    let mut v = serde_json::to_value(s).unwrap();
    v["turns"] = json!(3);
    assert!(serde_json::from_value::<State>(v.clone()).is_ok());
    v
}

/// `base()` with the given fields replaced.
fn edited(edits: &[(&str, Value)]) -> Value {
    let mut v = base();
    for (path, value) in edits {
        *v.pointer_mut(path)
            .unwrap_or_else(|| panic!("no field {path}")) = value.clone();
    }
    v
}

/// A finished game: green's row a1..f1 completed by seat 0 on turn 9.
fn won() -> Vec<(&'static str, Value)> {
    vec![
        ("/chips/0", indices(&["a1", "b1", "c1", "d1", "e1", "f1"])),
        ("/roll", Value::Null),
        ("/turns", json!(9)),
        ("/status", json!({"Won": "Green"})),
    ]
}

fn with(
    mut edits: Vec<(&'static str, Value)>,
    more: &[(&'static str, Value)],
) -> Vec<(&'static str, Value)> {
    edits.extend_from_slice(more);
    edits
}

/// Loading `json` fails with exactly `error`.
#[track_caller]
fn refused(json: Value, error: Error) {
    match serde_json::from_value::<State>(json.clone()) {
        Ok(_) => panic!("accepted: {json}"),
        Err(e) => assert_eq!(e.to_string(), error.to_string(), "{json}"),
    }
}

#[test]
fn chips_off_the_board_stacked_of_an_unused_colour_or_too_many() {
    refused(
        edited(&[("/chips/0", json!([0, 40]))]),
        Error::Position(PositionError::ChipOffBoard {
            colour: Colour::Green,
            space: Space(40),
        }),
    );
    refused(
        edited(&[("/chips/1", indices(&["b2"]))]),
        Error::Position(PositionError::SharedSpace(sp("b2"))),
    );
    refused(
        edited(&[("/chips/2", indices(&["d4"]))]),
        Error::Position(PositionError::UnusedColour(Colour::Red)),
    );
    refused(
        edited(&[("/config/chips_per_colour", json!(1))]),
        Error::Position(PositionError::TooManyChips {
            colour: Colour::Green,
            on_board: 2,
            chips: 1,
        }),
    );
    assert_eq!(
        PositionError::ChipOffBoard {
            colour: Colour::Green,
            space: Space(40)
        }
        .to_string(),
        "a green chip lies off the board (space #40)"
    );
}

#[test]
fn the_player_to_move_and_the_turn_count() {
    refused(
        edited(&[("/to_move", json!(2))]),
        Error::Position(PositionError::ToMoveOffTable(Seat(2))),
    );
    refused(
        edited(&[("/turns", json!(1001))]),
        Error::Position(PositionError::TooManyTurns {
            turns: 1001,
            max: 1000,
        }),
    );
    refused(
        edited(&[("/turns", json!(1000))]),
        Error::Position(PositionError::NotDrawnAtLimit(1000)),
    );
    refused(
        edited(&[("/status", json!("Drawn")), ("/roll", Value::Null)]),
        Error::Position(PositionError::DrawBeforeLimit {
            turns: 3,
            max: 1000,
        }),
    );
    let drawn = [
        ("/status", json!("Drawn")),
        ("/roll", Value::Null),
        ("/turns", json!(1000)),
    ];
    assert!(serde_json::from_value::<State>(edited(&drawn)).is_ok());
}

#[test]
fn the_pending_roll() {
    refused(edited(&[("/roll", json!(13))]), Error::NoSuchRoll(13));
    refused(edited(&[("/roll", json!(1))]), Error::NoSuchRoll(1));
    // Blue's only chip is on c3, a 12 space: a 10 has nothing to remove.
    refused(
        edited(&[("/roll", json!(10))]),
        Error::Position(PositionError::RollWithoutChoice {
            seat: Seat(0),
            roll: 10,
        }),
    );
    refused(
        edited(&[("/status", json!("Drawn")), ("/turns", json!(1000))]),
        Error::Position(PositionError::RollAfterTheEnd(7)),
    );
    refused(
        edited(&with(won(), &[("/roll", json!(7))])),
        Error::Position(PositionError::RollAfterTheEnd(7)),
    );
}

#[test]
fn sequences_and_the_winner() {
    let row = indices(&["a1", "b1", "c1", "d1", "e1", "f1"]);
    refused(
        edited(&[("/chips/0", row.clone())]),
        Error::Position(PositionError::UnclaimedSequence(Colour::Green)),
    );
    refused(
        edited(&[
            ("/chips/0", row),
            ("/status", json!("Drawn")),
            ("/roll", Value::Null),
            ("/turns", json!(1000)),
        ]),
        Error::Position(PositionError::UnclaimedSequence(Colour::Green)),
    );
    refused(
        edited(&with(won(), &[("/status", json!({"Won": "Blue"}))])),
        Error::Position(PositionError::UnclaimedSequence(Colour::Green)),
    );
    refused(
        edited(&with(won(), &[("/chips/0", indices(&["a1", "b2"]))])),
        Error::Position(PositionError::WinnerWithoutSequence(Colour::Green)),
    );
    refused(
        edited(&with(
            won(),
            &[
                ("/chips/0", indices(&["a1"])),
                ("/status", json!({"Won": "Red"})),
            ],
        )),
        Error::Position(PositionError::WinnerWithoutSequence(Colour::Red)),
    );
    refused(
        edited(&with(won(), &[("/to_move", json!(1))])),
        Error::Position(PositionError::WinnerNotLastToMove {
            colour: Colour::Green,
            seat: Seat(1),
        }),
    );
    refused(
        edited(&with(won(), &[("/turns", json!(0))])),
        Error::Position(PositionError::WonWithoutATurn),
    );
    // Two separate rows: the game would have ended when the first was made.
    let apart = indices(&[
        "a1", "b1", "c1", "d1", "e1", "f1", "a6", "b6", "c6", "d6", "e6", "f6",
    ]);
    refused(
        edited(&with(won(), &[("/chips/0", apart)])),
        Error::Position(PositionError::SequencesApart(Colour::Green)),
    );
    // A row and a column through a1: one chip on a1 completed both.
    assert!(serde_json::from_value::<State>(edited(&won())).is_ok());
    let crossing = indices(&[
        "a1", "b1", "c1", "d1", "e1", "f1", "a2", "a3", "a4", "a5", "a6",
    ]);
    let crossing = edited(&with(
        won(),
        &[("/chips/0", crossing), ("/chips/1", json!([]))],
    ));
    assert!(serde_json::from_value::<State>(crossing).is_ok());
    // Six in a row with sequences of five: the middle chip completed both fives.
    let five = edited(&with(won(), &[("/config/sequence_length", json!(5))]));
    assert!(serde_json::from_value::<State>(five).is_ok());
}

#[test]
fn config_errors_are_reported_as_such() {
    refused(
        edited(&[("/config/seats", json!(9))]),
        Error::PlayerCount(9),
    );
    refused(
        edited(&[("/config/sequence_length", json!(3))]),
        Error::SequenceLength(3),
    );
    refused(
        edited(&[("/config/max_turns", json!(0))]),
        Error::MaxTurns(0),
    );
}

#[test]
fn the_loader_refusals_are_position_errors() {
    // A saved state that could not arise in play: nested in `Error::Position`, and the message
    // says so before the rule it breaks.
    let json = edited(&[("/to_move", json!(2))]);
    let message = serde_json::from_value::<State>(json)
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "this position could not arise in play: the player to move, seat 2, is not at the table"
    );
    // A position set up by hand: one that could not arise is a `PositionError` too; one that
    // cannot be read at all is a `SetupError`, in `Error::Setup`.
    let c = Config::with_start(2, Seat(0)).unwrap();
    let setup = |green: &[&str], blue: &[&str]| Setup {
        green: green.iter().map(|n| sp(n)).collect(),
        blue: blue.iter().map(|n| sp(n)).collect(),
        red: Vec::new(),
        to_move: Seat(0),
        roll: None,
        turns_played: 0,
    };
    let shared = State::from_setup(&c, &setup(&["a1"], &["a1"])).unwrap_err();
    assert_eq!(
        shared,
        Error::Position(PositionError::SharedSpace(sp("a1")))
    );
    assert_eq!(
        shared.to_string(),
        "this position could not arise in play: two chips lie on a1: a space holds one chip"
    );
    let twice = State::from_setup(&c, &setup(&["a1", "a1"], &[])).unwrap_err();
    assert_eq!(
        twice,
        Error::Setup(SetupError::DuplicateSpace {
            colour: Colour::Green,
            space: sp("a1"),
        })
    );
    assert_eq!(
        twice.to_string(),
        "this setup cannot be read: a1 is listed twice for green"
    );
}

/// Changes the `index`-th number or flag of `v` (a flag is negated) to one of the values
/// picked by `pick`: beside [`mutate_leaf`](dicecore::conformance::mutate_leaf)'s generic
/// ones, this game's bounds (35, the last space, and 36, beyond the board; 1000, the standard
/// turn limit, and 999).
fn corrupt_leaf(v: &mut Value, index: usize, pick: usize) {
    let Some(leaf) = leaf_mut(v, index) else {
        return;
    };
    *leaf = match leaf {
        Value::Bool(b) => Value::Bool(!*b),
        _ => {
            let x = leaf.as_i64().unwrap_or(0);
            json!([x + 1, x - 1, 0, 35, 36, 999, 1000][pick % 7])
        }
    };
}

#[test]
fn corrupted_real_states_are_refused_or_play_to_the_end_reloading_equal() {
    let mut dice = Dice::from_seed(11);
    let (mut loaded, mut tried) = (0, 0);
    let plays = Plays::<State>::new().configs(|seats, seed| {
        Ok({
            let mut c = State::standard_config(seats, seed)?;
            c.max_turns = 30 + 20 * (seed % 6) as u32;
            c.chips_per_colour = 6 + 3 * (seed % 6) as u8;
            c
        })
    });
    plays.unwrap().check_states(1_000, |s| {
        let value = serde_json::to_value(s).unwrap();
        let n = count_leaves(&value);
        for _ in 0..3 {
            let mut bad = value.clone();
            for _ in 0..1 + dice.index(3) {
                corrupt_leaf(&mut bad, dice.index(n), dice.index(7));
            }
            tried += 1;
            if let Ok(state) = serde_json::from_value::<State>(bad) {
                loaded += 1;
                play_out_reloading(&state, &mut dice, 100_000)?;
            }
        }
        Ok(())
    });
    assert!(
        loaded > 100 && loaded < tried,
        "{loaded} of {tried} corrupted states loaded"
    );
}
