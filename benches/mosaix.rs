//! Mosaix benchmarks: `apply_in_place` and `legal_actions` ns/op over states of random games,
//! and full random games per second (seeded random agents, chance resolved by `Match`), for
//! every player count.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::mosaix::{Action, State};
use tabula::{Agent, Game, Match, RandomAgent};

/// Plays one random game: the final match (state and action log).
fn random_game(seats: u8, seed: u64) -> Match<State> {
    let config = State::standard_config(seats, seed).expect("supported player count");
    let mut game: Match<State> = Match::new(config, seed).expect("valid config");
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed * 16 + i)) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 100_000)
        .expect("random games end");
    game
}

/// Runs every Mosaix benchmark (the table header is printed by the caller).
pub fn bench() {
    for seats in 1..=4u8 {
        // Sample games: every state along them, and their action logs.
        let games: Vec<Match<State>> = (0..20).map(|s| random_game(seats, s)).collect();
        let mut states: Vec<State> = Vec::new();
        for g in &games {
            let mut s = State::new(g.config()).expect("valid config");
            for a in g.log() {
                states.push(s.clone());
                s.apply_in_place(a).expect("logged actions apply");
            }
        }
        let actions: usize = games.iter().map(|g| g.log().len()).sum();
        let initial: Vec<State> = games
            .iter()
            .map(|g| State::new(g.config()).expect("valid config"))
            .collect();
        timing::measure(
            &format!("mosaix {seats}p apply_in_place"),
            actions as u64,
            || {
                let mut n = 0;
                for (g, s0) in games.iter().zip(&initial) {
                    let mut s = s0.clone();
                    for a in g.log() {
                        s.apply_in_place(a).expect("logged actions apply");
                    }
                    n += s.round();
                }
                n
            },
        );
        let mut buf: Vec<Action> = Vec::with_capacity(1024);
        timing::measure(
            &format!("mosaix {seats}p legal_actions"),
            states.len() as u64,
            || {
                let mut n = 0;
                for s in &states {
                    s.legal_actions(&mut buf);
                    n += buf.len();
                }
                black_box(n)
            },
        );
        let mut seed = 1000u64;
        timing::measure(&format!("mosaix {seats}p random game"), 1, || {
            seed += 1;
            random_game(seats, seed).log().len()
        });
    }
}

fn main() {
    timing::header("mosaix");
    bench();
}
