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

#[test]
fn action_ids_and_observation_tensors() {
    dicecore::conformance::run_encode::<State>(&settings(16));
}

#[test]
fn observation_counts_sides_from_the_observer() {
    use dicecore::Encode;
    use sequence_dice::{Action, Space};
    let config = Config::standard(3, Seat(0)).unwrap();
    let mut s = State::new(&config).unwrap();
    s.apply_in_place(&Action::Roll(7)).unwrap();
    s.apply_in_place(&Action::Place {
        seat: Seat(0),
        space: Space(7),
    })
    .unwrap();
    s.apply_in_place(&Action::Roll(5)).unwrap();
    // Seat 1 to move with a 5 pending; green (seat 0) has a chip on space 7.
    let mine = s.observation(Seat(1));
    let theirs = s.observation(Seat(0));
    assert_eq!(mine.len(), 125);
    assert_eq!(theirs[7], 1.0, "own chips first");
    assert_eq!(mine[2 * 36 + 7], 1.0, "green is two sides after blue");
    assert_eq!(mine[108 + 3], 1.0, "the pending 5");
    assert_eq!(
        (mine[119], theirs[119]),
        (1.0, 0.0),
        "whose side is to move"
    );
    assert_eq!(theirs[120], 19.0 / 20.0);
}
