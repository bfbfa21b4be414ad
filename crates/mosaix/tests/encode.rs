//! Action ids and observation tensors ([`dicecore::Encode`]): the id table and the tensor
//! layout checked by hand in one position.
mod common;

use common::*;
use dicecore::{Encode, Game, Seat};
use mosaix::{Action, Card, Cell, Formation, Marks, Roll, SoloStuck, State, Symbol, Tetromino};

fn id(config: &mosaix::Config, action: &Action) -> Option<usize> {
    State::action_id(config, action)
}

#[test]
fn id_table() {
    let two = State::standard_config(2, 1).unwrap();
    let mut solo = State::standard_config(1, 1).unwrap();
    assert_eq!(State::max_chance_outcomes(&two), 15);
    assert_eq!(State::num_distinct_actions(&two), 50_458);
    assert_eq!(State::num_distinct_actions(&solo), 50_459);
    // Rolls in the order of Roll::outcomes.
    assert_eq!(id(&two, &Action::Roll(Roll([O; 4]))), Some(0));
    assert_eq!(id(&two, &Action::Roll(Roll([X; 4]))), Some(14));
    assert_eq!(id(&two, &Action::Roll(Roll([X, O, O, O]))), None);
    // Formations by shape, then symbols: the first I and the last J.
    let seat = Seat(1);
    let arrange = |formation| Action::Arrange { seat, formation };
    assert_eq!(id(&two, &arrange(i_of([O; 4]))), Some(15));
    let last = Formation::canonical(Tetromino::J, [X; 4]);
    assert_eq!(id(&two, &arrange(last)), Some(416));
    let not_canonical = Formation {
        shape: Tetromino::I,
        symbols: [X, O, O, O],
    };
    assert_eq!(id(&two, &arrange(not_canonical)), None);
    assert_eq!(id(&two, &Action::Pass { seat }), Some(417));
    // Entries: the first whole placement (the I in row 0, all circles), its last symbols.
    let row0 = |syms: [Symbol; 4]| {
        let cells = (0..4).map(|c| (Cell::new(0, c), syms[c as usize]));
        Action::Enter {
            seat,
            marks: Marks::from_cells(cells).unwrap(),
        }
    };
    assert_eq!(id(&two, &row0([O; 4])), Some(418));
    assert_eq!(id(&two, &row0([O, O, T, X])), Some(418 + 5));
    assert_eq!(id(&two, &row0([X; 4])), Some(418 + 80));
    // One cell in the top left corner, a cross: the first set of one cell, code 2.
    let corner = Action::Enter {
        seat,
        marks: Marks::from_cells([(Cell::new(0, 0), X)]).unwrap(),
    };
    assert_eq!(id(&two, &corner), Some(50_386 + 2));
    // No placement fills one interior cell; nothing fills the cell printed on every card.
    let inner = Action::Enter {
        seat,
        marks: Marks::from_cells([(Cell::new(2, 2), X)]).unwrap(),
    };
    assert_eq!(id(&two, &inner), None);
    let centre = |row: u8| Action::Enter {
        seat,
        marks: Marks::from_cells((0..4).map(|c| (Cell::new(row, c), O))).unwrap(),
    };
    assert_eq!(id(&two, &centre(3)), None);
    assert!(id(&two, &centre(2)).is_some());
    let mut cards = two.clone();
    cards.cards[1] = Card::BLANK;
    assert!(id(&cards, &centre(3)).is_some());
    // End only solo; a solo pass only with SoloStuck::Pass; no seat beyond the table.
    assert_eq!(id(&two, &Action::End { seat }), None);
    assert_eq!(id(&solo, &Action::End { seat: Seat(0) }), Some(50_458));
    assert_eq!(id(&solo, &Action::Pass { seat: Seat(0) }), None);
    solo.solo_stuck = SoloStuck::Pass;
    assert_eq!(id(&solo, &Action::Pass { seat: Seat(0) }), Some(417));
    assert_eq!(id(&two, &Action::Pass { seat: Seat(2) }), None);
    // Back from ids: every id decodes to an action whose id it is, or to nothing when this
    // config cannot produce it (issue 29: a solo pass under the default setting, an entry over
    // the cell printed on every card).
    solo.solo_stuck = SoloStuck::EndGame;
    let mut stuck_pass = solo.clone();
    stuck_pass.solo_stuck = SoloStuck::Pass;
    for (config, some_name_nothing) in [
        (&two, true),
        (&solo, true),
        (&stuck_pass, true),
        (&cards, false),
    ] {
        let mut none = 0;
        for i in 0..State::num_distinct_actions(config) {
            match State::action_from_id(config, Seat(0), i) {
                Some(a) => assert_eq!(id(config, &a), Some(i), "{a}"),
                None => none += 1,
            }
        }
        assert_eq!(none > 0, some_name_nothing, "{none} ids name nothing");
        let n = State::num_distinct_actions(config);
        assert_eq!(State::action_from_id(config, Seat(0), n), None);
    }
    assert_eq!(State::action_from_id(&solo, Seat(0), 417), None);
    assert!(State::action_from_id(&stuck_pass, Seat(0), 417).is_some());
    assert_eq!(State::action_from_id(&two, Seat(1), 16_699), None);
    assert_eq!(id(&two, &centre(3)), None);
    assert_eq!(State::action_from_id(&two, Seat(2), 417), None);
    assert!(State::action_from_id(&two, Seat(1), 417).is_some());
}

/// Two players, seat 0 rolls; after `o o ^ x` as a T, seat 0 has entered and seat 1 has not.
#[test]
fn observation_layout_by_hand() {
    let config = State::standard_config(2, 1).unwrap();
    let mut s = State::new(&config).unwrap();
    let formation = Formation::canonical(Tetromino::T, [O, O, T, X]);
    roll_and_arrange(&mut s, [O, O, T, X], formation);
    let roller = s.roller();
    let entry = Marks::from_cells([
        (Cell::new(0, 0), formation.symbols[0]),
        (Cell::new(0, 1), formation.symbols[1]),
        (Cell::new(0, 2), formation.symbols[2]),
        (Cell::new(1, 1), formation.symbols[3]),
    ])
    .unwrap();
    s.apply_in_place(&Action::Enter {
        seat: Seat(0),
        marks: entry,
    })
    .unwrap();
    assert_eq!(State::observation_len(&config), 340);
    let o1 = s.observation(Seat(1));
    let o0 = s.observation(Seat(0));
    // Seat 1's own card first: its printed triangle at the centre (cell 24).
    assert_eq!(o1[49 + 24], 1.0);
    assert_eq!(o1[..147].iter().sum::<f32>(), 1.0);
    // Seat 0's card next, as the turn began: only its printed circle.
    assert_eq!(o1[147 + 24], 1.0);
    assert_eq!(o1[147..294].iter().sum::<f32>(), 1.0);
    // Seat 0 sees its own entry (the T's cells 0, 1, 2, 8) in its own block.
    assert_eq!(o0[..147].iter().sum::<f32>(), 5.0);
    for (cell, sym) in entry.iter() {
        assert_eq!(o0[sym.index() * 49 + cell.index()], 1.0);
    }
    // Roll o o ^ x: one-hot among the 15 rolls.
    let roll = Roll::outcomes()
        .iter()
        .position(|(r, _)| *r == Roll([O, O, T, X]))
        .unwrap();
    assert_eq!(o1[294 + roll], 1.0);
    assert_eq!(o1[294..309].iter().sum::<f32>(), 1.0);
    // Formation: the T (shape 2) and its symbols per base cell.
    assert_eq!(o1[309 + 2], 1.0);
    for (i, sym) in formation.symbols.iter().enumerate() {
        assert_eq!(o1[316 + 3 * i + sym.index()], 1.0);
    }
    assert_eq!(o1[309..328].iter().sum::<f32>(), 5.0);
    // Phase: entering.
    assert_eq!(&o1[328..332], &[0.0, 0.0, 1.0, 0.0]);
    // The roller, seen from seat 1: itself (k = 0) or seat 0 (k = 1).
    let k = if roller == Seat(1) { 0 } else { 1 };
    assert_eq!(o1[332 + k], 1.0);
    assert_eq!(o1[332 + 1 - k], 0.0);
    // Still to enter: seat 1 only (itself, k = 0); for seat 0 that is k = 1.
    assert_eq!(&o1[334..336], &[1.0, 0.0]);
    assert_eq!(&o0[334..336], &[0.0, 1.0]);
    // Scores 0, no scale, turn 1 of 49.
    assert_eq!(&o1[336..339], &[0.0, 0.0, 0.0]);
    assert_eq!(o1[339], 1.0 / 49.0);
}

/// The solo scale and scores show in the tensor.
#[test]
fn observation_solo_scale_and_score() {
    let config = State::standard_config(1, 0).unwrap();
    // One symbol entered in the corner, three dropped.
    let mut card = State::new(&config).unwrap().grid(Seat(0)).copied().unwrap();
    card.write(Cell::new(0, 0), X);
    let s = with_solo(&State::new(&config).unwrap(), card, 3);
    let o = s.observation(Seat(0));
    assert_eq!(o.len(), 190);
    // Phase roll; score = 5 free boxes; scale 5/8.
    assert_eq!(&o[181..185], &[1.0, 0.0, 0.0, 0.0]);
    assert_eq!(o[185], 1.0);
    assert_eq!(o[186], 0.0);
    assert_eq!(o[187], 0.05);
    assert_eq!(o[188], 5.0 / 8.0);
}
