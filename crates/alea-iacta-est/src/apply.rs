//! The actions' effects: every action is checked against the rules first
//! ([`State::validate_action`]), then carried out ([`State::perform`]), so a refused action
//! changes nothing.

use crate::components::{Card, Faces};
use crate::state::{Phase, State};
use crate::{Action, Error};
use dicecore::{Seat, Turn};

impl State {
    fn expect_chance(&self, right_kind: bool) -> Result<(), Error> {
        if self.turn_now() != Turn::Chance {
            Err(Error::NoChancePending)
        } else if !right_kind {
            Err(Error::WrongOutcome)
        } else {
            Ok(())
        }
    }

    fn expect_decision(&self, seat: Seat, right_kind: bool) -> Result<(), Error> {
        let to_move = match self.turn_now() {
            Turn::Chance => return Err(Error::ChancePending),
            Turn::Seat(s) => s == seat,
            Turn::Seats(set) => set.contains(seat),
            Turn::Over => false,
        };
        if !to_move {
            Err(Error::NotYourTurn(seat))
        } else if !right_kind {
            Err(Error::WrongDecision)
        } else {
            Ok(())
        }
    }

    fn check_dice(&self, dice: Faces) -> Result<(), Error> {
        if !self.selected.is_empty() {
            return Err(Error::RerollInProgress);
        }
        if dice.is_empty() {
            return Err(Error::NoDice);
        }
        if !dice.is_subset_of(self.roll) {
            return Err(Error::NotRolled(dice));
        }
        Ok(())
    }

    /// Ends a placement of `k` dice.
    fn placed(&mut self, k: u8) {
        let p = self.current as usize;
        self.hand[p] -= k;
        self.roll = Faces::EMPTY;
        self.phase = Phase::EndTurn;
    }

    /// Checks `action` against the rules without changing anything ([`Self::perform`] then
    /// applies it, arm by arm over the same actions: a refused action leaves the state as it
    /// was).
    pub(crate) fn validate_action(&self, action: &Action) -> Result<(), Error> {
        let place = matches!(self.phase, Phase::Place);
        match *action {
            Action::Roll(f) => {
                self.expect_chance(matches!(self.phase, Phase::Roll))?;
                if f.len() != self.pending as u32 {
                    return Err(Error::RollSize {
                        expected: self.pending,
                        found: f.len(),
                    });
                }
            }
            Action::SelectReroll { seat, value } => {
                self.expect_decision(seat, place)?;
                if self.chips[seat.index()] == 0 {
                    return Err(Error::NoRepeteChip(seat));
                }
                if self.config.reroll_one_die_per_chip && !self.selected.is_empty() {
                    return Err(Error::OneDiePerChip);
                }
                if self.roll.count(value) <= self.selected.count(value) {
                    let mut f = self.selected;
                    if (1..=6).contains(&value) {
                        f.0[value as usize - 1] += 1;
                    }
                    return Err(Error::NotRolled(f));
                }
            }
            Action::Reroll { seat } => {
                self.expect_decision(seat, place)?;
                if self.chips[seat.index()] == 0 {
                    return Err(Error::NoRepeteChip(seat));
                }
                if self.selected.is_empty() {
                    return Err(Error::EmptyReroll);
                }
            }
            Action::Templum { seat, dice } => {
                self.expect_decision(seat, place)?;
                self.check_dice(dice)?;
                self.check_templum(seat.index(), dice)?;
            }
            Action::Senatus { seat, dice } => {
                self.expect_decision(seat, place)?;
                self.check_dice(dice)?;
                self.check_senatus(seat.index(), dice)?;
            }
            Action::Castrum {
                seat,
                value,
                count,
                extend,
            } => {
                self.expect_decision(seat, place)?;
                if !self.selected.is_empty() {
                    return Err(Error::RerollInProgress);
                }
                if !(1..=6).contains(&value) || count == 0 || count > 8 {
                    return Err(Error::NotASet);
                }
                if self.roll.count(value) < count {
                    let mut f = Faces::EMPTY;
                    f.0[value as usize - 1] = count;
                    return Err(Error::NotRolled(f));
                }
                self.check_castrum(seat.index(), value, count, extend)?;
            }
            Action::Forum { seat, dice } => {
                self.expect_decision(seat, place)?;
                self.check_dice(dice)?;
                self.check_forum(dice)?;
            }
            Action::Latrina { seat } => {
                self.expect_decision(seat, place)?;
                if !self.selected.is_empty() {
                    return Err(Error::RerollInProgress);
                }
                if self.has_placement(seat.index(), self.roll) {
                    return Err(Error::LatrinaNotAllowed);
                }
            }
            Action::Fortuna(v) => {
                self.expect_chance(matches!(self.phase, Phase::DrawFortuna { .. }))?;
                if !(1..=3).contains(&v) || self.fortuna_stack[v as usize - 1] == 0 {
                    return Err(Error::NotInStack);
                }
            }
            Action::KeepFortuna { seat, value } => {
                self.expect_decision(seat, self.phase == Phase::KeepFortuna)?;
                if !(1..=3).contains(&value)
                    || self.fortuna_drawn[seat.index()][value as usize - 1] == 0
                {
                    return Err(Error::NoSuchTile(value));
                }
            }
            Action::SenateCard(card) => {
                self.expect_chance(matches!(self.phase, Phase::DrawSenate { .. }))?;
                if !card.is_valid() || self.senate_deck[card.index()] == 0 {
                    return Err(Error::NotInStack);
                }
            }
            Action::KeepSenateCard { seat, card } => {
                self.expect_decision(seat, matches!(self.phase, Phase::KeepSenate { .. }))?;
                if !card.is_valid() || self.offer_index(card).is_none() {
                    return Err(Error::CardNotOffered(card));
                }
            }
            Action::RevealProvince(p) => {
                self.expect_chance(self.phase == Phase::RevealProvinces)?;
                if !p.is_valid() || self.province_stack & (1 << p.0) == 0 {
                    return Err(Error::NotInStack);
                }
            }
            Action::RevealPatrician(t) => {
                self.expect_chance(self.phase == Phase::RevealPatricians)?;
                if !t.is_valid() || self.patrician_stack & (1 << t.0) == 0 {
                    return Err(Error::NotInStack);
                }
            }
            Action::TakeProvince { seat, province } => {
                self.expect_decision(seat, matches!(self.phase, Phase::TakeProvince { .. }))?;
                if !province.is_valid() || self.provinces_shown & (1 << province.0) == 0 {
                    return Err(Error::ProvinceNotShown(province));
                }
            }
            Action::TakePatrician { seat, patrician } => {
                self.expect_decision(seat, matches!(self.phase, Phase::TakePatrician { .. }))?;
                if !patrician.is_valid() || self.patricians_shown & (1 << patrician.0) == 0 {
                    return Err(Error::PatricianNotShown(patrician));
                }
            }
        }
        Ok(())
    }

    fn offer_index(&self, card: Card) -> Option<usize> {
        self.offer[..self.offer_len as usize]
            .iter()
            .position(|&k| k as usize == card.index())
    }

    /// Applies an action that [`Self::validate_action`] accepted.
    pub(crate) fn perform(&mut self, action: &Action) {
        match *action {
            Action::Roll(f) => {
                for v in 0..6 {
                    self.roll.0[v] += f.0[v];
                }
                self.pending = 0;
                self.phase = Phase::Place;
            }
            Action::SelectReroll { value, .. } => {
                self.selected.0[value as usize - 1] += 1;
            }
            Action::Reroll { seat } => {
                self.chips[seat.index()] -= 1;
                self.holdings_changed();
                for v in 0..6 {
                    self.roll.0[v] -= self.selected.0[v];
                }
                self.pending = self.selected.len() as u8;
                self.selected = Faces::EMPTY;
                self.phase = Phase::Roll;
            }
            Action::Templum { seat, dice } => {
                let p = seat.index();
                let k = dice.len() as u8;
                self.temple_dice[p] += k;
                self.temple_pips[p] += dice.pips() as u8;
                self.placed(k);
                self.phase = Phase::DrawFortuna {
                    seat,
                    left: k,
                    bonus: false,
                };
            }
            Action::Senatus { seat, dice } => {
                if let Ok(st) = self.check_senatus(seat.index(), dice) {
                    self.straights[seat.index()] = st;
                }
                self.placed(dice.len() as u8);
            }
            Action::Castrum {
                seat,
                value,
                count,
                extend,
            } => {
                let row = &mut self.castrum[value as usize - 1];
                if extend > 0 {
                    row[extend as usize - 1] = 0;
                }
                row[(extend + count) as usize - 1] = seat.0 + 1;
                self.placed(count);
            }
            Action::Forum { seat, dice } => {
                self.place_forum(seat.index(), dice);
                self.placed(dice.len() as u8);
            }
            Action::Latrina { seat } => {
                self.latrina[seat.index()] += 1;
                self.placed(1);
            }
            Action::Fortuna(v) => {
                if let Phase::DrawFortuna { seat, left, bonus } = self.phase {
                    self.fortuna_stack[v as usize - 1] -= 1;
                    self.fortuna_drawn[seat.index()][v as usize - 1] += 1;
                    if self.fortuna_stack == [0; 3] && !self.config.fortuna_late_reshuffle {
                        // The stack ran out: the discards become the new stack at once.
                        self.reshuffle_fortuna();
                    }
                    self.phase = Phase::DrawFortuna {
                        seat,
                        left: left - 1,
                        bonus,
                    };
                }
            }
            Action::KeepFortuna { seat, value } => {
                let p = seat.index();
                // The choice stays face down until every chooser has chosen (a simultaneous
                // turn): `templum_done` reveals the chosen tiles and discards the rest.
                self.fortuna_drawn[p][value as usize - 1] -= 1;
                self.fortuna_chosen[p][value as usize - 1] += 1;
                // A chooser drew more tiles than it keeps (the evaluation keeps all of them
                // otherwise, and the loader refuses anything else), and each choice takes one
                // of each: a choice is left until the last tile is kept.
                self.keep_left[p] -= 1;
                if self.keep_left.iter().all(|&k| k == 0) {
                    self.phase = Phase::TempleDone;
                }
            }
            Action::SenateCard(card) => {
                if let Phase::DrawSenate { left } = self.phase {
                    self.senate_deck[card.index()] -= 1;
                    self.offer[self.offer_len as usize] = card.index() as u8;
                    self.offer_len += 1;
                    self.phase = Phase::DrawSenate { left: left - 1 };
                }
            }
            Action::KeepSenateCard { seat, card } => {
                if let Some(i) = self.offer_index(card) {
                    self.give_offer_card(seat.index(), i);
                }
                self.senate_step += 1;
                self.phase = Phase::SenateGive;
            }
            Action::RevealProvince(p) => {
                self.province_stack &= !(1 << p.0);
                self.provinces_shown |= 1 << p.0;
            }
            Action::RevealPatrician(t) => {
                self.patrician_stack &= !(1 << t.0);
                self.patricians_shown |= 1 << t.0;
            }
            Action::TakeProvince { seat, province } => {
                self.take_province(seat.index(), province);
                self.phase = Phase::EvalCastrum;
            }
            Action::TakePatrician { seat, patrician } => {
                self.take_patrician(seat.index(), patrician);
                self.phase = Phase::EvalForum;
            }
        }
        if !self.phase.settled() {
            self.advance();
        }
    }

    pub(crate) fn winners_key(&self) -> Vec<(i32, u8)> {
        (0..self.config.seats)
            .map(|s| {
                let b = self.breakdown(Seat(s));
                (b.total, b.tie_break)
            })
            .collect()
    }
}
