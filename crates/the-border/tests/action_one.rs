//! Action 1 lists every segment the active player can complete, a whole 5-space segment with
//! five dice of its colour included (issue 29: it was accepted by `apply` but never listed), and
//! is entered only when there is a segment to complete. docs/rules/the-border.md, action 1: "A
//! segment can be anywhere (no adjacency needed)", completed with as many dice of its colour as it
//! has open spaces, five included.

use dicecore::conformance::check_id_space;
use dicecore::faces::Colour;
use dicecore::{Dice, Game, Seat, Turn};
use serde_json::{json, Value};
use the_border::{Action, Phase, State};

/// The state of issue 29: seat 0 on board D at action 1 with five yellow dice, nothing crossed
/// but the white spaces.
fn issue_29() -> Value {
    json!({"config": {"seats": 2, "first_player": 0, "boards": [{"Standard": "D"}, {"Standard": "A"}],
        "chain_within_action": true}, "phase": "Crossing", "active": 0, "rolls": 3, "pending": 0,
        "dice": [0, 0, 0, 0, 5, 0], "used": [0, 0, 0, 0, 0, 0], "to_act": 0,
        "pool": [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]], "left": [0, 0], "start": [[], []],
        "crossed": [[0, 85], [0, 85]], "points": [[0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]], "claimed": 0, "claimed_now": 0})
}

fn load(value: Value) -> State {
    serde_json::from_value(value).expect("the state loads")
}

fn complete(segment: u8) -> Action {
    Action::Complete {
        seat: Seat(0),
        segment,
    }
}

/// Seat 0's listed actions, and every completion `apply` accepts (each segment tried).
fn listed_and_accepted(s: &State) -> (Vec<Action>, Vec<Action>) {
    let mut legal = Vec::new();
    s.legal_actions_for(Seat(0), &mut legal);
    let segments = s.board(Seat(0)).segments().len() as u8;
    let accepted = (0..segments)
        .map(complete)
        .filter(|a| s.apply(a).is_ok())
        .collect();
    (legal, accepted)
}

/// Draws `draws` times and returns what was drawn, in order of first draw.
fn drawn(s: &State, draws: usize) -> Vec<Action> {
    let mut dice = Dice::from_seed(29);
    let mut scratch = Vec::new();
    let mut seen = Vec::new();
    for _ in 0..draws {
        let a = s.sample_action(Seat(0), &mut dice, &mut scratch).unwrap();
        if !seen.contains(&a) {
            seen.push(a);
        }
    }
    seen
}

/// The issue's state: segment 2 (five open yellow spaces) is listed besides 1, 7 and 15, and
/// every completion listed is one `apply` accepts and the other way round; `sample_action`
/// draws it; every id is listed exactly when `apply` accepts its action.
#[test]
fn issue_29_lists_the_whole_five_space_segment() {
    let s = load(issue_29());
    assert_eq!(s.phase(), Phase::Crossing);
    assert_eq!(s.board(Seat(0)).segments()[2].spaces.count(), 5);
    let (legal, accepted) = listed_and_accepted(&s);
    assert!(legal.contains(&complete(2)), "{legal:?}");
    for k in [1, 7, 15] {
        assert!(legal.contains(&complete(k)), "segment {k}: {legal:?}");
    }
    let completions: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Complete { .. }))
        .collect();
    let mut sorted = completions.clone();
    sorted.sort_by_key(|a| format!("{a:?}"));
    let mut expected = accepted.clone();
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(sorted, expected);
    assert_eq!(legal.len(), accepted.len() + 1, "the completions and Done");
    assert!(legal.contains(&Action::Done(Seat(0))));
    assert_eq!(drawn(&s, 40 * legal.len()).len(), legal.len());
    check_id_space(&s, &mut Dice::from_seed(1)).unwrap();
}

/// Every 5-space segment of every standard board, with nothing crossed and five dice of its
/// colour: listed, drawn, and completed as listed.
#[test]
fn every_five_space_segment_is_listed_with_five_dice() {
    for board in ["A", "B", "C", "D"] {
        let mut value = issue_29();
        value["config"]["boards"][0] = json!({"Standard": board});
        let s = load(value.clone());
        let segments = s.board(Seat(0)).segments().to_vec();
        let mut fives = 0;
        for (k, seg) in segments.iter().enumerate() {
            if seg.spaces.count() != 5 {
                continue;
            }
            fives += 1;
            let mut dice = [0u8; 6];
            dice[seg.colour.index()] = 5;
            value["dice"] = json!(dice);
            let s = load(value.clone());
            let (legal, accepted) = listed_and_accepted(&s);
            assert!(
                legal.contains(&complete(k as u8)),
                "board {board}, segment {k}: {legal:?}"
            );
            assert_eq!(legal.len(), accepted.len() + 1, "board {board}, {legal:?}");
            assert!(drawn(&s, 40 * legal.len()).contains(&complete(k as u8)));
            let next = s.apply(&complete(k as u8)).unwrap();
            assert!(seg.spaces.is_subset(&next.crossed(Seat(0))));
            // All five dice used: action 1 is over.
            assert_ne!(next.phase(), Phase::Crossing);
        }
        assert_eq!(fives, 6, "board {board}: one 5-space segment per colour");
    }
}

/// When the only segment left to complete is a whole 5-space one, action 1 offers it (it used
/// to offer only `Done`); with one die fewer, nothing can be completed and a loaded state at
/// action 1 is refused, as the engine goes on to action 2 by itself.
#[test]
fn a_five_space_segment_alone_is_offered() {
    let base = load(issue_29());
    let board = base.board(Seat(0));
    let ids = board.colour_segment_ids(Colour::Yellow);
    let five = *ids
        .iter()
        .find(|&&k| board.segments()[k as usize].spaces.count() == 5)
        .unwrap();
    let mut crossed = base.crossed(Seat(0));
    for &k in ids.iter().filter(|&&k| k != five) {
        crossed |= board.segments()[k as usize].spaces;
    }
    let mut value = issue_29();
    value["crossed"][0] = serde_json::to_value(crossed).unwrap();
    let s = load(value.clone());
    assert_eq!(s.turn(), Turn::Seat(Seat(0)));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal, vec![complete(five), Action::Done(Seat(0))]);
    assert_eq!(drawn(&s, 80).len(), 2);
    check_id_space(&s, &mut Dice::from_seed(2)).unwrap();
    // Four yellow dice complete nothing: action 1 is not a position to be in.
    value["dice"] = json!([0, 0, 0, 0, 4, 1]);
    assert!(serde_json::from_value::<State>(value).is_err());
}
