//! # mosaix
//!
//! A rules engine for **Mosaix** (Christof Tisch, Schmidt Spiele), 1–4 players, with the solo
//! variant, on the [`dicecore`] contract ([`Game`]).
//!
//! Each turn the roller rolls four symbol dice (a chance action, [`Action::Roll`]) and arranges
//! them into a formation, one of the 7 one-sided tetrominoes with a symbol on each cell
//! ([`Action::Arrange`]). Then every player enters that formation on their own 7×7 card
//! ([`Turn::Seats`], [`Action::Enter`]): turned but never mirrored, anywhere, never on a filled
//! cell, with symbols hanging over the edge dropped; a player who cannot enter a single symbol
//! passes ([`Action::Pass`]). The game ends after the turn in which a player filled the card or
//! can no longer fill any cell. Areas of at least 5 equal symbols score
//! (areas × cells per symbol). Solo: every dropped symbol crosses one of 8 boxes of the scale,
//! free boxes score a point each, and the player may end the game at any time
//! ([`Action::End`]).
//!
//! ```
//! use mosaix::{State, Config};
//! use dicecore::{Agent, Game, Match, RandomAgent};
//!
//! let config = State::standard_config(3, 7).unwrap();
//! let mut game: Match<State> = Match::new(config, 7).unwrap();
//! let mut agents: Vec<Box<dyn Agent<State>>> =
//!     (0..3).map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>).collect();
//! game.play_out(&mut agents, 100_000).unwrap();
//! let outcome = game.state().outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 3);
//! // The replay re-runs to exactly the same state.
//! assert_eq!(game.replay().run().unwrap(), *game.state());
//! ```
//!
//! ## Layout
//!
//! The crate follows the workspace's crate layout (docs/architecture.md, "Crate layout").
//! Everything a user names is re-exported here; [`grid`] (cards, areas, scoring — also usable
//! alone to score a physical card) is the one public module. The private modules: `config`
//! ([`Config`], cards and the solo scale), `state` ([`State`]), `game` (the [`Game`] contract),
//! `turn` ([`Phase`], where the game stands), `action` ([`Action`]), `formation` (rolls and
//! formations: [`Roll`], [`Formation`]), `entries` (the entries a formation allows on a card),
//! `placing` (an entry chosen in steps: [`Turned`], [`State::entry_orientations`],
//! [`State::entry_positions`], [`State::entry_at`]), `geometry` (precomputed shapes), `kept`
//! (the running score kept up to date), `view` ([`View`]), `load` (validated loading), `setup`
//! ([`Setup`], positions set up by hand), `encode` ([`dicecore::Encode`]: fixed action ids and
//! observation tensors), `svg` ([`State::to_svg`], [`View::to_svg`]), `error` ([`Error`], with
//! the loader's refusals nested in [`PositionError`] and the setup's in [`SetupError`]) and
//! `deprecated` (the old names, kept as aliases). A typed-in roll is read by [`Roll::parse`]
//! (`Game::chance_from_text`). See `docs/rules/mosaix.md` for the engine's reading of the rules.
//!
//! ## Feature flags
//!
//! - `arbitrary`: `arbitrary::Arbitrary` on [`Action`] and [`Config`] (and the types they
//!   hold), for the fuzz targets.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

// `action`, `config`, `error`, `formation` and `state` were public in 0.1.0: their paths still
// resolve until the next breaking release (docs/releases.md), hidden from the documentation;
// the crate root re-exports what they hold.
#[doc(hidden)]
pub mod action;
#[doc(hidden)]
pub mod config;
mod deprecated;
mod encode;
mod entries;
#[doc(hidden)]
pub mod error;
#[doc(hidden)]
pub mod formation;
mod game;
mod geometry;
pub mod grid;
mod kept;
mod load;
mod placing;
mod setup;
#[doc(hidden)]
pub mod state;
mod svg;
mod turn;
mod view;

pub use action::Action;
pub use config::{
    Card, Config, SoloRating, SoloStuck, SOLO_BOXES, SOLO_OUTSTANDING, SOLO_WIN, STANDARD_SYMBOLS,
};
pub use dicecore::faces::Symbol;
pub use dicecore::square::Tetromino;
pub use dicecore::{Game, Seat, SeatSet, Turn};
pub use error::{Error, PositionError, SetupError};
pub use formation::{Formation, Roll};
pub use grid::{Cell, Grid, Marks, ScoreSheet, SymbolScore};
pub use placing::{Placed, Turned};
pub use setup::{Setup, SetupPhase, Written};
pub use state::State;
pub use turn::{EndReason, Phase};
pub use view::View;

/// The README's example, run as a doc test so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
