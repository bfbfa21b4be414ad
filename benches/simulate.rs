//! Simulation at scale (`cargo bench --bench simulate`): Kingdom Builder 4-player random games
//! through `tabula::sim::run` on 1 and on 2 threads (goal: at least 1.9× on 2 cores), and the
//! cost of the summary against a bare loop of the same games on one thread (`play_one` for each
//! index, results dropped; goal: under 5%), and the cost of every metric (`--metrics`) on one
//! thread. Figures are ns per game, the median of timed runs of `BATCH` games. Beside them, the
//! machine's own ceiling: the bare loop split over two scoped threads with nothing shared (what
//! 2 cores give to work that never waits).
//!
//! For CPU-time or instruction counts on a fixed workload (repeatable on a busy machine), run
//! one mode once: `TABULA_SIM_ONLY=bare|run1|run2 [TABULA_SIM_GAMES=N]` plays games `0..N`
//! (default 4000) that way and exits, e.g.
//! `TABULA_SIM_ONLY=run1 perf stat -e task-clock target/release/deps/simulate-*` or under
//! `valgrind --tool=callgrind`. `TABULA_SIM_METRICS=all` (or a list of names,
//! `TABULA_SIM_METRICS=Balance,LeadChange`) chooses metrics for `run1` and `run2`;
//! `TABULA_SIM_GAME=mosaix TABULA_SIM_PLAYERS=4` another registered game than Kingdom Builder
//! 4p (the players default to the game's most).
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::kingdom_builder::State;
use tabula::sim::{parse_agents, play_one, run, MetricSet, Options, Spec};
use tabula::Game;

/// Games per timed call: about 0.35 s on one thread. Much shorter batches (2,000 games)
/// measured 1.2–1.9× on 2 threads on a virtual machine, where a second vCPU idle between
/// batches takes time to be scheduled again; 20,000 games measure the steady state.
const BATCH: u64 = 20_000;

/// Random agents for `players` seats, `games` games from master seed 11.
fn spec<G: Game>(players: u8, games: u64) -> Spec<G::Config> {
    let agents = parse_agents("random", players).expect("agent spec");
    Spec::new(players, games, 11, agents)
}

/// Plays games `0..games` without a summary: the baseline.
fn bare<G: Game>(spec: &Spec<G::Config>, games: u64) -> u64 {
    bare_range::<G>(spec, 0..games)
}

/// Plays the games of `range` without a summary.
fn bare_range<G: Game>(spec: &Spec<G::Config>, range: std::ops::Range<u64>) -> u64 {
    let mut actions = 0;
    for i in range {
        actions += play_one::<G>(spec, i).expect("game").actions;
    }
    actions
}

/// Plays games `0..games` through the simulation on `threads` threads.
fn simulate<G: Game>(spec: &Spec<G::Config>, games: u64, threads: usize) -> u64 {
    let options = Options::default().threads(threads);
    run::<G>(spec, 0..games, &options)
        .expect("simulation")
        .games()
}

/// The fixed workload of `TABULA_SIM_ONLY=mode` for game `G`: games `0..games` with `players`
/// (the game's most when `None`) and the metrics of `TABULA_SIM_METRICS`.
fn fixed<G: Game>(mode: &str, games: u64, players: Option<u8>) {
    let mut spec = spec::<G>(players.unwrap_or(*G::SEATS.end()), games);
    spec.metrics = match std::env::var("TABULA_SIM_METRICS").as_deref() {
        Err(_) => MetricSet::NONE,
        Ok("all") => MetricSet::ALL,
        Ok(names) => names
            .parse()
            .expect("TABULA_SIM_METRICS: all or metric names"),
    };
    let done = match mode {
        "bare" => bare::<G>(&spec, games),
        "run1" => simulate::<G>(&spec, games, 1),
        "run2" => simulate::<G>(&spec, games, 2),
        other => panic!("TABULA_SIM_ONLY is bare, run1 or run2, not {other}"),
    };
    println!("{} {mode}: {games} games ({done})", G::NAME);
}

/// `fixed::<G>` for the registered game named `name` (`Game::NAME`).
macro_rules! fixed_named {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        fn fixed_named(name: &str, mode: &str, games: u64, players: Option<u8>) {
            $(if name == <$ty as Game>::NAME {
                return fixed::<$ty>(mode, games, players);
            })*
            panic!("TABULA_SIM_GAME: no registered game is named {name}");
        }
    };
}
tabula::for_each_game!(fixed_named);

fn main() {
    if let Ok(mode) = std::env::var("TABULA_SIM_ONLY") {
        let setting = |name: &str| std::env::var(name).ok();
        let games = setting("TABULA_SIM_GAMES").and_then(|g| g.parse().ok());
        let players = setting("TABULA_SIM_PLAYERS").and_then(|p| p.parse().ok());
        match setting("TABULA_SIM_GAME") {
            Some(name) => fixed_named(&name, &mode, games.unwrap_or(4_000), players),
            None => fixed::<State>(&mode, games.unwrap_or(4_000), Some(players.unwrap_or(4))),
        }
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    timing::header(&format!(
        "simulate: kingdom-builder 4p random games, ns/game ({cores} cores here)"
    ));
    let spec = spec::<State>(4, BATCH);
    let base = timing::measure("bare loop of play_one, 1 thread", BATCH, || {
        bare::<State>(black_box(&spec), BATCH)
    });
    let one = timing::measure("sim::run, 1 thread", BATCH, || {
        simulate::<State>(black_box(&spec), BATCH, 1)
    });
    let two = timing::measure("sim::run, 2 threads", BATCH, || {
        simulate::<State>(black_box(&spec), BATCH, 2)
    });
    // Every metric makes Kingdom Builder's games about twice as long (the legal actions
    // listed and the running score read at every decision): a quarter of the batch keeps the
    // bench's length.
    let few = BATCH / 4;
    let mut every_metric = spec.clone();
    (every_metric.metrics, every_metric.games) = (MetricSet::ALL, few);
    let metrics = timing::measure("sim::run with every metric, 1 thread", few, || {
        simulate::<State>(black_box(&every_metric), few, 1)
    });
    let ceiling = timing::measure("bare loop, halves on 2 scoped threads", BATCH, || {
        let spec = black_box(&spec);
        std::thread::scope(|scope| {
            let half = scope.spawn(|| bare_range::<State>(spec, 0..BATCH / 2));
            bare_range::<State>(spec, BATCH / 2..BATCH) + half.join().expect("thread")
        })
    });
    println!();
    println!(
        "summary cost against the bare loop: {:+.1}% (goal: under 5%)",
        100.0 * (one.ns_per_op / base.ns_per_op - 1.0)
    );
    println!(
        "every metric on top of a plain run: {:+.1}%",
        100.0 * (metrics.ns_per_op / one.ns_per_op - 1.0)
    );
    println!(
        "speed-up on 2 threads: {:.2}x (goal: at least 1.9x on 2 cores)",
        one.ns_per_op / two.ns_per_op
    );
    println!(
        "the machine's ceiling (bare loop, 2 scoped threads): {:.2}x",
        base.ns_per_op / ceiling.ns_per_op
    );
}
