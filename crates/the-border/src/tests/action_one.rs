//! Action 1: the active player completes whole segments; the unused dice go to the others.

use super::*;

/// Sara: after her third roll she has 3 grey, 1 yellow, 1 blue; she may complete the grey
/// 3-segment or the grey 2-segment, but nothing with yellow or blue.
#[test]
fn sara_completes_whole_segments_only() {
    let mut s = new(3);
    at_crossing(&mut s, 0, ds(&[Grey, Grey, Grey, Yellow, Blue]));
    let mut acts = Vec::new();
    s.legal_actions(&mut acts);
    let g2 = segment_index(&s, 0, Grey, 2) as u8;
    let g3 = segment_index(&s, 0, Grey, 3) as u8;
    let mut want = vec![
        Action::Complete {
            seat: Seat(0),
            segment: g2,
        },
        Action::Complete {
            seat: Seat(0),
            segment: g3,
        },
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    let mut got: Vec<Action> = acts
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Complete { .. }))
        .collect();
    got.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want);
    assert!(acts.contains(&Action::Done(Seat(0))));
    let y4 = segment_index(&s, 0, Yellow, 4) as u8;
    refused(
        &s,
        Action::Complete {
            seat: Seat(0),
            segment: y4,
        },
        Error::NotEnoughDice {
            colour: Yellow,
            needed: 4,
            available: 1,
        },
    );
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: g3,
        },
    );
    let seg = s.board(Seat(0)).segments()[g3 as usize].spaces;
    assert!(seg.is_subset(&s.crossed(Seat(0))));
    // Nothing else can be completed: action 2 starts with the yellow and blue dice.
    assert_eq!(s.phase(), Phase::Others);
    for seat in [Seat(1), Seat(2)] {
        assert_eq!(s.available(seat), (ds(&[Yellow, Blue]), 2));
        // Only spaces of those colours next to the white spaces.
        let board = s.board(seat);
        let want = (reach_of(board, &board.white())
            & (board.colour_spaces(Yellow) | board.colour_spaces(Blue)))
            - board.white();
        assert_eq!(s.crossable(seat.index()), want);
        assert_eq!(s.to_act.contains(seat), !want.is_empty());
    }
}

/// Rulebook, action 1: the segment "não tem de estar ligado a outros espaços já traçados" —
/// a segment far from every crossed space can be completed; a single space of it cannot be
/// crossed on its own (no `Cross` in action 1).
#[test]
fn action_1_segments_need_no_adjacency() {
    let mut s = new(2);
    let board = Arc::clone(&s.setup.boards[0]);
    let near = reach_of(&board, &board.white());
    let (k, seg) = board
        .segments()
        .iter()
        .enumerate()
        .find(|(_, g)| !g.spaces.intersects(&near) && g.spaces.count() == 5)
        .unwrap();
    at_crossing(&mut s, 0, ds(&[seg.colour; 5]));
    refused(
        &s,
        cross(0, seg.spaces.first().unwrap() as u8),
        Error::NotSecondAction,
    );
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: k as u8,
        },
    );
    assert!(seg.spaces.is_subset(&s.crossed(Seat(0))));
    assert_eq!(s.used(), ds(&[seg.colour; 5]));
}

/// Luis: 4 yellow and 1 red complete three partly crossed segments (yellow 5, yellow 4,
/// red 3); every other player then picks one of his five dice.
#[test]
fn luis_uses_all_five_dice_and_the_others_pick_one() {
    let mut s = new(4);
    let y5 = segment_index(&s, 0, Yellow, 5);
    let y4 = segment_index(&s, 0, Yellow, 4);
    let r3 = segment_index(&s, 0, Red, 3);
    let segs = s.board(Seat(0)).segments().to_vec();
    let part = |set: Spaces, keep_open: usize| -> Spaces { set.iter().skip(keep_open).collect() };
    let pre = part(segs[y5].spaces, 2) | part(segs[y4].spaces, 2) | part(segs[r3].spaces, 1);
    set_crossed(&mut s, 0, pre);
    // The others can each reach a yellow space.
    for i in 1..4 {
        let board = Arc::clone(&s.setup.boards[i]);
        let y = board.colour_spaces(Yellow).first().unwrap();
        set_crossed(&mut s, i, board.neighbours(y) - board.colour_spaces(Yellow));
    }
    at_crossing(&mut s, 0, ds(&[Yellow, Yellow, Yellow, Yellow, Red]));
    for seg in [y5, y4, r3] {
        apply(
            &mut s,
            Action::Complete {
                seat: Seat(0),
                segment: seg as u8,
            },
        );
    }
    assert_eq!(s.used(), s.dice());
    assert_eq!(s.phase(), Phase::Others);
    for i in 1..4 {
        assert_eq!(s.available(Seat(i)), (s.dice(), 1));
    }
    // Seat 1 crosses one yellow space and is done: one die only.
    let y = s
        .crossable(1)
        .iter()
        .find(|&x| s.board(Seat(1)).spaces()[x].colour == Some(Yellow))
        .unwrap();
    apply(&mut s, cross(1, y as u8));
    assert!(!s.to_act.contains(Seat(1)));
    assert_eq!(s.available(Seat(1)).1, 0);
}

#[test]
fn unused_dice_go_to_the_others() {
    let mut s = new(2);
    at_crossing(&mut s, 0, ds(&[Grey, Grey, Green, Blue, Red]));
    let g2 = segment_index(&s, 0, Grey, 2) as u8;
    // None used: all five.
    let mut none = s.clone();
    apply(&mut none, Action::Done(Seat(0)));
    assert_eq!(none.pool[1], ds(&[Grey, Grey, Green, Blue, Red]));
    assert_eq!(none.left[1], 5);
    // Some used: the rest.
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: g2,
        },
    );
    assert_eq!(s.pool[1], ds(&[Green, Blue, Red]));
    assert_eq!(s.left[1], 3);
}
