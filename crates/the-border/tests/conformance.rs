//! The dicecore conformance suite (default and non-default flags) and the golden replay.

use dicecore::conformance::{golden_game, run, run_encode, run_setup, run_with, Settings};
use dicecore::{Game, Replay};
use the_border::State;

fn settings() -> Settings {
    Settings::default().cases(24).deep_every(1)
}

#[test]
fn conformance_standard_config() {
    run::<State>(&settings());
}

#[test]
fn conformance_without_chaining_within_an_action() {
    run_with::<State>(&settings(), |seats, seed| {
        let mut c = State::standard_config(seats, seed).map_err(|e| e.to_string())?;
        c.chain_within_action = false;
        Ok(c)
    });
}

#[test]
fn encoding_ids_and_observations() {
    run_encode::<State>(&Settings::default().cases(8));
}

#[test]
fn setups_round_trip() {
    run_setup::<State>(&Settings::default().cases(8));
}

const GOLDEN: &str = "tests/data/golden-seed42.json";

#[derive(serde::Serialize, serde::Deserialize)]
struct Golden {
    scores: Vec<i32>,
    replay: Replay<State>,
}

fn play_seed_42() -> Golden {
    let seats = 4;
    let game = golden_game::<State>(seats, 42, 100_000).unwrap();
    Golden {
        scores: game.state().scores(),
        replay: game.replay(),
    }
}

#[test]
fn golden_replay_seed_42() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    if std::env::var("TABULA_BLESS").is_ok_and(|v| v == "1") {
        let g = play_seed_42();
        std::fs::write(&path, serde_json::to_string(&g).unwrap() + "\n").unwrap();
    }
    let text = std::fs::read_to_string(&path).expect("run with TABULA_BLESS=1 to create it");
    let golden: Golden = serde_json::from_str(&text).unwrap();
    let end = golden.replay.run().unwrap();
    assert!(end.outcome().is_some());
    assert_eq!(end.scores(), golden.scores);
    // Playing seed 42 again records the same game.
    let again = play_seed_42();
    assert_eq!(again.replay, golden.replay);
    assert_eq!(again.scores, golden.scores);
}

/// Every id of every seat decodes to nothing or to an action whose id it is, on every board
/// and either way of chaining (issue 29: an id this config cannot produce is no action).
#[test]
fn every_id_decodes_to_an_action_with_that_id_or_to_nothing() {
    for seats in State::SEATS {
        for seed in 0..4 {
            let mut c = State::standard_config(seats, seed).unwrap();
            dicecore::conformance::check_id_table::<State>(&c, seats).unwrap();
            c.chain_within_action = false;
            dicecore::conformance::check_id_table::<State>(&c, seats).unwrap();
        }
    }
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
