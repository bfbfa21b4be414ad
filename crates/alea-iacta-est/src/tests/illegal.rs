//! Actions refused at the wrong moment or by the wrong seat, bad configs, corrupted saved states.

use super::*;

/// Wrong moments and wrong seats.
#[test]
fn wrong_moment_errors() {
    let mut s = game(2);
    refused(&s, forum(0, &[1]), Error::ChancePending);
    refused(&s, Action::Fortuna(1), Error::WrongOutcome);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    refused(&s, Action::Roll(faces(&[1])), Error::NoChancePending);
    refused(&s, forum(1, &[1]), Error::NotYourTurn(seat(1)));
    refused(
        &s,
        Action::KeepFortuna {
            seat: seat(0),
            value: 1,
        },
        Error::WrongDecision,
    );
    refused(
        &s,
        Action::Forum {
            seat: seat(0),
            dice: Faces::EMPTY,
        },
        Error::NoDice,
    );
    refused(
        &s,
        Action::TakePatrician {
            seat: seat(0),
            patrician: Patrician(0),
        },
        Error::WrongDecision,
    );
    let mut over = s.clone();
    over.phase = Phase::Over;
    refused(&over, Action::Roll(faces(&[1])), Error::GameOver);
}

#[test]
fn reveal_errors() {
    let s = State::new(&config(2)).unwrap();
    assert_eq!(s.phase, Phase::RevealProvinces);
    refused(&s, Action::RevealProvince(Province(40)), Error::NotInStack);
    refused(
        &s,
        Action::RevealPatrician(Patrician(3)),
        Error::WrongOutcome,
    );
    refused(
        &s,
        Action::SenateCard(Card::DoubleProvince(9)),
        Error::WrongOutcome,
    );
    let o = s.chance_outcomes();
    assert_eq!(o.len(), 25);
    assert_eq!(o[0].1, dicecore::Probability::new(1, 25));
}

#[test]
fn config_errors() {
    assert_eq!(Config::with_start(6, Seat(0)), Err(Error::PlayerCount(6)));
    assert_eq!(Config::with_start(1, Seat(0)), Err(Error::PlayerCount(1)));
    assert_eq!(
        Config::with_start(3, Seat(3)),
        Err(Error::StartSeat(Seat(3)))
    );
    let mut c = config(3);
    c.double_provinces[2] = (crate::Colour::Red, crate::Colour::Red);
    assert_eq!(
        State::new(&c),
        Err(Error::DoubleProvinceColours(crate::Colour::Red))
    );
    assert_eq!(State::standard_config(7, 0), Err(Error::PlayerCount(7)));
}

/// Found by fuzzing (`fuzz/regressions/alea_iacta_est/`): two double provinces of the same
/// colours, in either order, made two senate cards of one name, which a position set up by
/// hand cannot tell apart. Refused in a config and in a saved state.
#[test]
fn double_provinces_need_their_own_colours() {
    use crate::Colour::{Blue, Red};
    let mut c = config(3);
    for pair in [(Red, Blue), (Blue, Red)] {
        c.double_provinces[1] = pair;
        assert_eq!(
            State::new(&c),
            Err(Error::DoubleProvinceTwice(pair.0, pair.1))
        );
    }
    let s = State::new(&config(3)).unwrap();
    let mut v = serde_json::to_value(&s).unwrap();
    v["config"]["double_provinces"][5] = serde_json::json!(["Red", "Blue"]);
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(e.contains("two double provinces are both red/blue"), "{e}");
}

/// Corrupted serialised states are refused, never a later panic.
#[test]
fn corrupted_states_are_refused() {
    let mut s = game(4);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut w = v.clone();
        f(&mut w);
        serde_json::from_value::<State>(w).is_err()
    };
    assert!(tamper(&|w| w["hand"][0] = 9.into()));
    assert!(tamper(&|w| w["hand"][4] = 1.into()));
    assert!(tamper(&|w| w["current"] = 4.into()));
    assert!(tamper(&|w| w["fortuna_stack"][0] = 9.into()));
    assert!(tamper(&|w| w["senate_deck"][17] = 3.into()));
    assert!(tamper(&|w| w["provinces"][1] = (1u32 << 30).into()));
    assert!(tamper(&|w| w["provinces"][1] = w["provinces_shown"].clone()));
    assert!(tamper(&|w| w["castrum"][0][0] = 9.into()));
    assert!(tamper(&|w| w["forum"][0] = 7.into()));
    assert!(tamper(&|w| w["forum_len"] = 7.into()));
    assert!(tamper(
        &|w| w["straights"][0] = serde_json::json!({"low": 5, "len": 4})
    ));
    assert!(tamper(&|w| w["phase"] = "EndTurn".into()));
    assert!(tamper(
        &|w| w["phase"] = serde_json::json!({"KeepSenate": {"seat": 0}})
    ));
    assert!(tamper(&|w| w["round"] = 9.into()));
    assert!(tamper(&|w| w["config"]["seats"] = 9.into()));
    assert!(tamper(&|w| w["chips"][0] = 31.into()));
    assert!(tamper(&|w| w["roll"][0] = 5.into()));
}
