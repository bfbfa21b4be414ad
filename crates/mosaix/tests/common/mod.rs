//! Helpers shared by the integration tests.
#![allow(dead_code)]

use dicecore::{Game, Seat, Turn};
use mosaix::{Action, Card, Config, Error, Formation, Grid, Roll, State, Symbol, Tetromino};

pub use Symbol::{Circle as O, Cross as X, Triangle as T};

/// A config with blank cards (no pre-printed symbol), seat 0 rolling first.
pub fn blank_config(seats: u8) -> Config {
    Config {
        seats,
        cards: vec![Card::BLANK; seats as usize],
        first_roller: Seat(0),
        solo_stuck: Default::default(),
    }
}

/// `state` with its cards replaced (through the validated serde form).
pub fn with_grids(state: &State, grids: &[Grid]) -> State {
    let mut v = serde_json::to_value(state).unwrap();
    for (i, g) in grids.iter().enumerate() {
        v["grids"][i] = serde_json::to_value(g).unwrap();
    }
    serde_json::from_value(v).unwrap()
}

/// `state` with `crossed` boxes of the solo scale crossed.
pub fn with_crossed(state: &State, crossed: u8) -> State {
    let mut v = serde_json::to_value(state).unwrap();
    v["crossed"] = crossed.into();
    serde_json::from_value(v).unwrap()
}

/// Rolls `roll` and arranges `formation` (by the roller).
pub fn roll_and_arrange(state: &mut State, roll: [Symbol; 4], formation: Formation) {
    assert_eq!(state.turn(), Turn::Chance);
    state
        .apply_in_place(&Action::Roll(Roll::new(roll)))
        .unwrap();
    let seat = state.roller();
    state
        .apply_in_place(&Action::Arrange { seat, formation })
        .unwrap();
}

/// An I of four symbols.
pub fn i_of(symbols: [Symbol; 4]) -> Formation {
    Formation::canonical(Tetromino::I, symbols)
}

/// Asserts that `action` is refused with `error` and changes nothing, both ways.
pub fn assert_refused(state: &State, action: &Action, error: Error) {
    let mut copy = state.clone();
    assert_eq!(copy.apply_in_place(action), Err(error.clone()), "{action}");
    assert_eq!(&copy, state, "refused {action} changed the state");
    assert_eq!(state.apply(action), Err(error));
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(!legal.contains(action), "refused {action} is listed");
}

/// Parses a grid.
pub fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}
