//! II. Senatus: the straights ranked by length and top value, the three senate cards drawn,
//! kept and passed on by the recipients, the cards put under the deck, and what each player
//! knows of where the passed cards went.

use crate::components::CARD_KINDS;
use crate::round::Flow;
use crate::state::{Pass, Phase, State, Straight, MAX_BOTTOM, MAX_PASSES, MAX_SEATS, UNDER_DECK};
use dicecore::Seat;

impl State {
    fn senate_available(&self) -> bool {
        self.senate_deck != [0; CARD_KINDS] || self.senate_bottom_len > 0
    }

    /// The straights are ranked by length, then top value; the recipients (1, 2, 2, 3 for 2–5
    /// players, at most one per straight) take their dice home, the others' dice go to the
    /// Latrina. Three cards are drawn for the first recipient.
    pub(crate) fn senatus_evaluation(&mut self) -> Flow {
        let n = self.seats_n();
        let mut order = [0u8; MAX_SEATS];
        let mut len = 0;
        for p in 0..n {
            if self.straights[p].len > 0 {
                order[len] = p as u8;
                len += 1;
            }
        }
        let st = self.straights;
        order[..len].sort_unstable_by_key(|&p| {
            let s = st[p as usize];
            std::cmp::Reverse((s.len, s.high()))
        });
        let recipients = len.min(self.config.senate_recipients() as usize);
        for &p in &order[recipients..len] {
            self.latrina[p as usize] += self.straights[p as usize].len;
        }
        self.straights = [Straight::default(); MAX_SEATS];
        self.senate_order_len = recipients as u8;
        self.senate_order[..recipients].copy_from_slice(&order[..recipients]);
        self.senate_step = 0;
        self.offer_len = 0;
        self.offer_seen = if recipients > 0 { 1 << order[0] } else { 0 };
        self.phase = if recipients > 0 {
            Phase::DrawSenate { left: 3 }
        } else {
            Phase::SenateGive
        };
        Flow::Go
    }

    /// The cards are drawn one by one (chance) from the face-down deck; once only cards put
    /// under it remain, their order is known and the top one is taken at once.
    pub(crate) fn senate_draws(&mut self, left: u8) -> Flow {
        if left > 0 && self.senate_available() {
            if self.senate_deck != [0; CARD_KINDS] {
                return Flow::Rest;
            }
            let card = self.senate_bottom[0];
            let len = self.senate_bottom_len as usize;
            self.senate_bottom.copy_within(1..len, 0);
            self.senate_bottom_seen.copy_within(1..len, 0);
            self.senate_bottom_len -= 1;
            self.senate_bottom[len - 1] = 0;
            self.senate_bottom_seen[len - 1] = 0;
            self.bottom_drawn();
            self.offer[self.offer_len as usize] = card;
            self.offer_len += 1;
            self.phase = Phase::DrawSenate { left: left - 1 };
            return Flow::Go;
        }
        self.phase = Phase::SenateGive;
        Flow::Go
    }

    /// The recipients in rank order: the first and second choose among the cards left
    /// ([`Phase::KeepSenate`]; a choice among one card is made at once), the third gets the
    /// last card. Cards not given go face down under the deck; the Castrum is next.
    pub(crate) fn senate_give(&mut self) -> Flow {
        if self.senate_step < self.senate_order_len && self.offer_len > 0 {
            let p = self.senate_order[self.senate_step as usize];
            self.offer_seen |= 1 << p;
            if self.offer_len >= 2 && self.senate_step < 2 {
                self.phase = Phase::KeepSenate { seat: Seat(p) };
                return Flow::Rest;
            }
            self.give_offer_card(p as usize, 0);
            self.senate_step += 1;
            return Flow::Go;
        }
        // The rest goes under the deck.
        let mut rest = [0u8; 3];
        let k = self.offer_len as usize;
        rest[..k].copy_from_slice(&self.offer[..k]);
        rest[..k].sort_unstable();
        // Put face down by the last recipient, the only one who sees them now.
        let seen = match self.senate_order_len {
            0 => self.offer_seen,
            r => 1 << self.senate_order[r as usize - 1],
        };
        for &card in &rest[..k] {
            let b = self.senate_bottom_len as usize;
            if b < MAX_BOTTOM {
                self.senate_bottom[b] = card;
                self.senate_bottom_seen[b] = seen;
                self.senate_bottom_len += 1;
            }
        }
        self.offer = [0; 3];
        self.offer_len = 0;
        self.offer_seen = 0;
        self.senate_order = [0; 3];
        self.senate_order_len = 0;
        self.senate_step = 0;
        self.phase = Phase::EvalCastrum;
        Flow::Go
    }

    /// Gives offered card `i` to recipient `p` (at the current senate step). When the second
    /// recipient keeps one of the two cards the first passed, the pass is recorded: the first
    /// knows the pair and where the two went (the second's hand, and the third's hand or the
    /// bottom of the deck), the second knows which is where.
    pub(crate) fn give_offer_card(&mut self, p: usize, i: usize) {
        let card = self.offer[i];
        let len = self.offer_len as usize;
        if self.senate_step == 1 && len == 2 && self.senate_order_len >= 2 {
            let other = if self.senate_order_len == 3 {
                Some(self.senate_order[2])
            } else {
                let b = self.senate_bottom_len;
                ((b as usize) < MAX_BOTTOM).then_some(UNDER_DECK + b)
            };
            let k = self.passes_len as usize;
            if let (Some(other), true) = (other, k < MAX_PASSES) {
                self.passes[k] = Pass {
                    from: self.senate_order[0],
                    to: p as u8,
                    kept: card,
                    passed: self.offer[1 - i],
                    other,
                };
                self.passes_len += 1;
            }
        }
        self.senate_hands[p][card as usize] += 1;
        self.holdings_changed();
        self.offer.copy_within(i + 1..len, i);
        self.offer[len - 1] = 0;
        self.offer_len -= 1;
    }

    /// `known[q]`: the senate cards in `q`'s hand that `me` can tell for sure: the card `me`
    /// passed on as second recipient to the third, and a card of a pair `me` passed as first
    /// recipient when both cards of the pair are the same kind.
    pub(crate) fn known_cards(&self, me: usize) -> [[u8; CARD_KINDS]; MAX_SEATS] {
        let mut known = [[0u8; CARD_KINDS]; MAX_SEATS];
        for r in &self.passes[..(self.passes_len as usize).min(MAX_PASSES)] {
            let (to, other) = (r.to as usize, r.other as usize);
            if r.to as usize == me && other < MAX_SEATS {
                known[other][r.passed as usize % CARD_KINDS] += 1;
            }
            if r.from as usize == me && r.kept == r.passed && to < MAX_SEATS {
                known[to][r.kept as usize % CARD_KINDS] += 1;
                if other < MAX_SEATS {
                    known[other][r.passed as usize % CARD_KINDS] += 1;
                }
            }
        }
        known
    }

    /// The top card under the deck was drawn: passes that went under move up, and a pass
    /// whose card was drawn is forgotten (the card is on offer again).
    fn bottom_drawn(&mut self) {
        let mut k = 0;
        for i in 0..(self.passes_len as usize).min(MAX_PASSES) {
            let mut r = self.passes[i];
            if r.other == UNDER_DECK {
                continue;
            }
            if r.other > UNDER_DECK {
                r.other -= 1;
            }
            self.passes[k] = r;
            k += 1;
        }
        for r in &mut self.passes[k..] {
            *r = Pass::default();
        }
        self.passes_len = k as u8;
    }
}
