//! Rules versions: a config written under rules version 1 (before the scoring fix of
//! 2026-11-23) reads with the flags that keep version 1's reading; a contradicting or a future
//! file is refused. The golden corpus (`tests/compat/` of the workspace) checks that real games
//! of version 1 reproduce their outcomes through these flags.

use alea_iacta_est::{Config, State};
use dicecore::rules::{read_config, RulesError};
use dicecore::{Game, Seat};
use serde_json::json;

/// A config as the engines of rules version 1 wrote it (no flag fields of version 2).
fn version_1_config() -> serde_json::Value {
    let mut v = serde_json::to_value(Config::with_start(3, Seat(1)).unwrap()).unwrap();
    let o = v.as_object_mut().unwrap();
    for flag in [
        "double_province_one_colour_couple",
        "repete_supply_limit",
        "double_province_lone_patrician",
        "fortuna_late_reshuffle",
    ] {
        assert!(o.remove(flag).is_some(), "{flag}");
    }
    v
}

#[test]
fn the_engine_plays_version_3() {
    assert_eq!(State::RULES_VERSION, 3);
}

#[test]
fn an_unversioned_config_without_the_flags_is_version_1_with_its_reading() {
    let (c, version) = read_config::<State>(version_1_config(), None).unwrap();
    assert_eq!(version, 1);
    assert!(c.double_province_lone_patrician);
    assert!(c.double_province_one_colour_couple);
    assert!(c.repete_supply_limit);
    assert!(c.fortuna_late_reshuffle);
    // Stated explicitly, the same.
    assert_eq!(
        read_config::<State>(version_1_config(), Some(1)).unwrap(),
        (c, 1)
    );
}

#[test]
fn an_unversioned_config_with_the_scoring_flags_is_version_2_with_the_late_reshuffle() {
    let mut v = serde_json::to_value(Config::with_start(2, Seat(0)).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("fortuna_late_reshuffle");
    v["repete_supply_limit"] = json!(true);
    let (c, version) = read_config::<State>(v, None).unwrap();
    assert_eq!(version, 2);
    assert!(c.repete_supply_limit && c.fortuna_late_reshuffle);
    assert!(!c.double_province_one_colour_couple && !c.double_province_lone_patrician);
}

#[test]
fn a_config_with_every_flag_is_version_3_as_written() {
    let v = serde_json::to_value(Config::with_start(2, Seat(0)).unwrap()).unwrap();
    let (c, version) = read_config::<State>(v, None).unwrap();
    assert_eq!(version, 3);
    assert!(!c.fortuna_late_reshuffle);
    // A version 2 file that says the discards are reshuffled at once contradicts version 2.
    let mut v = serde_json::to_value(Config::with_start(2, Seat(0)).unwrap()).unwrap();
    v["fortuna_late_reshuffle"] = json!(false);
    assert!(matches!(
        read_config::<State>(v, Some(2)),
        Err(RulesError::Contradiction { file: 2, .. })
    ));
}

#[test]
fn a_version_1_file_whose_config_contradicts_version_1_is_refused() {
    let mut v = version_1_config();
    v["double_province_one_colour_couple"] = json!(false);
    let e = read_config::<State>(v, Some(1)).unwrap_err();
    assert!(
        matches!(e, RulesError::Contradiction { file: 1, .. }),
        "{e}"
    );
    assert!(
        e.to_string().contains("double_province_one_colour_couple"),
        "{e}"
    );
}

#[test]
fn a_file_from_a_later_engine_is_refused_naming_both_versions() {
    let e = read_config::<State>(version_1_config(), Some(4)).unwrap_err();
    assert_eq!(
        e,
        RulesError::Future {
            game: "alea-iacta-est",
            file: 4,
            engine: 3
        }
    );
    assert!(e.to_string().contains("rules version 4") && e.to_string().contains("version 3"));
}

#[test]
fn a_version_1_saved_state_plays_on_under_version_1() {
    let s = State::new(&Config::with_start(4, Seat(2)).unwrap()).unwrap();
    let mut v = serde_json::to_value(&s).unwrap();
    assert_eq!(
        (&v["game"], &v["rules"]),
        (&json!("alea-iacta-est"), &json!(3))
    );
    let o = v.as_object_mut().unwrap();
    o.remove("game");
    o.remove("rules");
    o.insert("config".into(), {
        let mut c = version_1_config();
        c["seats"] = json!(4);
        c["start"] = json!(2);
        c
    });
    let old: State = serde_json::from_value(v).unwrap();
    assert!(old.config().double_province_lone_patrician);
    assert!(old.config().repete_supply_limit);
    // Written again, it is stamped with this engine's version and keeps the flags.
    let again: State = serde_json::from_str(&serde_json::to_string(&old).unwrap()).unwrap();
    assert_eq!(again, old);
}
