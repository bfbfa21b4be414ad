//! Hexagonal grids in axial coordinates (pointy-top), after Red Blob Games' guide.
//!
//! A hex is `(q, r)` with the implied third cube coordinate `s = -q - r`. Everything is
//! integer arithmetic and `const fn`. Boards stored as rows (Kingdom Builder's 20×20 map,
//! The Border's maps) use *odd-r* offset coordinates — odd rows shifted half a hex right — at
//! the I/O boundary; [`Hex::from_odd_r`] and [`Hex::to_odd_r`] convert.
//!
//! ```
//! use dicecore::hex::{Hex, Direction};
//! let a = Hex::from_odd_r(1, 0);
//! assert_eq!(a.to_odd_r(), (1, 0));
//! assert_eq!(a.distance(a.neighbour(Direction::East)), 1);
//! assert!(a.neighbours().contains(&Hex::from_odd_r(0, 0)));
//! ```

use serde::{Deserialize, Serialize};

/// A hex in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Hex {
    /// Column axis.
    pub q: i32,
    /// Row axis.
    pub r: i32,
}

/// The six directions of a pointy-top hex, counter-clockwise from east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Direction {
    /// (+1, 0)
    East,
    /// (+1, −1)
    NorthEast,
    /// (0, −1)
    NorthWest,
    /// (−1, 0)
    West,
    /// (−1, +1)
    SouthWest,
    /// (0, +1)
    SouthEast,
}

impl Direction {
    /// All six directions, counter-clockwise from east.
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The unit step of this direction.
    pub const fn offset(self) -> Hex {
        match self {
            Direction::East => Hex::new(1, 0),
            Direction::NorthEast => Hex::new(1, -1),
            Direction::NorthWest => Hex::new(0, -1),
            Direction::West => Hex::new(-1, 0),
            Direction::SouthWest => Hex::new(-1, 1),
            Direction::SouthEast => Hex::new(0, 1),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }
}

impl Hex {
    /// The origin.
    pub const ORIGIN: Hex = Hex::new(0, 0);

    /// A hex from axial coordinates.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Vector sum.
    pub const fn add(self, other: Hex) -> Hex {
        Hex::new(self.q + other.q, self.r + other.r)
    }

    /// Vector difference.
    pub const fn sub(self, other: Hex) -> Hex {
        Hex::new(self.q - other.q, self.r - other.r)
    }

    /// Scalar multiple.
    pub const fn scale(self, k: i32) -> Hex {
        Hex::new(self.q * k, self.r * k)
    }

    /// The neighbour in a direction.
    pub const fn neighbour(self, dir: Direction) -> Hex {
        self.add(dir.offset())
    }

    /// The six neighbours, in [`Direction::ALL`] order.
    pub const fn neighbours(self) -> [Hex; 6] {
        let mut out = [self; 6];
        let mut i = 0;
        while i < 6 {
            out[i] = self.neighbour(Direction::ALL[i]);
            i += 1;
        }
        out
    }

    /// Number of steps between two hexes.
    pub const fn distance(self, other: Hex) -> i32 {
        let d = self.sub(other);
        (d.q.abs() + d.r.abs() + d.s().abs()) / 2
    }

    /// If `other` lies on one of the three axes through `self` (and differs from it), the
    /// direction and the number of steps to it.
    pub const fn straight_to(self, other: Hex) -> Option<(Direction, i32)> {
        let d = self.sub(other);
        let n = self.distance(other);
        if n == 0 {
            return None;
        }
        let mut i = 0;
        while i < 6 {
            let o = Direction::ALL[i].offset().scale(n);
            if o.q == -d.q && o.r == -d.r {
                return Some((Direction::ALL[i], n));
            }
            i += 1;
        }
        None
    }

    /// The `len` hexes of a straight line starting at `self` (included) in a direction.
    pub fn line(self, dir: Direction, len: usize) -> impl Iterator<Item = Hex> {
        (0..len as i32).map(move |k| self.add(dir.offset().scale(k)))
    }

    /// The hex at odd-r offset `(row, col)` (odd rows shifted right). Works for negative rows.
    pub const fn from_odd_r(row: i32, col: i32) -> Hex {
        Hex::new(col - (row - (row & 1)) / 2, row)
    }

    /// The odd-r offset `(row, col)` of this hex.
    pub const fn to_odd_r(self) -> (i32, i32) {
        (self.r, self.q + (self.r - (self.r & 1)) / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex() -> impl Strategy<Value = Hex> {
        (-50i32..50, -50i32..50).prop_map(|(q, r)| Hex::new(q, r))
    }

    #[test]
    fn odd_r_neighbours_match_the_row_rule() {
        // Even row: (r±1, c−1) and (r±1, c); odd row: (r±1, c) and (r±1, c+1).
        let even = Hex::from_odd_r(2, 5);
        let mut got: Vec<(i32, i32)> = even.neighbours().iter().map(|h| h.to_odd_r()).collect();
        got.sort();
        assert_eq!(got, vec![(1, 4), (1, 5), (2, 4), (2, 6), (3, 4), (3, 5)]);
        let odd = Hex::from_odd_r(3, 5);
        let mut got: Vec<(i32, i32)> = odd.neighbours().iter().map(|h| h.to_odd_r()).collect();
        got.sort();
        assert_eq!(got, vec![(2, 5), (2, 6), (3, 4), (3, 6), (4, 5), (4, 6)]);
    }

    proptest! {
        #[test]
        fn offset_round_trip(row in -100i32..100, col in -100i32..100) {
            prop_assert_eq!(Hex::from_odd_r(row, col).to_odd_r(), (row, col));
        }

        #[test]
        fn axial_round_trip(h in hex()) {
            let (r, c) = h.to_odd_r();
            prop_assert_eq!(Hex::from_odd_r(r, c), h);
        }

        #[test]
        fn distance_is_a_metric(a in hex(), b in hex(), c in hex()) {
            prop_assert_eq!(a.distance(b), b.distance(a));
            prop_assert_eq!(a.distance(a), 0);
            prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        }

        #[test]
        fn neighbours_are_at_distance_one(a in hex()) {
            for n in a.neighbours() {
                prop_assert_eq!(a.distance(n), 1);
            }
        }

        #[test]
        fn lines_are_straight(a in hex(), d in 0usize..6, len in 2usize..10) {
            let dir = Direction::ALL[d];
            let pts: Vec<Hex> = a.line(dir, len).collect();
            let last = *pts.last().unwrap();
            prop_assert_eq!(a.straight_to(last), Some((dir, len as i32 - 1)));
            prop_assert_eq!(last.straight_to(a), Some((dir.opposite(), len as i32 - 1)));
        }
    }
}
