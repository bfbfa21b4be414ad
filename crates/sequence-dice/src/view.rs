//! What a seat sees.

use crate::board::Cells;
use crate::{Colour, Config, Status};
use dicecore::Seat;
use serde::Serialize;

/// What a seat sees of a state: everything, since Sequence Dice has no hidden information
/// (the board, supplies, the pending roll and the turn count are public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The seat this view is for.
    pub seat: Seat,
    /// The colour that seat plays.
    pub colour: Colour,
    /// The game's setup.
    pub config: Config,
    /// The spaces holding each colour's chips, in [`Colour::ALL`] order.
    pub chips: [Cells; 3],
    /// Chips left in each colour's supply, in [`Colour::ALL`] order.
    pub supply: [u8; 3],
    /// The seat to move.
    pub to_move: Seat,
    /// The roll waiting for a choice of space, if any.
    pub roll: Option<u8>,
    /// Turns played.
    pub turns: u32,
    /// Where the game stands.
    pub status: Status,
}
