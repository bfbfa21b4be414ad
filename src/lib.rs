//! # tabula
//!
//! Pure, deterministic rules engines for five tabletop games, on one shared base:
//!
//! | module | game |
//! |---|---|
//! | [`kingdom_builder`] | Kingdom Builder (base game) |
//! | [`alea_iacta_est`] | Alea Iacta Est |
//! | [`the_border`] | The Border |
//! | [`mosaix`] | Mosaix (with the solo variant) |
//! | [`sequence_dice`] | Sequence Dice |
//!
//! and [`dicecore`]: seeded dice, the exact chance model, hex and square geometry, cell sets, the
//! [`Game`] trait, [`Match`]/[`Replay`] and agents. Every game crate exports `State` (its
//! [`Game`]), `Config`, `Action`, `Error` and `View`.
//!
//! ```
//! use tabula::{dicecore::pig::Pig, Agent, Game, Match, RandomAgent};
//! let mut m: Match<Pig> = Match::new(Pig::standard_config(3, 1).unwrap(), 1).unwrap();
//! let mut agents: Vec<Box<dyn Agent<Pig>>> =
//!     (0..3).map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<Pig>>).collect();
//! m.play_out(&mut agents, 1_000_000).unwrap();
//! println!("{}", m.state().outcome().unwrap());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use dicecore;
pub use dicecore::{Agent, Dice, Game, Match, Outcome, RandomAgent, Replay, Seat, SeatSet, Turn};

pub use alea_iacta_est;
pub use kingdom_builder;
pub use mosaix;
pub use sequence_dice;
pub use the_border;

/// The README's code examples, run as doc tests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
