//! Benchmarks of The Border: the common figures of `support/games.rs` (`apply_in_place` and
//! `legal_actions` over states sampled from random games, full random games per second through
//! `Match`) and `legal_actions` at decision nodes alone, for 2, 3 and 4 players; then random
//! games per second driven through the public contract one seat at a time (the seat
//! `Turn::next_seat` names, as `Match` asks), once listing the seat's actions and once drawing
//! one with `sample_action`.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use tabula::the_border::State;
use tabula::{Dice, Game, Turn};

/// How a driver picks a seat's action.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Driver {
    /// `legal_actions_for(seat)` and a uniform pick from the list.
    Listing,
    /// `sample_action(seat)`.
    Sampling,
}

/// Plays one random game of `seats` players for `seed` through the public contract: chance
/// from `dice`, decisions one seat at a time (the seat `Turn::next_seat` names), applied with
/// `apply_in_place`. Returns the sum of the scores.
fn play(
    seats: u8,
    seed: u64,
    driver: Driver,
    dice: &mut Dice,
    buf: &mut Vec<tabula::the_border::Action>,
) -> i64 {
    let config = State::standard_config(seats, seed).expect("standard config");
    let mut s = State::new(&config).expect("valid config");
    loop {
        let action = match s.turn() {
            Turn::Over => return s.scores().iter().map(|&x| x as i64).sum(),
            Turn::Chance => s.sample_chance(dice).expect("a roll"),
            turn => {
                let seat = turn.next_seat().expect("a seat to move");
                match driver {
                    Driver::Listing => {
                        s.legal_actions_for(seat, buf);
                        buf[dice.index(buf.len())]
                    }
                    Driver::Sampling => s.sample_action(seat, dice, buf).expect("an action"),
                }
            }
        };
        s.apply_in_place(&action).expect("a legal action");
    }
}

/// `n` games of `seats` players (seeds 1..=n) with one driver: prints wall-clock games/s.
fn drive(seats: u8, n: u64, driver: Driver) {
    let mut dice = Dice::from_seed(0x7b0);
    let mut buf = Vec::with_capacity(512);
    let start = std::time::Instant::now();
    let mut sum = 0i64;
    for seed in 1..=n {
        sum += play(seats, seed, driver, &mut dice, &mut buf);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "the-border {seats}p, {driver:?}: {n} random games in {secs:.3} s wall ({:.0} games/s; score sum {sum})",
        n as f64 / secs
    );
}

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

/// `THE_BORDER_DRIVE=listing:n` or `sampling:n` (optionally `:seats`, default 4): only the
/// driven games of [`drive`], a fixed workload for `perf stat` or callgrind.
fn drive_from_env(spec: &str) -> bool {
    let mut parts = spec.split(':');
    let driver = match parts.next() {
        Some("listing") => Driver::Listing,
        Some("sampling") => Driver::Sampling,
        _ => return false,
    };
    let Some(n) = parts.next().and_then(|v| v.parse().ok()) else {
        return false;
    };
    let seats = parts.next().and_then(|v| v.parse().ok()).unwrap_or(4);
    drive(seats, n, driver);
    true
}

fn main() {
    if let Some(n) = std::env::var("THE_BORDER_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        games_only(n);
        return;
    }
    if let Ok(spec) = std::env::var("THE_BORDER_DRIVE") {
        if drive_from_env(&spec) {
            return;
        }
    }
    timing::header("the-border");
    bench();
    for seats in State::SEATS {
        drive(seats, 2_000, Driver::Listing);
        drive(seats, 2_000, Driver::Sampling);
    }
}
