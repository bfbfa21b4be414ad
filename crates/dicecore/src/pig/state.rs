//! The state of a game of Pig: the banked scores, the seat to move, the points at risk.

use super::config::PigConfig;
use super::error::PigError;
use super::view::write_table;
use crate::{Game, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A state of Pig.
///
/// Saved states are checked on loading ([`crate::load`]): only positions that could arise in
/// play are accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Pig {
    pub(super) config: PigConfig,
    pub(super) scores: Vec<u32>,
    pub(super) to_move: Seat,
    pub(super) turn_total: u32,
    pub(super) rolling: bool,
    pub(super) over: bool,
}

impl Pig {
    pub(super) fn check_config(c: &PigConfig) -> Result<(), PigError> {
        if !Self::SEATS.contains(&c.seats) {
            return Err(PigError::PlayerCount(c.seats));
        }
        if !(1..=1000).contains(&c.target) {
            return Err(PigError::Target(c.target));
        }
        if c.start.0 >= c.seats {
            return Err(PigError::StartSeat(c.start));
        }
        Ok(())
    }

    /// Points at risk in the current turn.
    pub fn turn_total(&self) -> u32 {
        self.turn_total
    }

    /// The opening position of a config ([`Game::new`]): no points banked, the start player
    /// to roll.
    pub(super) fn opening(config: &PigConfig) -> Result<Pig, PigError> {
        Pig::check_config(config)?;
        Ok(Pig {
            config: config.clone(),
            scores: vec![0; config.seats as usize],
            to_move: config.start,
            turn_total: 0,
            rolling: false,
            over: false,
        })
    }
}

impl fmt::Display for Pig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to_move = (!self.over).then_some(self.to_move);
        write_table(
            f,
            self.config.target,
            &self.scores,
            to_move,
            self.turn_total,
        )
    }
}
