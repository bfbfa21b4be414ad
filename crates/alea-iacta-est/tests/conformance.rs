//! The dicecore conformance suite, with the standard config and with every flag flipped.

use alea_iacta_est::{Config, State};
use dicecore::conformance::{run, run_with, Settings};
use dicecore::Game;

fn settings(cases: u32) -> Settings {
    Settings::default()
        .cases(cases)
        .max_actions(20_000)
        .probes(4)
        .illegal_probes(4)
        .deep_every(3)
}

#[test]
fn conformance_standard() {
    run::<State>(&settings(
        std::env::var("AIE_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(12),
    ));
}

#[test]
fn conformance_flags_flipped() {
    run_with::<State>(&settings(8), |seats, seed| {
        let mut c: Config = State::standard_config(seats, seed).map_err(|e| e.to_string())?;
        c.reroll_one_die_per_chip = true;
        c.forum_allow_direct_overflow = true;
        c.empty_provinces_score = true;
        c.double_province_one_colour_couple = true;
        c.repete_supply_limit = true;
        Ok(c)
    });
}

#[test]
fn encode_laws() {
    dicecore::conformance::run_encode::<State>(&settings(4));
}

#[test]
fn setup_laws() {
    dicecore::conformance::run_setup::<State>(&settings(6));
}

#[test]
fn sampling_is_uniform() {
    dicecore::conformance::run_sampling::<State>(&settings(3), 6, 120);
}

/// Every id of every seat decodes to nothing or to an action whose id it is, with the flags
/// either way (issue 29: an id this config cannot produce is no action).
#[test]
fn every_id_decodes_to_an_action_with_that_id_or_to_nothing() {
    for seats in State::SEATS {
        let mut c: Config = State::standard_config(seats, 3).unwrap();
        dicecore::conformance::check_id_table::<State>(&c, seats).unwrap();
        c.reroll_one_die_per_chip = true;
        c.forum_allow_direct_overflow = true;
        c.empty_provinces_score = true;
        c.double_province_one_colour_couple = true;
        c.repete_supply_limit = true;
        dicecore::conformance::check_id_table::<State>(&c, seats).unwrap();
    }
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
