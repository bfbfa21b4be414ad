//! The dicecore conformance suite on standard configs and with non-default flags.
use dicecore::conformance::{run, run_with, Settings};
use dicecore::Game;
use kingdom_builder::State;

#[test]
fn conformance_standard() {
    run::<State>(&Settings::default().cases(40).deep_every(1));
}

#[test]
fn conformance_flags_flipped() {
    run_with::<State>(
        &Settings::default().cases(16).deep_every(1),
        |seats, seed| {
            let mut c = State::standard_config(seats, seed).map_err(|e| e.to_string())?;
            c.redraw_for_extra_actions = true;
            c.lords_zero_counts = false;
            Ok(c)
        },
    );
}

#[test]
fn conformance_first_game_setup() {
    run_with::<State>(&Settings::default().cases(8), |seats, seed| {
        let mut c = kingdom_builder::Config::first_game(seats);
        c.start = dicecore::Seat((seed % seats as u64) as u8);
        Ok(c)
    });
}

#[test]
fn setup_round_trips() {
    dicecore::conformance::run_setup::<State>(&Settings::default().cases(12));
}

#[test]
fn sampling_is_uniform() {
    dicecore::conformance::run_sampling::<State>(&Settings::default().cases(3), 4, 200);
}

/// At a simultaneous turn no seat's view tells what another deciding seat chose (issue 28).
#[test]
fn simultaneous_turns_keep_choices_secret() {
    dicecore::conformance::run_simultaneous_secrecy::<State>(&Settings::default().cases(3));
}

/// The whole table's picture and every seat's view keep their words apart, clear of the
/// shapes they are not written on and inside the picture, along random games of every player
/// count (`dicecore::conformance::pictures`).
#[test]
fn pictures_are_laid_out() {
    dicecore::conformance::run_pictures::<State>(&Settings::default().cases(6).deep_every(5));
}

/// The pictures of the golden game, the table and a view, are the recorded files
/// (`tests/data/pictures/`; `TABULA_BLESS=1` writes them after a change meant to be seen).
#[test]
fn golden_pictures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pictures");
    dicecore::conformance::pictures::run_golden_pictures::<State>(std::path::Path::new(dir));
}
