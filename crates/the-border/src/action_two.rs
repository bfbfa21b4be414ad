//! Action 2 (a round, step 2): every other player crosses single spaces next to their crossed
//! ones with the dice the active player did not use, each deciding on their own.

use crate::board::Spaces;
use crate::dice::DICE;
use crate::state::{Phase, State};
use crate::{Action, DiceSet, Error};
use dicecore::faces::Colour;
use dicecore::{Dice, Game, Seat, SeatSet};

impl State {
    /// Action 1 is over: the others get the dice the active player did not use (all five if
    /// they used none, one of the five if they used all), and those who can cross act.
    pub(crate) fn begin_action_2(&mut self) {
        let (pool, left) = self.action_2_dice();
        self.phase = Phase::Others;
        self.claimed_now = 0;
        let mut to_act = 0u16;
        for i in 0..self.seats() as usize {
            self.start[i] = self.crossed[i];
            self.base[i] = self.reach[i];
            // The active player gets no dice, so nothing to cross (without a branch).
            let other = i != self.active.index();
            self.pool[i] = if other { pool } else { DiceSet::EMPTY };
            self.left[i] = left * u8::from(other);
            self.can_cross[i] = self.fresh_crossable(i);
            to_act |= u16::from(!self.can_cross[i].is_empty()) << i;
        }
        self.to_act = SeatSet::from_bits(to_act);
        if self.to_act.is_empty() {
            self.end_round();
        }
    }

    /// The dice the active player leaves to the others for action 2, and how many of them each
    /// may use: all five if they used none, one of the five if they used all, else the dice
    /// they did not use.
    pub(crate) fn action_2_dice(&self) -> (DiceSet, u8) {
        let unused = self.free();
        if self.used.total() == 0 {
            (self.dice, DICE)
        } else if unused.total() == 0 {
            (self.dice, 1)
        } else {
            (unused, unused.total() as u8)
        }
    }

    /// The spaces seat `i` may cross now in action 2 (kept up to date in `can_cross`).
    pub(crate) fn crossable(&self, i: usize) -> Spaces {
        self.can_cross[i]
    }

    /// The spaces seat `i` may cross now in action 2, computed afresh: spaces of a colour they
    /// have a die of, next to their crossed spaces, not crossed yet.
    pub(crate) fn fresh_crossable(&self, i: usize) -> Spaces {
        // No colour at all once no die is left (without a branch).
        let present = self.pool[i].colour_bits() & 0u8.wrapping_sub(u8::from(self.left[i] != 0));
        let colours = self.setup.boards[i].colours_spaces(present);
        (self.adjacent(i) & colours) - self.crossed[i]
    }

    /// The spaces next to seat `i`'s crossed ones, as action 2 counts them: with the spaces
    /// crossed earlier in this action 2 or without (flag `chain_within_action`).
    fn adjacent(&self, i: usize) -> Spaces {
        if self.setup.config.chain_within_action {
            self.reach[i]
        } else {
            self.base[i]
        }
    }

    /// Checks a cross of `space` by `seat`.
    #[inline]
    pub(crate) fn check_cross(&self, seat: Seat, space: u8) -> Result<(), Error> {
        if self.phase == Phase::Others
            && self.to_act.contains(seat)
            && self.can_cross[seat.index()].contains(space as usize)
        {
            return Ok(());
        }
        self.cross_refused(seat, space)
    }

    /// Why a cross of `space` by `seat` is refused.
    #[cold]
    #[inline(never)]
    fn cross_refused(&self, seat: Seat, space: u8) -> Result<(), Error> {
        let i = seat.index();
        self.between_rolls()?;
        if self.phase != Phase::Others {
            return Err(Error::NotSecondAction);
        }
        if !self.to_act.contains(seat) || seat.index() >= self.n() {
            return Err(Error::NotYourTurn(seat));
        }
        let board = self.seat_board(i);
        let s = space as usize;
        let info = board.spaces().get(s).ok_or(Error::NoSuchSpace(space))?;
        if self.crossed[i].contains(s) {
            return Err(Error::AlreadyCrossed(space));
        }
        if self.left[i] == 0 {
            return Err(Error::NoDiceLeft);
        }
        let colour = info.colour.ok_or(Error::AlreadyCrossed(space))?;
        if self.pool[i].count(colour) == 0 {
            return Err(Error::NoDieOfColour(colour));
        }
        Err(Error::NotAdjacent(space))
    }

    /// Every space `seat` may cross, then `Done`.
    pub(crate) fn push_crosses(&self, seat: Seat, out: &mut Vec<Action>) {
        /// Listings this short are written without a data-dependent branch.
        const SHORT: usize = 8;
        let [low, high] = *self.can_cross[seat.index()].words();
        let mut bits = u128::from(low) | (u128::from(high) << 64);
        // The first SHORT spaces (128, no space, once the set runs out), counted.
        let mut spaces = [0u8; SHORT];
        for space in &mut spaces {
            *space = bits.trailing_zeros() as u8;
            bits &= bits.wrapping_sub(1);
        }
        let n = spaces.iter().filter(|&&s| s != 128).count();
        // Write SHORT entries straight into `out` (those past the n-th are junk), put `Done`
        // after the n-th, and keep n + 1.
        let start = out.len();
        out.extend(spaces.map(|space| Action::Cross { seat, space }));
        if n < SHORT {
            out[start + n] = Action::Done(seat);
            out.truncate(start + n + 1);
            return;
        }
        while bits != 0 {
            out.push(Action::Cross {
                seat,
                space: bits.trailing_zeros() as u8,
            });
            bits &= bits - 1;
        }
        out.push(Action::Done(seat));
    }

    /// One of [`State::push_crosses`]'s actions, drawn uniformly: the same draw as picking
    /// from the list (`dice.index` of its length), without writing it.
    pub(crate) fn sample_cross(&self, seat: Seat, dice: &mut Dice) -> Action {
        let [low, high] = *self.can_cross[seat.index()].words();
        let mut bits = u128::from(low) | (u128::from(high) << 64);
        let n = bits.count_ones() as usize;
        let pick = dice.index(n + 1);
        if pick == n {
            return Action::Done(seat);
        }
        for _ in 0..pick {
            bits &= bits - 1;
        }
        Action::Cross {
            seat,
            space: bits.trailing_zeros() as u8,
        }
    }

    /// `seat` crosses `space` (checked); their action 2 ends when they can cross nothing more.
    #[inline(always)]
    pub(crate) fn cross(&mut self, seat: Seat, space: u8) {
        let i = seat.index();
        let s = space as usize;
        let board = &self.setup.boards[i];
        let info = board.spaces()[s];
        let colour = info.colour.unwrap_or(Colour::Grey);
        if let Some(k) = info.segment {
            let v = self.open[i][k as usize];
            self.open[i][k as usize] = v - 1;
            // The segment's bit moves from `v` to `v - 1` open spaces.
            let slot = self.setup.lookup[i].slot[k as usize];
            self.open_by_colour[i][slot as usize / 4] ^= 0x11 << (4 * (v - 1) + slot % 4);
        }
        self.crossed[i].insert(s);
        self.reach[i] |= board.neighbours(s);
        self.pool[i].0[colour.index()] -= 1;
        self.left[i] -= 1;
        self.score_space(i, s);
        self.can_cross[i] = self.fresh_crossable(i);
        if self.can_cross[i].is_empty() {
            self.finish_seat(seat);
        }
    }

    /// `seat` is done with action 2; the round ends when everyone is.
    pub(crate) fn finish_seat(&mut self, seat: Seat) {
        self.to_act.remove(seat);
        if self.to_act.is_empty() {
            self.end_round();
        }
    }
}
