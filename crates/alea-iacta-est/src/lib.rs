//! # Alea Iacta Est
//!
//! A complete, deterministic rules engine for *Alea Iacta Est* (Bernd Eisenstein and
//! Jeffrey D. Allers) for 2–5 players, on [`dicecore`]: dice placement in the Templum,
//! Senatus, Castrum, Forum Romanum and Latrina, the round evaluation with its choices, and the
//! final scoring with the best housing of patricians and all 13 senate card kinds.
//!
//! - Every roll and Repete re-roll is a chance action ([`Action::Roll`], a sorted multiset of
//!   faces); every draw of a Fortuna tile, senate card, province or patrician is a chance
//!   action weighted by what is left in its stack.
//! - A turn is one decision: re-roll (spend a chip) or place dice in exactly one building.
//! - Hidden information (drawn Fortuna tiles, senate cards in hand, the order of cards under
//!   the senate deck) stays out of [`State::view`] for other seats; [`Game::determinize`]
//!   resamples it.
//!
//! ```
//! use alea_iacta_est::{Action, State};
//! use dicecore::{Agent, Game, Match, RandomAgent, Turn};
//!
//! let config = State::standard_config(4, 7).unwrap();
//! let mut game: Match<State> = Match::new(config, 7).unwrap();
//! // Provinces and patricians are revealed, then the start player rolls.
//! while game.state().turn() == Turn::Chance {
//!     game.resolve_chance().unwrap();
//! }
//! assert!(matches!(game.state().turn(), Turn::Seat(_)));
//! let mut agents: Vec<Box<dyn Agent<State>>> =
//!     (0..4).map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>).collect();
//! game.play_out(&mut agents, 100_000).unwrap();
//! let outcome = game.state().outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 4);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Per-seat and per-face state lives in fixed arrays indexed in parallel; index loops read best.
#![allow(clippy::needless_range_loop)]

mod action;
pub mod components;
mod config;
mod display;
mod encode;
mod error;
mod placement;
pub mod scoring;
mod state;
mod view;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use components::{Card, Colour, Faces, Patrician, Province, Sex};
pub use config::{Config, DEFAULT_DOUBLE_PROVINCES};
pub use error::Error;
pub use scoring::Breakdown;
pub use state::{Phase, State, Straight};
pub use view::{PassedOn, SenatePass, View};

use components::{PATRICIANS, PROVINCE_CARDS};
use dicecore::{faces::D6, Dice, Game, Outcome, Probability, Seat, Turn};

impl State {
    fn seat_to_move(&self, seat: Seat) -> bool {
        match self.turn_now() {
            Turn::Seat(s) => s == seat,
            Turn::Seats(set) => set.contains(seat),
            _ => false,
        }
    }

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
        if self.turn_now() == Turn::Chance {
            Err(Error::ChancePending)
        } else if !self.seat_to_move(seat) {
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

    fn validate_action(&self, action: &Action) -> Result<(), Error> {
        let place = self.phase == Phase::Place;
        match *action {
            Action::Roll(f) => {
                self.expect_chance(self.phase == Phase::Roll)?;
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

    fn perform(&mut self, action: &Action) {
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
                    self.phase = Phase::DrawFortuna {
                        seat,
                        left: left - 1,
                        bonus,
                    };
                }
            }
            Action::KeepFortuna { seat, value } => {
                let p = seat.index();
                self.fortuna_drawn[p][value as usize - 1] -= 1;
                self.fortuna_kept[p][value as usize - 1] += 1;
                self.keep_left[p] -= 1;
                let drawn: u8 = self.fortuna_drawn[p].iter().sum();
                if drawn <= self.keep_left[p] {
                    self.keep_left[p] = 0;
                    self.keep_best(p, drawn);
                }
                if self.keep_left[p] == 0 {
                    self.keep_best(p, 0);
                }
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
        self.advance();
    }

    fn winners_key(&self) -> Vec<(i32, u8)> {
        (0..self.config.seats)
            .map(|s| {
                let b = self.breakdown(Seat(s));
                (b.total, b.tie_break)
            })
            .collect()
    }
}

const FACTORIAL: [u64; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// Every sorted outcome of rolling `k` dice (at most 8), in lexicographic order of the sorted
/// faces (as `dicecore::chance::roll_outcomes` lists them).
fn for_each_roll(k: u8, f: &mut impl FnMut(Faces)) {
    fn rec(i: usize, left: u8, cur: &mut [u8; 6], f: &mut impl FnMut(Faces)) {
        if i == 5 {
            cur[5] = left;
            f(Faces(*cur));
            cur[5] = 0;
            return;
        }
        for m in (0..=left).rev() {
            cur[i] = m;
            rec(i + 1, left - m, cur, f);
        }
        cur[i] = 0;
    }
    let mut cur = [0u8; 6];
    rec(0, k.min(8), &mut cur, f);
}

fn nth_bit_u64(mut bits: u64, n: u64) -> u8 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "alea-iacta-est";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=5;

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        if !Self::SEATS.contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let start = Seat(Dice::from_seed(seed).below(seats as u32) as u8);
        Config::new(seats, start)
    }

    fn new(config: &Config) -> Result<Self, Error> {
        State::initial(config)
    }

    fn config(&self) -> &Config {
        State::config(self)
    }

    fn seats(&self) -> u8 {
        self.config.seats
    }

    fn turn(&self) -> Turn {
        self.turn_now()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Place => {
                out.reserve(64);
                self.place_actions(out)
            }
            Phase::KeepFortuna => {
                for p in 0..self.config.seats as usize {
                    if self.keep_left[p] > 0 {
                        for v in 1..=3u8 {
                            if self.fortuna_drawn[p][v as usize - 1] > 0 {
                                out.push(Action::KeepFortuna {
                                    seat: Seat(p as u8),
                                    value: v,
                                });
                            }
                        }
                    }
                }
            }
            Phase::KeepSenate { seat } => {
                let mut seen = 0u32;
                for &k in &self.offer[..self.offer_len as usize] {
                    if seen & (1 << k) == 0 {
                        seen |= 1 << k;
                        if let Some(card) = Card::from_index(k as usize) {
                            out.push(Action::KeepSenateCard { seat, card });
                        }
                    }
                }
            }
            Phase::TakeProvince { seat } => {
                for i in 0..PROVINCE_CARDS {
                    if self.provinces_shown & (1 << i) != 0 {
                        out.push(Action::TakeProvince {
                            seat,
                            province: Province(i),
                        });
                    }
                }
            }
            Phase::TakePatrician { seat } => {
                for i in 0..PATRICIANS {
                    if self.patricians_shown & (1 << i) != 0 {
                        out.push(Action::TakePatrician {
                            seat,
                            patrician: Patrician(i),
                        });
                    }
                }
            }
            Phase::Over => {}
            Phase::Roll => for_each_roll(self.pending, &mut |f| out.push(Action::Roll(f))),
            Phase::DrawFortuna { .. } => {
                for v in 0..3 {
                    if self.fortuna_stack[v] > 0 {
                        out.push(Action::Fortuna(v as u8 + 1));
                    }
                }
            }
            Phase::DrawSenate { .. } => {
                for k in 0..self.senate_deck.len() {
                    if self.senate_deck[k] > 0 {
                        out.extend(Card::from_index(k).map(Action::SenateCard));
                    }
                }
            }
            Phase::RevealProvinces => {
                for i in 0..PROVINCE_CARDS {
                    if self.province_stack & (1 << i) != 0 {
                        out.push(Action::RevealProvince(Province(i)));
                    }
                }
            }
            Phase::RevealPatricians => {
                for i in 0..PATRICIANS {
                    if self.patrician_stack & (1 << i) != 0 {
                        out.push(Action::RevealPatrician(Patrician(i)));
                    }
                }
            }
            _ => {}
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        match self.phase {
            Phase::Roll => {
                let k = self.pending as usize;
                let mut out = Vec::new();
                for_each_roll(self.pending, &mut |f| {
                    let ways =
                        FACTORIAL[k] / f.0.iter().map(|&m| FACTORIAL[m as usize]).product::<u64>();
                    out.push((Action::Roll(f), Probability::new(ways, 6u64.pow(k as u32))));
                });
                out
            }
            Phase::DrawFortuna { .. } => {
                let total: u64 = self.fortuna_stack.iter().map(|&c| c as u64).sum();
                (0..3)
                    .filter(|&v| self.fortuna_stack[v] > 0)
                    .map(|v| {
                        (
                            Action::Fortuna(v as u8 + 1),
                            Probability::new(self.fortuna_stack[v] as u64, total),
                        )
                    })
                    .collect()
            }
            Phase::DrawSenate { .. } => {
                let total: u64 = self.senate_deck.iter().map(|&c| c as u64).sum();
                (0..self.senate_deck.len())
                    .filter(|&k| self.senate_deck[k] > 0)
                    .filter_map(|k| {
                        Card::from_index(k).map(|c| {
                            (
                                Action::SenateCard(c),
                                Probability::new(self.senate_deck[k] as u64, total),
                            )
                        })
                    })
                    .collect()
            }
            Phase::RevealProvinces => {
                let n = self.province_stack.count_ones() as u64;
                (0..PROVINCE_CARDS)
                    .filter(|&i| self.province_stack & (1 << i) != 0)
                    .map(|i| (Action::RevealProvince(Province(i)), Probability::new(1, n)))
                    .collect()
            }
            Phase::RevealPatricians => {
                let n = self.patrician_stack.count_ones() as u64;
                (0..PATRICIANS)
                    .filter(|&i| self.patrician_stack & (1 << i) != 0)
                    .map(|i| {
                        (
                            Action::RevealPatrician(Patrician(i)),
                            Probability::new(1, n),
                        )
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        match self.phase {
            Phase::Roll => {
                let mut f = Faces::EMPTY;
                for _ in 0..self.pending {
                    let v = dice.roll(&D6);
                    f.0[v as usize - 1] += 1;
                }
                Some(Action::Roll(f))
            }
            Phase::DrawFortuna { .. } => {
                let w = self.fortuna_stack.map(|c| c as u32);
                dice.pick_weighted(&w).map(|i| Action::Fortuna(i as u8 + 1))
            }
            Phase::DrawSenate { .. } => {
                let w = self.senate_deck.map(|c| c as u32);
                dice.pick_weighted(&w)
                    .and_then(Card::from_index)
                    .map(Action::SenateCard)
            }
            Phase::RevealProvinces => {
                let n = self.province_stack.count_ones();
                let i = dice.below(n) as u64;
                Some(Action::RevealProvince(Province(nth_bit_u64(
                    self.province_stack as u64,
                    i,
                ))))
            }
            Phase::RevealPatricians => {
                let n = self.patrician_stack.count_ones();
                let i = dice.below(n) as u64;
                Some(Action::RevealPatrician(Patrician(nth_bit_u64(
                    self.patrician_stack,
                    i,
                ))))
            }
            _ => None,
        }
    }

    fn apply(&self, action: &Action) -> Result<Self, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        if self.phase == Phase::Over {
            return Err(Error::GameOver);
        }
        self.validate_action(action)?;
        self.perform(action);
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.config.seats)
            .map(|s| self.breakdown(Seat(s)).total)
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let keys = self.winners_key();
        let scores = keys.iter().map(|k| k.0).collect();
        Some(Outcome::by_highest_key(scores, |s| {
            keys.get(s.index()).map(|k| k.1).unwrap_or(0)
        }))
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        action.seat()
    }

    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        self.determinized(seat, dice)
    }
}
