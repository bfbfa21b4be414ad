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
//! Modules, in the order of the rulebook: [`board`] (sectors, terrains, the assembled
//! board; its cell geometry in [`geometry`]), [`config`] (setup), [`state`] (what lies on
//! the table), [`action`] (what a player does), `turn` (the turn sequence: mandatory build,
//! redraw rule, end of turn, last round), `building` (the building rules and the adjacency
//! obligation), `tiles` (the 8 location tiles), `moves` (the legal actions of a turn, listed
//! or drawn), [`scoring`] (cards and castles), [`view`] (hidden information and
//! determinisation), `game` (the [`dicecore::Game`] contract), `loader` (validated loading),
//! [`setup`] (positions set up by hand), `picture` (what a picture shows), `text` (the
//! terminal rendering) and [`svg`] (the SVG drawing). `State` implements
//! [`dicecore::Encode`] (fixed action ids and observation tensors, layout on the impl).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod board;
mod building;
mod cards;
pub mod config;
mod encode;
mod error;
mod game;
pub mod geometry;
mod groups;
mod loader;
mod moves;
mod picture;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod svg;
#[cfg(test)]
mod tests;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
mod text;
mod tiles;
mod turn;
pub mod view;

pub use action::Action;
pub use board::{Board, Cell, Cells, Hex, Placement, Sector, Terrain, Tile};
pub use config::Config;
pub use error::Error;
pub use scoring::{Breakdown, Card};
pub use setup::Setup;
pub use state::{State, Step};
pub use view::View;
