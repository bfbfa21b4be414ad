//! Why a config, an action or a serialised state was refused.

use crate::board::{Cell, Tile};
use crate::scoring::Card;
use crate::Terrain;
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused (one variant per reason).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Player count outside 2–4.
    #[error("Kingdom Builder is played by 2 to 4 players, not {0}")]
    PlayerCount(u8),
    /// The same sector twice on the board.
    #[error("the {0} sector is used twice; a board needs 4 different sectors")]
    DuplicateSector(Tile),
    /// The same card twice.
    #[error("the {0} card is chosen twice; a game uses 3 different cards")]
    DuplicateCard(Card),
    /// Start seat not at the table.
    #[error("the start player {0} is not at the table")]
    StartSeat(Seat),
    /// Any action after the end.
    #[error("the game is over")]
    GameOver,
    /// A player's action while a card is being drawn.
    #[error("a terrain card must be drawn first")]
    DrawPending,
    /// A card draw while no draw is due.
    #[error("no terrain card is being drawn now")]
    NoDrawPending,
    /// A drawn card that is not in the draw pile.
    #[error("no {0} card is left in the draw pile")]
    NotInPile(Terrain),
    /// The action's seat is not to move.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A hex outside the 20×20 board.
    #[error("hex {0} is not on the board")]
    OffBoard(Cell),
    /// A settlement is lifted and must be placed first.
    #[error("finish moving the lifted settlement first")]
    MoveInProgress,
    /// A destination without a lifted settlement.
    #[error("no settlement is being moved")]
    NoMoveInProgress,
    /// A tile or the end of the turn between the 3 mandatory placements.
    #[error("the 3 settlements of the mandatory build must be placed one after the other")]
    MandatoryInProgress,
    /// A mandatory placement after the mandatory build is complete.
    #[error("the mandatory build is already complete this turn")]
    MandatoryDone,
    /// Ending the turn before the mandatory build.
    #[error("the mandatory build must be done before the turn ends")]
    MandatoryNotDone,
    /// A tile the player cannot use now (not held at the start of the turn, or already used).
    #[error("you have no unused {0} tile to use this turn")]
    TileUnavailable(Tile),
    /// A moving tile used to build.
    #[error("the {0} tile moves a settlement; it does not build one")]
    NotABuildTile(Tile),
    /// A building tile used to move.
    #[error("the {0} tile builds a settlement; it does not move one")]
    NotAMoveTile(Tile),
    /// A build with no settlement left in the supply.
    #[error("you have no settlement left in your supply")]
    SupplyEmpty,
    /// A hex already holding a settlement.
    #[error("hex {0} already holds a settlement")]
    Occupied(Cell),
    /// A hex of the wrong terrain for this placement.
    #[error("hex {0} is not of the terrain this placement needs")]
    WrongTerrain(Cell),
    /// Tower: not a buildable hex on the board edge.
    #[error("hex {0} is not a buildable hex on the board edge")]
    NotOnEdge(Cell),
    /// Tavern: not at the end of a line of 3 or more of your settlements.
    #[error("hex {0} does not extend a line of 3 of your settlements")]
    NotLineEnd(Cell),
    /// Paddock: not a buildable hex exactly 2 hexes away in a straight line.
    #[error("hex {0} is not a buildable hex 2 steps away in a straight line")]
    NotTwoAway(Cell),
    /// The adjacency obligation: a hex next to your settlements was available.
    #[error("hex {0} is not next to your settlements, but such a hex is available")]
    NotAdjacent(Cell),
    /// Lifting a hex that holds no settlement of yours.
    #[error("hex {0} holds no settlement of yours")]
    NotYourSettlement(Cell),
    /// Lifting a settlement that could go nowhere.
    #[error("the settlement at {0} has nowhere to move with this tile")]
    NoDestination(Cell),
    /// Moving a settlement back onto its own hex.
    #[error("moving a settlement back onto hex {0} is not a move")]
    SameHex(Cell),
    /// A serialised state that breaks the rules.
    #[error("corrupted state: {0}")]
    Corrupted(&'static str),
}
