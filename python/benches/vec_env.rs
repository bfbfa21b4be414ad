//! The VecEnv core stepped from Rust, without Python: random legal actions (as
//! `action_space.sample()` draws them) for each game at the player count of its throughput
//! goal, observations and masks written into buffers reused from step to step. What the Python
//! benchmark (`python/benchmarks/vec_env.py`) measures, minus the Python call; a steady loop to
//! profile (`valgrind --tool=callgrind`).
//!
//! ```text
//! cargo bench --manifest-path python/Cargo.toml --bench vec_env                       # every game, 256 envs
//! cargo bench --manifest-path python/Cargo.toml --bench vec_env -- kingdom-builder 4 256 2000 1
//! ```
//!
//! Arguments: game, players, environments, steps, threads (default: every game at 256
//! environments for 3 seconds each, every core). Prints environment steps per wall-clock
//! second: figures, not a test.

use _tabula::env::{Buffers, EnvSpec};
use _tabula::for_game;
use std::time::{Duration, Instant};

/// Steps `num_envs` environments `steps` times (or for `seconds`); returns steps per second.
fn run(game: &str, players: u8, num_envs: usize, steps: Option<u64>, threads: usize) -> f64 {
    let spec = EnvSpec {
        threads,
        ..EnvSpec::new(players, num_envs, 1)
    };
    let mut core = for_game(game, spec).expect("a game of the registry and a valid spec");
    let mut b = Buffers::new(num_envs, core.shape());
    core.reset(None, b.out()).expect("reset");
    let mut actions = vec![0i64; num_envs];
    let start = Instant::now();
    let mut done = 0u64;
    loop {
        match steps {
            Some(n) if done >= n => break,
            None if start.elapsed() >= Duration::from_secs(3) => break,
            _ => {}
        }
        core.sample_legal(done, &mut actions).expect("sample");
        core.step(&actions, b.out()).expect("step");
        done += 1;
    }
    (done * num_envs as u64) as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if let [game, players, envs, rest @ ..] = args.as_slice() {
        let players = players.parse().expect("players");
        let envs = envs.parse().expect("environments");
        let steps = rest.first().map(|s| s.parse().expect("steps"));
        let threads = rest.get(1).map_or(threads, |t| t.parse().expect("threads"));
        let rate = run(game, players, envs, steps, threads);
        println!("{game} {players}p, {envs} envs, {threads} threads: {rate:.0} steps/s");
        return;
    }
    for (game, players) in [
        ("sequence-dice", 2),
        ("the-border", 2),
        ("kingdom-builder", 4),
        ("mosaix", 4),
        ("alea-iacta-est", 5),
    ] {
        let rate = run(game, players, 256, None, threads);
        println!("{game} {players}p, 256 envs, {threads} threads: {rate:.0} steps/s");
    }
}
