//! # tabula
//!
//! Pure, deterministic rules engines for tabletop games (the table below), on one shared base:
//!
//! | module | game |
//! |---|---|
//! | [`kingdom_builder`] | Kingdom Builder (base game) |
//! | [`alea_iacta_est`] | Alea Iacta Est |
//! | [`the_border`] | The Border |
//! | [`mosaix`] | Mosaix (with the solo variant) |
//! | [`sequence_dice`] | Sequence Dice |
//!
//! and [`dicecore`]: seeded dice, the exact chance model, hex and square geometry, cell sets, the
//! [`Game`] trait, [`Match`]/[`Replay`] and agents. Every game crate exports `State` (its
//! [`Game`]), `Config`, `Action`, `Error` and `View`. [`sim`] plays many seeded games on all
//! cores and summarises them exactly (`docs/simulation.md`). [`games`] is the registry: every
//! game listed once ([`for_each_game!`]), from which simulation, the programs, the Python
//! package, the fuzz targets and the benches take their games. [`table`] is a game in progress
//! as the bindings hold it (Python, WebAssembly): one way to read seats, ids and JSON and to
//! word refusals.
//!
//! A game of Kingdom Builder for three, played by seeded random agents and checked against
//! its own record:
//!
//! ```
//! use tabula::kingdom_builder::State;
//! use tabula::{Agent, Game, Match, RandomAgent, Seat};
//!
//! let config = State::standard_config(3, 1).unwrap(); // board, cards, start from seed 1
//! let mut m: Match<State> = Match::new(config, 1).unwrap(); // its dice seeded with 1
//! let mut agents: Vec<Box<dyn Agent<State>>> =
//!     (0..3).map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>).collect();
//! m.play_out(&mut agents, 1_000_000).unwrap();
//! println!("{}", m.state()); // the board, for a terminal
//! println!("{}", m.state().outcome().unwrap()); // scores and winners
//! let _only_mine = m.state().view(Seat(0)); // what seat 0 may know
//! assert_eq!(m.replay().run().unwrap(), *m.state()); // the record replays exactly
//! ```
//!
//! `docs/saved-games.md` shows how to save a game and go on with it, `docs/releases.md` what
//! the version numbers promise.
//!
//! ## Feature flags
//!
//! None.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

pub use dicecore;
pub use dicecore::{
    Agent, Dice, Game, Match, Outcome, Picture, RandomAgent, Replay, Seat, SeatSet, Turn,
};

pub use alea_iacta_est;
pub use kingdom_builder;
pub use mosaix;
pub use sequence_dice;
pub use the_border;

pub mod games;
pub mod table;

/// Simulation at scale (the `tabula-sim` crate), and [`sim::run_named`], its runner that picks
/// the game by name (for programs and the Python package).
///
/// ```
/// use tabula::sim::{parse_agents, run_named, Options, Spec};
/// let spec = Spec::new(2, 200, 11, parse_agents("random", 2).unwrap());
/// let summary = run_named("sequence-dice", &spec, 0..200, &Options::default()).unwrap();
/// assert_eq!(summary.games(), 200);
/// assert!(run_named("chess", &spec, 0..200, &Options::default()).is_err());
/// ```
pub mod sim {
    pub use tabula_sim::*;

    use std::ops::Range;

    /// The runner of one game, picked by name.
    pub type Runner =
        fn(&Spec<serde_json::Value>, Range<u64>, &Options) -> Result<Summary, SimError>;

    /// The comparer of one game's rule variant, picked by name.
    pub type Comparer = fn(
        &Spec<serde_json::Value>,
        &variant::Overrides,
        Range<u64>,
        &Options,
    ) -> Result<variant::Comparison, SimError>;

    /// Whether a variant leaves one game's standard config unchanged, picked by name.
    pub type Unchanged =
        fn(&Spec<serde_json::Value>, &variant::Overrides) -> Result<bool, SpecError>;

    /// The registry's games, as [`run_named`] knows them: views of [`crate::games`].
    pub use crate::games::{NamedGame, GAMES};

    /// The names of [`GAMES`], comma-separated.
    pub fn game_names() -> String {
        crate::games::names()
    }

    /// The game named `name` (as [`crate::games::find`] reads names), or
    /// [`SpecError::UnknownGame`] listing the known names.
    pub fn find(name: &str) -> Result<&'static NamedGame, SpecError> {
        crate::games::find(name).ok_or_else(|| SpecError::UnknownGame {
            game: name.to_string(),
            known: game_names(),
        })
    }

    /// Plays games `range` of `spec` of the game named `game` (its `Game::NAME`, e.g.
    /// `"kingdom-builder"`) and returns their summary, as [`run`] does for a game type. A fixed
    /// config is given in the game's JSON form.
    pub fn run_named(
        game: &str,
        spec: &Spec<serde_json::Value>,
        range: Range<u64>,
        options: &Options,
    ) -> Result<Summary, SimError> {
        (find(game)?.run)(spec, range, options)
    }

    macro_rules! simulators {
        ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
            /// The [`Simulator`] of every registered game, in the registry's order.
            pub static SIMULATORS: &[&dyn Simulator] = &[$(&Typed::<$ty>::NEW),*];
        };
    }
    crate::for_each_game!(simulators);

    /// The [`Simulator`] of the game named `name` (as [`find`] reads names): every entry
    /// point of `tabula-sim` (runs, per-game records, variants, sweeps, ladders) by name.
    ///
    /// ```
    /// use tabula::sim::{parse_agents, simulator, Options, Spec};
    /// let spec = Spec::new(2, 20, 3, parse_agents("random", 2).unwrap());
    /// let pig = simulator("Pig").unwrap();
    /// let (summary, records) = pig.records(&spec, 0..20, &Options::default()).unwrap();
    /// assert_eq!((summary.games(), records.len()), (20, 20));
    /// assert!(simulator("chess").is_err());
    /// ```
    pub fn simulator(name: &str) -> Result<&'static dyn Simulator, SpecError> {
        let game = find(name)?;
        SIMULATORS
            .iter()
            .copied()
            .find(|s| s.name() == game.name)
            .ok_or_else(|| SpecError::UnknownGame {
                game: name.to_string(),
                known: game_names(),
            })
    }
}

/// The README's code examples, run as doc tests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The code examples of `docs/simulation.md`, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/simulation.md")]
pub struct SimulationDoctests;

/// The code examples of `docs/saved-games.md` (saving a game and going on with it), run as doc
/// tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/saved-games.md")]
pub struct SavedGamesDoctests;

/// The code examples of `docs/releases.md` (building a `#[non_exhaustive]` config), run as doc
/// tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/releases.md")]
pub struct ReleasesDoctests;

/// The code examples of `docs/testing.md` (property tests with `dicecore::strategy`), run as
/// doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/testing.md")]
pub struct TestingDoctests;

/// The code examples of `docs/agents.md` (the information-set MCTS agent), run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/agents.md")]
pub struct AgentsDoctests;

/// The code examples of `docs/positions.md` (`FromSetup`), run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/positions.md")]
pub struct PositionsDoctests;

/// The code examples of `docs/replay-format.md` (running a replay), run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/replay-format.md")]
pub struct ReplayFormatDoctests;
