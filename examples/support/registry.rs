//! The programs' entry points of every game of the registry (`tabula::games`): [`GAMES`] is
//! built from `tabula::for_each_game!`, so the programs know exactly the registered games, in
//! the registry's order, with their pictures and menus.

use super::play::{self, PlayOptions, PlayReport};
use super::tour::{self, TourReport};
use super::verify::{self, Verdict};
use std::io::{BufRead, Write};
use std::ops::RangeInclusive;
use std::path::Path;
use tabula::games::Registered;

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
    /// The entry of game `G`.
    pub const fn of<G: Registered>() -> GameEntry {
        GameEntry {
            name: G::NAME,
            seats: G::SEATS,
            tour: tour::tour::<G>,
            verify: verify::verify::<G>,
            play: play::play::<G>,
        }
    }
}

macro_rules! entries {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        /// Every game the programs know: the registry's games, in its order (tour order).
        pub static GAMES: &[GameEntry] = &[$(GameEntry::of::<$ty>()),*];
    };
}
tabula::for_each_game!(entries);

/// The entry named `name`, read as `tabula::games::find` reads names (`Sequence Dice`,
/// `sequence_dice`).
pub fn find(name: &str) -> Option<&'static GameEntry> {
    let found = tabula::games::find(name)?;
    GAMES.iter().find(|g| g.name == found.name)
}

/// The registered names, comma-separated (for messages).
pub fn names() -> String {
    tabula::games::names()
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

/// Verifies a replay's text of any registered game, dispatching on its `"game"` field.
pub fn verify_text(text: &str) -> Verdict {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Verdict::Unreadable(format!("not JSON: {e}")),
    };
    let Some(name) = value.get("game").and_then(|g| g.as_str()) else {
        return Verdict::Unreadable("no \"game\" field naming the game".to_string());
    };
    match find(name) {
        Some(entry) => (entry.verify)(text),
        None => Verdict::UnknownGame(name.to_string()),
    }
}

/// Verifies a replay file of any registered game.
pub fn verify_file(path: &Path) -> Verdict {
    match std::fs::read_to_string(path) {
        Ok(text) => verify_text(&text),
        Err(e) => Verdict::Unreadable(e.to_string()),
    }
}
