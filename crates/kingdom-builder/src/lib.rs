//! # kingdom-builder
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
//! Modules: [`board`] (sectors, terrains, the assembled board), [`scoring`] (cards),
//! [`config`] (setup), [`state`] (turn structure and legality), [`svg`] (pictures). `State`
//! implements [`dicecore::Encode`] (fixed action ids and observation tensors, layout on the
//! impl).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod config;
mod encode;
mod error;
pub mod scoring;
pub mod state;
pub mod svg;
#[cfg(test)]
mod tests;

pub use board::{Board, Cell, Cells, Hex, Placement, Sector, Terrain, Tile};
pub use config::Config;
pub use error::Error;
pub use scoring::Card;
pub use state::{Action, Breakdown, State, Step, View};
