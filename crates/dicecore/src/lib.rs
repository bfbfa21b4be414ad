//! # dicecore
//!
//! The shared base of the tabula rules engines:
//!
//! - [`Dice`]: a seeded, serialisable dice generator (ChaCha8) with sampling written here so
//!   that seeded streams never change under a dependency upgrade;
//! - [`faces`] and [`chance`]: the dice of the games and the exact distribution of a roll;
//! - [`Game`], [`Seat`], [`SeatSet`], [`Turn`], [`Probability`], [`Outcome`]: the contract every
//!   game crate implements (see `docs/architecture.md`);
//! - [`FromSetup`]: positions set up by hand in a game's own terms; [`Encode`]: fixed action
//!   ids and observation tensors; [`load`]: validated loading of saved states;
//! - [`hex`], [`square`] and [`CellSet`]: board geometry and bitsets over board cells;
//! - [`Match`], [`Replay`], [`Agent`], [`RandomAgent`], [`AgentSpec`]: drivers, records and
//!   players;
//! - [`seeds`]: the one derivation of game `i`'s config, dice and agent seeds from a master
//!   seed; [`Picture`]: a game's SVG pictures of its table and of a seat's view;
//! - [`Memo`]: what a state keeps to answer a question faster (a running score), made when
//!   first asked;
//! - [`pig`]: a complete small dice game, the worked example of how to add a game;
//! - `conformance` (feature `testing`): the property suite every game crate runs;
//! - `strategy` (feature `testing`): proptest strategies over any game (reachable states,
//!   decisions, illegal actions, chance nodes, setups) that shrink to the shortest game.
//!
//! ```
//! use dicecore::{pig::Pig, Game, Match, RandomAgent, Agent};
//!
//! let config = Pig::standard_config(2, 7).unwrap();
//! let mut game: Match<Pig> = Match::new(config, 7).unwrap();
//! let mut agents: Vec<Box<dyn Agent<Pig>>> =
//!     vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
//! game.play_out(&mut agents, 100_000).unwrap();
//! assert!(game.state().outcome().is_some());
//! // The replay re-runs to exactly the same state.
//! assert_eq!(game.replay().run().unwrap(), *game.state());
//! ```
//!
//! ## Feature flags
//!
//! - `testing`: the `conformance` suite and the `strategy` module (proptest), for tests;
//! - `arbitrary`: `arbitrary::Arbitrary` for the contract's value types (seats, cell sets,
//!   faces, hexes), so that game crates can derive it on their actions and configs for fuzzing.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

pub mod agent;
pub mod bits;
pub mod cellset;
pub mod chance;
mod dice;
pub mod encode;
pub mod faces;
mod game;
pub mod hex;
pub mod ismcts;
pub mod load;
mod matches;
pub mod mcagent;
mod memo;
pub mod picture;
pub mod pig;
pub mod rules;
pub mod seeds;
pub mod setup;
pub mod square;

/// Re-exports for the macros of this crate; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use serde;
}

#[cfg(feature = "testing")]
pub mod conformance;
#[cfg(feature = "testing")]
pub mod strategy;

pub use agent::{Agent, AgentSpec, RandomAgent};
pub use cellset::CellSet;
pub use dice::Dice;
pub use encode::Encode;
pub use game::{ChanceTextError, Game, Outcome, Probability, Seat, SeatSet, SeatSetIter, Turn};
pub use matches::{Match, MatchError, Replay, ReplayError, REPLAY_FORMAT};
pub use mcagent::MonteCarloAgent;
pub use memo::Memo;
pub use picture::Picture;
pub use setup::FromSetup;

/// The README's example, run as a doc test so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
