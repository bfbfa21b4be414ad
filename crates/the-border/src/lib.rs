//! # The Border
//!
//! A rules engine for *The Border* (Michael Kiesling & Reinhard Staupe, NSV 2022) for 2–4
//! players, on [`dicecore`]. Each player crosses border spaces on their own board; completing
//! the ring of an area scores it, more for the first to do so. The engine follows
//! `docs/rules/the-border.md`.
//!
//! - [`board`]: the plain-text board-map format, its validating parser, and the four stand-in
//!   boards A–D (the printed layout is not public; see the docs); [`layout`]: where the space
//!   and segment numbers the actions use are on a board, by position and colour;
//! - [`State`] implements [`dicecore::Game`]: rolls are chance actions ([`Action::Roll`];
//!   typed in with [`dicecore::Game::chance_from_text`]), the active player re-rolls or
//!   stops, completes whole segments in action 1 ([`Action::Complete`]), and the others cross
//!   single adjacent spaces in action 2 ([`Action::Cross`]), each seat independently
//!   ([`dicecore::Turn::Seats`]); random play draws without listing
//!   ([`dicecore::Game::sample_action`]);
//! - [`dicecore::Encode`]: 1,032 fixed action ids and an observation tensor per seat;
//! - [`dicecore::FromSetup`]: positions in the game's own terms ([`Setup`]), accepted exactly
//!   when they could arise in play, like saved states;
//! - `Display` and [`State::to_svg`]: the table as text and as a picture.
//!
//! ```
//! use the_border::{Config, State};
//! use dicecore::{Agent, Game, Match, RandomAgent};
//!
//! let config = State::standard_config(3, 7).unwrap();
//! let mut game: Match<State> = Match::new(config, 7).unwrap();
//! let mut agents: Vec<Box<dyn Agent<State>>> =
//!     (0..3).map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>).collect();
//! game.play_out(&mut agents, 100_000).unwrap();
//! let outcome = game.state().outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 3);
//! ```
//!
//! ## Layout
//!
//! The crate follows the workspace's crate layout (docs/architecture.md, "Crate layout").
//! Everything a user names is re-exported here; [`board`] and [`layout`] are the public
//! modules. The private modules: `config` ([`Config`]), `state` ([`State`] and [`Phase`], where
//! the game stands), `action` ([`Action`]), `game` (the [`Game`] contract), `view` ([`View`]),
//! `load` (validated loading), `setup` ([`Setup`]), the rules in rulebook order (`rolls`,
//! `action_one`, `action_two`, `scoring`), `dice` (the dice sets and roll tables), `encode`
//! ([`dicecore::Encode`]), `display` (the text), `svg` ([`State::to_svg`]) and `error`
//! ([`Error`], with the loader's [`PositionError`] and the setup's [`SetupError`]). The unit
//! tests are in `src/tests/`.
//!
//! ## Feature flags
//!
//! - `arbitrary`: `arbitrary::Arbitrary` on [`Action`] and [`Config`] (and the types they
//!   hold), for the fuzz targets.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod action;
mod action_one;
mod action_two;
pub mod board;
mod config;
mod dice;
mod display;
mod encode;
mod error;
mod game;
pub mod layout;
mod load;
mod rolls;
mod scoring;
mod setup;
mod state;
mod svg;
#[cfg(test)]
mod tests;
mod view;

pub use action::Action;
pub use board::{Board, BoardId, MapError, MapRule};
pub use config::{BoardSource, Config};
pub use dice::{rerolls, roll_table, DiceSet, DICE, ROLLS};
pub use dicecore::{Game, Seat, SeatSet, Turn};
pub use error::{Error, PositionError, SetupError};
pub use setup::{CompletedArea, PlayerSetup, Setup};
pub use state::{Phase, State, END_AREAS, MAX_SEATS};
pub use view::View;
