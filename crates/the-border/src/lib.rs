//! # The Border
//!
//! A rules engine for *The Border* (Michael Kiesling & Reinhard Staupe, NSV 2022) for 2–4
//! players, on [`dicecore`]. Each player crosses border spaces on their own board; completing
//! the ring of an area scores it, more for the first to do so. The engine follows
//! `docs/rules/the-border.md`.
//!
//! - [`board`]: the plain-text board-map format, its validating parser, and the four stand-in
//!   boards A–D (the printed layout is not public; see the docs);
//! - [`State`] implements [`dicecore::Game`]: rolls are chance actions ([`Action::Roll`]), the
//!   active player re-rolls or stops, completes whole segments in action 1
//!   ([`Action::Complete`]), and the others cross single adjacent spaces in action 2
//!   ([`Action::Cross`]), each seat independently ([`dicecore::Turn::Seats`]).
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
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod action;
pub mod board;
mod config;
mod dice;
mod display;
mod encode;
mod error;
mod state;

pub use action::Action;
pub use board::{Board, BoardId, MapError, MapRule};
pub use config::{BoardSource, Config};
pub use dice::{rerolls, roll_table, DiceSet, DICE, ROLLS};
pub use error::Error;
pub use state::{Phase, State, View, END_AREAS, MAX_SEATS};
