//! Plays seeded random games of Mosaix through the public contract and reports games per
//! second: the fixed workload of the speed measurements (also run under
//! `valgrind --tool=callgrind` for instruction counts).
//!
//! ```text
//! cargo run --release -p mosaix --example mosaix_random_games [players 1-4] [games] [legal|sample]
//! ```
//!
//! `legal`: every decision lists the legal actions of the seat asked (one seat at a time at
//! simultaneous turns, as `Match` does) and picks one uniformly; `sample`: every decision is
//! drawn with `Game::sample_action`. Chance is drawn with `sample_chance` in both.
use dicecore::{Dice, Game, Turn};
use mosaix::State;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seats: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let sample = args.get(3).is_some_and(|m| m == "sample");
    let mut dice = Dice::from_seed(12_345);
    let mut buf = Vec::with_capacity(512);
    let (mut actions, mut total) = (0u64, 0i64);
    let start = Instant::now();
    for g in 0..games {
        let config = State::standard_config(seats, g).expect("standard config");
        let mut s = State::new(&config).expect("valid config");
        loop {
            let a = match s.turn() {
                Turn::Over => break,
                Turn::Chance => s.sample_chance(&mut dice).expect("a roll"),
                turn => {
                    let seat = turn.next_seat().expect("a seat to move");
                    if sample {
                        s.sample_action(seat, &mut dice, &mut buf)
                            .expect("an action")
                    } else {
                        s.legal_actions_for(seat, &mut buf);
                        buf[dice.index(buf.len())]
                    }
                }
            };
            s.apply_in_place(&a).expect("a legal action");
            actions += 1;
        }
        total += s.scores().iter().map(|&x| i64::from(x)).sum::<i64>();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "mosaix {seats}p, {games} games ({}): {:.0} games/s, {:.1} actions/game, {:.0} ns/action, score sum {total}",
        if sample { "sample_action" } else { "legal_actions" },
        games as f64 / secs,
        actions as f64 / games as f64,
        secs * 1e9 / actions as f64,
    );
}
