//! The [`Game`] contract: the legal actions, the chance events with their exact probabilities,
//! applying actions, scores, the outcome and the views.

use crate::components::{Card, Faces, Patrician, Province, CARD_KINDS, DICE_PER_PLAYER};
use crate::state::kept;
use crate::state::{Phase, State};
use crate::{Action, Config, Error, View};
use dicecore::bits::select;
use dicecore::faces::RollTable;
use dicecore::{Dice, Game, Outcome, Probability, Seat, Turn};
use std::sync::OnceLock;

const FACTORIAL: [u64; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// Every sorted outcome of rolling `k` dice (at most 8), in lexicographic order of the sorted
/// faces (as `dicecore::chance::roll_outcomes` lists them).
pub(crate) fn for_each_roll(k: u8, f: &mut impl FnMut(Faces)) {
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

/// Every sorted outcome of rolling `k` dice (0 to 8) with its chance, in the order of
/// [`for_each_roll`]: worked out once per process (at every roll, the chances of the 1,287
/// outcomes of 8 dice cost many times a whole game's other work through `chance_outcomes`);
/// none for more dice.
fn roll_chances(k: u8) -> &'static [(Faces, Probability)] {
    static TABLES: OnceLock<Vec<Vec<(Faces, Probability)>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        (0..FACTORIAL.len())
            .map(|k| {
                let mut out = Vec::new();
                for_each_roll(k as u8, &mut |f| {
                    let ways =
                        FACTORIAL[k] / f.0.iter().map(|&m| FACTORIAL[m as usize]).product::<u64>();
                    out.push((f, Probability::new(ways, 6u64.pow(k as u32))));
                });
                out
            })
            .collect()
    });
    tables.get(usize::from(k)).map_or(&[], Vec::as_slice)
}

/// The faces of base-6 digits read as dice (digit `d` is face `d + 1`, counted in byte `d`).
const DIGITS: RollTable = RollTable::new([0, 1, 2, 3, 4, 5]);

/// `SEQUENCES[k]`: the sequences of faces `k` dice can show, `6^k`.
const SEQUENCES: [u32; 9] = [1, 6, 36, 216, 1296, 7776, 46656, 279_936, 1_679_616];

/// The dice of a sequence of `k` faces (at most 8) numbered `x` below `6^k`, read as `k`
/// base-6 digits (digit `d` is face `d + 1`): eight digits counted two by two, less the
/// leading zeros (ones) beyond the `k`-th.
pub(crate) fn faces_of_draw(x: u32, k: u32) -> Faces {
    let x = x as usize;
    let two = &DIGITS.two;
    let counts = two[x % 36] + two[x / 36 % 36] + two[x / 1296 % 36] + two[x / 46656 % 36];
    let [a, b, c, d, e, f, ..] = (counts - 8u64.saturating_sub(k as u64)).to_le_bytes();
    Faces([a, b, c, d, e, f])
}

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config, the listings per seat): the trait asks for it; the bodies are this game's rules.
impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "alea-iacta-est";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=5;
    /// 1: the engines of 2026-11-22; 2: since 2026-11-23, a double province (card XII) houses
    /// a couple of its two colours or nobody, and the Latrina's Repete chips have no supply
    /// limit (version 1's readings are kept as the flags
    /// `double_province_lone_patrician`, `double_province_one_colour_couple` and
    /// `repete_supply_limit`); 3: since 2026-11-26, the Fortuna discards are reshuffled as
    /// soon as the stack runs out (versions 1 and 2: `fortuna_late_reshuffle`).
    const RULES_VERSION: u32 = 3;

    /// A config without `double_province_one_colour_couple` was written before version 2,
    /// which added it; one without `fortuna_late_reshuffle` before version 3.
    fn date_config(config: &dicecore::rules::Value) -> u32 {
        use dicecore::rules::field;
        if field(config, "double_province_one_colour_couple").is_none() {
            1
        } else if field(config, "fortuna_late_reshuffle").is_none() {
            2
        } else {
            3
        }
    }

    fn older_reading(
        mut config: dicecore::rules::Value,
        version: u32,
    ) -> Result<dicecore::rules::Value, dicecore::rules::RulesError> {
        use dicecore::rules::keep_flag;
        if version <= 2 {
            keep_flag::<Self>(&mut config, version, "fortuna_late_reshuffle", true)?;
        }
        if version == 1 {
            for flag in [
                "double_province_lone_patrician",
                "double_province_one_colour_couple",
                "repete_supply_limit",
            ] {
                keep_flag::<Self>(&mut config, version, flag, true)?;
            }
        }
        Ok(config)
    }

    /// [`Config::standard`].
    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::standard(seats, seed)
    }

    fn new(config: &Config) -> Result<Self, Error> {
        State::opening(config)
    }

    fn config(&self) -> &Config {
        State::config(self)
    }

    fn seats(&self) -> u8 {
        self.config.seats
    }

    #[inline]
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
                for province in Province::all_in(self.provinces_shown) {
                    out.push(Action::TakeProvince { seat, province });
                }
            }
            Phase::TakePatrician { seat } => {
                for patrician in Patrician::all_in(self.patricians_shown) {
                    out.push(Action::TakePatrician { seat, patrician });
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
                for p in Province::all_in(self.province_stack) {
                    out.push(Action::RevealProvince(p));
                }
            }
            Phase::RevealPatricians => {
                for t in Patrician::all_in(self.patrician_stack) {
                    out.push(Action::RevealPatrician(t));
                }
            }
            _ => {}
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        match self.phase {
            Phase::Roll => roll_chances(self.pending)
                .iter()
                .map(|&(f, p)| (Action::Roll(f), p))
                .collect(),
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
                Province::all_in(self.province_stack)
                    .map(|p| (Action::RevealProvince(p), Probability::new(1, n)))
                    .collect()
            }
            Phase::RevealPatricians => {
                let n = self.patrician_stack.count_ones() as u64;
                Patrician::all_in(self.patrician_stack)
                    .map(|t| (Action::RevealPatrician(t), Probability::new(1, n)))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        match self.phase {
            Phase::Roll => {
                // One draw among the 6^k sequences of faces.
                let k = self.pending.min(DICE_PER_PLAYER) as u32;
                Some(Action::Roll(faces_of_draw(
                    dice.below(SEQUENCES[k as usize]),
                    k,
                )))
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
                let i = dice.below(n);
                Some(Action::RevealProvince(Province(
                    select(u64::from(self.province_stack), i) as u8,
                )))
            }
            Phase::RevealPatricians => {
                let n = self.patrician_stack.count_ones();
                let i = dice.below(n);
                Some(Action::RevealPatrician(Patrician(
                    select(self.patrician_stack, i) as u8,
                )))
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
        if matches!(self.phase, Phase::Over) {
            return Err(Error::GameOver);
        }
        self.validate_action(action)?;
        self.perform(action);
        if self.choices.get().is_some() {
            self.choices.clear();
        }
        if self.kept.get().is_some() {
            let mut kept = std::mem::take(&mut self.kept);
            if let Some(scores) = kept.get_mut() {
                kept::settle(scores, self);
            }
            self.kept = kept;
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.config.seats)
            .map(|s| self.breakdown(Seat(s)).total)
            .collect()
    }

    /// The scores if the game ended now ([`Game::scores`]), read from the seats' scores that
    /// the state makes at the first call and keeps from then on, scoring again after each
    /// action only a seat whose holdings changed: a copy per seat, where scoring looks up or
    /// solves every seat's housing.
    fn running_scores(&self) -> Vec<i32> {
        let mut scores = Vec::with_capacity(self.seats_n());
        self.running_scores_into(&mut scores);
        scores
    }

    fn running_scores_into(&self, out: &mut Vec<i32>) {
        let scores = self.kept.get_or_init(|| kept::scores(self));
        out.clear();
        out.extend_from_slice(&scores.scores[..self.seats_n()]);
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

    /// What a person typed in beside the physical dice or cards: the dice in any order
    /// (`3 3 5 6 1`, `33561`), a Fortuna tile's value, a card, province or patrician by name.
    ///
    /// ```
    /// use alea_iacta_est::{Action, Faces, State};
    /// use dicecore::Game;
    /// let mut s = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
    /// let red2 = s.chance_from_text("red 2").unwrap();
    /// assert_eq!(red2.to_string(), "province red 2 is revealed");
    /// let mut buf = Vec::new();
    /// loop {
    ///     s.legal_actions(&mut buf);
    ///     if matches!(buf[0], Action::Roll(_)) {
    ///         break;
    ///     }
    ///     s.apply_in_place(&buf[0]).unwrap();
    /// }
    /// let roll = Faces::from_values(&[1, 3, 3, 5, 6, 2, 2, 4]).unwrap();
    /// assert_eq!(s.chance_from_text("3 3 5 6 1 2 2 4"), Ok(Action::Roll(roll)));
    /// assert_eq!(s.chance_from_text("33561224"), Ok(Action::Roll(roll)));
    /// assert!(s.chance_from_text("3 3 5").is_err(), "8 dice are rolled");
    /// ```
    fn chance_from_text(&self, text: &str) -> Result<Action, dicecore::ChanceTextError> {
        self.chance_of_text(text)
    }

    /// Counts a placement decision without listing it (as [`Game::sample_action`] draws one),
    /// and keeps the count by kind until the next action, for `sample_action` to draw from;
    /// a choice of a province, a patrician, a senate card or a Fortuna tile is counted on
    /// what is shown; the re-roll's steps list the few there are.
    fn legal_action_count(&self, seat: Seat, scratch: &mut Vec<Action>) -> usize {
        let only = |chooser: Seat, n: u32| if chooser == seat { n as usize } else { 0 };
        match self.phase {
            Phase::Place if self.selected.is_empty() => {
                if seat.0 == self.current {
                    self.choices.get_or_init(|| self.place_choices()).len()
                } else {
                    0
                }
            }
            Phase::TakeProvince { seat: s } => only(s, self.provinces_shown.count_ones()),
            Phase::TakePatrician { seat: s } => only(s, self.patricians_shown.count_ones()),
            Phase::KeepSenate { seat: s } => {
                let kinds = (self.offer[..self.offer_len as usize].iter())
                    .filter(|&&k| (k as usize) < CARD_KINDS)
                    .fold(0u32, |kinds, &k| kinds | 1 << k);
                only(s, kinds.count_ones())
            }
            Phase::KeepFortuna => match self.turn() {
                Turn::Seats(set) if set.contains(seat) && self.keep_left[seat.index()] > 0 => {
                    let drawn = self.fortuna_drawn[seat.index()];
                    drawn.iter().filter(|&&n| n > 0).count()
                }
                _ => 0,
            },
            _ => {
                self.legal_actions_for(seat, scratch);
                scratch.len()
            }
        }
    }

    /// One legal action of `seat`, uniform over its legal actions. A placement is drawn
    /// without listing them: the Templum's are counted on the table of sub-multisets, the
    /// other buildings' by running through them (or read from the count
    /// [`Game::legal_action_count`] kept). Other decisions list the few there are.
    fn sample_action(
        &self,
        seat: Seat,
        dice: &mut Dice,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        if matches!(self.phase, Phase::Place) && self.selected.is_empty() {
            return (seat.0 == self.current).then(|| match self.choices.get() {
                Some(choices) => self.place_choice(choices, dice.index(choices.len())),
                None => self.sample_place(dice),
            });
        }
        self.legal_actions_for(seat, scratch);
        (!scratch.is_empty()).then(|| scratch[dice.index(scratch.len())])
    }
}

#[cfg(test)]
mod roll_tests {
    use super::*;
    use dicecore::chance::roll_outcomes;
    use dicecore::faces::D6;

    /// The chances of every roll of 0 to 8 dice are those of `dicecore::chance::roll_outcomes`,
    /// in its order; there are none for more dice.
    #[test]
    fn roll_chances_are_those_of_the_dice() {
        for k in 0..=8u8 {
            let expected: Vec<(Faces, Probability)> = roll_outcomes(&D6, usize::from(k))
                .into_iter()
                .map(|(faces, p)| {
                    let mut counts = [0u8; 6];
                    for f in faces {
                        counts[usize::from(f) - 1] += 1;
                    }
                    (Faces(counts), p)
                })
                .collect();
            assert_eq!(roll_chances(k), &expected[..], "{k} dice");
        }
        assert!(roll_chances(9).is_empty());
    }
}
