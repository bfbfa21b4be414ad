//! The golden replay: seed 42, standard 4-player config, random agents seeded 0..4. Re-running
//! the committed replay must give the recorded final scores. Regenerate the file with
//! `TABULA_BLESS=1 cargo test -p alea-iacta-est --test golden`.

use alea_iacta_est::State;
use dicecore::conformance::golden_game;
use dicecore::{Game, Replay};
use serde::{Deserialize, Serialize};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden-seed42.json");
const SEATS: u8 = 4;

#[derive(Serialize, Deserialize)]
struct Golden {
    final_scores: Vec<i32>,
    replay: Replay<State>,
}

fn play() -> Golden {
    let m = golden_game::<State>(SEATS, 42, 100_000).unwrap();
    Golden {
        final_scores: m.state().outcome().unwrap().scores,
        replay: m.replay(),
    }
}

#[test]
fn golden_replay_reproduces_final_scores() {
    if std::env::var("TABULA_BLESS").is_ok_and(|v| v == "1") {
        let g = play();
        std::fs::write(PATH, serde_json::to_string_pretty(&g).unwrap()).unwrap();
    }
    let text = std::fs::read_to_string(PATH).expect("golden file present");
    let g: Golden = serde_json::from_str(&text).unwrap();
    let state = g.replay.run().unwrap();
    assert_eq!(state.outcome().unwrap().scores, g.final_scores);
    // Today's engine and agents still play the same game.
    assert_eq!(play().replay, g.replay);
}
