//! Why a config, an action, a saved state or a position set up by hand was refused.

use crate::board::MapError;
use dicecore::faces::Colour;
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Player count outside 2–4.
    #[error("The Border is played by 2 to 4 players, not {0}")]
    PlayerCount(u8),
    /// The first player (`Config::first_player`) is not at the table: `StartSeat`, the name
    /// every game gives this refusal.
    #[error("the first player {0} is not at the table")]
    StartSeat(Seat),
    /// The same refusal under its former name, no longer returned: match
    /// [`Error::StartSeat`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: the first player off the table is `Error::StartSeat`, the name every game gives it"
    )]
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
    /// A saved state (or a position set up by hand) that could not arise in play.
    #[error("this position could not arise in play: {0}")]
    Position(#[from] PositionError),
    /// A position set up by hand that cannot be read as one.
    #[error("this setup cannot be read: {0}")]
    Setup(#[from] SetupError),
    // ---- Deprecated since 0.3.0: the loader's and the setup's refusals, now nested ----
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::SeatEntries`] (a saved state) or [`Error::Setup`] with
    /// [`SetupError::SeatEntries`] (a setup).
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::SeatEntries)`, a setup that cannot be read is `Error::Setup(SetupError::SeatEntries)`"
    )]
    #[error("{seats} players need one entry each, a list has {found}")]
    SeatEntries {
        /// Players at the table.
        seats: u8,
        /// Entries found.
        found: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ActiveOffTable`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ActiveOffTable)`"
    )]
    #[error("the active player, {0}, is not at the table")]
    ActiveOffTable(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CrossedOffBoard`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CrossedOffBoard)`"
    )]
    #[error("{seat} has space {space} crossed, which is not on their board")]
    CrossedOffBoard {
        /// Whose board.
        seat: Seat,
        /// The space.
        space: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::WhiteNotCrossed`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::WhiteNotCrossed)`"
    )]
    #[error("{seat}'s white space {space} is not crossed, but white spaces start crossed")]
    WhiteNotCrossed {
        /// Whose board.
        seat: Seat,
        /// The white space.
        space: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CrossedCutOff`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CrossedCutOff)`"
    )]
    #[error(
        "{seat} has space {space} crossed, but it is neither in a completed segment nor \
         connected to a white space or a completed segment through crossed spaces"
    )]
    CrossedCutOff {
        /// Whose board.
        seat: Seat,
        /// The space.
        space: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NoSuchArea`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NoSuchArea)`"
    )]
    #[error(
        "a board has {} areas; the areas taken name others",
        crate::board::AREAS
    )]
    NoSuchArea,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TakenTwice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TakenTwice)`"
    )]
    #[error("the {0} is marked as taken both before and during this action 2")]
    TakenTwice(String),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TakenNotCompleted`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TakenNotCompleted)`"
    )]
    #[error("the {0} is marked as taken, but nobody has completed it")]
    TakenNotCompleted(String),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CompletedNotTaken`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CompletedNotTaken)`"
    )]
    #[error("the {0} was completed, but it is not marked as taken")]
    CompletedNotTaken(String),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NobodyFirst`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NobodyFirst)`"
    )]
    #[error("the {0} was completed, but nobody scored its first value")]
    NobodyFirst(String),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NotAValue`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NotAValue)`"
    )]
    #[error("{seat} scored {points} for the {area}, which is worth {high} or {low}")]
    NotAValue {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
        /// Points recorded.
        points: u8,
        /// Its first value.
        high: u8,
        /// Its later value.
        low: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::PointsWithoutArea`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::PointsWithoutArea)`"
    )]
    #[error("{seat} scored {points} for the {area} without completing it")]
    PointsWithoutArea {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
        /// Points recorded.
        points: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::WrongValue`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::WrongValue)`"
    )]
    #[error("{seat} completed the {area} in this action 2, which is worth {expected} to them, not {points}")]
    WrongValue {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
        /// Points recorded.
        points: u8,
        /// Its value in this action 2.
        expected: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CompletedBefore`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CompletedBefore)`"
    )]
    #[error(
        "the {area} is marked as first completed in this action 2, but {seat} completed it before"
    )]
    CompletedBefore {
        /// The area.
        area: String,
        /// Who completed it before.
        seat: Seat,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RollCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RollCount)`"
    )]
    #[error("{0} rolls made do not fit the moment of the round")]
    RollCount(u8),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RollingDice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RollingDice)`"
    )]
    #[error("the dice rolling and the dice showing must make five, with 1 to 5 rolling")]
    RollingDice,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::FirstRollNotAll`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::FirstRollNotAll)`"
    )]
    #[error("the first roll of a round is of all five dice")]
    FirstRollNotAll,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NotFiveDice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NotFiveDice)`"
    )]
    #[error("five dice show once the rolling is over")]
    NotFiveDice,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::UsedDice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::UsedDice)`"
    )]
    #[error("the dice used in action 1 must be dice showing, and none is used before action 1")]
    UsedDice,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NothingToComplete`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NothingToComplete)`"
    )]
    #[error("action 1 ends when the active player can complete no more segments")]
    NothingToComplete,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::Action2Outside`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::Action2Outside)`"
    )]
    #[error("dice, spaces, players or areas of action 2 are recorded outside action 2")]
    Action2Outside,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ToAct`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ToAct)`"
    )]
    #[error("the players to act in action 2 must be some of the players who are not active")]
    ToAct,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NothingToCross`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NothingToCross)`"
    )]
    #[error("{0} is to act in action 2 but can cross nothing")]
    NothingToCross(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ActiveInAction2`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ActiveInAction2)`"
    )]
    #[error("the active player, {0}, takes no part in action 2")]
    ActiveInAction2(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::StartNotCrossed`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::StartNotCrossed)`"
    )]
    #[error("{0}'s spaces crossed before this action 2 do not fit the spaces crossed now")]
    StartNotCrossed(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::Action2Dice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::Action2Dice)`"
    )]
    #[error("{seat}'s dice for action 2 and the spaces crossed in it do not add up to the dice left by the active player ({pool}, {left} to use)")]
    Action2Dice {
        /// Who.
        seat: Seat,
        /// The dice the active player left.
        pool: crate::DiceSet,
        /// How many of them each other player may use.
        left: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CrossedAway`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CrossedAway)`"
    )]
    #[error(
        "{seat} crossed space {space} in this action 2, away from the spaces crossed before it"
    )]
    CrossedAway {
        /// Who.
        seat: Seat,
        /// The space.
        space: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EndedEarly`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EndedEarly)`"
    )]
    #[error("someone has completed a 6th area, so the game cannot be in this phase")]
    EndedEarly,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NotEnded`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NotEnded)`"
    )]
    #[error("the game is over, but nobody has completed 6 areas")]
    NotEnded,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::NoSpaceAt`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::NoSpaceAt)`"
    )]
    #[error("there is no border space at row {row}, column {col} of {seat}'s board")]
    NoSpaceAt {
        /// Whose board.
        seat: Seat,
        /// Map row.
        row: u16,
        /// Map column.
        col: u16,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::CrossedThisActionNotCrossed`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::CrossedThisActionNotCrossed)`"
    )]
    #[error("{seat}'s space at row {row}, column {col} is listed as crossed in this action 2 but not as crossed")]
    CrossedThisActionNotCrossed {
        /// Whose board.
        seat: Seat,
        /// Map row.
        row: u16,
        /// Map column.
        col: u16,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::NoAreaNamed`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::NoAreaNamed)`"
    )]
    #[error("there is no area called '{0}'")]
    NoAreaNamed(String),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::AreaListedTwice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::AreaListedTwice)`"
    )]
    #[error("{seat} has the {area} listed twice")]
    AreaListedTwice {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::AreaNotCompleted`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::AreaNotCompleted)`"
    )]
    #[error(
        "{seat} has the {area} listed as completed, but not all its border spaces are crossed"
    )]
    AreaNotCompleted {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::AreaNotListed`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::AreaNotListed)`"
    )]
    #[error("{seat}'s crossed spaces complete the {area}, which is not listed with their areas")]
    AreaNotListed {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
    },
}

/// Why a saved state (or a position set up by hand) could not arise in play: one variant per
/// rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A per-player list of the saved state without exactly one entry per player.
    #[error("{seats} players need one entry each, a list has {found}")]
    SeatEntries {
        /// Players at the table.
        seats: u8,
        /// Entries found.
        found: usize,
    },
    /// The active player is not at the table.
    #[error("the active player, {0}, is not at the table")]
    ActiveOffTable(Seat),
    /// Crossed spaces that are not on the seat's board.
    #[error("{seat} has space {space} crossed, which is not on their board")]
    CrossedOffBoard {
        /// Whose board.
        seat: Seat,
        /// The space.
        space: usize,
    },
    /// A white space that is not crossed (they are printed crossed).
    #[error("{seat}'s white space {space} is not crossed, but white spaces start crossed")]
    WhiteNotCrossed {
        /// Whose board.
        seat: Seat,
        /// The white space.
        space: usize,
    },
    /// A crossed space that no sequence of actions could have crossed: it is not in a
    /// completed segment and not connected to a white space or a completed segment.
    #[error(
        "{seat} has space {space} crossed, but it is neither in a completed segment nor \
         connected to a white space or a completed segment through crossed spaces"
    )]
    CrossedCutOff {
        /// Whose board.
        seat: Seat,
        /// The space.
        space: usize,
    },
    /// Areas marked as taken that are not on the board.
    #[error(
        "a board has {} areas; the areas taken name others",
        crate::board::AREAS
    )]
    NoSuchArea,
    /// An area marked as taken both in an earlier action and in the action 2 under way.
    #[error("the {0} is marked as taken both before and during this action 2")]
    TakenTwice(String),
    /// An area marked as taken that nobody completed.
    #[error("the {0} is marked as taken, but nobody has completed it")]
    TakenNotCompleted(String),
    /// A completed area not marked as taken (a later completer would score its first value).
    #[error("the {0} was completed, but it is not marked as taken")]
    CompletedNotTaken(String),
    /// A completed area that nobody scored the first value for.
    #[error("the {0} was completed, but nobody scored its first value")]
    NobodyFirst(String),
    /// Points for an area that are neither of its values.
    #[error("{seat} scored {points} for the {area}, which is worth {high} or {low}")]
    NotAValue {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
        /// Points recorded.
        points: u8,
        /// Its first value.
        high: u8,
        /// Its later value.
        low: u8,
    },
    /// Points for an area the seat has not completed.
    #[error("{seat} scored {points} for the {area} without completing it")]
    PointsWithoutArea {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
        /// Points recorded.
        points: u8,
    },
    /// An area completed in the action 2 under way, scored with the wrong value.
    #[error("{seat} completed the {area} in this action 2, which is worth {expected} to them, not {points}")]
    WrongValue {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
        /// Points recorded.
        points: u8,
        /// Its value in this action 2.
        expected: u8,
    },
    /// An area marked as first completed in the action 2 under way that someone had completed
    /// before it.
    #[error(
        "the {area} is marked as first completed in this action 2, but {seat} completed it before"
    )]
    CompletedBefore {
        /// The area.
        area: String,
        /// Who completed it before.
        seat: Seat,
    },
    /// Rolls made that do not fit the phase (at most three per round, one at least once the
    /// dice have landed).
    #[error("{0} rolls made do not fit the moment of the round")]
    RollCount(u8),
    /// Dice rolling and showing that do not make the five dice.
    #[error("the dice rolling and the dice showing must make five, with 1 to 5 rolling")]
    RollingDice,
    /// A first roll of fewer than five dice.
    #[error("the first roll of a round is of all five dice")]
    FirstRollNotAll,
    /// Fewer or more than five dice showing once the rolling is over.
    #[error("five dice show once the rolling is over")]
    NotFiveDice,
    /// Dice used that are not showing, or used before action 1.
    #[error("the dice used in action 1 must be dice showing, and none is used before action 1")]
    UsedDice,
    /// Action 1 still under way while the active player cannot complete anything.
    #[error("action 1 ends when the active player can complete no more segments")]
    NothingToComplete,
    /// Dice, spaces or players of action 2 recorded outside action 2.
    #[error("dice, spaces, players or areas of action 2 are recorded outside action 2")]
    Action2Outside,
    /// The players to act in action 2 are not some of the other players at the table.
    #[error("the players to act in action 2 must be some of the players who are not active")]
    ToAct,
    /// A player to act in action 2 who can cross nothing (their action 2 would be over).
    #[error("{0} is to act in action 2 but can cross nothing")]
    NothingToCross(Seat),
    /// The active player with dice or crosses in action 2.
    #[error("the active player, {0}, takes no part in action 2")]
    ActiveInAction2(Seat),
    /// The spaces crossed before action 2 are not among the crossed spaces, or differ from
    /// them for the active player.
    #[error("{0}'s spaces crossed before this action 2 do not fit the spaces crossed now")]
    StartNotCrossed(Seat),
    /// Dice of action 2 that do not add up with the spaces crossed in it to the dice the active
    /// player left.
    #[error("{seat}'s dice for action 2 and the spaces crossed in it do not add up to the dice left by the active player ({pool}, {left} to use)")]
    Action2Dice {
        /// Who.
        seat: Seat,
        /// The dice the active player left.
        pool: crate::DiceSet,
        /// How many of them each other player may use.
        left: u8,
    },
    /// A space crossed in the action 2 under way that is not next to the spaces crossed before
    /// it (or, without `chain_within_action`, before the action).
    #[error(
        "{seat} crossed space {space} in this action 2, away from the spaces crossed before it"
    )]
    CrossedAway {
        /// Who.
        seat: Seat,
        /// The space.
        space: usize,
    },
    /// A player with six areas while the game goes on past that round.
    #[error("someone has completed a 6th area, so the game cannot be in this phase")]
    EndedEarly,
    /// A finished game in which nobody has completed six areas.
    #[error("the game is over, but nobody has completed 6 areas")]
    NotEnded,
}

/// Why a position set up by hand ([`crate::Setup`]) cannot be read, before the checks of a
/// saved state apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not exactly one player entry per seat.
    #[error("{seats} players need one entry each, a list has {found}")]
    SeatEntries {
        /// Players at the table.
        seats: u8,
        /// Entries found.
        found: usize,
    },
    /// A setup naming a position with no border space on the seat's board.
    #[error("there is no border space at row {row}, column {col} of {seat}'s board")]
    NoSpaceAt {
        /// Whose board.
        seat: Seat,
        /// Map row.
        row: u16,
        /// Map column.
        col: u16,
    },
    /// A setup listing a space as crossed in this action 2 that is not listed as crossed.
    #[error("{seat}'s space at row {row}, column {col} is listed as crossed in this action 2 but not as crossed")]
    CrossedThisActionNotCrossed {
        /// Whose board.
        seat: Seat,
        /// Map row.
        row: u16,
        /// Map column.
        col: u16,
    },
    /// A setup naming an area that is not on the board.
    #[error("there is no area called '{0}'")]
    NoAreaNamed(String),
    /// A setup listing an area twice for one player.
    #[error("{seat} has the {area} listed twice")]
    AreaListedTwice {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
    },
    /// A setup listing an area as completed whose border is not all crossed.
    #[error(
        "{seat} has the {area} listed as completed, but not all its border spaces are crossed"
    )]
    AreaNotCompleted {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
    },
    /// A setup whose crossed spaces complete an area that is not listed.
    #[error("{seat}'s crossed spaces complete the {area}, which is not listed with their areas")]
    AreaNotListed {
        /// Who.
        seat: Seat,
        /// The area.
        area: String,
    },
}
