//! Benchmarks of the Sequence Dice engine: the common figures of `support/games.rs`
//! (`apply_in_place` and `legal_actions` over states sampled from random games, full random
//! games per second through `Match`) and random games on the engine alone, for 2, 3 and 4
//! players. `bench()` is public so a combined table can include it.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use tabula::sequence_dice::State;
use tabula::Game;

/// Runs every measurement and prints its rows.
pub fn bench() {
    for seats in State::SEATS {
        games::bench_game::<State>(seats, 50);
        games::measure_engine_games::<State>(seats);
    }
}

fn main() {
    timing::header("sequence-dice");
    bench();
}
