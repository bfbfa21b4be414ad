//! V. Latrina: every die there returns to its owner with a Repete chip (from a supply of 30,
//! shared from the start player clockwise, with [`crate::Config::repete_supply_limit`]).

use crate::components::REPETE_CHIPS;
use crate::round::Flow;
use crate::state::State;

impl State {
    /// Chips for the Latrina dice, then the next round.
    pub(crate) fn latrina_evaluation(&mut self) -> Flow {
        let n = self.seats_n();
        let held: u32 = self.chips.iter().map(|&c| c as u32).sum();
        let mut supply = if self.config.repete_supply_limit {
            (REPETE_CHIPS as u32).saturating_sub(held) as u8
        } else {
            u8::MAX
        };
        for i in 0..n {
            let p = (self.start as usize + i) % n;
            let k = self.latrina[p].min(supply);
            self.chips[p] += k;
            self.holdings_changed();
            supply -= k;
            self.latrina[p] = 0;
        }
        self.next_round()
    }
}
