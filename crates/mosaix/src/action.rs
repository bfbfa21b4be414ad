//! The actions of a turn: the roll, arranging the formation, entering it, passing and (solo)
//! ending the game.

use crate::formation::{Formation, Roll};
use crate::grid::Marks;
use dicecore::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// An action of Mosaix: a chance outcome ([`Action::Roll`]) or a decision of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// The four symbol dice show this roll (a chance outcome).
    Roll(Roll),
    /// The roller arranges the rolled dice into this formation.
    Arrange {
        /// The roller.
        seat: Seat,
        /// The formation, in canonical form.
        formation: Formation,
    },
    /// A player writes these symbols on these cells: the formation turned and placed, the
    /// symbols hanging over the edge dropped.
    Enter {
        /// The player.
        seat: Seat,
        /// The cells written and their symbols.
        marks: Marks,
    },
    /// A player who cannot enter the formation anywhere passes (2–4 players).
    Pass {
        /// The player.
        seat: Seat,
    },
    /// The solo player ends the game (allowed at any decision; the only choice when the
    /// formation cannot be entered within the scale).
    End {
        /// The solo player.
        seat: Seat,
    },
}

impl Action {
    /// The [`Action::Arrange`] of `seat` for every distinct formation of a roll (as
    /// [`Formation::all_of`]), precomputed per roll and seat (empty for an unsorted roll or a
    /// seat beyond 4).
    pub(crate) fn arrangements(roll: Roll, seat: Seat) -> &'static [Action] {
        static ACTIONS: OnceLock<Vec<Vec<Action>>> = OnceLock::new();
        let all = ACTIONS.get_or_init(|| {
            let mut all = Vec::new();
            for (roll, _) in Roll::outcomes() {
                for seat in (0..4).map(Seat) {
                    let mut list = Vec::new();
                    Formation::all_of(*roll, |formation| {
                        list.push(Action::Arrange { seat, formation })
                    });
                    all.push(list);
                }
            }
            all
        });
        roll.outcome_index()
            .filter(|_| seat.0 < 4)
            .and_then(|i| all.get(i * 4 + seat.index()))
            .map_or(&[], |v| v.as_slice())
    }

    /// The seat deciding, `None` for a roll.
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Action::Roll(_) => None,
            Action::Arrange { seat, .. }
            | Action::Enter { seat, .. }
            | Action::Pass { seat }
            | Action::End { seat } => Some(seat),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(r) => write!(f, "the dice show {r}"),
            Action::Arrange { seat, formation } => write!(f, "{seat} arranges {formation}"),
            Action::Enter { seat, marks } => {
                let dropped = 4usize.saturating_sub(marks.len());
                write!(f, "{seat} enters {marks}")?;
                if dropped > 0 {
                    write!(f, " (drops {dropped})")?;
                }
                Ok(())
            }
            Action::Pass { seat } => write!(f, "{seat} passes"),
            Action::End { seat } => write!(f, "{seat} ends the game"),
        }
    }
}
