//! The loader accepts only states that could arise in play: one test per reason a saved state
//! is refused, and corrupted states from random games that load play on to states that reload.
mod common;

use common::*;
use dicecore::conformance::{corrupt, count_leaves, mutate_leaf, play_out_reloading};
use dicecore::strategy::Plays;
use dicecore::{Dice, FromSetup, Game, Seat, SeatSet, Turn};
use mosaix::{Action, Cell, Error, Grid, PositionError, SetupError, SetupPhase, SoloStuck, State};
use serde_json::{json, Value};

/// Asserts that the JSON state is refused with `error` (a [`PositionError`] is nested in
/// [`Error::Position`]).
fn refused(v: Value, error: impl Into<Error>) {
    let error: Error = error.into();
    match serde_json::from_value::<State>(v) {
        Ok(_) => panic!("accepted, expected: {error}"),
        Err(e) => assert!(
            e.to_string().contains(&error.to_string()),
            "refused with {e}, expected {error}"
        ),
    }
}

fn json_of(s: &State) -> Value {
    serde_json::to_value(s).unwrap()
}

/// Two players, standard cards, seat 0 rolls first.
fn two() -> State {
    let mut config = State::standard_config(2, 0).unwrap();
    config.first_roller = Seat(0);
    State::new(&config).unwrap()
}

/// Two players entering an I of `o o ^ x`.
fn entering() -> State {
    let mut s = two();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    s
}

/// [`entering`] after seat 0 entered the I in row 0.
fn entered_row0() -> State {
    let mut s = entering();
    s.apply_in_place(&Action::Enter {
        seat: Seat(0),
        marks: row0(),
    })
    .unwrap();
    s
}

fn row0() -> mosaix::Marks {
    mosaix::Marks::from_cells((0..4).map(|c| (Cell::new(0, c), [O, O, T, X][c as usize]))).unwrap()
}

fn grid_with(cells: &[(u8, u8)]) -> Grid {
    let mut g = Grid::EMPTY;
    g.write(Cell::CENTRE, O);
    for &(r, c) in cells {
        g.write(Cell::new(r, c), X);
    }
    g
}

#[test]
fn seats_beyond_the_table_are_blank() {
    let mut v = json_of(&two());
    v["cards"][3] = json!({"start_cell": {"row": 0, "col": 0}, "start_symbol": "Cross"});
    refused(v, PositionError::BeyondTheTable(Seat(3)));
    let mut v = json_of(&two());
    v["grids"][2] = json!([[1], [], []]);
    refused(v, PositionError::BeyondTheTable(Seat(2)));
}

#[test]
fn turns_and_roller() {
    let mut v = json_of(&two());
    v["round"] = 0.into();
    refused(v, PositionError::TurnZero);
    let mut v = json_of(&two());
    v["roller"] = 1.into();
    refused(
        v,
        PositionError::RollerOutOfTurn {
            round: 1,
            roller: Seat(1),
            expected: Seat(0),
        },
    );
}

/// The loader's refusals are nested: a saved state that could not arise in play is refused
/// with [`Error::Position`], and so is a setup describing one; a setup that cannot be read is
/// refused with [`Error::Setup`]. Each message says which.
#[test]
fn the_loader_refusals_are_position_errors() {
    let mut v = json_of(&two());
    v["round"] = 0.into();
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(
        e.contains("this position could not arise in play: turns are numbered from 1"),
        "{e}"
    );
    let config = two().config().clone();
    let mut setup = two().to_setup();
    setup.round = 0;
    let e = State::from_setup(&config, &setup).unwrap_err();
    assert_eq!(e, Error::Position(PositionError::TurnZero));
    assert_eq!(
        e.to_string(),
        "this position could not arise in play: turns are numbered from 1"
    );
    let mut setup = two().to_setup();
    setup.phase = SetupPhase::Arrange;
    let e = State::from_setup(&config, &setup).unwrap_err();
    assert_eq!(e, Error::Setup(SetupError::NoRoll));
    assert_eq!(
        e.to_string(),
        "this setup cannot be read: the roller arranges a roll: give the four symbols rolled"
    );
}

/// The turn number stops at `u32::MAX` (with passes a game can in principle go on that long);
/// the dice still pass, so any roller is accepted there and every next state reloads.
#[test]
fn the_turn_number_stops_at_its_maximum() {
    let mut v = json_of(&two());
    v["round"] = (u32::MAX - 1).into();
    v["roller"] = 1.into();
    let mut s: State = serde_json::from_value(v).unwrap();
    let mut dice = Dice::from_seed(3);
    let mut scratch = Vec::new();
    for _ in 0..40 {
        let a = match s.turn() {
            Turn::Over => break,
            Turn::Chance => s.sample_chance(&mut dice).unwrap(),
            t => {
                let seat = t.next_seat().unwrap();
                s.sample_action(seat, &mut dice, &mut scratch).unwrap()
            }
        };
        s.apply_in_place(&a).unwrap();
        let back: State = serde_json::from_value(json_of(&s)).unwrap();
        assert_eq!(back, s);
    }
    assert_eq!(s.round(), u32::MAX);
}

#[test]
fn the_scale() {
    let solo = State::new(&State::standard_config(1, 0).unwrap()).unwrap();
    let mut v = json_of(&solo);
    v["crossed"] = 9.into();
    refused(v, PositionError::ScaleOverflow(9));
    let mut v = json_of(&two());
    v["crossed"] = 1.into();
    refused(v, PositionError::ScaleNotSolo(2));
}

#[test]
fn printed_symbols_stay() {
    let mut v = json_of(&two());
    v["grids"][0] = json!([[], [], []]);
    refused(v, PositionError::PrintedSymbolMissing(Seat(0)));
    // An entry of this turn recorded over the printed circle.
    let s = entered_row0();
    let mut v = json_of(&s);
    v["entries"][0] = json!([[0, 1, 24], [2], [3]]);
    v["grids"][0] = json!([[0, 1, 24], [2], [3]]);
    refused(v, PositionError::PrintedSymbolMissing(Seat(0)));
}

#[test]
fn at_most_four_symbols_per_turn() {
    let mut v = json_of(&two());
    v["grids"][1] =
        serde_json::to_value(grid_with(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)])).unwrap();
    // Seat 1 prints a triangle; the grid above prints a circle.
    v["cards"][1] = json!({"start_cell": {"row": 3, "col": 3}, "start_symbol": "Circle"});
    refused(
        v.clone(),
        PositionError::TooManySymbols {
            seat: Seat(1),
            cells: 5,
            turns: 0,
        },
    );
    // In the third turn (roller seat 0 again) it could be so.
    v["round"] = 3.into();
    assert!(serde_json::from_value::<State>(v).is_ok());
}

#[test]
fn solo_symbols_and_boxes_add_up() {
    let config = State::standard_config(1, 0).unwrap();
    let solo = State::new(&config).unwrap();
    // One symbol entered, nothing dropped: not a whole formation.
    let mut v = json_of(&solo);
    v["grids"][0] = serde_json::to_value(grid_with(&[(0, 0)])).unwrap();
    refused(
        v.clone(),
        PositionError::ScaleMismatch {
            entered: 1,
            crossed: 0,
            turns: 0,
            passes: false,
        },
    );
    // With three boxes crossed it is one entry, in the second turn.
    v["crossed"] = 3.into();
    v["round"] = 2.into();
    let one: State = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(one.free_boxes(), Some(5));
    // One entry in two turns: only with passes.
    v["round"] = 3.into();
    refused(
        v.clone(),
        PositionError::ScaleMismatch {
            entered: 1,
            crossed: 3,
            turns: 2,
            passes: false,
        },
    );
    v["solo_stuck"] = json!("Pass");
    assert!(serde_json::from_value::<State>(v).is_ok());
    // Four boxes crossed and nothing entered: an entry enters at least one symbol.
    let mut v = json_of(&solo);
    v["crossed"] = 4.into();
    v["round"] = 2.into();
    refused(
        v,
        PositionError::ScaleMismatch {
            entered: 0,
            crossed: 4,
            turns: 1,
            passes: false,
        },
    );
}

#[test]
fn entries_of_this_turn() {
    let s = entered_row0();
    // Not on the card.
    let mut v = json_of(&s);
    v["grids"][0] = json!([[24], [], []]);
    refused(v, PositionError::EntryNotOnCard(Seat(0)));
    // Of a player who has not entered.
    let mut v = json_of(&s);
    v["phase"]["Enter"]["pending"] = 3.into();
    refused(v, PositionError::EntryOutOfTurn(Seat(0)));
    // Outside the entering phase.
    let mut v = json_of(&two());
    v["grids"][0] = json!([[0, 1, 24], [2], [3]]);
    v["entries"][0] = json!([[0, 1], [2], [3]]);
    refused(v, PositionError::EntryOutOfTurn(Seat(0)));
    // Not the formation.
    let mut v = json_of(&s);
    v["grids"][0] = json!([[0, 1, 2, 24], [], [3]]);
    v["entries"][0] = json!([[0, 1, 2], [], [3]]);
    refused(v, PositionError::EntryNotTheFormation(Seat(0)));
    // A pass although the formation fits.
    let mut v = json_of(&entering());
    v["phase"]["Enter"]["pending"] = 2.into();
    refused(v, PositionError::PassedButFits(Seat(0)));
    // Nobody, or somebody not at the table, still to enter.
    for bits in [0u16, 4] {
        let mut v = json_of(&entering());
        v["phase"]["Enter"]["pending"] = bits.into();
        refused(
            v,
            PositionError::PendingNotPlayers(SeatSet::from_bits(bits)),
        );
    }
}

#[test]
fn the_roll_and_the_formation_of_the_turn() {
    let mut v = json_of(&two());
    v["phase"] = json!({"Arrange": ["Cross", "Circle", "Circle", "Circle"]});
    refused(v, Error::RollNotSorted);
    let mut v = json_of(&entering());
    v["phase"]["Enter"]["formation"]["symbols"] = json!(["Cross", "Triangle", "Circle", "Circle"]);
    refused(v, Error::NotCanonical);
}

/// A card whose only free cell is the walled-in (1, 1): closed.
fn closed_card() -> Grid {
    let mut g = grid(
        "ooooooo
         o.ooooo
         ooooooo
         ooooooo
         ooooooo
         ooooooo
         ooooooo",
    );
    g.write(Cell::CENTRE, O);
    g
}

#[test]
fn the_end_of_the_game() {
    // 47 symbols entered: at least 12 turns played.
    let mut v = json_of(&two());
    v["grids"][0] = serde_json::to_value(closed_card()).unwrap();
    v["round"] = 13.into();
    v["roller"] = 0.into();
    // A closed card while the game goes on: the game ended after the last turn.
    refused(v.clone(), PositionError::ClosedButGoesOn(Seat(0)));
    // Over on exactly that card, after the twelfth turn.
    v["round"] = 12.into();
    v["roller"] = 1.into();
    v["phase"] = json!({"Over": {"CardClosed": 1}});
    assert!(serde_json::from_value::<State>(v.clone()).is_ok());
    v["phase"] = json!({"Over": {"CardClosed": 3}});
    refused(
        v,
        PositionError::ClosedCards {
            recorded: SeatSet::from_bits(3),
            closed: SeatSet::from_bits(1),
        },
    );
    // Only the solo player ends a game early.
    let mut v = json_of(&two());
    v["phase"] = json!({"Over": "PlayerEnded"});
    refused(v, PositionError::EndedEarlyNotSolo);
    // Solo: ended by the player in the thirteenth turn, on a card closed after the twelfth.
    let solo = State::new(&State::standard_config(1, 0).unwrap()).unwrap();
    let mut v = json_of(&solo);
    v["grids"][0] = serde_json::to_value(closed_card()).unwrap();
    v["crossed"] = 1.into();
    v["round"] = 13.into();
    v["phase"] = json!({"Over": "PlayerEnded"});
    refused(v, PositionError::ClosedButGoesOn(Seat(0)));
    // "Could not enter" on an empty card.
    let mut v = json_of(&solo);
    v["phase"] = json!({"Over": "CannotEnter"});
    refused(v, PositionError::NotStuck);
}

#[test]
fn a_solo_game_ends_stuck_only_when_the_formation_cannot_be_entered() {
    // Reference, loading: "'could not enter' only when the formation's shape did not fit
    // within the free boxes (with `SoloStuck::Pass` and a free box: no shape fitted)"
    // (docs/rules/mosaix.md, `NotStuck`).
    let stuck_end = |config: &mosaix::Config, card: Grid, crossed: u8, form: mosaix::Formation| {
        let s0 = State::new(config).unwrap();
        let mut s = with_solo(&s0, card, crossed);
        roll_and_arrange(&mut s, [O, O, T, X], form);
        s.apply_in_place(&Action::End { seat: Seat(0) }).unwrap();
        s
    };
    let standard = State::standard_config(1, 0).unwrap();
    let mut passing = standard.clone();
    passing.solo_stuck = SoloStuck::Pass;
    // The rulebook's rule: the I rolled does not fit within the one free box (a T would), so
    // the game ended stuck; it loads.
    let s = stuck_end(&standard, solo_t_only_card(), 7, i_of([O, O, T, X]));
    assert_eq!(s.end_reason(), Some(mosaix::EndReason::CannotEnter));
    assert_eq!(serde_json::from_value::<State>(json_of(&s)).unwrap(), s);
    // With passes allowed and a box free, a player ends stuck only when no shape fits: a
    // card with room for a T could have passed, so "could not enter" is refused there.
    let p = stuck_end(&passing, solo_t_only_card(), 7, i_of([O, O, T, X]));
    assert_eq!(p.end_reason(), Some(mosaix::EndReason::PlayerEnded));
    let mut v = json_of(&p);
    v["phase"] = json!({"Over": "CannotEnter"});
    refused(v, PositionError::NotStuck);
    // Only the corners free and two boxes left: no shape fits, the game ended stuck; it loads.
    let t_form = mosaix::Formation::canonical(mosaix::Tetromino::T, [O, O, T, X]);
    let q = stuck_end(&passing, solo_stuck_card(), 6, t_form);
    assert_eq!(q.end_reason(), Some(mosaix::EndReason::CannotEnter));
    assert_eq!(serde_json::from_value::<State>(json_of(&q)).unwrap(), q);
}

/// States of random games of every player count (both solo rules; drawn by
/// `dicecore::strategy`, so a failure shrinks to the shortest game), corrupted as the
/// conformance suite does ([`corrupt`]): every copy that loads plays on to the end, and every
/// state met on the way reloads equal through JSON; some copies are refused.
#[test]
fn corrupted_states_that_load_play_on_and_reload() {
    let (mut loaded, mut tried) = (0, 0);
    let mut dice = Dice::from_seed(0xc0ff_ee00);
    let plays = Plays::<State>::new().configs(|seats, seed| {
        let mut config = State::standard_config(seats, seed)?;
        if seed % 2 == 1 {
            config.solo_stuck = SoloStuck::Pass;
        }
        Ok(config)
    });
    plays.unwrap().check_states(400, |s| {
        let v = json_of(s);
        for _ in 0..4 {
            tried += 1;
            if let Ok(c) = serde_json::from_value::<State>(corrupt(&v, &mut dice)) {
                loaded += 1;
                play_out_reloading(&c, &mut dice, 2_000)?;
            }
        }
        Ok(())
    });
    assert!(
        loaded > 100 && loaded < tried,
        "{loaded} of {tried} corrupted states loaded"
    );
}

/// Every single change [`mutate_leaf`] makes, to every number and flag of a few hand-built
/// states (before the roll, mid-entry, solo), is refused or gives a state that plays on to the
/// end reloading equal.
#[test]
fn every_single_change_is_refused_or_plays_on() {
    let mut dice = Dice::from_seed(28);
    let solo = State::new(&State::standard_config(1, 0).unwrap()).unwrap();
    for s in [two(), entering(), entered_row0(), solo] {
        let v = json_of(&s);
        let (mut loaded, mut tried) = (0, 0);
        for leaf in 0..count_leaves(&v) {
            for choice in 0..7 {
                let mut c = v.clone();
                assert!(mutate_leaf(&mut c, &mut { leaf }, choice));
                tried += 1;
                if let Ok(c) = serde_json::from_value::<State>(c) {
                    loaded += 1;
                    play_out_reloading(&c, &mut dice, 2_000).unwrap();
                }
            }
        }
        assert!(loaded < tried, "every change of {s} loads");
    }
}
