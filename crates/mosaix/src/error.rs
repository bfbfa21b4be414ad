//! Why a config, an action or a saved state was refused.

use crate::grid::Cell;
use dicecore::Seat;

/// Why a config, an action or a saved state was refused. Refused actions change nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
    /// First roller not at the table.
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
    /// A saved state that breaks the rules.
    #[error("corrupted state: {0}")]
    Corrupted(&'static str),
}
