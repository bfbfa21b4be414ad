//! Rolls and their sub-multisets: every roll of 1–8 dice has a rank (the order of the roll's
//! chance outcomes), and a table built once holds each roll's sub-multisets by size, highest
//! pip sum first. The Templum's placements (so many dice beating a pip sum) are read off it
//! instead of being searched.

use crate::components::{Faces, DICE_PER_PLAYER};
use std::sync::OnceLock;

/// `C(n, k)` for the small numbers of the dice counts.
const fn binomial(n: usize, k: usize) -> usize {
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// `multisets(d, s)`: the sorted rolls of `s` dice over `d` faces, `C(s + d − 1, d − 1)`.
const fn multisets(d: usize, s: usize) -> usize {
    if d == 0 {
        (s == 0) as usize
    } else {
        binomial(s + d - 1, d - 1)
    }
}

/// `ROLL_AT[s]`: the rank of the first roll of `s` dice among all rolls of 1–8 dice ordered by
/// size; `ROLL_AT[9]` is their number, 3,002.
pub(crate) const ROLL_AT: [usize; 10] = {
    let mut at = [0; 10];
    let mut s = 1;
    while s <= 8 {
        at[s + 1] = at[s] + multisets(6, s);
        s += 1;
    }
    at
};

/// Rolls of 1 to 8 dice.
pub(crate) const ROLLS: usize = ROLL_AT[9];

/// `STEP[i][left][m]`: how many rolls come before, among those with `left` dice on faces
/// `i + 1..=6`, the ones with `m` dice on face `i + 1` (more dice on a face come first).
const STEP: [[[u16; 9]; 9]; 5] = {
    let mut t = [[[0u16; 9]; 9]; 5];
    let mut i = 0;
    while i < 5 {
        let mut left = 0;
        while left <= 8 {
            let mut m = 0;
            while m <= left {
                let mut r = 0;
                let mut before = m + 1;
                while before <= left {
                    r += multisets(5 - i, left - before);
                    before += 1;
                }
                t[i][left][m] = r as u16;
                m += 1;
            }
            left += 1;
        }
        i += 1;
    }
    t
};

/// [`STEP`] summed over faces 1 and 2 (with [`ROLL_AT`]), over faces 3 and 4, and for face 5:
/// `PAIRS[0][(s * 9 + c1) * 9 + c2]` for a roll of `s` dice, `PAIRS[1][(l * 9 + c3) * 9 + c4]`
/// with `l` dice on faces 3–6, `PAIRS[2][l * 9 + c5]` with `l` dice on faces 5–6; so that a
/// rank is three lookups.
const PAIRS: [[u16; 729]; 3] = {
    let mut t = [[0u16; 729]; 3];
    let mut left = 0;
    while left <= 8 {
        let mut a = 0;
        while a <= left {
            let mut b = 0;
            while a + b <= left {
                let at = (left * 9 + a) * 9 + b;
                t[0][at] = ROLL_AT[left] as u16 + STEP[0][left][a] + STEP[1][left - a][b];
                t[1][at] = STEP[2][left][a] + STEP[3][left - a][b];
                b += 1;
            }
            t[2][left * 9 + a] = STEP[4][left][a];
            a += 1;
        }
        left += 1;
    }
    t
};

/// The rank of a roll among all rolls of 1–8 dice: by size, then in the order of the roll's
/// chance outcomes (more ones first, then more twos, ...).
#[inline]
pub(crate) fn roll_rank(f: Faces) -> Option<usize> {
    let [c1, c2, c3, c4, c5, c6] = f.0.map(|c| c as usize);
    let s = c1 + c2 + c3 + c4 + c5 + c6;
    if !(1..=DICE_PER_PLAYER as usize).contains(&s) {
        return None;
    }
    let l3 = c3 + c4 + c5 + c6;
    let l5 = c5 + c6;
    Some(
        PAIRS[0][(s * 9 + c1) * 9 + c2] as usize
            + PAIRS[1][(l3 * 9 + c3) * 9 + c4] as usize
            + PAIRS[2][l5 * 9 + c5] as usize,
    )
}

/// The roll of a rank below [`ROLLS`].
pub(crate) fn roll_of_rank(rank: usize) -> Option<Faces> {
    let s = (1..=8).find(|&s| rank < ROLL_AT[s + 1])?;
    let mut r = rank - ROLL_AT[s];
    let mut left = s;
    let mut f = Faces::EMPTY;
    for i in 0..5 {
        let mut m = left;
        while r >= multisets(5 - i, left - m) {
            r -= multisets(5 - i, left - m);
            m -= 1;
        }
        f.0[i] = m as u8;
        left -= m;
    }
    f.0[5] = left as u8;
    Some(f)
}

/// Where a roll's sub-multisets lie in [`Table::items`]: from `base`, those of size `k`
/// end at `base + ends[k − 1]` (a roll of 8 dice has at most 144 sub-multisets).
#[derive(Clone, Copy, Default)]
struct Index {
    base: u32,
    ends: [u8; 8],
}

/// Every roll's sub-multisets of 1 to 8 dice, each named by its own rank in 2 bytes so that
/// a roll's list spans a cache line or two, highest pip sum first. `faces` and `pips` give
/// each rank's dice and sum (small tables that stay in cache).
struct Table {
    index: Vec<Index>,
    items: Vec<u16>,
    faces: Vec<Faces>,
    pips: Vec<u8>,
}

impl Table {
    fn build() -> Table {
        let faces: Vec<Faces> = (0..ROLLS)
            .map(|r| roll_of_rank(r).unwrap_or_default())
            .collect();
        let pips: Vec<u8> = faces.iter().map(|f| f.pips() as u8).collect();
        let mut index = Vec::with_capacity(ROLLS);
        let mut items = Vec::with_capacity(126_000);
        let mut by_size: [Vec<u16>; 9] = Default::default();
        for roll in &faces {
            for bucket in &mut by_size {
                bucket.clear();
            }
            // Every sub-multiset: an odometer over the counts of each face.
            let mut sub = [0u8; 6];
            loop {
                let f = Faces(sub);
                if let Some(r) = roll_rank(f) {
                    by_size[f.len() as usize].push(r as u16);
                }
                let Some(i) = (0..6).find(|&i| sub[i] < roll.0[i]) else {
                    break;
                };
                sub[i] += 1;
                sub[..i].fill(0);
            }
            let mut at = Index {
                base: items.len() as u32,
                ends: [0; 8],
            };
            for k in 1..=8 {
                let bucket = &mut by_size[k];
                // Highest sum first; among equal sums more high faces first.
                bucket.sort_by_key(|&r| {
                    let f = faces[r as usize];
                    std::cmp::Reverse((pips[r as usize], f.0[5], f.0[4], f.0[3], f.0[2], f.0[1]))
                });
                items.extend_from_slice(bucket);
                at.ends[k - 1] = (items.len() as u32 - at.base) as u8;
            }
            index.push(at);
        }
        Table {
            index,
            items,
            faces,
            pips,
        }
    }
}

static TABLE: OnceLock<Table> = OnceLock::new();

/// The sub-multisets of `k` dice of a roll with more than `min` pips, highest sum first
/// (among equal sums, more high faces first), read off the table: its list of sub-multisets
/// of that size, of which the ones above `min` come first.
#[derive(Clone, Copy)]
pub(crate) struct Above {
    items: &'static [u16],
    table: Option<&'static Table>,
    min: u32,
}

impl Above {
    /// The sub-multisets of `k` dice of `roll` with more than `min` pips (none when `k` is 0
    /// or more than the roll).
    pub(crate) fn new(roll: Faces, k: u8, min: u32) -> Above {
        let none = Above {
            items: &[],
            table: None,
            min,
        };
        if !(1..=8).contains(&k) {
            return none;
        }
        let Some(rank) = roll_rank(roll) else {
            return none;
        };
        let t = TABLE.get_or_init(Table::build);
        let at = t.index[rank];
        let end = at.base as usize + at.ends[k as usize - 1] as usize;
        let start = match k {
            1 => at.base as usize,
            _ => at.base as usize + at.ends[k as usize - 2] as usize,
        };
        Above {
            items: &t.items[start..end],
            table: Some(t),
            min,
        }
    }

    /// How many there are.
    pub(crate) fn len(&self) -> usize {
        let Some(t) = self.table else { return 0 };
        self.items
            .iter()
            .take_while(|&&r| t.pips[r as usize] as u32 > self.min)
            .count()
    }

    /// Calls `f` with each in order; stops when `f` returns `true`. Returns whether it
    /// stopped.
    pub(crate) fn any(&self, mut f: impl FnMut(Faces) -> bool) -> bool {
        let Some(t) = self.table else { return false };
        for &r in self.items {
            if t.pips[r as usize] as u32 <= self.min {
                return false;
            }
            if f(t.faces[r as usize]) {
                return true;
            }
        }
        false
    }

    /// The `j`-th (they come first in the list, so `j` qualifies when its sum does).
    pub(crate) fn get(&self, j: usize) -> Option<Faces> {
        let (t, &r) = (self.table?, self.items.get(j)?);
        (t.pips[r as usize] as u32 > self.min).then(|| t.faces[r as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "The sorted rolls of `s` dice over `d` faces": one roll of no dice over no faces, none
    /// of some dice over no faces, 21 of two dice over six faces, 1,287 of eight.
    #[test]
    fn multisets_count_the_sorted_rolls() {
        assert_eq!(multisets(0, 0), 1);
        assert_eq!(multisets(0, 2), 0);
        assert_eq!(multisets(1, 5), 1);
        assert_eq!(multisets(6, 2), 21);
        assert_eq!(multisets(6, 8), 1287);
    }

    #[test]
    fn roll_ranks_are_a_bijection_in_listing_order() {
        let mut next = 0;
        for k in 1..=8u8 {
            let mut all = Vec::new();
            crate::game::for_each_roll(k, &mut |f| all.push(f));
            for f in all {
                assert_eq!(roll_rank(f), Some(next), "{f}");
                assert_eq!(roll_of_rank(next), Some(f));
                next += 1;
            }
        }
        assert_eq!(next, ROLLS);
        assert_eq!(ROLLS, 3002);
        assert_eq!(ROLL_AT[8], 1715);
        assert_eq!(roll_of_rank(ROLLS), None);
        assert_eq!(roll_rank(Faces::EMPTY), None);
    }

    /// The table agrees with a brute-force
    /// listing, in order, for every roll and sum to beat.
    #[test]
    fn sub_multisets_by_size_and_sum() {
        let roll = Faces::from_values(&[1, 2, 2, 6]).unwrap();
        let listed = |a: Above| {
            let mut v = Vec::new();
            a.any(|f| {
                v.push(f.to_string());
                false
            });
            v
        };
        assert_eq!(listed(Above::new(roll, 2, 0)), ["2-6", "1-6", "2-2", "1-2"]);
        assert_eq!(listed(Above::new(roll, 1, 1)), ["6", "2"]);
        assert_eq!(listed(Above::new(roll, 2, 4)), ["2-6", "1-6"]);
        assert_eq!(Above::new(roll, 3, 0).len(), 3);
        assert_eq!(Above::new(roll, 4, 0).len(), 1);
        assert_eq!(Above::new(roll, 5, 0).len(), 0);
        assert_eq!(Above::new(roll, 0, 0).len(), 0);
        for rank in 0..ROLLS {
            let roll = roll_of_rank(rank).unwrap();
            // Brute force: every sub-multiset of the roll (counts 0..=roll's per face).
            let mut subs = vec![Faces::EMPTY];
            for v in 0..6 {
                let mut more = Vec::new();
                for f in &subs {
                    for c in 1..=roll.0[v] {
                        let mut g = *f;
                        g.0[v] = c;
                        more.push(g);
                    }
                }
                subs.extend(more);
            }
            for k in 1..=8u8 {
                for min in [0, 3, 7, 12, 20] {
                    // Sorted like the table.
                    let mut all: Vec<Faces> = subs
                        .iter()
                        .copied()
                        .filter(|f| f.len() == k as u32 && f.pips() > min)
                        .collect();
                    all.sort_by_key(|f| {
                        std::cmp::Reverse((f.pips(), f.0[5], f.0[4], f.0[3], f.0[2], f.0[1]))
                    });
                    let above = Above::new(roll, k, min);
                    let mut got = Vec::new();
                    above.any(|f| {
                        got.push(f);
                        false
                    });
                    assert_eq!(got, all, "{roll} k {k} min {min}");
                    assert_eq!(above.len(), all.len());
                    assert_eq!(above.get(all.len()), None);
                    if let Some(&last) = all.last() {
                        assert_eq!(above.get(all.len() - 1), Some(last));
                    }
                }
            }
        }
    }
}
