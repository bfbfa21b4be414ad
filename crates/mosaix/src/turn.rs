//! Where a turn stands (roll, arrange, enter) and why a game ended.

use crate::formation::{Formation, Roll};
use dicecore::SeatSet;
use serde::{Deserialize, Serialize};

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The roller is to roll the four dice (a chance event).
    Roll,
    /// The roller arranges this roll into a formation.
    Arrange(Roll),
    /// Every player in `pending` is still to enter `formation` (in any order).
    Enter {
        /// The formation of this turn.
        formation: Formation,
        /// Players who have not entered it yet.
        pending: SeatSet,
    },
    /// The game is over.
    Over(EndReason),
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// After the turn, these players had filled their grid or could no longer fill any cell.
    CardClosed(SeatSet),
    /// The solo player ended the game.
    PlayerEnded,
    /// The solo player could not enter the formation within the free boxes of the scale.
    CannotEnter,
}
