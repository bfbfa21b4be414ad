//! Random games per second of every game at its goal's player count, through the driver of
//! issue 15: at a decision, `legal_actions_for` of the first seat to move and a uniform pick;
//! at chance, `sample_chance`; `apply_in_place` throughout. It uses only what the contract had
//! before this round, so the same source builds against an old checkout and the current one
//! (`benches/compare.sh` does both and runs them turn about). Also the Monte-Carlo agent's
//! play-outs per second in Kingdom Builder 4p from fixed mid-game positions. Prints one line per
//! figure: `name players rate unit`.
//!
//! With `TABULA_COMPARE_GAMES=N` it plays instead a fixed workload for instruction counts
//! (`benches/compare.sh --instructions`): games of seeds `0..N` of the game named by
//! `TABULA_COMPARE_ONLY` (every game without it), printing `name players actions actions`,
//! which must agree on both sides for the counts to compare the same games.
#![forbid(unsafe_code)]

use std::time::{Duration, Instant};
use tabula::dicecore::MonteCarloAgent;
use tabula::{Agent, Dice, Game, Seat, Turn};

fn play<G: Game>(seats: u8, seed: u64, dice: &mut Dice, legal: &mut Vec<G::Action>) -> usize {
    let config = G::standard_config(seats, seed).expect("standard config");
    let mut s = G::new(&config).expect("valid config");
    for n in 0..1_000_000 {
        let a = match s.turn() {
            Turn::Over => return n,
            Turn::Chance => s.sample_chance(dice).expect("chance outcome"),
            Turn::Seat(seat) => {
                s.legal_actions_for(seat, legal);
                legal[dice.index(legal.len())].clone()
            }
            Turn::Seats(set) => {
                let seat = set.first().expect("a seat to move");
                s.legal_actions_for(seat, legal);
                legal[dice.index(legal.len())].clone()
            }
        };
        s.apply_in_place(&a).expect("listed action");
    }
    panic!("game {seed} did not end")
}

/// Median games/s over `runs` timed batches of `budget / runs` each, after a warm-up.
fn measure<G: Game>(name: &str, seats: u8, budget: Duration, runs: u32) {
    let mut legal = Vec::with_capacity(4096);
    let mut seed = 0u64;
    let mut dice = Dice::from_seed(1);
    let warm = Instant::now();
    while warm.elapsed() < budget / 10 {
        play::<G>(seats, seed, &mut dice, &mut legal);
        seed += 1;
    }
    let mut rates = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut games = 0u64;
        while start.elapsed() < budget / runs {
            play::<G>(seats, seed, &mut dice, &mut legal);
            seed += 1;
            games += 1;
        }
        rates.push(games as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!("{name} {seats} {:.0} games/s", rates[rates.len() / 2]);
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
    let warm = Instant::now();
    while warm.elapsed() < budget / 10 {
        decide();
    }
    let mut rates = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut decisions = 0u64;
        while start.elapsed() < budget / runs {
            decide();
            decisions += 1;
        }
        rates.push((decisions * u64::from(PLAYOUTS)) as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!("{name} {seats} {:.0} play-outs/s", rates[rates.len() / 2]);
}

/// Plays the games of seeds `0..games` (one `Dice` stream) and prints how many actions they took.
fn fixed<G: Game>(name: &str, seats: u8, games: u64) {
    let mut legal = Vec::with_capacity(4096);
    let mut dice = Dice::from_seed(1);
    let actions: usize = (0..games)
        .map(|seed| play::<G>(seats, seed, &mut dice, &mut legal))
        .sum();
    println!("{name} {seats} {actions} actions");
}

fn main() {
    if let Some(games) = std::env::var("TABULA_COMPARE_GAMES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        let only = std::env::var("TABULA_COMPARE_ONLY").ok();
        let wanted = |name: &str| only.as_deref().is_none_or(|o| o == name);
        if wanted("sequence-dice") {
            fixed::<tabula::sequence_dice::State>("sequence-dice", 2, games);
        }
        if wanted("mosaix") {
            fixed::<tabula::mosaix::State>("mosaix", 4, games);
        }
        if wanted("the-border") {
            fixed::<tabula::the_border::State>("the-border", 4, games);
        }
        if wanted("kingdom-builder") {
            fixed::<tabula::kingdom_builder::State>("kingdom-builder", 4, games);
        }
        if wanted("alea-iacta-est") {
            fixed::<tabula::alea_iacta_est::State>("alea-iacta-est", 5, games);
        }
        return;
    }
    if std::env::var_os("TABULA_PLAYOUT_DECISIONS").is_some() {
        measure_playouts::<tabula::kingdom_builder::State>("kingdom-builder", 4, Duration::ZERO, 1);
        return;
    }
    let ms: u64 = std::env::var("TABULA_BENCH_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let budget = Duration::from_millis(ms);
    measure::<tabula::sequence_dice::State>("sequence-dice", 2, budget, 11);
    measure::<tabula::mosaix::State>("mosaix", 4, budget, 11);
    measure::<tabula::the_border::State>("the-border", 4, budget, 11);
    measure::<tabula::kingdom_builder::State>("kingdom-builder", 4, budget, 11);
    measure::<tabula::alea_iacta_est::State>("alea-iacta-est", 5, budget, 11);
    measure_playouts::<tabula::kingdom_builder::State>("kingdom-builder", 4, budget, 11);
}
