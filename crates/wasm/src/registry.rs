//! The games of the registry (`tabula::for_each_game!`), as the JavaScript API finds them by
//! name: one [`Entry`] of monomorphised constructors per game.

use crate::agents::{Player, Seated};
use crate::session::{Play, Session};
use tabula::dicecore::AgentSpec;
use tabula::games::{NamedGame, Registered};
use tabula::table::{self, Failure, GameResult, Table};

/// A new session, or why not.
pub type Made = Result<Box<dyn Session>, Failure>;

/// What the JavaScript API needs of one game.
pub struct Entry {
    /// `Game::NAME`.
    pub name: &'static str,
    /// A new game: the standard config for `players` and `seed`, dice seeded `seed`.
    pub create: fn(players: i64, seed: u64) -> Made,
    /// A new game of a config's JSON text, dice seeded `seed`.
    pub with_config: fn(config: &str, seed: u64) -> Made,
    /// A saved state's JSON text (checked as a saved file is), dice seeded `seed`.
    pub load: fn(state: &str, seed: u64) -> Made,
    /// The final position of a replay file's text.
    pub from_replay: fn(text: &str) -> Made,
    /// The standard config as JSON text.
    pub standard_config: fn(players: i64, seed: u64) -> Result<String, Failure>,
    /// An agent of this game.
    pub agent: fn(spec: AgentSpec, seed: u64) -> Box<dyn Player>,
    /// Games `0..games` of `simulate` with random agents.
    pub random_games: fn(players: i64, games: u64, seed: u64) -> Result<Vec<GameResult>, Failure>,
}

impl Entry {
    const fn of<G: Registered>() -> Entry {
        Entry {
            name: G::NAME,
            create: |players, seed| {
                let config = table::standard_config::<G>(players, seed)?;
                Ok(Box::new(Play::<G>::new(&config, seed)?))
            },
            with_config: |config, seed| {
                let config = table::config_from_json::<G>(config)?;
                Ok(Box::new(Play::<G>::new(&config, seed)?))
            },
            load: |state, seed| Ok(Box::new(Play::started(Table::<G>::from_json(state)?, seed))),
            from_replay: |text| Ok(Box::new(Play::<G>::from_replay(text)?)),
            standard_config: |players, seed| {
                table::to_json(&table::standard_config::<G>(players, seed)?)
            },
            agent: |spec, seed| Box::new(Seated::<G>::new(spec, seed)),
            random_games: |players, games, seed| {
                let spec = table::random_games::<G>(Some(players), None, games, seed)?;
                table::play_games::<G>(&spec, 0..games)
            },
        }
    }
}

macro_rules! entries {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        /// Every game of the package, in the registry's order.
        pub static GAMES: &[Entry] = &[$(Entry::of::<$ty>()),*];
    };
}
tabula::for_each_game!(entries);

/// The game called `name` (as the programs read names: `kingdom-builder`, `Kingdom Builder`,
/// `KingdomBuilder`), with its registry entry.
pub fn entry(name: &str) -> Result<(&'static NamedGame, &'static Entry), Failure> {
    tabula::games::find(name)
        .and_then(|named| Some((named, GAMES.iter().find(|e| e.name == named.name)?)))
        .ok_or_else(|| Failure::unknown_game(name))
}

/// The final position of a replay file's text, of whichever game it records.
pub fn from_replay(text: &str) -> Made {
    let name = table::replay_game(text)?;
    (entry(&name)?.1.from_replay)(text)
}
