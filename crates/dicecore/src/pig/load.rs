//! Validated loading: a saved state (or a position set up by hand) is accepted only if it could
//! arise in play.

use super::error::{PigError, PigPositionError as P};
use super::state::Pig;
use crate::Seat;

/// The largest turn total a loaded state may hold.
pub(super) const MAX_TURN_TOTAL: u32 = 60_000;

crate::validated_serde!(Pig, Pig::checked, versioned);

impl Pig {
    /// The loader: a state read from a file (or built from a setup) is accepted only if it
    /// could arise in play.
    pub(super) fn checked(self) -> Result<Pig, PigError> {
        let c = &self.config;
        Self::check_config(c)?;
        if self.scores.len() != c.seats as usize {
            return Err(P::ScoreCount {
                seats: c.seats,
                scores: self.scores.len(),
            }
            .into());
        }
        if self.to_move.0 >= c.seats {
            return Err(P::ToMoveOffTable(self.to_move).into());
        }
        if let Some(i) = self.scores.iter().position(|&s| s == 1) {
            return Err(P::ScoreOfOne(Seat(i as u8)).into());
        }
        if self.turn_total == 1 || self.turn_total > MAX_TURN_TOTAL {
            return Err(P::TurnTotal(self.turn_total).into());
        }
        let winners: Vec<usize> = (0..self.scores.len())
            .filter(|&i| self.scores[i] >= c.target)
            .collect();
        match winners.as_slice() {
            [] => {}
            &[w] => {
                if w != self.to_move.index() || self.rolling || self.turn_total > 0 {
                    return Err(P::PlayAfterTheEnd(Seat(w as u8)).into());
                }
            }
            _ => return Err(P::TwoWinners.into()),
        }
        if self.over != (winners.len() == 1) {
            return Err(P::OverFlag(self.over).into());
        }
        Ok(self)
    }
}
