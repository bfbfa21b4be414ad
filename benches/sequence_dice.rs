//! Benchmarks of the Sequence Dice engine: `apply_in_place` and `legal_actions` over states
//! sampled from random games, and full random games per second through `Match`, for 2, 3 and
//! 4 players. `bench()` is public so a combined table can include it.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::sequence_dice::{Action, State};
use tabula::{Agent, Dice, Game, Match, RandomAgent, Turn};

/// Plays `games` random games and keeps every state met with the action then applied.
fn sample(seats: u8, games: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut dice = Dice::from_seed(seats as u64);
    for g in 0..games {
        let mut s = State::new(&State::standard_config(seats, g).expect("valid")).expect("valid");
        while s.turn() != Turn::Over {
            let a = if s.turn() == Turn::Chance {
                s.sample_chance(&mut dice).expect("chance")
            } else {
                s.legal_actions(&mut legal);
                legal[dice.index(legal.len())]
            };
            out.push((s, a));
            s.apply_in_place(&a).expect("legal");
        }
    }
    out
}

/// One random game through `Match`, seeded RandomAgents, chance resolved by the match.
fn match_game(seats: u8, seed: u64) -> usize {
    let config = State::standard_config(seats, seed).expect("valid");
    let mut game: Match<State> = Match::new(config, seed).expect("valid");
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed.wrapping_add(i))) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 100_000).expect("ends");
    game.log().len()
}

/// One random game on the engine alone (no Match, no log): the engine's own ceiling.
fn raw_game(seats: u8, dice: &mut Dice, legal: &mut Vec<Action>) -> u32 {
    let seed = dice.next_u64();
    let mut s = State::new(&State::standard_config(seats, seed).expect("valid")).expect("valid");
    loop {
        let a = match s.turn() {
            Turn::Over => return s.turns_played(),
            Turn::Chance => s.sample_chance(dice).expect("chance"),
            _ => {
                s.legal_actions(legal);
                legal[dice.index(legal.len())]
            }
        };
        s.apply_in_place(&a).expect("legal");
    }
}

/// Runs every measurement and prints its rows.
pub fn bench() {
    for seats in 2..=4u8 {
        let pairs = sample(seats, 50);
        timing::measure(
            &format!("sequence-dice {seats}p apply_in_place"),
            pairs.len() as u64,
            || {
                let mut n = 0u32;
                for (s, a) in &pairs {
                    let mut s = *s;
                    n += s.apply_in_place(black_box(a)).is_ok() as u32;
                }
                n
            },
        );
        let mut buf = Vec::with_capacity(64);
        timing::measure(
            &format!("sequence-dice {seats}p legal_actions"),
            pairs.len() as u64,
            || {
                let mut n = 0usize;
                for (s, _) in &pairs {
                    black_box(s).legal_actions(&mut buf);
                    n += buf.len();
                }
                n
            },
        );
        let mut seed = 0u64;
        timing::measure(
            &format!("sequence-dice {seats}p random game (Match)"),
            1,
            || {
                seed += 1;
                match_game(seats, seed)
            },
        );
        let mut dice = Dice::from_seed(7);
        let mut legal = Vec::with_capacity(64);
        timing::measure(
            &format!("sequence-dice {seats}p random game (engine only)"),
            1,
            || raw_game(seats, &mut dice, &mut legal),
        );
    }
}

fn main() {
    timing::header("sequence-dice");
    bench();
}
