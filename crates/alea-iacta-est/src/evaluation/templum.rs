//! I. Templum: the Fortuna tiles drawn for the dice placed there (and the lone die's extra
//! tile), the tiles kept at the evaluation (two for the leader, one for every other player
//! there) and the face-up discards, reshuffled when the stack runs out.

use crate::round::Flow;
use crate::state::{Phase, State};
use dicecore::Seat;

impl State {
    /// The seat with the most dice in the Templum (unique by the placement rule).
    pub(crate) fn temple_leader(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for p in 0..self.seats_n() {
            if self.temple_dice[p] > 0
                && best.is_none_or(|b| {
                    (self.temple_dice[p], self.temple_pips[p])
                        > (self.temple_dice[b], self.temple_pips[b])
                })
            {
                best = Some(p);
            }
        }
        best
    }

    pub(crate) fn fortuna_available(&self) -> bool {
        self.fortuna_stack != [0; 3] || self.fortuna_discard != [0; 3]
    }

    /// The face-up discards become a new Fortuna stack.
    pub(crate) fn reshuffle_fortuna(&mut self) {
        self.fortuna_stack = self.fortuna_discard;
        self.fortuna_discard = [0; 3];
    }

    /// Starts (or continues) drawing `left` Fortuna tiles for `seat`. An empty stack is made
    /// anew from the discards here: with `fortuna_late_reshuffle` (the stack is left empty when
    /// it runs out), or when the discards came after the stack ran out.
    fn start_fortuna_draw(&mut self, seat: Seat, left: u8, bonus: bool) {
        if self.fortuna_stack == [0; 3] {
            self.reshuffle_fortuna();
        }
        self.phase = Phase::DrawFortuna { seat, left, bonus };
    }

    /// The tiles of a Templum placement (or the lone die's extra tile) are drawn one by one
    /// (chance) while the stack and the discards hold any.
    pub(crate) fn fortuna_draws(&mut self, seat: Seat, left: u8, bonus: bool) -> Flow {
        if left > 0 && self.fortuna_available() {
            self.start_fortuna_draw(seat, left, bonus);
            return Flow::Rest;
        }
        self.phase = if bonus {
            Phase::TempleKeepSetup
        } else {
            Phase::EndTurn
        };
        Flow::Go
    }

    /// At round end: if exactly one die is in the Templum, its owner draws one more tile.
    pub(crate) fn templum_lone_die(&mut self) {
        let total: u8 = self.temple_dice.iter().sum();
        if self.config.templum() && total == 1 && self.fortuna_available() {
            let owner = self.temple_dice.iter().position(|&d| d == 1).unwrap_or(0);
            self.start_fortuna_draw(Seat(owner as u8), 1, true);
        } else {
            self.phase = Phase::TempleKeepSetup;
        }
    }

    /// The evaluation: the leader keeps 2 of the tiles drawn this round, every other player
    /// there 1. A player who drew more than their quota chooses ([`Phase::KeepFortuna`]).
    pub(crate) fn templum_evaluation(&mut self) -> Flow {
        let leader = self.temple_leader();
        let mut any = false;
        for p in 0..self.seats_n() {
            if self.temple_dice[p] == 0 {
                continue;
            }
            let quota = if Some(p) == leader { 2 } else { 1 };
            let drawn: u8 = self.fortuna_drawn[p].iter().sum();
            if drawn > quota {
                self.keep_left[p] = quota;
                any = true;
            } else {
                self.keep_best(p, quota);
            }
        }
        if any {
            self.phase = Phase::KeepFortuna;
            return Flow::Rest;
        }
        self.phase = Phase::TempleDone;
        Flow::Go
    }

    /// The chosen tiles are revealed and kept, the tiles not kept go to the discards, the
    /// Templum dice go home; the Senatus is next.
    pub(crate) fn templum_done(&mut self) -> Flow {
        for p in 0..self.seats_n() {
            for v in 0..3 {
                self.fortuna_kept[p][v] += self.fortuna_chosen[p][v];
                self.fortuna_chosen[p][v] = 0;
            }
            self.holdings_changed();
            self.keep_best(p, 0);
            self.temple_dice[p] = 0;
            self.temple_pips[p] = 0;
        }
        self.phase = Phase::EvalSenate;
        Flow::Go
    }

    /// Keeps the `q` best drawn tiles of `p` and discards the rest.
    pub(crate) fn keep_best(&mut self, p: usize, mut q: u8) {
        for v in (0..3).rev() {
            let k = self.fortuna_drawn[p][v].min(q);
            self.fortuna_kept[p][v] += k;
            self.fortuna_drawn[p][v] -= k;
            q -= k;
        }
        self.holdings_changed();
        for v in 0..3 {
            self.fortuna_discard[v] += self.fortuna_drawn[p][v];
            self.fortuna_drawn[p][v] = 0;
        }
    }
}
