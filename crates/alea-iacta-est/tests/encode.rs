//! The observation tensor at fixed offsets in one hand-checked position, and the action ids of
//! a few actions (the layout is documented on `impl Encode for State`).

use alea_iacta_est::{Action, Config, Faces, State};
use dicecore::{Encode, Game, Seat};

fn faces(v: &[u8]) -> Faces {
    Faces::from_values(v).unwrap()
}

#[test]
fn observation_layout_in_one_position() {
    // 4 players, seat 0 starts; the lowest provinces and patricians are revealed.
    let config = Config::with_start(4, Seat(0)).unwrap();
    let mut s = State::new(&config).unwrap();
    let mut buf = Vec::new();
    while s.turn() == dicecore::Turn::Chance && s.rolled().is_empty() {
        s.legal_actions(&mut buf);
        if matches!(buf[0], Action::Roll(_)) {
            break;
        }
        s.apply_in_place(&buf[0]).unwrap();
    }
    s.apply_in_place(&Action::Roll(faces(&[1, 2, 3, 4, 5, 6, 6, 6])))
        .unwrap();
    let senatus = Action::Senatus {
        seat: Seat(0),
        dice: faces(&[1, 2, 3]),
    };
    s.apply_in_place(&senatus).unwrap();
    // Seat 1 observes: its own block first, seat 0 is relative seat 3.
    let o = s.observation(Seat(1));
    assert_eq!(o.len(), 944);
    let seat0 = 3 * 163;
    assert_eq!(o[seat0], 5.0 / 8.0, "seat 0 holds 5 dice");
    assert_eq!(o[0], 1.0, "seat 1 holds 8 dice");
    assert_eq!(&o[seat0 + 9..seat0 + 15], &[1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(o[162], 0.0, "seat 1 scores nothing yet");
    let public = 4 * 163 + 6 * (6 + 4);
    assert_eq!(
        &o[public..public + 5],
        &[1.0, 1.0, 1.0, 1.0, 0.0],
        "provinces 0-3 shown"
    );
    let roll = public + 122 + 4 + 2 + 36 + 19;
    assert_eq!(o[roll + 12], 1.0, "8 dice rolling for seat 1");
    let phase = roll + 13;
    assert_eq!(o[phase + 2], 1.0, "the roll phase");
    assert_eq!(o[phase + 11 + 3], 1.0, "a chance event is pending");
    let round = phase + 15;
    assert_eq!(o[round], 1.0, "round 1");
    let seats = round + 5;
    assert_eq!(&o[seats..seats + 4], &[0.0; 4], "nobody decides at a roll");
    assert_eq!(o[seats + 4], 1.0, "seat 1 (relative 0) is in turn");
    assert_eq!(o[seats + 8 + 3], 1.0, "seat 0 (relative 3) started");
    assert_eq!(seats + 16, o.len());
    // The same position seen by seat 0: its own straight in block 0.
    let o = s.observation(Seat(0));
    assert_eq!(&o[9..15], &[1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(o[seats + 4 + 1], 1.0, "seat 1 (relative 1) is in turn");
    // Ids: the placement just made, and its decoding for another seat.
    let id = State::action_id(&config, &senatus).unwrap();
    assert!(id >= State::max_chance_outcomes(&config));
    assert_eq!(
        State::action_from_id(&config, Seat(2), id),
        Some(Action::Senatus {
            seat: Seat(2),
            dice: faces(&[1, 2, 3])
        })
    );
    // Nothing a state could list: three runs in the Senatus, a face counted twice.
    let bad = Action::Senatus {
        seat: Seat(0),
        dice: faces(&[1, 3, 5]),
    };
    assert_eq!(State::action_id(&config, &bad), None);
    let bad = Action::Forum {
        seat: Seat(0),
        dice: faces(&[2, 2]),
    };
    assert_eq!(State::action_id(&config, &bad), None);
    // With 2 players there is no Templum.
    let two = Config::with_start(2, Seat(0)).unwrap();
    let templum = Action::Templum {
        seat: Seat(0),
        dice: faces(&[5]),
    };
    assert_eq!(State::action_id(&two, &templum), None);
    assert!(State::action_id(&config, &templum).is_some());
}

#[test]
fn observation_scales_the_dice_of_a_roll_by_the_eight_a_player_holds() {
    // The roll's faces are counted per value and divided by 8 (cargo-mutants: a `%` in place
    // of that division went unnoticed).
    let config = Config::with_start(4, Seat(0)).unwrap();
    let mut s = State::new(&config).unwrap();
    let mut buf = Vec::new();
    loop {
        s.legal_actions(&mut buf);
        if matches!(buf[0], Action::Roll(_)) {
            break;
        }
        s.apply_in_place(&buf[0]).unwrap();
    }
    s.apply_in_place(&Action::Roll(faces(&[1, 2, 3, 4, 5, 6, 6, 6])))
        .unwrap();
    let o = s.observation(Seat(1));
    let roll = 4 * 163 + 6 * (6 + 4) + 122 + 4 + 2 + 36 + 19;
    let eighths = [1.0, 1.0, 1.0, 1.0, 1.0, 3.0].map(|n: f32| n / 8.0);
    assert_eq!(&o[roll..roll + 6], &eighths, "faces 1 to 6 of the roll");
}
