//! The setup of a game of Pig.

use crate::Seat;
use serde::{Deserialize, Serialize};

/// Setup of a game of Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct PigConfig {
    /// Number of players, 2–6.
    pub seats: u8,
    /// Points needed to win (1–1000).
    pub target: u32,
    /// Seat that starts.
    pub start: Seat,
}
