//! The round: the provinces and patricians revealed at its start, the passes of turns (roll,
//! re-roll, place), the end of the round once a player has placed their last die, and the
//! start of the next round. The engine runs every automatic step between two decisions or
//! chance events here ([`State::advance`]); the evaluation of each building at round end is in
//! [`crate::evaluation`].

use crate::components::{
    Card, Faces, CARD_COPIES, CARD_KINDS, DICE_PER_PLAYER, FORTUNA_TILES, PATRICIANS,
    PROVINCE_CARDS,
};
use crate::state::{Pass, Phase, State, Straight, MAX_BOTTOM, MAX_PASSES, MAX_SEATS};
use crate::{Config, Error};
use dicecore::{Seat, SeatSet, Turn};

/// What an automatic step leaves to do.
pub(crate) enum Flow {
    /// Carry on with the next automatic step.
    Go,
    /// Stop: a chance event, a decision or the end of the game is next.
    Rest,
}

impl State {
    /// A state of `config` with every component nowhere: no dice, empty stacks and
    /// buildings (the start of [`State::initial`] and of a setup).
    pub(crate) fn empty(config: &Config) -> State {
        State {
            config: config.clone(),
            round: 0,
            start: config.start.0,
            current: config.start.0,
            last_pass: false,
            phase: Phase::RevealProvinces,
            hand: [0; MAX_SEATS],
            roll: Faces::EMPTY,
            pending: 0,
            selected: Faces::EMPTY,
            chips: [0; MAX_SEATS],
            temple_dice: [0; MAX_SEATS],
            temple_pips: [0; MAX_SEATS],
            fortuna_drawn: [[0; 3]; MAX_SEATS],
            fortuna_kept: [[0; 3]; MAX_SEATS],
            fortuna_chosen: [[0; 3]; MAX_SEATS],
            keep_left: [0; MAX_SEATS],
            fortuna_stack: [0; 3],
            fortuna_discard: [0; 3],
            straights: [Straight::default(); MAX_SEATS],
            senate_deck: [0; CARD_KINDS],
            senate_bottom: [0; MAX_BOTTOM],
            senate_bottom_seen: [0; MAX_BOTTOM],
            senate_bottom_len: 0,
            senate_hands: [[0; CARD_KINDS]; MAX_SEATS],
            passes: [Pass::default(); MAX_PASSES],
            passes_len: 0,
            offer: [0; 3],
            offer_len: 0,
            offer_seen: 0,
            senate_order: [0; 3],
            senate_order_len: 0,
            senate_step: 0,
            castrum: [[0; 8]; 6],
            province_stack: 0,
            provinces_shown: 0,
            provinces: [0; MAX_SEATS],
            forum: [0; 7],
            forum_len: 0,
            patrician_stack: 0,
            patricians_shown: 0,
            patricians: [0; MAX_SEATS],
            latrina: [0; MAX_SEATS],
            kept: dicecore::Memo::new(),
        }
    }

    /// The initial state (before the first reveal).
    pub(crate) fn initial(config: &Config) -> Result<State, Error> {
        config.validate()?;
        let mut s = State::empty(config);
        s.senate_deck = CARD_COPIES;
        if !config.card_iv_in_play() {
            s.senate_deck[Card::ManyFortuna.index()] = 0;
        }
        for h in s.hand.iter_mut().take(config.seats as usize) {
            *h = DICE_PER_PLAYER;
        }
        s.fortuna_stack = FORTUNA_TILES;
        s.province_stack = (1 << PROVINCE_CARDS) - 1;
        s.patrician_stack = (1 << PATRICIANS) - 1;
        s.advance();
        Ok(s)
    }

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
