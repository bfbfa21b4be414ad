//! # Alea Iacta Est
//!
//! A complete, deterministic rules engine for *Alea Iacta Est* (Bernd Eisenstein and
//! Jeffrey D. Allers) for 2–5 players, on [`dicecore`]: dice placement in the Templum,
//! Senatus, Castrum, Forum Romanum and Latrina, the round evaluation with its choices, and the
//! final scoring with the best housing of patricians and all 13 senate card kinds.
//!
//! - Every roll and Repete re-roll is a chance action ([`Action::Roll`], a sorted multiset of
//!   faces); every draw of a Fortuna tile, senate card, province or patrician is a chance
//!   action weighted by what is left in its stack.
//! - A turn is one decision: re-roll (spend a chip) or place dice in exactly one building.
//! - Hidden information (drawn Fortuna tiles, senate cards in hand, the order of cards under
//!   the senate deck) stays out of [`Game::view`] for other seats; [`Game::determinize`]
//!   resamples it.
//!
//! ```
//! use alea_iacta_est::{Action, State};
//! use dicecore::{Agent, Game, Match, RandomAgent, Turn};
//!
//! let config = State::standard_config(4, 7).unwrap();
//! let mut game: Match<State> = Match::new(config, 7).unwrap();
//! // Provinces and patricians are revealed, then the start player rolls.
//! while game.state().turn() == Turn::Chance {
//!     game.resolve_chance().unwrap();
//! }
//! assert!(matches!(game.state().turn(), Turn::Seat(_)));
//! let mut agents: Vec<Box<dyn Agent<State>>> =
//!     (0..4).map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>).collect();
//! game.play_out(&mut agents, 100_000).unwrap();
//! let outcome = game.state().outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 4);
//! ```
//!
//! ## Layout
//!
//! The crate follows the workspace's crate layout (docs/architecture.md, "Crate layout").
//! Everything a user names is re-exported here; [`components`] (the pieces) and [`scoring`]
//! (final scoring, usable alone; its private children `tables` fill the colour tables of the
//! housing search and `recent` keeps the housings solved recently) are the public modules. The
//! private modules follow the rulebook: `config` ([`Config`]), `state` ([`State`] and
//! [`Phase`], where the game stands; its children `kept`, the running scores kept up to date,
//! and `choices`, a placement decision's count kept until the next action), `action`
//! ([`Action`]), `round` (turns and passes), `placement` (the placement rules of the
//! buildings), `straights` and `subsets` (tables of the Senatus straights and of a roll's
//! parts), `evaluation` (the buildings' evaluation at the round's end, one module per building
//! in the rulebook's order), `apply` (applying an action), `game` (the [`Game`] contract),
//! `view` ([`View`]), `load` (validated loading: only states that could arise in play), `setup`
//! ([`Setup`]), `encode` ([`dicecore::Encode`]), `display` and `names` (the text), `svg`
//! ([`State::to_svg`]), `error` ([`Error`]) and `deprecated` (the old names, kept as aliases).
//! The unit tests are in `src/tests/`.
//!
//! ## Feature flags
//!
//! - `arbitrary`: `arbitrary::Arbitrary` on [`Action`] and [`Config`] (and every type they
//!   hold), for the fuzzing targets.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
// Per-seat and per-face state lives in fixed arrays indexed in parallel; index loops read best.
#![allow(clippy::needless_range_loop)]

mod action;
mod apply;
pub mod components;
mod config;
mod deprecated;
mod display;
mod encode;
mod error;
mod evaluation;
mod game;
mod load;
mod names;
mod placement;
mod round;
pub mod scoring;
mod setup;
mod state;
mod straights;
mod subsets;
mod svg;
mod view;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use components::{Card, Colour, Faces, Patrician, Province, Sex};
pub use config::{Config, DEFAULT_DOUBLE_PROVINCES};
pub use dicecore::{Game, Seat, SeatSet, Turn};
pub use error::{Error, PositionError, SetupError};
pub use scoring::Breakdown;
pub use setup::{CastrumSet, ForumDie, Moment, PlayerSetup, SenatePassSetup, Setup, UnderDeck};
pub use state::{Phase, State, Straight};
pub use view::{PassedOn, SenatePass, View};
