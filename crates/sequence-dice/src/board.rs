//! The fixed 6×6 board: its numbers, its spaces and the straight lines a sequence can lie on.
//!
//! Spaces are numbered row-major from the top left (`index = row * 6 + col`), so a set of
//! spaces is a [`Cells`] (`CellSet<1>`, one bit per space). Every number 2–9 and 12 is printed
//! on exactly four spaces; there are no 10 or 11 spaces.
//!
//! ```
//! use sequence_dice::board::{numbered, Space, NUMBERS};
//! assert_eq!(NUMBERS[0], 2);
//! assert_eq!(numbered(12).count(), 4);
//! assert_eq!(Space::new(2, 3).unwrap().to_string(), "d3");
//! assert_eq!(Space::new(2, 3).unwrap().number(), Some(12));
//! ```

use dicecore::CellSet;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A set of board spaces, one bit per space.
pub type Cells = CellSet<1>;

/// Rows and columns of the board.
pub const SIZE: usize = 6;
/// Number of spaces.
pub const SPACES: usize = SIZE * SIZE;

/// The number printed on each space, row-major from the top left. Unchanged by a 90° turn.
pub const NUMBERS: [u8; SPACES] = [
    2, 3, 4, 5, 6, 2, //
    6, 7, 8, 9, 7, 3, //
    5, 9, 12, 12, 8, 4, //
    4, 8, 12, 12, 9, 5, //
    3, 7, 9, 8, 7, 6, //
    2, 6, 5, 4, 3, 2, //
];

/// Every space of the board.
pub const ALL: Cells = CellSet::first_n(SPACES);

/// The spaces of each number (index = number; empty for 0, 1, 10, 11).
const NUMBER_MASKS: [u64; 13] = {
    let mut m = [0u64; 13];
    let mut i = 0;
    while i < SPACES {
        m[NUMBERS[i] as usize] |= 1 << i;
        i += 1;
    }
    m
};

/// The 2 and 12 spaces (corners and the central "dice" block): a 10 cannot remove from them.
pub const PROTECTED: Cells = CellSet::from_words([NUMBER_MASKS[2] | NUMBER_MASKS[12]]);

/// The spaces printed with `number` (empty for 10, 11 and numbers not on the board).
#[inline]
pub const fn numbered(number: u8) -> Cells {
    if number as usize >= NUMBER_MASKS.len() {
        return Cells::EMPTY;
    }
    CellSet::from_words([NUMBER_MASKS[number as usize]])
}

/// One space of the board (`0..36`, row-major from the top left). Shown as a column letter
/// `a`–`f` and a row number `1`–`6` counted from the top, e.g. `c2` is row 1, column 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[serde(transparent)]
pub struct Space(pub u8);

impl Space {
    /// The space at `row`, `col` (both `0..6`, row 0 on top), or `None` off the board.
    pub const fn new(row: u8, col: u8) -> Option<Space> {
        if (row as usize) < SIZE && (col as usize) < SIZE {
            Some(Space(row * SIZE as u8 + col))
        } else {
            None
        }
    }

    /// The space named like `c2` (column letter `a`–`f`, row number `1`–`6` from the top).
    ///
    /// ```
    /// use sequence_dice::Space;
    /// assert_eq!(Space::parse("c2"), Some(Space(8)));
    /// assert_eq!(Space::parse("g1"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Space> {
        let &[col, row] = name.trim().as_bytes() else {
            return None;
        };
        let col = col.to_ascii_lowercase().checked_sub(b'a')?;
        let row = row.checked_sub(b'1')?;
        Space::new(row, col)
    }

    /// Whether the space is on the board.
    pub const fn is_valid(self) -> bool {
        (self.0 as usize) < SPACES
    }

    /// The space as an index `0..36` (may be out of range for an invalid space).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, 0 on top.
    pub const fn row(self) -> u8 {
        self.0 / SIZE as u8
    }

    /// Column, 0 on the left.
    pub const fn col(self) -> u8 {
        self.0 % SIZE as u8
    }

    /// The number printed on the space, `None` off the board.
    pub const fn number(self) -> Option<u8> {
        if self.is_valid() {
            Some(NUMBERS[self.0 as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
        } else {
            write!(f, "#{}", self.0)
        }
    }
}

/// Most lines of one length through one space (two per direction).
const MAX_LINES: usize = 8;

/// For lengths 5 and 6 (index `len - 5`), the masks of every straight line of that length
/// through each space, in the four directions; unused slots hold `u64::MAX`, which no set of
/// board spaces can contain.
static LINES: [[[u64; MAX_LINES]; SPACES]; 2] = [lines_through(5), lines_through(6)];

const fn lines_through(len: usize) -> [[u64; MAX_LINES]; SPACES] {
    const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut out = [[u64::MAX; MAX_LINES]; SPACES];
    let mut used = [0usize; SPACES];
    let n = SIZE as i32;
    let len = len as i32;
    let mut d = 0;
    while d < DIRS.len() {
        let (dr, dc) = DIRS[d];
        let mut r = 0;
        while r < n {
            let mut c = 0;
            while c < n {
                let (er, ec) = (r + dr * (len - 1), c + dc * (len - 1));
                if er >= 0 && er < n && ec >= 0 && ec < n {
                    let mut mask = 0u64;
                    let mut k = 0;
                    while k < len {
                        mask |= 1 << ((r + dr * k) * n + c + dc * k);
                        k += 1;
                    }
                    k = 0;
                    while k < len {
                        let cell = ((r + dr * k) * n + c + dc * k) as usize;
                        out[cell][used[cell]] = mask;
                        used[cell] += 1;
                        k += 1;
                    }
                }
                c += 1;
            }
            r += 1;
        }
        d += 1;
    }
    out
}

/// Whether `own` holds a straight, gap-free line of `len` (5 or 6) spaces through `space`,
/// horizontally, vertically or diagonally. A longer line counts. Eight mask tests at most.
#[inline]
pub fn completes_sequence(own: Cells, space: Space, len: u8) -> bool {
    let Some(table) = (len as usize).checked_sub(5).and_then(|i| LINES.get(i)) else {
        return false;
    };
    let Some(through) = table.get(space.index()) else {
        return false;
    };
    let own = own.words()[0];
    through.iter().any(|&m| m & !own == 0)
}

/// Whether `own` holds a sequence of `len` (5 or 6) anywhere on the board.
pub fn has_sequence(own: Cells, len: u8) -> bool {
    (0..SPACES as u8).any(|i| own.contains(i as usize) && completes_sequence(own, Space(i), len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_four_times_and_no_ten_or_eleven() {
        for n in (2..=9).chain([12]) {
            assert_eq!(numbered(n).count(), 4, "number {n}");
        }
        assert!(numbered(10).is_empty());
        assert!(numbered(11).is_empty());
        assert!(numbered(13).is_empty());
        assert!(numbered(200).is_empty());
        let corners: Cells = [0, 5, 30, 35].into_iter().collect();
        let centre: Cells = [14, 15, 20, 21].into_iter().collect();
        assert_eq!(numbered(2), corners);
        assert_eq!(numbered(12), centre);
        assert_eq!(PROTECTED, corners | centre);
        assert_eq!(ALL.count(), 36);
    }

    #[test]
    fn layout_is_unchanged_by_a_quarter_turn() {
        for r in 0..SIZE {
            for c in 0..SIZE {
                // Clockwise: the new (r, c) shows the old (5 - c, r).
                assert_eq!(NUMBERS[r * SIZE + c], NUMBERS[(SIZE - 1 - c) * SIZE + r]);
            }
        }
    }

    #[test]
    fn line_counts() {
        // Distinct lines on a 6×6 board: of length 6, 6 rows + 6 columns + 2 diagonals;
        // of length 5, 12 in rows + 12 in columns + 4 + 4 on the diagonals.
        for (len, expected) in [(5usize, 32usize), (6, 14)] {
            let mut all: Vec<u64> = LINES[len - 5]
                .iter()
                .flatten()
                .copied()
                .filter(|&m| m != u64::MAX)
                .collect();
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), expected);
            assert!(all.iter().all(|m| m.count_ones() as usize == len));
        }
    }

    #[test]
    fn spaces_display_and_bounds() {
        assert_eq!(Space(0).to_string(), "a1");
        assert_eq!(Space(35).to_string(), "f6");
        assert_eq!(Space(36).to_string(), "#36");
        assert_eq!(Space::new(6, 0), None);
        assert_eq!(Space::new(5, 5), Some(Space(35)));
        assert_eq!(Space(40).number(), None);
        assert!(!completes_sequence(ALL, Space(40), 5));
        assert!(!completes_sequence(ALL, Space(0), 4));
        assert!(!completes_sequence(ALL, Space(0), 7));
    }
}
