//! Why a config, an action, a saved state or a position set up by hand was refused.

use crate::board::{Cell, Tile};
use crate::scoring::Card;
use crate::Terrain;
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused (one variant per reason): a saved
/// state that could not arise in play is [`Error::Position`], a setup that cannot be read is
/// [`Error::Setup`]. The variants after those two are their names before 0.3.0, no longer
/// returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// A saved state (or a position set up by hand) that could not arise in play.
    #[error("this position could not arise in play: {0}")]
    Position(#[from] PositionError),
    /// A position set up by hand that cannot be read as one.
    #[error("this setup cannot be read: {0}")]
    Setup(#[from] SetupError),

    // ---- Deprecated since 0.3.0: the loader's and the setup's refusals, now nested ----
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::ActiveOffTable`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::ActiveOffTable)`"
    )]
    #[error("the active player, {0}, is not at the table")]
    ActiveOffTable(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EmptySeatHolds`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EmptySeatHolds)`"
    )]
    #[error("{0} is not at the table but holds settlements, tiles or a card")]
    EmptySeatHolds(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::Unsettleable`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::Unsettleable)`"
    )]
    #[error("a settlement stands at {0}, a hex no settlement can stand on")]
    Unsettleable(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::SharedHex`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::SharedHex)`"
    )]
    #[error("two settlements stand at {0}")]
    SharedHex(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::SettlementCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::SettlementCount)`"
    )]
    #[error("{seat} has {count} settlements on the board and in the supply, not 40")]
    SettlementCount {
        /// The seat.
        seat: Seat,
        /// Its settlements on the board, in the supply and being moved.
        count: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::WaterWithoutHarbor`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::WaterWithoutHarbor)`"
    )]
    #[error("{0} has a settlement on water but never took a Harbor tile")]
    WaterWithoutHarbor(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::HeldNotTaken`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::HeldNotTaken)`"
    )]
    #[error("{0} holds a tile it never took")]
    HeldNotTaken(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NoSuchLocation`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NoSuchLocation)`"
    )]
    #[error("{0} took a tile from a location the board does not have")]
    NoSuchLocation(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TakenWithoutBuilding`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TakenWithoutBuilding)`"
    )]
    #[error("{0} never built a settlement but took a tile")]
    TakenWithoutBuilding(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TileOutOfReach`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TileOutOfReach)`"
    )]
    #[error("{seat} holds the tile of the location at {location} without a settlement next to it")]
    TileOutOfReach {
        /// The seat.
        seat: Seat,
        /// The location hex.
        location: Cell,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TileNotTaken`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TileNotTaken)`"
    )]
    #[error("{seat} has a settlement next to the location at {location}, which still has tiles, but took none there")]
    TileNotTaken {
        /// The seat.
        seat: Seat,
        /// The location hex.
        location: Cell,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::OccupiedMismatch`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::OccupiedMismatch)`"
    )]
    #[error("the occupied hexes do not match the settlements")]
    OccupiedMismatch,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TilesLeftMismatch`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TilesLeftMismatch)`"
    )]
    #[error(
        "the location at {0} shows a number of tiles that does not match the tiles taken from it"
    )]
    TilesLeftMismatch(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TilesBeyondLocations`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TilesBeyondLocations)`"
    )]
    #[error("tiles lie on a location the board does not have")]
    TilesBeyondLocations,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CardCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CardCount)`"
    )]
    #[error("the {0} cards in the draw pile, the discards and the hands do not add up to 5")]
    CardCount(Terrain),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::DatedEmptyHand`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::DatedEmptyHand)`"
    )]
    #[error("{0} has no card, but its card's draw is dated")]
    DatedEmptyHand(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::HandAgesOutOfOrder`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::HandAgesOutOfOrder)`"
    )]
    #[error("the cards in hand are dated out of the order in which they were drawn")]
    HandAgesOutOfOrder,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::MissingCard`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::MissingCard)`"
    )]
    #[error("{0} has no terrain card")]
    MissingCard(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::CardNotDiscarded`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::CardNotDiscarded)`"
    )]
    #[error("{0} holds a card although it has discarded it")]
    CardNotDiscarded(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::DealOutOfOrder`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::DealOutOfOrder)`"
    )]
    #[error("the opening hands are dealt from the start player clockwise, one card each")]
    DealOutOfOrder,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::PlayDuringDeal`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::PlayDuringDeal)`"
    )]
    #[error("the opening deal is not over, but the game has begun")]
    PlayDuringDeal,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EmptyPileAtDraw`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EmptyPileAtDraw)`"
    )]
    #[error("a card is due but the draw pile is empty")]
    EmptyPileAtDraw,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RedrawWithoutReason`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RedrawWithoutReason)`"
    )]
    #[error("a card is being redrawn although the player's card could still be played")]
    RedrawWithoutReason,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::RedrawDue`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::RedrawDue)`"
    )]
    #[error("the active player's card has no free hex left and must be redrawn")]
    RedrawDue,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::FinalRoundMismatch`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::FinalRoundMismatch)`"
    )]
    #[error("the last round is played exactly when a supply is empty")]
    FinalRoundMismatch,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::EndMismatch`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::EndMismatch)`"
    )]
    #[error(
        "the game ends when the player to the right of the start player finishes the last round"
    )]
    EndMismatch,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::MandatoryCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::MandatoryCount)`"
    )]
    #[error("{0} mandatory placements cannot be due")]
    MandatoryCount(u8),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TurnEndedEarly`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TurnEndedEarly)`"
    )]
    #[error("the turn ended before the mandatory build was complete")]
    TurnEndedEarly,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TilesBetweenTurns`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TilesBetweenTurns)`"
    )]
    #[error("tile uses are recorded although no turn is under way")]
    TilesBetweenTurns,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TurnTileNotHeld`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TurnTileNotHeld)`"
    )]
    #[error("a tile usable this turn is not held")]
    TurnTileNotHeld,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::TooManyUses`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::TooManyUses)`"
    )]
    #[error("{0} uses are left that no tile held at the start of the turn gives")]
    TooManyUses(Tile),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::LiftedOutsideMove`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::LiftedOutsideMove)`"
    )]
    #[error("a settlement is lifted outside a move with a tile held this turn")]
    LiftedOutsideMove,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::LiftedHexNotFree`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::LiftedHexNotFree)`"
    )]
    #[error("the lifted settlement's hex {0} is not a free hex a settlement can stand on")]
    LiftedHexNotFree(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Position`] with
    /// [`PositionError::NothingToDo`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `Error::Position(PositionError::NothingToDo)`"
    )]
    #[error("the player to move has nothing to do")]
    NothingToDo,
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::SeatCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::SeatCount)`"
    )]
    #[error("the setup's {field} lists {got} players, but {seats} play")]
    SetupSeatCount {
        /// The field.
        field: &'static str,
        /// Players at the table.
        seats: u8,
        /// Entries given.
        got: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::OffBoard`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::OffBoard)`"
    )]
    #[error("hex ({row}, {col}) is not on the 20×20 board")]
    SetupOffBoard {
        /// The row given.
        row: usize,
        /// The column given.
        col: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::NotALocation`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::NotALocation)`"
    )]
    #[error("hex {0} is not a location")]
    SetupNotALocation(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::TileKind`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::TileKind)`"
    )]
    #[error("the location at {location} gives {actual} tiles, not {named} tiles")]
    SetupTileKind {
        /// The location hex.
        location: Cell,
        /// The kind named in the setup.
        named: Tile,
        /// The location's kind.
        actual: Tile,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::ListedTwice`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::ListedTwice)`"
    )]
    #[error("hex {0} is listed twice")]
    SetupListedTwice(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::LocationMissing`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::LocationMissing)`"
    )]
    #[error("the tiles left on the location at {0} are not given")]
    SetupLocationMissing(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::TooManySettlements`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::TooManySettlements)`"
    )]
    #[error("{seat} has {count} settlements on the board, but a player has 40")]
    SetupTooManySettlements {
        /// The seat.
        seat: Seat,
        /// Its settlements on the board (and being moved).
        count: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::GainedNotHeld`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::GainedNotHeld)`"
    )]
    #[error("the tile gained this turn at {0} is not among the active player's tiles")]
    SetupGainedNotHeld(Cell),
    /// The same refusal before 0.3.0, no longer returned: match [`Error::Setup`] with
    /// [`SetupError::UsedTooMany`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a setup that cannot be read is `Error::Setup(SetupError::UsedTooMany)`"
    )]
    #[error(
        "the active player used more {0} tiles this turn than it has held since the turn began"
    )]
    SetupUsedTooMany(Tile),
}

/// Why a saved state (or a position set up by hand) could not arise in play: one variant per
/// rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The active seat is not at the table.
    #[error("the active player, {0}, is not at the table")]
    ActiveOffTable(Seat),
    /// A seat beyond the player count holds settlements, tiles or a card.
    #[error("{0} is not at the table but holds settlements, tiles or a card")]
    EmptySeatHolds(Seat),
    /// A settlement on a hex no settlement can stand on (mountain, castle, location, off the
    /// board).
    #[error("a settlement stands at {0}, a hex no settlement can stand on")]
    Unsettleable(Cell),
    /// Two settlements on one hex.
    #[error("two settlements stand at {0}")]
    SharedHex(Cell),
    /// A seat whose settlements on the board, in the supply and being moved are not 40.
    #[error("{seat} has {count} settlements on the board and in the supply, not 40")]
    SettlementCount {
        /// The seat.
        seat: Seat,
        /// Its settlements on the board, in the supply and being moved.
        count: usize,
    },
    /// A settlement on water without a Harbor ever taken (only the Harbor moves onto water).
    #[error("{0} has a settlement on water but never took a Harbor tile")]
    WaterWithoutHarbor(Seat),
    /// A tile held that was never taken.
    #[error("{0} holds a tile it never took")]
    HeldNotTaken(Seat),
    /// A tile taken from a location id beyond the board's locations.
    #[error("{0} took a tile from a location the board does not have")]
    NoSuchLocation(Seat),
    /// A seat that never built has taken a tile.
    #[error("{0} never built a settlement but took a tile")]
    TakenWithoutBuilding(Seat),
    /// A held tile whose location touches none of the seat's settlements (it is lost after a
    /// move).
    #[error("{seat} holds the tile of the location at {location} without a settlement next to it")]
    TileOutOfReach {
        /// The seat.
        seat: Seat,
        /// The location hex.
        location: Cell,
    },
    /// A settlement next to a location that still has tiles, without a tile taken there.
    #[error("{seat} has a settlement next to the location at {location}, which still has tiles, but took none there")]
    TileNotTaken {
        /// The seat.
        seat: Seat,
        /// The location hex.
        location: Cell,
    },
    /// The occupied hexes (kept for speed) differ from the settlements.
    #[error("the occupied hexes do not match the settlements")]
    OccupiedMismatch,
    /// Tiles left on a location that do not match the tiles taken from it.
    #[error(
        "the location at {0} shows a number of tiles that does not match the tiles taken from it"
    )]
    TilesLeftMismatch(Cell),
    /// Tiles on a location the board does not have.
    #[error("tiles lie on a location the board does not have")]
    TilesBeyondLocations,
    /// The cards of a terrain in the pile, the discards and the hands are not 5.
    #[error("the {0} cards in the draw pile, the discards and the hands do not add up to 5")]
    CardCount(Terrain),
    /// A hand's draw dated (reshuffles since) without a card in it.
    #[error("{0} has no card, but its card's draw is dated")]
    DatedEmptyHand(Seat),
    /// Hand ages that contradict the order in which the cards were drawn.
    #[error("the cards in hand are dated out of the order in which they were drawn")]
    HandAgesOutOfOrder,
    /// A seat without a card where it must hold one.
    #[error("{0} has no terrain card")]
    MissingCard(Seat),
    /// The seat a card is drawn for, or whose game just ended, still holds a card.
    #[error("{0} holds a card although it has discarded it")]
    CardNotDiscarded(Seat),
    /// The opening hands not dealt from the start player clockwise, or every hand dealt.
    #[error("the opening hands are dealt from the start player clockwise, one card each")]
    DealOutOfOrder,
    /// Something happened during the opening deal that only happens in play.
    #[error("the opening deal is not over, but the game has begun")]
    PlayDuringDeal,
    /// A card draw due with an empty draw pile (the discards would have been shuffled).
    #[error("a card is due but the draw pile is empty")]
    EmptyPileAtDraw,
    /// A redraw while the card could still be played.
    #[error("a card is being redrawn although the player's card could still be played")]
    RedrawWithoutReason,
    /// The active player's card has no free hex while it must be redrawn. While a settlement
    /// is being moved, the rule is checked as before the Lift, with the settlement on its hex.
    #[error("the active player's card has no free hex left and must be redrawn")]
    RedrawDue,
    /// The last-round flag does not match the supplies.
    #[error("the last round is played exactly when a supply is empty")]
    FinalRoundMismatch,
    /// The game ended before the end of the last round, or play goes on after it.
    #[error(
        "the game ends when the player to the right of the start player finishes the last round"
    )]
    EndMismatch,
    /// More than 3 mandatory placements due, or placements due with an empty supply.
    #[error("{0} mandatory placements cannot be due")]
    MandatoryCount(u8),
    /// A turn ended before the mandatory build was complete.
    #[error("the turn ended before the mandatory build was complete")]
    TurnEndedEarly,
    /// Tile uses recorded between turns.
    #[error("tile uses are recorded although no turn is under way")]
    TilesBetweenTurns,
    /// A tile usable this turn that the active player does not hold.
    #[error("a tile usable this turn is not held")]
    TurnTileNotHeld,
    /// Tile uses left between turns, or more uses of a kind than tiles held at the turn's
    /// start.
    #[error("{0} uses are left that no tile held at the start of the turn gives")]
    TooManyUses(Tile),
    /// A settlement lifted outside a move (no turn under way, a building tile, the mandatory
    /// build under way, or no tile of that kind usable this turn).
    #[error("a settlement is lifted outside a move with a tile held this turn")]
    LiftedOutsideMove,
    /// The lifted settlement's hex is not a free hex a settlement can stand on.
    #[error("the lifted settlement's hex {0} is not a free hex a settlement can stand on")]
    LiftedHexNotFree(Cell),
    /// The player to move has no legal action (a lifted settlement with nowhere to go).
    #[error("the player to move has nothing to do")]
    NothingToDo,
}

/// Why a position set up by hand ([`crate::Setup`]) cannot be read, before the checks of a
/// saved state apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A per-seat list of a setup with the wrong length.
    #[error("the setup's {field} lists {got} players, but {seats} play")]
    SeatCount {
        /// The field.
        field: &'static str,
        /// Players at the table.
        seats: u8,
        /// Entries given.
        got: usize,
    },
    /// A hex of a setup off the board.
    #[error("hex ({row}, {col}) is not on the 20×20 board")]
    OffBoard {
        /// The row given.
        row: usize,
        /// The column given.
        col: usize,
    },
    /// A tile named at a hex that is not a location.
    #[error("hex {0} is not a location")]
    NotALocation(Cell),
    /// A tile of another kind than its location gives.
    #[error("the location at {location} gives {actual} tiles, not {named} tiles")]
    TileKind {
        /// The location hex.
        location: Cell,
        /// The kind named in the setup.
        named: Tile,
        /// The location's kind.
        actual: Tile,
    },
    /// A hex listed twice where it can appear once.
    #[error("hex {0} is listed twice")]
    ListedTwice(Cell),
    /// A location of the board missing from the tiles left.
    #[error("the tiles left on the location at {0} are not given")]
    LocationMissing(Cell),
    /// More than 40 settlements of a seat on the board.
    #[error("{seat} has {count} settlements on the board, but a player has 40")]
    TooManySettlements {
        /// The seat.
        seat: Seat,
        /// Its settlements on the board (and being moved).
        count: usize,
    },
    /// A tile gained this turn that the active player does not hold.
    #[error("the tile gained this turn at {0} is not among the active player's tiles")]
    GainedNotHeld(Cell),
    /// More uses of a kind than tiles of that kind held since the start of the turn.
    #[error(
        "the active player used more {0} tiles this turn than it has held since the turn began"
    )]
    UsedTooMany(Tile),
}
