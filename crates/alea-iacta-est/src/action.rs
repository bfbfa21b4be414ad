//! The action vocabulary: players' decisions (each naming its seat) and chance outcomes.

use crate::components::{Card, Faces, Patrician, Province};
use dicecore::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision of a seat or the outcome of a chance event.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the dice rolled (all unplaced dice of the player to move, or the dice re-rolled).
    Roll(Faces),
    /// Select one more die of `value` of the current roll to be re-rolled (the first step of
    /// a re-roll; once a die is selected, only more selections and [`Action::Reroll`] follow).
    SelectReroll {
        /// The player.
        seat: Seat,
        /// The face of the die selected.
        value: u8,
    },
    /// Spend a Repete chip to re-roll the selected dice.
    Reroll {
        /// The player.
        seat: Seat,
    },
    /// Place dice in the Templum (4–5 players).
    Templum {
        /// The player.
        seat: Seat,
        /// The dice placed.
        dice: Faces,
    },
    /// Place a new straight in the Senatus, or extend your straight with these dice.
    Senatus {
        /// The player.
        seat: Seat,
        /// The dice placed.
        dice: Faces,
    },
    /// Place a Castrum set: `count` dice of `value`, as a new set (`extend == 0`) or added to
    /// your set of `extend` dice of that value.
    Castrum {
        /// The player.
        seat: Seat,
        /// The value of the dice.
        value: u8,
        /// How many dice are placed.
        count: u8,
        /// Size of the own set extended; 0 for a new set.
        extend: u8,
    },
    /// Place one die, or two dice summing to 5, in the Forum.
    Forum {
        /// The player.
        seat: Seat,
        /// The dice placed.
        dice: Faces,
    },
    /// Put one die in the Latrina (only when no die fits elsewhere).
    Latrina {
        /// The player.
        seat: Seat,
    },
    /// Chance: a Fortuna tile of this value (1–3) is drawn by the player it is drawn for.
    Fortuna(u8),
    /// Keep one of your Fortuna tiles drawn this round, of this value.
    KeepFortuna {
        /// The player.
        seat: Seat,
        /// The tile's value.
        value: u8,
    },
    /// Chance: this senate card is drawn.
    SenateCard(Card),
    /// Keep this senate card of those offered to you.
    KeepSenateCard {
        /// The player.
        seat: Seat,
        /// The card kept.
        card: Card,
    },
    /// Chance: this province is revealed.
    RevealProvince(Province),
    /// Chance: this patrician is revealed.
    RevealPatrician(Patrician),
    /// Take this shown province (Castrum evaluation).
    TakeProvince {
        /// The player.
        seat: Seat,
        /// The province.
        province: Province,
    },
    /// Take this shown patrician (Forum evaluation).
    TakePatrician {
        /// The player.
        seat: Seat,
        /// The patrician.
        patrician: Patrician,
    },
}

impl Action {
    /// The seat of a decision; `None` for a chance outcome.
    pub const fn seat(&self) -> Option<Seat> {
        match *self {
            Action::Reroll { seat }
            | Action::SelectReroll { seat, .. }
            | Action::Templum { seat, .. }
            | Action::Senatus { seat, .. }
            | Action::Castrum { seat, .. }
            | Action::Forum { seat, .. }
            | Action::Latrina { seat }
            | Action::KeepFortuna { seat, .. }
            | Action::KeepSenateCard { seat, .. }
            | Action::TakeProvince { seat, .. }
            | Action::TakePatrician { seat, .. } => Some(seat),
            Action::Roll(_)
            | Action::Fortuna(_)
            | Action::SenateCard(_)
            | Action::RevealProvince(_)
            | Action::RevealPatrician(_) => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(d) => write!(f, "the dice show {d}"),
            Action::SelectReroll { seat, value } => {
                write!(f, "{seat} selects a {value} to re-roll")
            }
            Action::Reroll { seat } => {
                write!(
                    f,
                    "{seat} spends a Repete chip to re-roll the selected dice"
                )
            }
            Action::Templum { seat, dice } => write!(f, "{seat} places {dice} in the Templum"),
            Action::Senatus { seat, dice } => write!(f, "{seat} places {dice} in the Senatus"),
            Action::Castrum {
                seat,
                value,
                count,
                extend: 0,
            } => {
                write!(
                    f,
                    "{seat} places a new set of {count} × {value} in the Castrum"
                )
            }
            Action::Castrum {
                seat,
                value,
                count,
                extend,
            } => write!(
                f,
                "{seat} adds {count} × {value} to their set of {extend} × {value} in the Castrum"
            ),
            Action::Forum { seat, dice } => write!(f, "{seat} places {dice} in the Forum"),
            Action::Latrina { seat } => write!(f, "{seat} puts a die in the Latrina"),
            Action::Fortuna(v) => write!(f, "a Fortuna tile of value {v} is drawn"),
            Action::KeepFortuna { seat, value } => {
                write!(f, "{seat} keeps a Fortuna tile of {value}")
            }
            Action::SenateCard(c) => write!(f, "senate card {c} is drawn"),
            Action::KeepSenateCard { seat, card } => write!(f, "{seat} keeps senate card {card}"),
            Action::RevealProvince(p) => write!(f, "province {p} is revealed"),
            Action::RevealPatrician(p) => write!(f, "patrician {p} is revealed"),
            Action::TakeProvince { seat, province } => {
                write!(f, "{seat} takes province {province}")
            }
            Action::TakePatrician { seat, patrician } => {
                write!(f, "{seat} takes patrician {patrician}")
            }
        }
    }
}
