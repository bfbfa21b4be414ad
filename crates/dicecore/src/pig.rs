//! Pig, a small dice game, implemented completely as the worked example of [`Game`].
//!
//! On your turn you roll a d6 as often as you like: a 1 loses the points of this turn and ends
//! it; any other face adds to the turn total. Hold to bank the turn total. The first player to
//! bank `target` points (100 by default) wins at once.
//!
//! What every tabula game does, in miniature:
//! - the roll is a chance action ([`Turn::Chance`], [`PigAction::Die`]), never an RNG call;
//! - every player action names its seat, and `apply` checks it;
//! - errors are one variant per reason, and `apply_in_place` is atomic;
//! - a deserialised state is validated ([`crate::load`]), so a corrupted file is an error, and
//!   a position can be set up by hand ([`FromSetup`]) through the same checks;
//! - actions have fixed ids and a seat's view encodes as a tensor ([`Encode`]);
//! - `view` gives what a seat may know (here, everything: Pig has no hidden information);
//! - the table and a view draw themselves as SVG ([`Picture`]).
//!
//! And it is registered as every game is, end to end: one line in the facade's registry
//! (`tabula::for_each_game!`, `(pig, Pig, dicecore::pig::Pig, "…")`) makes it a game of the
//! programs (`tour`, `play`, `replay`, `simulate`, with its picture), a Python class
//! (`tabula.Pig`), three fuzz targets (`pig_actions`, `pig_states`, `pig_records`) and rows of
//! `cargo bench --bench all_games` (the checklist: `docs/architecture.md`, "Adding a game").
//!
//! ```
//! use dicecore::{pig::{Pig, PigAction}, Game, Seat, Turn};
//! let mut s = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
//! s.apply_in_place(&PigAction::Roll(Seat(0))).unwrap();
//! assert_eq!(s.turn(), Turn::Chance);
//! s.apply_in_place(&PigAction::Die(5)).unwrap();
//! s.apply_in_place(&PigAction::Hold(Seat(0))).unwrap();
//! assert_eq!(s.scores(), vec![5, 0]);
//! assert_eq!(s.turn(), Turn::Seat(Seat(1)));
//! ```
//!
//! ## Layout
//!
//! The module is laid out as every game crate is (`docs/architecture.md`, "Crate layout"), its
//! types re-exported here: `config` ([`PigConfig`]), `state` ([`Pig`]), `action`
//! ([`PigAction`]), `game` (the [`Game`] contract), `view` ([`PigView`]), `load` (validated
//! loading), `setup` ([`PigSetup`]), `encode` ([`Encode`]), `svg` ([`Picture`]) and `error`
//! ([`PigError`]).

#[cfg(doc)]
use crate::{Encode, FromSetup, Game, Picture, Turn};

mod action;
mod config;
mod encode;
mod error;
mod game;
mod load;
mod setup;
mod state;
mod svg;
mod view;

pub use action::PigAction;
pub use config::PigConfig;
pub use error::{PigError, PigPositionError};
pub use setup::PigSetup;
pub use state::Pig;
pub use view::PigView;
