//! Illegal actions, bad configs and corrupted or inconsistent saved states are refused and change nothing.

use super::*;

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let s = new(2);
    // At the roll.
    refused(&s, Action::Stop(Seat(0)), Error::DiceRolling);
    refused(
        &s,
        Action::Roll(ds(&[Grey, Grey])),
        Error::WrongDiceCount {
            expected: 5,
            found: 2,
        },
    );
    let mut s1 = s.clone();
    apply(&mut s1, Action::Roll(ds(&[Grey, Grey, Red, Blue, Orange])));
    refused(&s1, Action::Roll(ds(&[Grey])), Error::NoRollPending);
    refused(&s1, Action::Stop(Seat(1)), Error::NotYourTurn(Seat(1)));
    refused(&s1, Action::Stop(Seat(9)), Error::NotYourTurn(Seat(9)));
    refused(
        &s1,
        Action::Reroll {
            seat: Seat(0),
            dice: DiceSet::EMPTY,
        },
        Error::EmptyReroll,
    );
    refused(
        &s1,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Yellow]),
        },
        Error::NotShowing(ds(&[Yellow])),
    );
    refused(&s1, Action::Done(Seat(0)), Error::StillRolling);
    refused(
        &s1,
        Action::Complete {
            seat: Seat(0),
            segment: 0,
        },
        Error::NotFirstAction,
    );
    refused(&s1, cross(1, 1), Error::NotSecondAction);
    // Action 1.
    let mut s2 = s.clone();
    at_crossing(&mut s2, 0, ds(&[Grey, Grey, Red, Blue, Orange]));
    refused(
        &s2,
        Action::Complete {
            seat: Seat(0),
            segment: 99,
        },
        Error::NoSuchSegment(99),
    );
    let g2 = segment_index(&s2, 0, Grey, 2);
    let mut done = s2.clone();
    let seg = done.board(Seat(0)).segments()[g2].spaces;
    set_crossed(&mut done, 0, seg);
    refused(
        &done,
        Action::Complete {
            seat: Seat(0),
            segment: g2 as u8,
        },
        Error::SegmentComplete(g2 as u8),
    );
    refused(
        &s2,
        Action::Complete {
            seat: Seat(1),
            segment: g2 as u8,
        },
        Error::NotYourTurn(Seat(1)),
    );
    refused(&s2, Action::Done(Seat(1)), Error::NotYourTurn(Seat(1)));
    refused(
        &s2,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Red]),
        },
        Error::NotRolling,
    );
    // Action 2.
    let mut s3 = s2.clone();
    apply(&mut s3, Action::Done(Seat(0)));
    assert_eq!(s3.phase(), Phase::Others);
    refused(&s3, cross(0, 1), Error::NotYourTurn(Seat(0)));
    refused(&s3, cross(1, 200), Error::NoSuchSpace(200));
    refused(&s3, cross(1, 0), Error::AlreadyCrossed(0));
    let board = s3.board(Seat(1)).clone();
    let far = (board.all() - reach_of(&board, &board.white()))
        .iter()
        .find(|&x| {
            board.spaces()[x]
                .colour
                .is_some_and(|c| s3.pool[1].count(c) > 0)
        })
        .unwrap();
    refused(&s3, cross(1, far as u8), Error::NotAdjacent(far as u8));
    let no_die = (reach_of(&board, &board.white()) - board.white())
        .iter()
        .find(|&x| {
            board.spaces()[x]
                .colour
                .is_some_and(|c| s3.pool[1].count(c) == 0)
        })
        .unwrap();
    let c = board.spaces()[no_die].colour.unwrap();
    refused(&s3, cross(1, no_die as u8), Error::NoDieOfColour(c));
    let mut empty = s3.clone();
    empty.left[1] = 0;
    refused(&empty, cross(1, no_die as u8), Error::NoDiceLeft);
    refused(&s3, Action::Stop(Seat(1)), Error::NotRolling);
    // Over.
    let mut over = s.clone();
    over.phase = Phase::Over;
    refused(&over, Action::Done(Seat(0)), Error::GameOver);
    refused(&over, Action::Roll(ds(&[Grey; 5])), Error::GameOver);
}

#[test]
fn bad_configs_are_refused() {
    assert_eq!(State::new(&Config::new(1)), Err(Error::PlayerCount(1)));
    assert_eq!(State::standard_config(5, 0), Err(Error::PlayerCount(5)));
    let mut c = Config::new(2);
    c.first_player = Seat(2);
    assert_eq!(State::new(&c), Err(Error::StartSeat(Seat(2))));
    let mut c = Config::new(3);
    c.boards.pop();
    assert_eq!(
        State::new(&c),
        Err(Error::BoardCount {
            seats: 3,
            boards: 2
        })
    );
    let mut c = Config::new(2);
    c.boards[1] = BoardSource::Map("map\nww".into());
    assert!(matches!(
        State::new(&c),
        Err(Error::Map { seat: Seat(1), .. })
    ));
    // A valid map with other values is another geometry.
    let mut c = Config::new(2);
    c.boards[1] = BoardSource::Map(
        crate::BoardId::B
            .map()
            .replace("area 6 well 4 2", "area 6 well 3 1"),
    );
    assert_eq!(State::new(&c), Err(Error::BoardsDiffer(Seat(1))));
    // A custom map with the same geometry is accepted.
    let mut c = Config::new(2);
    c.boards[1] = BoardSource::Map(crate::BoardId::D.map().to_string());
    assert!(State::new(&c).is_ok());
}

#[test]
fn serde_round_trip_and_corrupted_states() {
    let config = State::standard_config(4, 3).unwrap();
    let mut m: Match<State> = Match::new(config, 3).unwrap();
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
        .collect();
    for _ in 0..200 {
        m.step(&mut agents).unwrap();
    }
    let s = m.state().clone();
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let corrupt = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        f(&mut v);
        serde_json::from_value::<State>(v).is_err()
    };
    assert!(corrupt(&|v| v["active"] = 7.into()));
    assert!(corrupt(&|v| v["crossed"][0] = serde_json::json!([1, 2])));
    assert!(corrupt(
        &|v| v["crossed"][0] = serde_json::json!([0, 85, 200])
    ));
    assert!(corrupt(&|v| v["points"][1][0] = 99.into()));
    assert!(corrupt(&|v| v["pending"] = 9.into()));
    assert!(corrupt(&|v| v["phase"] = "Over".into()));
    assert!(corrupt(&|v| v["claimed"] = 4096.into()));
    assert!(corrupt(&|v| {
        v["pool"].as_array_mut().unwrap().pop();
    }));
    assert!(corrupt(&|v| v["config"]["seats"] = 9.into()));
}

/// The segments touching `spaces`, whole: a set of crossed spaces that action 1 alone can
/// produce.
fn whole_segments(board: &Board, spaces: Spaces) -> Spaces {
    board
        .segments()
        .iter()
        .filter(|g| !(g.spaces & spaces).is_empty())
        .fold(board.white(), |m, g| m | g.spaces)
}

/// Gives seat `i` the crossed spaces `set` and the first value of every area they complete,
/// marked as taken.
fn first_on_all(s: &mut State, i: usize, set: Spaces) {
    set_crossed(s, i, set);
    let board = Arc::clone(&s.setup.boards[i]);
    for (a, area) in board.areas().iter().enumerate() {
        if s.done[i] & (1 << a) != 0 {
            s.points[i][a] = area.high;
            s.claimed |= 1 << a;
        }
    }
    s.scores[i] = s.points[i].iter().map(|&p| p as u16).sum();
}

/// A deserialised state in which someone completed an area that is not marked as taken would
/// give the next completer the high value: refused.
#[test]
fn completed_areas_must_be_marked_taken_in_loaded_states() {
    let mut s = new(2);
    let (_, well) = area(&s, "well");
    let board = Arc::clone(&s.setup.boards[1]);
    first_on_all(&mut s, 1, whole_segments(&board, well.border));
    let value = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(value.clone()).unwrap(), s);
    let mut v = value.clone();
    v["claimed"] = 0.into();
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(
        e.contains("was completed, but it is not marked as taken"),
        "{e}"
    );
    // A finished game may not be resumed at the dice.
    let mut v = value;
    v["phase"] = "Deciding".into();
    v["rolls"] = 1.into();
    v["pending"] = 0.into();
    v["dice"] = serde_json::json!([5, 0, 0, 0, 0, 0]);
    serde_json::from_value::<State>(v.clone()).unwrap();
    let six = board.areas()[..6]
        .iter()
        .fold(Spaces::EMPTY, |acc, a| acc | a.border);
    let mut ended = s.clone();
    first_on_all(&mut ended, 1, whole_segments(&board, six));
    let e = serde_json::to_value(&ended).unwrap();
    for field in ["crossed", "points", "claimed"] {
        v[field] = e[field].clone();
    }
    assert!(serde_json::from_value::<State>(v)
        .unwrap_err()
        .to_string()
        .contains("phase"));
}
