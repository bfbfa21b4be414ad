//! Verifies a replay file: re-runs every action with `Replay::run` and prints the final board
//! and scores, or the index and reason of the first illegal action.
//!
//! ```text
//! cargo run --release --example replay -- FILE
//! ```
//! Exit code: 0 verified, 1 an illegal action (or refused config), 2 an unreadable file or an
//! unknown game.
#[macro_use]
#[path = "support/mod.rs"]
mod support;

use std::path::PathBuf;
use support::args::{self, Arg};
use support::registry;
use support::verify::verify_file;

const USAGE: &str = "\
replay: verifies a replay file (as written by tour, play --save or Match::replay) and prints
the final board and scores, or the index and reason of the first illegal action.

usage: cargo run --release --example replay -- FILE

exit code: 0 verified, 1 illegal action or config, 2 unreadable file or unknown game";

fn main() {
    std::process::exit(run(std::env::args().skip(1)));
}

fn run(argv: impl Iterator<Item = String>) -> i32 {
    let parsed = match args::parse(argv, &[], &["help"]) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("replay: {e}");
            return 2;
        }
    };
    let mut files = Vec::new();
    for arg in parsed {
        match arg {
            Arg::Flag(..) => {
                outln!("{USAGE}\n\ngames: {}", registry::names());
                return 0;
            }
            Arg::Positional(p) => files.push(PathBuf::from(p)),
        }
    }
    let [file] = files.as_slice() else {
        eprintln!("replay: give exactly one replay FILE (try --help)");
        return 2;
    };
    let verdict = verify_file(file);
    let code = verdict.exit_code();
    if code < 2 {
        outln!("{}", verdict.to_string().trim_end());
    } else {
        eprint!("{}: {verdict}", file.display());
    }
    code
}
