//! Helpers shared by the integration tests.

use alea_iacta_est::State;
use dicecore::{Agent, Game, Match, RandomAgent};

/// A match of the standard config for `seats` and `seed`, with random agents seeded
/// `seed + seat`.
pub fn random_match(seats: u8, seed: u64) -> (Match<State>, Vec<Box<dyn Agent<State>>>) {
    let config = State::standard_config(seats, seed).expect("a supported player count");
    let m = Match::new(config, seed).expect("a valid config");
    let agents = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed + i)) as Box<dyn Agent<State>>)
        .collect();
    (m, agents)
}
