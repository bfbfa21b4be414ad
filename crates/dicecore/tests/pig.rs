//! Pig, the worked example game, passes the conformance suite and replays exactly.
use dicecore::conformance::{check_game, run, Settings};
use dicecore::pig::{Pig, PigAction, PigError, PigPositionError};
use dicecore::{Agent, Game, Match, MatchError, RandomAgent, Replay, ReplayError, Seat, Turn};

#[test]
fn conformance_every_player_count() {
    run::<Pig>(&Settings::default().cases(12));
}

#[test]
fn illegal_actions_have_their_own_errors_and_change_nothing() {
    let s = Pig::new(&Pig::standard_config(2, 3).unwrap()).unwrap();
    let Turn::Seat(me) = s.turn() else { panic!() };
    let other = me.next(2);
    let cases = [
        (PigAction::Roll(other), PigError::NotYourTurn(other)),
        (PigAction::Die(3), PigError::NoRollPending),
    ];
    for (a, e) in cases {
        let mut c = s.clone();
        assert_eq!(c.apply_in_place(&a), Err(e));
        assert_eq!(c, s);
    }
    let rolling = s.apply(&PigAction::Roll(me)).unwrap();
    assert_eq!(
        rolling.apply(&PigAction::Hold(me)),
        Err(PigError::DieRolling)
    );
    assert_eq!(
        rolling.apply(&PigAction::Die(7)),
        Err(PigError::NoSuchFace(7))
    );
    let mut bad = Pig::standard_config(2, 0).unwrap();
    bad.seats = 7;
    assert_eq!(Pig::new(&bad), Err(PigError::PlayerCount(7)));
}

#[test]
fn corrupted_state_is_an_error_not_a_panic() {
    let s = Pig::new(&Pig::standard_config(2, 3).unwrap()).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let broken = json.replace("\"scores\":[0,0]", "\"scores\":[0]");
    assert!(serde_json::from_str::<Pig>(&broken).is_err());
}

#[test]
fn match_replay_round_trip_and_first_failing_action() {
    let mut m: Match<Pig> = Match::new(Pig::standard_config(2, 42).unwrap(), 42).unwrap();
    let mut agents: Vec<Box<dyn Agent<Pig>>> =
        vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    m.play_out(&mut agents, 100_000).unwrap();
    let replay = m.replay();
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay<Pig> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.run().unwrap(), *m.state());

    let mut broken = back.clone();
    broken.actions.insert(1, PigAction::Die(9));
    match broken.run() {
        Err(ReplayError::Action { index: 1, .. }) => {}
        other => panic!("expected the second action to fail, got {other:?}"),
    }
    let mut wrong = back;
    wrong.game = "mosaix".into();
    assert!(matches!(wrong.run(), Err(ReplayError::WrongGame { .. })));

    let mut too_few: Vec<Box<dyn Agent<Pig>>> = vec![Box::new(RandomAgent::new(1))];
    let mut m2: Match<Pig> = Match::new(Pig::standard_config(2, 1).unwrap(), 1).unwrap();
    let r = m2.play_out(&mut too_few, 100);
    assert!(matches!(
        r,
        Err(MatchError::NotEnoughAgents { .. }) | Err(MatchError::TooLong(_))
    ));
    assert!(check_game::<Pig>(
        &Pig::standard_config(3, 5).unwrap(),
        5,
        &Settings::default()
    )
    .is_ok());
}

#[test]
fn a_view_prints_the_same_table_as_the_state() {
    let mut s = Pig::new(&Pig::standard_config(2, 3).unwrap()).unwrap();
    let Turn::Seat(me) = s.turn() else { panic!() };
    s.apply_in_place(&PigAction::Roll(me)).unwrap();
    s.apply_in_place(&PigAction::Die(4)).unwrap();
    for seat in [Seat(0), Seat(1)] {
        let shown = s.view(seat).to_string();
        assert_eq!(shown, s.to_string());
        assert!(shown.contains("4 at risk"), "{shown}");
    }
}

#[test]
fn setups_round_trip_and_impossible_positions_are_refused() {
    use dicecore::conformance::run_setup;
    use dicecore::pig::PigSetup;
    use dicecore::FromSetup;
    run_setup::<Pig>(&Settings::default().cases(8));
    let mut config = Pig::standard_config(3, 0).unwrap();
    (config.target, config.start) = (50, Seat(0));
    let ok = PigSetup {
        scores: vec![12, 0, 48],
        to_move: Seat(2),
        turn_total: 7,
        rolling: true,
    };
    let s = Pig::from_setup(&config, &ok).unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.scores(), vec![12, 0, 48]);
    // Holding now wins.
    let s = s.apply(&PigAction::Die(3)).unwrap();
    let s = s.apply(&PigAction::Hold(Seat(2))).unwrap();
    assert_eq!(s.turn(), Turn::Over);
    assert_eq!(Pig::from_setup(&config, &s.to_setup()), Ok(s));
    let bad = |f: fn(&mut PigSetup)| {
        let mut setup = ok.clone();
        f(&mut setup);
        match Pig::from_setup(&config, &setup) {
            Err(PigError::Position(e)) => e,
            other => panic!("not a position that could not arise: {other:?}"),
        }
    };
    assert_eq!(
        bad(|s| s.scores.pop().map(drop).unwrap_or(())),
        PigPositionError::ScoreCount {
            seats: 3,
            scores: 2
        }
    );
    assert_eq!(
        bad(|s| s.to_move = Seat(3)),
        PigPositionError::ToMoveOffTable(Seat(3))
    );
    assert_eq!(
        bad(|s| s.scores[1] = 1),
        PigPositionError::ScoreOfOne(Seat(1))
    );
    assert_eq!(bad(|s| s.turn_total = 1), PigPositionError::TurnTotal(1));
    assert_eq!(
        bad(|s| s.scores = vec![50, 0, 60]),
        PigPositionError::TwoWinners
    );
    // A finished game: the winner held, so nothing is at risk and it is still the winner's
    // "turn".
    assert_eq!(
        bad(|s| s.scores[0] = 55),
        PigPositionError::PlayAfterTheEnd(Seat(0))
    );
    // The message is for a player.
    assert_eq!(
        PigPositionError::ScoreOfOne(Seat(1)).to_string(),
        "seat 1 cannot have banked exactly 1 point: a turn banks 0 or at least 2"
    );
    // Through `PigError`, the message says what kind of refusal it is.
    assert_eq!(
        Pig::from_setup(&config, &PigSetup { turn_total: 1, ..ok.clone() })
            .unwrap_err()
            .to_string(),
        "this position could not arise in play: 1 points at risk cannot arise: a turn total is 0 or 2 to 60000"
    );
    // A saved state whose end flag disagrees with the scores is refused.
    let json = serde_json::to_string(&Pig::new(&config).unwrap()).unwrap();
    let lying = json.replace("\"over\":false", "\"over\":true");
    let e = serde_json::from_str::<Pig>(&lying).unwrap_err();
    assert!(e.to_string().contains("the scores say otherwise"), "{e}");
}

#[test]
fn action_ids_and_tensors() {
    use dicecore::conformance::run_encode;
    use dicecore::Encode;
    run_encode::<Pig>(&Settings::default().cases(8));
    let mut config = Pig::standard_config(3, 0).unwrap();
    (config.target, config.start) = (100, Seat(1));
    assert_eq!(Pig::action_id(&config, &PigAction::Die(0)), None);
    assert_eq!(Pig::action_id(&config, &PigAction::Die(6)), Some(5));
    assert_eq!(Pig::action_from_id(&config, Seat(2), 8), None);
    let mut s = Pig::new(&config).unwrap();
    s.apply_in_place(&PigAction::Roll(Seat(1))).unwrap();
    s.apply_in_place(&PigAction::Die(5)).unwrap();
    s.apply_in_place(&PigAction::Hold(Seat(1))).unwrap();
    // Seat 2 is to move; seat 1 has 5 points. Seen from seat 1: itself first.
    assert_eq!(
        s.observation(Seat(1)),
        vec![0.05, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    );
    assert_eq!(
        s.observation(Seat(2)),
        vec![0.0, 0.0, 0.05, 1.0, 0.0, 0.0, 0.0]
    );
}

#[test]
fn the_fast_path_is_uniform() {
    use dicecore::conformance::run_sampling;
    run_sampling::<Pig>(&Settings::default().cases(4), 3, 500);
}

/// The whole table's picture and every seat's view keep their words apart, clear of the
/// shapes they are not written on and inside the picture, along random games of every player
/// count (`dicecore::conformance::pictures`).
#[test]
fn pictures_are_laid_out() {
    dicecore::conformance::run_pictures::<Pig>(&Settings::default().cases(6).deep_every(5));
}

/// The pictures of the golden game, the table and a view, are the recorded files
/// (`tests/data/pictures/`; `TABULA_BLESS=1` writes them after a change meant to be seen).
#[test]
fn golden_pictures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pictures");
    dicecore::conformance::pictures::run_golden_pictures::<Pig>(std::path::Path::new(dir));
}
