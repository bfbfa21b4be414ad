//! The setup, the rolls, and the round: turns, passes and the round's end.

use super::*;

#[test]
fn setup_table() {
    for (n, templum, cols, shown, rounds, deck) in [
        (2u8, false, 4u8, 2u32, 6u8, 18u8),
        (3, false, 5, 3, 6, 18),
        (4, true, 6, 4, 5, 19),
        (5, true, 7, 5, 5, 19),
    ] {
        let s = game(n);
        let c = &s.config;
        assert_eq!(c.templum(), templum);
        assert_eq!(c.forum_columns(), cols);
        assert_eq!(s.provinces_shown.count_ones(), shown);
        assert_eq!(s.patricians_shown.count_ones(), cols as u32);
        assert_eq!(c.rounds(), rounds);
        assert_eq!(s.senate_deck.iter().sum::<u8>(), deck);
        assert_eq!(s.senate_deck[Card::ManyFortuna.index()], u8::from(n >= 4));
        assert_eq!(s.fortuna_stack, [8, 14, 8]);
        assert_eq!(s.pending, 8);
    }
}

#[test]
fn roll_outcomes_match_dicecore() {
    let mut s = game(2);
    for k in [1u8, 3, 8] {
        s.pending = k;
        s.hand[0] = k;
        let mine = s.chance_outcomes();
        let theirs = dicecore::chance::roll_outcomes(&dicecore::faces::D6, k as usize);
        assert_eq!(mine.len(), theirs.len());
        for ((a, p), (v, q)) in mine.iter().zip(theirs.iter()) {
            assert_eq!(*a, Action::Roll(faces(v)));
            assert_eq!(p, q);
        }
        let mut buf = Vec::new();
        s.legal_actions(&mut buf);
        assert_eq!(buf, mine.iter().map(|x| x.0).collect::<Vec<_>>());
    }
}

/// The pass: every player takes turns until some player has placed their last die; that pass
/// is finished up to the start player's right-hand neighbour, then the round ends.
#[test]
fn pass_and_round_end() {
    let mut s = game(3);
    // Seat 0 places all 8 dice at once in the Castrum.
    roll(&mut s, &[3, 3, 3, 3, 3, 3, 3, 3]);
    ok(
        &mut s,
        Action::Castrum {
            seat: seat(0),
            value: 3,
            count: 8,
            extend: 0,
        },
    );
    assert!(s.is_last_pass());
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    assert_eq!(s.rolled(), faces(&[1, 2, 3, 4, 5, 6, 6, 6]));
    ok(&mut s, forum(1, &[1]));
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    ok(&mut s, forum(2, &[2]));
    // Round end: the Castrum set takes a province (3 shown: a choice), seat 0 first.
    assert_eq!(s.phase, Phase::TakeProvince { seat: seat(0) });
    let prov = s.provinces_shown().into_iter().last().unwrap();
    ok(
        &mut s,
        Action::TakeProvince {
            seat: seat(0),
            province: prov,
        },
    );
    // Forum: seat 1's 1 picks first, then seat 2's 2.
    assert_eq!(s.phase, Phase::TakePatrician { seat: seat(1) });
    let t = s.patricians_shown()[0];
    let gone = Patrician(35);
    assert!(!s.patricians_shown().contains(&gone));
    refused(
        &s,
        Action::TakePatrician {
            seat: seat(1),
            patrician: gone,
        },
        Error::PatricianNotShown(gone),
    );
    ok(
        &mut s,
        Action::TakePatrician {
            seat: seat(1),
            patrician: t,
        },
    );
    assert_eq!(s.phase, Phase::TakePatrician { seat: seat(2) });
    let t2 = s.patricians_shown()[1];
    ok(
        &mut s,
        Action::TakePatrician {
            seat: seat(2),
            patrician: t2,
        },
    );
    // Latrina: 7 unplaced dice each for seats 1 and 2.
    let chips: Vec<u8> = (0..3).map(|p| s.chips(seat(p))).collect();
    assert_eq!(chips, [0, 7, 7]);
    assert_eq!(s.round, 1);
    assert_eq!(s.start, 1, "the start player passes to the left");
    assert_eq!(s.provinces[0], 1 << prov.0);
    assert_eq!(s.patricians[1], 1 << t.0);
    assert_eq!(s.provinces_shown, 0, "new provinces are revealed next");
    assert_eq!(s.phase, Phase::RevealProvinces);
    let hands: Vec<u8> = (0..3).map(|p| s.dice_in_hand(seat(p))).collect();
    assert_eq!(hands, [8, 8, 8], "every player takes 8 dice again");
}

/// "until a player has placed their last die; then the current pass is played out until it is
/// the start player's turn again": a player after the start player finishing ends the round
/// after the start player's right-hand neighbour, without another turn for the start player.
#[test]
fn pass_finished_by_a_middle_player_ends_before_the_start_player() {
    let mut s = game(4);
    // First pass: everyone places one die.
    for p in 0..4 {
        roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
        ok(&mut s, forum(p, &[6 - p]));
    }
    assert!(!s.is_last_pass());
    // Second pass: seat 0 places one die, seat 1 its last seven at once.
    roll(&mut s, &[1, 1, 2, 3, 4, 5, 6]);
    ok(&mut s, senatus(0, &[1, 2, 3]));
    roll(&mut s, &[2, 2, 2, 2, 2, 2, 2]);
    ok(
        &mut s,
        Action::Castrum {
            seat: seat(1),
            value: 2,
            count: 7,
            extend: 0,
        },
    );
    assert!(s.is_last_pass());
    // Seats 2 and 3 still play this pass.
    assert_eq!((s.phase, s.current), (Phase::Roll, 2));
    roll(&mut s, &[1, 1, 3, 4, 5, 5, 6]);
    ok(&mut s, forum(2, &[1]));
    assert_eq!((s.phase, s.current), (Phase::Roll, 3));
    roll(&mut s, &[1, 1, 3, 4, 5, 5, 6]);
    ok(&mut s, forum(3, &[1]));
    // Round over: seat 0 gets no third turn; the evaluation has begun.
    assert_ne!(s.phase, Phase::Roll);
    assert_eq!(s.round, 0);
    assert_eq!(
        s.hand[..4],
        [0, 0, 0, 0],
        "unplaced dice went to the Latrina"
    );
}

/// A seat beyond the table holds nothing: every per-seat query reads it as empty rather than
/// as some other player's holdings.
#[test]
fn a_seat_beyond_the_table_holds_nothing() {
    let mut s = cleared(5);
    for p in 0..5 {
        s.temple_dice[p] = 1;
        s.temple_pips[p] = 6;
        s.chips[p] = 3;
        s.latrina[p] = 2;
        s.hand[p] = 4;
    }
    for beyond in [5, 6, 9, 255] {
        let b = seat(beyond);
        assert_eq!(s.temple(b), (0, 0), "seat {beyond}");
        assert_eq!(
            (s.chips(b), s.latrina(b), s.dice_in_hand(b)),
            (0, 0, 0),
            "seat {beyond}"
        );
        assert_eq!(s.fortuna_kept(b), [0; 3]);
        assert!(s.provinces_of(b).is_empty() && s.patricians_of(b).is_empty());
    }
    assert_eq!(s.temple(seat(4)), (1, 6));
}

/// The engine rests only in phases that can be stored: every state reached by play is in a
/// resting phase, and the steps the engine takes on its own between two actions are not.
#[test]
fn play_rests_only_in_resting_phases() {
    for_each_random_state(64, |s| {
        assert!(s.phase().is_resting(), "{:?}", s.phase());
    });
    let transient = [
        Phase::StartTurn,
        Phase::EndTurn,
        Phase::RoundEnd,
        Phase::TempleKeepSetup,
        Phase::TempleDone,
        Phase::EvalSenate,
        Phase::SenateGive,
        Phase::EvalCastrum,
        Phase::EvalForum,
        Phase::EvalLatrina,
    ];
    for p in transient {
        assert!(!p.is_resting(), "{p:?}");
    }
    for p in [
        Phase::Roll,
        Phase::Place,
        Phase::KeepFortuna,
        Phase::RevealProvinces,
        Phase::Over,
    ] {
        assert!(p.is_resting(), "{p:?}");
    }
}
