//! Choosing an entry in steps (`Formation::turned`, `Turned`, `State::entry_positions`,
//! `Placed`): how a turned formation is numbered and drawn, and how a place is written. The
//! rule (docs/rules/mosaix.md, "A turn", step 3 Enter): the formation is "turned by
//! 0/90/180/270° (never mirrored) and placed anywhere, cells hanging over the edge dropped".

mod common;
use common::*;
use dicecore::{Game, Seat};
use mosaix::{Formation, Tetromino};

/// A T of circle, triangle, cross on top and a circle under the triangle.
fn tee() -> Formation {
    Formation::canonical(Tetromino::T, [O, T, X, O])
}

/// "Turned by 0/90/180/270°": four quarter turns are the formation itself.
#[test]
fn a_formation_is_turned_a_quarter_turn_clockwise_at_a_time_modulo_four() {
    let t = tee();
    for k in 0..4u8 {
        let once = t.turned(k);
        assert_eq!(once.turns, k);
        // Four more quarter turns give the same turned formation, numbered the same.
        assert_eq!(t.turned(k + 4), once);
        assert_eq!(t.turned(k + 4).turns, k);
    }
    assert_eq!((t.turned(0).height(), t.turned(0).width()), (2, 3));
    assert_eq!((t.turned(1).height(), t.turned(1).width()), (3, 2));
}

#[test]
fn a_turned_formation_draws_its_rows_with_blanks_where_it_has_no_cell() {
    let t = tee();
    assert_eq!(t.turned(0).to_string(), "o ^ x\n  o\n");
    // Clockwise: the top row becomes the right column, the foot points left.
    assert_eq!(t.turned(1).to_string(), "  o\no ^\n  x\n");
    assert_eq!(t.turned(2).to_string(), "  o\nx ^ o\n");
    assert_eq!(t.turned(3).to_string(), "x\n^ o\no\n");
}

/// "Cells hanging over the edge dropped": a place names what lands on
/// the card and how many symbols drop, and says nothing of drops when none do.
#[test]
fn a_place_says_what_lands_on_the_card_and_how_many_symbols_drop() {
    let mut s = mosaix::State::new(&blank_config(1)).unwrap();
    let symbols = [O, T, X, O];
    roll_and_arrange(&mut s, symbols, i_of(symbols));
    let places = s.entry_positions(Seat(0), 0);
    let text = |row: i8, col: i8| {
        places
            .iter()
            .find(|p| (p.row, p.col) == (row, col))
            .map(ToString::to_string)
            .unwrap()
    };
    assert_eq!(
        text(0, -1),
        "top left at row 0, column -1: ^ at (0, 0), x at (0, 1), o at (0, 2) (drops 1)"
    );
    // Nothing dropped: no note.
    assert_eq!(
        text(0, 0),
        "top left at row 0, column 0: o at (0, 0), ^ at (0, 1), x at (0, 2), o at (0, 3)"
    );
}
