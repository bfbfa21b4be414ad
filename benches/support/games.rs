//! Generic game benchmarks shared by the per-game benches and the combined table: states
//! sampled from seeded random games, `apply_in_place` and `legal_actions` ns/op over them, and
//! full random games per second through `Match` with seeded `RandomAgent`s.
#![allow(dead_code)]

use super::timing::{self, Figure};
use std::hint::black_box;
use tabula::{Agent, Dice, Game, Match, RandomAgent, Turn};

/// The three headline figures of one game at one player count.
pub struct Row {
    /// Game name.
    pub game: &'static str,
    /// Player count.
    pub seats: u8,
    /// `apply_in_place` (including the clone of the state it is applied to).
    pub apply: Figure,
    /// `legal_actions` into a reused buffer.
    pub legal: Figure,
    /// Full random games through `Match`.
    pub game_time: Figure,
    /// Mean number of actions per game.
    pub actions_per_game: f64,
}

/// Plays `games` seeded random games and keeps every state met with the action then applied.
pub fn sample<G: Game>(seats: u8, games: u64) -> Vec<(G, G::Action)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut dice = Dice::from_seed(0xbe9c4 ^ seats as u64);
    for g in 0..games {
        let config = G::standard_config(seats, g).expect("standard config");
        let mut s = G::new(&config).expect("valid config");
        for _ in 0..1_000_000 {
            let a = match s.turn() {
                Turn::Over => break,
                Turn::Chance => s.sample_chance(&mut dice).expect("chance outcome"),
                _ => {
                    s.legal_actions(&mut legal);
                    legal[dice.index(legal.len())].clone()
                }
            };
            out.push((s.clone(), a.clone()));
            s.apply_in_place(&a).expect("listed action");
        }
    }
    out
}

/// One random game through `Match`: seeded RandomAgents, chance resolved by the match.
pub fn match_game<G: Game>(seats: u8, seed: u64) -> usize {
    let config = G::standard_config(seats, seed).expect("standard config");
    let mut game: Match<G> = Match::new(config, seed).expect("valid config");
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed.wrapping_add(i))) as Box<dyn Agent<G>>)
        .collect();
    game.play_out(&mut agents, 10_000_000)
        .expect("the game ends");
    game.log().len()
}

/// Measures one game at one player count and prints the three rows.
pub fn bench_game<G: Game>(seats: u8, sample_games: u64) -> Row {
    let pairs = sample::<G>(seats, sample_games);
    let n = pairs.len().max(1) as u64;
    let apply = timing::measure(&format!("{} {seats}p apply_in_place", G::NAME), n, || {
        let mut ok = 0u32;
        for (s, a) in &pairs {
            let mut s = s.clone();
            ok += s.apply_in_place(black_box(a)).is_ok() as u32;
        }
        ok
    });
    let mut buf = Vec::with_capacity(256);
    let legal = timing::measure(&format!("{} {seats}p legal_actions", G::NAME), n, || {
        let mut total = 0usize;
        for (s, _) in &pairs {
            black_box(s).legal_actions(&mut buf);
            total += buf.len();
        }
        total
    });
    let mut seed = 0u64;
    let mut actions = 0usize;
    let mut games = 0usize;
    let game_time = timing::measure(
        &format!("{} {seats}p random game (Match)", G::NAME),
        1,
        || {
            seed += 1;
            let len = match_game::<G>(seats, seed);
            actions += len;
            games += 1;
            len
        },
    );
    Row {
        game: G::NAME,
        seats,
        apply,
        legal,
        game_time,
        actions_per_game: actions as f64 / games.max(1) as f64,
    }
}

/// Every supported player count of a game.
pub fn bench_all_counts<G: Game>(sample_games: u64) -> Vec<Row> {
    G::SEATS
        .map(|seats| bench_game::<G>(seats, sample_games))
        .collect()
}

/// Prints the combined table: one row per game and player count.
pub fn print_table(rows: &[Row]) {
    println!("\n| game | players | apply_in_place ns/op | legal_actions ns/op | random games/s | actions/game |");
    println!("|---|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {:.1} | {:.1} | {:.0} | {:.0} |",
            r.game,
            r.seats,
            r.apply.ns_per_op,
            r.legal.ns_per_op,
            r.game_time.ops_per_sec(),
            r.actions_per_game
        );
    }
}
