//! Action 1 (a round, step 1, after the rolls): the active player alone completes whole
//! segments, anywhere on their board, using one die of a segment's colour per open space.

use super::{Phase, State};
use crate::{Action, DiceSet, Error};
use dicecore::faces::Colour;
use dicecore::Seat;

impl State {
    /// Dice of the active player not yet used in action 1.
    pub(super) fn free(&self) -> DiceSet {
        self.dice.minus(self.used)
    }

    /// Checks a completion of segment `k` by `seat`.
    pub(super) fn check_complete(&self, seat: Seat, k: u8) -> Result<(), Error> {
        if self.phase != Phase::Crossing {
            return Err(Error::NotFirstAction);
        }
        if seat != self.active {
            return Err(Error::NotYourTurn(seat));
        }
        self.completable(k as usize).map(|_| ())
    }

    /// Whether the active player can complete segment `k` now, and how many dice it needs.
    fn completable(&self, k: usize) -> Result<(Colour, u8), Error> {
        let a = self.active.index();
        let board = self.seat_board(a);
        let seg = board
            .segments()
            .get(k)
            .ok_or(Error::NoSuchSegment(k as u8))?;
        let needed = self.open[a].get(k).copied().unwrap_or(0);
        if needed == 0 {
            return Err(Error::SegmentComplete(k as u8));
        }
        let available = self.free().count(seg.colour);
        if available < needed {
            return Err(Error::NotEnoughDice {
                colour: seg.colour,
                needed,
                available,
            });
        }
        Ok((seg.colour, needed))
    }

    /// Calls `f` with every segment the active player can complete now (by colour, then in
    /// the order of [`crate::Board::colour_segment_ids`]) until `f` returns `true`; whether it
    /// did.
    fn find_completable(&self, mut f: impl FnMut(u8) -> bool) -> bool {
        let a = self.active.index();
        let free = self.free();
        let open = &self.open[a];
        let board = self.seat_board(a);
        // Only colours with a free die can complete anything.
        let mut colours = free.colour_bits();
        while colours != 0 {
            let c = Colour::ALL[colours.trailing_zeros() as usize];
            colours &= colours - 1;
            let n = free.count(c);
            for &k in board.colour_segment_ids(c) {
                if (1..=n).contains(&open[k as usize]) && f(k) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the active player can complete any segment with the dice left.
    pub(super) fn can_complete(&self) -> bool {
        self.find_completable(|_| true)
    }

    /// Every completion open to the active player, then `Done`.
    pub(super) fn push_completions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.find_completable(|segment| {
            out.push(Action::Complete { seat, segment });
            false
        });
        out.push(Action::Done(seat));
    }

    /// The rolls are over: action 1 begins, or action 2 at once if nothing can be completed.
    pub(super) fn begin_crossing(&mut self) {
        self.phase = Phase::Crossing;
        if !self.can_complete() {
            self.begin_action_2();
        }
    }

    /// The active player completes segment `segment` (checked); action 2 begins when nothing
    /// more can be completed.
    pub(super) fn complete(&mut self, segment: u8) {
        let a = self.active.index();
        let board = &self.setup.boards[a];
        let seg = &board.segments()[segment as usize];
        let open = seg.spaces - self.crossed[a];
        let mut touched = 0u16;
        for s in open.iter() {
            touched |= board.space_areas(s);
            self.reach[a] |= board.neighbours(s);
        }
        let k = segment as usize;
        self.used.0[seg.colour.index()] += self.open[a][k];
        self.open[a][k] = 0;
        self.crossed[a] |= open;
        self.score(a, touched);
        if !self.can_complete() {
            self.begin_action_2();
        }
    }
}
