//! Boards: the plain-text board-map format, its parser, and the four stand-in boards.
//!
//! A board map draws one player's board on dicecore's hex grid (pointy-top hexes in odd-r rows:
//! odd rows are shifted half a hex to the right). Every cell is a two-character token:
//!
//! | token | meaning |
//! |---|---|
//! | `..` | no border space (inside an area, or outside the board) |
//! | `ww` | a white border space (printed with a cross: it starts crossed) |
//! | `gK` | a border space of colour `g` (see [`Colour::letter`]: `a g b r y o`) in segment `K` |
//! | `*3` | inside area `3` (exactly one marker per area; the rest of the area is `..`) |
//!
//! A segment tag is any ASCII letter or digit; all spaces with the same tag form one segment.
//! An area is the region of non-space cells around its marker; its border is every border space
//! next to that region. Before the `map` line, `board <name>` names the board and
//! `area <key> <name> <high> <low>` gives each area its name and its first/later values. `#`
//! starts a comment to the end of the line; blank lines are ignored; leading spaces of a row
//! are only cosmetic (odd rows are usually indented to show the shift).
//!
//! [`Board::parse`] rejects a map that breaks a rule of the game with a [`MapError`] naming the
//! line and the rule ([`MapRule`]).
//!
//! ```
//! use the_border::board::{Board, BoardId};
//! let board = Board::standard(BoardId::A).unwrap();
//! assert_eq!(board.space_count(), 86);
//! assert_eq!(board.areas().len(), 9);
//! assert!(Board::parse("map\nww ww").is_err());
//! ```

use dicecore::faces::Colour;
use dicecore::CellSet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

mod parse;
pub use parse::{MapError, MapRule};

/// A set of border spaces (a board has at most [`MAX_SPACES`]).
pub type Spaces = CellSet<2>;

/// The most border spaces a board may have.
pub const MAX_SPACES: usize = Spaces::CAPACITY;

/// Number of areas on every board.
pub const AREAS: usize = 9;

/// Number of coloured segments on every board (one of each length 2–5 per colour).
pub const SEGMENTS: usize = 24;

/// Segment lengths each colour must have, one segment of each.
pub const SEGMENT_LENGTHS: [usize; 4] = [2, 3, 4, 5];

/// One of the four stand-in boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum BoardId {
    /// Stand-in board A.
    A,
    /// Stand-in board B.
    B,
    /// Stand-in board C.
    C,
    /// Stand-in board D.
    D,
}

impl BoardId {
    /// The four boards.
    pub const ALL: [BoardId; 4] = [BoardId::A, BoardId::B, BoardId::C, BoardId::D];

    /// The board's map text (embedded from `boards/*.txt`).
    pub const fn map(self) -> &'static str {
        match self {
            BoardId::A => include_str!("../boards/a.txt"),
            BoardId::B => include_str!("../boards/b.txt"),
            BoardId::C => include_str!("../boards/c.txt"),
            BoardId::D => include_str!("../boards/d.txt"),
        }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self)
    }
}

/// One border space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space {
    /// Map row.
    pub row: u16,
    /// Map column.
    pub col: u16,
    /// Its colour; `None` for a white space.
    pub colour: Option<Colour>,
    /// Its segment; `None` for a white space.
    pub segment: Option<u8>,
}

/// A coloured segment: 2–5 adjacent spaces of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Its tag in the map.
    pub tag: char,
    /// Its colour.
    pub colour: Colour,
    /// Its spaces.
    pub spaces: Spaces,
}

/// An area with its ring of border spaces and its two values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// Its key in the map.
    pub key: char,
    /// Its name.
    pub name: String,
    /// Value for the first player(s) to complete it.
    pub high: u8,
    /// Value for later completers.
    pub low: u8,
    /// Its border spaces.
    pub border: Spaces,
    /// Number of map cells inside it.
    pub cells: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Outside,
    Inside(u8),
    Space(u8),
}

/// A parsed, validated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    name: String,
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    markers: Vec<usize>,
    spaces: Vec<Space>,
    neighbours: Box<[Spaces; MAX_SPACES]>,
    space_areas: Box<[u16; MAX_SPACES]>,
    colour_masks: [Spaces; 6],
    colour_combos: [Spaces; 64],
    segments_by_colour: [[Spaces; 4]; 6],
    segment_ids_by_colour: [[u8; 4]; 6],
    white: Spaces,
    all: Spaces,
    segments: Vec<Segment>,
    areas: Vec<Area>,
}

impl Board {
    /// The stand-in board `id` (parsed once, then shared).
    pub fn standard(id: BoardId) -> Result<Arc<Board>, MapError> {
        static BOARDS: OnceLock<Result<[Arc<Board>; 4], MapError>> = OnceLock::new();
        let boards = BOARDS.get_or_init(|| {
            let mut out = Vec::with_capacity(4);
            for id in BoardId::ALL {
                out.push(Arc::new(Board::parse(id.map())?));
            }
            out.try_into().map_err(|_| MapError {
                line: 0,
                rule: MapRule::NoMap,
            })
        });
        match boards {
            Ok(b) => Ok(Arc::clone(&b[id as usize])),
            Err(e) => Err(e.clone()),
        }
    }

    /// The board's name (from its `board` line).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Map width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Map height in rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of border spaces.
    pub fn space_count(&self) -> usize {
        self.spaces.len()
    }

    /// The border spaces, in reading order (their index is the space number used in actions).
    pub fn spaces(&self) -> &[Space] {
        &self.spaces
    }

    /// The border space at a map cell, if any.
    pub fn space_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.height || col >= self.width {
            return None;
        }
        match self.cells[row * self.width + col] {
            Cell::Space(i) => Some(i as usize),
            _ => None,
        }
    }

    /// The area a map cell lies in, if any.
    pub fn area_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.height || col >= self.width {
            return None;
        }
        match self.cells[row * self.width + col] {
            Cell::Inside(a) => Some(a as usize),
            _ => None,
        }
    }

    /// Whether the map cell holds its area's marker.
    pub fn is_marker(&self, row: usize, col: usize) -> bool {
        self.markers.contains(&(row * self.width + col))
    }

    /// The spaces next to a space (empty for an unknown space).
    pub fn neighbours(&self, space: usize) -> Spaces {
        self.neighbours.get(space).copied().unwrap_or_default()
    }

    /// The areas a space borders, as a bit mask over [`Board::areas`] (0 for an unknown space).
    pub fn space_areas(&self, space: usize) -> u16 {
        self.space_areas.get(space).copied().unwrap_or(0)
    }

    /// The spaces of one colour.
    pub fn colour_spaces(&self, colour: Colour) -> Spaces {
        self.colour_masks[colour.index()]
    }

    /// The spaces of any of the colours in `bits` (bit = [`Colour::index`]).
    pub fn colours_spaces(&self, bits: u8) -> Spaces {
        self.colour_combos[bits as usize & 63]
    }

    /// The four segments of a colour.
    pub fn colour_segments(&self, colour: Colour) -> &[Spaces; 4] {
        &self.segments_by_colour[colour.index()]
    }

    /// The indices (into [`Board::segments`]) of the four segments of a colour, in the order
    /// of [`Board::colour_segments`].
    pub fn colour_segment_ids(&self, colour: Colour) -> &[u8; 4] {
        &self.segment_ids_by_colour[colour.index()]
    }

    /// The two white spaces.
    pub fn white(&self) -> Spaces {
        self.white
    }

    /// Every space.
    pub fn all(&self) -> Spaces {
        self.all
    }

    /// The 24 coloured segments, ordered by their first space.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The 9 areas, in key order.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// Whether two boards have the same areas and border spaces (they may differ in colouring).
    pub fn same_geometry(&self, other: &Board) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.white == other.white
            && self.spaces.len() == other.spaces.len()
            && self
                .spaces
                .iter()
                .zip(&other.spaces)
                .all(|(a, b)| (a.row, a.col) == (b.row, b.col))
            && self.areas.len() == other.areas.len()
            && self.areas.iter().zip(&other.areas).all(|(a, b)| {
                a.border == b.border && a.high == b.high && a.low == b.low && a.name == b.name
            })
    }

    /// Renders the board with `crossed` spaces: a crossed space shows its colour letter in upper
    /// case (`W` for white), an open one in lower case; `.` is inside an area, the area key marks
    /// its marker cell.
    pub fn render(&self, crossed: &Spaces, f: &mut impl fmt::Write) -> fmt::Result {
        for r in 0..self.height {
            let mut line = String::new();
            if r % 2 == 1 {
                line.push(' ');
            }
            for c in 0..self.width {
                let ch = match self.cells[r * self.width + c] {
                    Cell::Outside => ' ',
                    Cell::Inside(a) => {
                        if self.is_marker(r, c) {
                            self.areas[a as usize].key
                        } else {
                            '.'
                        }
                    }
                    Cell::Space(i) => {
                        let letter = self.spaces[i as usize].colour.map_or('w', |c| c.letter());
                        if crossed.contains(i as usize) {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        }
                    }
                };
                line.push(ch);
                line.push(' ');
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "board {}", self.name)?;
        self.render(&self.white, f)
    }
}
