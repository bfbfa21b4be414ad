//! The game state: what lies on the table (settlements, supplies, tiles, cards) and where the
//! turn stands, with the public queries a companion app reads.

use crate::board::{Board, Cell, Cells, Field, Terrain, Tile, MAX_LOCATIONS, SINGLE};
use crate::config::Config;
use crate::score_counts::ScoreCounts;
use crate::Error;
use dicecore::{Memo, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Settlements per player.
pub const SETTLEMENTS: u8 = 40;
pub use crate::config::MAX_SEATS;
/// Cards of each terrain in the deck.
pub const CARDS_PER_TERRAIN: u8 = 5;
/// Placements of the mandatory build.
pub const MANDATORY: u8 = 3;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: dealing the opening hands (the next seat from the start player without a card
    /// draws one).
    Deal,
    /// The active seat plays its turn.
    Play,
    /// Chance: the active seat draws a replacement card during its turn (redraw rule).
    Redraw,
    /// Chance: the active seat, whose turn just ended, draws its next card.
    Refill,
    /// The game is over.
    Over,
}

/// Where the game stands: the 0.1.0 name of [`Phase`], kept until the next breaking release
/// (`docs/releases.md`).
#[deprecated(since = "0.2.0", note = "use `Phase`")]
pub type Step = Phase;

/// A state of Kingdom Builder.
///
/// Saved states are checked on loading (see the `load` module): only positions that could
/// arise in play are accepted.
///
/// ```
/// use kingdom_builder::{Config, State, Action};
/// use dicecore::{Game, Turn, Seat};
/// let mut s = State::new(&Config::first_game(2)).unwrap();
/// assert_eq!(s.turn(), Turn::Chance); // dealing
/// while s.turn() == Turn::Chance {
///     let (a, _) = s.chance_outcomes()[0];
///     s.apply_in_place(&a).unwrap();
/// }
/// assert_eq!(s.turn(), Turn::Seat(Seat(0)));
/// let mut acts = Vec::new();
/// s.legal_actions(&mut acts);
/// assert!(acts.iter().all(|a| matches!(a, Action::Build { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    // What the state keeps (`Memo`) comes first, so that a clone copies the other fields
    // straight into place (see `dicecore::Memo`).
    /// The counts the running score is read from, from its first reading on (kept up to date
    /// like `near`; not saved; never tell two states apart).
    #[serde(skip)]
    pub(crate) counts: Memo<Box<ScoreCounts>>,
    pub(crate) config: Config,
    /// The assembled board of `config` (not saved; rebuilt by the loader).
    #[serde(skip, default = "placeholder_board")]
    pub(crate) board: Arc<Board>,
    pub(crate) settlements: [Cells; MAX_SEATS],
    pub(crate) occupied: Cells,
    pub(crate) supply: [u8; MAX_SEATS],
    pub(crate) tiles_left: [u8; MAX_LOCATIONS],
    /// Per seat, the location ids (bits) it ever took a tile from.
    pub(crate) taken: [u8; MAX_SEATS],
    /// Per seat, the location ids whose tile it holds.
    pub(crate) held: [u8; MAX_SEATS],
    pub(crate) hands: [Option<Terrain>; MAX_SEATS],
    /// Per seat, how many times the discards were shuffled into a new pile since its hand was
    /// drawn (0 = drawn from the current pile; 0 without a hand).
    pub(crate) hand_age: [u8; MAX_SEATS],
    pub(crate) pile: [u8; 5],
    pub(crate) discards: [u8; 5],
    pub(crate) active: Seat,
    #[serde(rename = "step")]
    pub(crate) phase: Phase,
    pub(crate) mandatory_left: u8,
    pub(crate) uses_left: [u8; 8],
    /// Location ids of the active seat's tiles held since the start of the turn (only these
    /// are usable this turn; a tile gained during the turn is not).
    pub(crate) turn_tiles: u8,
    pub(crate) lifted: Option<(Tile, Cell)>,
    pub(crate) final_round: bool,
    /// Per seat, the hexes next to its settlements: kept up to date as settlements are placed
    /// and lifted (not saved; rebuilt by the loader).
    #[serde(skip)]
    pub(crate) near: [Cells; MAX_SEATS],
    /// Per terrain, its free hexes (kept up to date like `near`; not saved).
    #[serde(skip)]
    pub(crate) free_land: [Cells; 5],
    /// Per seat holding a Tavern tile, the hexes at the open end of a line of 3 or more of its
    /// settlements (the Tavern's, before occupied hexes are taken out); empty for the others
    /// ([`State::tavern_ends`]; kept up to date like `near`; not saved).
    #[serde(skip)]
    pub(crate) line_ends: [Cells; MAX_SEATS],
}

/// The board a freshly read state holds until the loader puts the config's board in.
fn placeholder_board() -> Arc<Board> {
    Board::shared(&Config::first_game(2).board)
}

/// The location ids set in a mask.
pub(crate) fn bits(mask: u8) -> impl Iterator<Item = usize> {
    (0..8).filter(move |i| mask & (1 << i) != 0)
}

impl State {
    /// The opening state of a config (validated): everyone's supply full, every location with
    /// 2 tiles, the whole deck in the draw pile, the opening hands to be dealt.
    pub(crate) fn opening(config: &Config) -> Result<State, Error> {
        config.validate()?;
        let board = Board::shared(&config.board);
        let free_land = board.land;
        let n = config.seats as usize;
        let mut supply = [0; MAX_SEATS];
        for s in supply.iter_mut().take(n) {
            *s = SETTLEMENTS;
        }
        let mut tiles_left = [0; MAX_LOCATIONS];
        for t in tiles_left.iter_mut().take(board.location_count as usize) {
            *t = 2;
        }
        Ok(State {
            config: *config,
            board,
            settlements: [Cells::EMPTY; MAX_SEATS],
            occupied: Cells::EMPTY,
            supply,
            tiles_left,
            taken: [0; MAX_SEATS],
            held: [0; MAX_SEATS],
            hands: [None; MAX_SEATS],
            hand_age: [0; MAX_SEATS],
            pile: [CARDS_PER_TERRAIN; 5],
            discards: [0; 5],
            active: config.start,
            phase: Phase::Deal,
            mandatory_left: MANDATORY,
            uses_left: [0; 8],
            turn_tiles: 0,
            lifted: None,
            final_round: false,
            near: [Cells::EMPTY; MAX_SEATS],
            line_ends: [Cells::EMPTY; MAX_SEATS],
            counts: Memo::new(),
            free_land,
        })
    }

    /// The assembled board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The setup.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The settlements of a seat.
    pub fn settlements(&self, seat: Seat) -> Cells {
        self.settlements
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// Settlements left in a seat's supply.
    pub fn supply(&self, seat: Seat) -> u8 {
        self.supply.get(seat.index()).copied().unwrap_or(0)
    }

    /// Tiles left on each location hex (in [`Board::locations`] order).
    pub fn tiles_left(&self) -> &[u8] {
        &self.tiles_left[..self.board.location_count as usize]
    }

    /// The tiles a seat holds (one entry per tile, in location order).
    pub fn held_tiles(&self, seat: Seat) -> Vec<Tile> {
        let mask = self.held.get(seat.index()).copied().unwrap_or(0);
        bits(mask).map(|id| self.board.locations[id].1).collect()
    }

    /// Every location hex of the board, in board order, with its kind and the tiles left on
    /// it.
    ///
    /// ```
    /// use kingdom_builder::{Cell, Config, State, Tile};
    /// use dicecore::Game;
    /// let s = State::new(&Config::first_game(2)).unwrap();
    /// assert_eq!(s.locations()[0], (Cell::at(2, 18).unwrap(), Tile::Paddock, 2));
    /// ```
    pub fn locations(&self) -> Vec<(Cell, Tile, u8)> {
        self.board
            .locations()
            .iter()
            .zip(&self.tiles_left)
            .map(|(&(cell, tile), &left)| (cell, tile, left))
            .collect()
    }

    /// The tiles a seat holds, each with the location hex it was taken from (in board order).
    pub fn held_tile_locations(&self, seat: Seat) -> Vec<(Cell, Tile)> {
        self.locations_in(self.held.get(seat.index()).copied().unwrap_or(0))
    }

    /// Every location a seat ever took a tile from (held or lost since), with its kind; a
    /// location gives a player one tile ever.
    pub fn taken_tile_locations(&self, seat: Seat) -> Vec<(Cell, Tile)> {
        self.locations_in(self.taken.get(seat.index()).copied().unwrap_or(0))
    }

    /// The active seat's tiles usable this turn (held since the turn began), with the
    /// location hex each was taken from; [`State::uses_left`] says how many uses of each kind
    /// remain.
    pub fn turn_tiles(&self) -> Vec<(Cell, Tile)> {
        self.locations_in(self.turn_tiles)
    }

    /// How many times the discards became a new draw pile since a seat's card was drawn (0:
    /// drawn from the current pile). Public: it says which hidden cards are known together.
    pub fn reshuffles_since_drawn(&self, seat: Seat) -> u8 {
        self.hand_age.get(seat.index()).copied().unwrap_or(0)
    }

    /// The location hexes and kinds of a mask of location ids.
    pub(crate) fn locations_in(&self, mask: u8) -> Vec<(Cell, Tile)> {
        let locations = self.board.locations();
        bits(mask)
            .filter_map(|id| locations.get(id).copied())
            .collect()
    }

    /// A seat's terrain card (hidden information: use [`dicecore::Game::view`] to show a
    /// player).
    pub fn hand(&self, seat: Seat) -> Option<Terrain> {
        self.hands.get(seat.index()).copied().flatten()
    }

    /// Cards of each terrain in the draw pile and in the discard pile.
    pub fn deck(&self) -> ([u8; 5], [u8; 5]) {
        (self.pile, self.discards)
    }

    /// The active seat.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Mandatory placements still due this turn.
    pub fn mandatory_left(&self) -> u8 {
        self.mandatory_left
    }

    /// Unused tile uses of the active seat this turn, for one kind.
    pub fn uses_left(&self, tile: Tile) -> u8 {
        self.uses_left[tile as usize]
    }

    /// The settlement being moved, if any.
    pub fn lifted(&self) -> Option<(Tile, Cell)> {
        self.lifted
    }

    /// Whether the last round is being played.
    pub fn final_round(&self) -> bool {
        self.final_round
    }

    /// The current card of the active player, while it plays.
    pub fn played_card(&self) -> Option<Terrain> {
        if self.phase == Phase::Play {
            self.hand(self.active)
        } else {
            None
        }
    }

    /// The settlements of the active seat.
    pub(crate) fn own(&self) -> Cells {
        self.settlements[self.active.index()]
    }

    /// The free hexes of the active player's card while it plays (none otherwise).
    pub(crate) fn card_free(&self) -> Cells {
        match self.played_card() {
            Some(t) => self.free_land[t as usize],
            None => Cells::EMPTY,
        }
    }

    /// Marks `cell` taken (`taken`) or free in the free hexes of its terrain.
    pub(crate) fn mark_land(&mut self, cell: usize, taken: bool) {
        if let Some(Field::Land(t)) = self.board.fields.get(cell) {
            let free = &mut self.free_land[*t as usize];
            *free = if taken {
                free.and_not(&SINGLE[cell])
            } else {
                free.or(&SINGLE[cell])
            };
        }
    }

    /// The hexes next to the active seat's settlements.
    pub(crate) fn near_own(&self) -> Cells {
        self.near[self.active.index()]
    }
}
