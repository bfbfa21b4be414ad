//! Times the Monte-Carlo agent's play-outs on a fixed set of Kingdom Builder decisions: the
//! fixed workload of the agent's speed measurements (also run under
//! `valgrind --tool=callgrind` for instruction counts).
//!
//! ```text
//! cargo run --release -p kingdom-builder --example playouts [players 2-4] [decisions] [play-outs per decision]
//! ```
//!
//! Decision `k` is the first position with at least two legal actions after 20 + 10·k actions
//! of a random game of seed `k` (legal actions listed and picked uniformly, cards drawn with
//! `sample_chance`); a `MonteCarloAgent` seeded with `k` chooses there. Prints the play-outs
//! per second and the choices (which the agent's seed, the position and the budget decide).
use dicecore::mcagent::MonteCarloAgent;
use dicecore::{Agent, Dice, Game, Turn};
use kingdom_builder::State;
use std::time::Instant;

/// The position of decision `k`.
fn decision(seats: u8, k: u64) -> State {
    let config = State::standard_config(seats, k).expect("standard config");
    let mut s = State::new(&config).expect("valid config");
    let mut dice = Dice::from_seed(k);
    let mut legal = Vec::new();
    for n in 0.. {
        let a = match s.turn() {
            Turn::Over => panic!("game {k} ended before decision {k}"),
            Turn::Chance => s.sample_chance(&mut dice).expect("a card"),
            _ => {
                s.legal_actions(&mut legal);
                if n >= 20 + 10 * k && legal.len() >= 2 {
                    return s;
                }
                legal[dice.index(legal.len())]
            }
        };
        s.apply_in_place(&a).expect("a legal action");
    }
    unreachable!()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seats: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let decisions: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let playouts: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let states: Vec<State> = (0..decisions).map(|k| decision(seats, k)).collect();
    let start = Instant::now();
    let mut choices = Vec::new();
    for (k, s) in states.iter().enumerate() {
        let Turn::Seat(seat) = s.turn() else {
            unreachable!("a seat decides")
        };
        let mut agent = MonteCarloAgent::new(k as u64).with_playouts(playouts);
        choices.push(agent.choose(s, seat).expect("a choice"));
    }
    let secs = start.elapsed().as_secs_f64();
    let total = decisions * u64::from(playouts);
    println!(
        "kingdom-builder {seats}p, {decisions} decisions x {playouts} play-outs: {:.0} play-outs/s",
        total as f64 / secs
    );
    for c in &choices {
        println!("{c}");
    }
}
