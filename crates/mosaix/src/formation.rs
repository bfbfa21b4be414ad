//! Rolls, formations and the entries a formation allows on a card.

use crate::geometry::{shape_id, tables};
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

    /// Index of this shape and symbol assignment in the formation tables (below
    /// [`FORMATIONS`]).
    pub(crate) fn key(&self) -> usize {
        shape_id(self.shape) * 81 + sym_key(&self.symbols)
    }

    /// The precomputed facts about this shape and symbol assignment.
    pub(crate) fn info(&self) -> &'static FormationInfo {
        &infos()[self.key()]
    }
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
pub(crate) struct FormationInfo {
    canonical: bool,
    /// The distinct labelled rotations: (orientation, symbol index per orientation cell).
    pub(crate) rots: [(u8, [u8; 4]); 4],
    /// How many of `rots` there are.
    pub(crate) n: u8,
}

/// The number of shapes (7) × symbol assignments (81): the range of [`Formation::key`].
pub(crate) const FORMATIONS: usize = 7 * 81;

/// Info of every shape (7) × symbol assignment (81), indexed by [`Formation::key`].
fn infos() -> &'static [FormationInfo] {
    static INFOS: OnceLock<Vec<FormationInfo>> = OnceLock::new();
    INFOS.get_or_init(|| {
        let t = tables();
        let mut v = Vec::with_capacity(FORMATIONS);
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
    use crate::geometry::ALL_CELLS;
    use crate::grid::Marks;
    use dicecore::square::Pos;
    use std::collections::BTreeSet;

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
            let brute = brute_entries(&f, filled, max_drop);
            assert_eq!(fast_set, brute, "formation {f}, filled {filled:#x}");
            assert_eq!(f.has_entry(filled, max_drop), !brute.is_empty());
            for m in &brute {
                assert!(f.is_placement(m));
            }
        }
    }
}
