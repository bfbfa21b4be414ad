//! A player's 7×7 card: cells, symbols, areas and scoring.

use crate::geometry;
pub(crate) use crate::geometry::ALL_CELLS;
pub use crate::geometry::{CELLS, SIZE};
use dicecore::cellset::{CellSet, SquareGrid};
use dicecore::faces::Symbol;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Areas smaller than this score nothing.
pub const MIN_AREA: usize = 5;

/// The card's grid with orthogonal neighbours (diagonals do not connect).
pub const GRID: SquareGrid<1> = SquareGrid::new(SIZE, SIZE, false);

/// A cell of the card: row 0 on top, column 0 on the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Cell {
    /// Row 0–6, top to bottom.
    pub row: u8,
    /// Column 0–6, left to right.
    pub col: u8,
}

impl Cell {
    /// The centre cell (3, 3), where the standard cards print their symbol.
    pub const CENTRE: Cell = Cell { row: 3, col: 3 };

    /// A cell (not checked: see [`Cell::on_card`]).
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// Whether the cell lies on the 7×7 card.
    pub const fn on_card(self) -> bool {
        (self.row as usize) < SIZE && (self.col as usize) < SIZE
    }

    /// Row-major index 0–48 (meaningful only for a cell on the card).
    pub const fn index(self) -> usize {
        self.row as usize * SIZE + self.col as usize
    }

    /// The cell of a row-major index (`None` past 48).
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < CELLS {
            Some(Cell::new((i / SIZE) as u8, (i % SIZE) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// Symbols written on cells: one cell set per symbol, in the order of [`Symbol::ALL`]
/// (circle, triangle, cross). Used for a whole card ([`Grid`]) and for one entry.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Marks(pub [CellSet<1>; 3]);

impl Marks {
    /// No symbols.
    pub const EMPTY: Marks = Marks([CellSet::EMPTY; 3]);

    /// Marks of cells and symbols; `None` if a cell is off the card or listed twice.
    ///
    /// ```
    /// use mosaix::{Cell, Marks, Symbol};
    /// let m = Marks::from_cells([(Cell::new(0, 0), Symbol::Cross), (Cell::new(0, 1), Symbol::Circle)]).unwrap();
    /// assert_eq!(m.symbol_at(Cell::new(0, 1)), Some(Symbol::Circle));
    /// assert!(Marks::from_cells([(Cell::new(7, 0), Symbol::Cross)]).is_none());
    /// ```
    pub fn from_cells(cells: impl IntoIterator<Item = (Cell, Symbol)>) -> Option<Marks> {
        let mut m = Marks::EMPTY;
        for (cell, s) in cells {
            if !cell.on_card() || m.cells().contains(cell.index()) {
                return None;
            }
            m.0[s.index()].insert(cell.index());
        }
        Some(m)
    }

    pub(crate) const fn from_bits(bits: [u64; 3]) -> Marks {
        Marks([
            CellSet::from_words([bits[0]]),
            CellSet::from_words([bits[1]]),
            CellSet::from_words([bits[2]]),
        ])
    }

    pub(crate) const fn bits(&self) -> [u64; 3] {
        [
            self.0[0].words()[0],
            self.0[1].words()[0],
            self.0[2].words()[0],
        ]
    }

    /// The cells carrying `symbol`.
    pub fn cells_of(&self, symbol: Symbol) -> CellSet<1> {
        self.0[symbol.index()]
    }

    /// Every marked cell.
    pub fn cells(&self) -> CellSet<1> {
        self.0[0] | self.0[1] | self.0[2]
    }

    /// Number of marked cells.
    pub fn len(&self) -> usize {
        self.cells().count()
    }

    /// Whether nothing is marked.
    pub fn is_empty(&self) -> bool {
        self.cells().is_empty()
    }

    /// The symbol on a cell, if any.
    pub fn symbol_at(&self, cell: Cell) -> Option<Symbol> {
        if !cell.on_card() {
            return None;
        }
        Symbol::ALL
            .into_iter()
            .find(|s| self.0[s.index()].contains(cell.index()))
    }

    /// The marked cells with their symbols, in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Symbol)> + '_ {
        self.cells().iter().filter_map(move |i| {
            let cell = Cell::from_index(i)?;
            Some((cell, self.symbol_at(cell)?))
        })
    }

    /// Whether the symbol sets are pairwise disjoint and inside the card.
    pub(crate) fn is_well_formed(&self) -> bool {
        let [a, b, c] = self.bits();
        (a | b | c) & !ALL_CELLS == 0 && a & b == 0 && a & c == 0 && b & c == 0
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, (cell, s)) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} at {}", s.glyph(), cell)?;
        }
        Ok(())
    }
}

/// One symbol's line of the score sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SymbolScore {
    /// Areas of at least [`MIN_AREA`] cells.
    pub areas: u32,
    /// Cells in those areas.
    pub cells: u32,
    /// `areas × cells`.
    pub points: u32,
}

/// A card's score sheet: one line per symbol (order of [`Symbol::ALL`]) and the total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoreSheet {
    /// Circle, triangle, cross.
    pub symbols: [SymbolScore; 3],
    /// Sum of the three lines.
    pub total: u32,
}

impl fmt::Display for ScoreSheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in Symbol::ALL {
            let l = self.symbols[s.index()];
            writeln!(
                f,
                "{}  {} x {:>2} = {:>3}",
                s.glyph(),
                l.areas,
                l.cells,
                l.points
            )?;
        }
        write!(f, "total    {:>3}", self.total)
    }
}

/// A player's card: the symbols written on its 7×7 grid (the pre-printed one included).
///
/// A grid can be written and read as 7 lines of 7 characters, `o` circle, `^` triangle,
/// `x` cross and `.` empty (spaces ignored), which makes it handy for scoring a physical card:
///
/// ```
/// use mosaix::Grid;
/// let card: Grid = "ooooo..
///                   .......
///                   .......
///                   .......
///                   .......
///                   .......
///                   .......".parse().unwrap();
/// assert_eq!(card.score(), 5); // one circle area of 5 cells: 1 × 5
/// assert!(card.can_fill());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Marks", into = "Marks")]
pub struct Grid {
    marks: Marks,
}

impl TryFrom<Marks> for Grid {
    type Error = &'static str;
    fn try_from(marks: Marks) -> Result<Grid, &'static str> {
        if marks.is_well_formed() {
            Ok(Grid { marks })
        } else {
            Err("a grid has one symbol per cell, on cells 0 to 48")
        }
    }
}

impl From<Grid> for Marks {
    fn from(g: Grid) -> Marks {
        g.marks
    }
}

impl Grid {
    /// An empty card.
    pub const EMPTY: Grid = Grid {
        marks: Marks::EMPTY,
    };

    /// The card's symbols.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The symbol on a cell, if any.
    pub fn symbol_at(&self, cell: Cell) -> Option<Symbol> {
        self.marks.symbol_at(cell)
    }

    /// The filled cells.
    pub fn filled(&self) -> CellSet<1> {
        self.marks.cells()
    }

    pub(crate) fn filled_bits(&self) -> u64 {
        let [a, b, c] = self.marks.bits();
        a | b | c
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.filled_bits().count_ones() as usize
    }

    /// Writes a symbol on an empty cell; `false` (and no change) if the cell is filled or off
    /// the card.
    pub fn write(&mut self, cell: Cell, symbol: Symbol) -> bool {
        if !cell.on_card() || self.filled_bits() & (1 << cell.index()) != 0 {
            return false;
        }
        self.marks.0[symbol.index()].insert(cell.index());
        true
    }

    /// Adds marks known to be on empty cells.
    pub(crate) fn add(&mut self, m: &Marks) {
        for s in 0..3 {
            self.marks.0[s] |= m.0[s];
        }
    }

    /// Removes marks (undoing an entry).
    pub(crate) fn remove(&mut self, m: &Marks) {
        for s in 0..3 {
            self.marks.0[s] = self.marks.0[s] - m.0[s];
        }
    }

    /// Whether the grid is completely filled.
    pub fn is_full(&self) -> bool {
        self.filled_bits() == ALL_CELLS
    }

    /// Whether some tetromino of any shape, rotation and position (overhang allowed) can still
    /// fill at least one empty cell without covering a filled one. When this is false for any
    /// player (a full card included), the game ends after the turn.
    pub fn can_fill(&self) -> bool {
        geometry::can_fill(self.filled_bits())
    }

    /// The areas (orthogonally connected cells of one symbol) of a symbol, lowest cell first.
    pub fn areas(&self, symbol: Symbol) -> Vec<CellSet<1>> {
        GRID.regions(&self.marks.0[symbol.index()]).collect()
    }

    /// The score sheet: per symbol, (areas of ≥ 5 cells) × (cells in those areas).
    pub fn score_sheet(&self) -> ScoreSheet {
        let mut sheet = ScoreSheet::default();
        for s in Symbol::ALL {
            let line = self.symbol_score(s);
            sheet.total += line.points;
            sheet.symbols[s.index()] = line;
        }
        sheet
    }

    /// One line of the score sheet: the areas of ≥ 5 cells of `symbol`, their cells, and the
    /// points (areas × cells).
    pub(crate) fn symbol_score(&self, symbol: Symbol) -> SymbolScore {
        let mut line = SymbolScore::default();
        let mut rest = self.marks.0[symbol.index()].words()[0] & ALL_CELLS;
        while rest != 0 {
            let area = area_at(rest, rest & rest.wrapping_neg());
            rest &= !area;
            let n = area.count_ones();
            if n >= MIN_AREA as u32 {
                line.areas += 1;
                line.cells += n;
            }
        }
        line.points = line.areas * line.cells;
        line
    }

    /// The card's score (without the solo bonus).
    pub fn score(&self) -> u32 {
        self.score_sheet().total
    }

    /// One text row of the grid (`o ^ x .`), for terminal output.
    pub(crate) fn row_text(&self, row: usize) -> String {
        (0..SIZE)
            .map(|c| {
                self.symbol_at(Cell::new(row as u8, c as u8))
                    .map_or('.', |s| s.glyph())
            })
            .collect()
    }
}

/// The cells of `within` orthogonally connected to `seeds` (a subset of `within`), on the
/// card's cells as bits (row by row, 7 to a row): grown a ring at a time until nothing is
/// added, each ring a few shifts of the whole card.
fn area_at(within: u64, seeds: u64) -> u64 {
    /// Every cell but those of column `col`.
    const fn all_but_column(col: usize) -> u64 {
        let mut m = ALL_CELLS;
        let mut r = 0;
        while r < SIZE {
            m &= !(1 << (r * SIZE + col));
            r += 1;
        }
        m
    }
    // A cell moved one up lands in the next row's first column from the last one (and one
    // down in the row before's last column from the first): those moves are left out.
    const NOT_FIRST: u64 = all_but_column(0);
    const NOT_LAST: u64 = all_but_column(SIZE - 1);
    let mut area = seeds;
    loop {
        let grown =
            (area | (area << 1 & NOT_FIRST) | (area >> 1 & NOT_LAST) | area << SIZE | area >> SIZE)
                & within;
        if grown == area {
            return area;
        }
        area = grown;
    }
}

/// Why a text grid could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseGridError {
    /// Not 7 rows.
    #[error("a card has 7 rows, not {0}")]
    Rows(usize),
    /// A row without 7 cells.
    #[error("row {row} has {cells} cells, not 7")]
    Columns {
        /// The 0-based row.
        row: usize,
        /// Cells found.
        cells: usize,
    },
    /// A character that is no symbol.
    #[error("'{0}' is not a symbol (use o, ^, x or .)")]
    Symbol(char),
}

impl FromStr for Grid {
    type Err = ParseGridError;
    fn from_str(s: &str) -> Result<Grid, ParseGridError> {
        let rows: Vec<Vec<char>> = s
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != SIZE {
            return Err(ParseGridError::Rows(rows.len()));
        }
        let mut g = Grid::EMPTY;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != SIZE {
                return Err(ParseGridError::Columns {
                    row: r,
                    cells: row.len(),
                });
            }
            for (c, &ch) in row.iter().enumerate() {
                let sym = match ch {
                    '.' => continue,
                    'o' | 'O' => Symbol::Circle,
                    '^' | 't' | 'T' => Symbol::Triangle,
                    'x' | 'X' => Symbol::Cross,
                    other => return Err(ParseGridError::Symbol(other)),
                };
                g.write(Cell::new(r as u8, c as u8), sym);
            }
        }
        Ok(g)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..SIZE {
            writeln!(f, "{}", self.row_text(r))?;
        }
        Ok(())
    }
}
