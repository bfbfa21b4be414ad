//! Benchmarks of The Border: `apply_in_place` and `legal_actions` over states sampled from
//! random games, and full random games per second, for 2, 3 and 4 players.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::the_border::{Action, State};
use tabula::{Agent, Dice, Game, Match, RandomAgent};

/// States (with one legal action each) sampled along seeded random games.
fn sample_states(seats: u8, games: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let config = State::standard_config(seats, seed).expect("supported player count");
        let mut state = State::new(&config).expect("standard config is valid");
        let mut dice = Dice::from_seed(seed);
        while state.outcome().is_none() {
            state.legal_actions(&mut buf);
            let action = buf[dice.index(buf.len())];
            out.push((state.clone(), action));
            state.apply_in_place(&action).expect("listed actions apply");
        }
    }
    out
}

fn random_game(seats: u8, seed: u64) -> Vec<i32> {
    let config = State::standard_config(seats, seed).expect("supported player count");
    let mut game: Match<State> = Match::new(config, seed).expect("standard config is valid");
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed ^ i)) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 1_000_000)
        .expect("random games end");
    game.state().scores()
}

/// Runs every measurement (also callable from an aggregate bench).
pub fn bench() {
    for seats in 2..=4u8 {
        let states = sample_states(seats, 8);
        let n = states.len();
        let mut i = 0;
        timing::measure(&format!("the-border {seats}p apply_in_place"), 1, || {
            let (s, a) = &states[i % n];
            i += 1;
            let mut s = s.clone();
            s.apply_in_place(a).expect("listed");
            s.phase()
        });
        let mut buf = Vec::with_capacity(256);
        let mut j = 0;
        timing::measure(&format!("the-border {seats}p legal_actions"), 1, || {
            let (s, _) = &states[j % n];
            j += 1;
            s.legal_actions(&mut buf);
            buf.len()
        });
        let mut seed = 0u64;
        timing::measure(&format!("the-border {seats}p random game"), 1, || {
            seed += 1;
            black_box(random_game(seats, seed))
        });
    }
}

fn main() {
    timing::header("the-border");
    bench();
}
