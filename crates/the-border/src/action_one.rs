//! Action 1 (a round, step 1, after the rolls): the active player alone completes whole
//! segments, anywhere on their board, using one die of a segment's colour per open space.

use crate::board::SEGMENTS;
use crate::state::{Phase, State};
use crate::{Action, DiceSet, Error};
use dicecore::faces::Colour;
use dicecore::{Dice, Seat};

/// Bits `4 · v + j` of an entry of `open_by_colour` for `v` in 1..=n open spaces, by `n`
/// (0 to 5 free dice of the colour).
const UP_TO: [u32; 6] = [0, 0xf0, 0xff0, 0xfff0, 0xffff0, 0xfffff0];

impl State {
    /// Dice of the active player not yet used in action 1.
    pub(crate) fn free(&self) -> DiceSet {
        self.dice.minus(self.used)
    }

    /// Checks a completion of segment `k` by `seat`.
    pub(crate) fn check_complete(&self, seat: Seat, k: u8) -> Result<(), Error> {
        if self.phase != Phase::Crossing {
            self.between_rolls()?;
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

    /// For each colour, the segments (as a mask over the four of that colour, in the order of
    /// [`crate::Board::colour_segment_ids`]) the active player can complete with the free
    /// dice: 1 to `n` open spaces where `n` dice of the colour are free. The five nibbles of
    /// 1 to 5 open spaces (bits 4 to 23) fold onto the low one.
    fn completable_by_colour(&self) -> [u32; 6] {
        let free = self.free();
        let by_colour = &self.open_by_colour[self.active.index()];
        std::array::from_fn(|c| {
            let m = by_colour[c] & UP_TO[free.0[c].min(5) as usize];
            (m >> 4 | m >> 8 | m >> 12 | m >> 16 | m >> 20) & 0xf
        })
    }

    /// Calls `f` with every segment the active player can complete now (by colour, then in
    /// the order of [`crate::Board::colour_segment_ids`]).
    fn for_each_completable(&self, mut f: impl FnMut(u8)) {
        let board = self.seat_board(self.active.index());
        // All colours' masks in one word (four bits a colour): one loop, one exit.
        let mut all = 0u32;
        for (c, m) in self.completable_by_colour().into_iter().enumerate() {
            all |= m << (4 * c);
        }
        while all != 0 {
            let bit = all.trailing_zeros() as usize;
            all &= all - 1;
            f(board.colour_segment_ids(Colour::ALL[bit / 4])[bit % 4]);
        }
    }

    /// Whether the active player can complete any segment with the dice left.
    pub(crate) fn can_complete(&self) -> bool {
        let free = self.free();
        let by_colour = &self.open_by_colour[self.active.index()];
        let mut any = 0;
        for (c, &open) in by_colour.iter().enumerate() {
            any |= open & UP_TO[free.0[c].min(5) as usize];
        }
        any != 0
    }

    /// Every completion open to the active player, then `Done`.
    pub(crate) fn push_completions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.for_each_completable(|segment| out.push(Action::Complete { seat, segment }));
        out.push(Action::Done(seat));
    }

    /// How many actions the active player has in action 1: a completion per completable
    /// segment, and being done.
    pub(crate) fn completion_count(&self) -> usize {
        let mut n = 1;
        self.for_each_completable(|_| n += 1);
        n
    }

    /// One of [`State::push_completions`]'s actions, drawn uniformly: the same draw as
    /// picking from the list (`dice.index` of its length), without writing it.
    pub(crate) fn sample_completion(&self, seat: Seat, dice: &mut Dice) -> Action {
        let mut segments = [0u8; SEGMENTS];
        let mut n = 0;
        self.for_each_completable(|k| {
            segments[n] = k;
            n += 1;
        });
        match segments[..n].get(dice.index(n + 1)) {
            Some(&segment) => Action::Complete { seat, segment },
            None => Action::Done(seat),
        }
    }

    /// The rolls are over: action 1 begins, or action 2 at once if nothing can be completed.
    pub(crate) fn begin_crossing(&mut self) {
        self.phase = Phase::Crossing;
        if !self.can_complete() {
            self.begin_action_2();
        }
    }

    /// The active player completes segment `segment` (checked); action 2 begins when nothing
    /// more can be completed.
    pub(crate) fn complete(&mut self, segment: u8) {
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
        let v = self.open[a][k];
        self.used.0[seg.colour.index()] += v;
        self.open[a][k] = 0;
        // The segment's bit moves from `v` to no open space.
        let slot = self.setup.lookup[a].slot[k];
        self.open_by_colour[a][slot as usize / 4] ^= (1 << (4 * v + slot % 4)) | (1 << (slot % 4));
        self.crossed[a] |= open;
        self.score(a, touched);
        if !self.can_complete() {
            self.begin_action_2();
        }
    }
}
