//! Unit tests with access to the state's internals.

use super::*;
use dicecore::{Agent, Game, Match, RandomAgent, Seat, Turn};

#[test]
fn smoke_random_games() {
    for seats in 2..=4u8 {
        for seed in 0..20u64 {
            let config = State::standard_config(seats, seed).unwrap();
            let mut m: Match<State> = Match::new(config, seed).unwrap();
            let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats)
                .map(|i| Box::new(RandomAgent::new(i as u64)) as Box<dyn Agent<State>>)
                .collect();
            m.play_out(&mut agents, 100_000).unwrap();
            assert_eq!(m.state().turn(), Turn::Over);
            if seed == 0 && seats == 4 {
                println!("{} actions\n{}", m.log().len(), m.state());
            }
        }
    }
    let _ = Seat(0);
}

#[test]
fn phase_stats() {
    let mut counts = std::collections::BTreeMap::new();
    let mut buf = Vec::new();
    for seed in 0..20u64 {
        let config = State::standard_config(4, seed).unwrap();
        let mut m: Match<State> = Match::new(config, seed).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
            .map(|i| Box::new(RandomAgent::new(i as u64)) as Box<dyn Agent<State>>)
            .collect();
        loop {
            let s = m.state().clone();
            if s.turn() == Turn::Over {
                break;
            }
            let seat = match s.turn() {
                Turn::Seat(x) => Some(x),
                Turn::Seats(set) => set.first(),
                _ => None,
            };
            if let Some(seat) = seat {
                s.legal_actions_for(seat, &mut buf);
            } else {
                buf.clear();
            }
            let e = counts
                .entry(format!("{:?}", s.phase()))
                .or_insert((0usize, 0usize));
            e.0 += 1;
            e.1 += buf.len();
            m.step(&mut agents).unwrap();
        }
    }
    println!("{counts:?}");
}
