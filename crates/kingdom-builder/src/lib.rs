//! # Kingdom Builder
//!
//! A complete, deterministic rules engine for the Kingdom Builder base game (2–4 players) on
//! [`dicecore`]: any board of 4 of the 8 sectors (printed or turned 180°), the terrain deck
//! with hidden hands and the redraw rule, the mandatory build, all 8 location tiles, the
//! 10 Kingdom Builder cards and castles. Card draws are chance actions weighted by the pile.
//!
//! ```
//! use kingdom_builder::{Config, State};
//! use dicecore::{Agent, Game, Match, RandomAgent};
//!
//! let config = State::standard_config(3, 42).unwrap();
//! let mut m: Match<State> = Match::new(config, 42).unwrap();
//! let mut agents: Vec<Box<dyn Agent<State>>> = (0..3)
//!     .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
//!     .collect();
//! m.play_out(&mut agents, 100_000).unwrap();
//! let outcome = m.state().outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 3);
//! ```
//!
//! ## Layout
//!
//! The crate follows the workspace's crate layout (docs/architecture.md, "Crate layout").
//! Everything a user names is re-exported here; [`board`] (sectors, terrains, the assembled
//! board and its cell geometry) and [`scoring`] (cards and castles, usable alone) are the public
//! modules. The private modules follow the rulebook: `config` ([`Config`], the setup), `state`
//! ([`State`], what lies on the table, and [`Phase`], where the game stands), `action`
//! ([`Action`]), `turn` (the turn sequence: mandatory build, redraw rule, end of turn, last
//! round), `building` (the building rules and the adjacency obligation), `tiles` (the 8
//! location tiles), `moves` (the legal actions of a turn, listed or drawn), `cards` (the
//! ten Kingdom Builder cards), `groups` (groups of adjacent hexes for scoring), `geometry`
//! (the board's cell geometry as word operations),
//! `score_counts` (what the running score is read from, kept up to date once it is first
//! read), `view` ([`View`], hidden information and determinisation), `game` (the [`Game`]
//! contract), `load` (validated loading), `setup` ([`Setup`], positions set up by hand),
//! `encode` ([`dicecore::Encode`]: fixed action ids and observation tensors, layout on the
//! impl), `scene` (what a picture shows, drawn by both `display` and `svg`), `display` (the
//! terminal rendering), `svg` ([`State::to_svg`]), `error` ([`Error`], with a saved
//! state's refusals in [`PositionError`] and a setup's in [`SetupError`]) and `deprecated` (the
//! old names, kept as aliases). The unit tests are in `src/tests/`.
//!
//! ## Feature flags
//!
//! - `arbitrary`: `arbitrary::Arbitrary` on [`Action`], [`Config`] and the types they hold, for
//!   fuzzing.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

// `action`, `config`, `geometry`, `setup`, `state`, `svg` and `view` were public in 0.1.0: their
// paths still resolve until the next breaking release (docs/releases.md), hidden from the
// documentation; the crate root re-exports what they hold.
#[doc(hidden)]
pub mod action;
pub mod board;
mod building;
mod cards;
#[doc(hidden)]
pub mod config;
mod deprecated;
mod display;
mod encode;
mod error;
mod game;
#[doc(hidden)]
pub mod geometry;
mod groups;
mod load;
mod moves;
mod scene;
mod score_counts;
pub mod scoring;
#[doc(hidden)]
pub mod setup;
#[doc(hidden)]
pub mod state;
#[doc(hidden)]
pub mod svg;
mod tiles;
mod turn;
#[doc(hidden)]
pub mod view;

#[cfg(test)]
mod tests;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use action::Action;
#[allow(deprecated)]
pub use board::Hex;
pub use board::{Board, Cell, Cells, Field, Placement, Sector, Terrain, Tile};
pub use config::Config;
pub use dicecore::{Game, Seat, SeatSet, Turn};
pub use error::{Error, PositionError, SetupError};
pub use scoring::{Breakdown, Card};
pub use setup::{HeldTile, Moving, RowCol, Setup, TilesLeft};
#[allow(deprecated)]
pub use state::Step;
pub use state::{Phase, State, CARDS_PER_TERRAIN, MANDATORY, MAX_SEATS, SETTLEMENTS};
pub use view::View;
