//! Kingdom Builder: the common figures of `support/games.rs` (`apply_in_place`, which includes
//! a clone of the sampled state, and `legal_actions` ns/op over states sampled from random
//! games, full random games per second through `Match`), the state clone on its own as the
//! baseline of the `apply_in_place` figure, random games through `sample_action` (the fast path,
//! beside the engine-only figure through `legal_actions`), and the Monte-Carlo agent's play-outs
//! per second, for 2, 3 and 4 players.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use std::hint::black_box;
use tabula::dicecore::mcagent::MonteCarloAgent;
use tabula::kingdom_builder::State;
use tabula::{Agent, Dice, Game, Turn};

/// A state about 40 actions into a seeded random game where the seat to move has a choice,
/// for the Monte-Carlo figure.
fn midgame(seats: u8) -> State {
    let config = State::standard_config(seats, 7).expect("standard config");
    let mut s = State::new(&config).expect("valid config");
    let mut dice = Dice::from_seed(7);
    let mut scratch = Vec::new();
    let mut legal = Vec::new();
    for k in 0.. {
        if k >= 40 && s.turn() != Turn::Chance {
            s.legal_actions(&mut legal);
            if legal.len() >= 2 {
                break;
            }
        }
        let a = match s.turn() {
            Turn::Chance => s.sample_chance(&mut dice),
            turn => turn
                .next_seat()
                .and_then(|seat| s.sample_action(seat, &mut dice, &mut scratch)),
        };
        s.apply_in_place(&a.expect("an action")).expect("legal");
    }
    s
}

/// Runs every measurement.
pub fn bench() {
    for seats in State::SEATS {
        let pairs = games::sample::<State>(seats, 8);
        games::bench_pairs(seats, &pairs);
        let mut work: Vec<State> = pairs.iter().map(|(s, _)| s.clone()).collect();
        timing::measure(
            &format!("{} {seats}p clone_from (baseline)", State::NAME),
            pairs.len() as u64,
            || {
                for (w, (s, _)) in work.iter_mut().zip(&pairs) {
                    w.clone_from(black_box(s));
                }
                black_box(work.len())
            },
        );
        games::measure_engine_games::<State>(seats);
        let mut dice = Dice::from_seed(7);
        let mut scratch = Vec::with_capacity(256);
        let mut seed = 0u64;
        timing::measure(
            &format!("{} {seats}p random game (sampled)", State::NAME),
            1,
            || {
                seed += 1;
                games::play_sampled::<State>(seats, seed, &mut dice, &mut scratch)
            },
        );
        let state = midgame(seats);
        let seat = state.turn().next_seat().expect("a seat to move");
        const PLAYOUTS: u32 = 100;
        let mut agent: MonteCarloAgent<_> = MonteCarloAgent::new(1).with_playouts(PLAYOUTS);
        timing::measure(
            &format!("{} {seats}p Monte-Carlo play-out", State::NAME),
            u64::from(PLAYOUTS),
            || agent.choose(black_box(&state), seat),
        );
    }
}

fn main() {
    timing::header("kingdom-builder");
    bench();
}
