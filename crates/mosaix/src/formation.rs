//! Rolls, formations and the entries a formation allows on a card.

use crate::geometry::{padded_free, shape_id, shr, tables, Padded, Placement, ALL_CELLS, PADDED};
use crate::grid::Marks;
use dicecore::chance::roll_outcomes;
use dicecore::faces::{Symbol, SYMBOL_DIE};
use dicecore::square::Tetromino;
use dicecore::Probability;
use serde::{Deserialize, Serialize};
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

    /// Calls `f` once for every distinct entry of this formation on a card with `filled` cells
    /// that drops at most `max_drop` symbols over the edge; returns how many there were.
    pub(crate) fn for_each_entry(
        &self,
        filled: u64,
        max_drop: u8,
        mut f: impl FnMut(Marks),
    ) -> usize {
        let info = self.info();
        let free = !filled & ALL_CELLS;
        let mut found = 0;
        // Whole placements: every valid top-left position at once with shifted masks.
        for w in &info.whole[..info.n as usize] {
            let [d0, d1, d2, d3] = w.offsets;
            let mut valid = w.anchors & (free >> d0) & (free >> d1) & (free >> d2) & (free >> d3);
            while valid != 0 {
                let a = valid.trailing_zeros();
                valid &= valid - 1;
                found += 1;
                f(Marks::from_bits([
                    w.marks[0] << a,
                    w.marks[1] << a,
                    w.marks[2] << a,
                ]));
            }
        }
        // Placements hanging over the edge: every valid top-left on the padded board at once,
        // each distinct entry reached from one position only.
        let ov = info.overhangs();
        let fp = padded_free(filled);
        let min = 4u32.saturating_sub(max_drop as u32);
        for k in 0..info.n as usize {
            let [d0, d1, d2, d3] = info.padded_offsets[k];
            let (s0, s1, s2, s3) = (shr(&fp, d0), shr(&fp, d1), shr(&fp, d2), shr(&fp, d3));
            for w in 0..3 {
                let mut valid = ov.anchors[k][w] & s0[w] & s1[w] & s2[w] & s3[w];
                while valid != 0 {
                    let a = w * 64 + valid.trailing_zeros() as usize;
                    valid &= valid - 1;
                    let Some(e) = ov.index[k].get(a).and_then(|&i| ov.entries.get(i as usize))
                    else {
                        continue;
                    };
                    if min > 1 && e[0].count_ones() < min {
                        continue;
                    }
                    found += 1;
                    f(Marks::from_bits([e[1], e[2], e[0] ^ e[1] ^ e[2]]));
                }
            }
        }
        found
    }

    /// How many entries the formation has on an empty card (an upper bound for any card).
    #[cfg(test)]
    pub(crate) fn max_entries(&self) -> usize {
        let info = self.info();
        let whole: u32 = info.whole[..info.n as usize]
            .iter()
            .map(|w| w.anchors.count_ones())
            .sum();
        whole as usize + info.overhangs().entries.len()
    }

    /// Whether some entry exists (as [`Formation::for_each_entry`], stopping at the first).
    pub(crate) fn has_entry(&self, filled: u64, max_drop: u8) -> bool {
        let info = self.info();
        let free = !filled & ALL_CELLS;
        let whole = info.whole[..info.n as usize].iter().any(|w| {
            let [d0, d1, d2, d3] = w.offsets;
            w.anchors & (free >> d0) & (free >> d1) & (free >> d2) & (free >> d3) != 0
        });
        let min = 4u32.saturating_sub(max_drop as u32);
        whole
            || info
                .overhangs()
                .entries
                .iter()
                .any(|e| e[0] & filled == 0 && e[0].count_ones() >= min)
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
        let info = self.info();
        if union.count_ones() == 4 {
            // A whole placement: its top-left anchor follows from the lowest cell.
            return info.whole[..info.n as usize].iter().any(|w| {
                let tz = (w.marks[0] | w.marks[1] | w.marks[2]).trailing_zeros();
                low >= tz && {
                    let a = low - tz;
                    w.anchors >> a & 1 == 1
                        && [w.marks[0] << a, w.marks[1] << a, w.marks[2] << a] == bits
                }
            });
        }
        let low = low as usize;
        let t = tables();
        info.rots[..info.n as usize].iter().any(|&(o, lab)| {
            let o = &t.orientations[o as usize];
            let range = o.start[low] as usize..o.start[low + 1] as usize;
            o.placements[range]
                .iter()
                .any(|p| p.union == union && masks(p, &lab) == bits)
        })
    }
}

/// The symbol masks a placement writes with labels `lab` on the orientation's cells.
fn masks(p: &Placement, lab: &[u8; 4]) -> [u64; 3] {
    let mut m = [0u64; 3];
    for j in 0..4 {
        m[lab[j] as usize] |= p.bits[j];
    }
    m
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
    /// Per distinct labelled rotation: where it fits whole and what it writes at cell 0.
    whole: [Whole; 4],
    /// Padded-board offsets of the cells of each distinct labelled rotation.
    padded_offsets: [[u8; 4]; 4],
    /// Every distinct entry hanging over the edge, built on first use.
    overhangs: OnceLock<Overhangs>,
}

/// The entries of a formation that hang over the edge.
struct Overhangs {
    /// Each distinct entry once, as `[all cells, circles, triangles]` (crosses are the rest).
    entries: Box<[[u64; 3]]>,
    /// Per distinct labelled rotation: the padded top-left positions that give an entry not
    /// given by an earlier rotation or position.
    anchors: [Padded; 4],
    /// Per distinct labelled rotation and padded position: the index of its entry.
    index: Box<[[u16; PADDED * PADDED]; 4]>,
}

/// A labelled rotation placed whole on the grid.
#[derive(Clone, Copy, Debug, Default)]
struct Whole {
    /// Top-left positions where it lies wholly on the grid.
    anchors: u64,
    /// Grid offsets of its cells from the top-left.
    offsets: [u8; 4],
    /// Symbol masks with the top-left at cell 0 (shift by the anchor).
    marks: [u64; 3],
}

impl FormationInfo {
    fn overhangs(&self) -> &Overhangs {
        self.overhangs.get_or_init(|| self.build_overhangs())
    }

    fn build_overhangs(&self) -> Overhangs {
        let t = tables();
        debug_assert!(t.clips * 27 <= SEEN_WORDS * 64);
        let mut seen = vec![0u64; SEEN_WORDS];
        let mut entries = Vec::new();
        let mut anchors = [[0u64; 3]; 4];
        let mut index = Box::new([[u16::MAX; PADDED * PADDED]; 4]);
        for (k, &(o, lab)) in self.rots[..self.n as usize].iter().enumerate() {
            let mut list: Vec<&Placement> = t.orientations[o as usize]
                .placements
                .iter()
                .filter(|p| p.count < 4)
                .collect();
            list.sort_by_key(|p| p.anchor);
            for p in list {
                let mut key = p.clip as usize * 27;
                let mut mul = 1;
                for j in 0..p.count as usize {
                    key += lab[p.order[j] as usize] as usize * mul;
                    mul *= 3;
                }
                let (w, b) = (key / 64, key % 64);
                if w >= SEEN_WORDS || seen[w] & (1 << b) != 0 {
                    continue;
                }
                seen[w] |= 1 << b;
                let a = p.anchor as usize;
                anchors[k][a / 64] |= 1 << (a % 64);
                index[k][a] = entries.len() as u16;
                let m = masks(p, &lab);
                entries.push([m[0] | m[1] | m[2], m[0], m[1]]);
            }
        }
        Overhangs {
            entries: entries.into_boxed_slice(),
            anchors,
            index,
        }
    }
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
                let mut whole = [Whole::default(); 4];
                let mut padded_offsets = [[0u8; 4]; 4];
                let mut n = 0;
                for rot in rots_of {
                    let lab = rot.perm.map(|i| symbols[i as usize].index() as u8);
                    let item = (rot.orientation, lab);
                    if !rots[..n].contains(&item) {
                        rots[n] = item;
                        let o = &t.orientations[rot.orientation as usize];
                        let mut marks = [0u64; 3];
                        for j in 0..4 {
                            marks[lab[j] as usize] |= 1 << o.offsets[j];
                        }
                        padded_offsets[n] = o.padded_offsets;
                        whole[n] = Whole {
                            anchors: o.anchors,
                            offsets: o.offsets,
                            marks,
                        };
                        n += 1;
                    }
                }
                v.push(FormationInfo {
                    canonical: best == symbols,
                    rots,
                    n: n as u8,
                    whole,
                    padded_offsets,
                    overhangs: OnceLock::new(),
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

/// The most entries any formation has (on an empty card; checked by a test), so a caller's
/// buffer can be sized once.
pub(crate) const MAX_ENTRIES: usize = 272;

/// Words of the dedup bitset of entries that hang over the edge (checked by a test).
pub(crate) const SEEN_WORDS: usize = 160;

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.symbols.map(|s| s.glyph());
        write!(f, "{} [{a} {b} {c} {d}]", self.shape.letter())
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
        assert!(forms < MAX_ENTRIES);
    }

    #[test]
    fn dedup_bitset_is_large_enough() {
        assert!(tables().clips * 27 <= SEEN_WORDS * 64, "{}", tables().clips);
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
