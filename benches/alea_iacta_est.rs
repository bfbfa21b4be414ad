//! Benchmarks of the Alea Iacta Est engine: `apply_in_place`, `legal_actions` and full random
//! games per second, for every player count.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::alea_iacta_est::{Action, State};
use tabula::{Agent, Game, Match, RandomAgent, Turn};

/// States and the action taken in each, from seeded random games.
fn sample(seats: u8, games: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut m: Match<State> = Match::new(State::standard_config(seats, g).unwrap(), g).unwrap();
        let mut agents = agents(seats, g);
        while let Ok(Some(a)) = m.step(&mut agents) {
            let _ = a;
        }
        let replay = m.replay();
        let mut s = State::new(&replay.config).unwrap();
        for a in &replay.actions {
            out.push((s.clone(), *a));
            s.apply_in_place(a).unwrap();
        }
    }
    out
}

fn agents(seats: u8, seed: u64) -> Vec<Box<dyn Agent<State>>> {
    (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed * 31 + i)) as Box<dyn Agent<State>>)
        .collect()
}

/// Runs every measurement.
pub fn bench() {
    for seats in 2..=5u8 {
        let samples = sample(seats, 8);
        let n = samples.len() as u64;
        timing::measure(
            &format!("alea-iacta-est {seats}p apply_in_place"),
            n,
            || {
                let mut acc = 0u32;
                for (s, a) in &samples {
                    let mut t = s.clone();
                    t.apply_in_place(a).unwrap();
                    acc = acc.wrapping_add(t.seats() as u32);
                }
                acc
            },
        );
        let mut buf = Vec::new();
        timing::measure(&format!("alea-iacta-est {seats}p legal_actions"), n, || {
            let mut acc = 0usize;
            for (s, _) in &samples {
                s.legal_actions(&mut buf);
                acc += buf.len();
            }
            acc
        });
        let decisions: Vec<&State> = samples
            .iter()
            .map(|(s, _)| s)
            .filter(|s| !matches!(s.turn(), Turn::Chance))
            .collect();
        let nd = decisions.len() as u64;
        timing::measure(
            &format!("alea-iacta-est {seats}p legal_actions (decisions)"),
            nd,
            || {
                let mut acc = 0usize;
                for s in &decisions {
                    s.legal_actions(&mut buf);
                    acc += buf.len();
                }
                acc
            },
        );
        let mut seed = 0u64;
        timing::measure(&format!("alea-iacta-est {seats}p random game"), 1, || {
            seed += 1;
            let mut m: Match<State> =
                Match::new(State::standard_config(seats, seed).unwrap(), seed).unwrap();
            let mut agents = agents(seats, seed);
            m.play_out(&mut agents, 100_000).unwrap();
            black_box(m.state().outcome())
        });
    }
}

fn main() {
    timing::header("alea-iacta-est");
    bench();
}
