//! The demo: one seeded game of every registered game with random agents — Pig, a small
//! example, played first — final boards, scores, and the replay files written
//! (`target/tour/<game>-seed<N>.json`); with `--svg`, pictures of the final boards.
//!
//! ```text
//! cargo run --release --example tour [-- --seed N --game NAME --svg FILE]
//! ```
#[macro_use]
#[path = "support/mod.rs"]
mod support;

use std::path::PathBuf;
use support::cli;
use support::files;
use support::registry::{self, GameEntry, GAMES};
use support::tour::{closing_hints, default_dir, pig_note, shown};

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
    let Some(args) = cli::tour(argv)? else {
        outln!("{}\n\ngames: {}", cli::TOUR_USAGE, registry::names());
        return Ok(());
    };
    let games: Vec<&GameEntry> = match args.game {
        Some(g) => vec![g],
        None => GAMES.iter().collect(),
    };
    // Where each game's picture goes, every path tried before the first game is played.
    let pictures: Vec<Option<PathBuf>> = games
        .iter()
        .map(|g| {
            args.svg.as_ref().map(|path| match args.game {
                Some(_) => path.clone(),
                None => files::with_name(path, g.name),
            })
        })
        .collect();
    for path in pictures.iter().flatten() {
        files::check_writable(path, "the picture")?;
    }
    let dir = default_dir();
    outln!("tabula tour · seed {} · random agents", args.seed);
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    if let Some(note) = pig_note(&names) {
        outln!("{note}");
    }
    outln!();
    let mut written = Vec::new();
    let mut failed = 0;
    for (entry, picture) in games.into_iter().zip(pictures) {
        let started = std::time::Instant::now();
        match (entry.tour)(args.seed, &dir) {
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
                    "{} actions in {:.1} ms · replay: {}",
                    report.actions,
                    started.elapsed().as_secs_f64() * 1e3,
                    shown(&report.path)
                );
                if let Some(path) = picture {
                    files::write(&path, "the picture", &report.picture)?;
                    outln!("picture of the final board: {}", shown(&path));
                }
                outln!();
                written.push((report.name, report.path));
            }
            Err(e) => {
                failed += 1;
                eprintln!("tour: {e}\n");
            }
        }
    }
    if let Some((name, path)) = written.last() {
        for hint in closing_hints(name, path) {
            outln!("{hint}");
        }
    }
    if failed > 0 {
        return Err(format!("{failed} game(s) failed"));
    }
    Ok(())
}
