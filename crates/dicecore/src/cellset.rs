//! Fixed-size bitsets over the cells of a board, and the grids that give them neighbours.
//!
//! A board of `width × height` cells numbers them row-major (`index = row * width + col`).
//! A [`CellSet<W>`] holds one bit per cell in `W` 64-bit words (a 20×20 board: `CellSet<7>`),
//! so unions, intersections, counts and neighbour expansion are a handful of word operations.
//! [`HexGrid`] (odd-r rows) and [`SquareGrid`] (4- or 8-neighbourhood) hold the masks for
//! shifting a set onto its neighbours without scanning cells.
//!
//! ```
//! use dicecore::cellset::{CellSet, SquareGrid};
//! const GRID: SquareGrid<1> = SquareGrid::new(7, 7, false);
//! let mut s = CellSet::<1>::EMPTY;
//! s.insert(GRID.index(3, 3));
//! assert_eq!(GRID.neighbours(&s).count(), 4);
//! assert_eq!(GRID.expand(&s).count(), 5);
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A set of cell indices `0..64·W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct CellSet<const W: usize> {
    words: [u64; W],
}

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> CellSet<W> {
    /// No cells.
    pub const EMPTY: Self = CellSet { words: [0; W] };
    /// Number of cell indices the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// A set from its words (bit `i % 64` of word `i / 64` is cell `i`).
    pub const fn from_words(words: [u64; W]) -> Self {
        CellSet { words }
    }

    /// The words of the set.
    pub const fn words(&self) -> &[u64; W] {
        &self.words
    }

    /// Cells `0..n` (clamped to the capacity).
    pub const fn first_n(n: usize) -> Self {
        let mut words = [0u64; W];
        let mut i = 0;
        while i < W {
            let lo = i * 64;
            if n >= lo + 64 {
                words[i] = u64::MAX;
            } else if n > lo {
                words[i] = (1u64 << (n - lo)) - 1;
            }
            i += 1;
        }
        CellSet { words }
    }

    /// Adds a cell; returns whether it was new. Indices past the capacity are ignored.
    pub const fn insert(&mut self, i: usize) -> bool {
        if i >= Self::CAPACITY {
            return false;
        }
        let had = self.words[i / 64] & (1 << (i % 64)) != 0;
        self.words[i / 64] |= 1 << (i % 64);
        !had
    }

    /// Removes a cell; returns whether it was present.
    pub const fn remove(&mut self, i: usize) -> bool {
        if i >= Self::CAPACITY {
            return false;
        }
        let had = self.words[i / 64] & (1 << (i % 64)) != 0;
        self.words[i / 64] &= !(1 << (i % 64));
        had
    }

    /// Whether the cell is in the set.
    pub const fn contains(&self, i: usize) -> bool {
        i < Self::CAPACITY && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// Number of cells in the set.
    pub const fn count(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.words[i].count_ones() as usize;
            i += 1;
        }
        n
    }

    /// Whether the set is empty.
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < W {
            if self.words[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Union.
    pub const fn or(&self, other: &Self) -> Self {
        let mut words = self.words;
        let mut i = 0;
        while i < W {
            words[i] |= other.words[i];
            i += 1;
        }
        CellSet { words }
    }

    /// Intersection.
    pub const fn and(&self, other: &Self) -> Self {
        let mut words = self.words;
        let mut i = 0;
        while i < W {
            words[i] &= other.words[i];
            i += 1;
        }
        CellSet { words }
    }

    /// Difference: the cells of `self` not in `other`.
    pub const fn and_not(&self, other: &Self) -> Self {
        let mut words = self.words;
        let mut i = 0;
        while i < W {
            words[i] &= !other.words[i];
            i += 1;
        }
        CellSet { words }
    }

    /// Whether the sets share a cell.
    pub const fn intersects(&self, other: &Self) -> bool {
        let mut i = 0;
        while i < W {
            if self.words[i] & other.words[i] != 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Whether every cell of `self` is in `other`.
    pub const fn is_subset(&self, other: &Self) -> bool {
        let mut i = 0;
        while i < W {
            if self.words[i] & !other.words[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The lowest cell.
    pub const fn first(&self) -> Option<usize> {
        let mut i = 0;
        while i < W {
            if self.words[i] != 0 {
                return Some(i * 64 + self.words[i].trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// The `n`-th lowest cell (0-based), e.g. to pick a uniform random member.
    pub fn nth(&self, mut n: usize) -> Option<usize> {
        for (i, &w) in self.words.iter().enumerate() {
            let c = w.count_ones() as usize;
            if n < c {
                return Some(i * 64 + crate::bits::select(w, n as u32) as usize);
            }
            n -= c;
        }
        None
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> Iter<W> {
        Iter {
            words: self.words,
            word: 0,
        }
    }

    /// Every index moved up by `k` (`i -> i + k`); indices past the capacity fall off.
    pub const fn shl(&self, k: usize) -> Self {
        let mut words = [0u64; W];
        if k > 0 && k < 64 {
            // The common case on boards: a shift by one cell or one row.
            let mut i = W;
            while i > 1 {
                i -= 1;
                words[i] = (self.words[i] << k) | (self.words[i - 1] >> (64 - k));
            }
            if W > 0 {
                words[0] = self.words[0] << k;
            }
            return CellSet { words };
        }
        let ws = k / 64;
        let bs = k % 64;
        let mut i = W;
        while i > ws {
            i -= 1;
            let src = i - ws;
            let mut w = self.words[src] << bs;
            if bs != 0 && src > 0 {
                w |= self.words[src - 1] >> (64 - bs);
            }
            words[i] = w;
        }
        CellSet { words }
    }

    /// Every index moved down by `k` (`i -> i - k`); indices below 0 fall off.
    pub const fn shr(&self, k: usize) -> Self {
        let mut words = [0u64; W];
        if k > 0 && k < 64 {
            let mut i = 0;
            while i + 1 < W {
                words[i] = (self.words[i] >> k) | (self.words[i + 1] << (64 - k));
                i += 1;
            }
            if W > 0 {
                words[W - 1] = self.words[W - 1] >> k;
            }
            return CellSet { words };
        }
        let ws = k / 64;
        let bs = k % 64;
        let mut i = 0;
        while i + ws < W {
            let src = i + ws;
            let mut w = self.words[src] >> bs;
            if bs != 0 && src + 1 < W {
                w |= self.words[src + 1] << (64 - bs);
            }
            words[i] = w;
            i += 1;
        }
        CellSet { words }
    }
}

impl<const W: usize> FromIterator<usize> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

// The operators, each forwarding to its named method: one impl per trait, as Rust asks.
impl<const W: usize> BitOr for CellSet<W> {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        self.or(&rhs)
    }
}
impl<const W: usize> BitOrAssign for CellSet<W> {
    fn bitor_assign(&mut self, rhs: Self) {
        *self = self.or(&rhs);
    }
}
impl<const W: usize> BitAnd for CellSet<W> {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        self.and(&rhs)
    }
}
impl<const W: usize> BitAndAssign for CellSet<W> {
    fn bitand_assign(&mut self, rhs: Self) {
        *self = self.and(&rhs);
    }
}
impl<const W: usize> Sub for CellSet<W> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        self.and_not(&rhs)
    }
}
impl<const W: usize> BitXor for CellSet<W> {
    type Output = Self;
    fn bitxor(self, rhs: Self) -> Self {
        let mut words = self.words;
        for (w, r) in words.iter_mut().zip(rhs.words) {
            *w ^= r;
        }
        CellSet { words }
    }
}
impl<const W: usize> Not for CellSet<W> {
    type Output = Self;
    /// Complement over the whole capacity (intersect with a board mask afterwards).
    fn not(self) -> Self {
        CellSet {
            words: self.words.map(|w| !w),
        }
    }
}

impl<const W: usize> fmt::Debug for CellSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const W: usize> Serialize for CellSet<W> {
    /// Serialised as the sorted list of cell indices.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, const W: usize> Deserialize<'de> for CellSet<W> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cells = Vec::<usize>::deserialize(d)?;
        let mut s = Self::EMPTY;
        for c in cells {
            if c >= Self::CAPACITY {
                return Err(serde::de::Error::custom(format!(
                    "cell index {c} is outside a set of {} cells",
                    Self::CAPACITY
                )));
            }
            s.insert(c);
        }
        Ok(s)
    }
}

/// Iterator over the cells of a [`CellSet`].
#[derive(Clone, Debug)]
pub struct Iter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

/// Column and row masks of a rectangular board, shared by [`HexGrid`] and [`SquareGrid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Masks<const W: usize> {
    width: usize,
    height: usize,
    all: CellSet<W>,
    not_first_col: CellSet<W>,
    not_last_col: CellSet<W>,
    even_rows: CellSet<W>,
    odd_rows: CellSet<W>,
}

impl<const W: usize> Masks<W> {
    const fn new(width: usize, height: usize) -> Option<Self> {
        if width == 0 || height == 0 || width * height > 64 * W {
            return None;
        }
        let mut m = Masks {
            width,
            height,
            all: CellSet::first_n(width * height),
            not_first_col: CellSet::EMPTY,
            not_last_col: CellSet::EMPTY,
            even_rows: CellSet::EMPTY,
            odd_rows: CellSet::EMPTY,
        };
        let mut r = 0;
        while r < height {
            let mut c = 0;
            while c < width {
                let i = r * width + c;
                if c > 0 {
                    m.not_first_col.insert(i);
                }
                if c + 1 < width {
                    m.not_last_col.insert(i);
                }
                if r % 2 == 0 {
                    m.even_rows.insert(i);
                } else {
                    m.odd_rows.insert(i);
                }
                c += 1;
            }
            r += 1;
        }
        Some(m)
    }

    /// Cells one column right / left of cells in `s`.
    const fn east(&self, s: &CellSet<W>) -> CellSet<W> {
        s.and(&self.not_last_col).shl(1)
    }
    const fn west(&self, s: &CellSet<W>) -> CellSet<W> {
        s.and(&self.not_first_col).shr(1)
    }
    const fn south(&self, s: &CellSet<W>) -> CellSet<W> {
        s.shl(self.width).and(&self.all)
    }
    const fn north(&self, s: &CellSet<W>) -> CellSet<W> {
        s.shr(self.width)
    }
}

/// The methods [`HexGrid`] and [`SquareGrid`] share: dimensions, indexing, expansion and flood
/// fill over their own `neighbours`.
macro_rules! grid_shared {
    () => {
        /// Board width.
        pub const fn width(&self) -> usize {
            self.m.width
        }

        /// Board height.
        pub const fn height(&self) -> usize {
            self.m.height
        }

        /// Every cell of the board.
        pub const fn all(&self) -> CellSet<W> {
            self.m.all
        }

        /// Index of `(row, col)`.
        pub const fn index(&self, row: usize, col: usize) -> usize {
            row * self.m.width + col
        }

        /// `(row, col)` of an index.
        pub const fn row_col(&self, i: usize) -> (usize, usize) {
            (i / self.m.width, i % self.m.width)
        }

        /// `s` together with its neighbours.
        pub const fn expand(&self, s: &CellSet<W>) -> CellSet<W> {
            self.neighbours(s).or(&s.and(&self.m.all))
        }

        /// The connected part of `within` that contains the cells of `seed` (seed cells
        /// outside `within` are ignored).
        pub const fn flood(&self, seed: &CellSet<W>, within: &CellSet<W>) -> CellSet<W> {
            let mut region = seed.and(within);
            loop {
                let next = self.expand(&region).and(within);
                if next.and_not(&region).is_empty() {
                    return region;
                }
                region = next;
            }
        }
    };
}

/// A `width × height` board of pointy-top hexes in odd-r rows (odd rows shifted right), cells
/// numbered row-major. Neighbours of `(r, c)`: `(r, c±1)`; for even `r` also `(r±1, c−1)` and
/// `(r±1, c)`; for odd `r`, `(r±1, c)` and `(r±1, c+1)`.
///
/// ```
/// use dicecore::cellset::{CellSet, HexGrid};
/// const BOARD: HexGrid<7> = HexGrid::new(20, 20).expect("fits");
/// let one: CellSet<7> = [BOARD.index(2, 5)].into_iter().collect();
/// let n: Vec<(usize, usize)> = BOARD.neighbours(&one).iter().map(|i| BOARD.row_col(i)).collect();
/// assert_eq!(n, vec![(1, 4), (1, 5), (2, 4), (2, 6), (3, 4), (3, 5)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexGrid<const W: usize> {
    m: Masks<W>,
}

impl<const W: usize> HexGrid<W> {
    grid_shared!();

    /// The grid, or `None` if it does not fit in `W` words (or is empty).
    pub const fn new(width: usize, height: usize) -> Option<Self> {
        match Masks::new(width, height) {
            Some(m) => Some(HexGrid { m }),
            None => None,
        }
    }

    /// Every cell adjacent to some cell of `s` (may include cells of `s`).
    pub const fn neighbours(&self, s: &CellSet<W>) -> CellSet<W> {
        let m = &self.m;
        let s = s.and(&m.all);
        let e = m.east(&s);
        let w = m.west(&s);
        // The columns reached in the rows above and below: the cell's own column, plus c − 1
        // from even rows and c + 1 from odd rows (a same-row shift keeps the row's parity).
        let v = s.or(&w.and(&m.even_rows)).or(&e.and(&m.odd_rows));
        e.or(&w).or(&m.north(&v)).or(&m.south(&v)).and(&m.all)
    }

    /// The neighbours of one cell.
    pub const fn neighbours_of(&self, i: usize) -> CellSet<W> {
        let mut s = CellSet::EMPTY;
        s.insert(i);
        self.neighbours(&s).and_not(&s)
    }

    /// The connected regions of `s`, lowest first cell first.
    pub fn regions(&self, s: &CellSet<W>) -> Regions<'_, W> {
        Regions {
            rest: s.and(&self.m.all),
            grid: GridRef::Hex(self),
        }
    }
}

/// A `width × height` board of squares, cells numbered row-major, with 4-neighbourhood or (with
/// `diagonals`) 8-neighbourhood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareGrid<const W: usize> {
    m: Masks<W>,
    diagonals: bool,
}

impl<const W: usize> SquareGrid<W> {
    grid_shared!();

    /// The grid; a compile-time error when used in a `const` that does not fit in `W` words.
    pub const fn new(width: usize, height: usize, diagonals: bool) -> Self {
        match Masks::new(width, height) {
            Some(m) => SquareGrid { m, diagonals },
            None => panic!("board does not fit in the cell set"),
        }
    }

    /// The grid, or `None` if it does not fit in `W` words (or is empty).
    pub const fn try_new(width: usize, height: usize, diagonals: bool) -> Option<Self> {
        match Masks::new(width, height) {
            Some(m) => Some(SquareGrid { m, diagonals }),
            None => None,
        }
    }

    /// Every cell adjacent to some cell of `s` (may include cells of `s`).
    pub const fn neighbours(&self, s: &CellSet<W>) -> CellSet<W> {
        let m = &self.m;
        let s = s.and(&m.all);
        let e = m.east(&s);
        let w = m.west(&s);
        let mut out = e.or(&w).or(&m.north(&s)).or(&m.south(&s));
        if self.diagonals {
            let ew = e.or(&w);
            out = out.or(&m.north(&ew)).or(&m.south(&ew));
        }
        out.and(&m.all)
    }

    /// The connected regions of `s`, lowest first cell first.
    pub fn regions(&self, s: &CellSet<W>) -> Regions<'_, W> {
        Regions {
            rest: s.and(&self.m.all),
            grid: GridRef::Square(self),
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum GridRef<'a, const W: usize> {
    Hex(&'a HexGrid<W>),
    Square(&'a SquareGrid<W>),
}

/// Iterator over the connected regions of a cell set (see [`HexGrid::regions`]).
#[derive(Clone, Debug)]
pub struct Regions<'a, const W: usize> {
    rest: CellSet<W>,
    grid: GridRef<'a, W>,
}

impl<const W: usize> Iterator for Regions<'_, W> {
    type Item = CellSet<W>;
    fn next(&mut self) -> Option<CellSet<W>> {
        let first = self.rest.first()?;
        let mut seed = CellSet::EMPTY;
        seed.insert(first);
        let region = match self.grid {
            GridRef::Hex(g) => g.flood(&seed, &self.rest),
            GridRef::Square(g) => g.flood(&seed, &self.rest),
        };
        self.rest = self.rest.and_not(&region);
        Some(region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Hex;
    use crate::square::Pos;
    use proptest::prelude::*;

    const HEX: HexGrid<7> = match HexGrid::new(20, 20) {
        Some(g) => g,
        None => panic!(),
    };
    const SQ4: SquareGrid<1> = SquareGrid::new(7, 7, false);
    const SQ8: SquareGrid<1> = SquareGrid::new(6, 6, true);

    fn naive_hex_neighbours(i: usize) -> Vec<usize> {
        let (r, c) = HEX.row_col(i);
        let mut v: Vec<usize> = Hex::from_odd_r(r as i32, c as i32)
            .neighbours()
            .iter()
            .map(|h| h.to_odd_r())
            .filter(|&(r, c)| (0..20).contains(&r) && (0..20).contains(&c))
            .map(|(r, c)| HEX.index(r as usize, c as usize))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn hex_neighbours_agree_with_axial_geometry() {
        for i in 0..400 {
            let got: Vec<usize> = HEX.neighbours_of(i).iter().collect();
            assert_eq!(got, naive_hex_neighbours(i), "cell {:?}", HEX.row_col(i));
        }
    }

    #[test]
    fn square_neighbours_agree_with_positions() {
        for (grid, w, diag) in [(SQ4, 7usize, false), (SQ8, 6usize, true)] {
            for i in 0..w * w {
                let (r, c) = grid.row_col(i);
                let p = Pos::new(r as i32, c as i32);
                let mut want: Vec<usize> = if diag {
                    p.neighbours8().to_vec()
                } else {
                    p.neighbours4().to_vec()
                }
                .into_iter()
                .filter(|q| q.within(w as i32, w as i32))
                .map(|q| grid.index(q.row as usize, q.col as usize))
                .collect();
                want.sort();
                let mut one = CellSet::EMPTY;
                one.insert(i);
                let got: Vec<usize> = grid.neighbours(&one).iter().collect();
                assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn regions_split_components() {
        let mut s = CellSet::<1>::EMPTY;
        for (r, c) in [(0, 0), (0, 1), (1, 1), (3, 3), (5, 5), (4, 5)] {
            s.insert(SQ4.index(r, c));
        }
        let sizes: Vec<usize> = SQ4.regions(&s).map(|r| r.count()).collect();
        assert_eq!(sizes, vec![3, 1, 2]);
    }

    proptest! {
        #[test]
        fn set_algebra(a in proptest::collection::vec(0usize..448, 0..60), b in proptest::collection::vec(0usize..448, 0..60)) {
            let sa: CellSet<7> = a.iter().copied().collect();
            let sb: CellSet<7> = b.iter().copied().collect();
            let mut va = a.clone(); va.sort(); va.dedup();
            prop_assert_eq!(sa.iter().collect::<Vec<_>>(), va.clone());
            prop_assert_eq!(sa.count(), va.len());
            prop_assert_eq!((sa | sb).count() + (sa & sb).count(), sa.count() + sb.count());
            prop_assert_eq!((sa - sb) & sb, CellSet::EMPTY);
            prop_assert!((sa & sb).is_subset(&sa));
            for (k, &x) in va.iter().enumerate() {
                prop_assert_eq!(sa.nth(k), Some(x));
                prop_assert!(sa.contains(x));
            }
            for k in [0usize, 1, 20, 63, 64, 65, 130] {
                let up: Vec<usize> = sa.shl(k).iter().collect();
                let want: Vec<usize> = va.iter().map(|x| x + k).filter(|&x| x < 448).collect();
                prop_assert_eq!(up, want);
                let down: Vec<usize> = sa.shr(k).iter().collect();
                let want: Vec<usize> = va.iter().filter(|&&x| x >= k).map(|x| x - k).collect();
                prop_assert_eq!(down, want);
            }
        }

        #[test]
        fn serde_round_trip(a in proptest::collection::vec(0usize..448, 0..60)) {
            let s: CellSet<7> = a.into_iter().collect();
            let json = serde_json::to_string(&s).unwrap();
            prop_assert_eq!(serde_json::from_str::<CellSet<7>>(&json).unwrap(), s);
        }
    }

    #[test]
    fn bad_serialized_index_is_an_error() {
        assert!(serde_json::from_str::<CellSet<1>>("[64]").is_err());
    }
}
