//! Helpers shared by the integration tests.
#![allow(dead_code)]

use dicecore::{Game, Seat, Turn};
use mosaix::{Action, Card, Config, Error, Formation, Grid, Roll, State, Symbol, Tetromino};

pub use Symbol::{Circle as O, Cross as X, Triangle as T};

/// A config with blank cards (no pre-printed symbol), seat 0 rolling first.
pub fn blank_config(seats: u8) -> Config {
    let mut config = Config::with_start(1, Seat(0)).expect("a solo config");
    config.seats = seats;
    config.cards = vec![Card::BLANK; seats as usize];
    config
}

/// `state` with its cards replaced (through the validated serde form), at the first turn that
/// the cards allow ([`settle`]).
pub fn with_grids(state: &State, grids: &[Grid]) -> State {
    let mut v = serde_json::to_value(state).unwrap();
    for (i, g) in grids.iter().enumerate() {
        v["grids"][i] = serde_json::to_value(g).unwrap();
    }
    settle(v)
}

/// `state` with `crossed` boxes of the solo scale crossed, at the turn that the card and the
/// scale give ([`settle`]).
pub fn with_crossed(state: &State, crossed: u8) -> State {
    let mut v = serde_json::to_value(state).unwrap();
    v["crossed"] = crossed.into();
    settle(v)
}

/// Solo: `state` with its card replaced and `crossed` boxes crossed ([`settle`]).
pub fn with_solo(state: &State, grid: Grid, crossed: u8) -> State {
    let mut v = serde_json::to_value(state).unwrap();
    v["grids"][0] = serde_json::to_value(grid).unwrap();
    v["crossed"] = crossed.into();
    settle(v)
}

/// A state's JSON form (before the turn's entries) made to agree with its cards: the turn
/// number is the first that the symbols entered allow (solo: one entry per turn, each entering
/// or dropping 4 symbols), the roller that turn's roller.
pub fn settle(mut v: serde_json::Value) -> State {
    let seats = v["seats"].as_u64().unwrap();
    let crossed = v["crossed"].as_u64().unwrap();
    let mut turns = 0;
    for i in 0..seats as usize {
        let g: Grid = serde_json::from_value(v["grids"][i].clone()).unwrap();
        let card: Card = serde_json::from_value(v["cards"][i].clone()).unwrap();
        let entered = (g.filled_count() - usize::from(card.start_cell.is_some())) as u64;
        turns = turns.max(if seats == 1 {
            (entered + crossed) / 4
        } else {
            entered.div_ceil(4)
        });
    }
    let over = v["phase"]
        .get("Over")
        .is_some_and(|o| o.get("CardClosed").is_some());
    let round = if over { turns.max(1) } else { turns + 1 };
    v["round"] = round.into();
    v["roller"] = ((v["first_roller"].as_u64().unwrap() + round - 1) % seats).into();
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

/// A solo card whose only free cells are (0, 0), (0, 1) and (1, 1): with one free box an I
/// does not fit (it needs three free cells in a line, or drops two), but a T, an L, a J, an S
/// or a Z does (three cells on the card, one over the top or left edge).
pub fn solo_t_only_card() -> Grid {
    grid(
        "..xxxxx
         x.xxxxx
         xxxxxxx
         xxxoxxx
         xxxxxxx
         xxxxxxx
         xxxxxxx",
    )
}

/// A solo card on which an I fits only hanging 3 symbols over the edge: the only free cells
/// are the corners (0, 0) and (0, 6).
pub fn solo_stuck_card() -> Grid {
    corners_free(false)
}

/// A solo card whose only free cells are the four corners: 44 symbols entered (and the
/// printed one), so with 8 boxes crossed this is the fifteenth turn.
pub fn solo_corners_card() -> Grid {
    corners_free(true)
}

/// A card full of crosses around the printed circle but for the two top corners, and the two
/// bottom ones if `bottom`.
fn corners_free(bottom: bool) -> Grid {
    let corner = if bottom { '.' } else { 'x' };
    grid(&format!(
        ".xxxxx.
         xxxxxxx
         xxxxxxx
         xxxoxxx
         xxxxxxx
         xxxxxxx
         {corner}xxxxx{corner}"
    ))
}
