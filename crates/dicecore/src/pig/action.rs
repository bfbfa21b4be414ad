//! The actions of Pig: roll, hold, and the face the die shows.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An action of Pig.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum PigAction {
    /// Roll the die (a decision of the seat to move).
    Roll(Seat),
    /// Bank the turn total and pass the die.
    Hold(Seat),
    /// The die shows this face (a chance outcome).
    Die(u8),
}

impl fmt::Display for PigAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PigAction::Roll(s) => write!(f, "{s} rolls"),
            PigAction::Hold(s) => write!(f, "{s} holds"),
            PigAction::Die(d) => write!(f, "the die shows {d}"),
        }
    }
}
