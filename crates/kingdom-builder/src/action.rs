//! The actions of a turn: card draws (chance), the mandatory build, tile uses, moves and the
//! end of the turn.

use crate::board::{Cell, Terrain, Tile};
use dicecore::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision of a seat, or a card draw (chance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// Chance: the card drawn is of this terrain.
    Draw(Terrain),
    /// One placement of the mandatory build.
    Build {
        /// The acting seat.
        seat: Seat,
        /// Where.
        cell: Cell,
    },
    /// Use a building tile (Oracle, Farm, Oasis, Tower, Tavern).
    TileBuild {
        /// The acting seat.
        seat: Seat,
        /// The tile used.
        tile: Tile,
        /// Where.
        cell: Cell,
    },
    /// Start a move with a moving tile (Barn, Harbor, Paddock): lift the settlement at `from`.
    Lift {
        /// The acting seat.
        seat: Seat,
        /// The tile used.
        tile: Tile,
        /// The settlement lifted.
        from: Cell,
    },
    /// Finish the move: put the lifted settlement on `cell`.
    MoveTo {
        /// The acting seat.
        seat: Seat,
        /// Where.
        cell: Cell,
    },
    /// End the turn (after the mandatory build): discard the card and draw a new one.
    EndTurn(Seat),
}

impl Action {
    /// The seat the action belongs to; `None` for a card draw.
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Action::Draw(_) => None,
            Action::Build { seat, .. }
            | Action::TileBuild { seat, .. }
            | Action::Lift { seat, .. }
            | Action::MoveTo { seat, .. }
            | Action::EndTurn(seat) => Some(seat),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Draw(t) => write!(f, "a {t} card is drawn"),
            Action::Build { seat, cell } => write!(f, "{seat} builds at {cell}"),
            Action::TileBuild { seat, tile, cell } => {
                write!(f, "{seat} uses the {tile} to build at {cell}")
            }
            Action::Lift { seat, tile, from } => {
                write!(f, "{seat} uses the {tile} to move the settlement at {from}")
            }
            Action::MoveTo { seat, cell } => write!(f, "{seat} moves it to {cell}"),
            Action::EndTurn(seat) => write!(f, "{seat} ends the turn"),
        }
    }
}
