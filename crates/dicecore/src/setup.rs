//! Positions set up by hand: the [`FromSetup`] contract.
//!
//! A companion app mirrors a physical game in progress, a bot is asked for a move in a
//! position someone typed in, a tutorial starts from a rulebook example. Each game describes a
//! position as a `Setup` in its own terms (plain public fields a person can fill in: cells by
//! row and column, cards by name, whose turn it is), and [`FromSetup::from_setup`] builds the
//! state, accepting exactly the positions that could arise in play. The model is shakmaty's
//! `Setup` / `FromSetup`.
//!
//! ```
//! use dicecore::{pig::{Pig, PigSetup}, FromSetup, Game, Seat, Turn};
//! let config = Pig::standard_config(2, 0).unwrap();
//! let setup = PigSetup { scores: vec![40, 95], to_move: Seat(1), turn_total: 3, rolling: false };
//! let state = Pig::from_setup(&config, &setup).unwrap();
//! assert_eq!(state.turn(), Turn::Seat(Seat(1)));
//! assert_eq!(state.to_setup(), setup);
//! assert_eq!(Pig::from_setup(state.config(), &state.to_setup()).unwrap(), state);
//! ```

use crate::Game;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

/// A game whose positions can be described in the game's own terms and built from that
/// description.
///
/// Laws (checked by `check_setup` of the `conformance` suite, feature `testing`, for every state
/// met in random games): `from_setup(s.config(), &s.to_setup()) == s`, also after a JSON round trip of the
/// setup; `from_setup` refuses, with one error variant per reason, every setup that could not
/// arise in play under that config.
pub trait FromSetup: Game {
    /// A position in the game's own terms, with public fields a person can fill in.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// This state as a setup.
    fn to_setup(&self) -> Self::Setup;

    /// The state of `setup` under `config`, or why that position could not arise in play.
    fn from_setup(config: &Self::Config, setup: &Self::Setup) -> Result<Self, Self::Error>;
}
