//! The turn sequence: the opening deal, the mandatory build of 3 settlements, the redraw rule,
//! the end of the turn with its card draw, and the last round.

use crate::board::{Cell, Cells, Terrain, Tile};
use crate::state::{Phase, State, MANDATORY};
use crate::Error;
use dicecore::Seat;

impl State {
    /// Whether placements of the mandatory build are still due (none once the supply is
    /// empty).
    pub(crate) fn mandatory_pending(&self) -> bool {
        self.mandatory_left > 0 && self.supply[self.active.index()] > 0
    }

    /// Whether the mandatory build has begun and is not complete (no tile, no end of turn).
    pub(crate) fn mandatory_in_progress(&self) -> bool {
        self.mandatory_pending() && self.mandatory_left < MANDATORY
    }

    /// Whether a card draw is due.
    pub(crate) fn is_chance(&self) -> bool {
        matches!(self.phase, Phase::Deal | Phase::Redraw | Phase::Refill)
    }

    /// The seat a pending card draw is for.
    pub fn drawer(&self) -> Option<Seat> {
        match self.phase {
            Phase::Deal => {
                let n = self.config.seats;
                (0..n)
                    .map(|k| Seat((self.config.start.0 + k) % n))
                    .find(|s| self.hands[s.index()].is_none())
            }
            Phase::Redraw | Phase::Refill => Some(self.active),
            Phase::Play | Phase::Over => None,
        }
    }

    /// The error when `seat` may not act now.
    pub(crate) fn check_player(&self, seat: Seat) -> Result<(), Error> {
        match self.phase {
            Phase::Over => Err(Error::GameOver),
            Phase::Play if seat == self.active => Ok(()),
            Phase::Play => Err(Error::NotYourTurn(seat)),
            _ => Err(Error::DrawPending),
        }
    }

    /// The error when a tile or the end of the turn must wait (a move or the mandatory build
    /// under way).
    pub(crate) fn check_free_to_act(&self) -> Result<(), Error> {
        if self.lifted.is_some() {
            return Err(Error::MoveInProgress);
        }
        if self.mandatory_in_progress() {
            return Err(Error::MandatoryInProgress);
        }
        Ok(())
    }

    /// [`crate::Action::Draw`]: the card drawn goes to the seat a draw is due for.
    pub(crate) fn apply_draw(&mut self, t: Terrain) -> Result<(), Error> {
        if self.phase == Phase::Over {
            return Err(Error::GameOver);
        }
        if !self.is_chance() {
            return Err(Error::NoDrawPending);
        }
        if self.pile[t as usize] == 0 {
            return Err(Error::NotInPile(t));
        }
        let Some(drawer) = self.drawer() else {
            return Err(Error::NoDrawPending);
        };
        self.pile[t as usize] -= 1;
        self.hands[drawer.index()] = Some(t);
        self.hand_age[drawer.index()] = 0;
        self.after_draw();
        Ok(())
    }

    /// [`crate::Action::Build`]: one placement of the mandatory build, on the card's terrain.
    pub(crate) fn apply_build(&mut self, seat: Seat, cell: Cell) -> Result<(), Error> {
        self.check_player(seat)?;
        let i = Self::check_cell(cell)?;
        if self.lifted.is_some() {
            return Err(Error::MoveInProgress);
        }
        if !self.mandatory_pending() {
            return Err(Error::MandatoryDone);
        }
        // The rule of the mandatory build (`build_rule(None)`), read in place.
        let free = match self.played_card() {
            Some(t) => &self.free_land[t as usize],
            None => &Cells::EMPTY,
        };
        self.check_obliged(free, true, Error::WrongTerrain, cell)?;
        self.place(i, true);
        self.mandatory_left -= 1;
        if self.supply[seat.index()] == 0 {
            self.mandatory_left = 0;
        }
        self.settle();
        Ok(())
    }

    /// [`crate::Action::EndTurn`]: the card is discarded and the next one drawn, or the game
    /// ends after the last round.
    pub(crate) fn apply_end_turn(&mut self, seat: Seat) -> Result<(), Error> {
        self.check_player(seat)?;
        if self.lifted.is_some() {
            return Err(Error::MoveInProgress);
        }
        if self.mandatory_pending() {
            return Err(Error::MandatoryNotDone);
        }
        self.discard_active();
        self.uses_left = [0; 8];
        self.turn_tiles = 0;
        if self.final_round && self.active == self.config.last_seat() {
            self.phase = Phase::Over;
        } else {
            self.phase = Phase::Refill;
            self.reshuffle_if_empty();
        }
        Ok(())
    }

    /// When a draw is due and the pile is empty, the discards become the pile.
    pub(crate) fn reshuffle_if_empty(&mut self) {
        if self.pile.iter().all(|&p| p == 0) {
            self.pile = self.discards;
            self.discards = [0; 5];
            // The hands still held were drawn from the pile that ran out: their cards together
            // are known (they are what that pile held), so they no longer mix with the new one.
            for (age, hand) in self.hand_age.iter_mut().zip(&self.hands) {
                if hand.is_some() {
                    *age = age.saturating_add(1);
                }
            }
        }
    }

    /// The active seat's card goes to the discards.
    pub(crate) fn discard_active(&mut self) {
        let a = self.active.index();
        if let Some(t) = self.hands[a].take() {
            self.discards[t as usize] += 1;
        }
        self.hand_age[a] = 0;
    }

    /// Applies the redraw rule if due (during a turn, after every action): a card whose
    /// terrain has no free hex is replaced while placements are due (or, with the
    /// `redraw_for_extra_actions` flag, while an Oracle or Barn could still use it).
    pub(crate) fn settle(&mut self) {
        if self.phase != Phase::Play || self.lifted.is_some() {
            return;
        }
        let Some(card) = self.hand(self.active) else {
            return;
        };
        if !self.free_land[card as usize].is_empty() {
            return;
        }
        if self.mandatory_pending() || self.extra_redraw_due() {
            self.discard_active();
            self.phase = Phase::Redraw;
            self.reshuffle_if_empty();
        }
    }

    /// The flagged redraw for extra actions: an unused Oracle (with a settlement in supply)
    /// or Barn (with a settlement to move).
    pub(crate) fn extra_redraw_due(&self) -> bool {
        let seat = self.active.index();
        self.config.redraw_for_extra_actions
            && ((self.uses_left[Tile::Oracle as usize] > 0 && self.supply[seat] > 0)
                || (self.uses_left[Tile::Barn as usize] > 0 && !self.settlements[seat].is_empty()))
    }

    /// The active seat's turn starts: 3 placements due, the tiles it holds usable.
    pub(crate) fn begin_turn(&mut self) {
        self.phase = Phase::Play;
        self.mandatory_left = MANDATORY;
        self.lifted = None;
        self.begin_tile_uses();
        self.settle();
    }

    /// What follows a card draw: the next opening hand or the first turn, the next player's
    /// turn, or the rest of a turn after a redraw.
    fn after_draw(&mut self) {
        match self.phase {
            Phase::Deal => {
                if self.drawer().is_none() {
                    self.active = self.config.start;
                    self.begin_turn();
                }
            }
            Phase::Refill => {
                self.active = self.active.next(self.config.seats);
                self.begin_turn();
            }
            Phase::Redraw => {
                self.phase = Phase::Play;
                self.settle();
            }
            Phase::Play | Phase::Over => {}
        }
    }
}
