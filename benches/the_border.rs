//! Benchmarks of The Border: the common figures of `support/games.rs` (`apply_in_place` and
//! `legal_actions` over states sampled from random games, full random games per second through
//! `Match`) and `legal_actions` at decision nodes alone, for 2, 3 and 4 players.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use tabula::the_border::State;
use tabula::Game;

/// Runs every measurement (also callable from an aggregate bench).
pub fn bench() {
    for seats in State::SEATS {
        games::bench_game_and_decisions::<State>(seats, 8);
    }
}

/// `THE_BORDER_GAMES=n cargo bench --bench the_border`: only plays `n` random 4-player games
/// through `Match` (seeds 1..=n) and prints wall-clock games/s; run it under
/// `perf stat -e task-clock` to get the CPU time per game on a loaded machine.
fn games_only(n: u64) {
    let start = std::time::Instant::now();
    let mut sum = 0i64;
    for seed in 1..=n {
        let game = games::play_match::<State>(4, seed);
        sum += game.state().scores().iter().map(|&s| s as i64).sum::<i64>();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "the-border 4p: {n} random games in {secs:.3} s wall ({:.0} games/s wall; score sum {sum})",
        n as f64 / secs
    );
}

fn main() {
    if let Some(n) = std::env::var("THE_BORDER_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        games_only(n);
        return;
    }
    timing::header("the-border");
    bench();
}
