//! The round: the provinces and patricians revealed at its start, the passes of turns (roll,
//! re-roll, place), the end of the round once a player has placed their last die, and the
//! start of the next round. The engine runs every automatic step between two decisions or
//! chance events here ([`State::advance`]); the evaluation of each building at round end is in
//! [`crate::evaluation`].

use crate::components::{Faces, DICE_PER_PLAYER};
use crate::state::{Phase, State};
use dicecore::{Seat, SeatSet, Turn};

/// What an automatic step leaves to do.
pub(crate) enum Flow {
    /// Carry on with the next automatic step.
    Go,
    /// Stop: a chance event, a decision or the end of the game is next.
    Rest,
}

impl State {
    /// Who acts next.
    #[inline]
    pub(crate) fn turn_now(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Over,
            Phase::RevealProvinces
            | Phase::RevealPatricians
            | Phase::Roll
            | Phase::DrawFortuna { .. }
            | Phase::DrawSenate { .. } => Turn::Chance,
            Phase::Place => Turn::Seat(Seat(self.current)),
            Phase::KeepFortuna => Turn::Seats(self.keepers()),
            Phase::KeepSenate { seat }
            | Phase::TakeProvince { seat }
            | Phase::TakePatrician { seat } => Turn::Seat(seat),
            _ => Turn::Over,
        }
    }

    pub(crate) fn keepers(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for p in 0..self.seats_n() {
            if self.keep_left[p] > 0 {
                set.insert(Seat(p as u8));
            }
        }
        set
    }

    /// Carries out everything automatic until a chance event, a decision or the end.
    pub(crate) fn advance(&mut self) {
        loop {
            if self.phase.settled() {
                return;
            }
            let flow = match self.phase {
                Phase::RevealProvinces => self.reveal_provinces(),
                Phase::RevealPatricians => self.reveal_patricians(),
                Phase::StartTurn => self.start_turn(),
                Phase::EndTurn => self.end_turn(),
                Phase::RoundEnd => self.round_end(),
                Phase::DrawFortuna { seat, left, bonus } => self.fortuna_draws(seat, left, bonus),
                Phase::TempleKeepSetup => self.templum_evaluation(),
                Phase::TempleDone => self.templum_done(),
                Phase::EvalSenate => self.senatus_evaluation(),
                Phase::DrawSenate { left } => self.senate_draws(left),
                Phase::SenateGive => self.senate_give(),
                Phase::EvalCastrum => self.castrum_evaluation(),
                Phase::EvalForum => self.forum_evaluation(),
                Phase::EvalLatrina => self.latrina_evaluation(),
                _ => Flow::Rest,
            };
            if let Flow::Rest = flow {
                return;
            }
        }
    }

    /// Round start: one province per player is revealed (chance).
    fn reveal_provinces(&mut self) -> Flow {
        if self.provinces_shown.count_ones() < self.config.provinces_shown() as u32
            && self.province_stack != 0
        {
            return Flow::Rest;
        }
        self.phase = Phase::RevealPatricians;
        Flow::Go
    }

    /// Round start: one patrician per Forum column is revealed (chance); then the start player
    /// takes the first turn.
    fn reveal_patricians(&mut self) -> Flow {
        if self.patricians_shown.count_ones() < self.config.forum_columns() as u32
            && self.patrician_stack != 0
        {
            return Flow::Rest;
        }
        self.current = self.start;
        self.phase = Phase::StartTurn;
        Flow::Go
    }

    /// A turn: the player rolls all their unplaced dice; a player without dice is skipped.
    fn start_turn(&mut self) -> Flow {
        let h = self.hand[self.current as usize];
        if h > 0 {
            self.roll = Faces::EMPTY;
            self.pending = h;
            self.phase = Phase::Roll;
            return Flow::Rest;
        }
        self.phase = Phase::EndTurn;
        Flow::Go
    }

    /// After a turn: once a player has placed their last die, the pass is finished through
    /// the start player's right-hand neighbour and the round ends.
    fn end_turn(&mut self) -> Flow {
        let n = self.seats_n();
        if self.hand[self.current as usize] == 0 {
            self.last_pass = true;
        }
        let next = (self.current as usize + 1) % n;
        if next == self.start as usize && self.last_pass {
            self.phase = Phase::RoundEnd;
        } else {
            self.current = next as u8;
            self.phase = Phase::StartTurn;
        }
        Flow::Go
    }

    /// The round ends: unplaced dice go to the Latrina, and the evaluation begins with the
    /// Templum.
    fn round_end(&mut self) -> Flow {
        self.current = self.start;
        for p in 0..self.seats_n() {
            self.latrina[p] += self.hand[p];
            self.hand[p] = 0;
        }
        self.templum_lone_die();
        Flow::Go
    }

    /// After the Latrina's evaluation: the next round with the next start player (to the
    /// left), or the end of the game.
    pub(crate) fn next_round(&mut self) -> Flow {
        let n = self.seats_n();
        self.round += 1;
        self.last_pass = false;
        if self.round >= self.config.rounds() {
            self.phase = Phase::Over;
            return Flow::Rest;
        }
        self.start = ((self.start as usize + 1) % n) as u8;
        self.current = self.start;
        for p in 0..n {
            self.hand[p] = DICE_PER_PLAYER;
        }
        self.phase = Phase::RevealProvinces;
        Flow::Go
    }
}
