//! The dice of the workspace's games.
//!
//! A die is an array of its faces; [`crate::Dice::roll`] picks one face uniformly. Faces may
//! repeat (the Mosaix die shows each symbol twice).

use serde::{Deserialize, Serialize};
use std::fmt;

/// An ordinary six-sided die, faces 1–6.
pub const D6: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// Tables that read a uniform draw `r` below `6^k` as a roll of `k` six-sided dice: die `j`
/// shows face `d`, the `j`-th base-6 digit of `r`, so each die is uniform and independent and
/// the roll costs one draw. A roll is kept as packed counts, one byte lane per face
/// (`lanes[d]` is the lane of face `d`, its byte in the `u64`), so that the counts of several
/// dice are the sum of their entries.
///
/// ```
/// use dicecore::faces::RollTable;
/// const TABLE: RollTable = RollTable::new([0, 1, 2, 3, 4, 5]);
/// // 13 = 1 + 2·6: one die shows face 1, the other face 2.
/// assert_eq!(TABLE.two[13], (1 << 8) + (1 << 16));
/// // Three dice from 13 + 36·5 (faces 1, 2, 5).
/// let r = 13 + 36 * 5;
/// assert_eq!(TABLE.two[r % 36] + TABLE.one[r / 36], (1 << 8) + (1 << 16) + (1 << 40));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollTable {
    /// One die: `one[d]` counts face `d` once.
    pub one: [u64; 6],
    /// Two dice: `two[a + 6·b]` counts faces `a` and `b`.
    pub two: [u64; 36],
}

impl RollTable {
    /// The tables with face `d` counted in byte lane `lanes[d]` (each below 8).
    pub const fn new(lanes: [usize; 6]) -> RollTable {
        let mut one = [0u64; 6];
        let mut d = 0;
        while d < 6 {
            one[d] = 1 << (8 * (lanes[d] % 8));
            d += 1;
        }
        let mut two = [0u64; 36];
        let mut r = 0;
        while r < 36 {
            two[r] = one[r % 6] + one[r / 6];
            r += 1;
        }
        RollTable { one, two }
    }
}

/// A colour of The Border's dice (each die shows every colour once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Colour {
    /// Grey.
    Grey,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Orange.
    Orange,
}

impl Colour {
    /// All six colours in die order.
    pub const ALL: [Colour; 6] = COLOUR_DIE;

    /// The colour's index in [`Colour::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// One-letter code used in board maps and terminal output (`a g b r y o`).
    pub const fn letter(self) -> char {
        match self {
            Colour::Grey => 'a',
            Colour::Green => 'g',
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Yellow => 'y',
            Colour::Orange => 'o',
        }
    }

    /// The colour of a one-letter code (see [`Colour::letter`]).
    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|col| col.letter() == c)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Colour::Grey => "grey",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Orange => "orange",
        };
        f.write_str(name)
    }
}

/// The six-colour die of The Border.
pub const COLOUR_DIE: [Colour; 6] = [
    Colour::Grey,
    Colour::Green,
    Colour::Blue,
    Colour::Red,
    Colour::Yellow,
    Colour::Orange,
];

/// A symbol of the Mosaix dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Symbol {
    /// ○
    Circle,
    /// △
    Triangle,
    /// ✕
    Cross,
}

impl Symbol {
    /// The three symbols.
    pub const ALL: [Symbol; 3] = [Symbol::Circle, Symbol::Triangle, Symbol::Cross];

    /// The symbol's index in [`Symbol::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// One-character rendering: `o`, `^`, `x`.
    pub const fn glyph(self) -> char {
        match self {
            Symbol::Circle => 'o',
            Symbol::Triangle => '^',
            Symbol::Cross => 'x',
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symbol::Circle => "circle",
            Symbol::Triangle => "triangle",
            Symbol::Cross => "cross",
        })
    }
}

/// The Mosaix symbol die: two circles, two triangles, two crosses.
pub const SYMBOL_DIE: [Symbol; 6] = [
    Symbol::Circle,
    Symbol::Circle,
    Symbol::Triangle,
    Symbol::Triangle,
    Symbol::Cross,
    Symbol::Cross,
];
