//! Pig, the worked example game, passes the conformance suite and replays exactly.
use dicecore::conformance::{check_game, run, Settings};
use dicecore::pig::{Pig, PigAction, PigConfig, PigError};
use dicecore::{Agent, Game, Match, MatchError, RandomAgent, Replay, ReplayError, Seat, Turn};

#[test]
fn conformance_every_player_count() {
    run::<Pig>(&Settings {
        cases: 12,
        ..Settings::default()
    });
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
    let bad = PigConfig {
        seats: 7,
        target: 100,
        start: Seat(0),
    };
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
