//! Why a config, an action, a saved state or a position set up by hand was refused.

use crate::board::Space;
use crate::Colour;
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused. Every refusal leaves the state
/// unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// A space name that is not on the board.
    #[error("there is no space named '{0}': spaces are a1 to f6 (column a to f, row 1 to 6 from the top)")]
    SpaceName(String),
    /// A saved state (or a position set up by hand) that could not arise in play.
    #[error("this position could not arise in play: {0}")]
    Position(#[from] PositionError),
    /// A position set up by hand that cannot be read as one.
    #[error("this setup cannot be read: {0}")]
    Setup(#[from] SetupError),
    // ---- Deprecated since 0.3.0: the loader's and the setup's refusals, now nested ----
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ChipOffBoard`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ChipOffBoard)`"
    )]
    #[error("a {colour} chip lies off the board (space {space})")]
    ChipOffBoard {
        /// The chip's colour.
        colour: Colour,
        /// The space index, 36 or more.
        space: Space,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::SharedSpace`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::SharedSpace)`"
    )]
    #[error("two chips lie on {0}: a space holds one chip")]
    SharedSpace(Space),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::UnusedColour`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::UnusedColour)`"
    )]
    #[error("{0} chips are on the board, but nobody plays {0}")]
    UnusedColour(Colour),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TooManyChips`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TooManyChips)`"
    )]
    #[error("{on_board} {colour} chips are on the board, but {colour} has only {chips}")]
    TooManyChips {
        /// The colour.
        colour: Colour,
        /// Its chips on the board.
        on_board: usize,
        /// Chips of each colour ([`crate::Config::chips_per_colour`]).
        chips: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ToMoveOffTable`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ToMoveOffTable)`"
    )]
    #[error("the player to move, {0}, is not at the table")]
    ToMoveOffTable(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TooManyTurns`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TooManyTurns)`"
    )]
    #[error("{turns} turns played, but the game ends after {max}")]
    TooManyTurns {
        /// Turns played.
        turns: u32,
        /// The turn limit.
        max: u32,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NotDrawnAtLimit`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NotDrawnAtLimit)`"
    )]
    #[error("the turn limit of {0} turns is reached: the game is drawn, not running")]
    NotDrawnAtLimit(u32),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::DrawBeforeLimit`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::DrawBeforeLimit)`"
    )]
    #[error("a game is drawn only after {max} turns, not after {turns}")]
    DrawBeforeLimit {
        /// Turns played.
        turns: u32,
        /// The turn limit.
        max: u32,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RollWithoutChoice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RollWithoutChoice)`"
    )]
    #[error("the dice show {roll}, but {seat} has nothing to place or remove: that turn ended when the dice were rolled")]
    RollWithoutChoice {
        /// The player to move.
        seat: Seat,
        /// The pending roll.
        roll: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RollAfterTheEnd`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RollAfterTheEnd)`"
    )]
    #[error("the game is over, but the dice show {0} waiting for a move")]
    RollAfterTheEnd(u8),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::UnclaimedSequence`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::UnclaimedSequence)`"
    )]
    #[error("{0} has a sequence on the board, so {0} has won")]
    UnclaimedSequence(Colour),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::WinnerWithoutSequence`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::WinnerWithoutSequence)`"
    )]
    #[error("{0} is said to have won, but has no sequence on the board")]
    WinnerWithoutSequence(Colour),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::SequencesApart`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::SequencesApart)`"
    )]
    #[error("{0}'s sequences share no chip: one placement cannot complete them all, and the game ends at the first")]
    SequencesApart(Colour),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::WinnerNotLastToMove`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::WinnerNotLastToMove)`"
    )]
    #[error("{colour} won on its own move, but the last player to move is {seat}")]
    WinnerNotLastToMove {
        /// The winning colour.
        colour: Colour,
        /// The player recorded as the last to move.
        seat: Seat,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::WonWithoutATurn`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::WonWithoutATurn)`"
    )]
    #[error("a game is won by placing a chip, but no turn was played")]
    WonWithoutATurn,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::DuplicateSpace`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::DuplicateSpace)`"
    )]
    #[error("{space} is listed twice for {colour}")]
    DuplicateSpace {
        /// The colour.
        colour: Colour,
        /// The space listed twice.
        space: Space,
    },
}

/// Why a saved state (or a position set up by hand) could not arise in play: one variant per
/// rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A chip on a space the board does not have.
    #[error("a {colour} chip lies off the board (space {space})")]
    ChipOffBoard {
        /// The chip's colour.
        colour: Colour,
        /// The space index, 36 or more.
        space: Space,
    },
    /// Two chips on one space.
    #[error("two chips lie on {0}: a space holds one chip")]
    SharedSpace(Space),
    /// Chips of a colour nobody plays (red with 2 players or in the team game).
    #[error("{0} chips are on the board, but nobody plays {0}")]
    UnusedColour(Colour),
    /// More chips of a colour on the board than the colour has.
    #[error("{on_board} {colour} chips are on the board, but {colour} has only {chips}")]
    TooManyChips {
        /// The colour.
        colour: Colour,
        /// Its chips on the board.
        on_board: usize,
        /// Chips of each colour ([`crate::Config::chips_per_colour`]).
        chips: u8,
    },
    /// The player to move is not at the table.
    #[error("the player to move, {0}, is not at the table")]
    ToMoveOffTable(Seat),
    /// More turns played than the turn limit allows.
    #[error("{turns} turns played, but the game ends after {max}")]
    TooManyTurns {
        /// Turns played.
        turns: u32,
        /// The turn limit.
        max: u32,
    },
    /// A running game at the turn limit (it would be drawn).
    #[error("the turn limit of {0} turns is reached: the game is drawn, not running")]
    NotDrawnAtLimit(u32),
    /// A drawn game before the turn limit.
    #[error("a game is drawn only after {max} turns, not after {turns}")]
    DrawBeforeLimit {
        /// Turns played.
        turns: u32,
        /// The turn limit.
        max: u32,
    },
    /// A pending roll that leaves the player to move nothing to do: that turn would have ended
    /// as soon as the dice were rolled.
    #[error("the dice show {roll}, but {seat} has nothing to place or remove: that turn ended when the dice were rolled")]
    RollWithoutChoice {
        /// The player to move.
        seat: Seat,
        /// The pending roll.
        roll: u8,
    },
    /// A pending roll in a finished game.
    #[error("the game is over, but the dice show {0} waiting for a move")]
    RollAfterTheEnd(u8),
    /// A sequence on the board of a colour that has not won (the game ends at the first).
    #[error("{0} has a sequence on the board, so {0} has won")]
    UnclaimedSequence(Colour),
    /// A colour marked as the winner without a sequence on the board.
    #[error("{0} is said to have won, but has no sequence on the board")]
    WinnerWithoutSequence(Colour),
    /// The winner's sequences cannot all have been completed by one chip: the game would have
    /// ended at the first of them.
    #[error("{0}'s sequences share no chip: one placement cannot complete them all, and the game ends at the first")]
    SequencesApart(Colour),
    /// A won game whose last player to move does not play the winning colour (the game ends
    /// on the winner's own placement).
    #[error("{colour} won on its own move, but the last player to move is {seat}")]
    WinnerNotLastToMove {
        /// The winning colour.
        colour: Colour,
        /// The player recorded as the last to move.
        seat: Seat,
    },
    /// A won game in which no turn was played since the position was set up.
    #[error("a game is won by placing a chip, but no turn was played")]
    WonWithoutATurn,
}

/// Why a position set up by hand ([`crate::Setup`]) cannot be read, before the checks of a
/// saved state apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A setup listing a space twice for one colour.
    #[error("{space} is listed twice for {colour}")]
    DuplicateSpace {
        /// The colour.
        colour: Colour,
        /// The space listed twice.
        space: Space,
    },
}
