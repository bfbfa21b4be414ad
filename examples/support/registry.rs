//! The games the programs know. Adding a game is one line in [`GAMES`].

use super::companion::Companion;
use super::play::{self, PlayOptions, PlayReport};
use super::tour::{self, TourReport};
use super::verify::{self, Verdict};
use std::fmt::Display;
use std::io::{BufRead, Write};
use std::ops::RangeInclusive;
use std::path::Path;

/// The monomorphised entry points of one game.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// The game's [`Game::NAME`], as in replay files and `--game NAME`.
    pub name: &'static str,
    /// Supported player counts.
    pub seats: RangeInclusive<u8>,
    /// Plays one seeded game with random agents and writes its replay into a directory.
    pub tour: fn(seed: u64, dir: &Path) -> Result<TourReport, String>,
    /// Verifies a replay file's text.
    pub verify: fn(text: &str) -> Verdict,
    /// Runs the terminal game.
    pub play: fn(
        options: &PlayOptions,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<PlayReport, String>,
}

impl GameEntry {
    /// The entry of game `G` (whose states and views print as a board).
    pub const fn of<G>() -> GameEntry
    where
        G: Companion,
        G::View: Display,
    {
        GameEntry {
            name: G::NAME,
            seats: G::SEATS,
            tour: tour::tour::<G>,
            verify: verify::verify::<G>,
            play: play::play::<G>,
        }
    }
}

/// Every game the programs know, in tour order. One line per game.
pub static GAMES: &[GameEntry] = &[
    GameEntry::of::<tabula::dicecore::pig::Pig>(),
    GameEntry::of::<tabula::sequence_dice::State>(),
    GameEntry::of::<tabula::mosaix::State>(),
    GameEntry::of::<tabula::the_border::State>(),
    GameEntry::of::<tabula::kingdom_builder::State>(),
    GameEntry::of::<tabula::alea_iacta_est::State>(),
];

/// The entry named `name`, as written or in any case with spaces or underscores for the
/// hyphens (`Sequence Dice`, `sequence_dice`).
pub fn find(name: &str) -> Option<&'static GameEntry> {
    let wanted: String = name
        .trim()
        .chars()
        .map(|c| if c == ' ' || c == '_' { '-' } else { c })
        .collect();
    GAMES.iter().find(|g| g.name.eq_ignore_ascii_case(&wanted))
}

/// The registered names, comma-separated (for messages).
pub fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

/// `find`, or a message listing the known games.
pub fn find_or_explain(name: &str) -> Result<&'static GameEntry, String> {
    find(name).ok_or_else(|| format!("unknown game '{name}'; known games: {}", names()))
}

/// Plays `name` with `options`, the person's answers read from `input`: how it ended and
/// everything printed (for tests and scripted sessions).
pub fn play_scripted(
    name: &str,
    options: &PlayOptions,
    input: &str,
) -> (Result<PlayReport, String>, String) {
    let mut out = Vec::new();
    let report = match find_or_explain(name) {
        Ok(entry) => (entry.play)(options, &mut input.as_bytes(), &mut out),
        Err(e) => Err(e),
    };
    (report, String::from_utf8_lossy(&out).into_owned())
}
