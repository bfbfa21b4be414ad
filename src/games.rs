//! The registry: every game of the package, listed once. Simulation ([`crate::sim`]), the
//! Python package, the programs (`tour`, `play`, `replay`, `simulate`), the fuzz targets and
//! the benches all draw their games from [`for_each_game!`](crate::for_each_game), so a game cannot be present in
//! one and missing from another. Adding a game is one crate and one line in that macro (the
//! checklist is in `docs/architecture.md`, "Adding a game").
//!
//! A registered game implements [`Registered`]: the [`Game`] contract with action ids and
//! tensors ([`Encode`]), positions set up by hand ([`FromSetup`]), pictures ([`Picture`]), and
//! a state and views that print for a terminal. The compiler asks for each of them when the
//! line is added.
//!
//! ```
//! use tabula::games::{find, GAMES};
//! assert_eq!(GAMES[0].name, "pig");
//! // Programs and Python accept a game's name as written, or as people write it.
//! for name in ["kingdom-builder", "kingdom_builder", "Kingdom Builder", "KingdomBuilder"] {
//!     assert_eq!(find(name).unwrap().name, "kingdom-builder");
//! }
//! assert!(find("chess").is_none());
//! ```

use crate::{dicecore::Encode, dicecore::FromSetup, dicecore::Picture, sim, Game};
use std::ops::RangeInclusive;

/// Calls the macro `$m` once with every registered game, in the registry's order (the order of
/// [`GAMES`], of the programs' lists and of `tabula.GAMES` in Python):
///
/// ```text
/// $m! {
///     (pig, Pig, $crate::dicecore::pig::Pig, "Pig, …"),
///     (sequence_dice, SequenceDice, $crate::sequence_dice::State, "Sequence Dice (…)."),
///     …
/// }
/// ```
///
/// Each entry is `(snake, Camel, StateType, "title")`: `snake` names the fuzz targets
/// (`<snake>_actions`) and modules, `Camel` the Python class, `StateType` implements
/// [`Registered`], and the title is a one-line description (docstrings, help texts).
///
/// This is the one list of games: a surface that needs the games writes a macro taking these
/// entries and calls `tabula::for_each_game!(its_macro)`.
///
/// ```
/// macro_rules! names {
///     ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
///         [$(<$ty as tabula::Game>::NAME),*]
///     };
/// }
/// let names = tabula::for_each_game!(names);
/// assert_eq!(names.len(), tabula::games::GAMES.len());
/// assert_eq!(names[1], "sequence-dice");
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($m:ident) => {
        $m! {
            (
                pig,
                Pig,
                $crate::dicecore::pig::Pig,
                "Pig, dicecore's small example game (2 to 6 players; roll or hold, first to the target wins)."
            ),
            (
                sequence_dice,
                SequenceDice,
                $crate::sequence_dice::State,
                "Sequence Dice (2 to 4 players; 4 play as two teams)."
            ),
            (
                mosaix,
                Mosaix,
                $crate::mosaix::State,
                "Mosaix (1 to 4 players; 1 is the solo game)."
            ),
            (
                the_border,
                TheBorder,
                $crate::the_border::State,
                "The Border (2 to 4 players)."
            ),
            (
                kingdom_builder,
                KingdomBuilder,
                $crate::kingdom_builder::State,
                "Kingdom Builder, the base game (2 to 4 players)."
            ),
            (
                alea_iacta_est,
                AleaIactaEst,
                $crate::alea_iacta_est::State,
                "Alea Iacta Est (2 to 5 players)."
            ),
        }
    };
}

/// What every registered game provides: the contract (whose state and views print for a
/// terminal), action ids and tensors, positions set up by hand, and pictures.
pub trait Registered: Game + Encode + FromSetup + Picture {}

impl<G: Game + Encode + FromSetup + Picture> Registered for G {}

/// One registered game, as the programs and the Python package see it at run time.
#[derive(Clone, Debug)]
pub struct NamedGame {
    /// The game's `Game::NAME` (`"kingdom-builder"`): replay files, `--game NAME`.
    pub name: &'static str,
    /// The snake-case name (`"kingdom_builder"`): fuzz targets, modules.
    pub snake: &'static str,
    /// The CamelCase name (`"KingdomBuilder"`): the Python class.
    pub camel: &'static str,
    /// A one-line description.
    pub title: &'static str,
    /// Supported player counts.
    pub seats: RangeInclusive<u8>,
    /// Simulates a spec of this game (its fixed config, if any, in JSON): see
    /// [`sim::run_named`].
    pub run: sim::Runner,
    /// Compares a rule variant with the standard configs of this game: see
    /// [`sim::variant::compare`].
    pub compare: sim::Comparer,
    /// Whether a variant leaves this game's standard config unchanged.
    pub changes_nothing: sim::Unchanged,
}

impl NamedGame {
    /// The entry of game `G`.
    pub const fn of<G: Registered>(
        snake: &'static str,
        camel: &'static str,
        title: &'static str,
    ) -> NamedGame {
        NamedGame {
            name: G::NAME,
            snake,
            camel,
            title,
            seats: G::SEATS,
            run: sim::run_json::<G>,
            compare: sim::compare_json::<G>,
            changes_nothing: sim::changes_nothing_json::<G>,
        }
    }
}

macro_rules! named_games {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        /// Every registered game, in the registry's order ([`for_each_game!`](crate::for_each_game)).
        pub static GAMES: &[NamedGame] = &[
            $(NamedGame::of::<$ty>(stringify!($snake), stringify!($camel), $title)),*
        ];
    };
}
crate::for_each_game!(named_games);

/// The registered game called `name`: its `Game::NAME` (`"kingdom-builder"`) or its Python
/// class name (`"KingdomBuilder"`), in any case, with spaces or underscores for the hyphens
/// (`"Kingdom Builder"`, `"kingdom_builder"`), surrounding spaces ignored.
pub fn find(name: &str) -> Option<&'static NamedGame> {
    let wanted: String = name
        .trim()
        .chars()
        .map(|c| if c == ' ' || c == '_' { '-' } else { c })
        .collect();
    GAMES
        .iter()
        .find(|g| g.name.eq_ignore_ascii_case(&wanted) || g.camel.eq_ignore_ascii_case(&wanted))
}

/// The names of [`GAMES`] (`Game::NAME`), comma-separated, for messages.
pub fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}
