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
