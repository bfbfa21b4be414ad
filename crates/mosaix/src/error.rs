//! Why a config, an action, a saved state or a position set up by hand was refused.

use crate::grid::{Cell, ParseGridError};
use dicecore::{Seat, SeatSet};

/// Why a config, an action, a saved state or a position set up by hand was refused. Refused
/// actions change nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Player count outside 1–4.
    #[error("Mosaix is played by 1 to 4 players, not {0}")]
    PlayerCount(u8),
    /// Not one card per player.
    #[error("{cards} cards for {seats} players: every player needs one card")]
    CardCount {
        /// Cards given.
        cards: usize,
        /// Players.
        seats: u8,
    },
    /// A pre-printed cell outside the 7×7 grid.
    #[error("the pre-printed cell {1} of {0}'s card is not on the 7×7 grid")]
    StartCellOffCard(Seat, Cell),
    /// A pre-printed cell without symbol or the other way round.
    #[error("{0}'s card needs both a pre-printed cell and its symbol, or neither")]
    StartIncomplete(Seat),
    /// The first roller (`Config::first_roller`) is not at the table: `StartSeat`, the name
    /// every game gives this refusal.
    #[error("the first roller {0} is not at the table")]
    StartSeat(Seat),
    /// The same refusal under its former name, no longer returned: match
    /// [`Error::StartSeat`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: the first roller off the table is `Error::StartSeat`, the name every game gives it"
    )]
    #[error("the first roller {0} is not at the table")]
    FirstRoller(Seat),
    /// Any action after the end.
    #[error("the game is over")]
    GameOver,
    /// The action's seat is not to act now.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A player action while the dice are to be rolled.
    #[error("the dice must be rolled first")]
    RollPending,
    /// A roll while no roll is due.
    #[error("the dice are not being rolled now")]
    NoRollPending,
    /// A roll whose symbols are not sorted (rolls are listed sorted: circles, triangles, crosses).
    #[error("a roll lists its symbols sorted: circles, then triangles, then crosses")]
    RollNotSorted,
    /// A formation while no formation is to be arranged.
    #[error("no formation is being arranged now")]
    NotArranging,
    /// A formation whose symbols are not the rolled ones.
    #[error("the formation must use exactly the rolled symbols")]
    WrongSymbols,
    /// A formation not in its canonical rotation.
    #[error("give the formation in its canonical rotation (Formation::canonical)")]
    NotCanonical,
    /// An entry or pass while the formation is still being arranged.
    #[error("the formation has not been arranged yet")]
    NotEntering,
    /// A second entry of a seat in one turn.
    #[error("{0} has already entered this formation")]
    AlreadyEntered(Seat),
    /// An entry without symbols.
    #[error("an entry must write at least one symbol")]
    EmptyEntry,
    /// An entry that is no rotation and position of the formation.
    #[error("these cells and symbols are not the formation, turned (never mirrored) and placed")]
    NotAPlacement,
    /// An entry on a filled cell.
    #[error("a symbol may not be written on a filled cell")]
    CellTaken,
    /// A solo entry dropping more symbols than the scale has free boxes.
    #[error(
        "dropping {dropped} symbols needs {dropped} free boxes on the scale, only {free} are free"
    )]
    TooManyDropped {
        /// Symbols the entry drops.
        dropped: u8,
        /// Free boxes.
        free: u8,
    },
    /// A pass although the formation can be entered.
    #[error("the formation fits: at least one symbol must be entered")]
    MustEnter,
    /// A pass in the solo game (when nothing can be entered there, the game ends).
    #[error(
        "in the solo game you cannot pass: when the formation cannot be entered, end the game"
    )]
    SoloCannotPass,
    /// Ending the game early outside the solo game.
    #[error("only the solo player may end the game at any time")]
    NotSolo,
    /// A saved state (or a position set up by hand) that could not arise in play.
    #[error("this position could not arise in play: {0}")]
    Position(#[from] PositionError),
    /// A position set up by hand that cannot be read as one.
    #[error("this setup cannot be read: {0}")]
    Setup(#[from] SetupError),
    // ---- Deprecated since 0.3.0: the loader's and the setup's refusals, now nested ----
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::BeyondTheTable`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::BeyondTheTable)`"
    )]
    #[error("seat {0} is not at the table: its card must be blank and empty")]
    BeyondTheTable(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TurnZero`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TurnZero)`"
    )]
    #[error("turns are numbered from 1")]
    TurnZero,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RollerOutOfTurn`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RollerOutOfTurn)`"
    )]
    #[error(
        "the dice pass clockwise once per turn: in turn {round} {expected} rolls, not {roller}"
    )]
    RollerOutOfTurn {
        /// The turn number.
        round: u32,
        /// The roller recorded.
        roller: Seat,
        /// The roller of that turn.
        expected: Seat,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ScaleOverflow`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ScaleOverflow)`"
    )]
    #[error("the solo scale has 8 boxes, not {0}")]
    ScaleOverflow(u8),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ScaleNotSolo`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ScaleNotSolo)`"
    )]
    #[error("only the solo game has a scale: no boxes can be crossed with {0} players")]
    ScaleNotSolo(u8),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::PrintedSymbolMissing`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::PrintedSymbolMissing)`"
    )]
    #[error("{0}'s card must show its printed symbol, which no entry covers")]
    PrintedSymbolMissing(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TooManySymbols`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TooManySymbols)`"
    )]
    #[error("{seat} has entered {cells} symbols in {turns} turns, but a turn enters at most 4")]
    TooManySymbols {
        /// The player.
        seat: Seat,
        /// Symbols entered (the printed one not counted, this turn's entry not counted).
        cells: u32,
        /// Turns completed.
        turns: u64,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ScaleMismatch`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ScaleMismatch)`"
    )]
    #[error("{entered} symbols entered and {crossed} boxes crossed after {turns} turns: every solo entry enters 1 to 4 symbols and drops the rest, one entry per turn{}", if *.passes { " at most" } else { "" })]
    ScaleMismatch {
        /// Symbols entered on the solo card (the printed one not counted).
        entered: u32,
        /// Crossed boxes.
        crossed: u8,
        /// Turns completed.
        turns: u64,
        /// Whether passes are allowed ([`crate::SoloStuck::Pass`]).
        passes: bool,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EntryNotOnCard`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EntryNotOnCard)`"
    )]
    #[error("{0}'s entry of this turn is not on the card")]
    EntryNotOnCard(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EntryOutOfTurn`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EntryOutOfTurn)`"
    )]
    #[error("{0} has not entered this turn, so nothing of this turn can be on the card")]
    EntryOutOfTurn(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EntryNotTheFormation`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EntryNotTheFormation)`"
    )]
    #[error("{0}'s entry of this turn is not the formation, turned and placed")]
    EntryNotTheFormation(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::PendingNotPlayers`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::PendingNotPlayers)`"
    )]
    #[error("the players still to enter must be some of the players, not {0}")]
    PendingNotPlayers(SeatSet),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::PassedButFits`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::PassedButFits)`"
    )]
    #[error("{0} passed although the formation fits on the card")]
    PassedButFits(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ClosedButGoesOn`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ClosedButGoesOn)`"
    )]
    #[error("{0}'s card can no longer be filled, so the game ended after the last turn")]
    ClosedButGoesOn(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ClosedCards`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ClosedCards)`"
    )]
    #[error(
        "the game ended because cards {recorded} were closed, but the closed cards are {closed}"
    )]
    ClosedCards {
        /// The cards recorded as closed.
        recorded: SeatSet,
        /// The cards that can no longer be filled.
        closed: SeatSet,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EndedEarlyNotSolo`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EndedEarlyNotSolo)`"
    )]
    #[error("only the solo game ends before a card is closed")]
    EndedEarlyNotSolo,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NotStuck`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NotStuck)`"
    )]
    #[error(
        "the game is recorded as ended because the formation could not be entered, but it could be"
    )]
    NotStuck,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::CardCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::CardCount)`"
    )]
    #[error("{cards} cards for {seats} players: give one card per player")]
    SetupCardCount {
        /// Cards given.
        cards: usize,
        /// Players.
        seats: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::EnteredCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::EnteredCount)`"
    )]
    #[error(
        "{entered} entries for {seats} players: give one per player (null while still to enter)"
    )]
    SetupEnteredCount {
        /// Items given.
        entered: usize,
        /// Players.
        seats: u8,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::CardText`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::CardText)`"
    )]
    #[error("{0}'s card: {1}")]
    SetupCardText(Seat, ParseGridError),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::EntryCells`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::EntryCells)`"
    )]
    #[error("{0}'s entry lists a cell off the card or a cell twice")]
    SetupEntryCells(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::RollOutOfPhase`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::RollOutOfPhase)`"
    )]
    #[error("a roll is given only while it is arranged or entered")]
    SetupRollOutOfPhase,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::FormationOutOfPhase`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::FormationOutOfPhase)`"
    )]
    #[error("a formation is given only while it is entered")]
    SetupFormationOutOfPhase,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::NoRoll`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::NoRoll)`"
    )]
    #[error("the roller arranges a roll: give the four symbols rolled")]
    SetupNoRoll,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::NoFormation`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::NoFormation)`"
    )]
    #[error("the players enter a formation: give its shape and symbols")]
    SetupNoFormation,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::NoCardClosed`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::NoCardClosed)`"
    )]
    #[error("the game ends on a closed card, but every card can still be filled")]
    SetupNoCardClosed,
}

/// Why a saved state (or a position set up by hand) could not arise in play: one variant per
/// rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A card, grid or entry of a seat that is not at the table.
    #[error("seat {0} is not at the table: its card must be blank and empty")]
    BeyondTheTable(Seat),
    /// A turn number of 0.
    #[error("turns are numbered from 1")]
    TurnZero,
    /// A roller who does not follow from the first roller and the turn number.
    #[error(
        "the dice pass clockwise once per turn: in turn {round} {expected} rolls, not {roller}"
    )]
    RollerOutOfTurn {
        /// The turn number.
        round: u32,
        /// The roller recorded.
        roller: Seat,
        /// The roller of that turn.
        expected: Seat,
    },
    /// More crossed boxes than the scale has.
    #[error("the solo scale has 8 boxes, not {0}")]
    ScaleOverflow(u8),
    /// Crossed boxes with 2–4 players.
    #[error("only the solo game has a scale: no boxes can be crossed with {0} players")]
    ScaleNotSolo(u8),
    /// A card without its printed symbol (or with it covered by this turn's entry).
    #[error("{0}'s card must show its printed symbol, which no entry covers")]
    PrintedSymbolMissing(Seat),
    /// A card with more entered symbols than the turns played allow.
    #[error("{seat} has entered {cells} symbols in {turns} turns, but a turn enters at most 4")]
    TooManySymbols {
        /// The player.
        seat: Seat,
        /// Symbols entered (the printed one not counted, this turn's entry not counted).
        cells: u32,
        /// Turns completed.
        turns: u64,
    },
    /// A solo card and scale that do not add up to whole formations, or to one formation per
    /// turn (without passes).
    #[error("{entered} symbols entered and {crossed} boxes crossed after {turns} turns: every solo entry enters 1 to 4 symbols and drops the rest, one entry per turn{}", if *.passes { " at most" } else { "" })]
    ScaleMismatch {
        /// Symbols entered on the solo card (the printed one not counted).
        entered: u32,
        /// Crossed boxes.
        crossed: u8,
        /// Turns completed.
        turns: u64,
        /// Whether passes are allowed ([`crate::SoloStuck::Pass`]).
        passes: bool,
    },
    /// This turn's entry of a player recorded on cells that are not on the player's card.
    #[error("{0}'s entry of this turn is not on the card")]
    EntryNotOnCard(Seat),
    /// An entry this turn of a player who has not entered (or outside the entering phase).
    #[error("{0} has not entered this turn, so nothing of this turn can be on the card")]
    EntryOutOfTurn(Seat),
    /// A recorded entry that is not the formation of the turn.
    #[error("{0}'s entry of this turn is not the formation, turned and placed")]
    EntryNotTheFormation(Seat),
    /// The players still to enter are none, or not at the table.
    #[error("the players still to enter must be some of the players, not {0}")]
    PendingNotPlayers(SeatSet),
    /// A player recorded as having passed although the formation fits.
    #[error("{0} passed although the formation fits on the card")]
    PassedButFits(Seat),
    /// A card that can no longer be filled while the game goes on.
    #[error("{0}'s card can no longer be filled, so the game ended after the last turn")]
    ClosedButGoesOn(Seat),
    /// A game ended on cards that are not exactly those that can no longer be filled.
    #[error(
        "the game ended because cards {recorded} were closed, but the closed cards are {closed}"
    )]
    ClosedCards {
        /// The cards recorded as closed.
        recorded: SeatSet,
        /// The cards that can no longer be filled.
        closed: SeatSet,
    },
    /// A game of 2–4 players recorded as ended by the player.
    #[error("only the solo game ends before a card is closed")]
    EndedEarlyNotSolo,
    /// A solo game recorded as ended because the formation could not be entered, although
    /// every formation fits (or, with [`crate::SoloStuck::Pass`], a pass was possible).
    #[error(
        "the game is recorded as ended because the formation could not be entered, but it could be"
    )]
    NotStuck,
}

/// Why a position set up by hand ([`crate::Setup`]) cannot be read, before the checks of a
/// saved state apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not one card per player in a setup.
    #[error("{cards} cards for {seats} players: give one card per player")]
    CardCount {
        /// Cards given.
        cards: usize,
        /// Players.
        seats: u8,
    },
    /// Not one "entered" item per player in a setup.
    #[error(
        "{entered} entries for {seats} players: give one per player (null while still to enter)"
    )]
    EnteredCount {
        /// Items given.
        entered: usize,
        /// Players.
        seats: u8,
    },
    /// A card of a setup that cannot be read.
    #[error("{0}'s card: {1}")]
    CardText(Seat, ParseGridError),
    /// An entry of a setup with a cell off the card or a cell listed twice.
    #[error("{0}'s entry lists a cell off the card or a cell twice")]
    EntryCells(Seat),
    /// A roll in a setup where none is on the table (rolling or over).
    #[error("a roll is given only while it is arranged or entered")]
    RollOutOfPhase,
    /// A formation in a setup that is not entering.
    #[error("a formation is given only while it is entered")]
    FormationOutOfPhase,
    /// A setup arranging without a roll.
    #[error("the roller arranges a roll: give the four symbols rolled")]
    NoRoll,
    /// A setup entering without a formation.
    #[error("the players enter a formation: give its shape and symbols")]
    NoFormation,
    /// A setup over on closed cards in which no card is closed.
    #[error("the game ends on a closed card, but every card can still be filled")]
    NoCardClosed,
}
