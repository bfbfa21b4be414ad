//! The action vocabulary: the roll (a chance outcome) and the player's choice of space.

use crate::board::Space;
use dicecore::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An action of Sequence Dice.
///
/// A turn is a [`Action::Roll`] (chance: the total of two dice) followed, when the roll leaves
/// a choice, by one [`Action::Place`] (rolls 2–9, 11, 12: put a chip on a free space, or
/// replace an opponent's chip when the roll's spaces are all taken) or [`Action::Remove`]
/// (roll 10). When the roll leaves nothing to do, the turn ends by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// The two dice show this total, 2–12 (a chance outcome).
    Roll(u8),
    /// The seat puts a chip of its side on `space`; if an opponent's chip is there, it goes
    /// back to its owner's supply.
    Place {
        /// The seat to move.
        seat: Seat,
        /// The chosen space.
        space: Space,
    },
    /// After a 10, the seat removes an opponent's chip from `space` (back to its owner).
    Remove {
        /// The seat to move.
        seat: Seat,
        /// The chosen space.
        space: Space,
    },
}

impl Action {
    /// The seat the action belongs to; `None` for a roll.
    pub const fn seat(&self) -> Option<Seat> {
        match *self {
            Action::Roll(_) => None,
            Action::Place { seat, .. } | Action::Remove { seat, .. } => Some(seat),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(n) => write!(f, "the dice show {n}"),
            Action::Place { seat, space } => write!(f, "{seat} places a chip on {space}"),
            Action::Remove { seat, space } => write!(f, "{seat} removes the chip on {space}"),
        }
    }
}
