//! Rules versions: version 1 (the engines before 2026-11-26) differed only in what it listed,
//! so a config written under it reads exactly as written; a future version is refused. The
//! golden corpus (`tests/compat/` of the workspace) checks that real games of version 1
//! reproduce their outcomes.

use dicecore::rules::{read_config, RulesError};
use dicecore::Game;
use the_border::{Config, State};

#[test]
fn the_engine_plays_version_2() {
    assert_eq!(State::RULES_VERSION, 2);
}

#[test]
fn a_version_1_config_reads_as_written() {
    for seats in 2..=4 {
        let config = Config::standard(seats, 7).unwrap();
        let written = serde_json::to_value(&config).unwrap();
        assert_eq!(
            read_config::<State>(written.clone(), Some(1)).unwrap(),
            (config.clone(), 1)
        );
        assert_eq!(read_config::<State>(written, Some(2)).unwrap(), (config, 2));
    }
}

#[test]
fn a_future_version_is_refused() {
    let written = serde_json::to_value(Config::standard(2, 7).unwrap()).unwrap();
    assert_eq!(
        read_config::<State>(written, Some(3)),
        Err(RulesError::Future {
            game: "the-border",
            file: 3,
            engine: 2,
        })
    );
}
