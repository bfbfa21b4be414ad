//! Kingdom Builder: the common figures of `support/games.rs` (`apply_in_place`, which includes
//! a clone of the sampled state, and `legal_actions` ns/op over states sampled from random
//! games, full random games per second through `Match`), and the state clone on its own as the
//! baseline of the `apply_in_place` figure, for 2, 3 and 4 players.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use std::hint::black_box;
use tabula::kingdom_builder::State;
use tabula::Game;

/// Runs every measurement.
pub fn bench() {
    for seats in State::SEATS {
        let pairs = games::sample::<State>(seats, 8);
        games::bench_pairs(seats, &pairs);
        let mut work: Vec<State> = pairs.iter().map(|(s, _)| s.clone()).collect();
        timing::measure(
            &format!("{} {seats}p clone_from (baseline)", State::NAME),
            pairs.len() as u64,
            || {
                for (w, (s, _)) in work.iter_mut().zip(&pairs) {
                    w.clone_from(black_box(s));
                }
                black_box(work.len())
            },
        );
    }
}

fn main() {
    timing::header("kingdom-builder");
    bench();
}
