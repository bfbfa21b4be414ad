//! Benchmarks of the Alea Iacta Est engine: the common figures of `support/games.rs`
//! (`apply_in_place` and `legal_actions` over states sampled from random games, full random
//! games per second through `Match`), and `legal_actions` at decision nodes alone (at a roll of
//! many dice a chance node lists every outcome, which dominates the common figure), for every
//! player count.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use tabula::alea_iacta_est::State;
use tabula::Game;

/// Runs every measurement.
pub fn bench() {
    for seats in State::SEATS {
        games::bench_game_and_decisions::<State>(seats, 8);
    }
}

fn main() {
    timing::header("alea-iacta-est");
    bench();
}
