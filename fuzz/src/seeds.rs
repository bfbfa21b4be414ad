//! Seed corpora from real games, written to `seeds/<target>/` by
//! `cargo run --release --example seeds`: seeded random games of every player count.

use crate::play::real_state;
use crate::{Kind, Subject};
use dicecore::{Dice, Replay};
use serde_json::Value;

/// The seed inputs of `G`'s target of kind `kind`, by file name:
/// - actions: per player count, a walk long enough for a whole game and a short one (the
///   harness reads any bytes as choices);
/// - states: per player count, the JSON of four states of one game (its start, a third and two
///   thirds of the way, its end) and two inputs for the structured mutations;
/// - records: per player count, `R` and the game's replay, `C` and its config, `S` and the setup
///   file of the state a third of the way (games with setups), and one input for each
///   structured mode (arbitrary config, edited replay, mutated setup).
pub fn seeds<G: Subject>(kind: Kind) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for seats in G::SEATS {
        let seed = 1000 * u64::from(seats) + 1;
        let config = G::standard_config(seats, seed).expect("a standard config");
        let game = real_state::<G>(&config, seed, usize::MAX).expect("a real game");
        let len = game.log().len();
        let mut dice = Dice::from_seed(seed);
        let at = |steps: usize| real_state::<G>(&config, seed, steps).expect("a real game");
        match kind {
            Kind::Actions => {
                out.push((format!("{seats}p-game"), bytes(&mut dice, 0, 3 * len + 64)));
                out.push((format!("{seats}p-short"), bytes(&mut dice, 0, 64)));
            }
            Kind::States => {
                for steps in [0, len / 3, 2 * len / 3, len] {
                    let json = serde_json::to_vec(at(steps).state()).expect("a state serialises");
                    out.push((format!("{seats}p-state-{steps}.json"), json));
                }
                for i in 0..2 {
                    out.push((format!("{seats}p-mutated-{i}"), bytes(&mut dice, 1, 48)));
                }
            }
            Kind::Records => {
                let replay = serde_json::to_vec(&game.replay()).expect("a replay serialises");
                out.push((format!("{seats}p-replay.json"), tagged(b'R', replay)));
                let json = serde_json::to_vec(&config).expect("a config serialises");
                out.push((format!("{seats}p-config.json"), tagged(b'C', json)));
                if let Some(setup) = at(len / 3).state().setup_value() {
                    let file = serde_json::json!({ "config": config, "setup": setup });
                    out.push((
                        format!("{seats}p-setup.json"),
                        tagged(b'S', file.to_string().into()),
                    ));
                }
                for (tag, mode) in [(0u8, "config"), (1, "replay"), (2, "setup")] {
                    if mode != "setup" || G::SETUPS {
                        let mut input = bytes(&mut dice, tag, 64);
                        input[0] = tag + 3 * (seats % 8);
                        out.push((format!("{seats}p-{mode}-edits"), input));
                    }
                }
            }
        }
    }
    out
}

/// `len` random bytes starting with `first`.
fn bytes(dice: &mut Dice, first: u8, len: usize) -> Vec<u8> {
    let mut b: Vec<u8> = (0..len).map(|_| dice.below(256) as u8).collect();
    b[0] = first;
    b
}

/// `body` after a one-byte tag.
fn tagged(tag: u8, body: Vec<u8>) -> Vec<u8> {
    let mut b = vec![tag];
    b.extend(body);
    b
}

/// Whether a seed input of `G`'s target of kind `kind` still reaches the engine as a real game
/// does: a state's JSON loads, a replay runs to its end, a config makes a game and a setup file
/// builds a state. Inputs that only steer the harness (choices, structured modes) always do.
/// A seed that no longer loads (after a change of a saved format) only exercises the loader's
/// refusal; `cargo run --release --example seeds` writes fresh ones.
pub fn live<G: Subject>(kind: Kind, data: &[u8]) -> bool {
    let (tag, rest) = data.split_first().map_or((0, data), |(&t, r)| (t, r));
    match (kind, tag) {
        (Kind::States, b'{') => serde_json::from_slice::<G>(data).is_ok(),
        (Kind::Records, b'R') => {
            serde_json::from_slice::<Replay<G>>(rest).is_ok_and(|r| r.run().is_ok())
        }
        (Kind::Records, b'C') => {
            serde_json::from_slice::<G::Config>(rest).is_ok_and(|c| G::new(&c).is_ok())
        }
        (Kind::Records, b'S') => {
            let Ok(Value::Object(mut file)) = serde_json::from_slice::<Value>(rest) else {
                return false;
            };
            let (Some(config), Some(setup)) = (file.remove("config"), file.remove("setup")) else {
                return false;
            };
            serde_json::from_value::<G::Config>(config)
                .is_ok_and(|c| matches!(G::from_setup_value(&c, setup), Some(Ok(_))))
        }
        _ => true,
    }
}
