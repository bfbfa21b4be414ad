//! Plays seeded random games on the engine alone and prints games per second: the fixed
//! workload of the speed measurements. One warm-up game runs first (it builds the tables
//! built once per process); under `valgrind --tool=callgrind --collect-atstart=no
//! --toggle-collect=alea_iacta_est_random_games::measured` only the measured games count.
//!
//! ```text
//! cargo run --release -p alea-iacta-est --example alea_iacta_est_random_games -- [players] [games] [list|sample]
//! ```
//! `list` picks each decision among `legal_actions_for(seat)` (one seat at a time, as
//! `Match` asks), `sample` draws it with `sample_action`; chance comes from `sample_chance`.
use alea_iacta_est::State;
use dicecore::{Dice, Game, Turn};

/// Plays games `seeds` of `players`; returns the number of actions.
fn play(players: u8, seeds: std::ops::Range<u64>, sample: bool, dice: &mut Dice) -> u64 {
    let mut buf = Vec::with_capacity(256);
    let mut actions = 0u64;
    for seed in seeds {
        let config = State::standard_config(players, seed).expect("a supported player count");
        let mut s = State::new(&config).expect("a valid config");
        loop {
            let a = match s.turn() {
                Turn::Over => break,
                Turn::Chance => s.sample_chance(dice).expect("an outcome"),
                turn => {
                    let seat = turn.next_seat().expect("a seat to move");
                    if sample {
                        s.sample_action(seat, dice, &mut buf).expect("an action")
                    } else {
                        s.legal_actions_for(seat, &mut buf);
                        buf[dice.index(buf.len())]
                    }
                }
            };
            s.apply_in_place(&a).expect("a legal action");
            actions += 1;
        }
    }
    actions
}

#[inline(never)]
fn measured(players: u8, games: u64, sample: bool, dice: &mut Dice) -> u64 {
    play(players, 1..games + 1, sample, dice)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let players: u8 = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let sample = args.next().is_some_and(|m| m == "sample");
    let mut dice = Dice::from_seed(1);
    play(players, 0..1, sample, &mut dice);
    let t = std::time::Instant::now();
    let actions = measured(players, games, sample, &mut dice);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{players} players, {games} games ({}): {:.0} games/s, {:.0} ns per action, {:.1} actions per game",
        if sample { "sample_action" } else { "legal_actions" },
        games as f64 / secs,
        secs * 1e9 / actions as f64,
        actions as f64 / games as f64
    );
}
