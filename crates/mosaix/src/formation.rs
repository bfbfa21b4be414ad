//! Rolls, formations and the entries a formation allows on a card.

use crate::geometry::{shape_id, tables, ALL_CELLS, SIZE};
use crate::grid::Marks;
use dicecore::chance::roll_outcomes;
use dicecore::faces::{Symbol, SYMBOL_DIE};
use dicecore::square::Tetromino;
use dicecore::Probability;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// The four symbol dice after a roll, sorted (circle < triangle < cross).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Roll(pub [Symbol; 4]);

impl Roll {
    /// The roll of these four symbols in any order.
    pub fn new(mut symbols: [Symbol; 4]) -> Roll {
        symbols.sort_unstable();
        Roll(symbols)
    }

    /// Whether the symbols are sorted (the form every listed roll has).
    pub fn is_sorted(&self) -> bool {
        self.0.windows(2).all(|w| w[0] <= w[1])
    }

    /// Reads the four symbols of a roll as a person types them, in any order: by name
    /// (`circle`, `triangle`, `cross`, also in the plural), by the characters the cards show
    /// (`o`, `^`, `x`; `t` for a triangle), or as the roll's own text (`the dice show o o ^ x`);
    /// separated by spaces or commas, or written together (`oo^x`). `None` unless exactly four
    /// symbols are read.
    ///
    /// ```
    /// use mosaix::{Roll, Symbol::*};
    /// let roll = Roll::new([Circle, Circle, Triangle, Cross]);
    /// assert_eq!(Roll::parse("x o ^ o"), Some(roll));
    /// assert_eq!(Roll::parse("Cross, circle, TRIANGLE, circle"), Some(roll));
    /// assert_eq!(Roll::parse("oo^x"), Some(roll));
    /// assert_eq!(Roll::parse("2 circles, triangle, cross"), None);
    /// assert_eq!(Roll::parse("o o ^"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Roll> {
        let text = text.trim().to_lowercase();
        let text = text.strip_prefix("the dice show").unwrap_or(&text);
        let mut symbols = Vec::with_capacity(4);
        for word in text.split(|c: char| c.is_whitespace() || c == ',') {
            match word {
                "" => {}
                "circle" | "circles" => symbols.push(Symbol::Circle),
                "triangle" | "triangles" => symbols.push(Symbol::Triangle),
                "cross" | "crosses" => symbols.push(Symbol::Cross),
                letters => {
                    for c in letters.chars() {
                        symbols.push(match c {
                            'o' | '○' => Symbol::Circle,
                            '^' | 't' | '△' => Symbol::Triangle,
                            'x' | '✕' | '×' => Symbol::Cross,
                            _ => return None,
                        });
                    }
                }
            }
        }
        <[Symbol; 4]>::try_from(symbols).ok().map(Roll::new)
    }

    /// The position of this roll in [`Roll::outcomes`] (`None` for a roll whose symbols are not
    /// sorted).
    ///
    /// ```
    /// use mosaix::{Roll, Symbol::*};
    /// assert_eq!(Roll([Circle; 4]).outcome_index(), Some(0));
    /// assert_eq!(Roll([Cross, Circle, Circle, Circle]).outcome_index(), None);
    /// ```
    pub fn outcome_index(&self) -> Option<usize> {
        static INDEX: OnceLock<[u8; 81]> = OnceLock::new();
        let index = INDEX.get_or_init(|| {
            let mut index = [u8::MAX; 81];
            for (i, (r, _)) in Roll::outcomes().iter().enumerate() {
                index[sym_key(&r.0)] = i as u8;
            }
            index
        });
        match index[sym_key(&self.0)] {
            u8::MAX => None,
            i => Some(i as usize),
        }
    }

    /// The 15 possible rolls with their exact probabilities (e.g. four circles 1/81).
    pub fn outcomes() -> &'static [(Roll, Probability)] {
        static OUTCOMES: OnceLock<Vec<(Roll, Probability)>> = OnceLock::new();
        OUTCOMES.get_or_init(|| {
            roll_outcomes(&SYMBOL_DIE, 4)
                .into_iter()
                .filter_map(|(v, p)| Some((Roll(<[Symbol; 4]>::try_from(v).ok()?), p)))
                .collect()
        })
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.0.map(|s| s.glyph());
        write!(f, "{a} {b} {c} {d}")
    }
}

/// A formation: one of the 7 one-sided tetrominoes with a symbol on each cell.
///
/// `symbols[i]` lies on `shape.cells()[i]` (the shape's base orientation). Formations that are
/// rotations of each other are the same formation (every player may rotate it), so each has one
/// canonical form: the lexicographically smallest `symbols` among the rotations that map the
/// shape onto itself. Actions carry canonical formations; build them with
/// [`Formation::canonical`].
///
/// ```
/// use mosaix::{Formation, Tetromino};
/// use mosaix::Symbol::{Circle as O, Cross as X};
/// // An I of o o o x read from either end is the same formation.
/// let a = Formation::canonical(Tetromino::I, [X, O, O, O]);
/// assert_eq!(a, Formation::canonical(Tetromino::I, [O, O, O, X]));
/// assert_eq!(a.symbols, [O, O, O, X]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Formation {
    /// The shape.
    pub shape: Tetromino,
    /// The symbol on each cell of `shape.cells()`.
    pub symbols: [Symbol; 4],
}

impl Formation {
    /// The canonical form of this shape with these symbols (see the type's documentation).
    pub fn canonical(shape: Tetromino, symbols: [Symbol; 4]) -> Formation {
        let rots = &tables().rotations[shape_id(shape)];
        let base = rots[0].orientation;
        let mut best = symbols;
        for rot in &rots[1..] {
            if rot.orientation == base {
                let alt = rot.perm.map(|i| symbols[i as usize]);
                if alt < best {
                    best = alt;
                }
            }
        }
        Formation {
            shape,
            symbols: best,
        }
    }

    /// Whether this is the canonical form of its formation.
    pub fn is_canonical(&self) -> bool {
        self.info().canonical
    }

    /// The formation's symbols as a sorted roll.
    pub fn roll(&self) -> Roll {
        Roll::new(self.symbols)
    }

    /// Every distinct formation of a roll, in order of shape then symbols.
    pub fn all_of(roll: Roll, mut f: impl FnMut(Formation)) {
        for &form in &formations_of_rolls()[roll_key(roll)] {
            f(form);
        }
    }

    /// Index of this shape and symbol assignment in the formation tables.
    fn key(&self) -> usize {
        shape_id(self.shape) * 81 + sym_key(&self.symbols)
    }

    fn info(&self) -> &'static FormationInfo {
        &infos()[self.key()]
    }

    /// The entry patterns of this formation, built on first use.
    fn families(&self) -> &'static [Family] {
        let info = self.info();
        info.families.get_or_init(|| build_families(info))
    }

    /// Calls `f` once for every distinct entry of this formation on a card with `filled` cells
    /// that drops at most `max_drop` symbols over the edge; returns how many there were.
    pub(crate) fn for_each_entry(
        &self,
        filled: u64,
        max_drop: u8,
        mut f: impl FnMut(Marks),
    ) -> usize {
        let mut found = 0;
        for (mut valid, [c, t, x]) in self.entry_patterns(filled, max_drop) {
            while valid != 0 {
                let a = valid.trailing_zeros();
                valid &= valid - 1;
                found += 1;
                f(Marks::from_bits([c << a, t << a, x << a]));
            }
        }
        found
    }

    /// The entries of this formation on a card with `filled` cells that drop at most
    /// `max_drop` symbols, pattern by pattern: the anchors at which the pattern is an entry
    /// (possibly none) and its symbol masks with the anchor on cell 0. The entries are the
    /// masks shifted to each anchor, in this order (the order of
    /// [`Formation::for_each_entry`]).
    pub(crate) fn entry_patterns(&self, filled: u64, max_drop: u8) -> Patterns {
        let families = self.families();
        let end = families.partition_point(|fam| fam.drops <= max_drop);
        Patterns {
            families: families[..end].iter(),
            free: !filled & ALL_CELLS,
            fits: 0,
        }
    }

    /// The entries of this formation on a card with `filled` cells that drop at most
    /// `max_drop` symbols, for listing them fast: writes into `fits[i]` the anchors at which
    /// pattern `i` is an entry and returns the set of patterns with at least one (bit `i`)
    /// and the patterns. Computed without a branch per pattern, so that only the patterns
    /// with entries cost a loop.
    pub(crate) fn pattern_fits(
        &self,
        filled: u64,
        max_drop: u8,
        fits: &mut [u64; MAX_PATTERNS],
    ) -> (u32, &'static [Family]) {
        let families = self.families();
        let end = families.partition_point(|fam| fam.drops <= max_drop);
        let free = !filled & ALL_CELLS;
        let mut nonempty = 0u32;
        for ((i, fam), fit) in families[..end].iter().enumerate().zip(fits.iter_mut()) {
            let [d0, d1, d2, d3] = fam.offsets;
            let v = fam.anchors & (free >> d0) & (free >> d1) & (free >> d2) & (free >> d3);
            *fit = v;
            nonempty |= u32::from(v != 0) << i;
        }
        (nonempty, families)
    }

    /// The entries of this formation on a card with `filled` cells that drop at most
    /// `max_drop` symbols, counted and numbered in the order of
    /// [`Formation::for_each_entry`] without listing them (for drawing one at random).
    pub(crate) fn entry_index(&self, filled: u64, max_drop: u8) -> EntryIndex {
        let mut fits = [0u64; MAX_PATTERNS];
        let (nonempty, patterns) = self.pattern_fits(filled, max_drop, &mut fits);
        let mut rest = nonempty;
        let mut len = 0;
        while rest != 0 {
            len += fits[rest.trailing_zeros() as usize].count_ones() as usize;
            rest &= rest - 1;
        }
        EntryIndex {
            fits,
            nonempty,
            patterns,
            len,
        }
    }

    /// How many entries the formation has on an empty card (an upper bound for any card).
    #[cfg(test)]
    pub(crate) fn max_entries(&self) -> usize {
        self.entry_index(0, 4).len()
    }

    /// Whether some entry exists (as [`Formation::for_each_entry`], stopping at the first).
    pub(crate) fn has_entry(&self, filled: u64, max_drop: u8) -> bool {
        self.entry_patterns(filled, max_drop)
            .any(|(valid, _)| valid != 0)
    }

    /// Whether `marks` is what some placement of this formation writes (ignoring what is
    /// already on the card).
    pub(crate) fn is_placement(&self, marks: &Marks) -> bool {
        let bits = marks.bits();
        let union = bits[0] | bits[1] | bits[2];
        if union == 0 || !marks.is_well_formed() {
            return false;
        }
        let low = union.trailing_zeros();
        let drops = 4 - union.count_ones().min(4) as u8;
        let families = self.families();
        let first = families.partition_point(|fam| fam.drops < drops);
        families[first..]
            .iter()
            .take_while(|fam| fam.drops == drops)
            .filter(|fam| low >= u32::from(fam.low))
            .any(|fam| {
                let a = low - u32::from(fam.low);
                fam.anchors >> a & 1 == 1 && fam.at(a) == *marks
            })
    }
}

/// One pattern of entries of a formation: 1–4 cells with their symbols (the part of some
/// turned formation that lands on the card), written at every anchor of `anchors`. A
/// formation's entries are the union of its families; each distinct entry belongs to exactly
/// one family at one anchor, so listing needs no deduplication and whether the pattern fits
/// at every anchor at once is a few shifts of the free-cell mask.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Family {
    /// Offsets of the cells from the anchor (`row * 7 + col`; the first repeated when there
    /// are fewer than 4 cells).
    offsets: [u8; 4],
    /// Anchor cells (the top left of the pattern's bounding box) at which the pattern lies on
    /// the card and is an entry of the formation.
    anchors: u64,
    /// Symbol masks (circle, triangle, cross) with the anchor on cell 0.
    pub(crate) marks: [u64; 3],
    /// Symbols dropped over the edge (4 minus the pattern's cells).
    drops: u8,
    /// Lowest cell of the pattern with the anchor on cell 0.
    low: u8,
    /// Whether the previous family has the same cells (so the free-cell test is shared).
    same_cells: bool,
}

/// The entries of a formation on one card, counted and numbered ([`Formation::entry_index`]).
pub(crate) struct EntryIndex {
    fits: [u64; MAX_PATTERNS],
    nonempty: u32,
    patterns: &'static [Family],
    len: usize,
}

impl EntryIndex {
    /// How many entries there are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The `n`-th entry (`None` past the last).
    pub(crate) fn get(&self, mut n: usize) -> Option<Marks> {
        let mut rest = self.nonempty;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut valid = self.fits[i];
            let count = valid.count_ones() as usize;
            if n >= count {
                n -= count;
                continue;
            }
            for _ in 0..n {
                valid &= valid - 1;
            }
            let a = valid.trailing_zeros();
            let [c, t, x] = self.patterns.get(i)?.marks;
            return Some(Marks::from_bits([c << a, t << a, x << a]));
        }
        None
    }
}

/// The entries of a formation on one card, pattern by pattern ([`Formation::entry_patterns`]).
pub(crate) struct Patterns {
    families: std::slice::Iter<'static, Family>,
    free: u64,
    /// Anchors at which the cells of the current pattern are free.
    fits: u64,
}

impl Iterator for Patterns {
    type Item = (u64, [u64; 3]);

    #[inline]
    fn next(&mut self) -> Option<(u64, [u64; 3])> {
        let fam = self.families.next()?;
        if !fam.same_cells {
            let [d0, d1, d2, d3] = fam.offsets;
            let free = self.free;
            self.fits = (free >> d0) & (free >> d1) & (free >> d2) & (free >> d3);
        }
        Some((fam.anchors & self.fits, fam.marks))
    }
}

impl Family {
    /// The entry at anchor `a`.
    #[inline]
    fn at(&self, a: u32) -> Marks {
        let [c, t, x] = self.marks;
        Marks::from_bits([c << a, t << a, x << a])
    }
}

/// The families of a formation: every turn and every position of it with at least one cell on
/// the card, grouped by the pattern that lands on the card; fewest drops first.
fn build_families(info: &FormationInfo) -> Box<[Family]> {
    let t = tables();
    let n = SIZE as i32;
    let mut patterns: BTreeMap<(u8, [u64; 3]), u64> = BTreeMap::new();
    for &(o, lab) in &info.rots[..info.n as usize] {
        let cells = t.orientations[o as usize]
            .offsets
            .map(|d| (i32::from(d) / n, i32::from(d) % n));
        let h = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let w = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        for dr in 1 - h..n {
            for dc in 1 - w..n {
                let on =
                    |&(r, c): &(i32, i32)| (0..n).contains(&(r + dr)) && (0..n).contains(&(c + dc));
                let (mut count, mut min_r, mut min_c) = (0, n, n);
                for cell in cells.iter().filter(|c| on(c)) {
                    count += 1;
                    min_r = min_r.min(cell.0 + dr);
                    min_c = min_c.min(cell.1 + dc);
                }
                if count == 0 {
                    continue;
                }
                let mut marks = [0u64; 3];
                for (cell, s) in cells.iter().zip(lab).filter(|(c, _)| on(c)) {
                    marks[s as usize] |= 1 << ((cell.0 + dr - min_r) * n + cell.1 + dc - min_c);
                }
                let drops = (4 - count) as u8;
                *patterns.entry((drops, marks)).or_insert(0) |= 1 << (min_r * n + min_c);
            }
        }
    }
    let mut list: Vec<((u8, [u64; 3]), u64)> = patterns.into_iter().collect();
    // Fewest drops first; patterns on the same cells next to each other.
    list.sort_by_key(|&((drops, m), _)| (drops, m[0] | m[1] | m[2], m));
    let mut previous = 0u64;
    list.into_iter()
        .map(|((drops, marks), anchors)| {
            let union = marks[0] | marks[1] | marks[2];
            let mut offsets = [union.trailing_zeros() as u8; 4];
            let mut rest = union;
            for d in offsets.iter_mut() {
                if rest != 0 {
                    *d = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                }
            }
            let same_cells = union == previous;
            previous = union;
            Family {
                offsets,
                anchors,
                marks,
                drops,
                low: union.trailing_zeros() as u8,
                same_cells,
            }
        })
        .collect()
}

fn sym_key(symbols: &[Symbol; 4]) -> usize {
    symbols.iter().rev().fold(0, |acc, s| acc * 3 + s.index())
}

fn roll_key(roll: Roll) -> usize {
    let mut sorted = roll.0;
    sorted.sort_unstable();
    sym_key(&sorted)
}

/// Precomputed facts about one shape with one symbol assignment.
struct FormationInfo {
    canonical: bool,
    /// The distinct labelled rotations: (orientation, symbol index per orientation cell).
    rots: [(u8, [u8; 4]); 4],
    n: u8,
    /// The entry patterns, built on first use.
    families: OnceLock<Box<[Family]>>,
}

/// Info of every shape (7) × symbol assignment (81), indexed by [`Formation::key`].
fn infos() -> &'static [FormationInfo] {
    static INFOS: OnceLock<Vec<FormationInfo>> = OnceLock::new();
    INFOS.get_or_init(|| {
        let t = tables();
        let mut v = Vec::with_capacity(7 * 81);
        for si in 0..Tetromino::ALL.len() {
            for k in 0..81 {
                let mut symbols = [Symbol::Circle; 4];
                let mut x = k;
                for s in symbols.iter_mut() {
                    *s = Symbol::ALL[x % 3];
                    x /= 3;
                }
                let rots_of = &t.rotations[si];
                let base = rots_of[0].orientation;
                let mut best = symbols;
                for rot in &rots_of[1..] {
                    if rot.orientation == base {
                        let alt = rot.perm.map(|i| symbols[i as usize]);
                        best = best.min(alt);
                    }
                }
                let mut rots = [(0u8, [0u8; 4]); 4];
                let mut n = 0;
                for rot in rots_of {
                    let lab = rot.perm.map(|i| symbols[i as usize].index() as u8);
                    let item = (rot.orientation, lab);
                    if !rots[..n].contains(&item) {
                        rots[n] = item;
                        n += 1;
                    }
                }
                v.push(FormationInfo {
                    canonical: best == symbols,
                    rots,
                    n: n as u8,
                    families: OnceLock::new(),
                });
            }
        }
        v
    })
}

/// The canonical formations of every roll, indexed by the roll's symbol key.
fn formations_of_rolls() -> &'static [Vec<Formation>] {
    static FORMS: OnceLock<Vec<Vec<Formation>>> = OnceLock::new();
    FORMS.get_or_init(|| {
        let mut v = vec![Vec::new(); 81];
        for (roll, _) in Roll::outcomes() {
            let list = &mut v[roll_key(*roll)];
            for shape in Tetromino::ALL {
                let mut symbols = roll.0;
                symbols.sort_unstable();
                loop {
                    let form = Formation { shape, symbols };
                    if form.info().canonical {
                        list.push(form);
                    }
                    if !next_permutation(&mut symbols) {
                        break;
                    }
                }
            }
        }
        v
    })
}

/// The most entry patterns any formation has (checked by a test).
pub(crate) const MAX_PATTERNS: usize = 32;

/// The most entries any formation has (on an empty card; checked by a test), so a caller's
/// buffer can be sized once.
pub(crate) const MAX_ENTRIES: usize = 272;

fn next_permutation(v: &mut [Symbol; 4]) -> bool {
    let Some(i) = (0..3).rev().find(|&i| v[i] < v[i + 1]) else {
        return false;
    };
    let j = (i + 1..4).rev().find(|&j| v[j] > v[i]).unwrap_or(i + 1);
    v.swap(i, j);
    v[i + 1..].reverse();
    true
}

impl fmt::Display for Formation {
    /// The shape's letter and a one-line picture of its base orientation: rows separated by
    /// `/`, `.` where the shape has no cell, e.g. `T [o o ^ / . x .]`, `I [o o ^ x]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.shape.cells();
        let rows = cells.iter().map(|p| p.row).max().unwrap_or(0) + 1;
        let cols = cells.iter().map(|p| p.col).max().unwrap_or(0) + 1;
        write!(f, "{} [", self.shape.letter())?;
        for r in 0..rows {
            if r > 0 {
                f.write_str(" / ")?;
            }
            for c in 0..cols {
                if c > 0 {
                    f.write_str(" ")?;
                }
                let at = cells.iter().position(|p| p.row == r && p.col == c);
                let glyph = at.map_or('.', |i| self.symbols[i].glyph());
                write!(f, "{glyph}")?;
            }
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicecore::square::Pos;
    use std::collections::BTreeSet;

    #[test]
    fn max_entries_bound() {
        let mut best = 0;
        let mut forms = 0;
        for (roll, _) in Roll::outcomes() {
            let mut n = 0;
            Formation::all_of(*roll, |f| {
                best = best.max(f.max_entries());
                n += 1;
            });
            forms = forms.max(n);
        }
        assert_eq!(best, MAX_ENTRIES);
        let mut patterns = 0;
        for (roll, _) in Roll::outcomes() {
            Formation::all_of(*roll, |f| patterns = patterns.max(f.families().len()));
        }
        assert!(patterns <= MAX_PATTERNS, "{patterns} patterns");
        assert!(forms < MAX_ENTRIES);
    }

    /// Labelled cells of a formation turned `r` quarter turns, normalised and sorted.
    fn labelled(f: &Formation, r: usize) -> Vec<(Pos, Symbol)> {
        let mut cells = f.shape.cells();
        for _ in 0..r {
            cells = cells.map(Pos::rotate_cw);
        }
        let min_r = cells.iter().map(|p| p.row).min().unwrap();
        let min_c = cells.iter().map(|p| p.col).min().unwrap();
        let mut v: Vec<(Pos, Symbol)> = cells
            .iter()
            .zip(f.symbols)
            .map(|(p, s)| (Pos::new(p.row - min_r, p.col - min_c), s))
            .collect();
        v.sort();
        v
    }

    /// The listed formations are exactly the rotation classes of all assignments.
    #[test]
    fn formations_are_the_rotation_classes() {
        for (roll, _) in Roll::outcomes() {
            let mut listed = Vec::new();
            Formation::all_of(*roll, |f| listed.push(f));
            let mut classes: BTreeSet<(Tetromino, Vec<(Pos, Symbol)>)> = BTreeSet::new();
            for shape in Tetromino::ALL {
                let mut perm = roll.0;
                loop {
                    let f = Formation {
                        shape,
                        symbols: perm,
                    };
                    let class = (0..4).map(|r| labelled(&f, r)).min().unwrap();
                    classes.insert((shape, class));
                    if !next_permutation(&mut perm) {
                        break;
                    }
                }
            }
            assert_eq!(listed.len(), classes.len(), "roll {roll}");
            let set: BTreeSet<_> = listed.iter().collect();
            assert_eq!(set.len(), listed.len());
        }
        let all_o = Roll([Symbol::Circle; 4]);
        let mut n = 0;
        Formation::all_of(all_o, |_| n += 1);
        assert_eq!(n, 7);
    }

    /// The entries of a formation by brute force: every rotation (never mirrored) and
    /// position, at least one symbol on the card, none on a filled cell, at most `max_drop`
    /// symbols over the edge; each distinct result once.
    fn brute_entries(f: &Formation, filled: u64, max_drop: u8) -> BTreeSet<Marks> {
        let mut brute = BTreeSet::new();
        for r in 0..4 {
            let cells = labelled(f, r);
            for dr in -4..8 {
                for dc in -4..8 {
                    let mut m = [0u64; 3];
                    for (p, s) in &cells {
                        let (rr, cc) = (p.row + dr, p.col + dc);
                        if (0..7).contains(&rr) && (0..7).contains(&cc) {
                            m[s.index()] |= 1 << (rr * 7 + cc);
                        }
                    }
                    let u = m[0] | m[1] | m[2];
                    let dropped = 4 - u.count_ones() as u8;
                    if u != 0 && u & filled == 0 && dropped <= max_drop {
                        brute.insert(Marks::from_bits(m));
                    }
                }
            }
        }
        brute
    }

    /// Every formation of every roll, on an empty card and on a card with a filled band:
    /// each distinct entry exactly once, as the brute force finds them.
    #[test]
    fn every_formation_lists_each_entry_once() {
        let band = 0b111_1111u64 << 21 | 1 << 3 | 1 << 45;
        for (roll, _) in Roll::outcomes() {
            Formation::all_of(*roll, |f| {
                for (filled, max_drop) in [(0, 4), (band, 4), (band, 1)] {
                    let mut fast = Vec::new();
                    let n = f.for_each_entry(filled, max_drop, |m| fast.push(m));
                    assert_eq!(n, fast.len());
                    let set: BTreeSet<Marks> = fast.iter().copied().collect();
                    assert_eq!(set.len(), fast.len(), "{f}: an entry is listed twice");
                    assert_eq!(set, brute_entries(&f, filled, max_drop), "{f}");
                    // Sampling by index: every index names a listed entry, in listing order.
                    let index = f.entry_index(filled, max_drop);
                    assert_eq!(index.len(), n);
                    let by_index: Vec<Marks> = (0..n).map(|i| index.get(i).unwrap()).collect();
                    assert_eq!(by_index, fast);
                    assert_eq!(index.get(n), None);
                    assert_eq!(f.has_entry(filled, max_drop), n > 0);
                }
            });
        }
    }

    /// Entries agree with a brute force over rotations and positions.
    #[test]
    fn entries_match_brute_force() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for k in 0..60 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let filled = if k % 4 == 0 {
                0
            } else {
                x & (x >> 3) & ALL_CELLS
            };
            let (roll, _) = Roll::outcomes()[k % 15];
            let mut forms = Vec::new();
            Formation::all_of(roll, |f| forms.push(f));
            let f = forms[(x as usize >> 20) % forms.len()];
            let max_drop = (k % 5) as u8;
            let mut fast = Vec::new();
            f.for_each_entry(filled, max_drop, |m| fast.push(m));
            let fast_set: BTreeSet<Marks> = fast.iter().copied().collect();
            assert_eq!(fast_set.len(), fast.len(), "an entry is listed twice");
            let mut brute = BTreeSet::new();
            for r in 0..4 {
                let cells = labelled(&f, r);
                for dr in -4..8 {
                    for dc in -4..8 {
                        let mut m = [0u64; 3];
                        for (p, s) in &cells {
                            let (rr, cc) = (p.row + dr, p.col + dc);
                            if (0..7).contains(&rr) && (0..7).contains(&cc) {
                                m[s.index()] |= 1 << (rr * 7 + cc);
                            }
                        }
                        let u = m[0] | m[1] | m[2];
                        let dropped = 4 - u.count_ones() as u8;
                        if u != 0 && u & filled == 0 && dropped <= max_drop {
                            brute.insert(Marks::from_bits(m));
                        }
                    }
                }
            }
            assert_eq!(fast_set, brute, "formation {f}, filled {filled:#x}");
            assert_eq!(f.has_entry(filled, max_drop), !brute.is_empty());
            for m in &brute {
                assert!(f.is_placement(m));
            }
        }
    }
}
