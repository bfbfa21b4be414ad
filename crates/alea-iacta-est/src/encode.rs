//! Fixed action ids and the observation tensor ([`dicecore::Encode`]), documented on the impl
//! for [`State`].

use crate::components::{
    Card, Faces, Patrician, Province, CARD_KINDS, DICE_PER_PLAYER, PATRICIANS, PROVINCE_CARDS,
};
use crate::scoring::{self, Holdings};
use crate::subsets::{roll_of_rank, roll_rank, ROLLS, ROLL_AT};
use crate::view::{PassedOn, View};
use crate::{Action, Config, Phase, State};
use dicecore::{Encode, Seat, Turn};

/// Templum placements: 1 to 7 dice (a placement of 8 would need a leader of 7 dice before the
/// placer's first turn of the round, when at most 4 turns have been played).
const TEMPLUM_DICE: usize = ROLL_AT[8];

/// Whether a set of faces (bit v − 1 for value v) is one or two runs: a new straight, or the
/// dice extending a straight at one or both ends.
const fn senatus_ok(mask: u8) -> bool {
    let starts = mask & !(mask << 1);
    mask != 0 && mask < 64 && starts.count_ones() <= 2
}

/// The Senatus placements: the 56 face sets of one or two runs, ascending.
const SENATUS: [u8; 56] = {
    let mut out = [0u8; 56];
    let mut k = 0;
    let mut m = 1u8;
    while m < 64 {
        if senatus_ok(m) {
            out[k] = m;
            k += 1;
        }
        m += 1;
    }
    out
};
/// The index in [`SENATUS`] of each face set (255: none).
const SENATUS_ID: [u8; 64] = {
    let mut out = [255u8; 64];
    let mut k = 0;
    while k < SENATUS.len() {
        out[SENATUS[k] as usize] = k as u8;
        k += 1;
    }
    out
};

/// Castrum placements per value: (count, extend) with count ≥ 1 and count + extend ≤ 8.
const CASTRUM_PER_VALUE: usize = 36;

/// Where each kind of action starts in the id space of a config.
struct Ids {
    templum: bool,
    card_iv: bool,
    fortuna: usize,
    senate_card: usize,
    reveal_province: usize,
    reveal_patrician: usize,
    chance_end: usize,
    select: usize,
    reroll: usize,
    templum_at: usize,
    senatus: usize,
    castrum: usize,
    forum: usize,
    latrina: usize,
    keep_fortuna: usize,
    keep_senate: usize,
    take_province: usize,
    take_patrician: usize,
    end: usize,
}

impl Ids {
    fn of(config: &Config) -> Ids {
        let templum = config.templum();
        let card_iv = config.card_iv_in_play();
        let cards = CARD_KINDS - usize::from(!card_iv);
        let fortuna = ROLLS;
        let senate_card = fortuna + if templum { 3 } else { 0 };
        let reveal_province = senate_card + cards;
        let reveal_patrician = reveal_province + PROVINCE_CARDS as usize;
        let chance_end = reveal_patrician + PATRICIANS as usize;
        let select = chance_end;
        let reroll = select + 6;
        let templum_at = reroll + 1;
        let senatus = templum_at + if templum { TEMPLUM_DICE } else { 0 };
        let castrum = senatus + SENATUS.len();
        let forum = castrum + 6 * CASTRUM_PER_VALUE;
        let latrina = forum + 8;
        let keep_fortuna = latrina + 1;
        let keep_senate = keep_fortuna + if templum { 3 } else { 0 };
        let take_province = keep_senate + cards;
        let take_patrician = take_province + PROVINCE_CARDS as usize;
        let end = take_patrician + PATRICIANS as usize;
        Ids {
            templum,
            card_iv,
            fortuna,
            senate_card,
            reveal_province,
            reveal_patrician,
            chance_end,
            select,
            reroll,
            templum_at,
            senatus,
            castrum,
            forum,
            latrina,
            keep_fortuna,
            keep_senate,
            take_province,
            take_patrician,
            end,
        }
    }

    /// The slot of a senate card kind (card IV has none when it is out of the deck).
    fn card_slot(&self, card: Card) -> Option<usize> {
        let k = card.index();
        const IV: usize = Card::ManyFortuna.index();
        match k {
            _ if !card.is_valid() => None,
            IV if !self.card_iv => None,
            _ if !self.card_iv && k > IV => Some(k - 1),
            _ => Some(k),
        }
    }

    fn card_of_slot(&self, slot: usize) -> Option<Card> {
        const IV: usize = Card::ManyFortuna.index();
        let k = if !self.card_iv && slot >= IV {
            slot + 1
        } else {
            slot
        };
        Card::from_index(k)
    }

    fn id(&self, action: &Action) -> Option<usize> {
        let in_range = |x: u8, lo: u8, hi: u8| (lo..=hi).contains(&x);
        Some(match *action {
            Action::Roll(f) => roll_rank(f)?,
            Action::Fortuna(v) if self.templum && in_range(v, 1, 3) => {
                self.fortuna + v as usize - 1
            }
            Action::SenateCard(c) => self.senate_card + self.card_slot(c)?,
            Action::RevealProvince(p) if p.is_valid() => self.reveal_province + p.0 as usize,
            Action::RevealPatrician(t) if t.is_valid() => self.reveal_patrician + t.0 as usize,
            Action::SelectReroll { value, .. } if in_range(value, 1, 6) => {
                self.select + value as usize - 1
            }
            Action::Reroll { .. } => self.reroll,
            Action::Templum { dice, .. } if self.templum => {
                let r = roll_rank(dice)?;
                (r < TEMPLUM_DICE).then_some(self.templum_at + r)?
            }
            Action::Senatus { dice, .. } => {
                let mut mask = 0u8;
                for v in 0..6 {
                    match dice.0[v] {
                        0 => {}
                        1 => mask |= 1 << v,
                        _ => return None,
                    }
                }
                match SENATUS_ID[mask as usize] {
                    255 => return None,
                    k => self.senatus + k as usize,
                }
            }
            Action::Castrum {
                value,
                count,
                extend,
                ..
            } if in_range(value, 1, 6) && count >= 1 && count as u32 + extend as u32 <= 8 => {
                let size = (count + extend) as usize;
                self.castrum
                    + (value as usize - 1) * CASTRUM_PER_VALUE
                    + size * (size - 1) / 2
                    + extend as usize
            }
            Action::Forum { dice, .. } => {
                let k = match (dice.len(), dice.values().next()?) {
                    (1, v) => v as usize - 1,
                    (2, 1) if dice.count(4) == 1 => 6,
                    (2, 2) if dice.count(3) == 1 => 7,
                    _ => return None,
                };
                self.forum + k
            }
            Action::Latrina { .. } => self.latrina,
            Action::KeepFortuna { value, .. } if self.templum && in_range(value, 1, 3) => {
                self.keep_fortuna + value as usize - 1
            }
            Action::KeepSenateCard { card, .. } => self.keep_senate + self.card_slot(card)?,
            Action::TakeProvince { province, .. } if province.is_valid() => {
                self.take_province + province.0 as usize
            }
            Action::TakePatrician { patrician, .. } if patrician.is_valid() => {
                self.take_patrician + patrician.0 as usize
            }
            _ => return None,
        })
    }

    fn action(&self, seat: Seat, id: usize) -> Option<Action> {
        let at = |start: usize, end: usize| (start..end).contains(&id).then(|| id - start);
        if let Some(r) = at(0, ROLLS) {
            return roll_of_rank(r).map(Action::Roll);
        }
        if let Some(k) = at(self.fortuna, self.senate_card) {
            return Some(Action::Fortuna(k as u8 + 1));
        }
        if let Some(k) = at(self.senate_card, self.reveal_province) {
            return self.card_of_slot(k).map(Action::SenateCard);
        }
        if let Some(k) = at(self.reveal_province, self.reveal_patrician) {
            return Some(Action::RevealProvince(Province(k as u8)));
        }
        if let Some(k) = at(self.reveal_patrician, self.chance_end) {
            return Some(Action::RevealPatrician(Patrician(k as u8)));
        }
        if let Some(k) = at(self.select, self.reroll) {
            let value = k as u8 + 1;
            return Some(Action::SelectReroll { seat, value });
        }
        if id == self.reroll {
            return Some(Action::Reroll { seat });
        }
        if let Some(r) = at(self.templum_at, self.senatus) {
            let dice = roll_of_rank(r)?;
            return Some(Action::Templum { seat, dice });
        }
        if let Some(k) = at(self.senatus, self.castrum) {
            let mask = SENATUS[k];
            let mut dice = Faces::EMPTY;
            for v in 0..6 {
                dice.0[v] = (mask >> v) & 1;
            }
            return Some(Action::Senatus { seat, dice });
        }
        if let Some(k) = at(self.castrum, self.forum) {
            let value = (k / CASTRUM_PER_VALUE) as u8 + 1;
            let pair = k % CASTRUM_PER_VALUE;
            let size = (1..=8).rev().find(|&s| s * (s - 1) / 2 <= pair)?;
            let extend = (pair - size * (size - 1) / 2) as u8;
            let count = size as u8 - extend;
            return Some(Action::Castrum {
                seat,
                value,
                count,
                extend,
            });
        }
        if let Some(k) = at(self.forum, self.latrina) {
            let values: &[u8] = match k {
                0..=5 => &[k as u8 + 1],
                6 => &[1, 4],
                _ => &[2, 3],
            };
            let dice = Faces::from_values(values)?;
            return Some(Action::Forum { seat, dice });
        }
        if id == self.latrina {
            return Some(Action::Latrina { seat });
        }
        if let Some(k) = at(self.keep_fortuna, self.keep_senate) {
            let value = k as u8 + 1;
            return Some(Action::KeepFortuna { seat, value });
        }
        if let Some(k) = at(self.keep_senate, self.take_province) {
            let card = self.card_of_slot(k)?;
            return Some(Action::KeepSenateCard { seat, card });
        }
        if let Some(k) = at(self.take_province, self.take_patrician) {
            let province = Province(k as u8);
            return Some(Action::TakeProvince { seat, province });
        }
        if let Some(k) = at(self.take_patrician, self.end) {
            let patrician = Patrician(k as u8);
            return Some(Action::TakePatrician { seat, patrician });
        }
        None
    }
}

/// Entries of one seat's block of the observation.
const PER_SEAT: usize = 163;
/// Resting phases, in the order of their one-hot.
const PHASES: usize = 11;
/// Entries of the public block after the seats and the Forum.
const PUBLIC: usize = 2 * (PROVINCE_CARDS as usize + PATRICIANS as usize)
    + 4
    + 2
    + 2 * CARD_KINDS
    + 1
    + CARD_KINDS
    + 13
    + PHASES
    + 4;

fn observation_len(config: &Config) -> usize {
    layout(config, config.seats as usize).len
}

/// Where the parts of the observation start that its bounds name (the encoder writes every
/// part front to back, in the order of the table on the impl).
struct Layout {
    /// Within a seat's block: the Fortuna tiles kept, by value.
    fortuna_kept: usize,
    /// Within a seat's block: the senate cards known to be in the hand, by kind, then those
    /// that may be.
    cards_known: usize,
    /// Within a seat's block: the score.
    score: usize,
    /// The public block, after the seats' blocks and the Forum.
    public: usize,
    /// The cards under the deck the observer has seen, by kind, then those of its passes that
    /// may be there.
    seen: usize,
    /// The cards on offer the observer has seen, by kind.
    offer: usize,
    /// The whole observation.
    len: usize,
}

/// The observation's layout for `config` with `n` players.
fn layout(config: &Config, n: usize) -> Layout {
    let public = n * PER_SEAT + config.forum_columns() as usize * (6 + n);
    let seen = public + 2 * (PROVINCE_CARDS as usize + PATRICIANS as usize) + 4 + 2;
    Layout {
        fortuna_kept: 5,
        cards_known: 126,
        score: PER_SEAT - 1,
        public,
        seen,
        offer: seen + 2 * CARD_KINDS + 1,
        len: public + PUBLIC + config.rounds() as usize + 4 * n,
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::RevealProvinces => 0,
        Phase::RevealPatricians => 1,
        Phase::Roll => 2,
        Phase::Place => 3,
        Phase::DrawFortuna { .. } => 4,
        Phase::KeepFortuna => 5,
        Phase::DrawSenate { .. } => 6,
        Phase::KeepSenate { .. } => 7,
        Phase::TakeProvince { .. } => 8,
        Phase::TakePatrician { .. } => 9,
        _ => 10,
    }
}

/// Writes the tensor front to back.
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    /// The next `len` entries (those of them inside the tensor).
    fn next(&mut self, len: usize) -> &mut [f32] {
        let end = self.at.saturating_add(len).min(self.out.len());
        let start = self.at.min(end);
        self.at = self.at.saturating_add(len);
        &mut self.out[start..end]
    }

    fn put(&mut self, x: f32) {
        for slot in self.next(1) {
            *slot = x;
        }
    }

    /// `len` entries, 1 at `hot` (none when `hot` is `None` or out of range).
    fn one_hot(&mut self, hot: Option<usize>, len: usize) {
        let out = self.next(len);
        out.fill(0.0);
        if let Some(slot) = hot.filter(|&h| h < len).and_then(|h| out.get_mut(h)) {
            *slot = 1.0;
        }
    }

    /// `len` bits of a mask.
    fn bits(&mut self, mask: u64, len: usize) {
        for (i, slot) in self.next(len).iter_mut().enumerate() {
            *slot = ((mask >> i) & 1) as f32;
        }
    }

    fn counts(&mut self, counts: &[u8], scale: f32) {
        for (slot, &c) in self.next(counts.len()).iter_mut().zip(counts) {
            *slot = c as f32 / scale;
        }
    }
}

fn card_counts(cards: &[Card]) -> [u8; CARD_KINDS] {
    let mut counts = [0u8; CARD_KINDS];
    for c in cards.iter().filter(|c| c.is_valid()) {
        counts[c.index()] = counts[c.index()].saturating_add(1);
    }
    counts
}

fn province_bits(ps: &[Province]) -> u64 {
    ps.iter()
        .filter(|p| p.is_valid())
        .fold(0, |m, p| m | 1 << p.0)
}

fn patrician_bits(ts: &[Patrician]) -> u64 {
    ts.iter()
        .filter(|t| t.is_valid())
        .fold(0, |m, t| m | 1 << t.0)
}

/// A seat's score from what the view shows of it (its own holdings, or everyone's once the
/// senate cards are revealed at the end).
fn score_in_view(config: &Config, view: &View, p: usize, cards: &[Card]) -> i32 {
    let at = |x: &[u8]| x.get(p).copied().unwrap_or(0);
    let holdings = Holdings {
        provinces: province_bits(view.provinces.get(p).map_or(&[], Vec::as_slice)) as u32,
        patricians: patrician_bits(view.patricians.get(p).map_or(&[], Vec::as_slice)),
        cards: card_counts(cards),
        fortuna: view.fortuna_kept.get(p).copied().unwrap_or([0; 3]),
        chips: at(&view.chips),
        ..Holdings::empty(config)
    };
    scoring::score(&holdings).total
}

/// Alea Iacta Est's action ids and observation tensor.
///
/// **Action ids.** With 4–5 players there are 5,169 ids (3,084 chance outcomes); with 2–3
/// players, where the Templum, its Fortuna tiles and senate card IV are out of the game,
/// 3,446 (3,080 chance outcomes). In order, each kind taking the next block of ids:
///
/// | ids | action |
/// |---|---|
/// | 3,002 | chance: [`Action::Roll`] of 1–8 dice, by number of dice, then as listed at the roll (more ones first, then more twos, ...): 6 rolls of one die, 21 of two, ..., 1,287 of eight |
/// | 3 | chance: [`Action::Fortuna`] of value 1–3 (4–5 players) |
/// | 18 (17) | chance: [`Action::SenateCard`] by [`Card::index`] (card IV skipped with 2–3 players) |
/// | 25 | chance: [`Action::RevealProvince`] by province number |
/// | 36 | chance: [`Action::RevealPatrician`] by patrician number |
/// | 6 | [`Action::SelectReroll`] of value 1–6 |
/// | 1 | [`Action::Reroll`] |
/// | 1,715 | [`Action::Templum`] of 1–7 dice, ordered like the rolls (4–5 players) |
/// | 56 | [`Action::Senatus`]: the sets of distinct faces forming one or two runs (a straight, or dice extending one at both ends), ascending as bit masks (bit v − 1 for face v) |
/// | 216 | [`Action::Castrum`]: 36 per value 1–6; within a value, size = count + extend 1–8 and then extend 0 to size − 1 (id offset size·(size − 1)/2 + extend) |
/// | 8 | [`Action::Forum`]: one die of 1–6, then 1+4, then 2+3 |
/// | 1 | [`Action::Latrina`] |
/// | 3 | [`Action::KeepFortuna`] of value 1–3 (4–5 players) |
/// | 18 (17) | [`Action::KeepSenateCard`] by card, as the draws |
/// | 25 | [`Action::TakeProvince`] by province number |
/// | 36 | [`Action::TakePatrician`] by patrician number |
///
/// An id never names the seat: [`Encode::action_from_id`] takes it.
///
/// **Observation** of a seat, read from its [`View`]: a flat tensor of
/// `163·n + (n + 2)·(6 + n) + 211 + rounds + 4·n` entries for `n` players (944 with 4
/// players). Seats are counted from the observer: block 0 is the observer's own, then the
/// others clockwise; "relative seat" below means this order. Counts are divided by the scale
/// given, so most entries lie in 0–1.
///
/// | entries | meaning |
/// |---|---|
/// | 163 per seat, `k·163 +` | the block of relative seat `k`: |
/// | 0 | dice in hand / 8 |
/// | 1 | Repete chips / 30 |
/// | 2, 3 | Templum dice / 8, their pips / 48 |
/// | 4 | Fortuna tiles drawn this round (their number; the values are hidden) / 8 |
/// | 5–7 | Fortuna tiles kept, by value 1, 2, 3 / 8 |
/// | 8 | Fortuna tiles still to keep at the Templum evaluation / 2 |
/// | 9–14 | 1 for each face 1–6 of the seat's Senatus straight |
/// | 15–62 | 1 for each Castrum set the seat owns, at 8·(value − 1) + size − 1 |
/// | 63 | dice in the Latrina / 8 |
/// | 64–88 | 1 for each province owned, by province number |
/// | 89–124 | 1 for each patrician owned, by patrician number |
/// | 125 | senate cards in hand / 19 |
/// | 126–143 | senate cards known to be in that hand, by card kind: the observer's own hand; for the others the cards the observer can tell for sure ([`View::known_senate_cards`]), all of them once the game is over |
/// | 144–161 | senate cards that may be in that hand: both cards of every pair of different kinds the observer passed as first recipient, at the second recipient and at the third ([`View::senate_passes`]) |
/// | 162 | score / 100: the observer's own always, the others' once the game is over (0 before) |
/// | `(n + 2)·(6 + n)`, after the seats | the Forum, column by column from the left: a one-hot of the die's face (6), then of its owner's relative seat (n); zero for an empty column |
/// | 25, 36, 25, 36 | 1 for each province shown, patrician shown, province still in the stack, patrician still in the stack |
/// | 4 | Fortuna tiles in the stack / 30, face-up discards by value 1, 2, 3 / 14 |
/// | 2 | senate cards in the deck / 19, under the deck / 19 |
/// | 18, 18 | cards under the deck the observer has seen, by kind; cards of its passes that may be under the deck |
/// | 1, 18 | senate cards on offer / 3; those the observer has seen, by kind |
/// | 13 | the dice rolled by the player to move, by face / 8; the dice selected for a re-roll, by face / 8; dice rolling / 8 |
/// | 11 | one-hot of the phase: reveal provinces, reveal patricians, roll, place, draw Fortuna, keep Fortuna, draw senate cards, keep a senate card, take a province, take a patrician, over |
/// | 4 | Fortuna or senate draws still to make / 8; 1 if the Fortuna draw is the lone Templum die's extra tile; 1 if this pass is the last of the round; 1 if a chance event is pending |
/// | rounds | one-hot of the round (1-based) |
/// | n, n, n, n | one-hots of relative seats: the seats to decide now; the player whose turn it is in the pass; the start player; the seat drawing Fortuna tiles |
///
/// ```
/// use alea_iacta_est::{Action, Faces, State};
/// use dicecore::{Encode, Game, Seat};
/// let config = State::standard_config(4, 1).unwrap();
/// assert_eq!(State::max_chance_outcomes(&config), 3_084);
/// assert_eq!(State::num_distinct_actions(&config), 5_169);
/// let roll = Action::Roll(Faces::from_values(&[6]).unwrap());
/// assert_eq!(State::action_id(&config, &roll), Some(5));
/// let forum = Action::Forum { seat: Seat(2), dice: Faces::from_values(&[1, 4]).unwrap() };
/// let id = State::action_id(&config, &forum).unwrap();
/// assert_eq!(State::action_from_id(&config, Seat(2), id), Some(forum));
/// assert_eq!(State::observation_len(&config), 944);
/// ```
impl Encode for State {
    fn max_chance_outcomes(config: &Config) -> usize {
        Ids::of(config).chance_end
    }

    fn num_distinct_actions(config: &Config) -> usize {
        Ids::of(config).end
    }

    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        Ids::of(config).id(action)
    }

    fn action_from_id(config: &Config, seat: Seat, id: usize) -> Option<Action> {
        Ids::of(config).action(seat, id)
    }

    fn observation_shape(config: &Config) -> Vec<usize> {
        vec![observation_len(config)]
    }

    /// Every entry lies in 0..=1 but these: Fortuna tiles of value 2 kept (/ 8) up to 1.75
    /// (14 such tiles in the game); senate cards counted by kind (not scaled) up to 2 (the
    /// two joker provinces share a kind); the kinds a pass leaves open (not scaled) up to the
    /// number of rounds (one pass per round); the scores (/ 100) up to 4, far above the most
    /// points the components can give (provinces 80, patricians 72, Fortuna 60, chips 15,
    /// senate cards 169).
    fn observation_bounds(config: &Config) -> (Vec<f32>, Vec<f32>) {
        let n = (config.seats as usize).max(1);
        let at = layout(config, n);
        let rounds = f32::from(config.rounds());
        let (low, mut high) = dicecore::encode::unit_bounds(observation_len(config));
        let kinds = CARD_KINDS;
        for k in 0..n {
            let block = &mut high[k * PER_SEAT..(k + 1) * PER_SEAT];
            block[at.fortuna_kept + 1] = 14.0 / 8.0;
            block[at.cards_known..at.cards_known + kinds].fill(2.0);
            block[at.cards_known + kinds..at.cards_known + 2 * kinds].fill(rounds);
            block[at.score] = 4.0;
        }
        high[at.seen..at.seen + kinds].fill(2.0);
        high[at.seen + kinds..at.seen + 2 * kinds].fill(rounds);
        high[at.offer..at.offer + kinds].fill(2.0);
        (low, high)
    }

    fn encode_view(config: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        let n = (config.seats as usize).max(1);
        // Where the parts start (`at`, below, reads a seat's entry of a per-seat list).
        let parts = layout(config, n);
        let me = seat.index() % n;
        let abs = |k: usize| (me + k) % n;
        let rel = |s: Seat| (s.index() + n - me) % n;
        let at = |x: &[u8], p: usize| x.get(p).copied().unwrap_or(0);
        let mut w = Writer { out, at: 0 };
        let over = view.phase == Phase::Over;
        // What the observer's passes leave open: each card of a pair of two kinds may be at
        // the second recipient or where the other went (a seat, or under the deck).
        let mut maybe = vec![[0u8; CARD_KINDS]; n + 1];
        for pass in &view.senate_passes {
            let [a, b] = pass.cards;
            if a == b || !a.is_valid() || !b.is_valid() {
                continue;
            }
            let then = match pass.then {
                PassedOn::Seat(s) => s.index().min(n),
                PassedOn::UnderDeck(_) => n,
            };
            for place in [pass.to.index().min(n), then] {
                maybe[place][a.index()] += 1;
                maybe[place][b.index()] += 1;
            }
        }
        for k in 0..n {
            let p = abs(k);
            w.put(at(&view.hands, p) as f32 / 8.0);
            w.put(at(&view.chips, p) as f32 / 30.0);
            let (dice, pips) = view.temple.get(p).copied().unwrap_or((0, 0));
            w.put(dice as f32 / 8.0);
            w.put(pips as f32 / 48.0);
            w.put(at(&view.fortuna_drawn_counts, p) as f32 / 8.0);
            w.counts(&view.fortuna_kept.get(p).copied().unwrap_or([0; 3]), 8.0);
            w.put(at(&view.fortuna_to_keep, p) as f32 / 2.0);
            let straight = view.straights.get(p).copied().flatten();
            for v in 1..=6u8 {
                let on = straight.is_some_and(|s| s.low <= v && v < s.low + s.len);
                w.put(f32::from(u8::from(on)));
            }
            let mut sets = 0u64;
            for &(owner, value, count) in &view.castrum {
                if owner.index() == p && (1..=6).contains(&value) && (1..=8).contains(&count) {
                    sets |= 1 << (8 * (value as u64 - 1) + count as u64 - 1);
                }
            }
            w.bits(sets, 48);
            w.put(at(&view.latrina, p) as f32 / 8.0);
            let none = Vec::new();
            w.bits(
                province_bits(view.provinces.get(p).unwrap_or(&none)),
                PROVINCE_CARDS as usize,
            );
            let none = Vec::new();
            w.bits(
                patrician_bits(view.patricians.get(p).unwrap_or(&none)),
                PATRICIANS as usize,
            );
            w.put(at(&view.senate_hand_sizes, p) as f32 / 19.0);
            let known: &[Card] = match &view.revealed_senate_cards {
                Some(all) => all.get(p).map_or(&[], Vec::as_slice),
                None if p == me => &view.my_senate_cards,
                None => view.known_senate_cards.get(p).map_or(&[], Vec::as_slice),
            };
            w.counts(&card_counts(known), 1.0);
            w.counts(&maybe[p], 1.0);
            let score = (p == me || over).then(|| score_in_view(config, view, p, known));
            w.put(score.unwrap_or(0) as f32 / 100.0);
        }
        for c in 0..config.forum_columns() as usize {
            let die = view.forum.get(c);
            w.one_hot(die.map(|&(v, _)| (v as usize).wrapping_sub(1)), 6);
            w.one_hot(die.map(|&(_, o)| rel(o)), n);
        }
        debug_assert_eq!(w.at, parts.public);
        w.bits(
            province_bits(&view.provinces_shown),
            PROVINCE_CARDS as usize,
        );
        w.bits(patrician_bits(&view.patricians_shown), PATRICIANS as usize);
        w.bits(
            province_bits(&view.provinces_in_stack),
            PROVINCE_CARDS as usize,
        );
        w.bits(
            patrician_bits(&view.patricians_in_stack),
            PATRICIANS as usize,
        );
        w.put(view.fortuna_stack_size as f32 / 30.0);
        w.counts(&view.fortuna_discard, 14.0);
        w.put(view.senate_deck_size as f32 / 19.0);
        w.put(view.senate_bottom.len() as f32 / 19.0);
        let seen: Vec<Card> = view.senate_bottom.iter().flatten().copied().collect();
        debug_assert_eq!(w.at, parts.seen);
        w.counts(&card_counts(&seen), 1.0);
        w.counts(&maybe[n], 1.0);
        w.put(view.senate_offer_size as f32 / 3.0);
        debug_assert_eq!(w.at, parts.offer);
        w.counts(
            &card_counts(view.senate_offer.as_deref().unwrap_or(&[])),
            1.0,
        );
        w.counts(&view.roll.0, DICE_PER_PLAYER as f32);
        w.counts(&view.selected.0, DICE_PER_PLAYER as f32);
        w.put(view.rolling as f32 / 8.0);
        w.one_hot(Some(phase_index(view.phase)), PHASES);
        let (left, bonus, drawing) = match view.phase {
            Phase::DrawFortuna { seat, left, bonus } => (left, bonus, Some(rel(seat))),
            Phase::DrawSenate { left } => (left, false, None),
            _ => (0, false, None),
        };
        w.put(left as f32 / 8.0);
        w.put(f32::from(u8::from(bonus)));
        w.put(f32::from(u8::from(view.last_pass)));
        w.put(f32::from(u8::from(view.turn == Turn::Chance)));
        w.one_hot(
            (view.round as usize).checked_sub(1),
            config.rounds() as usize,
        );
        for k in 0..n {
            let deciding = match view.turn {
                Turn::Seat(s) => s.index() == abs(k),
                Turn::Seats(set) => set.contains(Seat(abs(k) as u8)),
                _ => false,
            };
            w.put(f32::from(u8::from(deciding)));
        }
        w.one_hot(Some(rel(view.current)), n);
        w.one_hot(Some(rel(view.start)), n);
        w.one_hot(drawing, n);
        debug_assert_eq!(w.at, observation_len(config));
        // Every entry before `w.at` is written once; zeros after.
        if let Some(rest) = w.out.get_mut(w.at..) {
            rest.fill(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicecore::Game;

    #[test]
    fn id_counts_and_round_trips() {
        for seats in 2..=5u8 {
            let config = State::standard_config(seats, 0).unwrap();
            let l = Ids::of(&config);
            let (chance, all) = if seats >= 4 {
                (3084, 5169)
            } else {
                (3080, 3446)
            };
            assert_eq!((l.chance_end, l.end), (chance, all), "{seats} players");
            for id in 0..l.end {
                let a = l.action(Seat(1), id).unwrap();
                assert_eq!(l.id(&a), Some(id), "{a}");
            }
            assert_eq!(l.action(Seat(1), l.end), None);
            let len = observation_len(&config);
            let n = seats as usize;
            assert_eq!(
                len,
                163 * n + (n + 2) * (6 + n) + 211 + config.rounds() as usize + 4 * n
            );
        }
    }
}
