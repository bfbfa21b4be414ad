//! The dicecore conformance suite, with the standard config and with every flag changed.

use dicecore::conformance::{run, run_with, Settings};
use dicecore::{Game, Seat};
use sequence_dice::{Config, State};

fn settings(cases: u32) -> Settings {
    Settings {
        cases,
        max_actions: 5_000,
        deep_every: 4,
        ..Settings::default()
    }
}

#[test]
fn standard_config() {
    run::<State>(&settings(48));
}

#[test]
fn bonus_without_placement_and_other_lengths() {
    run_with::<State>(&settings(16), |seats, seed| {
        let c = State::standard_config(seats, seed).map_err(|e| e.to_string())?;
        Ok(Config {
            bonus_without_placement: true,
            sequence_length: 11 - c.sequence_length,
            ..c
        })
    });
}

#[test]
fn small_supplies_and_a_short_turn_limit() {
    // Few chips: supplies run dry and turns end with nothing placed; the turn limit draws.
    run_with::<State>(&settings(16), |seats, seed| {
        Ok(Config {
            chips_per_colour: 4 + (seed % 4) as u8,
            max_turns: 40 + (seed % 60) as u32,
            start: Seat((seed % seats as u64) as u8),
            ..Config::standard(seats, Seat(0)).map_err(|e| e.to_string())?
        })
    });
}
