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
