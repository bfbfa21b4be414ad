//! Why a config, an action or a serialised state was refused.

use crate::board::MapError;
use dicecore::faces::Colour;
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Player count outside 2–4.
    #[error("The Border is played by 2 to 4 players, not {0}")]
    PlayerCount(u8),
    /// First player not at the table.
    #[error("the first player {0} is not at the table")]
    FirstPlayer(Seat),
    /// Not one board per seat.
    #[error("{seats} players need {seats} boards, the config has {boards}")]
    BoardCount {
        /// Players.
        seats: u8,
        /// Boards given.
        boards: usize,
    },
    /// A board map was refused.
    #[error("the board of {seat}: {error}")]
    Map {
        /// Whose board.
        seat: Seat,
        /// Why.
        error: MapError,
    },
    /// A board whose areas or spaces differ from the first player's board.
    #[error("the board of {0} does not have the same areas and spaces as the others")]
    BoardsDiffer(Seat),
    /// Any action after the end.
    #[error("the game is over")]
    GameOver,
    /// The action's seat is not to move (or not at the table).
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A player action while dice are rolling.
    #[error("the dice must be rolled first")]
    DiceRolling,
    /// A roll outcome while no dice are rolling.
    #[error("no dice are being rolled")]
    NoRollPending,
    /// A roll outcome with the wrong number of dice.
    #[error("{expected} dice are rolling, the outcome shows {found}")]
    WrongDiceCount {
        /// Dice rolling.
        expected: u8,
        /// Dice in the outcome.
        found: u16,
    },
    /// Re-roll or stop while the active player is not choosing dice.
    #[error("the active player is not choosing dice to re-roll now")]
    NotRolling,
    /// A re-roll of no dice.
    #[error("choose at least one die to re-roll (or stop)")]
    EmptyReroll,
    /// A re-roll of dice that are not showing.
    #[error("the dice showing are not {0}")]
    NotShowing(crate::DiceSet),
    /// Complete outside the active player's crossing.
    #[error("segments are completed in action 1, after the active player stops rolling")]
    NotFirstAction,
    /// Done while the active player is still choosing dice.
    #[error("finish rolling first")]
    StillRolling,
    /// A segment number that is not on the board.
    #[error("there is no segment {0}")]
    NoSuchSegment(u8),
    /// A segment that is already fully crossed.
    #[error("segment {0} is already complete")]
    SegmentComplete(u8),
    /// Too few unused dice of a segment's colour to complete it.
    #[error("completing it needs {needed} {colour} dice, {available} are free")]
    NotEnoughDice {
        /// The segment's colour.
        colour: Colour,
        /// Open spaces in the segment.
        needed: u8,
        /// Unused dice of that colour.
        available: u8,
    },
    /// Cross outside action 2.
    #[error("single spaces are crossed in action 2, by the players who are not active")]
    NotSecondAction,
    /// A space number that is not on the board.
    #[error("there is no space {0}")]
    NoSuchSpace(u8),
    /// A space already crossed.
    #[error("space {0} is already crossed")]
    AlreadyCrossed(u8),
    /// A space not next to a crossed space.
    #[error("space {0} is not next to a crossed space")]
    NotAdjacent(u8),
    /// No available die of the space's colour.
    #[error("no {0} die is available")]
    NoDieOfColour(Colour),
    /// The seat has used every die it may use this action.
    #[error("no dice left to use in this action")]
    NoDiceLeft,
    /// A serialised state that breaks the rules.
    #[error("corrupted state: {0}")]
    Corrupted(&'static str),
}
