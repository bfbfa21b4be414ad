//! Generic game benchmarks shared by the per-game benches and the combined table: states
//! sampled from seeded random games, `apply_in_place` and `legal_actions` ns/op over them, and
//! full random games per second on the engine alone (through `legal_actions` +
//! `apply_in_place`, and through the `sample_action` fast path) and through `Match` with seeded
//! `RandomAgent`s. A per-game bench measures the common figures with [`bench_pairs`] and adds
//! its own measurements on the same sampled pairs.
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
    /// The clone alone (what a Monte-Carlo play-out or a copying environment pays per copy).
    pub clone: Figure,
    /// `legal_actions` into a reused buffer.
    pub legal: Figure,
    /// Full random games on the engine alone, through `legal_actions` + `apply_in_place`.
    pub listed: Figure,
    /// Full random games on the engine alone, through `sample_action`.
    pub sampled: Figure,
    /// Full random games through `Match`.
    pub game_time: Figure,
    /// Mean number of actions per game.
    pub actions_per_game: f64,
}

/// Plays one random game of the standard config for `seed` on the engine alone (no `Match`, no
/// log): chance from `dice`, every decision picked uniformly from the legal actions of the seat
/// to move, listed into `legal` (one seat at a time at simultaneous turns, in
/// [`Turn::next_seat`] order, as `Match` does). Calls `visit` with each state met and the action
/// then applied; returns the number of actions.
pub fn play_random<G: Game>(
    seats: u8,
    seed: u64,
    dice: &mut Dice,
    legal: &mut Vec<G::Action>,
    mut visit: impl FnMut(&G, &G::Action),
) -> usize {
    let config = G::standard_config(seats, seed).expect("standard config");
    let mut s = G::new(&config).expect("valid config");
    for n in 0..1_000_000 {
        let a = match s.turn() {
            Turn::Over => return n,
            Turn::Chance => s.sample_chance(dice).expect("chance outcome"),
            turn => {
                let seat = turn.next_seat().expect("a seat to move");
                s.legal_actions_for(seat, legal);
                legal[dice.index(legal.len())].clone()
            }
        };
        visit(&s, &a);
        s.apply_in_place(&a).expect("listed action");
    }
    panic!("{} {seats}p game {seed} did not end", G::NAME)
}

/// Like [`play_random`], with every decision drawn by the fast path
/// [`Game::sample_action`] (no listing); returns the number of actions.
pub fn play_sampled<G: Game>(
    seats: u8,
    seed: u64,
    dice: &mut Dice,
    scratch: &mut Vec<G::Action>,
) -> usize {
    let config = G::standard_config(seats, seed).expect("standard config");
    let mut s = G::new(&config).expect("valid config");
    for n in 0..1_000_000 {
        let a = match s.turn() {
            Turn::Over => return n,
            Turn::Chance => s.sample_chance(dice).expect("chance outcome"),
            turn => {
                let seat = turn.next_seat().expect("a seat to move");
                s.sample_action(seat, dice, scratch).expect("an action")
            }
        };
        s.apply_in_place(&a).expect("drawn action");
    }
    panic!("{} {seats}p game {seed} did not end", G::NAME)
}

/// Plays `games` seeded random games and keeps every state met with the action then applied.
pub fn sample<G: Game>(seats: u8, games: u64) -> Vec<(G, G::Action)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut dice = Dice::from_seed(0xbe9c4 ^ seats as u64);
    for g in 0..games {
        play_random::<G>(seats, g, &mut dice, &mut legal, |s, a| {
            out.push((s.clone(), a.clone()))
        });
    }
    out
}

/// The states of `pairs` where a seat decides (chance nodes left out).
pub fn decisions<G: Game>(pairs: &[(G, G::Action)]) -> Vec<&G> {
    pairs
        .iter()
        .map(|(s, _)| s)
        .filter(|s| s.turn() != Turn::Chance)
        .collect()
}

/// One random game through `Match`: seeded RandomAgents, chance resolved by the match.
pub fn play_match<G: Game>(seats: u8, seed: u64) -> Match<G> {
    let config = G::standard_config(seats, seed).expect("standard config");
    let mut game: Match<G> = Match::new(config, seed).expect("valid config");
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(seed.wrapping_add(i))) as Box<dyn Agent<G>>)
        .collect();
    game.play_out(&mut agents, 10_000_000)
        .expect("the game ends");
    game
}

/// `apply_in_place` ns/op over `pairs`, each applied to a clone of its state (clone included).
pub fn measure_apply<G: Game>(label: &str, pairs: &[(G, G::Action)]) -> Figure {
    timing::measure(label, pairs.len().max(1) as u64, || {
        let mut ok = 0u32;
        for (s, a) in pairs {
            let mut s = s.clone();
            ok += s.apply_in_place(black_box(a)).is_ok() as u32;
        }
        ok
    })
}

/// Clone ns/op over the states of `pairs` (the part of [`measure_apply`] that is the copy).
pub fn measure_clone<G: Game>(label: &str, pairs: &[(G, G::Action)]) -> Figure {
    timing::measure(label, pairs.len().max(1) as u64, || {
        let mut kept = 0usize;
        for (s, _) in pairs {
            let copy = black_box(s).clone();
            kept += (black_box(&copy).turn() == Turn::Over) as usize;
        }
        kept
    })
}

/// `legal_actions` ns/op over `states`, into a reused buffer.
pub fn measure_legal<'a, G: Game + 'a>(
    label: &str,
    states: impl IntoIterator<Item = &'a G> + Clone,
) -> Figure {
    let n = states.clone().into_iter().count().max(1) as u64;
    let mut buf = Vec::with_capacity(256);
    timing::measure(label, n, || {
        let mut total = 0usize;
        for s in states.clone() {
            black_box(s).legal_actions(&mut buf);
            total += buf.len();
        }
        total
    })
}

/// Full random games per second through `Match` (seeds 1, 2, ...), and the mean number of
/// actions per game.
pub fn measure_match_games<G: Game>(seats: u8) -> (Figure, f64) {
    let mut seed = 0u64;
    let mut actions = 0usize;
    let mut games = 0usize;
    let fig = timing::measure(
        &format!("{} {seats}p random game (Match)", G::NAME),
        1,
        || {
            seed += 1;
            let len = play_match::<G>(seats, seed).log().len();
            actions += len;
            games += 1;
            len
        },
    );
    (fig, actions as f64 / games.max(1) as f64)
}

/// Full random games per second on the engine alone through the fast path ([`play_sampled`]).
pub fn measure_sampled_games<G: Game>(seats: u8) -> Figure {
    let mut dice = Dice::from_seed(7);
    let mut scratch = Vec::with_capacity(256);
    let mut seed = 0u64;
    timing::measure(
        &format!("{} {seats}p random game (sample_action)", G::NAME),
        1,
        || {
            seed += 1;
            play_sampled::<G>(seats, seed, &mut dice, &mut scratch)
        },
    )
}

/// Full random games per second on the engine alone ([`play_random`]): the engine's own
/// ceiling through `legal_actions` + `apply_in_place`, without the `Match` driver, its agents
/// and its log.
pub fn measure_engine_games<G: Game>(seats: u8) -> Figure {
    let mut dice = Dice::from_seed(7);
    let mut legal = Vec::with_capacity(256);
    let mut seed = 0u64;
    timing::measure(
        &format!("{} {seats}p random game (engine only)", G::NAME),
        1,
        || {
            seed += 1;
            play_random::<G>(seats, seed, &mut dice, &mut legal, |_, _| {})
        },
    )
}

/// Measures and prints the three common figures of one game at one player count over
/// already sampled `pairs` (see [`sample`]).
pub fn bench_pairs<G: Game>(seats: u8, pairs: &[(G, G::Action)]) -> Row {
    let apply = measure_apply(&format!("{} {seats}p apply_in_place", G::NAME), pairs);
    let clone = measure_clone(&format!("{} {seats}p clone", G::NAME), pairs);
    let legal = measure_legal(
        &format!("{} {seats}p legal_actions", G::NAME),
        pairs.iter().map(|(s, _)| s),
    );
    let listed = measure_engine_games::<G>(seats);
    let sampled = measure_sampled_games::<G>(seats);
    let (game_time, actions_per_game) = measure_match_games::<G>(seats);
    Row {
        game: G::NAME,
        seats,
        apply,
        clone,
        legal,
        listed,
        sampled,
        game_time,
        actions_per_game,
    }
}

/// Samples `sample_games` random games, then measures and prints the three common figures.
pub fn bench_game<G: Game>(seats: u8, sample_games: u64) -> Row {
    bench_pairs(seats, &sample::<G>(seats, sample_games))
}

/// The common figures, then `legal_actions` at decision nodes alone (for games whose chance
/// nodes list many outcomes, which weigh on the common figure).
pub fn bench_game_and_decisions<G: Game>(seats: u8, sample_games: u64) -> Row {
    let pairs = sample::<G>(seats, sample_games);
    let row = bench_pairs(seats, &pairs);
    measure_legal(
        &format!("{} {seats}p legal_actions (decisions)", G::NAME),
        decisions(&pairs),
    );
    row
}

/// Every supported player count of a game.
pub fn bench_all_counts<G: Game>(sample_games: u64) -> Vec<Row> {
    G::SEATS
        .map(|seats| bench_game::<G>(seats, sample_games))
        .collect()
}

/// Prints the combined table: one row per game and player count; `anchor_ns` is the chess
/// anchor's ns per ply measured in the same run (see [`measure_chess_anchor`]).
pub fn print_table(rows: &[Row], anchor_ns: f64) {
    println!(
        "\n| game | players | apply_in_place ns/op | clone ns/op | legal_actions ns/op | games/s (legal_actions) \
         | games/s (sample_action) | games/s (Match) | actions/game | ns/action (legal_actions) \
         | ns/action (sample_action) | × chess ply (legal_actions) | × chess ply (sample_action) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        let per_action = |f: &Figure| f.ns_per_op / r.actions_per_game.max(1.0);
        println!(
            "| {} | {} | {:.1} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} |",
            r.game,
            r.seats,
            r.apply.ns_per_op,
            r.clone.ns_per_op,
            r.legal.ns_per_op,
            r.listed.ops_per_sec(),
            r.sampled.ops_per_sec(),
            r.game_time.ops_per_sec(),
            r.actions_per_game,
            per_action(&r.listed),
            per_action(&r.sampled),
            per_action(&r.listed) / anchor_ns,
            per_action(&r.sampled) / anchor_ns,
        );
    }
}
