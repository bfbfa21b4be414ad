//! Golden replay: seed 42, standard config, random agents with seeds 0..seats.
//! Regenerate with `TABULA_BLESS=1 cargo test -p kingdom-builder --test golden`.
use dicecore::conformance::golden_game;
use dicecore::{Game, Match, Replay};
use kingdom_builder::State;
use serde::{Deserialize, Serialize};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden-seed42.json");
const SEATS: u8 = 4;

#[derive(Serialize, Deserialize)]
struct Golden {
    scores: Vec<i32>,
    replay: Replay<State>,
}

fn play() -> Match<State> {
    golden_game::<State>(SEATS, 42, 1_000_000).unwrap()
}

#[test]
fn golden_replay_reproduces_the_final_scores() {
    if std::env::var("TABULA_BLESS").as_deref() == Ok("1") {
        let m = play();
        let g = Golden {
            scores: m.state().scores(),
            replay: m.replay(),
        };
        std::fs::write(PATH, serde_json::to_string(&g).unwrap()).unwrap();
    }
    let text = std::fs::read_to_string(PATH).expect("golden file (bless with TABULA_BLESS=1)");
    let g: Golden = serde_json::from_str(&text).unwrap();
    let end = g.replay.run().unwrap();
    assert_eq!(end.turn(), dicecore::Turn::Over);
    assert_eq!(end.scores(), g.scores);
    // The engine still plays the same game from the same seeds.
    let m = play();
    assert_eq!(m.replay(), g.replay);
}
