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
/// run of `within` holding a seed, filled both ways by doubling shifts.
#[inline(always)]
fn fill_row(seeds: u32, within: u32) -> u32 {
    let (mut up, mut down) = (seeds, seeds);
    let (mut pu, mut pd) = (within, within);
    for k in [1, 2, 4, 8, 16] {
        up |= pu & (up << k);
        pu &= pu << k;
        down |= pd & (down >> k);
        pd &= pd >> k;
    }
    up | down
}

/// The hexes of the next or previous row next to `row`'s hexes, row `r` being `row`'s index:
/// the same columns, and one column less from an even row, one more from an odd row.
#[inline(always)]
fn across(row: u32, r: usize) -> u32 {
    let slant = if r % 2 == 0 { row >> 1 } else { row << 1 };
    (row | slant) & ROW
}

/// The group of `s` (as rows) holding the hex at row `r`, column `c` (which must be in `s`).
pub(crate) fn group_at(s: &Rows, r: usize, c: usize) -> Rows {
    let mut g = [0u32; SIDE];
    g[r] = fill_row(1 << c, s[r]);
    let (mut top, mut bottom) = (r, r);
    loop {
        let mut grew = false;
        // Down from the top row reached so far, then up from the bottom one.
        for i in top + 1..SIDE {
            let new = across(g[i - 1], i - 1) & s[i] & !g[i];
            if new != 0 {
                g[i] = fill_row(g[i] | new, s[i]);
                bottom = bottom.max(i);
                grew = true;
            } else if i > bottom {
                break;
            }
        }
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
            return g;
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

/// The hexes of `a` that are not in `b`.
#[inline]
pub(crate) fn minus(a: &Rows, b: &Rows) -> Rows {
    std::array::from_fn(|r| a[r] & !b[r])
}

/// The number of hexes of `s`.
#[inline]
pub(crate) fn count(s: &Rows) -> i32 {
    s.iter().map(|x| x.count_ones() as i32).sum()
}

/// The number of hexes in both `a` and `b`.
#[inline]
pub(crate) fn count_both(a: &Rows, b: &Rows) -> i32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & y).count_ones() as i32)
        .sum()
}

/// The number of groups of `s` and the size of the largest.
pub(crate) fn groups(s: &Cells) -> (i32, i32) {
    let mut rest = rows(s);
    let (mut n, mut largest) = (0, 0);
    while let Some((r, c)) = first(&rest) {
        let g = group_at(&rest, r, c);
        n += 1;
        largest = largest.max(count(&g));
        rest = minus(&rest, &g);
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
                assert_eq!(group_at(&sr, i / SIDE, i % SIDE), rows(&component(i, &s)));
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
