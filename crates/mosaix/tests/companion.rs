//! Companion play beside a real table: typed-in rolls, choosing an entry in steps, readable
//! texts and SVG pictures that show a seat nothing it may not know.
mod common;

use common::*;
use dicecore::strategy::Plays;
use dicecore::{ChanceTextError, Game, Seat, Turn};
use mosaix::{Action, Formation, Roll, State, Tetromino};
use std::collections::BTreeSet;

#[test]
fn rolls_are_typed_as_the_dice_show_them() {
    let s = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
    let roll = Action::Roll(Roll::new([O, O, T, X]));
    for text in [
        "o o ^ x",
        "x ^ o o",
        "oo^x",
        "circle, circle, triangle, cross",
        "Cross Circle Triangle Circle",
        "crosses circles triangle circle",
        "the dice show o o ^ x",
        "  o,o,t,x  ",
    ] {
        assert_eq!(s.chance_from_text(text), Ok(roll), "{text}");
    }
    // Each outcome's own text reads back.
    for (r, _) in Roll::outcomes() {
        let a = Action::Roll(*r);
        assert_eq!(s.chance_from_text(&a.to_string()), Ok(a));
    }
    for bad in ["o o ^", "o o ^ x x", "o o ^ q", "seven", ""] {
        match s.chance_from_text(bad) {
            Err(ChanceTextError::Unreadable { expected, .. }) => {
                assert!(expected.contains("circle (o)"), "{expected}")
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    let mut s = s;
    s.apply_in_place(&roll).unwrap();
    assert_eq!(
        s.chance_from_text("o o ^ x"),
        Err(ChanceTextError::NoChance)
    );
}

/// Orientations × positions give exactly the legal entries, at states of random games (drawn
/// by `dicecore::strategy`, so a failure shrinks to the shortest game).
#[test]
fn entering_in_steps_gives_exactly_the_legal_entries() {
    let mut checked = 0;
    Plays::<State>::new().check_states(300, |s| {
        let Turn::Seats(pending) = s.turn() else {
            return Ok(());
        };
        let mut legal = Vec::new();
        for seat in pending {
            s.legal_actions_for(seat, &mut legal);
            let listed: BTreeSet<String> = legal
                .iter()
                .filter(|a| matches!(a, Action::Enter { .. }))
                .map(|a| a.to_string())
                .collect();
            let mut stepped = BTreeSet::new();
            for t in s.entry_orientations(seat) {
                let places = s.entry_positions(seat, t.turns);
                if places.is_empty() {
                    return Err(format!("orientation {} listed without a place", t.turns));
                }
                for p in places {
                    if s.entry_at(seat, t.turns, p.row, p.col) != Some(p.action) {
                        return Err(format!("entry_at disagrees with {p}"));
                    }
                    stepped.insert(p.action.to_string());
                }
            }
            if stepped != listed {
                return Err(format!("{seat}: steps give {stepped:?}, listed {listed:?}"));
            }
            checked += 1;
        }
        Ok(())
    });
    assert!(checked > 5);
    // Nothing to choose for a seat that is not entering.
    let s = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
    assert!(s.entry_orientations(Seat(0)).is_empty());
    assert!(s.entry_positions(Seat(0), 0).is_empty());
    assert_eq!(s.entry_at(Seat(0), 0, 0, 0), None);
}

#[test]
fn texts_read_as_a_player_speaks() {
    let t = Formation::canonical(Tetromino::T, [O, O, T, X]);
    assert_eq!(t.to_string(), "T [o o ^ / . x .]");
    assert_eq!(i_of([O, O, T, X]).to_string(), "I [o o ^ x]");
    let mut s = State::new(&State::standard_config(3, 0).unwrap()).unwrap();
    roll_and_arrange(&mut s, [O, O, T, X], t);
    let text = s.view(Seat(1)).to_string();
    assert!(
        text.contains("everyone enters the formation T [o o ^ / . x .], still to enter: seat 0, seat 1, seat 2"),
        "{text}"
    );
    let places = s.entry_positions(Seat(1), 0);
    let shown = places[0].to_string();
    assert_eq!(
        shown,
        "top left at row -1, column -1: x at (0, 0) (drops 3)"
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    for a in &legal {
        let line = a.to_string();
        assert!(!line.contains('{') && !line.contains("Seat("), "{line}");
    }
}

/// The pictures are well-formed XML, and a seat's picture hides the others' entries of this
/// turn.
#[test]
fn pictures() {
    let config = State::standard_config(2, 1).unwrap();
    let mut s = State::new(&config).unwrap();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let mut alt = s.clone();
    let mut legal = Vec::new();
    s.legal_actions_for(Seat(0), &mut legal);
    s.apply_in_place(&legal[3]).unwrap();
    alt.apply_in_place(&legal[40]).unwrap();
    for svg in [
        s.to_svg(),
        s.view(Seat(0)).to_svg(),
        s.view(Seat(1)).to_svg(),
    ] {
        roxmltree::Document::parse(&svg).expect("well-formed SVG");
    }
    assert_ne!(s.to_svg(), alt.to_svg());
    assert_eq!(s.view(Seat(1)).to_svg(), alt.view(Seat(1)).to_svg());
    assert_ne!(s.view(Seat(0)).to_svg(), alt.view(Seat(0)).to_svg());
    // Solo, with the scale, at the end of a game.
    let mut solo = State::new(&State::standard_config(1, 0).unwrap()).unwrap();
    solo.apply_in_place(&Action::Roll(Roll::new([X; 4])))
        .unwrap();
    solo.apply_in_place(&Action::End { seat: Seat(0) }).unwrap();
    let svg = solo.to_svg();
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert!(svg.contains("scale"));
    if let Ok(dir) = std::env::var("MOSAIX_SVG_DIR") {
        std::fs::write(format!("{dir}/table.svg"), s.to_svg()).unwrap();
        std::fs::write(format!("{dir}/view.svg"), s.view(Seat(1)).to_svg()).unwrap();
    }
}
