//! The action vocabulary: chance rolls and the players' small, incremental decisions.

use crate::DiceSet;
use dicecore::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision of a seat, or the outcome of a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// Chance: the dice being rolled show these colours (as many as were rolled).
    Roll(DiceSet),
    /// The active player re-rolls these dice (a non-empty part of the dice showing).
    Reroll {
        /// The active player.
        seat: Seat,
        /// The dice to roll again.
        dice: DiceSet,
    },
    /// The active player stops rolling and moves on to crossing spaces.
    Stop(Seat),
    /// Action 1: the active player completes a segment, using one die of its colour per
    /// space still open in it.
    Complete {
        /// The active player.
        seat: Seat,
        /// Index into the seat's [`crate::board::Board::segments`].
        segment: u8,
    },
    /// Action 2: a non-active player crosses a space with one of the dice available to them.
    Cross {
        /// The player.
        seat: Seat,
        /// Index into the seat's [`crate::board::Board::spaces`].
        space: u8,
    },
    /// The seat ends its part of the current action (action 1 for the active player, action 2
    /// for the others).
    Done(Seat),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(d) => write!(f, "the dice show {d}"),
            Action::Reroll { seat, dice } => write!(f, "{seat} re-rolls {dice}"),
            Action::Stop(seat) => write!(f, "{seat} stops rolling"),
            Action::Complete { seat, segment } => write!(f, "{seat} completes segment {segment}"),
            Action::Cross { seat, space } => write!(f, "{seat} crosses space {space}"),
            Action::Done(seat) => write!(f, "{seat} is done"),
        }
    }
}
