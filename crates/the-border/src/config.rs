//! Setup: player count, start player, each player's board, and the rule flags.

use crate::board::{Board, BoardId, Spaces, AREAS, MAX_SPACES, SEGMENTS};
use crate::Error;
use dicecore::faces::Colour;
use dicecore::{Dice, Seat};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Where a player's board comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum BoardSource {
    /// One of the four stand-in boards shipped with the crate.
    Standard(BoardId),
    /// A board map in the text format of [`crate::board`] (e.g. an encoding of a printed board).
    Map(String),
}

/// Everything fixed at setup.
///
/// A config is `#[non_exhaustive]`: each rules version may add a flag, and code that builds
/// configs this way keeps compiling. Build one with a constructor, then set fields by name
/// (`docs/releases.md`):
///
/// ```
/// use the_border::{Config, State};
/// use dicecore::Game;
/// let mut config = Config::new(3);
/// config.chain_within_action = false;
/// let state = State::new(&config).unwrap();
/// assert_eq!(state.seats(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2–4.
    pub seats: u8,
    /// The first active player.
    pub first_player: Seat,
    /// Each player's board, one per seat. All must share one geometry (same areas, spaces and
    /// values); they may differ in how the segments are coloured.
    pub boards: Vec<BoardSource>,
    /// **Decision** (reference: "spaces crossed earlier in the same action count as crossed for
    /// adjacency"): in action 2 a space may be crossed next to a space crossed earlier in the
    /// same action. `false`: only next to spaces crossed before the action began.
    pub chain_within_action: bool,
}

impl Config {
    /// `seats` players, boards A, B, C, D in seat order, seat 0 starts, default flags.
    pub fn new(seats: u8) -> Config {
        Config {
            seats,
            first_player: Seat(0),
            boards: BoardId::ALL
                .iter()
                .take(seats as usize)
                .map(|&id| BoardSource::Standard(id))
                .collect(),
            chain_within_action: true,
        }
    }

    /// The standard setup: the four stand-in boards dealt at random and a random first player,
    /// both drawn from `seed`.
    pub fn standard(seats: u8, seed: u64) -> Result<Config, Error> {
        if !(2..=4).contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let mut dice = Dice::from_seed(seed);
        let mut ids = BoardId::ALL;
        dice.shuffle(&mut ids);
        let first = Seat(dice.below(seats as u32) as u8);
        Ok(Config {
            seats,
            first_player: first,
            boards: ids
                .iter()
                .take(seats as usize)
                .map(|&id| BoardSource::Standard(id))
                .collect(),
            chain_within_action: true,
        })
    }

    /// The board of the first seat (every board shares its geometry), loaded without
    /// validating the rest of the config: a stand-in board is shared, a map is parsed.
    pub(crate) fn first_board(&self) -> Option<Arc<Board>> {
        match self.boards.first()? {
            BoardSource::Standard(id) => Board::standard(*id).ok(),
            BoardSource::Map(text) => Board::parse(text).ok().map(Arc::new),
        }
    }

    /// Checks the config: the player count, the first player, one board per seat, every board
    /// map valid and all boards of one geometry ([`State::new`](crate::State) checks the same).
    pub fn validate(&self) -> Result<(), Error> {
        self.build().map(|_| ())
    }

    /// Validates the config and loads its boards.
    pub(crate) fn build(&self) -> Result<Loaded, Error> {
        if !(2..=4).contains(&self.seats) {
            return Err(Error::PlayerCount(self.seats));
        }
        if self.first_player.0 >= self.seats {
            return Err(Error::StartSeat(self.first_player));
        }
        if self.boards.len() != self.seats as usize {
            return Err(Error::BoardCount {
                seats: self.seats,
                boards: self.boards.len(),
            });
        }
        let mut boards: Vec<Arc<Board>> = Vec::with_capacity(self.boards.len());
        for (i, source) in self.boards.iter().enumerate() {
            let board = match source {
                BoardSource::Standard(id) => Board::standard(*id),
                BoardSource::Map(text) => Board::parse(text).map(Arc::new),
            }
            .map_err(|error| Error::Map {
                seat: Seat(i as u8),
                error,
            })?;
            if let Some(first) = boards.first() {
                // The stand-in boards share one geometry (checked by the board tests), so only
                // a map given as text needs comparing.
                let both_standard = matches!(source, BoardSource::Standard(_))
                    && matches!(self.boards.first(), Some(BoardSource::Standard(_)));
                if !both_standard && !first.same_geometry(&board) {
                    return Err(Error::BoardsDiffer(Seat(i as u8)));
                }
            }
            boards.push(board);
        }
        Ok(Loaded {
            config: self.clone(),
            lookup: self
                .boards
                .iter()
                .zip(&boards)
                .map(|(source, board)| Lookup::for_board(source, board))
                .collect(),
            boards,
        })
    }
}

/// A validated config with its boards loaded (shared by all clones of a state).
#[derive(Debug)]
pub(crate) struct Loaded {
    pub(crate) config: Config,
    pub(crate) boards: Vec<Arc<Board>>,
    /// Per seat, what the hot paths of play look up on the seat's board.
    pub(crate) lookup: Vec<Arc<Lookup>>,
}

/// What the hot paths of play look up on a board: the areas each space borders (at most three
/// on a hex board: areas never touch, so around a space they alternate with other cells),
/// padded with [`Lookup::NONE`], every area's border, and each segment's slot among the
/// segments of its colour.
#[derive(Debug)]
pub(crate) struct Lookup {
    /// Per space, its areas (`NONE` for no more).
    pub(crate) of_space: Box<[[u8; 3]; MAX_SPACES]>,
    /// Per area, its border; `NONE`'s border holds a space no board has, so it is never
    /// complete.
    pub(crate) borders: [Spaces; AREAS + 1],
    /// Whether every space has at most three areas (else scoring takes the general way).
    pub(crate) exact: bool,
    /// Per segment, `4 · colour + j` where it is the `j`-th of
    /// [`Board::colour_segment_ids`]`(colour)`.
    pub(crate) slot: [u8; SEGMENTS],
    /// Per segment, its number of spaces.
    pub(crate) length: [u8; SEGMENTS],
}

impl Lookup {
    /// The padding area index.
    pub(crate) const NONE: u8 = AREAS as u8;

    /// The tables of a seat's board: built once for a stand-in board, else from the map.
    fn for_board(source: &BoardSource, board: &Board) -> Arc<Lookup> {
        static STANDARD: OnceLock<Vec<Arc<Lookup>>> = OnceLock::new();
        if let BoardSource::Standard(id) = source {
            let standard = STANDARD.get_or_init(|| {
                BoardId::ALL
                    .iter()
                    .filter_map(|&id| Board::standard(id).ok())
                    .map(|b| Arc::new(Lookup::of(&b)))
                    .collect()
            });
            if let Some(tables) = standard.get(*id as usize) {
                return Arc::clone(tables);
            }
        }
        Arc::new(Lookup::of(board))
    }

    fn of(board: &Board) -> Lookup {
        let mut of_space = Box::new([[Self::NONE; 3]; MAX_SPACES]);
        let mut exact = true;
        for (s, slots) in of_space.iter_mut().enumerate().take(board.space_count()) {
            let mask = board.space_areas(s);
            exact &= mask.count_ones() <= 3;
            let areas = (0..AREAS as u8).filter(|&a| mask & (1 << a) != 0);
            for (slot, a) in slots.iter_mut().zip(areas) {
                *slot = a;
            }
        }
        let mut borders = [Spaces::EMPTY; AREAS + 1];
        for (b, area) in borders.iter_mut().zip(board.areas()) {
            *b = area.border;
        }
        borders[AREAS].insert(MAX_SPACES - 1);
        let mut slot = [0u8; SEGMENTS];
        for c in Colour::ALL {
            for (j, &k) in board.colour_segment_ids(c).iter().enumerate() {
                if let Some(s) = slot.get_mut(k as usize) {
                    *s = (4 * c.index() + j) as u8;
                }
            }
        }
        let mut length = [0u8; SEGMENTS];
        for (l, seg) in length.iter_mut().zip(board.segments()) {
            *l = seg.spaces.count() as u8;
        }
        Lookup {
            of_space,
            borders,
            exact,
            slot,
            length,
        }
    }
}

impl Loaded {
    /// Saves the setup of a state as its config (serde `serialize_with`).
    pub(crate) fn save<S: serde::Serializer>(setup: &Arc<Loaded>, s: S) -> Result<S::Ok, S::Error> {
        setup.config.serialize(s)
    }

    /// Reads the config of a saved state (serde `deserialize_with`); its boards are loaded by
    /// the loader, which validates the config first.
    pub(crate) fn read<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Arc<Loaded>, D::Error> {
        Ok(Arc::new(Loaded {
            config: Config::deserialize(d)?,
            boards: Vec::new(),
            lookup: Vec::new(),
        }))
    }
}

impl PartialEq for Loaded {
    fn eq(&self, other: &Loaded) -> bool {
        // The boards are a function of the config.
        self.config == other.config
    }
}
