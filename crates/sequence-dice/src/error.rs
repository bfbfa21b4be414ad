//! Why a config, an action or a serialised state was refused.

use crate::board::Space;
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused. Every refusal leaves the state
/// unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Player count outside 2–4.
    #[error("Sequence Dice is played by 2 to 4 players, not {0}")]
    PlayerCount(u8),
    /// The start seat is not at the table.
    #[error("the start player {0} is not at the table")]
    StartSeat(Seat),
    /// Sequence length other than 5 or 6.
    #[error("a sequence is 5 or 6 chips long, not {0}")]
    SequenceLength(u8),
    /// Turn limit outside 1–1,000,000.
    #[error("the turn limit must be between 1 and 1000000 turns, not {0}")]
    MaxTurns(u32),
    /// Chips per colour outside 1–36.
    #[error("each colour has between 1 and 36 chips, not {0}")]
    ChipsPerColour(u8),
    /// Any action after the end of the game.
    #[error("the game is over")]
    GameOver,
    /// The action's seat is not the one to move.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A player's choice before the dice were rolled.
    #[error("the dice must be rolled first")]
    MustRoll,
    /// A roll while the player to move still has to choose a space.
    #[error("the dice already show {0}: the player to move must choose a space")]
    AlreadyRolled(u8),
    /// A roll total two dice cannot show.
    #[error("two dice cannot show a total of {0}")]
    NoSuchRoll(u8),
    /// A space off the board.
    #[error("there is no space {0} on the board")]
    NoSuchSpace(Space),
    /// A placement on a space whose number is not the roll (any space is fine on an 11).
    #[error("space {space} is numbered {number}, but the dice show {roll}")]
    WrongNumber {
        /// The chosen space.
        space: Space,
        /// The number printed on it.
        number: u8,
        /// The roll.
        roll: u8,
    },
    /// A replacement while a free space for the roll remains.
    #[error("space {0} is taken and a free space for this roll remains: use the free space")]
    SpaceTaken(Space),
    /// A replacement or removal of one's own side's chip.
    #[error("space {0} holds your own side's chip")]
    OwnChip(Space),
    /// A removal from an empty space.
    #[error("there is no chip on {0} to remove")]
    NoChip(Space),
    /// A removal from a 2 or 12 space.
    #[error("the chip on {0} cannot be removed: 2 and 12 spaces are safe from a 10")]
    Protected(Space),
    /// A placement after rolling 10.
    #[error("a 10 is defensive: remove an opponent's chip instead of placing one")]
    MustRemove,
    /// A removal after rolling something other than 10.
    #[error("only a 10 removes a chip; the dice show {0}: place a chip")]
    MustPlace(u8),
    /// A serialised or hand-built state that breaks the rules.
    #[error("corrupted state: {0}")]
    Corrupted(&'static str),
}
