//! Alea Iacta Est's running score: the final scoring applied to the holdings now, hidden senate
//! cards included.

use alea_iacta_est::{Config, Setup, State};
use dicecore::conformance::check_kept_running_scores;
use dicecore::{FromSetup, Game, Seat};

fn position(json: &str) -> State {
    let config = Config::with_start(2, Seat(0)).unwrap();
    let setup: Setup = serde_json::from_str(json).unwrap();
    State::from_setup(&config, &setup).unwrap()
}

#[test]
fn the_running_score_is_the_final_scoring_of_the_holdings_now() {
    // The rulebook's Castrum example moved to round 2: seat 0 holds the red 2 province
    // housing the red woman 1 (2 + 1 points); seat 1 holds the blue 3 province, empty
    // (0 points), and nothing else.
    let state = position(
        r#"{
  "round": 2,
  "moment": { "Place": { "seat": 0, "dice": [4, 4, 5, 5], "selected": [] } },
  "players": [
    { "dice_in_hand": 4, "chips": 0, "templum": [], "senatus": [], "latrina": 0,
      "fortuna_drawn": [], "fortuna_kept": [], "provinces": ["red 2"], "patricians": ["red woman 1"],
      "senate_cards": [] },
    { "dice_in_hand": 3, "chips": 0, "templum": [], "senatus": [1, 2, 3], "latrina": 0,
      "fortuna_drawn": [], "fortuna_kept": [], "provinces": ["blue 3"], "patricians": [],
      "senate_cards": [] }
  ],
  "castrum": [ { "owner": 0, "value": 4, "count": 3 }, { "owner": 1, "value": 4, "count": 2 } ],
  "forum": [ { "value": 1, "owner": 0 } ],
  "provinces_shown": ["green 2", "yellow 3"],
  "patricians_shown": ["blue woman 3", "green man 1", "yellow man 2", "red man 3"],
  "provinces_out": [],
  "patricians_out": ["blue man 1", "green woman 2", "yellow woman 3"],
  "fortuna_discards": [],
  "under_senate_deck": [],
  "senate_passes": []
}"#,
    );
    assert_eq!(state.running_scores(), vec![3, 0]);
    assert_eq!(state.running_scores(), state.scores());
    assert!(state.outcome().is_none());
}

/// The running score, kept as the game goes (a seat scored again when its holdings change),
/// equals the scores counted from the holdings after every action of random games (every
/// player count), and so do the same position read back from its saved text, from which the
/// game then goes on, and a determinised copy (whose hidden cards are drawn again).
#[test]
fn the_kept_running_score_is_a_full_count_after_every_action() {
    for seats in 2..=5 {
        let config = |seed| State::standard_config(seats, seed).unwrap();
        check_kept_running_scores::<State>(config, 25, 11, |s| s.scores());
    }
}
