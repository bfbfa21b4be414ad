//! Code written against 0.2.0 (tag `v0.2.0`) still compiles: every name renamed since is
//! reached here by its 0.2.0 name, and checked against its new name. The deprecation warnings
//! those names raise are allowed here; a user sees them (`docs/releases.md`). What changed
//! meaning is listed as a break in CHANGELOG.md with its migration.
#![allow(deprecated)]

use tabula::dicecore::{Game, Seat};

/// Mosaix's and The Border's first-player refusals were `FirstRoller` and `FirstPlayer`; they
/// are `StartSeat` in every game now. The old variants still build and print the same words,
/// but are no longer returned.
#[test]
fn the_start_seat_refusal_under_its_0_2_names() {
    use tabula::{mosaix, the_border};
    let old = mosaix::Error::FirstRoller(Seat(5));
    assert_eq!(
        old.to_string(),
        mosaix::Error::StartSeat(Seat(5)).to_string()
    );
    let mut config = mosaix::Config::with_start(2, Seat(0)).unwrap();
    config.first_roller = Seat(3);
    let refused = mosaix::State::new(&config).unwrap_err();
    assert!(!matches!(refused, mosaix::Error::FirstRoller(_)));
    assert_eq!(refused, mosaix::Error::StartSeat(Seat(3)));

    let old = the_border::Error::FirstPlayer(Seat(5));
    assert_eq!(
        old.to_string(),
        the_border::Error::StartSeat(Seat(5)).to_string()
    );
    let mut config = the_border::State::standard_config(2, 0).unwrap();
    config.first_player = Seat(2);
    let refused = the_border::State::new(&config).unwrap_err();
    assert!(!matches!(refused, the_border::Error::FirstPlayer(_)));
    assert_eq!(refused, the_border::Error::StartSeat(Seat(2)));
}

/// Every game's loader refusals (a saved state or a position set up by hand that could not
/// arise in play) were flat variants of `Error` in 0.2.0; they are nested in `Error::Position`
/// now, and an unreadable setup in `Error::Setup`. The old variants still build and print the
/// same words, but are no longer returned.
#[test]
fn the_loader_refusals_under_their_0_2_names() {
    use tabula::dicecore::FromSetup;
    {
        use tabula::sequence_dice::{Config, Error, PositionError, State};
        let old = Error::ToMoveOffTable(Seat(2));
        let new = PositionError::ToMoveOffTable(Seat(2));
        assert_eq!(old.to_string(), new.to_string());
        let config = Config::with_start(2, Seat(0)).unwrap();
        let mut setup = State::new(&config).unwrap().to_setup();
        setup.to_move = Seat(2);
        let refused = State::from_setup(&config, &setup).unwrap_err();
        assert!(!matches!(refused, Error::ToMoveOffTable(_)));
        assert_eq!(refused, Error::Position(new));
    }
    {
        use tabula::kingdom_builder::{Config, Error, PositionError, Setup, State};
        let old = Error::ActiveOffTable(Seat(3));
        let new = PositionError::ActiveOffTable(Seat(3));
        assert_eq!(old.to_string(), new.to_string());
        let config = Config::first_game(2);
        let mut setup = Setup::opening(&config);
        setup.active = Seat(3);
        let refused = State::from_setup(&config, &setup).unwrap_err();
        assert!(!matches!(refused, Error::ActiveOffTable(_)));
        assert_eq!(refused, Error::Position(new));
    }
    {
        use tabula::mosaix::{Config, Error, PositionError, State};
        assert_eq!(
            Error::TurnZero.to_string(),
            PositionError::TurnZero.to_string()
        );
        let config = Config::with_start(2, Seat(0)).unwrap();
        let mut setup = State::new(&config).unwrap().to_setup();
        setup.round = 0;
        let refused = State::from_setup(&config, &setup).unwrap_err();
        assert!(!matches!(refused, Error::TurnZero));
        assert_eq!(refused, Error::Position(PositionError::TurnZero));
    }
    {
        use tabula::the_border::{Config, Error, PositionError, State};
        let old = Error::ActiveOffTable(Seat(2));
        let new = PositionError::ActiveOffTable(Seat(2));
        assert_eq!(old.to_string(), new.to_string());
        let config = Config::new(2);
        let mut setup = State::new(&config).unwrap().to_setup();
        setup.active = Seat(2);
        let refused = State::from_setup(&config, &setup).unwrap_err();
        assert!(!matches!(refused, Error::ActiveOffTable(_)));
        assert_eq!(refused, Error::Position(new));
    }
    {
        use tabula::dicecore::pig::{Pig, PigError, PigPositionError};
        let old = PigError::ToMoveOffTable(Seat(3));
        let new = PigPositionError::ToMoveOffTable(Seat(3));
        assert_eq!(old.to_string(), new.to_string());
        let config = Pig::standard_config(3, 0).unwrap();
        let mut setup = Pig::new(&config).unwrap().to_setup();
        setup.to_move = Seat(3);
        let refused = Pig::from_setup(&config, &setup).unwrap_err();
        assert!(!matches!(refused, PigError::ToMoveOffTable(_)));
        assert_eq!(refused, PigError::Position(new));
    }
}
