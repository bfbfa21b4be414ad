//! What one player sees (the others' entries of this turn hidden) and the terminal rendering of
//! the table.

use crate::config::SOLO_BOXES;
use crate::grid::{Grid, SIZE};
use crate::turn::{EndReason, Phase};
use dicecore::{Seat, SeatSet};
use serde::Serialize;
use std::fmt;

/// What one player sees: everything except what the others entered in the current turn
/// (players write at the same time; their entries are revealed when the turn ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// Number of players.
    pub seats: u8,
    /// The roller of this turn.
    pub roller: Seat,
    /// Turn number, from 1.
    pub round: u32,
    /// Where the turn stands.
    pub phase: Phase,
    /// Every card: the viewer's as it is, the others' as they were when the turn began.
    pub grids: Vec<Grid>,
    /// Free boxes of the solo scale (`None` with 2–4 players).
    pub free_boxes: Option<u8>,
}

/// Seats by name: `seat 0, seat 2`.
pub(crate) fn seat_names(set: SeatSet) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The turn, the scores and the cards side by side (and the solo scale): the rendering of
/// both [`State`] and [`View`].
pub(crate) fn write_table(
    f: &mut fmt::Formatter<'_>,
    round: u32,
    roller: Seat,
    phase: Phase,
    grids: &[Grid],
    free_boxes: Option<u8>,
) -> fmt::Result {
    write!(f, "Mosaix, turn {round}, ")?;
    match phase {
        Phase::Roll => writeln!(f, "{roller} rolls the dice")?,
        Phase::Arrange(r) => writeln!(f, "{roller} arranges the roll {r}")?,
        Phase::Enter { formation, pending } => writeln!(
            f,
            "everyone enters the formation {formation}, still to enter: {}",
            seat_names(pending)
        )?,
        Phase::Over(EndReason::CardClosed(set)) => writeln!(
            f,
            "game over: no more cells can be filled on the card of {}",
            seat_names(set)
        )?,
        Phase::Over(EndReason::PlayerEnded) => writeln!(f, "game over: ended by the player")?,
        Phase::Over(EndReason::CannotEnter) => {
            writeln!(f, "game over: the formation could not be entered")?
        }
    }
    let bonus = free_boxes.map_or(0, i32::from);
    let mut line = String::new();
    for (s, g) in grids.iter().enumerate() {
        let score = g.score() as i32 + bonus;
        line.push_str(&format!("  seat {s} {score:>4}  "));
    }
    writeln!(f, "{}", line.trim_end())?;
    let mut line = String::new();
    for _ in grids {
        line.push_str("    0123456     ");
    }
    writeln!(f, "{}", line.trim_end())?;
    for r in 0..SIZE {
        let mut line = String::new();
        for g in grids {
            line.push_str(&format!("  {r} {}     ", g.row_text(r)));
        }
        writeln!(f, "{}", line.trim_end())?;
    }
    if let Some(free) = free_boxes {
        let crossed = SOLO_BOXES.saturating_sub(free);
        let boxes: String = (0..SOLO_BOXES)
            .map(|i| if i < crossed { "[x]" } else { "[ ]" })
            .collect();
        writeln!(f, "scale {boxes}")?;
    }
    Ok(())
}

impl fmt::Display for View {
    /// The table as this seat sees it: the other players' cards as they were when the turn
    /// began while they enter, and scores of those cards.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(
            f,
            self.round,
            self.roller,
            self.phase,
            &self.grids,
            self.free_boxes,
        )?;
        if matches!(self.phase, Phase::Enter { .. }) && self.seats > 1 {
            writeln!(
                f,
                "{}'s view: the others' entries of this turn show when everyone has entered",
                self.seat
            )
        } else {
            writeln!(f, "{}'s view", self.seat)
        }
    }
}
