//! The demo: one seeded game of every game with random agents — final boards, scores, and the
//! replay files written (`target/tour/<game>-seed<N>.json`).
//!
//! ```text
//! cargo run --release --example tour [-- --seed N --game NAME]
//! ```
#[macro_use]
#[path = "support/mod.rs"]
mod support;

use support::args::{self, Arg};
use support::registry::{self, GameEntry, GAMES};
use support::tour::{default_dir, shown};

const USAGE: &str = "\
tour: plays one seeded game of every game with random agents, shows the final boards and
scores, and writes each replay to target/tour/<game>-seed<N>.json.

usage: cargo run --release --example tour [-- --seed N] [--game NAME]

  --seed N      seed of the setup, the dice and the agents (default 42)
  --game NAME   only this game
  --help        this text";

fn main() {
    let code = match run(std::env::args().skip(1)) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tour: {e}");
            2
        }
    };
    std::process::exit(code);
}

fn run(argv: impl Iterator<Item = String>) -> Result<(), String> {
    let mut seed = 42u64;
    let mut only: Option<&'static GameEntry> = None;
    for arg in args::parse(argv, &["seed", "game"], &["help"])? {
        match arg {
            Arg::Flag(f, _) if f == "help" => {
                outln!("{USAGE}\n\ngames: {}", registry::names());
                return Ok(());
            }
            Arg::Flag(f, Some(v)) if f == "seed" => seed = args::number("seed", &v)?,
            Arg::Flag(f, Some(v)) if f == "game" => only = Some(registry::find_or_explain(&v)?),
            Arg::Flag(f, _) => return Err(format!("unexpected --{f}")),
            Arg::Positional(p) => return Err(format!("unexpected argument '{p}' (try --help)")),
        }
    }
    let games: Vec<&GameEntry> = match only {
        Some(g) => vec![g],
        None => GAMES.iter().collect(),
    };
    let dir = default_dir();
    outln!("tabula tour · seed {seed} · random agents\n");
    let mut written = Vec::new();
    let mut failed = 0;
    for entry in games {
        let started = std::time::Instant::now();
        match (entry.tour)(seed, &dir) {
            Ok(report) => {
                let title = format!("── {} · {} players ", report.name, report.seats);
                let fill = 72usize.saturating_sub(title.chars().count());
                outln!("{title}{}", "─".repeat(fill));
                outln!("{}", report.board.trim_end());
                outln!();
                outln!("Final scores:");
                for line in report.outcome.lines() {
                    outln!("  {line}");
                }
                outln!(
                    "{} actions in {:.1} ms · replay: {}\n",
                    report.actions,
                    started.elapsed().as_secs_f64() * 1e3,
                    shown(&report.path)
                );
                written.push(report.path);
            }
            Err(e) => {
                failed += 1;
                eprintln!("tour: {e}\n");
            }
        }
    }
    if let Some(path) = written.first() {
        outln!(
            "Check a replay:  cargo run --release --example replay -- {}",
            shown(path)
        );
        outln!(
            "Play a game:     cargo run --release --example play -- --game {}",
            GAMES[0].name
        );
    }
    if failed > 0 {
        return Err(format!("{failed} game(s) failed"));
    }
    Ok(())
}
