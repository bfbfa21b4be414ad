//! Code shared by the `tour`, `play` and `replay` examples and the root integration tests,
//! included with `#[path = "support/mod.rs"] mod support;` (no extra crate, no dependencies).
//!
//! - [`registry`]: the programs' entry points of every game of `tabula::games`;
//! - [`tour`]: one seeded random game of a game, its replay written to a file;
//! - [`verify`]: a replay file checked with `Replay::run`, dispatched on its `"game"` field;
//! - [`play`]: the terminal game for people, with I/O passed in so tests can script it;
//! - [`menu`]: choices shown a page at a time, narrowed by typed text, in steps;
//! - [`menus`]: menus in steps where a game's list of actions is long ([`mosaix_steps`]);
//! - [`files`]: replay and picture files, checked before the work starts;
//! - [`cli`]: the programs' `--help` texts and command lines;
//! - [`args`]: a small hand-written command-line parser.
#![allow(dead_code)]

pub mod args;
pub mod cli;
pub mod files;
pub mod menu;
pub mod menus;
pub mod mosaix_steps;
pub mod play;
pub mod registry;
pub mod tour;
pub mod verify;

/// Like `println!`, but a closed standard output (`| head`) ends nothing with a panic: the
/// text is dropped.
#[allow(unused_macros)]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}
