//! What a seat of Pig sees (everything), and the score table that the state and a view print.

use crate::Seat;
use serde::Serialize;
use std::fmt;

/// What a seat sees: everything (Pig has no hidden information).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PigView {
    /// Points needed to win.
    pub target: u32,
    /// Banked points per seat.
    pub scores: Vec<u32>,
    /// Seat to move (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// Points at risk this turn.
    pub turn_total: u32,
}

/// The score table shared by [`Pig`] and [`PigView`]: one line per seat, the seat to move
/// marked (when there is one) with the points at risk.
pub(super) fn write_table(
    f: &mut fmt::Formatter<'_>,
    target: u32,
    scores: &[u32],
    to_move: Option<Seat>,
    turn_total: u32,
) -> fmt::Result {
    writeln!(f, "Pig to {target} points")?;
    for (i, s) in scores.iter().enumerate() {
        let mark = if to_move.is_some_and(|m| m.index() == i) {
            format!("  <- to move, {turn_total} at risk")
        } else {
            String::new()
        };
        writeln!(f, "  seat {i}: {s:>3}{mark}")?;
    }
    Ok(())
}

impl fmt::Display for PigView {
    /// The same table as the state's (Pig hides nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(f, self.target, &self.scores, self.to_move, self.turn_total)
    }
}
