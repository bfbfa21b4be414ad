//! Positions of Pig set up by hand ([`FromSetup`]), through the loader's checks.

use super::config::PigConfig;
use super::error::PigError;
use super::state::Pig;
use crate::{FromSetup, Seat};
use serde::{Deserialize, Serialize};

/// A position of Pig in plain terms ([`FromSetup`]): the banked scores, whose turn it is, the
/// points at risk and whether the die is rolling. Whether the game is over follows from the
/// scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigSetup {
    /// Banked points per seat.
    pub scores: Vec<u32>,
    /// The seat whose turn it is (the winner, once the game is over).
    pub to_move: Seat,
    /// Points at risk this turn.
    pub turn_total: u32,
    /// Whether the die is rolling (the next action is its face).
    pub rolling: bool,
}

impl FromSetup for Pig {
    type Setup = PigSetup;

    fn to_setup(&self) -> PigSetup {
        PigSetup {
            scores: self.scores.clone(),
            to_move: self.to_move,
            turn_total: self.turn_total,
            rolling: self.rolling,
        }
    }

    fn from_setup(config: &PigConfig, setup: &PigSetup) -> Result<Pig, PigError> {
        Pig {
            config: config.clone(),
            scores: setup.scores.clone(),
            to_move: setup.to_move,
            turn_total: setup.turn_total,
            rolling: setup.rolling,
            over: setup.scores.iter().any(|&s| s >= config.target),
        }
        .checked()
    }
}
