//! The rules: the rulebook's scoring example, formations, entries, the end, the solo variant.
mod common;

use common::*;
use dicecore::{Game, Probability, Seat, SeatSet, Turn};
use mosaix::{
    Action, Card, Cell, Config, EndReason, Formation, Grid, Marks, Phase, Roll, SoloRating, State,
    Symbol, Tetromino, SOLO_OUTSTANDING, SOLO_WIN,
};

/// A card with the rulebook's score sheet ("Auswertung": o 2 × 14, ^ 2 × 11, x 3 × 17 = 101)
/// and, like its "Endstand", one empty cell that nothing can fill any more: (1, 1), walled in.
/// (The rulebook's picture is missing from the text, so the cells are a reconstruction with
/// exactly its numbers.)
const RULEBOOK_CARD: &str = "
    ooooooo
    x.xxxxx
    ^x^^^^^
    ^xxxxxo
    ooooo^^
    oo^^^^x
    ^^xxxxx";

#[test]
fn rulebook_scoring_example_is_101() {
    let card = grid(RULEBOOK_CARD);
    let sheet = card.score_sheet();
    let lines: Vec<(u32, u32, u32)> = sheet
        .symbols
        .iter()
        .map(|l| (l.areas, l.cells, l.points))
        .collect();
    assert_eq!(lines, vec![(2, 14, 28), (2, 11, 22), (3, 17, 51)]);
    assert_eq!(sheet.total, 101);
    // "In das Feld * kann nichts mehr eingetragen werden": the game is over for this card.
    assert_eq!(card.filled_count(), 48);
    assert!(!card.can_fill());
    assert_eq!(card.symbol_at(Cell::new(1, 1)), None);
    assert_eq!(card.filled().count(), 48);
    assert!(!card.filled().contains(Cell::new(1, 1).index()));
    assert_eq!(
        sheet.to_string(),
        "o  2 x 14 =  28\n^  2 x 11 =  22\nx  3 x 17 =  51\ntotal    101"
    );
}

#[test]
fn a_cell_marked_under_two_symbols_is_one_marked_cell() {
    // The symbols' sets of `Marks` are public, so a caller may build overlapping ones, which
    // no grid accepts: a cell in two of them is still one marked cell.
    let one = marks(&[(0, 0, O)]).cells_of(O);
    let none = marks(&[]).cells_of(O);
    for both in [Marks([one, one, none]), Marks([none, one, one])] {
        assert_eq!(both.cells(), one);
        assert_eq!(both.len(), 1);
        assert!(Grid::try_from(both).is_err());
    }
}

#[test]
fn the_card_is_seven_cells_by_seven() {
    // Reference: "Every player has a card with a 7×7 grid, row 0 on top, column 0 on the left".
    assert!(Cell::new(6, 6).on_card());
    assert!(!Cell::new(6, 7).on_card());
    assert!(!Cell::new(7, 6).on_card());
    assert_eq!(Cell::from_index(48), Some(Cell::new(6, 6)));
    assert_eq!(Cell::from_index(49), None);
}

#[test]
fn areas_connect_orthogonally_only_and_need_five_cells() {
    // A diagonal chain of 5 circles is 5 areas of 1; a 2×2 block of 4 scores nothing.
    let diag = grid(
        "o......
         .o.....
         ..o....
         ...o...
         ....o..
         .....xx
         .....xx",
    );
    assert_eq!(diag.score(), 0);
    assert_eq!(diag.areas(Symbol::Circle).len(), 5);
    // Two circle areas of 5 and 6: 2 × 11 = 22; a cross area of exactly 5: 1 × 5.
    let two = grid(
        "ooooo..
         .......
         oooooo.
         .......
         xxxxx..
         .......
         .......",
    );
    assert_eq!(two.score(), 22 + 5);
}

#[test]
fn an_area_reaching_a_cell_from_two_sides_at_once_counts_it() {
    // Reference: "areas are orthogonally connected cells of one symbol"; the engine grows
    // an area from its first cell a ring at a time; here it reaches the last circle
    // from both sides in the same ring (left and right, then above and below), and the circle
    // still belongs to it: one area of 9 cells, then of 16.
    let across = grid(
        "..o....
        .ooo...
        .o.o...
        .ooo...
        .......
        .......
        .......",
    );
    assert_eq!(across.score_sheet().symbols[0].cells, 9);
    assert_eq!(across.score(), 9);
    let down = grid(
        "ooooo..
        o...o..
        o..oo..
        o..o...
        oooo...
        .......
        .......",
    );
    assert_eq!(down.score_sheet().symbols[0].cells, 16);
    assert_eq!(down.score(), 16);
}

#[test]
fn the_printed_symbol_counts() {
    let config = State::standard_config(2, 0).unwrap();
    let s = State::new(&config).unwrap();
    assert_eq!(
        s.grid(Seat(0)).unwrap().symbol_at(Cell::CENTRE),
        Some(Symbol::Circle)
    );
    assert_eq!(
        s.grid(Seat(1)).unwrap().symbol_at(Cell::CENTRE),
        Some(Symbol::Triangle)
    );
    let mut g = *s.grid(Seat(0)).unwrap();
    for c in [0, 1, 2, 4] {
        assert!(g.write(Cell::new(3, c), Symbol::Circle));
    }
    assert!(!g.write(Cell::CENTRE, Symbol::Cross));
    // Four written circles plus the printed one make an area of 5.
    assert_eq!(g.score(), 5);
}

#[test]
fn roll_distribution_is_exact() {
    let outcomes = Roll::outcomes();
    assert_eq!(outcomes.len(), 15);
    let total = Probability::sum(outcomes.iter().map(|(_, p)| *p));
    assert_eq!(total, Some(Probability::ONE));
    let p = |r: [Symbol; 4]| outcomes.iter().find(|(x, _)| *x == Roll::new(r)).unwrap().1;
    assert_eq!(p([O, O, O, O]), Probability::new(1, 81));
    assert_eq!(p([O, O, O, X]), Probability::new(4, 81));
    assert_eq!(p([O, O, T, T]), Probability::new(6, 81));
    assert_eq!(p([O, O, T, X]), Probability::new(12, 81));
    let s = State::new(&State::standard_config(2, 1).unwrap()).unwrap();
    assert_eq!(s.chance_outcomes().len(), 15);
}

#[test]
fn formation_counts_per_roll() {
    let count = |r: [Symbol; 4]| {
        let mut n = 0;
        Formation::all_of(Roll::new(r), |_| n += 1);
        n
    };
    // Four equal symbols: one formation per shape.
    assert_eq!(count([O, O, O, O]), 7);
    // o o o x: I 2 (x at an end or inside), O 1, T 4, S 2, Z 2, L 4, J 4.
    assert_eq!(count([O, O, O, X]), 19);
    // o o ^ x (12 assignments): I 6, O 3, T 12, S 6, Z 6, L 12, J 12.
    assert_eq!(count([O, O, T, X]), 57);
}

#[test]
fn arranging_lists_formations_and_rejects_wrong_ones() {
    let mut s = State::new(&blank_config(2)).unwrap();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, O, X])))
        .unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 19);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Arrange { seat: Seat(0), .. })));
    let wrong = Formation::canonical(Tetromino::I, [O, O, X, X]);
    assert_refused(
        &s,
        &Action::Arrange {
            seat: Seat(0),
            formation: wrong,
        },
        mosaix::Error::WrongSymbols,
    );
    let reversed = Formation {
        shape: Tetromino::I,
        symbols: [X, O, O, O],
    };
    assert_refused(
        &s,
        &Action::Arrange {
            seat: Seat(0),
            formation: reversed,
        },
        mosaix::Error::NotCanonical,
    );
}

fn entries(state: &State, seat: Seat) -> Vec<Marks> {
    let mut legal = Vec::new();
    state.legal_actions_for(seat, &mut legal);
    legal
        .into_iter()
        .filter_map(|a| match a {
            Action::Enter { marks, .. } => Some(marks),
            _ => None,
        })
        .collect()
}

fn marks(cells: &[(u8, u8, Symbol)]) -> Marks {
    Marks::from_cells(cells.iter().map(|&(r, c, s)| (Cell::new(r, c), s))).unwrap()
}

#[test]
fn entries_rotate_overhang_but_never_mirror() {
    let mut s = State::new(&blank_config(2)).unwrap();
    // L: cells (0,0) (1,0) (2,0) (2,1) carrying o ^ ^ x.
    let l = Formation::canonical(Tetromino::L, [O, T, T, X]);
    roll_and_arrange(&mut s, [O, T, T, X], l);
    let list = entries(&s, Seat(0));
    // As printed.
    assert!(list.contains(&marks(&[(0, 0, O), (1, 0, T), (2, 0, T), (2, 1, X)])));
    // Turned 90° clockwise: ^ ^ o over x.
    assert!(list.contains(&marks(&[(0, 0, T), (0, 1, T), (0, 2, O), (1, 0, X)])));
    // Mirrored (a J with the same symbols) is not an entry.
    assert!(!list.contains(&marks(&[(0, 1, O), (1, 1, T), (2, 1, T), (2, 0, X)])));
    // Overhang: only the cross on the corner cell (0, 6) with the rest outside.
    assert!(list.contains(&marks(&[(0, 6, X)])));
    // Overhang: the ^ ^ x foot on the top edge.
    assert!(list.contains(&marks(&[(0, 3, T), (1, 3, T), (1, 4, X)])));
    // Every entry is listed once.
    let set: std::collections::BTreeSet<_> = list.iter().collect();
    assert_eq!(set.len(), list.len());
    // Entering one and it is on the card.
    let m = marks(&[(0, 6, X)]);
    s.apply_in_place(&Action::Enter {
        seat: Seat(0),
        marks: m,
    })
    .unwrap();
    assert_eq!(s.grid(Seat(0)).unwrap().symbol_at(Cell::new(0, 6)), Some(X));
    assert_eq!(s.turn(), Turn::Seats(SeatSet::single(Seat(1))));
}

#[test]
fn a_player_who_cannot_enter_passes_and_the_game_goes_on() {
    let s0 = State::new(&blank_config(2)).unwrap();
    // Seat 1: everything filled except a 2×2 hole in the middle.
    let mut g = Grid::EMPTY;
    for i in 0..49u8 {
        let c = Cell::new(i / 7, i % 7);
        if !(2..=3).contains(&c.row) || !(2..=3).contains(&c.col) {
            g.write(c, if (i / 7 + i % 7) % 2 == 0 { O } else { X });
        }
    }
    assert!(g.can_fill());
    let mut s = with_grids(&s0, &[Grid::EMPTY, g]);
    let (roller, round) = (s.roller(), s.round());
    roll_and_arrange(&mut s, [O, O, O, O], i_of([O, O, O, O]));
    let mut legal = Vec::new();
    s.legal_actions_for(Seat(1), &mut legal);
    assert_eq!(legal, vec![Action::Pass { seat: Seat(1) }]);
    // Seat 0 cannot pass.
    assert_refused(
        &s,
        &Action::Pass { seat: Seat(0) },
        mosaix::Error::MustEnter,
    );
    s.apply_in_place(&Action::Pass { seat: Seat(1) }).unwrap();
    let first = entries(&s, Seat(0))[0];
    s.apply_in_place(&Action::Enter {
        seat: Seat(0),
        marks: first,
    })
    .unwrap();
    // The O would still fit seat 1's hole: the game goes on, the dice pass on.
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.roller(), roller.next(2));
    assert_eq!(s.round(), round + 1);
}

#[test]
fn the_game_ends_after_the_turn_in_which_a_card_closes() {
    let s0 = State::new(&blank_config(3)).unwrap();
    // Seat 2 has only the top-left 2×2 corner free: an O fills it and closes the card.
    let mut g = Grid::EMPTY;
    for i in 0..49u8 {
        let c = Cell::new(i / 7, i % 7);
        if c.row >= 2 || c.col >= 2 {
            g.write(c, X);
        }
    }
    let mut s = with_grids(&s0, &[Grid::EMPTY, Grid::EMPTY, g]);
    let o = Formation::canonical(Tetromino::O, [O, O, O, O]);
    roll_and_arrange(&mut s, [O, O, O, O], o);
    let full = marks(&[(0, 0, O), (0, 1, O), (1, 0, O), (1, 1, O)]);
    s.apply_in_place(&Action::Enter {
        seat: Seat(2),
        marks: full,
    })
    .unwrap();
    assert!(s.grid(Seat(2)).unwrap().is_full());
    // The others still enter in this turn.
    assert_eq!(s.turn(), Turn::Seats(SeatSet::from_bits(0b011)));
    for seat in [Seat(0), Seat(1)] {
        let m = entries(&s, seat)[0];
        s.apply_in_place(&Action::Enter { seat, marks: m }).unwrap();
    }
    assert_eq!(s.turn(), Turn::Over);
    assert_eq!(
        s.end_reason(),
        Some(EndReason::CardClosed(SeatSet::single(Seat(2))))
    );
    let outcome = s.outcome().unwrap();
    // Seat 2 has 45 crosses in one area and 4 circles: 1 × 45.
    assert_eq!(outcome.scores, vec![0, 0, 45]);
    assert_eq!(outcome.winners, SeatSet::single(Seat(2)));
}

#[test]
fn end_detection_edge_cells_and_walled_in_cells() {
    // Only the edge cell (0, 3) is free: overhang can still fill it.
    let mut edge = Grid::EMPTY;
    for i in 0..49u8 {
        let c = Cell::new(i / 7, i % 7);
        if c != Cell::new(0, 3) {
            edge.write(c, O);
        }
    }
    assert!(edge.can_fill());
    // Only the interior cell (3, 3) is free: no tetromino can fill it.
    let mut inner = Grid::EMPTY;
    for i in 0..49u8 {
        let c = Cell::new(i / 7, i % 7);
        if c != Cell::CENTRE {
            inner.write(c, O);
        }
    }
    assert!(!inner.can_fill());
    // Two free interior cells side by side: still closed (a domino needs overhang).
    let circles: Vec<u8> = (0..49).filter(|&i| i != 24 && i != 25).collect();
    let two: Grid = serde_json::from_value(serde_json::json!([circles, [], []])).unwrap();
    assert!(!two.can_fill());
    // A free interior 1×4 line can take an I.
    let line: Grid = "ooooooo
                      o....oo
                      ooooooo
                      ooooooo
                      ooooooo
                      ooooooo
                      ooooooo"
        .parse()
        .unwrap();
    assert!(line.can_fill());
}

#[test]
fn ties_share_the_win() {
    let s = State::new(&blank_config(3)).unwrap();
    let mut v = serde_json::to_value(&s).unwrap();
    let g = grid(
        "ooooo..
         .......
         .......
         .......
         .......
         .......
         .......",
    );
    let closed = grid(RULEBOOK_CARD);
    v["grids"][0] = serde_json::to_value(g).unwrap();
    v["grids"][1] = serde_json::to_value(g).unwrap();
    v["grids"][2] = serde_json::to_value(closed).unwrap();
    v["phase"] = serde_json::json!({"Over": {"CardClosed": 4}});
    let s = settle(v);
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.scores, vec![5, 5, 101]);
    assert_eq!(outcome.winners, SeatSet::single(Seat(2)));
    let mut v = serde_json::to_value(&s).unwrap();
    v["grids"][0] = serde_json::to_value(closed).unwrap();
    v["phase"] = serde_json::json!({"Over": {"CardClosed": 5}});
    let s = settle(v);
    assert_eq!(s.outcome().unwrap().winners, SeatSet::from_bits(0b101));
}

#[test]
fn start_cells_are_configurable() {
    // Standard: the centre, circle triangle cross circle.
    let standard = State::standard_config(4, 3).unwrap();
    for (i, card) in standard.cards.iter().enumerate() {
        assert_eq!(card.start_cell, Some(Cell::CENTRE));
        assert_eq!(card.start_symbol, Some(mosaix::STANDARD_SYMBOLS[i]));
    }
    // Another layout: a fan app's cells, and a blank card.
    let mut config = Config::with_start(3, Seat(2)).unwrap();
    config.cards = vec![
        Card::printed(Cell::new(2, 2), X),
        Card::printed(Cell::new(4, 4), T),
        Card::BLANK,
    ];
    let s = State::new(&config).unwrap();
    assert_eq!(s.grid(Seat(0)).unwrap().symbol_at(Cell::new(2, 2)), Some(X));
    assert_eq!(s.grid(Seat(1)).unwrap().symbol_at(Cell::new(4, 4)), Some(T));
    assert_eq!(s.grid(Seat(2)).unwrap().filled_count(), 0);
    assert_eq!(s.roller(), Seat(2));
    // The printed cell cannot be entered on.
    let mut s = s;
    let o = Formation::canonical(Tetromino::O, [O, O, O, O]);
    roll_and_arrange(&mut s, [O, O, O, O], o);
    let on_printed = marks(&[(1, 1, O), (1, 2, O), (2, 1, O), (2, 2, O)]);
    assert_refused(
        &s,
        &Action::Enter {
            seat: Seat(0),
            marks: on_printed,
        },
        mosaix::Error::CellTaken,
    );
    assert!(s
        .apply(&Action::Enter {
            seat: Seat(2),
            marks: on_printed
        })
        .is_ok());
}

// ---- Solo ------------------------------------------------------------------------------

fn solo() -> State {
    State::new(&State::standard_config(1, 0).unwrap()).unwrap()
}

#[test]
fn solo_dropped_symbols_cross_boxes_and_free_boxes_score() {
    let mut s = solo();
    assert_eq!(s.free_boxes(), Some(8));
    assert_eq!(s.scores(), vec![8]);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    // Two symbols on the card, two dropped over the left edge.
    let m = marks(&[(0, 0, T), (0, 1, X)]);
    s.apply_in_place(&Action::Enter {
        seat: Seat(0),
        marks: m,
    })
    .unwrap();
    assert_eq!(s.free_boxes(), Some(6));
    assert_eq!(s.scores(), vec![6]);
    assert_eq!(s.turn(), Turn::Chance);
}

#[test]
fn solo_no_drop_beyond_the_free_boxes() {
    // Five symbols entered far from the top left: two entries, seven symbols dropped.
    let card = grid(
        ".......
         .......
         .......
         ...o...
         .......
         .......
         ..xxxxx",
    );
    let mut s = with_solo(&solo(), card, 7);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let list = entries(&s, Seat(0));
    assert!(list.iter().all(|m| m.len() >= 3));
    assert!(list.iter().any(|m| m.len() == 3));
    assert_refused(
        &s,
        &Action::Enter {
            seat: Seat(0),
            marks: marks(&[(0, 0, T), (0, 1, X)]),
        },
        mosaix::Error::TooManyDropped {
            dropped: 2,
            free: 1,
        },
    );
}

#[test]
fn solo_with_all_boxes_crossed_every_symbol_is_entered_or_the_game_ends() {
    // Four symbols entered: three entries, eight symbols dropped.
    let card = grid(
        ".......
         .......
         .......
         ...o...
         .......
         .......
         ...xxxx",
    );
    let mut s = with_solo(&solo(), card, 8);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let list = entries(&s, Seat(0));
    assert!(!list.is_empty());
    assert!(list.iter().all(|m| m.len() == 4));
    // A card where no I fits whole: only ending is left.
    let mut g = grid(
        "ooo.ooo
         ooo.ooo
         ooo.ooo
         .......
         ooo.ooo
         ooo.ooo
         ooo.ooo",
    );
    // Keep the printed centre circle; cut the free lines to three cells each.
    g.write(Cell::new(3, 3), O);
    let mut s = with_solo(&solo(), g, 8);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    only_ending_is_left(&mut s);
}

/// The solo player, stuck, may only end the game (a pass is refused): ending, the game is over
/// because the formation could not be entered.
fn only_ending_is_left(s: &mut State) {
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal, vec![Action::End { seat: Seat(0) }]);
    assert_refused(
        s,
        &Action::Pass { seat: Seat(0) },
        mosaix::Error::SoloCannotPass,
    );
    s.apply_in_place(&Action::End { seat: Seat(0) }).unwrap();
    assert_eq!(s.end_reason(), Some(EndReason::CannotEnter));
    assert_eq!(s.turn(), Turn::Over);
}

#[test]
fn solo_stuck_ends_the_game_by_default() {
    let s0 = State::new(&State::standard_config(1, 0).unwrap()).unwrap();
    let mut s = with_solo(&s0, solo_stuck_card(), 6);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    only_ending_is_left(&mut s);
}

#[test]
fn solo_stuck_may_pass_with_the_flag_while_boxes_are_free() {
    let mut config = State::standard_config(1, 0).unwrap();
    config.solo_stuck = mosaix::SoloStuck::Pass;
    let s0 = State::new(&config).unwrap();
    // Another shape would fit: the T.
    let mut t = with_solo(&s0, solo_t_only_card(), 7);
    let t_form = Formation::canonical(Tetromino::T, [O, O, T, X]);
    roll_and_arrange(&mut t, [O, O, T, X], t_form);
    assert!(!entries(&t, Seat(0)).is_empty());
    let mut s = with_solo(&s0, solo_t_only_card(), 7);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(
        legal,
        vec![
            Action::Pass { seat: Seat(0) },
            Action::End { seat: Seat(0) }
        ]
    );
    let ended = s.apply(&Action::End { seat: Seat(0) }).unwrap();
    assert_eq!(ended.end_reason(), Some(EndReason::PlayerEnded));
    s.apply_in_place(&Action::Pass { seat: Seat(0) }).unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.free_boxes(), Some(1));
    // With all boxes crossed the rulebook ends the game under either reading.
    let mut s = with_solo(&s0, solo_corners_card(), 8);
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    only_ending_is_left(&mut s);
}

/// "Ist das nicht mehr möglich, endet das Spiel": with `SoloStuck::Pass`, when no formation of
/// any shape fits within the free boxes (only the corners free, two boxes left: any shape on a
/// corner alone drops three), a pass would change nothing and could repeat forever, so ending
/// is the only action.
#[test]
fn solo_pass_flag_ends_when_no_shape_fits_any_more() {
    let mut config = State::standard_config(1, 0).unwrap();
    config.solo_stuck = mosaix::SoloStuck::Pass;
    let s0 = State::new(&config).unwrap();
    let mut s = with_solo(&s0, solo_stuck_card(), 6);
    assert!(s.grid(Seat(0)).unwrap().can_fill());
    let t_form = Formation::canonical(Tetromino::T, [O, O, T, X]);
    roll_and_arrange(&mut s, [O, O, T, X], t_form);
    only_ending_is_left(&mut s);
}

#[test]
fn solo_player_may_end_at_any_decision() {
    let mut s = solo();
    s.apply_in_place(&Action::Roll(Roll::new([O, O, O, O])))
        .unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(legal.contains(&Action::End { seat: Seat(0) }));
    let ended = s.apply(&Action::End { seat: Seat(0) }).unwrap();
    assert_eq!(ended.end_reason(), Some(EndReason::PlayerEnded));
    assert_eq!(ended.scores(), vec![8]);
    assert_eq!(ended.solo_rating(), Some(SoloRating::Lost));
    let form = i_of([O, O, O, O]);
    s.apply_in_place(&Action::Arrange {
        seat: Seat(0),
        formation: form,
    })
    .unwrap();
    s.legal_actions(&mut legal);
    assert!(legal.contains(&Action::End { seat: Seat(0) }));
    assert!(s.apply(&Action::End { seat: Seat(0) }).is_ok());
}

#[test]
fn solo_thresholds() {
    assert_eq!(SOLO_WIN, 120);
    assert_eq!(SOLO_OUTSTANDING, 130);
    assert_eq!(SoloRating::of(119), SoloRating::Lost);
    assert_eq!(SoloRating::of(120), SoloRating::Won);
    assert_eq!(SoloRating::of(129), SoloRating::Won);
    assert_eq!(SoloRating::of(130), SoloRating::Outstanding);
    // The rulebook card with 8 free boxes: 101 + 8 = 109, not yet a win. (Its walled-in cell
    // closed the card, which ended the game.)
    let g = grid(RULEBOOK_CARD);
    // The rulebook card has a cross at the centre: use a blank solo card.
    let blank = State::new(&blank_config(1)).unwrap();
    let mut v = serde_json::to_value(&blank).unwrap();
    v["grids"][0] = serde_json::to_value(g).unwrap();
    v["phase"] = serde_json::json!({"Over": {"CardClosed": 1}});
    let done = settle(v);
    assert_eq!(done.scores(), vec![109]);
    assert_eq!(done.solo_rating(), Some(SoloRating::Lost));
}

#[test]
fn display_shows_cards_and_actions() {
    let mut s = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
    let text = s.to_string();
    assert!(text.contains("rolls the dice"), "{text}");
    assert!(text.contains("...o..."), "{text}");
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    assert!(s.to_string().contains("formation I [o o ^ x]"));
    let a = Action::Enter {
        seat: Seat(1),
        marks: marks(&[(0, 0, T), (0, 1, X)]),
    };
    assert_eq!(
        a.to_string(),
        "seat 1 enters ^ at (0, 0), x at (0, 1) (drops 2)"
    );
    assert_eq!(
        Action::Roll(Roll::new([X, O, T, O])).to_string(),
        "the dice show o o ^ x"
    );
    let solo = solo();
    assert!(solo.to_string().contains("scale [ ][ ]"));
    assert_eq!(Phase::Roll, solo.phase());
}
