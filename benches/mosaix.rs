//! Mosaix benchmarks: the common figures of `support/games.rs` (`apply_in_place` and
//! `legal_actions` ns/op over states of random games, full random games per second through
//! `Match`) for every player count. `bench()` is public so a combined table can include it.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use tabula::mosaix::State;

/// Runs every Mosaix benchmark (the table header is printed by the caller).
pub fn bench() {
    games::bench_all_counts::<State>(20);
}

fn main() {
    timing::header("mosaix");
    bench();
}
