//! Kingdom Builder: `apply_in_place` (each op restores the sampled state with `clone_from`
//! first; that cost is reported on its own) and `legal_actions` ns/op over states sampled from
//! random games, and full random games per second (seeded random agents, chance resolved by `Match`)
//! for 2, 3 and 4 players.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::kingdom_builder::{Action, State};
use tabula::{Agent, Game, Match, RandomAgent, Turn};

/// Plays one seeded random game through `Match`; returns the number of actions.
fn random_game(seats: u8, seed: u64) -> usize {
    let config = State::standard_config(seats, seed).expect("config");
    let mut m: Match<State> = Match::new(config, seed).expect("match");
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed ^ i)) as Box<dyn Agent<State>>)
        .collect();
    m.play_out(&mut agents, 1_000_000).expect("game ends");
    m.log().len()
}

/// States (with the action taken there) sampled along random games.
fn sample(seats: u8) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    for seed in 0..8 {
        let config = State::standard_config(seats, seed).expect("config");
        let mut m: Match<State> = Match::new(config, seed).expect("match");
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
            .map(|i| Box::new(RandomAgent::new(seed + i)) as Box<dyn Agent<State>>)
            .collect();
        while m.state().turn() != Turn::Over {
            let before = m.state().clone();
            let a = m.step(&mut agents).expect("step").expect("action");
            out.push((before, a));
        }
    }
    out
}

/// Runs every measurement.
pub fn bench() {
    for seats in 2..=4u8 {
        let states = sample(seats);
        let n = states.len() as u64;
        let mut work: Vec<State> = states.iter().map(|(s, _)| s.clone()).collect();
        timing::measure(&format!("{seats}p apply_in_place"), n, || {
            for (w, (s, a)) in work.iter_mut().zip(&states) {
                w.clone_from(s);
                w.apply_in_place(a).expect("legal");
            }
            black_box(work.len())
        });
        timing::measure(
            &format!("{seats}p state clone_from (included above)"),
            n,
            || {
                for (w, (s, _)) in work.iter_mut().zip(&states) {
                    w.clone_from(s);
                }
                black_box(work.len())
            },
        );
        let mut buf = Vec::with_capacity(512);
        timing::measure(&format!("{seats}p legal_actions"), n, || {
            let mut k = 0;
            for (s, _) in &states {
                s.legal_actions(&mut buf);
                k += buf.len();
            }
            black_box(k)
        });
        let mut seed = 0u64;
        timing::measure(&format!("{seats}p full random game (Match)"), 1, || {
            seed += 1;
            random_game(seats, seed)
        });
    }
}

fn main() {
    timing::header("kingdom-builder");
    bench();
}
