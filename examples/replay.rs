//! Verifies a replay file: re-runs every action with `Replay::run` and prints the final board
//! and scores (for an unfinished game, the board where it stopped, after action N), or the
//! index and reason of the first illegal action; with `--svg`, a picture of that board.
//!
//! ```text
//! cargo run --release --example replay -- FILE [--svg PICTURE]
//! ```
//! Exit code: 0 verified, 1 an illegal action (or refused config), 2 an unreadable file, an
//! unknown game or a bad option.
#[macro_use]
#[path = "support/mod.rs"]
mod support;

use support::registry::verify_file;
use support::tour::shown;
use support::verify::Verdict;
use support::{cli, files, registry};

fn main() {
    std::process::exit(run(std::env::args().skip(1)));
}

fn run(argv: impl Iterator<Item = String>) -> i32 {
    let args = match cli::replay(argv) {
        Ok(Some(args)) => args,
        Ok(None) => {
            outln!("{}\n\ngames: {}", cli::REPLAY_USAGE, registry::names());
            return 0;
        }
        Err(e) => {
            eprintln!("replay: {e}");
            return 2;
        }
    };
    if let Some(Err(e)) = args
        .svg
        .as_ref()
        .map(|p| files::check_writable(p, "the picture"))
    {
        eprintln!("replay: {e}");
        return 2;
    }
    let verdict = verify_file(&args.file);
    let code = verdict.exit_code();
    if code == 2 {
        eprint!("replay: {}: {verdict}", args.file.display());
        return code;
    }
    outln!("{}", verdict.to_string().trim_end());
    match (&args.svg, &verdict) {
        (Some(path), Verdict::Verified { picture, .. }) => {
            match files::write(path, "the picture", picture) {
                Ok(()) => outln!("Picture of {}: {}", verdict.board_name(), shown(path)),
                Err(e) => {
                    eprintln!("replay: {e}");
                    return 2;
                }
            }
        }
        (Some(_), _) => outln!("(no picture drawn: the replay is invalid)"),
        (None, _) => {}
    }
    code
}
