//! The geometry of the 20×20 board: hex cells as bits, the six directions, neighbour sets,
//! straight lines and Paddock jumps, connected groups, the board edge, rows and sector
//! quadrants, all as word operations on cell sets.

use dicecore::cellset::{CellSet, HexGrid};
use dicecore::hex::{Direction, Hex};

/// A set of cells of the 20×20 board (bit `row * 20 + col`).
pub type Cells = CellSet<7>;

/// Board width and height in hexes.
pub const SIDE: usize = 20;
/// Number of hexes on the board.
pub const CELLS: usize = SIDE * SIDE;

/// The 20×20 odd-r hex grid.
pub const GRID: HexGrid<7> = match HexGrid::new(SIDE, SIDE) {
    Some(g) => g,
    None => panic!("a 20x20 board fits in 7 words"),
};

/// The six directions on the odd-r board: east, north-east, north-west, west, south-west,
/// south-east.
pub const DIRECTIONS: usize = 6;

/// The neighbour of cell `i` in direction `d` (see [`DIRECTIONS`]; `d` is read modulo 6),
/// `None` off the board: the odd-r cell read as a [`Hex`], stepped in [`Direction::ALL`]`[d]`
/// and read back. Run at compile time only (it builds the step tables below); the run-time
/// neighbour sets are word shifts ([`GRID`]).
pub const fn step(i: usize, d: usize) -> Option<usize> {
    let at = Hex::from_odd_r((i / SIDE) as i32, (i % SIDE) as i32);
    let (r, c) = at.neighbour(Direction::ALL[d % DIRECTIONS]).to_odd_r();
    if r < 0 || c < 0 || r >= SIDE as i32 || c >= SIDE as i32 {
        None
    } else {
        Some(r as usize * SIDE + c as usize)
    }
}

const NONE: u16 = u16::MAX;

/// For each cell and direction, the cell `steps` hexes away in a straight line ([`step`]
/// repeated), `u16::MAX` where that leaves the board.
const fn straight_table(steps: usize) -> [[u16; 6]; CELLS] {
    let mut t = [[NONE; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            let (mut at, mut k) = (Some(i), 0);
            while k < steps {
                at = match at {
                    Some(a) => step(a, d),
                    None => None,
                };
                k += 1;
            }
            if let Some(a) = at {
                t[i][d] = a as u16;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

/// For each cell, the cells exactly 2 hexes away in a straight line (Paddock), `u16::MAX`
/// where off the board.
pub const JUMPS: [[u16; 6]; CELLS] = straight_table(2);

/// For each cell, its neighbour in each direction ([`step`]), `u16::MAX` where off the board.
pub static STEPS: [[u16; 6]; CELLS] = straight_table(1);

const fn neighbour_table() -> [Cells; CELLS] {
    let mut t = [Cells::EMPTY; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = GRID.neighbours_of(i);
        i += 1;
    }
    t
}

const fn single_table() -> [Cells; CELLS] {
    let mut t = [Cells::EMPTY; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i].insert(i);
        i += 1;
    }
    t
}

/// Each cell alone, as a set: adding or removing a cell by a whole-set operation writes the
/// set the way the next whole-set operation reads it (no store-forwarding stall).
pub static SINGLE: [Cells; CELLS] = single_table();

/// The neighbours of each cell as a set.
pub static NEIGHBOURS: [Cells; CELLS] = neighbour_table();

const fn masks() -> [Cells; 5] {
    // even rows, odd rows, not first column, not last column, board edge
    let mut m = [Cells::EMPTY; 5];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / SIDE, i % SIDE);
        if r % 2 == 0 {
            m[0].insert(i);
        } else {
            m[1].insert(i);
        }
        if c > 0 {
            m[2].insert(i);
        }
        if c + 1 < SIDE {
            m[3].insert(i);
        }
        if r == 0 || c == 0 || r == SIDE - 1 || c == SIDE - 1 {
            m[4].insert(i);
        }
        i += 1;
    }
    m
}

const MASKS: [Cells; 5] = masks();
const ALL_WORDS: [u64; 7] = *GRID.all().words();

#[inline(always)]
fn shl_words(w: &[u64; 7], k: u32) -> [u64; 7] {
    let mut o = [0u64; 7];
    o[0] = w[0] << k;
    for i in 1..7 {
        o[i] = (w[i] << k) | (w[i - 1] >> (64 - k));
    }
    o
}

#[inline(always)]
fn shr_words(w: &[u64; 7], k: u32) -> [u64; 7] {
    let mut o = [0u64; 7];
    for i in 0..6 {
        o[i] = (w[i] >> k) | (w[i + 1] << (64 - k));
    }
    o[6] = w[6] >> k;
    o
}

/// Every hex adjacent to some hex of `s` (may include hexes of `s`): the same set as
/// `GRID.neighbours(s)`, specialised to the 20×20 board with 4 word shifts.
#[inline]
pub fn neighbours(s: &Cells) -> Cells {
    let [even, odd, not_first, not_last, _] = &MASKS;
    let (even, odd, nf, nl) = (
        even.words(),
        odd.words(),
        not_first.words(),
        not_last.words(),
    );
    let w = s.words();
    let mut a = [0u64; 7];
    let mut b = [0u64; 7];
    for i in 0..7 {
        let x = w[i] & ALL_WORDS[i];
        a[i] = x & nl[i];
        b[i] = x & nf[i];
    }
    // Same-row neighbours east and west.
    let e = shl_words(&a, 1);
    let west = shr_words(&b, 1);
    // The columns reached in the rows above and below: the hex's own column, plus c − 1 on
    // even rows and c + 1 on odd rows.
    let mut v = [0u64; 7];
    for i in 0..7 {
        v[i] = (w[i] & ALL_WORDS[i]) | (west[i] & even[i]) | (e[i] & odd[i]);
    }
    let up = shr_words(&v, SIDE as u32);
    let down = shl_words(&v, SIDE as u32);
    let mut o = [0u64; 7];
    for i in 0..7 {
        o[i] = (e[i] | west[i] | up[i] | down[i]) & ALL_WORDS[i];
    }
    Cells::from_words(o)
}

/// Whether `s` is empty, testing all words at once (no branch per word to mispredict).
#[inline(always)]
pub fn none(s: &Cells) -> bool {
    s.words().iter().fold(0, |any, w| any | w) == 0
}

/// Whether `a` and `b` share a hex, testing all words at once.
#[inline(always)]
pub fn meet(a: &Cells, b: &Cells) -> bool {
    let (a, b) = (a.words(), b.words());
    (0..a.len()).fold(0, |any, i| any | (a[i] & b[i])) != 0
}

/// The connected group of `s` holding hex `start` (which must be in `s`), grown a ring at a
/// time: the hexes of `s` next to the last ring and not yet reached form the next one.
pub fn component(start: usize, s: &Cells) -> Cells {
    let mut region = Cells::EMPTY;
    region.insert(start);
    let mut rest = s.and_not(&region);
    let mut ring = region;
    loop {
        let next = neighbours(&ring).and(&rest);
        if none(&next) {
            return region;
        }
        rest = rest.and_not(&next);
        region = region.or(&next);
        ring = next;
    }
}

/// The connected groups of `s` (hex adjacency), lowest first hex first.
pub fn regions(s: &Cells) -> impl Iterator<Item = Cells> {
    let mut rest = *s;
    std::iter::from_fn(move || {
        let region = component(rest.first()?, &rest);
        rest = rest.and_not(&region);
        Some(region)
    })
}
/// The 76 hexes of the board edge (row or column 0 or 19).
pub const EDGE: Cells = MASKS[4];

/// Every cell of `s` moved one step in direction `d` (see [`DIRECTIONS`]); cells leaving the
/// board fall off.
#[inline(always)]
pub const fn shift(s: &Cells, d: usize) -> Cells {
    let [even, odd, not_first, not_last, _] = MASKS;
    let all = GRID.all();
    let w = SIDE;
    let r = match d {
        0 => s.and(&not_last).shl(1),
        1 => s
            .and(&even)
            .shr(w)
            .or(&s.and(&odd).and(&not_last).shr(w - 1)),
        2 => s
            .and(&even)
            .and(&not_first)
            .shr(w + 1)
            .or(&s.and(&odd).shr(w)),
        3 => s.and(&not_first).shr(1),
        4 => s
            .and(&even)
            .and(&not_first)
            .shl(w - 1)
            .or(&s.and(&odd).shl(w)),
        _ => s
            .and(&even)
            .shl(w)
            .or(&s.and(&odd).and(&not_last).shl(w + 1)),
    };
    r.and(&all)
}

const fn columns_between(lo: usize, hi: usize) -> Cells {
    let mut m = Cells::EMPTY;
    let mut i = 0;
    while i < CELLS {
        if i % SIDE >= lo && i % SIDE <= hi {
            m.insert(i);
        }
        i += 1;
    }
    m
}

/// Per jump direction: the columns a jump may start from, and the index shift (positive:
/// towards higher indices). Two steps east or west move 2 columns; two steps along a diagonal
/// move 2 rows and exactly 1 column, whatever the row's parity.
const JUMP_MOVES: [(Cells, isize); 6] = [
    (columns_between(0, SIDE - 3), 2),
    (columns_between(2, SIDE - 1), -2),
    (columns_between(0, SIDE - 2), 1 - 2 * SIDE as isize),
    (columns_between(1, SIDE - 1), -1 - 2 * SIDE as isize),
    (columns_between(0, SIDE - 2), 1 + 2 * SIDE as isize),
    (columns_between(1, SIDE - 1), -1 + 2 * SIDE as isize),
];

/// The hexes exactly 2 steps in a straight line from some hex of `s` (the Paddock's jumps,
/// as [`JUMPS`] lists them per hex), in 6 word shifts. The relation is symmetric: `b` is a jump
/// of `a` exactly when `a` is a jump of `b`.
#[inline]
pub fn jumps(s: &Cells) -> Cells {
    let out = jump(s, 0)
        .or(&jump(s, 1))
        .or(&jump(s, 2))
        .or(&jump(s, 3))
        .or(&jump(s, 4))
        .or(&jump(s, 5));
    out.and(&GRID.all())
}

/// The cells of `s` moved by jump `k` of [`JUMP_MOVES`] (possibly past the last hex).
#[inline(always)]
fn jump(s: &Cells, k: usize) -> Cells {
    let (from, by) = &JUMP_MOVES[k];
    let t = s.and(from);
    if *by > 0 {
        t.shl(*by as usize)
    } else {
        t.shr(by.unsigned_abs())
    }
}

/// Every cell of `s` moved two steps in direction `d` (see [`DIRECTIONS`]): [`shift`] twice,
/// in one word shift.
#[inline(always)]
pub fn double_step(s: &Cells, d: usize) -> Cells {
    // The jump of JUMP_MOVES along each direction.
    const ALONG: [usize; DIRECTIONS] = [0, 2, 3, 1, 5, 4];
    jump(s, ALONG[d % DIRECTIONS]).and(&GRID.all())
}

const fn quadrants() -> [Cells; 4] {
    let mut q = [Cells::EMPTY; 4];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / SIDE, i % SIDE);
        q[(r / 10) * 2 + c / 10].insert(i);
        i += 1;
    }
    q
}

/// The four sector quadrants: top-left, top-right, bottom-left, bottom-right.
pub const QUADRANTS: [Cells; 4] = quadrants();

const fn rows() -> [Cells; SIDE] {
    let mut q = [Cells::EMPTY; SIDE];
    let mut i = 0;
    while i < CELLS {
        q[i / SIDE].insert(i);
        i += 1;
    }
    q
}

/// The 20 board rows.
pub const ROWS: [Cells; SIDE] = rows();

/// Adds to `ends` the hexes the Tavern's line ends gains when `cell` joins `own` (`own` already holding
/// it): the ends of the lines of 3 through `cell` along each axis (`cell` in the middle, or at
/// either end), found by stepping from `cell` instead of shifting the whole board. Kept per
/// seat as settlements are placed (`State::place`), so that the Tavern's hexes are read,
/// not made.
#[inline]
pub(crate) fn add_line_ends_through(own: &Cells, cell: usize, ends: &mut Cells) {
    let Some(steps) = STEPS.get(cell) else {
        return;
    };
    // The next hex along `d` (`u16::MAX` off the board, which no set holds).
    let next = |i: u16, d: usize| STEPS.get(usize::from(i)).map_or(u16::MAX, |s| s[d]);
    let mine = |i: u16| own.contains(usize::from(i));
    for d in 0..3 {
        let back = d + 3;
        let (ahead, behind) = (steps[d], steps[back]);
        let (a, b) = (mine(ahead), mine(behind));
        if !(a || b) {
            continue;
        }
        let (ahead2, behind2) = (next(ahead, d), next(behind, back));
        if a && b {
            ends.insert(usize::from(ahead2));
            ends.insert(usize::from(behind2));
        }
        if a && mine(ahead2) {
            ends.insert(usize::from(next(ahead2, d)));
            ends.insert(usize::from(behind));
        }
        if b && mine(behind2) {
            ends.insert(usize::from(next(behind2, back)));
            ends.insert(usize::from(ahead));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` hexes drawn at random (fewer if some are drawn twice).
    fn random_cells(dice: &mut dicecore::Dice, n: usize) -> Cells {
        (0..n).map(|_| dice.index(CELLS)).collect()
    }

    #[test]
    fn a_double_step_is_two_steps() {
        let mut dice = dicecore::Dice::from_seed(5);
        for k in 0..300 {
            let s = random_cells(&mut dice, k % 120);
            for d in 0..DIRECTIONS {
                assert_eq!(double_step(&s, d), shift(&shift(&s, d), d), "direction {d}");
            }
        }
    }

    #[test]
    fn fast_neighbours_and_regions_agree_with_the_grid() {
        let mut dice = dicecore::Dice::from_seed(3);
        for k in 0..400 {
            let s = random_cells(&mut dice, k % 90);
            assert_eq!(neighbours(&s), GRID.neighbours(&s));
            let mine: Vec<Cells> = regions(&s).collect();
            let theirs: Vec<Cells> = GRID.regions(&s).collect();
            assert_eq!(mine, theirs);
        }
        let all = GRID.all();
        assert_eq!(neighbours(&all), GRID.neighbours(&all));
    }

    /// `meet` and `none` test every word at once; they must agree with the word-by-word set
    /// operations, also when two words hold hexes at the same place (hexes 3 and 67).
    #[test]
    fn meet_and_none_agree_with_the_set_operations() {
        let mut dice = dicecore::Dice::from_seed(7);
        for k in 0..400 {
            let (a, b) = (
                random_cells(&mut dice, k % 60),
                random_cells(&mut dice, k % 40),
            );
            assert_eq!(meet(&a, &b), a.intersects(&b));
            assert_eq!(none(&a), a.is_empty());
        }
        let twice: Cells = [3, 67].into_iter().collect();
        assert!(meet(&twice, &twice));
        assert!(!none(&twice));
        assert!(none(&Cells::EMPTY));
    }

    #[test]
    fn step_tables_follow_step() {
        for i in 0..CELLS {
            for d in 0..DIRECTIONS {
                let one = step(i, d);
                let two = one.and_then(|a| step(a, d));
                assert_eq!(STEPS[i][d], one.map_or(u16::MAX, |a| a as u16), "{i} {d}");
                assert_eq!(JUMPS[i][d], two.map_or(u16::MAX, |a| a as u16), "{i} {d}");
            }
        }
    }

    #[test]
    fn steps_and_shifts_agree_with_axial_geometry() {
        for i in 0..CELLS {
            let a = Hex::from_odd_r((i / SIDE) as i32, (i % SIDE) as i32);
            let mut all = Cells::EMPTY;
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let (r, c) = a.neighbour(dir).to_odd_r();
                let on_board = (0..SIDE as i32).contains(&r) && (0..SIDE as i32).contains(&c);
                let want = on_board.then(|| r as usize * SIDE + c as usize);
                assert_eq!(step(i, d), want, "cell {i} dir {d}");
                let one: Cells = [i].into_iter().collect();
                let got: Vec<usize> = shift(&one, d).iter().collect();
                assert_eq!(got, want.into_iter().collect::<Vec<_>>());
                if let Some(w) = want {
                    all.insert(w);
                }
            }
            assert_eq!(all, NEIGHBOURS[i]);
            let one: Cells = [i].into_iter().collect();
            let table: Cells = JUMPS[i]
                .iter()
                .filter(|&&j| j != NONE)
                .map(|&j| j as usize)
                .collect();
            assert_eq!(jumps(&one), table, "jumps of cell {i}");
        }
    }
}
