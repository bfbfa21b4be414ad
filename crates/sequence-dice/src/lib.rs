//! # Sequence Dice
//!
//! A pure, deterministic rules engine for Sequence Dice (2–4 players; 4 = two teams sharing a
//! colour) on [`dicecore`]. Players roll two dice and put a chip on a space of the 6×6 board
//! numbered with the total; a 10 removes an opponent's chip, an 11 is wild, a 2 or 12 gives an
//! extra turn. The first side with a straight line of 5 or 6 chips wins.
//!
//! - [`board`]: the fixed board, spaces, and precomputed line masks for sequence detection;
//! - [`Config`]: player count, start player, and every rule flag (see `docs/rules/sequence-dice.md`);
//! - [`State`]: implements [`dicecore::Game`]; the roll is a chance action ([`Action::Roll`]) with
//!   its exact distribution, the choice of space a player action. It also implements
//!   [`dicecore::Encode`] (fixed action ids and observation tensors, layout in the `encode`
//!   module's documentation, reproduced on the `Encode` impl of [`State`]);
//! - [`Setup`]: a position in plain terms (chips by space name, whose turn, the pending roll,
//!   turns played) for [`dicecore::FromSetup`], built through the same checks as a saved state.
//!
//! ```
//! use dicecore::{Agent, Game, Match, RandomAgent};
//! use sequence_dice::State;
//!
//! let config = State::standard_config(2, 42).unwrap();
//! let mut game: Match<State> = Match::new(config, 42).unwrap();
//! let mut agents: Vec<Box<dyn Agent<State>>> =
//!     vec![Box::new(RandomAgent::new(0)), Box::new(RandomAgent::new(1))];
//! game.play_out(&mut agents, 10_000).unwrap();
//! let outcome = game.state().outcome().unwrap();
//! assert!(!outcome.winners.is_empty());
//! assert_eq!(game.replay().run().unwrap(), *game.state());
//! println!("{}", game.state());
//! ```
//!
//! ## Layout
//!
//! The crate follows the workspace's crate layout (docs/architecture.md, "Crate layout").
//! Everything a user names is re-exported here; [`board`] (spaces, numbers, line masks) is the
//! one public module. The private modules: `config` ([`Config`]), `state` ([`State`] and
//! [`Phase`], where the game stands; the turn sequence), `game` (the [`Game`] contract),
//! `action` ([`Action`]), `view` ([`View`]), `load` (validated loading), `setup` ([`Setup`]),
//! `encode` ([`dicecore::Encode`]), `svg` ([`State::to_svg`]), `error` ([`Error`], with the
//! loader's refusals nested in [`PositionError`] and the setup's in [`SetupError`]) and
//! `deprecated` (the old names, kept as aliases).
//!
//! ## Feature flags
//!
//! - `arbitrary`: `arbitrary::Arbitrary` on [`Action`], [`Config`] and [`Space`], so that fuzz
//!   targets can build any action or config from fuzzer bytes.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

mod action;
pub mod board;
mod config;
mod deprecated;
mod encode;
mod error;
mod game;
mod load;
mod setup;
mod state;
mod svg;
mod view;

pub use action::Action;
pub use board::Space;
pub use config::{Colour, Config, MAX_TURNS_LIMIT};
pub use dicecore::{Game, Seat, SeatSet, Turn};
pub use error::{Error, PositionError, SetupError};
pub use setup::Setup;
#[allow(deprecated)]
pub use state::Status;
pub use state::{roll_probability, roll_two_dice, Phase, State};
pub use view::View;

/// The README's example, run as a doc test so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
