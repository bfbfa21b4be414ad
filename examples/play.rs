//! A terminal game for people: your seat's view of the board after every action (never what
//! your seat may not know), the legal actions of your seat numbered, choose by number; the
//! other seats are played by agents.
//!
//! ```text
//! cargo run --release --example play -- --game NAME [--seats N] [--human SEAT ...] [--seed N]
//!     [--dice manual] [--agent SPEC] [--playouts N] [--save FILE] [--brief] [--watch]
//! ```
#[macro_use]
#[path = "support/mod.rs"]
mod support;

use std::path::PathBuf;
use support::args::{self, Arg};
use support::play::{AgentKind, PlayOptions};
use support::registry;

const USAGE: &str = "\
play: a game at the terminal. Your seat's view of the board is shown after every action (only
what your seat may know: other players' hidden cards and tiles stay hidden until the end);
when one of your seats is to move, its legal actions are listed by number: type the number
(or the action's text). '?' lists the choices again, 'quit' (or end of input, Ctrl-D) stops
the game. With several --human seats, each seat's view is shown before its decisions.

usage: cargo run --release --example play -- --game NAME [options]

  --game NAME          the game to play (required)
  --seats N            number of players (default 2, or the nearest supported count)
  --human SEAT         a seat played at the keyboard, 0-based; repeat for several
                       (default: seat 0)
  --watch              no human seats: watch the agents play
  --seed N             seed of the setup, the dice and the agents (default: from the clock,
                       printed at the start so a game can be played again)
  --dice manual        pick every chance outcome (e.g. from physical dice) from the listed
                       outcomes and their probabilities; the default 'seeded' rolls for you
  --agent SPEC         the agent of the other seats: mc (Monte-Carlo, the default), random,
                       ismcts (information-set tree search, 1000 iterations per decision),
                       or with a budget: mc:N (N play-outs), ismcts:N (N iterations)
  --playouts N         play-outs per decision of the plain 'mc' agent (default 200)
  --save FILE          write the replay to FILE at the end (also when stopped early);
                       check it with: cargo run --release --example replay -- FILE
  --brief              show your view only when you decide (and the board at the end)
  --help               this text";

fn main() {
    std::process::exit(run(std::env::args().skip(1)));
}

fn parse(argv: impl Iterator<Item = String>) -> Result<Option<(String, PlayOptions)>, String> {
    let mut options = PlayOptions::default();
    let mut game = None;
    let mut humans = Vec::new();
    let mut watch = false;
    let mut seed = None;
    let parsed = args::parse(
        argv,
        &[
            "game", "seats", "human", "seed", "dice", "agent", "playouts", "save",
        ],
        &["help", "brief", "watch"],
    )?;
    for arg in parsed {
        let Arg::Flag(flag, value) = arg else {
            let Arg::Positional(p) = arg else {
                unreachable!()
            };
            return Err(format!("unexpected argument '{p}' (try --help)"));
        };
        let v = value.unwrap_or_default();
        match flag.as_str() {
            "help" => return Ok(None),
            "brief" => options.every_board = false,
            "watch" => watch = true,
            "game" => game = Some(v),
            "seats" => options.seats = Some(args::number("seats", &v)?),
            "human" => humans.push(args::number::<u8>("human", &v)?),
            "seed" => seed = Some(args::number("seed", &v)?),
            "playouts" => options.playouts = args::number("playouts", &v)?,
            "save" => options.save = Some(PathBuf::from(v)),
            "dice" => {
                options.manual_dice = match v.as_str() {
                    "manual" => true,
                    "seeded" => false,
                    _ => return Err(format!("--dice expects 'manual' or 'seeded', not '{v}'")),
                }
            }
            "agent" => {
                options.agent = match v.as_str() {
                    "mc" => AgentKind::MonteCarlo,
                    "random" => AgentKind::Random,
                    _ => AgentKind::Spec(v.parse().map_err(|e| format!("--agent: {e}"))?),
                }
            }
            other => return Err(format!("unexpected --{other}")),
        }
    }
    if watch && !humans.is_empty() {
        return Err("--watch and --human exclude each other".to_string());
    }
    if watch {
        options.humans.clear();
    } else if !humans.is_empty() {
        humans.sort_unstable();
        humans.dedup();
        options.humans = humans;
    }
    options.seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() % 1_000_000)
            .unwrap_or(0)
    });
    let game = game.ok_or_else(|| {
        format!(
            "which game? give --game NAME (one of: {})",
            registry::names()
        )
    })?;
    Ok(Some((game, options)))
}

fn run(argv: impl Iterator<Item = String>) -> i32 {
    let (game, options) = match parse(argv) {
        Ok(Some(x)) => x,
        Ok(None) => {
            outln!("{USAGE}\n\ngames: {}", registry::names());
            return 0;
        }
        Err(e) => {
            eprintln!("play: {e}");
            return 2;
        }
    };
    let entry = match registry::find_or_explain(&game) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("play: {e}");
            return 2;
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    match (entry.play)(&options, &mut input, &mut out) {
        Ok(_) => 0,
        Err(e) => {
            eprintln!("play: {e}");
            2
        }
    }
}
