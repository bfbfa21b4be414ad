//! Plays seeded random games of Kingdom Builder through the public contract and reports games
//! per second: the fixed workload of the speed measurements (also run under
//! `valgrind --tool=callgrind` for instruction counts).
//!
//! ```text
//! cargo run --release -p kingdom-builder --example kingdom_builder_random_games [players 2-4] [games] [legal|sample]
//! ```
//!
//! `legal`: every decision lists the legal actions of the seat to move and picks one
//! uniformly; `sample` (the default): every decision is drawn with `Game::sample_action`, the
//! fast path. Chance is drawn with `sample_chance` in both.
use dicecore::{Dice, Game, Turn};
use kingdom_builder::State;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seats: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let listed = args.get(3).is_some_and(|m| m == "legal");
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
                Turn::Chance => s.sample_chance(&mut dice).expect("a card"),
                turn => {
                    let seat = turn.next_seat().expect("a seat to move");
                    if listed {
                        s.legal_actions_for(seat, &mut buf);
                        buf[dice.index(buf.len())]
                    } else {
                        s.sample_action(seat, &mut dice, &mut buf)
                            .expect("an action")
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
        "kingdom-builder {seats}p, {games} games ({}): {:.0} games/s, {:.1} actions/game, {:.0} ns/action, score sum {total}",
        if listed { "legal_actions" } else { "sample_action" },
        games as f64 / secs,
        actions as f64 / games as f64,
        secs * 1e9 / actions as f64,
    );
}
