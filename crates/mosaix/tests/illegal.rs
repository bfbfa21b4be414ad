//! One test per refused config, action and corrupted state: its own error, nothing changed.
mod common;

use common::*;
use dicecore::{Game, Seat};
use mosaix::{Action, Card, Cell, Config, Error, Formation, Marks, Roll, State, Symbol, Tetromino};

fn two() -> State {
    State::new(&blank_config(2)).unwrap()
}

/// Two players, the roll o o ^ x arranged as an I by seat 0.
fn entering() -> State {
    let mut s = two();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    s
}

fn arrange(seat: u8, shape: Tetromino, symbols: [Symbol; 4]) -> Action {
    Action::Arrange {
        seat: Seat(seat),
        formation: Formation::canonical(shape, symbols),
    }
}

fn enter(seat: u8, cells: &[(u8, u8, Symbol)]) -> Action {
    Action::Enter {
        seat: Seat(seat),
        marks: Marks::from_cells(cells.iter().map(|&(r, c, s)| (Cell::new(r, c), s))).unwrap(),
    }
}

const ROW0: [(u8, u8, Symbol); 4] = [(0, 0, O), (0, 1, O), (0, 2, T), (0, 3, X)];

#[test]
fn config_player_count() {
    for seats in [0, 5] {
        let mut c = Config::with_start(1, Seat(0)).unwrap();
        c.seats = seats;
        c.cards = vec![Card::BLANK; seats as usize];
        assert_eq!(State::new(&c), Err(Error::PlayerCount(seats)));
        assert_eq!(
            State::standard_config(seats, 1),
            Err(Error::PlayerCount(seats))
        );
    }
}

#[test]
fn config_card_count() {
    let mut c = blank_config(3);
    c.cards.pop();
    assert_eq!(State::new(&c), Err(Error::CardCount { cards: 2, seats: 3 }));
}

#[test]
fn config_start_cell_off_card() {
    let mut c = blank_config(2);
    c.cards[1] = Card::printed(Cell::new(7, 0), X);
    assert_eq!(
        State::new(&c),
        Err(Error::StartCellOffCard(Seat(1), Cell::new(7, 0)))
    );
}

#[test]
fn config_start_incomplete() {
    let mut c = blank_config(2);
    c.cards[0].start_cell = Some(Cell::CENTRE);
    assert_eq!(State::new(&c), Err(Error::StartIncomplete(Seat(0))));
    c.cards[0] = Card {
        start_cell: None,
        start_symbol: Some(O),
    };
    assert_eq!(State::new(&c), Err(Error::StartIncomplete(Seat(0))));
}

#[test]
fn config_first_roller() {
    let mut c = blank_config(2);
    c.first_roller = Seat(2);
    assert_eq!(State::new(&c), Err(Error::StartSeat(Seat(2))));
}

#[test]
fn action_after_the_end() {
    let mut s = State::new(&blank_config(1)).unwrap();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, O, O])))
        .unwrap();
    s.apply_in_place(&Action::End { seat: Seat(0) }).unwrap();
    assert_refused(&s, &Action::Roll(Roll::new([O, O, O, O])), Error::GameOver);
    assert_refused(&s, &Action::End { seat: Seat(0) }, Error::GameOver);
}

#[test]
fn action_of_a_seat_not_to_move() {
    let mut s = two();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, T, X])))
        .unwrap();
    assert_refused(
        &s,
        &arrange(1, Tetromino::I, [O, O, T, X]),
        Error::NotYourTurn(Seat(1)),
    );
    assert_refused(
        &s,
        &arrange(7, Tetromino::I, [O, O, T, X]),
        Error::NotYourTurn(Seat(7)),
    );
    let e = entering();
    let far = Action::Pass { seat: Seat(3) };
    assert_refused(&e, &far, Error::NotYourTurn(Seat(3)));
}

#[test]
fn decision_before_the_roll() {
    let s = two();
    assert_refused(
        &s,
        &arrange(0, Tetromino::I, [O, O, T, X]),
        Error::RollPending,
    );
    assert_refused(&s, &enter(0, &ROW0), Error::RollPending);
    let solo = State::new(&blank_config(1)).unwrap();
    assert_refused(&solo, &Action::End { seat: Seat(0) }, Error::RollPending);
}

#[test]
fn roll_when_none_is_due() {
    let s = entering();
    assert_refused(
        &s,
        &Action::Roll(Roll::new([O, O, O, O])),
        Error::NoRollPending,
    );
}

#[test]
fn roll_not_sorted() {
    let s = two();
    assert_refused(&s, &Action::Roll(Roll([X, O, O, O])), Error::RollNotSorted);
}

#[test]
fn formation_while_entering() {
    let s = entering();
    assert_refused(
        &s,
        &arrange(0, Tetromino::O, [O, O, T, X]),
        Error::NotArranging,
    );
}

#[test]
fn formation_with_other_symbols() {
    let mut s = two();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, T, X])))
        .unwrap();
    assert_refused(
        &s,
        &arrange(0, Tetromino::T, [O, O, O, X]),
        Error::WrongSymbols,
    );
}

#[test]
fn formation_not_canonical() {
    let mut s = two();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, T, X])))
        .unwrap();
    let a = Action::Arrange {
        seat: Seat(0),
        formation: Formation {
            shape: Tetromino::O,
            symbols: [X, O, O, T],
        },
    };
    assert_refused(&s, &a, Error::NotCanonical);
}

#[test]
fn entry_before_the_formation() {
    let mut s = two();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, T, X])))
        .unwrap();
    assert_refused(&s, &enter(0, &ROW0), Error::NotEntering);
    assert_refused(&s, &Action::Pass { seat: Seat(1) }, Error::NotEntering);
}

#[test]
fn entry_twice_in_a_turn() {
    let mut s = entering();
    s.apply_in_place(&enter(0, &ROW0)).unwrap();
    let again = enter(0, &[(1, 0, O), (1, 1, O), (1, 2, T), (1, 3, X)]);
    assert_refused(&s, &again, Error::AlreadyEntered(Seat(0)));
}

#[test]
fn entry_without_symbols() {
    let s = entering();
    let a = Action::Enter {
        seat: Seat(0),
        marks: Marks::EMPTY,
    };
    assert_refused(&s, &a, Error::EmptyEntry);
}

#[test]
fn entry_that_is_not_the_formation() {
    let s = entering();
    // Wrong order of symbols, a mirrored/other shape, a gap, and a cell off the card.
    for cells in [
        vec![(0, 0, O), (0, 1, T), (0, 2, O), (0, 3, X)],
        vec![(0, 0, O), (0, 1, O), (0, 2, T), (1, 2, X)],
        vec![(0, 0, O), (0, 1, O), (0, 3, T), (0, 4, X)],
        vec![(0, 1, O), (0, 2, T), (0, 3, X)],
        vec![(2, 2, T), (2, 3, X)],
    ] {
        assert_refused(&s, &enter(0, &cells), Error::NotAPlacement);
    }
    // Hand-made entries no card could hold: a bit past cell 48; the formation's row with a
    // second symbol on its first cell.
    for text in ["[[49],[],[]]", "[[0,1],[2],[3,0]]"] {
        let bad: Marks = serde_json::from_str(text).unwrap();
        let a = Action::Enter {
            seat: Seat(0),
            marks: bad,
        };
        assert_refused(&s, &a, Error::NotAPlacement);
    }
}

#[test]
fn entry_on_a_filled_cell() {
    let mut s = two();
    let mut g = mosaix::Grid::EMPTY;
    g.write(Cell::new(0, 2), X);
    s = with_grids(&s, &[g]);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    assert_refused(&s, &enter(0, &ROW0), Error::CellTaken);
}

#[test]
fn solo_entry_dropping_too_many() {
    // Two symbols entered at the bottom right: two entries, six symbols dropped.
    let mut card = mosaix::Grid::EMPTY;
    card.write(Cell::new(6, 5), X);
    card.write(Cell::new(6, 6), X);
    let mut s = with_solo(&State::new(&blank_config(1)).unwrap(), card, 6);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    assert_refused(
        &s,
        &enter(0, &[(0, 0, X)]),
        Error::TooManyDropped {
            dropped: 3,
            free: 2,
        },
    );
}

#[test]
fn pass_when_the_formation_fits() {
    let s = entering();
    assert_refused(&s, &Action::Pass { seat: Seat(1) }, Error::MustEnter);
}

#[test]
fn pass_in_the_solo_game() {
    // Only the corners are free and 7 boxes crossed: the I fits only dropping 3 symbols.
    let card = grid(
        ".xxxxx.
         xxxxxxx
         xxxxxxx
         xxxxxxx
         xxxxxxx
         xxxxxxx
         .xxxxx.",
    );
    let s0 = State::new(&blank_config(1)).unwrap();
    let mut s = with_solo(&s0, card, 7);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    assert_refused(&s, &Action::Pass { seat: Seat(0) }, Error::SoloCannotPass);
    // Where the formation fits, a pass is refused because it must be entered.
    let mut s = State::new(&blank_config(1)).unwrap();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    assert_refused(&s, &Action::Pass { seat: Seat(0) }, Error::MustEnter);
}

#[test]
fn ending_early_with_several_players() {
    let s = entering();
    assert_refused(&s, &Action::End { seat: Seat(0) }, Error::NotSolo);
}

// ---- Corrupted saved states --------------------------------------------------------------

/// An edit of a state's JSON form.
type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;

fn corrupt(state: &State, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v = serde_json::to_value(state).unwrap();
    edit(&mut v);
    match serde_json::from_value::<State>(v) {
        Ok(_) => panic!("corrupted state accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn corrupted_states_are_errors() {
    let s = State::new(&State::standard_config(2, 5).unwrap()).unwrap();
    let e = entering();
    let cases: Vec<(&State, Edit)> = vec![
        (&s, Box::new(|v| v["seats"] = 9.into())),
        (&s, Box::new(|v| v["roller"] = 3.into())),
        (&s, Box::new(|v| v["first_roller"] = 2.into())),
        (&s, Box::new(|v| v["crossed"] = 1.into())),
        (
            &s,
            Box::new(|v| v["grids"][0] = serde_json::json!([[], [], []])),
        ),
        (
            &s,
            Box::new(|v| v["grids"][2] = serde_json::json!([[1], [], []])),
        ),
        (
            &s,
            Box::new(|v| v["grids"][0] = serde_json::json!([[24, 60], [], []])),
        ),
        (
            &s,
            Box::new(|v| v["grids"][0] = serde_json::json!([[24], [24], []])),
        ),
        (
            &s,
            Box::new(|v| v["entries"][0] = serde_json::json!([[24], [], []])),
        ),
        (
            &s,
            Box::new(|v| {
                v["cards"][3] =
                    serde_json::json!({"start_cell": {"row": 0, "col": 0}, "start_symbol": "Cross"})
            }),
        ),
        (
            &s,
            Box::new(|v| {
                v["phase"] = serde_json::json!({"Arrange": ["Cross", "Circle", "Circle", "Circle"]})
            }),
        ),
        (
            &s,
            Box::new(|v| v["phase"] = serde_json::json!({"Over": "PlayerEnded"})),
        ),
        (
            &s,
            Box::new(|v| v["phase"] = serde_json::json!({"Over": {"CardClosed": 1}})),
        ),
        (&e, Box::new(|v| v["phase"]["Enter"]["pending"] = 0.into())),
        (&e, Box::new(|v| v["phase"]["Enter"]["pending"] = 12.into())),
        (
            &e,
            Box::new(|v| {
                v["phase"]["Enter"]["formation"]["symbols"] =
                    serde_json::json!(["Cross", "Triangle", "Circle", "Circle"])
            }),
        ),
        (
            &s,
            Box::new(|v| {
                v["cards"][0] =
                    serde_json::json!({"start_cell": {"row": 9, "col": 0}, "start_symbol": "Cross"})
            }),
        ),
    ];
    for (state, edit) in cases {
        corrupt(state, edit);
    }
    // An entry recorded for a player that does not match the formation.
    let mut done = e.clone();
    done.apply_in_place(&enter(0, &ROW0)).unwrap();
    corrupt(&done, |v| {
        v["grids"][0] = serde_json::json!([[0, 1, 2], [], [3]]);
        v["entries"][0] = serde_json::json!([[0, 1, 2], [], [3]]);
    });
    // The roller must follow from the first roller and the turn number.
    corrupt(&s, |v| {
        let first = v["first_roller"].as_u64().unwrap();
        v["roller"] = (1 - first).into();
    });
    corrupt(&s, |v| v["round"] = 0.into());
    let mut later = s.clone();
    for _ in 0..2 {
        roll_and_arrange(&mut later, [O, O, O, O], i_of([O, O, O, O]));
        for seat in [Seat(0), Seat(1)] {
            let mut legal = Vec::new();
            later.legal_actions_for(seat, &mut legal);
            later.apply_in_place(&legal[0]).unwrap();
        }
    }
    assert_eq!(later.round(), 3);
    let back: State = serde_json::from_value(serde_json::to_value(&later).unwrap()).unwrap();
    assert_eq!(back, later);
    corrupt(&later, |v| v["round"] = 2.into());
    // A player recorded as having passed although the formation fits ("at least one symbol
    // when possible").
    corrupt(&e, |v| v["phase"]["Enter"]["pending"] = 2.into());
    // The closed cards are exactly those that can no longer be filled.
    let three = State::new(&blank_config(3)).unwrap();
    let full = serde_json::json!([(0..49).collect::<Vec<u32>>(), [], []]);
    let over = |v: &mut serde_json::Value| {
        v["grids"][0] = full.clone();
        v["grids"][2] = full.clone();
    };
    let mut ok = serde_json::to_value(&three).unwrap();
    over(&mut ok);
    ok["phase"] = serde_json::json!({"Over": {"CardClosed": 5}});
    ok["round"] = 13.into();
    ok["roller"] = 0.into();
    assert!(serde_json::from_value::<State>(ok).is_ok());
    corrupt(&three, |v| {
        over(v);
        v["round"] = 13.into();
        v["roller"] = 0.into();
        v["phase"] = serde_json::json!({"Over": {"CardClosed": 1}});
    });
    // Garbage is an error too.
    assert!(serde_json::from_str::<State>("{\"seats\": 2}").is_err());
    assert!(serde_json::from_str::<State>("[]").is_err());
}
