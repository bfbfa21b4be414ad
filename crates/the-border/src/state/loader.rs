//! The loader: a saved state (or a position set up by hand) is accepted only if it could arise
//! in play, and the fields that are not saved are rebuilt.

use super::{Phase, State, END_AREAS};
use crate::board::{Spaces, AREAS};
use crate::dice::{DICE, ROLLS};
use crate::{DiceSet, Error};
use dicecore::SeatSet;
use std::sync::Arc;

impl State {
    /// Checks a freshly read state rule by rule and rebuilds its derived fields.
    pub(super) fn checked(mut self) -> Result<State, Error> {
        self.setup = Arc::new(self.setup.config.build()?);
        let n = self.n();
        let c = Error::Corrupted;
        if [
            self.pool.len(),
            self.left.len(),
            self.start.len(),
            self.crossed.len(),
            self.points.len(),
        ]
        .iter()
        .any(|&l| l != n)
        {
            return Err(c("one entry per player expected"));
        }
        if self.active.index() >= n {
            return Err(c("the active player is not at the table"));
        }
        let area_mask = (1u16 << AREAS) - 1;
        if self.claimed & !area_mask != 0 || self.claimed_now & !area_mask != 0 {
            return Err(c("unknown area marked as taken"));
        }
        if self.claimed & self.claimed_now != 0 {
            return Err(c("an area is first completed twice"));
        }
        let mut any_done = 0u16;
        for i in 0..n {
            let board = Arc::clone(&self.setup.boards[i]);
            let (crossed, start) = (self.crossed[i], self.start[i]);
            if !crossed.is_subset(&board.all()) || !board.white().is_subset(&crossed) {
                return Err(c("crossed spaces do not fit the board"));
            }
            if self.phase == Phase::Others {
                if !start.is_subset(&crossed) || !board.white().is_subset(&start) {
                    return Err(c("spaces crossed before action 2 do not fit"));
                }
                if self.pool[i].total() > DICE as u16 || self.left[i] > DICE {
                    return Err(c("too many dice for action 2"));
                }
            } else if start != Spaces::EMPTY || self.pool[i] != DiceSet::EMPTY || self.left[i] != 0
            {
                return Err(c("action 2 data outside action 2"));
            }
            self.derive(i);
            for (a, area) in board.areas().iter().enumerate() {
                let p = self.points[i][a];
                if self.done[i] & (1 << a) != 0 {
                    if p != area.high && p != area.low {
                        return Err(c("an area scored neither of its values"));
                    }
                } else if p != 0 {
                    return Err(c("points for an area not completed"));
                }
            }
            any_done |= self.done[i];
        }
        if (self.claimed | self.claimed_now) & !any_done != 0 {
            return Err(c("an area is taken that nobody completed"));
        }
        if any_done & !(self.claimed | self.claimed_now) != 0 {
            // Otherwise a later completer would wrongly score the high value.
            return Err(c("an area someone completed is not marked as taken"));
        }
        if !self.progress_fits_the_phase() {
            return Err(c("the round's progress does not fit the phase"));
        }
        Ok(self)
    }

    /// Whether the rolls, dice, seats to act and the end fit the phase.
    fn progress_fits_the_phase(&self) -> bool {
        let n = self.n();
        let ended = self.done[..n].iter().any(|d| d.count_ones() >= END_AREAS);
        // Before action 2 only the active player can have reached the end (in action 1).
        let ended_by_active = self.done[self.active.index()].count_ones() >= END_AREAS;
        let five = self.dice.total() == DICE as u16;
        match self.phase {
            Phase::Rolling => {
                (1..=DICE).contains(&self.pending)
                    && self.dice.total() + self.pending as u16 == DICE as u16
                    && self.rolls < ROLLS
                    && self.used == DiceSet::EMPTY
                    && self.to_act.is_empty()
                    && self.claimed_now == 0
                    && !ended
            }
            Phase::Deciding => {
                five && (1..ROLLS).contains(&self.rolls)
                    && self.pending == 0
                    && self.used == DiceSet::EMPTY
                    && self.to_act.is_empty()
                    && self.claimed_now == 0
                    && !ended
            }
            Phase::Crossing => {
                five && (1..=ROLLS).contains(&self.rolls)
                    && self.pending == 0
                    && self.used.is_subset(self.dice)
                    && self.to_act.is_empty()
                    && self.claimed_now == 0
                    && (!ended || ended_by_active)
            }
            Phase::Others => {
                five && (1..=ROLLS).contains(&self.rolls)
                    && self.pending == 0
                    && self.used.is_subset(self.dice)
                    && !self.to_act.is_empty()
                    && self.to_act.bits() & !SeatSet::all(n as u8).bits() == 0
                    && !self.to_act.contains(self.active)
                    && self.pool[..n].iter().all(|p| p.is_subset(self.dice))
            }
            Phase::Over => ended && self.to_act.is_empty() && self.claimed_now == 0,
        }
    }
}
