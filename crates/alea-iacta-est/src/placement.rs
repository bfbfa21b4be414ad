//! Placement legality for the five buildings, and the generation of every legal placement.

use crate::components::{nonzero_bytes, Faces};
use crate::state::choices::PlaceChoices;
use crate::state::{State, Straight};
use crate::{straights, subsets};
use crate::{Action, Error};
use dicecore::{Dice, Seat};

/// The Forum placements by bit: the dice 1 to 6 alone, then the pairs 1-4 and 2-3 (as
/// [`Faces::presence`] masks).
const FORUM_WAYS: [u8; 8] = [1, 2, 4, 8, 16, 32, 0b1001, 0b0110];

/// Pushes `a` onto `out` when `keep`, without branching on it: pushed, then dropped again
/// (cheaper than a wrong guess on a branch that goes either way).
#[inline(always)]
fn push_if(out: &mut Vec<Action>, a: Action, keep: bool) {
    out.push(a);
    let len = out.len() - !keep as usize;
    out.truncate(len);
}

impl State {
    /// Dice the Templum needs from `p` now, and the pip sum to beat.
    pub(crate) fn temple_need(&self, p: usize) -> (u8, u8) {
        // The leader's dice and pips: the largest pair (unique by the placement rule).
        let n = self.seats_n();
        let best = self.temple_dice[..n]
            .iter()
            .zip(&self.temple_pips[..n])
            .map(|(&d, &s)| ((d as u16) << 8 | s as u16) * (d > 0) as u16)
            .max()
            .unwrap_or(0);
        let (dice, pips) = ((best >> 8) as u8, best as u8);
        ((dice + 1).saturating_sub(self.temple_dice[p]), pips)
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

    /// The straight `p` would have after placing `dice` in the Senatus.
    pub(crate) fn check_senatus(&self, p: usize, dice: Faces) -> Result<Straight, Error> {
        let [a, b, c, d, e, f] = dice.0;
        if u64::from_le_bytes([a, b, c, d, e, f, 0, 0]) & 0xfefe_fefe_fefe_fefe != 0 {
            // A face twice.
            return Err(Error::NotAStraight);
        }
        let mask = dice.presence();
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
        if (self.others_straights(p) >> straights::straight_id(st)) & 1 == 1 {
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
        // The new dice land within the first `forum_len + n` places.
        if !self.config.forum_allow_direct_overflow
            && self.forum_len as u32 + n > self.config.forum_columns() as u32
        {
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
        row[..7].copy_from_slice(&self.forum);
        let mut len = (self.forum_len as usize).min(7);
        for v in dice.values().take(2) {
            // After the dice of lower value, the others moving one place right.
            let at = (0..9).filter(|&i| i < len && row[i] & 15 < v).count();
            for i in (1..9).rev() {
                row[i] = if i > at { row[i - 1] } else { row[i] };
            }
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
    /// dice `roll`, building by building; stops early when `f` returns `true`. Returns whether
    /// it stopped.
    pub(crate) fn for_each_placement(
        &self,
        p: usize,
        roll: Faces,
        f: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        self.templum_placements(p, roll).any(|dice| {
            f(Action::Templum {
                seat: Seat(p as u8),
                dice,
            })
        }) || self.for_each_senatus(p, roll, f)
            || self.for_each_castrum(p, roll, f)
            || self.for_each_forum(p, roll, f)
    }

    /// The Templum placements of `p` with the dice `roll`, highest sum first: the dice
    /// needed that beat the leader.
    pub(crate) fn templum_placements(&self, p: usize, roll: Faces) -> subsets::Above {
        if !self.config.templum() {
            return subsets::Above::new(roll, 0, 0);
        }
        let (need, to_beat) = self.temple_need(p);
        let min = (to_beat as u32).saturating_sub(self.temple_pips[p] as u32);
        if need as u32 > roll.len() {
            return subsets::Above::new(roll, 0, min);
        }
        subsets::Above::new(roll, need, min)
    }

    /// The straights of the players other than `p`, as bits by number
    /// ([`straights::straight_id`]).
    fn others_straights(&self, p: usize) -> u32 {
        let mut others = 0u32;
        for (q, &st) in self.straights[..self.seats_n()].iter().enumerate() {
            others |= (1 << straights::straight_id(st)) & ((q != p) as u32).wrapping_neg();
        }
        others
    }

    // Each building's generator below has the same visitor signature as
    // `for_each_placement`, which calls them in turn; the bodies are each building's rules
    // (the hot path of `legal_actions`), so they stay apart.

    /// Calls `f` for every Senatus placement: a new straight, or the dice extending `p`'s
    /// straight at one end or both; no two straights alike.
    pub(crate) fn for_each_senatus<F: FnMut(Action) -> bool + ?Sized>(
        &self,
        p: usize,
        roll: Faces,
        f: &mut F,
    ) -> bool {
        let seat = Seat(p as u8);
        let others = self.others_straights(p);
        for (dice, id) in straights::placements(self.straights[p], roll) {
            if (others >> id) & 1 == 0 && f(Action::Senatus { seat, dice }) {
                return true;
            }
        }
        false
    }

    /// Calls `f` for every Castrum placement: a new set, or an extension of one of `p`'s
    /// sets; no two sets alike. By value, new sets by size, then additions to `p`'s sets by
    /// size of the set, then by dice added.
    pub(crate) fn for_each_castrum<F: FnMut(Action) -> bool + ?Sized>(
        &self,
        p: usize,
        roll: Faces,
        f: &mut F,
    ) -> bool {
        let seat = Seat(p as u8);
        let me = (p as u64 + 1) * 0x0101_0101_0101_0101;
        // Per value `v`, 16 bits from bit 16 (v − 1): bit `c − 1` a new set of `c` dice,
        // bit `8 + c − 1` `c` dice added to `p`'s smallest set of the value, of `grow[v − 1]`
        // dice; in the order of the legal actions.
        let mut lanes = 0u128;
        let mut grow = [0u8; 6];
        let mut several = false;
        for v in 0..6 {
            // The sizes (bit `c − 1` for `c`) of the sets the dice of this value can make.
            let counts = (0xff_u32 >> (8 - roll.0[v].min(8))) as u8;
            let row = u64::from_le_bytes(self.castrum[v]);
            let free = !nonzero_bytes(row);
            let mine = !nonzero_bytes(row ^ me);
            several |= mine & mine.wrapping_sub(1) != 0;
            // 9 when `p` holds no set of this value (no bit of `free` is that high).
            let extend = mine.trailing_zeros() + 1;
            let grown = ((free as u32) >> extend) as u8 & counts;
            lanes |= ((free & counts) as u128 | (grown as u128) << 8) << (16 * v);
            grow[v] = extend as u8;
        }
        if several {
            // `p` holds two sets of one value (rare): value by value.
            return self.for_each_castrum_by_value(p, roll, f);
        }
        while lanes != 0 {
            let bit = lanes.trailing_zeros() as usize;
            lanes &= lanes - 1;
            let (v, k) = (bit / 16, bit % 16);
            let action = Action::Castrum {
                seat,
                value: v as u8 + 1,
                count: (k % 8) as u8 + 1,
                extend: grow[v] & ((k >= 8) as u8).wrapping_neg(),
            };
            if f(action) {
                return true;
            }
        }
        false
    }

    /// [`State::for_each_castrum`] value by value, for a player holding several sets of
    /// one value.
    pub(crate) fn for_each_castrum_by_value<F: FnMut(Action) -> bool + ?Sized>(
        &self,
        p: usize,
        roll: Faces,
        f: &mut F,
    ) -> bool {
        let seat = Seat(p as u8);
        let me = p as u8 + 1;
        for v in 0..6usize {
            let r = roll.0[v].min(8);
            let row = &self.castrum[v];
            let value = v as u8 + 1;
            for extend in 0..8u8 {
                if extend > 0 && (row[extend as usize - 1] != me || r == 0) {
                    continue;
                }
                for count in 1..r.min(8 - extend) + 1 {
                    let size = extend + count;
                    if row[size as usize - 1] == 0
                        && f(Action::Castrum {
                            seat,
                            value,
                            count,
                            extend,
                        })
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The Forum placements with the dice `roll`, as bits of [`FORUM_WAYS`]: one die, or two
    /// summing to 5, landing within the columns (unless the flag lets a new die land past
    /// them).
    fn forum_ways(&self, roll: Faces) -> u8 {
        let cols = self.config.forum_columns();
        let rolled = roll.presence();
        // The single dice (bits 0–5) and the pairs 1-4 and 2-3 (bits 6, 7) rolled.
        let mut ways =
            rolled | (rolled & (rolled >> 3) & 1) << 6 | (rolled >> 1 & rolled >> 2 & 1) << 7;
        if !self.config.forum_allow_direct_overflow && self.forum_len + 1 >= cols {
            // Only a full Forum (or one short of full, for a pair) can push a new die out:
            // keep the dice landing within the columns, `before` new dice landing left.
            let forum = &self.forum[..self.forum_len as usize];
            let lands = |v: u8, before: u8| {
                self.forum_len + before < cols
                    || (forum.iter().filter(|&&d| d & 15 < v).count() as u8) + before < cols
            };
            for v in 1..7u8 {
                ways &= !((!lands(v, 0) as u8) << (v - 1));
            }
            ways &= !((!lands(4, 1) as u8) << 6 | (!lands(3, 1) as u8) << 7);
        }
        ways
    }

    /// Calls `f` for every Forum placement ([`State::forum_ways`]).
    pub(crate) fn for_each_forum<F: FnMut(Action) -> bool + ?Sized>(
        &self,
        p: usize,
        roll: Faces,
        f: &mut F,
    ) -> bool {
        let seat = Seat(p as u8);
        let mut ways = self.forum_ways(roll);
        while ways != 0 {
            let way = ways.trailing_zeros() as usize;
            ways &= ways - 1;
            let dice = Faces::from_presence(FORUM_WAYS[way]);
            if f(Action::Forum { seat, dice }) {
                return true;
            }
        }
        false
    }

    /// The number of placements of the player to move in building `k` (0 Senatus, 1 Castrum,
    /// 2 Forum).
    fn count_in_building(&self, k: usize) -> usize {
        let (p, roll) = (self.current as usize, self.roll);
        let mut n = 0usize;
        let mut count = |_| {
            n += 1;
            false
        };
        match k {
            0 => self.for_each_senatus(p, roll, &mut count),
            1 => self.for_each_castrum(p, roll, &mut count),
            _ => self.for_each_forum(p, roll, &mut count),
        };
        n
    }

    /// The `j`-th placement of the player to move in building `k`.
    fn nth_in_building(&self, k: usize, mut j: usize) -> Option<Action> {
        let (p, roll) = (self.current as usize, self.roll);
        let mut chosen = None;
        let mut pick = |a| {
            if j == 0 {
                chosen = Some(a);
                return true;
            }
            j -= 1;
            false
        };
        match k {
            0 => self.for_each_senatus(p, roll, &mut pick),
            1 => self.for_each_castrum(p, roll, &mut pick),
            _ => self.for_each_forum(p, roll, &mut pick),
        };
        chosen
    }

    /// The legal actions of the player to move at `Place` before any die is selected,
    /// counted without listing them: re-roll selections, then the placements building by
    /// building (or the Latrina when there is none).
    pub(crate) fn place_choices(&self) -> PlaceChoices {
        let p = self.current as usize;
        let rerolls = if self.chips[p] > 0 {
            self.roll.0.iter().filter(|&&c| c > 0).count()
        } else {
            0
        };
        let templum = self.templum_placements(p, self.roll);
        PlaceChoices {
            rerolls,
            templum,
            templum_len: templum.len(),
            sizes: [0, 1, 2].map(|k| self.count_in_building(k)),
        }
    }

    /// The `j`-th of the `choices` (`j` below [`PlaceChoices::len`]).
    pub(crate) fn place_choice(&self, choices: &PlaceChoices, mut j: usize) -> Action {
        let seat = Seat(self.current);
        if j < choices.rerolls {
            let v = (0..6).filter(|&v| self.roll.0[v] > 0).nth(j).unwrap_or(0);
            return Action::SelectReroll {
                seat,
                value: v as u8 + 1,
            };
        }
        j -= choices.rerolls;
        if let Some(dice) = choices.templum.get(j) {
            return Action::Templum { seat, dice };
        }
        j = j.saturating_sub(choices.templum_len);
        for (k, n) in choices.sizes.into_iter().enumerate() {
            if j < n {
                return self
                    .nth_in_building(k, j)
                    .unwrap_or(Action::Latrina { seat });
            }
            j -= n;
        }
        Action::Latrina { seat }
    }

    /// A uniform draw among the legal actions of the player to move at `Place` before any
    /// die is selected, without listing them.
    pub(crate) fn sample_place(&self, dice: &mut Dice) -> Action {
        let choices = self.place_choices();
        self.place_choice(&choices, dice.index(choices.len()))
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
                    let value = v as u8 + 1;
                    let more = roll.0[v] > self.selected.0[v];
                    push_if(out, Action::SelectReroll { seat, value }, more);
                }
            }
            out.push(Action::Reroll { seat });
            return;
        }
        if self.chips[p] > 0 {
            for v in 0..6 {
                let value = v as u8 + 1;
                push_if(out, Action::SelectReroll { seat, value }, roll.0[v] > 0);
            }
        }
        let before = out.len();
        self.templum_placements(p, roll).any(|dice| {
            out.push(Action::Templum { seat, dice });
            false
        });
        let mut push = |a| {
            out.push(a);
            false
        };
        self.for_each_senatus(p, roll, &mut push);
        self.for_each_castrum(p, roll, &mut push);
        let ways = self.forum_ways(roll);
        for (way, &dice) in FORUM_WAYS.iter().enumerate() {
            let dice = Faces::from_presence(dice);
            push_if(out, Action::Forum { seat, dice }, (ways >> way) & 1 == 1);
        }
        if out.len() == before {
            out.push(Action::Latrina { seat });
        }
    }
}
