//! A terminal game for people: your seat's view of the board before each of your decisions
//! (never what your seat may not know) and the others' actions one line each, your seat's
//! legal actions in a menu (numbered, a page at a time, narrowed by typing part of an action,
//! in steps where a game has many; a single legal action taken without asking, with a note),
//! dice typed in from a real table with `--dice manual`, a picture of the board with `--svg`;
//! the other seats are played by agents.
//!
//! ```text
//! cargo run --release --example play -- --game NAME [--seats N] [--human SEAT ...] [--seed N]
//!     [--dice manual] [--agent SPEC] [--playouts N] [--save FILE] [--svg FILE]
//!     [--show-every-move] [--confirm] [--watch]
//! ```
//! Exit code: 0 when the game ended or was stopped, 2 for bad options.
#[macro_use]
#[path = "support/mod.rs"]
mod support;

use support::{cli, registry};

fn main() {
    std::process::exit(run(std::env::args().skip(1)));
}

fn run(argv: impl Iterator<Item = String>) -> i32 {
    let (game, options) = match cli::play(argv) {
        Ok(Some(x)) => x,
        Ok(None) => {
            outln!("{}\n\ngames: {}", cli::PLAY_USAGE, registry::names());
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
