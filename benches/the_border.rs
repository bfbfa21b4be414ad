//! Benchmarks of The Border: `apply_in_place` and `legal_actions` over states sampled from
//! random games, and full random games per second, for 2, 3 and 4 players.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::the_border::{Action, State};
use tabula::{Agent, Dice, Game, Match, RandomAgent, Turn};

/// Seeded random games as (initial state, actions), and the states met along them.
fn sample_games(seats: u8, games: u64) -> (Vec<(State, Vec<Action>)>, Vec<State>) {
    let mut out = Vec::new();
    let mut states = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let config = State::standard_config(seats, seed).expect("supported player count");
        let start = State::new(&config).expect("standard config is valid");
        let mut state = start.clone();
        let mut dice = Dice::from_seed(seed);
        let mut actions = Vec::new();
        while state.outcome().is_none() {
            states.push(state.clone());
            let action = match state.sample_chance(&mut dice) {
                Some(roll) => roll,
                None => {
                    state.legal_actions(&mut buf);
                    buf[dice.index(buf.len())]
                }
            };
            actions.push(action);
            state.apply_in_place(&action).expect("listed actions apply");
        }
        out.push((start, actions));
    }
    (out, states)
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
        let (games, states) = sample_games(seats, 8);
        // apply_in_place along the recorded games (a clone only when a game restarts).
        let total: usize = games.iter().map(|(_, a)| a.len()).sum();
        let (mut g, mut k) = (0usize, 0usize);
        let mut state = games[0].0.clone();
        timing::measure(&format!("the-border {seats}p apply_in_place"), 1000, || {
            for _ in 0..1000 {
                if k == games[g].1.len() {
                    g = (g + 1) % games.len();
                    k = 0;
                    state = games[g].0.clone();
                }
                state.apply_in_place(&games[g].1[k]).expect("recorded");
                k += 1;
            }
            total
        });
        let mut buf = Vec::with_capacity(256);
        let decisions: Vec<&State> = states.iter().filter(|s| s.turn() != Turn::Chance).collect();
        for (label, set) in [
            ("legal_actions", states.iter().collect::<Vec<_>>()),
            ("legal_actions (decisions)", decisions),
        ] {
            let mut j = 0;
            let n = set.len();
            timing::measure(&format!("the-border {seats}p {label}"), 1000, || {
                let mut len = 0;
                for _ in 0..1000 {
                    set[j % n].legal_actions(&mut buf);
                    len += buf.len();
                    j += 1;
                }
                len
            });
        }
        let mut seed = 0u64;
        timing::measure(&format!("the-border {seats}p random game"), 1, || {
            seed += 1;
            black_box(random_game(seats, seed))
        });
    }
}

/// `THE_BORDER_GAMES=n cargo bench --bench the_border`: only plays `n` random 4-player games
/// (seeds 1..=n) and prints wall-clock games/s; run it under `perf stat -e task-clock` to get
/// the CPU time per game on a loaded machine.
fn games_only(n: u64) {
    let start = std::time::Instant::now();
    let mut sum = 0i64;
    for seed in 1..=n {
        sum += random_game(4, seed).iter().map(|&s| s as i64).sum::<i64>();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "the-border 4p: {n} random games in {secs:.3} s wall ({:.0} games/s wall; score sum {sum})",
        n as f64 / secs
    );
}

fn main() {
    if let Some(n) = std::env::var("THE_BORDER_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        games_only(n);
        return;
    }
    timing::header("the-border");
    bench();
}
