//! The native side of the browser-versus-native speed check (`docs/performance.md`, "In the
//! browser"): the same seeded random games the browser test plays through the WebAssembly
//! package (`playRandomGames`, games `0..n` of seed 1 with random agents, the counts of
//! `web/test/speed-games.json`), played here by the same Rust function, best of five runs.
//! Each run is timed twice: on the wall clock, and in CPU time (the time this thread ran, from
//! Linux's `/proc/thread-self/schedstat`), which a machine shared with other work disturbs far
//! less; the browser check measures the renderer's CPU time the same way.
//!
//! ```text
//! cargo run --release -p tabula-wasm --example speed
//! ```
use std::time::Instant;
use tabula_wasm::registry::entry;

/// The CPU time this thread has run, in seconds (`None` off Linux).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let spec: serde_json::Value =
        serde_json::from_str(include_str!("../../../web/test/speed-games.json"))
            .expect("web/test/speed-games.json is JSON");
    let players = spec["players"].as_i64().unwrap_or(2);
    let seed = spec["seed"].as_u64().unwrap_or(1);
    let games = spec["games"].as_object().cloned().unwrap_or_default();
    println!(
        "{:<16} {:>7} {:>8} {:>10} {:>8} {:>12}",
        "game", "games", "wall s", "games/s", "cpu s", "games/cpu-s"
    );
    for (name, count) in games {
        let count = count.as_u64().unwrap_or(1);
        let (_, e) = entry(&name).expect("a registered game");
        let (mut wall, mut cpu) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..5 {
            let (start, cpu_start) = (Instant::now(), cpu_seconds());
            let played = (e.random_games)(players, count, seed).expect("the games are played");
            wall = wall.min(start.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (cpu_start, cpu_seconds()) {
                cpu = cpu.min(b - a);
            }
            assert_eq!(played.len() as u64, count);
        }
        println!(
            "{name:<16} {count:>7} {wall:>8.3} {:>10.0} {cpu:>8.3} {:>12.0}",
            count as f64 / wall,
            count as f64 / cpu
        );
    }
}
