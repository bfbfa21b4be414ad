//! Square grids: positions, 4- and 8-neighbourhoods, straight lines and polyominoes.
//!
//! ```
//! use dicecore::square::{Pos, Tetromino, orientations};
//! assert_eq!(Pos::new(0, 0).neighbours4().len(), 4);
//! let total: usize = Tetromino::ALL.iter().map(|t| orientations(t.cells()).len()).sum();
//! assert_eq!(total, 19);
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;

/// A square cell `(row, col)`; row 0 on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Pos {
    /// Row, growing downwards.
    pub row: i32,
    /// Column, growing rightwards.
    pub col: i32,
}

/// The four orthogonal steps: up, right, down, left.
pub const DIRS4: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
/// The eight steps of a king, clockwise from up.
pub const DIRS8: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];
/// The four line axes (horizontal, vertical, both diagonals), one direction each.
pub const AXES: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Pos {
    /// A position.
    pub const fn new(row: i32, col: i32) -> Pos {
        Pos { row, col }
    }

    /// The position one step away.
    pub const fn step(self, (dr, dc): (i32, i32)) -> Pos {
        Pos::new(self.row + dr, self.col + dc)
    }

    /// The 4 orthogonal neighbours.
    pub const fn neighbours4(self) -> [Pos; 4] {
        let mut out = [self; 4];
        let mut i = 0;
        while i < 4 {
            out[i] = self.step(DIRS4[i]);
            i += 1;
        }
        out
    }

    /// The 8 neighbours including diagonals.
    pub const fn neighbours8(self) -> [Pos; 8] {
        let mut out = [self; 8];
        let mut i = 0;
        while i < 8 {
            out[i] = self.step(DIRS8[i]);
            i += 1;
        }
        out
    }

    /// Whether the position is inside a `width × height` board.
    pub const fn within(self, width: i32, height: i32) -> bool {
        self.row >= 0 && self.col >= 0 && self.row < height && self.col < width
    }

    /// `len` positions from `self` (included) in a step direction.
    pub fn line(self, dir: (i32, i32), len: usize) -> impl Iterator<Item = Pos> {
        (0..len as i32).map(move |k| Pos::new(self.row + dir.0 * k, self.col + dir.1 * k))
    }

    /// Rotation by 90° clockwise about the origin: `(r, c) -> (c, -r)`.
    pub const fn rotate_cw(self) -> Pos {
        Pos::new(self.col, -self.row)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// Rotates a polyomino 90° clockwise and normalises it.
pub fn rotate<const N: usize>(cells: [Pos; N]) -> [Pos; N] {
    normalise(cells.map(Pos::rotate_cw))
}

/// Moves a polyomino so its smallest row and column are 0 and sorts its cells, giving one
/// canonical form per fixed orientation.
pub fn normalise<const N: usize>(mut cells: [Pos; N]) -> [Pos; N] {
    let min_r = cells.iter().map(|p| p.row).min().unwrap_or(0);
    let min_c = cells.iter().map(|p| p.col).min().unwrap_or(0);
    for p in cells.iter_mut() {
        p.row -= min_r;
        p.col -= min_c;
    }
    cells.sort_unstable();
    cells
}

/// The distinct fixed orientations (rotations only, no mirroring) of a polyomino, normalised,
/// in order of 0°, 90°, 180°, 270° with repeats removed.
pub fn orientations<const N: usize>(cells: [Pos; N]) -> Vec<[Pos; N]> {
    let mut out: Vec<[Pos; N]> = Vec::with_capacity(4);
    let mut c = normalise(cells);
    for _ in 0..4 {
        if !out.contains(&c) {
            out.push(c);
        }
        c = rotate(c);
    }
    out
}

/// The 7 one-sided tetrominoes (mirror images are different pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Tetromino {
    /// Four in a row.
    I,
    /// 2×2 square.
    O,
    /// T shape.
    T,
    /// S shape.
    S,
    /// Z shape (mirror of S).
    Z,
    /// L shape.
    L,
    /// J shape (mirror of L).
    J,
}

impl Tetromino {
    /// All seven.
    pub const ALL: [Tetromino; 7] = [
        Tetromino::I,
        Tetromino::O,
        Tetromino::T,
        Tetromino::S,
        Tetromino::Z,
        Tetromino::L,
        Tetromino::J,
    ];

    /// The cells of the piece in its base orientation.
    pub const fn cells(self) -> [Pos; 4] {
        const fn p(r: i32, c: i32) -> Pos {
            Pos::new(r, c)
        }
        match self {
            Tetromino::I => [p(0, 0), p(0, 1), p(0, 2), p(0, 3)],
            Tetromino::O => [p(0, 0), p(0, 1), p(1, 0), p(1, 1)],
            Tetromino::T => [p(0, 0), p(0, 1), p(0, 2), p(1, 1)],
            Tetromino::S => [p(0, 1), p(0, 2), p(1, 0), p(1, 1)],
            Tetromino::Z => [p(0, 0), p(0, 1), p(1, 1), p(1, 2)],
            Tetromino::L => [p(0, 0), p(1, 0), p(2, 0), p(2, 1)],
            Tetromino::J => [p(0, 1), p(1, 1), p(2, 0), p(2, 1)],
        }
    }

    /// One-letter name.
    pub const fn letter(self) -> char {
        match self {
            Tetromino::I => 'I',
            Tetromino::O => 'O',
            Tetromino::T => 'T',
            Tetromino::S => 'S',
            Tetromino::Z => 'Z',
            Tetromino::L => 'L',
            Tetromino::J => 'J',
        }
    }
}

impl fmt::Display for Tetromino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn nineteen_fixed_tetrominoes() {
        let mut all: Vec<[Pos; 4]> = Vec::new();
        for t in Tetromino::ALL {
            for o in orientations(t.cells()) {
                assert!(!all.contains(&o), "{t} orientation repeats another piece");
                all.push(o);
            }
        }
        assert_eq!(all.len(), 19);
        let counts: Vec<usize> = Tetromino::ALL
            .iter()
            .map(|t| orientations(t.cells()).len())
            .collect();
        assert_eq!(counts, vec![2, 1, 4, 2, 2, 4, 4]);
    }

    #[test]
    fn mirror_images_are_distinct_pieces() {
        let mirror = |cells: [Pos; 4]| normalise(cells.map(|p| Pos::new(p.row, -p.col)));
        assert!(orientations(Tetromino::S.cells()).contains(&mirror(Tetromino::Z.cells())));
        assert!(!orientations(Tetromino::S.cells()).contains(&normalise(Tetromino::Z.cells())));
        assert!(orientations(Tetromino::L.cells()).contains(&mirror(Tetromino::J.cells())));
    }

    proptest! {
        #[test]
        fn four_rotations_return_to_start(cells in proptest::array::uniform4((-5i32..5, -5i32..5))) {
            let cells = cells.map(|(r, c)| Pos::new(r, c));
            let start = normalise(cells);
            let mut c = start;
            for _ in 0..4 { c = rotate(c); }
            prop_assert_eq!(c, start);
            let mut p = cells[0];
            for _ in 0..4 { p = p.rotate_cw(); }
            prop_assert_eq!(p, cells[0]);
        }

        #[test]
        fn lines_and_neighbours(r in -20i32..20, c in -20i32..20, d in 0usize..8, len in 1usize..8) {
            let p = Pos::new(r, c);
            let line: Vec<Pos> = p.line(DIRS8[d], len).collect();
            prop_assert_eq!(line.len(), len);
            for w in line.windows(2) {
                prop_assert!(w[0].neighbours8().contains(&w[1]));
            }
            for n in p.neighbours4() {
                prop_assert_eq!((n.row - r).abs() + (n.col - c).abs(), 1);
            }
        }
    }
}
