//! One seeded game of a game with random agents, its replay written to a file.

use std::path::{Path, PathBuf};
use tabula::games::Registered;
use tabula::{Agent, Game, Match, RandomAgent};

/// The result of [`tour`].
#[derive(Clone, Debug)]
pub struct TourReport {
    /// The game's name.
    pub name: &'static str,
    /// Players.
    pub seats: u8,
    /// The seed of the config, the dice and (offset by seat) the agents.
    pub seed: u64,
    /// Actions played, chance outcomes included.
    pub actions: usize,
    /// The final board.
    pub board: String,
    /// The final board as an SVG picture.
    pub picture: String,
    /// The final scores and winners (`Outcome`'s Display).
    pub outcome: String,
    /// Where the replay JSON was written.
    pub path: PathBuf,
}

/// The player count shown in the tour: 2, or the nearest supported count.
pub fn tour_seats<G: Game>() -> u8 {
    2u8.clamp(*G::SEATS.start(), *G::SEATS.end())
}

/// The default directory of tour replays: `target/tour` in the workspace.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join("tour")
}

/// The replay file of `name` and `seed` in `dir`: `<dir>/<name>-seed<seed>.json`.
pub fn replay_path(dir: &Path, name: &str, seed: u64) -> PathBuf {
    dir.join(format!("{name}-seed{seed}.json"))
}

/// A short form of `path` for messages: relative to the current directory when inside it.
pub fn shown(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// The line under the tour's heading that says what Pig is doing there: the registry's first
/// game is `dicecore::pig`, not one of the games of the workspace, played as a small example
/// beside them (counted from the registry: "the five games" while five are registered).
/// `None` when the tour (`names`, the games it plays) leaves Pig out.
pub fn pig_note(names: &[&str]) -> Option<String> {
    if !names.contains(&"pig") {
        return None;
    }
    let what = "dicecore's own small game: roll or hold, first to 100";
    let others = tabula::games::GAMES.len() - 1;
    let (count, place) = (in_words(others), in_words_ordinal(others + 1));
    Some(if names.len() == 1 {
        format!("Pig is not one of the {count} games: it is a {place}, small example ({what}).")
    } else {
        let played = names.len() - 1;
        let which = if played == others {
            format!("The {count} games")
        } else {
            format!("{} of the {count} games", capitalised(&in_words(played)))
        };
        format!("{which}, and Pig, played first as a {place}, small example ({what}).")
    })
}

/// `n` in words up to twelve ("five"), in digits beyond.
pub fn in_words(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The ordinal of `n` in words up to twelfth ("sixth"), `n`th beyond.
pub fn in_words_ordinal(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
        "ninth", "tenth", "eleventh", "twelfth",
    ];
    WORDS
        .get(n)
        .map_or_else(|| format!("{n}th"), |w| w.to_string())
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The hints printed after a tour, for the game just shown (`name`, its replay at `path`): how
/// to check that replay and how to play that game.
pub fn closing_hints(name: &str, path: &Path) -> [String; 2] {
    [
        format!(
            "Check a replay:  cargo run --release --example replay -- {}",
            shown(path)
        ),
        format!("Play a game:     cargo run --release --example play -- --game {name}"),
    ]
}

/// Plays one game of `G` (standard config for [`tour_seats`] players from `seed`, chance from
/// `seed`, `RandomAgent` seat `i` seeded `seed + i`) and writes its replay file (`Replay::to_file_text`) to
/// [`replay_path`] in `dir` (created if missing).
pub fn tour<G: Registered>(seed: u64, dir: &Path) -> Result<TourReport, String> {
    let seats = tour_seats::<G>();
    let name = G::NAME;
    let config = G::standard_config(seats, seed)
        .map_err(|e| format!("{name}: no standard config for {seats} players: {e}"))?;
    let mut game: Match<G> =
        Match::new(config, seed).map_err(|e| format!("{name}: config refused: {e}"))?;
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
        .map(|i| Box::new(RandomAgent::new(seed.wrapping_add(i as u64))) as Box<dyn Agent<G>>)
        .collect();
    game.play_out(&mut agents, 10_000_000)
        .map_err(|e| format!("{name}: the game did not finish: {e}"))?;
    let outcome = game
        .state()
        .outcome()
        .ok_or_else(|| format!("{name}: the game stopped before its end"))?;
    let json = game
        .replay()
        .to_file_text()
        .map_err(|e| format!("{name}: cannot serialise the replay: {e}"))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = replay_path(dir, name, seed);
    std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(TourReport {
        name,
        seats,
        seed,
        actions: game.log().len(),
        board: game.state().to_string(),
        picture: game.state().picture(),
        outcome: outcome.to_string(),
        path,
    })
}
