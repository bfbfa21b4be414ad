//! Placement legality for the five buildings, and the generation of every legal placement.

use crate::components::Faces;
use crate::state::{State, Straight};
use crate::{Action, Error};
use dicecore::Seat;

/// Sub-multisets of `roll` of exactly `k` dice with more than `min_pips` pips.
fn for_each_subset_of_size(
    roll: Faces,
    k: u8,
    min_pips: u32,
    f: &mut impl FnMut(Faces) -> bool,
) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn rec(
        roll: &Faces,
        suffix: &[u8; 7],
        i: usize,
        left: u8,
        cur: &mut [u8; 6],
        pips: u32,
        min_pips: u32,
        f: &mut impl FnMut(Faces) -> bool,
    ) -> bool {
        if left == 0 {
            return pips > min_pips && f(Faces(*cur));
        }
        // Not enough dice left, or even the highest faces cannot beat the sum.
        if i == 6 || suffix[i] < left || pips + left as u32 * 6 <= min_pips {
            return false;
        }
        let max = roll.0[i].min(left);
        for c in (0..=max).rev() {
            cur[i] = c;
            if rec(
                roll,
                suffix,
                i + 1,
                left - c,
                cur,
                pips + c as u32 * (i as u32 + 1),
                min_pips,
                f,
            ) {
                cur[i] = 0;
                return true;
            }
        }
        cur[i] = 0;
        false
    }
    let mut suffix = [0u8; 7];
    for i in (0..6).rev() {
        suffix[i] = suffix[i + 1] + roll.0[i];
    }
    if k == 1 {
        for v in 0..6 {
            if roll.0[v] > 0 && v as u32 + 1 > min_pips {
                let mut d = Faces::EMPTY;
                d.0[v] = 1;
                if f(d) {
                    return true;
                }
            }
        }
        return false;
    }
    if k == 2 {
        for a in 0..6 {
            if roll.0[a] == 0 {
                continue;
            }
            for b in a..6 {
                let need = if a == b { 2 } else { 1 };
                if roll.0[b] >= need && (a + b + 2) as u32 > min_pips {
                    let mut d = Faces::EMPTY;
                    d.0[a] += 1;
                    d.0[b] += 1;
                    if f(d) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
    let mut cur = [0u8; 6];
    rec(&roll, &suffix, 0, k, &mut cur, 0, min_pips, f)
}

impl State {
    /// Dice the Templum needs from `p` now, and the pip sum to beat.
    pub(crate) fn temple_need(&self, p: usize) -> (u8, u8) {
        let (n, s_best) = match self.temple_leader() {
            Some(l) => (self.temple_dice[l], self.temple_pips[l]),
            None => (0, 0),
        };
        ((n + 1).saturating_sub(self.temple_dice[p]), s_best)
    }

    pub(crate) fn check_templum(&self, p: usize, dice: Faces) -> Result<(), Error> {
        if !self.config.templum() {
            return Err(Error::NoTemplum);
        }
        let (need, to_beat) = self.temple_need(p);
        if dice.len() != need as u32 {
            return Err(Error::TempleDiceCount { needed: need });
        }
        if self.temple_pips[p] as u32 + dice.pips() <= to_beat as u32 {
            return Err(Error::TempleSumTooLow { to_beat });
        }
        Ok(())
    }

    fn straight_unique(&self, p: usize, st: Straight) -> bool {
        (0..self.seats_n()).all(|q| q == p || self.straights[q] != st)
    }

    /// The straight `p` would have after placing `dice` in the Senatus.
    pub(crate) fn check_senatus(&self, p: usize, dice: Faces) -> Result<Straight, Error> {
        let mut mask = 0u8;
        for v in 0..6 {
            match dice.0[v] {
                0 => {}
                1 => mask |= 1 << v,
                _ => return Err(Error::NotAStraight),
            }
        }
        if mask == 0 {
            return Err(Error::NoDice);
        }
        let old = self.straights[p];
        let old_mask: u8 = if old.len > 0 {
            (((1u16 << old.len) - 1) as u8) << (old.low - 1)
        } else {
            0
        };
        if mask & old_mask != 0 {
            return Err(Error::NotAnExtension);
        }
        let all = mask | old_mask;
        let low = all.trailing_zeros() as u8;
        let shifted = all >> low;
        if shifted & (shifted.wrapping_add(1)) != 0 {
            return Err(if old.len > 0 {
                Error::NotAnExtension
            } else {
                Error::NotAStraight
            });
        }
        let st = Straight {
            low: low + 1,
            len: all.count_ones() as u8,
        };
        if !self.straight_unique(p, st) {
            return Err(Error::DuplicateStraight);
        }
        Ok(st)
    }

    pub(crate) fn check_castrum(
        &self,
        p: usize,
        value: u8,
        count: u8,
        extend: u8,
    ) -> Result<(), Error> {
        if !(1..=6).contains(&value) || count == 0 || count as u32 + extend as u32 > 8 {
            return Err(Error::NotASet);
        }
        let row = &self.castrum[value as usize - 1];
        if extend > 0 && row[extend as usize - 1] != p as u8 + 1 {
            return Err(Error::NoSuchSet {
                value,
                count: extend,
            });
        }
        let size = count + extend;
        if row[size as usize - 1] != 0 {
            return Err(Error::DuplicateSet { value, count: size });
        }
        Ok(())
    }

    /// Final positions of the new dice (sorted ascending) after a Forum placement.
    fn forum_positions(&self, dice: Faces) -> [u8; 2] {
        let mut pos = [0u8; 2];
        for (k, v) in dice.values().take(2).enumerate() {
            let below = self.forum[..self.forum_len as usize]
                .iter()
                .filter(|&&d| d & 15 < v)
                .count() as u8;
            pos[k] = below + k as u8;
        }
        pos
    }

    pub(crate) fn check_forum(&self, dice: Faces) -> Result<(), Error> {
        let n = dice.len();
        if !(n == 1 || (n == 2 && dice.pips() == 5)) {
            return Err(Error::ForumDice);
        }
        if !self.config.forum_allow_direct_overflow {
            let pos = self.forum_positions(dice);
            if pos[..n as usize]
                .iter()
                .any(|&x| x >= self.config.forum_columns())
            {
                return Err(Error::ForumOverflow);
            }
        }
        Ok(())
    }

    /// Places `dice` of `p` in the Forum; dice pushed past the last column go to the Latrina.
    pub(crate) fn place_forum(&mut self, p: usize, dice: Faces) {
        let mut row = [0u8; 9];
        let mut len = self.forum_len as usize;
        row[..len].copy_from_slice(&self.forum[..len]);
        for v in dice.values() {
            let at = row[..len].iter().filter(|&&d| d & 15 < v).count();
            row.copy_within(at..len, at + 1);
            row[at] = v | (p as u8) << 4;
            len += 1;
        }
        let cols = self.config.forum_columns() as usize;
        for &d in &row[cols.min(len)..len] {
            self.latrina[(d >> 4) as usize] += 1;
        }
        let keep = len.min(cols);
        self.forum = [0; 7];
        self.forum[..keep].copy_from_slice(&row[..keep]);
        self.forum_len = keep as u8;
    }

    /// Calls `f` for every legal placement (not re-rolls, not the Latrina) of `p` with the
    /// dice `roll`; stops early when `f` returns `true`. Returns whether it stopped.
    pub(crate) fn for_each_placement(
        &self,
        p: usize,
        roll: Faces,
        f: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        let seat = Seat(p as u8);
        // Templum.
        if self.config.templum() {
            let (need, to_beat) = self.temple_need(p);
            if need as u32 <= roll.len() && need > 0 {
                let min = (to_beat as u32).saturating_sub(self.temple_pips[p] as u32);
                if for_each_subset_of_size(roll, need, min, &mut |dice| {
                    f(Action::Templum { seat, dice })
                }) {
                    return true;
                }
            }
        }
        // Senatus: the straights of the others, as bits (6 × (low − 1) + len − 1).
        let mut others = 0u64;
        for q in 0..self.seats_n() {
            let s = self.straights[q];
            if q != p && s.len > 0 {
                others |= 1 << ((s.low as u32 - 1) * 6 + s.len as u32 - 1);
            }
        }
        let free = |low: u8, len: u8| others & (1 << ((low as u32 - 1) * 6 + len as u32 - 1)) == 0;
        let old = self.straights[p];
        if old.len == 0 {
            for low in 1..=6u8 {
                let mut dice = Faces::EMPTY;
                for high in low..=6u8 {
                    if roll.count(high) == 0 {
                        break;
                    }
                    dice.0[high as usize - 1] = 1;
                    if free(low, high - low + 1) && f(Action::Senatus { seat, dice }) {
                        return true;
                    }
                }
            }
        } else {
            let (lo, hi) = (old.low, old.high());
            let mut left = Faces::EMPTY;
            let mut i = 0u8;
            loop {
                let mut right = left;
                let mut j = 0u8;
                loop {
                    if i + j > 0
                        && free(lo - i, old.len + i + j)
                        && f(Action::Senatus { seat, dice: right })
                    {
                        return true;
                    }
                    let nv = hi + j + 1;
                    if nv > 6 || roll.count(nv) == 0 {
                        break;
                    }
                    right.0[nv as usize - 1] = 1;
                    j += 1;
                }
                if lo <= i + 1 || roll.count(lo - i - 1) == 0 {
                    break;
                }
                left.0[(lo - i - 2) as usize] = 1;
                i += 1;
            }
        }
        // Castrum.
        let me = p as u8 + 1;
        for v in 0..6usize {
            let r = roll.0[v];
            if r == 0 {
                continue;
            }
            let row = &self.castrum[v];
            for c in 1..=r {
                if row[c as usize - 1] == 0
                    && f(Action::Castrum {
                        seat,
                        value: v as u8 + 1,
                        count: c,
                        extend: 0,
                    })
                {
                    return true;
                }
            }
            for e in 1..8u8 {
                if row[e as usize - 1] != me {
                    continue;
                }
                for c in 1..=r {
                    let size = e + c;
                    if size <= 8
                        && row[size as usize - 1] == 0
                        && f(Action::Castrum {
                            seat,
                            value: v as u8 + 1,
                            count: c,
                            extend: e,
                        })
                    {
                        return true;
                    }
                }
            }
        }
        // Forum: `below[v]` = dice there of a value under v.
        let mut below = [0u8; 8];
        for &d in &self.forum[..self.forum_len as usize] {
            below[(d & 15) as usize + 1] += 1;
        }
        for v in 1..8 {
            below[v] += below[v - 1];
        }
        let cols = self.config.forum_columns();
        let any_overflow = self.config.forum_allow_direct_overflow;
        for v in 1..=6u8 {
            if roll.count(v) > 0 && (any_overflow || below[v as usize] < cols) {
                let mut dice = Faces::EMPTY;
                dice.0[v as usize - 1] = 1;
                if f(Action::Forum { seat, dice }) {
                    return true;
                }
            }
        }
        for (a, b) in [(1u8, 4u8), (2, 3)] {
            if roll.count(a) > 0
                && roll.count(b) > 0
                && (any_overflow || below[b as usize] + 1 < cols)
            {
                let mut dice = Faces::EMPTY;
                dice.0[a as usize - 1] = 1;
                dice.0[b as usize - 1] = 1;
                if f(Action::Forum { seat, dice }) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `p` has any legal placement outside the Latrina with `roll`.
    pub(crate) fn has_placement(&self, p: usize, roll: Faces) -> bool {
        self.for_each_placement(p, roll, &mut |_| true)
    }

    /// Every decision of the player to move at `Place`.
    pub(crate) fn place_actions(&self, out: &mut Vec<Action>) {
        let p = self.current as usize;
        let seat = Seat(self.current);
        let roll = self.roll;
        if !self.selected.is_empty() {
            // A re-roll is being put together: select more dice, or re-roll.
            if !self.config.reroll_one_die_per_chip {
                for v in 0..6 {
                    if roll.0[v] > self.selected.0[v] {
                        out.push(Action::SelectReroll {
                            seat,
                            value: v as u8 + 1,
                        });
                    }
                }
            }
            out.push(Action::Reroll { seat });
            return;
        }
        if self.chips[p] > 0 {
            for v in 0..6 {
                if roll.0[v] > 0 {
                    out.push(Action::SelectReroll {
                        seat,
                        value: v as u8 + 1,
                    });
                }
            }
        }
        let before = out.len();
        self.for_each_placement(p, roll, &mut |a| {
            out.push(a);
            false
        });
        if out.len() == before {
            out.push(Action::Latrina { seat });
        }
    }
}
