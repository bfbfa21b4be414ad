//! IV. Forum: from the leftmost die, its owner takes the die home and one of the patricians
//! shown; patricians left over leave the game.

use crate::components::Patrician;
use crate::round::Flow;
use crate::state::{Phase, State};
use dicecore::Seat;

impl State {
    /// The leftmost die's owner takes a patrician ([`Phase::TakePatrician`]; at once when one
    /// is left); then the Latrina is next.
    pub(crate) fn forum_evaluation(&mut self) -> Flow {
        if self.forum_len > 0 {
            let owner = (self.forum[0] >> 4) as usize;
            match self.patricians_shown.count_ones() {
                0 => self.pop_forum(),
                1 => {
                    let t = Patrician(self.patricians_shown.trailing_zeros() as u8);
                    self.take_patrician(owner, t);
                }
                _ => {
                    self.phase = Phase::TakePatrician {
                        seat: Seat(owner as u8),
                    };
                    return Flow::Rest;
                }
            }
            return Flow::Go;
        }
        self.patricians_shown = 0;
        self.phase = Phase::EvalLatrina;
        Flow::Go
    }

    fn pop_forum(&mut self) {
        let len = self.forum_len as usize;
        self.forum.copy_within(1..len, 0);
        self.forum[len - 1] = 0;
        self.forum_len -= 1;
    }

    pub(crate) fn take_patrician(&mut self, p: usize, t: Patrician) {
        self.pop_forum();
        self.patricians_shown &= !(1 << t.0);
        self.patricians[p] |= 1 << t.0;
        self.holdings_changed();
    }
}
