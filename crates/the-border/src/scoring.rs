//! Completing areas and scoring: first and later values, simultaneous firsts in action 2, and
//! the end of a round (the next player clockwise) or of the game (a 6th area).

use crate::board::{Spaces, AREAS};
use crate::dice::DICE;
use crate::state::{Phase, State, END_AREAS};
use crate::DiceSet;
use dicecore::{Game, SeatSet};

impl State {
    /// Scores the areas seat `i` completes by crossing `space` (just crossed). Checks the
    /// space's (at most three) areas without a data-dependent branch; a completion is rare.
    #[inline(always)]
    pub(crate) fn score_space(&mut self, i: usize, space: usize) {
        let tables = &self.setup.lookup[i];
        if !tables.exact {
            let touched = self.seat_board(i).space_areas(space);
            return self.score(i, touched);
        }
        let crossed = self.crossed[i];
        let mut complete = 0u16;
        for a in tables.of_space[space] {
            let border = tables.borders[a as usize];
            complete |= u16::from(border.is_subset(&crossed)) << a;
        }
        let newly = complete & !self.done[i] & ((1 << AREAS) - 1);
        if newly != 0 {
            self.score(i, newly);
        }
    }

    /// Marks the areas of `touched` that seat `i` has now completed and scores them.
    pub(crate) fn score(&mut self, i: usize, touched: u16) {
        let mut candidates = touched & !self.done[i];
        let in_action_2 = self.phase == Phase::Others;
        while candidates != 0 {
            let a = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let area = &self.setup.boards[i].areas()[a];
            if !area.border.is_subset(&self.crossed[i]) {
                continue;
            }
            let bit = 1u16 << a;
            let value = if self.claimed & bit != 0 {
                area.low
            } else {
                if in_action_2 {
                    self.claimed_now |= bit;
                } else {
                    self.claimed |= bit;
                }
                area.high
            };
            self.done[i] |= bit;
            self.points[i][a] = value;
            self.scores[i] += value as u16;
        }
    }

    /// Action 2 is over: the areas first completed in it are taken; the game ends if someone
    /// has completed their 6th area, else the next player clockwise becomes active.
    pub(crate) fn end_round(&mut self) {
        self.claimed |= self.claimed_now;
        self.claimed_now = 0;
        self.to_act = SeatSet::EMPTY;
        let n = self.seats() as usize;
        for i in 0..n {
            self.pool[i] = DiceSet::EMPTY;
            self.left[i] = 0;
            self.start[i] = Spaces::EMPTY;
            self.base[i] = Spaces::EMPTY;
            self.can_cross[i] = Spaces::EMPTY;
        }
        if self.done[..n].iter().any(|d| d.count_ones() >= END_AREAS) {
            self.phase = Phase::Over;
            return;
        }
        self.active = self.active.next(self.seats());
        self.phase = Phase::Rolling;
        self.rolls = 0;
        self.pending = DICE;
        self.dice = DiceSet::EMPTY;
        self.used = DiceSet::EMPTY;
    }
}
