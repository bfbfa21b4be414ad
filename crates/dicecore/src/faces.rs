//! The dice of the five games.
//!
//! A die is an array of its faces; [`crate::Dice::roll`] picks one face uniformly. Faces may
//! repeat (the Mosaix die shows each symbol twice).

use serde::{Deserialize, Serialize};
use std::fmt;

/// An ordinary six-sided die, faces 1–6.
pub const D6: [u8; 6] = [1, 2, 3, 4, 5, 6];

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
