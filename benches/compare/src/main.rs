//! A driver outside the library, built against a checkout of tabula as any program using it
//! would be (`benches/compare.sh` builds it against an old commit and against the current
//! checkout and runs both turn about). It uses only what the contract had before issue 15, so
//! the same source builds against old checkouts. Two ways to play random games:
//!
//! - **listing** (the driver of the speed goals, as `cargo bench --bench all_games` plays
//!   them): at a decision, `legal_actions_for` of the first seat to move into a reused buffer
//!   and a uniform pick; at chance, `sample_chance`; `apply_in_place` throughout;
//! - **contract** (the loop of a program that knows nothing but the `Game` trait, as
//!   OpenSpiel's is): at a decision, `legal_actions` (every seat to move, at a simultaneous
//!   turn) into a reused buffer and a uniform pick among them all; at chance,
//!   `chance_outcomes` sampled by their probabilities with `Dice`; `apply_in_place`.
//!
//! Beside them, random chess with shakmaty's move generator (the anchor of the benches) and
//! the Monte-Carlo agent's play-outs in Kingdom Builder 4p from fixed mid-game positions.
//!
//! Without settings it times every figure and prints one line per figure:
//! `name players rate unit` (`TABULA_BENCH_MS`, default 2000, per figure).
//!
//! With `TABULA_COMPARE_GAMES=N` it plays instead a fixed workload for instruction counts
//! (`benches/compare.sh --instructions`): the games of seeds `0..N` of the game named by
//! `TABULA_COMPARE_ONLY` (`chess` for random chess) with `TABULA_COMPARE_PLAYERS` players
//! (default: the count of the game's speed goal) through `TABULA_COMPARE_DRIVER` (`listing`,
//! the default, or `contract`), after a warm-up of `TABULA_COMPARE_WARMUP` games (default
//! 300) of other seeds that builds what an engine builds once per process; only the function
//! `measured` is to be counted (`valgrind --tool=callgrind --collect-atstart=no
//! --toggle-collect='tabula_compare::measured*'`). It prints `name players actions actions`,
//! which must agree on both sides for the counts to compare the same games.
#![forbid(unsafe_code)]

#[path = "../../support/random_chess.rs"]
mod random_chess;

use std::time::{Duration, Instant};
use tabula::dicecore::{MonteCarloAgent, Probability};
use tabula::{Agent, Dice, Game, Seat, Turn};

/// How the decisions and chance events of a random game are played (see the module's
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Driver {
    Listing,
    Contract,
}

/// Plays the game of `seed` through `driver`; returns its number of actions.
fn play<G: Game>(
    driver: Driver,
    seats: u8,
    seed: u64,
    dice: &mut Dice,
    legal: &mut Vec<G::Action>,
) -> usize {
    let config = G::standard_config(seats, seed).expect("standard config");
    let mut s = G::new(&config).expect("valid config");
    for n in 0..1_000_000 {
        let a = match (driver, s.turn()) {
            (_, Turn::Over) => return n,
            (Driver::Listing, Turn::Chance) => s.sample_chance(dice).expect("chance outcome"),
            (Driver::Contract, Turn::Chance) => draw(&s.chance_outcomes(), dice),
            (Driver::Listing, turn) => {
                let seat = turn.next_seat().expect("a seat to move");
                s.legal_actions_for(seat, legal);
                legal[dice.index(legal.len())].clone()
            }
            (Driver::Contract, _) => {
                s.legal_actions(legal);
                legal[dice.index(legal.len())].clone()
            }
        };
        s.apply_in_place(&a).expect("listed action");
    }
    panic!("game {seed} did not end")
}

/// One of `outcomes` drawn by its probability, as a program outside the library would: a
/// uniform number in [0, 1) from `dice` (53 bits) walked down the probabilities in floating
/// point (a driver's choice, not a rule: the engines never use floats).
fn draw<A: Clone>(outcomes: &[(A, Probability)], dice: &mut Dice) -> A {
    let mut u = (dice.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    for (a, p) in outcomes {
        u -= p.numerator as f64 / p.denominator as f64;
        if u < 0.0 {
            return a.clone();
        }
    }
    outcomes.last().expect("an outcome").0.clone()
}

/// Median games/s over `runs` timed batches of `budget / runs` each, after a warm-up.
fn measure<G: Game>(name: &str, seats: u8, driver: Driver, budget: Duration, runs: u32) {
    let mut legal = Vec::with_capacity(4096);
    let mut seed = 0u64;
    let mut dice = Dice::from_seed(1);
    let unit = match driver {
        Driver::Listing => "games/s",
        Driver::Contract => "contract-games/s",
    };
    let rate = median_rate(budget, runs, || {
        seed += 1;
        play::<G>(driver, seats, seed, &mut dice, &mut legal);
        1
    });
    println!("{name} {seats} {rate:.0} {unit}");
}

/// Random chess plies per second, timed as [`measure`] times games.
fn measure_chess(budget: Duration, runs: u32) {
    let mut dice = Dice::from_seed(11);
    let rate = median_rate(budget, runs, || random_chess::play_random_chess(&mut dice) as u64);
    println!("chess 2 {rate:.0} plies/s");
}

/// The median over `runs` timed batches of `budget / runs` each, after a warm-up of a tenth of
/// `budget`, of the units per second done by `step` (which returns how many it did).
fn median_rate(budget: Duration, runs: u32, mut step: impl FnMut() -> u64) -> f64 {
    let warm = Instant::now();
    while warm.elapsed() < budget / 10 {
        step();
    }
    let mut rates = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut done = 0u64;
        while start.elapsed() < budget / runs {
            done += step();
        }
        rates.push(done as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

/// Decision positions of `seats`-player games of seeds `1..=4`, after 40, 100 and 160 actions
/// (or the first decision after), reached without `Dice` (whose streams may differ between the
/// two checkouts): the `n`-th choice takes the entry `(31 n + 17 seed) mod len` of the listing.
fn midgame_positions<G: Game>(seats: u8) -> Vec<(G, Seat)> {
    let mut found = Vec::new();
    let mut legal = Vec::new();
    for seed in 1..=4u64 {
        let config = G::standard_config(seats, seed).expect("standard config");
        let mut s = G::new(&config).expect("valid config");
        let mut depths = [40usize, 100, 160].into_iter().peekable();
        for n in 0..100_000usize {
            let pick = n * 31 + seed as usize * 17;
            let a = match s.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let outcomes = s.chance_outcomes();
                    outcomes[pick % outcomes.len()].0.clone()
                }
                Turn::Seat(seat) => {
                    if depths.next_if(|&d| n >= d).is_some() {
                        found.push((s.clone(), seat));
                    }
                    s.legal_actions_for(seat, &mut legal);
                    legal[pick % legal.len()].clone()
                }
                Turn::Seats(set) => {
                    let seat = set.first().expect("a seat to move");
                    s.legal_actions_for(seat, &mut legal);
                    legal[pick % legal.len()].clone()
                }
            };
            s.apply_in_place(&a).expect("listed action");
        }
    }
    found
}

/// The Monte-Carlo agent's play-outs per second (100 per decision) over the positions of
/// [`midgame_positions`], the median of `runs` timed batches after a warm-up.
fn measure_playouts<G: Game>(name: &str, seats: u8, budget: Duration, runs: u32) {
    const PLAYOUTS: u32 = 100;
    let positions = midgame_positions::<G>(seats);
    let mut agent: MonteCarloAgent<G::Action> = MonteCarloAgent::new(5).with_playouts(PLAYOUTS);
    let mut next = 0usize;
    let mut decide = || {
        let (state, seat) = &positions[next % positions.len()];
        next += 1;
        std::hint::black_box(agent.choose(state, *seat));
    };
    // A fixed workload for instruction counts (`valgrind --tool=callgrind`): that many
    // decisions and nothing else.
    if let Some(n) = std::env::var("TABULA_PLAYOUT_DECISIONS")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
    {
        for _ in 0..n {
            decide();
        }
        return;
    }
    let rate = median_rate(budget, runs, || {
        decide();
        u64::from(PLAYOUTS)
    });
    println!("{name} {seats} {rate:.0} play-outs/s");
}

/// The fixed workload of one game with `players` (the goal's count `goal` when `None`): a
/// warm-up of `warmup` games of seeds far from the measured ones (with dice of their own), then
/// the games of seeds `0..games` in [`measured`]; prints how many actions the measured games
/// took.
fn fixed<G: Game>(
    name: &str,
    goal: u8,
    players: Option<u8>,
    driver: Driver,
    games: u64,
    warmup: u64,
) {
    let seats = players.unwrap_or(goal);
    let mut legal = Vec::with_capacity(4096);
    let mut warm_dice = Dice::from_seed(2);
    for seed in 0..warmup {
        play::<G>(driver, seats, 1 << 40 | seed, &mut warm_dice, &mut legal);
    }
    let actions = measured(games, &mut |seed, dice| {
        play::<G>(driver, seats, seed, dice, &mut legal)
    });
    println!("{name} {seats} {actions} actions");
}

/// The games of seeds `0..games` played by `game` with one `Dice` stream, the total of what
/// they return: the only function whose instructions `compare.sh --instructions` counts.
#[inline(never)]
fn measured(games: u64, game: &mut dyn FnMut(u64, &mut Dice) -> usize) -> usize {
    let mut dice = Dice::from_seed(1);
    (0..games).map(|seed| game(seed, &mut dice)).sum()
}

/// Calls `$run::<State>(name, players, args...)` for the game named `$name` (every game when
/// `None`), in the order of the tables, with the player count of the game's speed goal.
macro_rules! each_game {
    ($name:expr, $run:ident $(, $arg:expr)*) => {{
        let only: Option<&str> = $name;
        let wanted = |name: &str| only.is_none_or(|o| o == name);
        if wanted("sequence-dice") {
            $run::<tabula::sequence_dice::State>("sequence-dice", 2 $(, $arg)*);
        }
        if wanted("mosaix") {
            $run::<tabula::mosaix::State>("mosaix", 4 $(, $arg)*);
        }
        if wanted("the-border") {
            $run::<tabula::the_border::State>("the-border", 4 $(, $arg)*);
        }
        if wanted("kingdom-builder") {
            $run::<tabula::kingdom_builder::State>("kingdom-builder", 4 $(, $arg)*);
        }
        if wanted("alea-iacta-est") {
            $run::<tabula::alea_iacta_est::State>("alea-iacta-est", 5 $(, $arg)*);
        }
    }};
}

/// A setting read from the environment.
fn setting<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    if let Some(games) = setting::<u64>("TABULA_COMPARE_GAMES") {
        let only: Option<String> = setting("TABULA_COMPARE_ONLY");
        let warmup = setting("TABULA_COMPARE_WARMUP").unwrap_or(300);
        let driver = match setting::<String>("TABULA_COMPARE_DRIVER").as_deref() {
            Some("contract") => Driver::Contract,
            _ => Driver::Listing,
        };
        if only.as_deref() == Some("chess") {
            let mut dice = Dice::from_seed(2);
            for _ in 0..warmup {
                random_chess::play_random_chess(&mut dice);
            }
            let plies = measured(games, &mut |_, dice| random_chess::play_random_chess(dice));
            println!("chess 2 {plies} actions");
            return;
        }
        let players: Option<u8> = setting("TABULA_COMPARE_PLAYERS");
        each_game!(only.as_deref(), fixed, players, driver, games, warmup);
        return;
    }
    if std::env::var_os("TABULA_PLAYOUT_DECISIONS").is_some() {
        measure_playouts::<tabula::kingdom_builder::State>("kingdom-builder", 4, Duration::ZERO, 1);
        return;
    }
    let ms: u64 = setting("TABULA_BENCH_MS").unwrap_or(2_000);
    let budget = Duration::from_millis(ms);
    measure_chess(budget, 11);
    each_game!(None, measure, Driver::Listing, budget, 11);
    each_game!(None, measure, Driver::Contract, budget, 11);
    measure_playouts::<tabula::kingdom_builder::State>("kingdom-builder", 4, budget, 11);
}

