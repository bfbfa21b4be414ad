//! Mosaix's running score: each card scored now (areas of 5 cells or more), plus the free
//! boxes of the scale in solo.

use dicecore::conformance::check_kept_running_scores;
use dicecore::{FromSetup, Game, Seat};
use mosaix::{Config, Setup, State};

fn position(config: &Config, json: &str) -> State {
    let setup: Setup = serde_json::from_str(json).unwrap();
    State::from_setup(config, &setup).unwrap()
}

#[test]
fn the_running_score_counts_the_areas_of_five_cells_or_more() {
    // After the first turn seat 0 has written an L of circles onto its printed centre circle:
    // one area of 5 circles, 1 × 5 = 5 points. Seat 1 wrote the same L away from its printed
    // triangle: an area of 4 circles scores nothing yet.
    let config = Config::with_start(2, Seat(0)).unwrap();
    let state = position(
        &config,
        r#"{
  "round": 2,
  "roller": 1,
  "phase": "Roll",
  "cards": [
    ["...o...", "...o...", "...oo..", "...o...", ".......", ".......", "......."],
    ["o......", "o......", "oo.....", "...^...", ".......", ".......", "......."]
  ],
  "entered": [null, null],
  "crossed": 0
}"#,
    );
    assert_eq!(state.running_scores(), vec![5, 0]);
}

#[test]
fn the_solo_running_score_adds_the_free_boxes() {
    let config = Config::with_start(1, Seat(0)).unwrap();
    let state = State::new(&config).unwrap();
    // An empty card scores 0, and all 8 boxes of the scale are free.
    assert_eq!(state.running_scores(), vec![8]);
}

/// The running score, kept up to date as seats enter, equals the scores counted on the cards
/// after every action of random games (every player count, solo included), and so do the same
/// position read back from its saved text, from which the game then goes on, and a
/// determinised copy (whose cards another entry may change).
#[test]
fn the_kept_running_score_is_a_full_count_after_every_action() {
    for seats in 1..=4 {
        let config = |seed| State::standard_config(seats, seed).unwrap();
        check_kept_running_scores::<State>(config, 60, 7, |s| s.scores());
    }
}
