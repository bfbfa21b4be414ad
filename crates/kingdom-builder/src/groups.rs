//! Groups of adjacent hexes for scoring (Hermits, Citizens, Merchants), found on the board
//! read as 20 rows of 20 bits: a group is filled along each row at once and carried between
//! rows in sweeps down and up, far fewer steps than growing it a ring or a hex at a time.

use crate::board::{Cells, SIDE};

/// A set of hexes as its rows: row `r`, column `c` at bit `c` of `rows[r]`.
pub(crate) type Rows = [u32; SIDE];

/// The bits of a row.
const ROW: u32 = (1 << SIDE) - 1;

/// Each board row of `s` as 20 bits (column `c` at bit `c`), read two words at a time.
pub(crate) fn rows(s: &Cells) -> Rows {
    let w = s.words();
    std::array::from_fn(|r| {
        let at = r * SIDE;
        let pair = w.get(at / 64).map_or(0, |&x| u128::from(x))
            | w.get(at / 64 + 1).map_or(0, |&x| u128::from(x)) << 64;
        (pair >> (at % 64)) as u32 & ROW
    })
}

/// The hexes of `within` joined to `seeds` along the row (`seeds` a subset of `within`): each
/// run of `within` holding a seed. Towards higher columns by one addition (the carry from each
/// seed runs to the top of its run); towards lower ones by doubling shifts.
#[inline(always)]
fn fill_row(seeds: u32, within: u32) -> u32 {
    let up = (((within + seeds) ^ within) | seeds) & within;
    let (mut down, mut pd) = (seeds, within);
    for k in [1, 2, 4, 8, 16] {
        down |= pd & (down >> k);
        pd &= pd >> k;
    }
    up | down
}

/// The hexes of the next or previous row next to `row`'s hexes, row `r` being `row`'s index:
/// the same columns, and one column less from an even row, one more from an odd row.
#[inline(always)]
fn across(row: u32, r: usize) -> u32 {
    let slant = if r.is_multiple_of(2) {
        row >> 1
    } else {
        row << 1
    };
    (row | slant) & ROW
}

/// A group as [`group_at`] finds it: its rows, and the first and last row it reaches (the
/// others are empty, and its counts and removal read only these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    pub(crate) rows: Rows,
    pub(crate) top: usize,
    pub(crate) bottom: usize,
}

impl Group {
    /// The number of its hexes.
    pub(crate) fn count(&self) -> i32 {
        self.rows[self.top..=self.bottom]
            .iter()
            .map(|x| x.count_ones() as i32)
            .sum()
    }

    /// The number of its hexes in `other`.
    pub(crate) fn count_in(&self, other: &Rows) -> i32 {
        (self.top..=self.bottom)
            .map(|r| (self.rows[r] & other[r]).count_ones() as i32)
            .sum()
    }

    /// Takes its hexes out of `s`.
    pub(crate) fn remove_from(&self, s: &mut Rows) {
        let span = self.top..=self.bottom;
        for (row, own) in s[span.clone()].iter_mut().zip(&self.rows[span]) {
            *row &= !own;
        }
    }
}

/// The group of `s` (as rows) holding the hex at row `r`, column `c` (which must be in `s`):
/// sweeps down from the top row reached and up from the bottom one, until a sweep up adds
/// nothing (every row then holds all it can take from the rows on both sides).
pub(crate) fn group_at(s: &Rows, r: usize, c: usize) -> Group {
    let mut g = [0u32; SIDE];
    g[r] = fill_row(1 << c, s[r]);
    let (mut top, mut bottom) = (r, r);
    loop {
        for i in top + 1..SIDE {
            let new = across(g[i - 1], i - 1) & s[i] & !g[i];
            if new != 0 {
                g[i] = fill_row(g[i] | new, s[i]);
                bottom = bottom.max(i);
            } else if i > bottom {
                break;
            }
        }
        let mut grew = false;
        for i in (0..bottom).rev() {
            let new = across(g[i + 1], i + 1) & s[i] & !g[i];
            if new != 0 {
                g[i] = fill_row(g[i] | new, s[i]);
                top = top.min(i);
                grew = true;
            } else if i < top {
                break;
            }
        }
        if !grew {
            return Group {
                rows: g,
                top,
                bottom,
            };
        }
    }
}

/// The first hex of `s` in row order, as (row, column).
#[inline]
pub(crate) fn first(s: &Rows) -> Option<(usize, usize)> {
    s.iter()
        .position(|&x| x != 0)
        .map(|r| (r, s[r].trailing_zeros() as usize))
}

/// The number of groups of `s` and the size of the largest.
pub(crate) fn groups(s: &Cells) -> (i32, i32) {
    let mut rest = rows(s);
    let (mut n, mut largest) = (0, 0);
    // Rows above the first hex left are empty: the search goes on from there.
    let mut r = 0;
    while r < SIDE {
        if rest[r] == 0 {
            r += 1;
            continue;
        }
        let g = group_at(&rest, r, rest[r].trailing_zeros() as usize);
        n += 1;
        largest = largest.max(g.count());
        g.remove_from(&mut rest);
    }
    (n, largest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{component, regions};
    use dicecore::Dice;

    /// Random sets of every density, and the same groups as growing them hex by hex.
    #[test]
    fn same_groups_as_the_hex_grid() {
        let mut dice = Dice::from_seed(3);
        for round in 0..3_000 {
            let density = 1 + round % 9;
            let mut s = Cells::EMPTY;
            for i in 0..SIDE * SIDE {
                if dice.below(10) < density {
                    s.insert(i);
                }
            }
            let expected: Vec<Cells> = regions(&s).collect();
            let largest = expected.iter().map(|g| g.count() as i32).max().unwrap_or(0);
            assert_eq!(groups(&s), (expected.len() as i32, largest));
            let sr = rows(&s);
            for g in &expected {
                let i = g.first().expect("a hex");
                let found = group_at(&sr, i / SIDE, i % SIDE);
                assert_eq!(found.rows, rows(&component(i, &s)));
                let reached: Vec<usize> = (0..SIDE).filter(|&r| found.rows[r] != 0).collect();
                assert_eq!(
                    (found.top, found.bottom),
                    (reached[0], reached[reached.len() - 1])
                );
                assert_eq!(found.count(), g.count() as i32);
            }
        }
    }

    #[test]
    fn a_winding_group_is_one_group() {
        // A serpentine path down the columns: every turn needs another sweep.
        let mut s = Cells::EMPTY;
        for r in 0..SIDE {
            let c = if (r / 2) % 2 == 0 { 0 } else { SIDE - 1 };
            if r % 2 == 0 {
                for col in 0..SIDE {
                    s.insert(r * SIDE + col);
                }
            } else {
                s.insert(r * SIDE + c);
            }
        }
        assert_eq!(groups(&s), (1, s.count() as i32));
    }
}
