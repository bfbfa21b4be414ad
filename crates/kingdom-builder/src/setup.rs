//! Positions set up by hand ([`FromSetup`]): the table described in the game's own terms —
//! hexes by (row, col) as the terminal shows them, tiles by their location hex and kind, cards
//! by terrain — checked by the same loader as a saved state ([`PositionError`]), after the
//! setup's own refusals ([`SetupError`]).

use crate::board::{Board, Cell, Cells, Terrain, Tile};
use crate::config::Config;
use crate::state::{bits, Phase, State, SETTLEMENTS};
use crate::{Error, PositionError, SetupError};
use dicecore::{FromSetup, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A hex as (row, col): row 0 at the top, column 0 at the left, odd rows shifted right.
pub type RowCol = (usize, usize);

/// A tile in front of a player: the location hex it was taken from, and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldTile {
    /// The location hex the tile was taken from.
    pub location: RowCol,
    /// The tile's kind (the location's kind).
    pub tile: Tile,
}

/// A location hex with the tiles still on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilesLeft {
    /// The location hex.
    pub location: RowCol,
    /// Its kind.
    pub tile: Tile,
    /// Tiles left on it (2 at the start).
    pub left: u8,
}

/// A settlement being moved by a Barn, Harbor or Paddock: lifted, not yet put down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moving {
    /// The moving tile used.
    pub tile: Tile,
    /// The hex the settlement was lifted from.
    pub from: RowCol,
}

/// A position of Kingdom Builder in plain terms. Lists "per seat" have one entry per player,
/// seat 0 first. Supplies follow from the settlements (40 each, less those on the board and
/// the one being moved).
///
/// ```
/// use dicecore::{FromSetup, Game, Seat, Turn};
/// use kingdom_builder::{Setup, Config, State, Terrain};
/// // The first game, seat 0 to build with a flower field card (the rulebook's example: five
/// // locations within reach).
/// let config = Config::first_game(2);
/// let mut setup = Setup::opening(&config);
/// setup.hands = vec![Some(Terrain::Flower), Some(Terrain::Grass)];
/// setup.draw_pile.insert(Terrain::Flower, 4);
/// setup.draw_pile.insert(Terrain::Grass, 4);
/// setup.phase = kingdom_builder::Phase::Play;
/// let state = State::from_setup(&config, &setup).unwrap();
/// assert_eq!(state.turn(), Turn::Seat(Seat(0)));
/// assert_eq!(state.to_setup(), setup);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Per seat, the hexes of its settlements on the board (the one being moved excluded).
    pub settlements: Vec<Vec<RowCol>>,
    /// Per seat, the tiles it holds.
    pub tiles_held: Vec<Vec<HeldTile>>,
    /// Per seat, the location hexes whose tile it took and lost since (after a move): a
    /// location gives a player one tile ever. Empty (or missing) when nobody lost one.
    #[serde(default, skip_serializing_if = "all_empty")]
    pub tiles_lost: Vec<Vec<RowCol>>,
    /// Every location hex of the board once, with the tiles left on it.
    pub tiles_left: Vec<TilesLeft>,
    /// Per seat, its terrain card: `None` for the player drawing one (or, after the last
    /// turn, who discarded it), and for the players not yet dealt one.
    pub hands: Vec<Option<Terrain>>,
    /// Per seat, how many times the discards became a new draw pile since its card was drawn
    /// (empty or missing: never). It says which hidden cards are known together.
    #[serde(default, skip_serializing_if = "all_zero")]
    pub reshuffles_since_drawn: Vec<u8>,
    /// The draw pile: cards per terrain (a terrain not named has none).
    pub draw_pile: BTreeMap<Terrain, u8>,
    /// The discard pile: cards per terrain.
    pub discards: BTreeMap<Terrain, u8>,
    /// Where the game stands: `Deal` (opening hands), `Play`, `Redraw` (the active player
    /// draws a new card during its turn), `Refill` (it draws after its turn), `Over`.
    #[serde(rename = "step")]
    pub phase: Phase,
    /// The active player (during the deal: the start player).
    pub active: Seat,
    /// Placements of the mandatory build still due this turn (3 before it starts, 0 once
    /// done).
    pub mandatory_left: u8,
    /// Per tile kind, how many of the active player's tiles held since the turn began were
    /// used this turn (a tile lost by a move no longer counts).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tiles_used: BTreeMap<Tile, u8>,
    /// The location hexes of the active player's tiles taken this turn: usable from its next
    /// turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles_gained_this_turn: Vec<RowCol>,
    /// A settlement being moved, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving: Option<Moving>,
    /// Whether the last round is being played (some player's supply is empty).
    pub final_round: bool,
}

fn all_empty(v: &[Vec<RowCol>]) -> bool {
    v.iter().all(Vec::is_empty)
}

fn all_zero(v: &[u8]) -> bool {
    v.iter().all(|&a| a == 0)
}

fn row_col(cell: Cell) -> RowCol {
    (cell.row(), cell.col())
}

fn counts(cards: &[u8; 5]) -> BTreeMap<Terrain, u8> {
    Terrain::ALL
        .iter()
        .zip(cards)
        .filter(|(_, &n)| n > 0)
        .map(|(&t, &n)| (t, n))
        .collect()
}

fn card_array(cards: &BTreeMap<Terrain, u8>) -> [u8; 5] {
    Terrain::ALL.map(|t| cards.get(&t).copied().unwrap_or(0))
}

impl Setup {
    /// The position before the opening deal: no settlements, 2 tiles on every location, the
    /// whole deck in the draw pile, no cards dealt.
    pub fn opening(config: &Config) -> Setup {
        let board = Board::shared(&config.board);
        let n = config.seats as usize;
        Setup {
            settlements: vec![Vec::new(); n],
            tiles_held: vec![Vec::new(); n],
            tiles_lost: Vec::new(),
            tiles_left: board
                .locations()
                .iter()
                .map(|&(cell, tile)| TilesLeft {
                    location: row_col(cell),
                    tile,
                    left: 2,
                })
                .collect(),
            hands: vec![None; n],
            reshuffles_since_drawn: Vec::new(),
            draw_pile: counts(&[crate::state::CARDS_PER_TERRAIN; 5]),
            discards: BTreeMap::new(),
            phase: Phase::Deal,
            active: config.start,
            mandatory_left: crate::state::MANDATORY,
            tiles_used: BTreeMap::new(),
            tiles_gained_this_turn: Vec::new(),
            moving: None,
            final_round: false,
        }
    }
}

/// Reads setups into a state's fields, with the setup's own refusals ([`SetupError`]).
struct Reader<'a> {
    board: &'a Board,
    seats: u8,
}

impl Reader<'_> {
    fn cell(&self, (row, col): RowCol) -> Result<Cell, SetupError> {
        Cell::at(row, col).ok_or(SetupError::OffBoard { row, col })
    }

    /// The location id of a location hex.
    fn location(&self, at: RowCol) -> Result<usize, SetupError> {
        let cell = self.cell(at)?;
        self.board
            .locations()
            .iter()
            .position(|&(c, _)| c == cell)
            .ok_or(SetupError::NotALocation(cell))
    }

    /// The location id of a location hex whose kind is `tile`.
    fn location_of(&self, at: RowCol, tile: Tile) -> Result<usize, SetupError> {
        let id = self.location(at)?;
        let (location, actual) = self.board.locations()[id];
        if actual != tile {
            return Err(SetupError::TileKind {
                location,
                named: tile,
                actual,
            });
        }
        Ok(id)
    }

    /// A mask of location ids, each given once.
    fn mask(
        &self,
        ids: impl IntoIterator<Item = Result<usize, SetupError>>,
    ) -> Result<u8, SetupError> {
        let mut mask = 0u8;
        for id in ids {
            let id = id?;
            if mask & (1 << id) != 0 {
                return Err(SetupError::ListedTwice(self.board.locations()[id].0));
            }
            mask |= 1 << id;
        }
        Ok(mask)
    }

    /// A per-seat list of `field`: one entry per player (or none at all, if `optional`).
    fn per_seat<'s, T>(
        &self,
        field: &'static str,
        list: &'s [T],
        optional: bool,
    ) -> Result<Option<&'s [T]>, SetupError> {
        if optional && list.is_empty() {
            return Ok(None);
        }
        if list.len() != self.seats as usize {
            return Err(SetupError::SeatCount {
                field,
                seats: self.seats,
                got: list.len(),
            });
        }
        Ok(Some(list))
    }
}

impl FromSetup for State {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        let n = self.config.seats as usize;
        let cells = |mask: u8| -> Vec<RowCol> {
            self.locations_in(mask)
                .into_iter()
                .map(|(c, _)| row_col(c))
                .collect()
        };
        let in_turn = matches!(self.phase, Phase::Play | Phase::Redraw);
        let active = self.active.index();
        let mut tiles_used = BTreeMap::new();
        if in_turn {
            let mut per_kind = [0u8; 8];
            for (_, t) in self.locations_in(self.turn_tiles) {
                per_kind[t as usize] += 1;
            }
            for t in Tile::ALL {
                let used = per_kind[t as usize].saturating_sub(self.uses_left[t as usize]);
                if used > 0 {
                    tiles_used.insert(t, used);
                }
            }
        }
        Setup {
            settlements: self.settlements[..n]
                .iter()
                .map(|own| own.iter().map(|i| row_col(Cell(i as u16))).collect())
                .collect(),
            tiles_held: (0..n)
                .map(|s| {
                    self.locations_in(self.held[s])
                        .into_iter()
                        .map(|(c, tile)| HeldTile {
                            location: row_col(c),
                            tile,
                        })
                        .collect()
                })
                .collect(),
            tiles_lost: if (0..n).all(|s| self.taken[s] == self.held[s]) {
                Vec::new()
            } else {
                (0..n)
                    .map(|s| cells(self.taken[s] & !self.held[s]))
                    .collect()
            },
            tiles_left: self
                .locations()
                .into_iter()
                .map(|(c, tile, left)| TilesLeft {
                    location: row_col(c),
                    tile,
                    left,
                })
                .collect(),
            hands: self.hands[..n].to_vec(),
            reshuffles_since_drawn: if all_zero(&self.hand_age) {
                Vec::new()
            } else {
                self.hand_age[..n].to_vec()
            },
            draw_pile: counts(&self.pile),
            discards: counts(&self.discards),
            phase: self.phase,
            active: self.active,
            mandatory_left: self.mandatory_left,
            tiles_used,
            tiles_gained_this_turn: if in_turn {
                cells(self.held[active] & !self.turn_tiles)
            } else {
                Vec::new()
            },
            moving: self.lifted.map(|(tile, from)| Moving {
                tile,
                from: row_col(from),
            }),
            final_round: self.final_round,
        }
    }

    fn from_setup(config: &Config, setup: &Setup) -> Result<State, Error> {
        let mut s = State::opening(config)?;
        let board = s.board.clone();
        let r = Reader {
            board: &board,
            seats: config.seats,
        };
        let settlements = r.per_seat("settlements", &setup.settlements, false)?;
        let held = r.per_seat("tiles_held", &setup.tiles_held, false)?;
        let lost = r.per_seat("tiles_lost", &setup.tiles_lost, true)?;
        let hands = r.per_seat("hands", &setup.hands, false)?;
        let ages = r.per_seat(
            "reshuffles_since_drawn",
            &setup.reshuffles_since_drawn,
            true,
        )?;
        s.active = setup.active;
        s.phase = setup.phase;
        s.mandatory_left = setup.mandatory_left;
        s.final_round = setup.final_round;
        s.lifted = match setup.moving {
            Some(m) => Some((m.tile, r.cell(m.from)?)),
            None => None,
        };
        let moving_seat = s.lifted.map(|_| setup.active);
        for (k, cells) in settlements.into_iter().flatten().enumerate() {
            let seat = Seat(k as u8);
            let mut own = Cells::EMPTY;
            for &at in cells {
                let cell = r.cell(at)?;
                if !own.insert(cell.index()) {
                    return Err(SetupError::ListedTwice(cell).into());
                }
            }
            let count = own.count() + usize::from(moving_seat == Some(seat));
            if count > SETTLEMENTS as usize {
                return Err(SetupError::TooManySettlements { seat, count }.into());
            }
            s.supply[k] = SETTLEMENTS - count as u8;
            s.settlements[k] = own;
            s.occupied = s.occupied.or(&own);
        }
        for (k, tiles) in held.into_iter().flatten().enumerate() {
            s.held[k] = r.mask(tiles.iter().map(|t| r.location_of(t.location, t.tile)))?;
            s.taken[k] = s.held[k];
        }
        for (k, cells) in lost.into_iter().flatten().enumerate() {
            let lost = r.mask(cells.iter().map(|&at| r.location(at)))?;
            if let Some(id) = bits(lost & s.held[k]).next() {
                return Err(SetupError::ListedTwice(board.locations()[id].0).into());
            }
            s.taken[k] |= lost;
        }
        let given = r.mask(
            setup
                .tiles_left
                .iter()
                .map(|t| r.location_of(t.location, t.tile)),
        )?;
        if let Some(&(cell, _)) = (0..board.locations().len())
            .filter(|id| given & (1 << id) == 0)
            .find_map(|id| board.locations().get(id))
        {
            return Err(SetupError::LocationMissing(cell).into());
        }
        for t in &setup.tiles_left {
            s.tiles_left[r.location_of(t.location, t.tile)?] = t.left;
        }
        s.hands[..hands.map_or(0, <[_]>::len)].copy_from_slice(hands.unwrap_or(&[]));
        if let Some(ages) = ages {
            s.hand_age[..ages.len()].copy_from_slice(ages);
        }
        s.pile = card_array(&setup.draw_pile);
        s.discards = card_array(&setup.discards);
        s.turn_uses_from_setup(&r, setup)?;
        s.checked()
    }
}

impl State {
    /// The tiles usable this turn and their uses left, from the tiles gained this turn and
    /// the tiles used.
    fn turn_uses_from_setup(&mut self, r: &Reader<'_>, setup: &Setup) -> Result<(), Error> {
        self.uses_left = [0; 8];
        self.turn_tiles = 0;
        let in_turn = matches!(self.phase, Phase::Play | Phase::Redraw);
        if !in_turn {
            if !setup.tiles_used.is_empty() || !setup.tiles_gained_this_turn.is_empty() {
                return Err(PositionError::TilesBetweenTurns.into());
            }
            return Ok(());
        }
        let held = self
            .held
            .get(self.active.index())
            .copied()
            .unwrap_or_default();
        let gained = r.mask(
            setup
                .tiles_gained_this_turn
                .iter()
                .map(|&at| r.location(at)),
        )?;
        if let Some(id) = bits(gained & !held).next() {
            return Err(SetupError::GainedNotHeld(r.board.locations()[id].0).into());
        }
        self.turn_tiles = held & !gained;
        for (_, t) in self.locations_in(self.turn_tiles) {
            self.uses_left[t as usize] += 1;
        }
        for (&t, &used) in &setup.tiles_used {
            let left = &mut self.uses_left[t as usize];
            *left = left.checked_sub(used).ok_or(SetupError::UsedTooMany(t))?;
        }
        Ok(())
    }
}
