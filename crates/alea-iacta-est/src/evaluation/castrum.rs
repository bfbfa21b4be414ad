//! III. Castrum: the sets ranked by size, then value; in that order each set's owner takes one
//! of the provinces shown, until provinces or sets run out. Sets without a province go to the
//! Latrina; provinces left over leave the game.

use crate::components::Province;
use crate::round::Flow;
use crate::state::{Phase, State};
use dicecore::Seat;

impl State {
    /// The best remaining Castrum set: (value, count, owner).
    pub(crate) fn best_set(&self) -> Option<(u8, u8, u8)> {
        // Each value's largest set is its row's highest non-zero byte: the best is the
        // largest of (size, value), found without a branch.
        let key = (0..6)
            .map(|v| (8 - u64::from_le_bytes(self.castrum[v]).leading_zeros() as usize / 8) * 8 + v)
            .max()
            .unwrap_or(0);
        let (c, v) = (key / 8, key % 8);
        (c > 0).then(|| (v as u8 + 1, c as u8, self.castrum[v][c - 1] - 1))
    }

    /// The best set's owner takes a province ([`Phase::TakeProvince`]; at once when one is
    /// left); then the remaining sets go to the Latrina and the Forum is next.
    pub(crate) fn castrum_evaluation(&mut self) -> Flow {
        if self.provinces_shown != 0 {
            if let Some((_, _, owner)) = self.best_set() {
                if self.provinces_shown.count_ones() == 1 {
                    let prov = Province(self.provinces_shown.trailing_zeros() as u8);
                    self.take_province(owner as usize, prov);
                    return Flow::Go;
                }
                self.phase = Phase::TakeProvince { seat: Seat(owner) };
                return Flow::Rest;
            }
        }
        for v in 0..6 {
            for c in 0..8 {
                let o = self.castrum[v][c];
                if o > 0 {
                    self.latrina[o as usize - 1] += c as u8 + 1;
                    self.castrum[v][c] = 0;
                }
            }
        }
        self.provinces_shown = 0;
        self.phase = Phase::EvalForum;
        Flow::Go
    }

    /// The best set's owner takes `prov`; the set leaves the Castrum (its dice go home).
    pub(crate) fn take_province(&mut self, p: usize, prov: Province) {
        if let Some((v, c, _)) = self.best_set() {
            self.castrum[v as usize - 1][c as usize - 1] = 0;
        }
        self.provinces_shown &= !(1 << prov.0);
        self.provinces[p] |= 1 << prov.0;
        self.holdings_changed();
    }
}
