//! The golden replay: seed 42, two players, random agents seeded 0 and 1.
//!
//! `tests/data/golden-seed42.json` is a replay file (format of `dicecore::Replay`) with one
//! extra field, `final_scores`. Regenerate it with `TABULA_BLESS=1 cargo test -p sequence-dice
//! --test golden`.

use dicecore::conformance::golden_game;
use dicecore::{Game, Match, Replay};
use sequence_dice::State;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden-seed42.json");

fn play() -> Match<State> {
    golden_game::<State>(2, 42, 100_000).unwrap()
}

#[test]
fn golden_replay_reproduces_the_recorded_scores() {
    if std::env::var("TABULA_BLESS").is_ok_and(|v| v == "1") {
        let game = play();
        let mut json = serde_json::to_value(game.replay()).unwrap();
        json["final_scores"] = serde_json::to_value(game.state().scores()).unwrap();
        std::fs::write(PATH, serde_json::to_string_pretty(&json).unwrap() + "\n").unwrap();
    }
    let text = std::fs::read_to_string(PATH).expect("golden file (bless with TABULA_BLESS=1)");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let scores: Vec<i32> = serde_json::from_value(json["final_scores"].clone()).unwrap();
    let replay: Replay<State> = serde_json::from_value(json).unwrap();
    let state = replay.run().unwrap();
    assert!(state.outcome().is_some());
    assert_eq!(state.scores(), scores);
    // Playing again with the same seeds gives the same game, action for action.
    let again = play();
    assert_eq!(again.replay(), replay);
    assert_eq!(*again.state(), state);
}
