//! The game state, the turn and round flow, and the round evaluation.

use crate::components::{
    Card, Faces, Patrician, Province, CARD_COPIES, CARD_KINDS, DICE_PER_PLAYER, FORTUNA_TILES,
    PATRICIANS, PROVINCE_CARDS, REPETE_CHIPS,
};
use crate::scoring::{self, Breakdown, Holdings};
use crate::{Config, Error};
use dicecore::{Seat, SeatSet, Turn};
use serde::{Deserialize, Serialize};

/// Where the game stands. Only the resting phases listed here are ever stored; everything
/// automatic in between is carried out by the engine at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: a province is revealed for the new round.
    RevealProvinces,
    /// Chance: a patrician is revealed for the new round.
    RevealPatricians,
    /// Chance: the player to move rolls (or re-rolls) dice.
    Roll,
    /// The player to move re-rolls or places dice.
    Place,
    /// Chance: a Fortuna tile is drawn for `seat`; `left` tiles remain to draw; `bonus` marks
    /// the extra tile of a lone temple die at round end.
    DrawFortuna {
        /// Who draws.
        seat: Seat,
        /// Tiles still to draw (this one included).
        left: u8,
        /// The round-end extra tile.
        bonus: bool,
    },
    /// Temple evaluation: the players with tiles to choose keep them.
    KeepFortuna,
    /// Chance: a senate card is drawn; `left` still to draw.
    DrawSenate {
        /// Cards still to draw (this one included).
        left: u8,
    },
    /// Senate evaluation: `seat` keeps one of the cards offered.
    KeepSenate {
        /// Who chooses.
        seat: Seat,
    },
    /// Castrum evaluation: `seat` takes a province.
    TakeProvince {
        /// Who chooses.
        seat: Seat,
    },
    /// Forum evaluation: `seat` takes a patrician.
    TakePatrician {
        /// Who chooses.
        seat: Seat,
    },
    /// The game is over.
    Over,
    // Transient phases (never stored at rest).
    #[doc(hidden)]
    StartTurn,
    #[doc(hidden)]
    EndTurn,
    #[doc(hidden)]
    RoundEnd,
    #[doc(hidden)]
    TempleKeepSetup,
    #[doc(hidden)]
    TempleDone,
    #[doc(hidden)]
    EvalSenate,
    #[doc(hidden)]
    SenateGive,
    #[doc(hidden)]
    EvalCastrum,
    #[doc(hidden)]
    EvalForum,
    #[doc(hidden)]
    EvalLatrina,
}

impl Phase {
    /// Whether the phase can be stored (the engine rests there).
    pub const fn is_resting(self) -> bool {
        !matches!(
            self,
            Phase::StartTurn
                | Phase::EndTurn
                | Phase::RoundEnd
                | Phase::TempleKeepSetup
                | Phase::TempleDone
                | Phase::EvalSenate
                | Phase::SenateGive
                | Phase::EvalCastrum
                | Phase::EvalForum
                | Phase::EvalLatrina
        )
    }
}

/// A straight in the Senatus: lowest value and length (length 0: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Straight {
    /// Lowest value, 1–6.
    pub low: u8,
    /// Number of dice, 0–6.
    pub len: u8,
}

impl Straight {
    /// Highest value.
    pub const fn high(self) -> u8 {
        self.low + self.len - 1
    }
}

pub(crate) const MAX_SEATS: usize = 5;
pub(crate) const MAX_BOTTOM: usize = 19;
/// Senatus evaluations in a game (one per round).
pub(crate) const MAX_PASSES: usize = 6;
/// `Pass::other` at or above this: the passed card went under the deck, at position
/// `other - UNDER_DECK`.
pub(crate) const UNDER_DECK: u8 = 8;

/// Two senate cards the first recipient passed to the second in a Senatus evaluation: the
/// second kept `kept` and passed `passed` on to the third recipient (`other` = the third's
/// seat) or put it under the deck (`other` = [`UNDER_DECK`] + position). The first knows the
/// pair and where the two went, not which went where; the second knows everything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Pass {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) kept: u8,
    pub(crate) passed: u8,
    pub(crate) other: u8,
}

/// A state of Alea Iacta Est.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StateRecord")]
pub struct State {
    pub(crate) config: Config,
    pub(crate) round: u8,
    pub(crate) start: u8,
    pub(crate) current: u8,
    pub(crate) last_pass: bool,
    pub(crate) phase: Phase,
    /// Unplaced dice per player.
    pub(crate) hand: [u8; MAX_SEATS],
    /// The dice rolled by the player to move (part of their hand).
    pub(crate) roll: Faces,
    /// Dice being rolled at a `Roll` node.
    pub(crate) pending: u8,
    /// Dice of the roll selected for a re-roll (at `Place`).
    pub(crate) selected: Faces,
    pub(crate) chips: [u8; MAX_SEATS],
    pub(crate) temple_dice: [u8; MAX_SEATS],
    pub(crate) temple_pips: [u8; MAX_SEATS],
    /// Fortuna tiles drawn this round and not yet evaluated (hidden), by value.
    pub(crate) fortuna_drawn: [[u8; 3]; MAX_SEATS],
    pub(crate) fortuna_kept: [[u8; 3]; MAX_SEATS],
    pub(crate) keep_left: [u8; MAX_SEATS],
    pub(crate) fortuna_stack: [u8; 3],
    pub(crate) fortuna_discard: [u8; 3],
    pub(crate) straights: [Straight; MAX_SEATS],
    /// The face-down senate deck above the cards put under it, by kind (order unobservable).
    pub(crate) senate_deck: [u8; CARD_KINDS],
    /// Cards put under the deck, top first, and who has seen each.
    pub(crate) senate_bottom: [u8; MAX_BOTTOM],
    pub(crate) senate_bottom_seen: [u8; MAX_BOTTOM],
    pub(crate) senate_bottom_len: u8,
    pub(crate) senate_hands: [[u8; CARD_KINDS]; MAX_SEATS],
    /// The cards passed from the first to the second recipient in each Senatus evaluation
    /// so far (what each seat knows of the others' senate cards follows from these).
    pub(crate) passes: [Pass; MAX_PASSES],
    pub(crate) passes_len: u8,
    /// Cards drawn in the Senatus evaluation and not yet given.
    pub(crate) offer: [u8; 3],
    pub(crate) offer_len: u8,
    /// Seats that have seen the offer (bit mask).
    pub(crate) offer_seen: u8,
    pub(crate) senate_order: [u8; 3],
    pub(crate) senate_order_len: u8,
    pub(crate) senate_step: u8,
    /// `castrum[v-1][c-1]` = owner + 1 of the set of `c` dice of value `v` (0: none).
    pub(crate) castrum: [[u8; 8]; 6],
    pub(crate) province_stack: u32,
    pub(crate) provinces_shown: u32,
    pub(crate) provinces: [u32; MAX_SEATS],
    /// Forum dice left to right: `value | owner << 4`.
    pub(crate) forum: [u8; 7],
    pub(crate) forum_len: u8,
    pub(crate) patrician_stack: u64,
    pub(crate) patricians_shown: u64,
    pub(crate) patricians: [u64; MAX_SEATS],
    pub(crate) latrina: [u8; MAX_SEATS],
}

/// The serialised form of [`State`], validated on the way in.
#[derive(Deserialize)]
pub(crate) struct StateRecord {
    config: Config,
    round: u8,
    start: u8,
    current: u8,
    last_pass: bool,
    phase: Phase,
    hand: [u8; MAX_SEATS],
    roll: Faces,
    pending: u8,
    selected: Faces,
    chips: [u8; MAX_SEATS],
    temple_dice: [u8; MAX_SEATS],
    temple_pips: [u8; MAX_SEATS],
    fortuna_drawn: [[u8; 3]; MAX_SEATS],
    fortuna_kept: [[u8; 3]; MAX_SEATS],
    keep_left: [u8; MAX_SEATS],
    fortuna_stack: [u8; 3],
    fortuna_discard: [u8; 3],
    straights: [Straight; MAX_SEATS],
    senate_deck: [u8; CARD_KINDS],
    senate_bottom: [u8; MAX_BOTTOM],
    senate_bottom_seen: [u8; MAX_BOTTOM],
    senate_bottom_len: u8,
    senate_hands: [[u8; CARD_KINDS]; MAX_SEATS],
    passes: [Pass; MAX_PASSES],
    passes_len: u8,
    offer: [u8; 3],
    offer_len: u8,
    offer_seen: u8,
    senate_order: [u8; 3],
    senate_order_len: u8,
    senate_step: u8,
    castrum: [[u8; 8]; 6],
    province_stack: u32,
    provinces_shown: u32,
    provinces: [u32; MAX_SEATS],
    forum: [u8; 7],
    forum_len: u8,
    patrician_stack: u64,
    patricians_shown: u64,
    patricians: [u64; MAX_SEATS],
    latrina: [u8; MAX_SEATS],
}

fn corrupt(why: &'static str) -> Error {
    Error::Corrupted(why)
}

impl TryFrom<StateRecord> for State {
    type Error = Error;
    fn try_from(r: StateRecord) -> Result<State, Error> {
        r.config.validate()?;
        let c = &r.config;
        let n = c.seats as usize;
        let s = State {
            config: r.config.clone(),
            round: r.round,
            start: r.start,
            current: r.current,
            last_pass: r.last_pass,
            phase: r.phase,
            hand: r.hand,
            roll: r.roll,
            pending: r.pending,
            selected: r.selected,
            chips: r.chips,
            temple_dice: r.temple_dice,
            temple_pips: r.temple_pips,
            fortuna_drawn: r.fortuna_drawn,
            fortuna_kept: r.fortuna_kept,
            keep_left: r.keep_left,
            fortuna_stack: r.fortuna_stack,
            fortuna_discard: r.fortuna_discard,
            straights: r.straights,
            senate_deck: r.senate_deck,
            senate_bottom: r.senate_bottom,
            senate_bottom_seen: r.senate_bottom_seen,
            senate_bottom_len: r.senate_bottom_len,
            senate_hands: r.senate_hands,
            passes: r.passes,
            passes_len: r.passes_len,
            offer: r.offer,
            offer_len: r.offer_len,
            offer_seen: r.offer_seen,
            senate_order: r.senate_order,
            senate_order_len: r.senate_order_len,
            senate_step: r.senate_step,
            castrum: r.castrum,
            province_stack: r.province_stack,
            provinces_shown: r.provinces_shown,
            provinces: r.provinces,
            forum: r.forum,
            forum_len: r.forum_len,
            patrician_stack: r.patrician_stack,
            patricians_shown: r.patricians_shown,
            patricians: r.patricians,
            latrina: r.latrina,
        };
        s.validate(n)?;
        Ok(s)
    }
}

impl State {
    #[allow(clippy::too_many_lines)]
    fn validate(&self, n: usize) -> Result<(), Error> {
        let c = &self.config;
        if self.round > c.rounds() || (self.round == c.rounds()) != (self.phase == Phase::Over) {
            return Err(corrupt(
                "the round number does not match the end of the game",
            ));
        }
        if self.start as usize >= n || self.current as usize >= n {
            return Err(corrupt(
                "the start player or player to move is not at the table",
            ));
        }
        if !self.phase.is_resting() {
            return Err(corrupt("the phase is not one the engine rests in"));
        }
        let seat_ok = |s: Seat| (s.0 as usize) < n;
        match self.phase {
            Phase::DrawFortuna { seat, left, .. } if !seat_ok(seat) || left == 0 || left > 8 => {
                return Err(corrupt("bad Fortuna draw"))
            }
            Phase::KeepSenate { seat }
            | Phase::TakeProvince { seat }
            | Phase::TakePatrician { seat }
                if !seat_ok(seat) =>
            {
                return Err(corrupt("the deciding player is not at the table"))
            }
            Phase::DrawSenate { left } if left == 0 || left > 3 => {
                return Err(corrupt("bad senate draw"))
            }
            _ => {}
        }
        for p in n..MAX_SEATS {
            if self.hand[p] != 0
                || self.chips[p] != 0
                || self.temple_dice[p] != 0
                || self.temple_pips[p] != 0
                || self.fortuna_drawn[p] != [0; 3]
                || self.fortuna_kept[p] != [0; 3]
                || self.keep_left[p] != 0
                || self.straights[p] != Straight::default()
                || self.senate_hands[p] != [0; CARD_KINDS]
                || self.provinces[p] != 0
                || self.patricians[p] != 0
                || self.latrina[p] != 0
            {
                return Err(corrupt("an empty seat holds components"));
            }
        }
        // Dice.
        if self.roll.0.iter().any(|&x| x > DICE_PER_PLAYER) || self.pending > DICE_PER_PLAYER {
            return Err(corrupt("impossible roll"));
        }
        let mut placed = [0u32; MAX_SEATS];
        for (p, pl) in placed.iter_mut().enumerate().take(n) {
            *pl = self.hand[p] as u32
                + self.temple_dice[p] as u32
                + self.straights[p].len as u32
                + self.latrina[p] as u32;
            if self.temple_pips[p] as u32 > 6 * self.temple_dice[p] as u32
                || self.temple_pips[p] < self.temple_dice[p]
            {
                return Err(corrupt("temple pips do not match the temple dice"));
            }
        }
        for v in 0..6 {
            for k in 0..8 {
                let o = self.castrum[v][k];
                if o as usize > n {
                    return Err(corrupt("a Castrum set of a seat not at the table"));
                }
                if o > 0 {
                    placed[o as usize - 1] += k as u32 + 1;
                }
            }
        }
        if self.forum_len > c.forum_columns() {
            return Err(corrupt("too many Forum dice"));
        }
        if self.forum[self.forum_len as usize..]
            .iter()
            .any(|&d| d != 0)
            || self.offer[(self.offer_len as usize).min(3)..]
                .iter()
                .any(|&d| d != 0)
            || self.senate_order[(self.senate_order_len as usize).min(3)..]
                .iter()
                .any(|&d| d != 0)
            || self.senate_bottom[(self.senate_bottom_len as usize).min(MAX_BOTTOM)..]
                .iter()
                .chain(
                    self.senate_bottom_seen[(self.senate_bottom_len as usize).min(MAX_BOTTOM)..]
                        .iter(),
                )
                .any(|&d| d != 0)
            || self
                .senate_bottom_seen
                .iter()
                .any(|&m| m as usize >= 1 << n)
            || self.offer_seen as usize >= 1 << n
        {
            return Err(corrupt("unused slots must be empty"));
        }
        let mut prev = 0;
        for &d in &self.forum[..self.forum_len as usize] {
            let (v, o) = (d & 15, (d >> 4) as usize);
            if !(1..=6).contains(&v) || o >= n || v < prev {
                return Err(corrupt("bad Forum die"));
            }
            prev = v;
            placed[o] += 1;
        }
        if placed.iter().any(|&x| x > DICE_PER_PLAYER as u32) {
            return Err(corrupt("a player has more than 8 dice"));
        }
        let mut straights_seen = [Straight::default(); MAX_SEATS];
        for p in 0..n {
            let st = self.straights[p];
            if st.len > 0 {
                if st.low < 1 || st.low > 6 || st.len > 6 || st.high() > 6 {
                    return Err(corrupt("bad Senatus straight"));
                }
                if straights_seen[..p].contains(&st) {
                    return Err(corrupt("two identical Senatus straights"));
                }
            } else if st.low != 0 {
                return Err(corrupt("bad Senatus straight"));
            }
            straights_seen[p] = st;
        }
        match self.phase {
            Phase::Roll | Phase::Place => {
                let h = self.hand[self.current as usize] as u32;
                if self.roll.len() + self.pending as u32 != h || h == 0 {
                    return Err(corrupt("the roll does not match the player's dice"));
                }
                if (self.phase == Phase::Roll) != (self.pending > 0) {
                    return Err(corrupt("the roll does not match the phase"));
                }
                if !self.selected.is_subset_of(self.roll)
                    || (self.phase == Phase::Roll && !self.selected.is_empty())
                    || (!self.selected.is_empty() && self.chips[self.current as usize] == 0)
                    || (self.config.reroll_one_die_per_chip && self.selected.len() > 1)
                {
                    return Err(corrupt("bad re-roll selection"));
                }
            }
            _ => {
                if !self.roll.is_empty() || self.pending != 0 || !self.selected.is_empty() {
                    return Err(corrupt("dice rolled outside a turn"));
                }
            }
        }
        // Fortuna tiles: every tile in exactly one place.
        for v in 0..3 {
            let mut total = self.fortuna_stack[v] as u32 + self.fortuna_discard[v] as u32;
            for p in 0..n {
                total += self.fortuna_drawn[p][v] as u32 + self.fortuna_kept[p][v] as u32;
            }
            if total != FORTUNA_TILES[v] as u32 {
                return Err(corrupt("the Fortuna tiles do not add up"));
            }
        }
        for p in 0..n {
            let drawn: u8 = self.fortuna_drawn[p].iter().sum();
            if self.keep_left[p] > 2 || (self.keep_left[p] > 0 && drawn <= self.keep_left[p]) {
                return Err(corrupt("bad Fortuna keep"));
            }
        }
        if (self.phase == Phase::KeepFortuna) != self.keep_left.iter().any(|&k| k > 0) {
            return Err(corrupt("Fortuna choices do not match the phase"));
        }
        // Senate cards.
        if self.senate_bottom_len as usize > MAX_BOTTOM || self.offer_len > 3 {
            return Err(corrupt("bad senate deck"));
        }
        let mut cards = self.senate_deck;
        for p in 0..n {
            for k in 0..CARD_KINDS {
                cards[k] = cards[k].saturating_add(self.senate_hands[p][k]);
            }
        }
        for &k in self.senate_bottom[..self.senate_bottom_len as usize]
            .iter()
            .chain(self.offer[..self.offer_len as usize].iter())
        {
            if k as usize >= CARD_KINDS {
                return Err(corrupt("unknown senate card"));
            }
            cards[k as usize] = cards[k as usize].saturating_add(1);
        }
        let mut copies = CARD_COPIES;
        if !c.card_iv_in_play() {
            copies[Card::ManyFortuna.index()] = 0;
        }
        if cards != copies {
            return Err(corrupt("the senate cards do not add up"));
        }
        self.validate_passes(n)?;
        if self.senate_order_len > c.senate_recipients()
            || self.senate_step > self.senate_order_len
            || self.senate_order[..self.senate_order_len as usize]
                .iter()
                .any(|&s| s as usize >= n)
        {
            return Err(corrupt("bad senate evaluation"));
        }
        let in_senate = matches!(
            self.phase,
            Phase::DrawSenate { .. } | Phase::KeepSenate { .. }
        );
        if !in_senate && (self.offer_len > 0 || self.senate_order_len > 0) {
            return Err(corrupt("senate cards on offer outside the evaluation"));
        }
        if let Phase::KeepSenate { seat } = self.phase {
            if self.senate_step >= self.senate_order_len
                || self.senate_order[self.senate_step as usize] != seat.0
                || self.offer_len < 2
            {
                return Err(corrupt("the senate chooser does not match"));
            }
        }
        // Provinces and patricians.
        let all_p: u32 = (1 << PROVINCE_CARDS) - 1;
        let mut seen = self.province_stack;
        for &x in std::iter::once(&self.provinces_shown).chain(self.provinces[..n].iter()) {
            if seen & x != 0 {
                return Err(corrupt("a province is in two places"));
            }
            seen |= x;
        }
        if seen & !all_p != 0 {
            return Err(corrupt("unknown province"));
        }
        let all_t: u64 = (1 << PATRICIANS) - 1;
        let mut seen = self.patrician_stack;
        for &x in std::iter::once(&self.patricians_shown).chain(self.patricians[..n].iter()) {
            if seen & x != 0 {
                return Err(corrupt("a patrician is in two places"));
            }
            seen |= x;
        }
        if seen & !all_t != 0 {
            return Err(corrupt("unknown patrician"));
        }
        if self.provinces_shown.count_ones() > c.provinces_shown() as u32
            || self.patricians_shown.count_ones() > c.forum_columns() as u32
        {
            return Err(corrupt("too many provinces or patricians shown"));
        }
        if self.chips[..n].iter().map(|&x| x as u32).sum::<u32>() > REPETE_CHIPS as u32 {
            return Err(corrupt("more Repete chips than the supply holds"));
        }
        match self.phase {
            Phase::TakeProvince { seat } => match self.best_set() {
                Some((_, _, o)) if o == seat.0 && self.provinces_shown.count_ones() >= 2 => {}
                _ => return Err(corrupt("the province chooser does not match")),
            },
            Phase::TakePatrician { seat }
                if self.forum_len == 0
                    || self.forum[0] >> 4 != seat.0
                    || self.patricians_shown.count_ones() < 2 =>
            {
                return Err(corrupt("the patrician chooser does not match"));
            }
            Phase::RevealProvinces if self.province_stack == 0 => {
                return Err(corrupt("nothing to reveal"))
            }
            Phase::RevealPatricians if self.patrician_stack == 0 => {
                return Err(corrupt("nothing to reveal"))
            }
            Phase::DrawFortuna { .. } if self.fortuna_stack == [0; 3] => {
                return Err(corrupt("no Fortuna tile to draw"))
            }
            Phase::DrawSenate { left }
                if self.senate_deck == [0; CARD_KINDS]
                    || self.offer_len + left > 3
                    || self.senate_order_len == 0 =>
            {
                return Err(corrupt("no senate card to draw"))
            }
            Phase::RevealProvinces
                if self.provinces_shown.count_ones() >= c.provinces_shown() as u32 =>
            {
                return Err(corrupt("all provinces of the round are shown"))
            }
            Phase::RevealPatricians
                if self.patricians_shown.count_ones() >= c.forum_columns() as u32
                    || (self.provinces_shown.count_ones() < c.provinces_shown() as u32
                        && self.province_stack != 0) =>
            {
                return Err(corrupt("all patricians of the round are shown"))
            }
            _ => {}
        }
        Ok(())
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The current round, 1-based (the number of rounds once the game is over).
    pub fn round(&self) -> u8 {
        (self.round + 1).min(self.config.rounds())
    }

    /// The start player of the current round.
    pub fn start_player(&self) -> Seat {
        Seat(self.start)
    }

    /// The player whose turn it is in the current pass.
    pub fn current(&self) -> Seat {
        Seat(self.current)
    }

    /// The phase the game rests in.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice rolled by the player to move (at `Place`).
    pub fn rolled(&self) -> Faces {
        self.roll
    }

    /// Unplaced dice of a player.
    pub fn dice_in_hand(&self, seat: Seat) -> u8 {
        self.hand.get(seat.index()).copied().unwrap_or(0)
    }

    /// Repete chips of a player.
    pub fn chips(&self, seat: Seat) -> u8 {
        self.chips.get(seat.index()).copied().unwrap_or(0)
    }

    /// Provinces owned by a player.
    pub fn provinces_of(&self, seat: Seat) -> Vec<Province> {
        let bits = self.provinces.get(seat.index()).copied().unwrap_or(0);
        (0..PROVINCE_CARDS)
            .filter(|i| bits & (1 << i) != 0)
            .map(Province)
            .collect()
    }

    /// Patricians owned by a player.
    pub fn patricians_of(&self, seat: Seat) -> Vec<Patrician> {
        let bits = self.patricians.get(seat.index()).copied().unwrap_or(0);
        (0..PATRICIANS)
            .filter(|i| bits & (1 << i) != 0)
            .map(Patrician)
            .collect()
    }

    /// Senate cards in a player's hand (hidden information).
    pub fn senate_cards_of(&self, seat: Seat) -> Vec<Card> {
        let mut out = Vec::new();
        if let Some(h) = self.senate_hands.get(seat.index()) {
            for (k, &n) in h.iter().enumerate() {
                for _ in 0..n {
                    out.extend(Card::from_index(k));
                }
            }
        }
        out
    }

    /// Fortuna tiles a player has kept, by value 1, 2, 3.
    pub fn fortuna_kept(&self, seat: Seat) -> [u8; 3] {
        self.fortuna_kept
            .get(seat.index())
            .copied()
            .unwrap_or([0; 3])
    }

    /// Fortuna tiles a player drew this round and has not yet kept (hidden information).
    pub fn fortuna_drawn(&self, seat: Seat) -> [u8; 3] {
        self.fortuna_drawn
            .get(seat.index())
            .copied()
            .unwrap_or([0; 3])
    }

    /// A player's Senatus straight, if any.
    pub fn straight(&self, seat: Seat) -> Option<Straight> {
        self.straights
            .get(seat.index())
            .copied()
            .filter(|s| s.len > 0)
    }

    /// The Castrum sets: (owner, value, count), largest first.
    pub fn castrum_sets(&self) -> Vec<(Seat, u8, u8)> {
        let mut v = Vec::new();
        for c in (0..8).rev() {
            for val in (0..6).rev() {
                let o = self.castrum[val][c];
                if o > 0 {
                    v.push((Seat(o - 1), val as u8 + 1, c as u8 + 1));
                }
            }
        }
        v
    }

    /// The Forum dice left to right: (value, owner).
    pub fn forum(&self) -> Vec<(u8, Seat)> {
        self.forum[..self.forum_len as usize]
            .iter()
            .map(|&d| (d & 15, Seat(d >> 4)))
            .collect()
    }

    /// Dice in the Templum per player: (dice, pip sum).
    pub fn temple(&self, seat: Seat) -> (u8, u8) {
        let i = seat.index().min(MAX_SEATS - 1);
        (self.temple_dice[i], self.temple_pips[i])
    }

    /// Dice in the Latrina per player.
    pub fn latrina(&self, seat: Seat) -> u8 {
        self.latrina.get(seat.index()).copied().unwrap_or(0)
    }

    /// Provinces shown under the Castrum.
    pub fn provinces_shown(&self) -> Vec<Province> {
        (0..PROVINCE_CARDS)
            .filter(|i| self.provinces_shown & (1 << i) != 0)
            .map(Province)
            .collect()
    }

    /// Patricians shown under the Forum.
    pub fn patricians_shown(&self) -> Vec<Patrician> {
        (0..PATRICIANS)
            .filter(|i| self.patricians_shown & (1 << i) != 0)
            .map(Patrician)
            .collect()
    }

    /// The itemised final score of a player under the best housing (current holdings while
    /// the game goes on).
    pub fn breakdown(&self, seat: Seat) -> Breakdown {
        let p = seat.index();
        if p >= self.config.seats as usize {
            return Breakdown::default();
        }
        scoring::score(&Holdings {
            provinces: self.provinces[p],
            patricians: self.patricians[p],
            cards: self.senate_hands[p],
            fortuna: self.fortuna_kept[p],
            chips: self.chips[p],
            doubles: &self.config.double_provinces,
            empty_provinces_score: self.config.empty_provinces_score,
        })
    }

    pub(crate) fn seats_n(&self) -> usize {
        self.config.seats as usize
    }

    /// The initial state (before the first reveal).
    pub(crate) fn initial(config: &Config) -> Result<State, Error> {
        config.validate()?;
        let mut deck = CARD_COPIES;
        if !config.card_iv_in_play() {
            deck[Card::ManyFortuna.index()] = 0;
        }
        let mut hand = [0; MAX_SEATS];
        for h in hand.iter_mut().take(config.seats as usize) {
            *h = DICE_PER_PLAYER;
        }
        let mut s = State {
            config: config.clone(),
            round: 0,
            start: config.start.0,
            current: config.start.0,
            last_pass: false,
            phase: Phase::RevealProvinces,
            hand,
            roll: Faces::EMPTY,
            pending: 0,
            selected: Faces::EMPTY,
            chips: [0; MAX_SEATS],
            temple_dice: [0; MAX_SEATS],
            temple_pips: [0; MAX_SEATS],
            fortuna_drawn: [[0; 3]; MAX_SEATS],
            fortuna_kept: [[0; 3]; MAX_SEATS],
            keep_left: [0; MAX_SEATS],
            fortuna_stack: FORTUNA_TILES,
            fortuna_discard: [0; 3],
            straights: [Straight::default(); MAX_SEATS],
            senate_deck: deck,
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
            province_stack: (1 << PROVINCE_CARDS) - 1,
            provinces_shown: 0,
            provinces: [0; MAX_SEATS],
            forum: [0; 7],
            forum_len: 0,
            patrician_stack: (1 << PATRICIANS) - 1,
            patricians_shown: 0,
            patricians: [0; MAX_SEATS],
            latrina: [0; MAX_SEATS],
        };
        s.advance();
        Ok(s)
    }

    /// Who acts next.
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

    /// The best remaining Castrum set: (value, count, owner).
    pub(crate) fn best_set(&self) -> Option<(u8, u8, u8)> {
        for c in (0..8).rev() {
            for v in (0..6).rev() {
                let o = self.castrum[v][c];
                if o > 0 {
                    return Some((v as u8 + 1, c as u8 + 1, o - 1));
                }
            }
        }
        None
    }

    fn fortuna_available(&self) -> bool {
        self.fortuna_stack != [0; 3] || self.fortuna_discard != [0; 3]
    }

    fn senate_available(&self) -> bool {
        self.senate_deck != [0; CARD_KINDS] || self.senate_bottom_len > 0
    }

    /// Keeps the `q` best drawn tiles of `p` and discards the rest.
    pub(crate) fn keep_best(&mut self, p: usize, mut q: u8) {
        for v in (0..3).rev() {
            let k = self.fortuna_drawn[p][v].min(q);
            self.fortuna_kept[p][v] += k;
            self.fortuna_drawn[p][v] -= k;
            q -= k;
        }
        for v in 0..3 {
            self.fortuna_discard[v] += self.fortuna_drawn[p][v];
            self.fortuna_drawn[p][v] = 0;
        }
    }

    /// Carries out everything automatic until a chance event, a decision or the end.
    pub(crate) fn advance(&mut self) {
        let n = self.seats_n();
        loop {
            match self.phase {
                Phase::RevealProvinces => {
                    if self.provinces_shown.count_ones() < self.config.provinces_shown() as u32
                        && self.province_stack != 0
                    {
                        return;
                    }
                    self.phase = Phase::RevealPatricians;
                }
                Phase::RevealPatricians => {
                    if self.patricians_shown.count_ones() < self.config.forum_columns() as u32
                        && self.patrician_stack != 0
                    {
                        return;
                    }
                    self.current = self.start;
                    self.phase = Phase::StartTurn;
                }
                Phase::StartTurn => {
                    let h = self.hand[self.current as usize];
                    if h > 0 {
                        self.roll = Faces::EMPTY;
                        self.pending = h;
                        self.phase = Phase::Roll;
                        return;
                    }
                    self.phase = Phase::EndTurn;
                }
                Phase::EndTurn => {
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
                }
                Phase::RoundEnd => {
                    self.current = self.start;
                    for p in 0..n {
                        self.latrina[p] += self.hand[p];
                        self.hand[p] = 0;
                    }
                    let total: u8 = self.temple_dice.iter().sum();
                    if self.config.templum() && total == 1 && self.fortuna_available() {
                        let owner = self.temple_dice.iter().position(|&d| d == 1).unwrap_or(0);
                        self.start_fortuna_draw(Seat(owner as u8), 1, true);
                    } else {
                        self.phase = Phase::TempleKeepSetup;
                    }
                }
                Phase::DrawFortuna { seat, left, bonus } => {
                    if left > 0 && self.fortuna_available() {
                        self.start_fortuna_draw(seat, left, bonus);
                        return;
                    }
                    self.phase = if bonus {
                        Phase::TempleKeepSetup
                    } else {
                        Phase::EndTurn
                    };
                }
                Phase::TempleKeepSetup => {
                    let leader = self.temple_leader();
                    let mut any = false;
                    for p in 0..n {
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
                        return;
                    }
                    self.phase = Phase::TempleDone;
                }
                Phase::KeepFortuna => return,
                Phase::TempleDone => {
                    for p in 0..n {
                        self.keep_best(p, 0);
                        self.temple_dice[p] = 0;
                        self.temple_pips[p] = 0;
                    }
                    self.phase = Phase::EvalSenate;
                }
                Phase::EvalSenate => {
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
                }
                Phase::DrawSenate { left } => {
                    if left > 0 && self.senate_available() {
                        if self.senate_deck == [0; CARD_KINDS] {
                            // Only cards put under the deck remain: their order is known.
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
                            continue;
                        }
                        return;
                    }
                    self.phase = Phase::SenateGive;
                }
                Phase::SenateGive => {
                    if self.senate_step < self.senate_order_len && self.offer_len > 0 {
                        let p = self.senate_order[self.senate_step as usize];
                        self.offer_seen |= 1 << p;
                        if self.offer_len >= 2 && self.senate_step < 2 {
                            self.phase = Phase::KeepSenate { seat: Seat(p) };
                            return;
                        }
                        self.give_offer_card(p as usize, 0);
                        self.senate_step += 1;
                        continue;
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
                }
                Phase::EvalCastrum => {
                    if self.provinces_shown != 0 {
                        if let Some((_, _, owner)) = self.best_set() {
                            if self.provinces_shown.count_ones() == 1 {
                                let prov = Province(self.provinces_shown.trailing_zeros() as u8);
                                self.take_province(owner as usize, prov);
                                continue;
                            }
                            self.phase = Phase::TakeProvince { seat: Seat(owner) };
                            return;
                        }
                    }
                    for v in 0..6 {
                        for c in 0..8 {
                            let o = self.castrum[v][c];
                            if o > 0 {
                                self.latrina[o as usize - 1] += c as u8 + 1;
                                self.castrum[v][c] = 0;
                            }
                        }
                    }
                    self.provinces_shown = 0;
                    self.phase = Phase::EvalForum;
                }
                Phase::EvalForum => {
                    if self.forum_len > 0 {
                        let owner = (self.forum[0] >> 4) as usize;
                        match self.patricians_shown.count_ones() {
                            0 => self.pop_forum(),
                            1 => {
                                let t = Patrician(self.patricians_shown.trailing_zeros() as u8);
                                self.take_patrician(owner, t);
                            }
                            _ => {
                                self.phase = Phase::TakePatrician {
                                    seat: Seat(owner as u8),
                                };
                                return;
                            }
                        }
                        continue;
                    }
                    self.patricians_shown = 0;
                    self.phase = Phase::EvalLatrina;
                }
                Phase::EvalLatrina => {
                    let held: u32 = self.chips.iter().map(|&c| c as u32).sum();
                    let mut supply = (REPETE_CHIPS as u32).saturating_sub(held) as u8;
                    for i in 0..n {
                        let p = (self.start as usize + i) % n;
                        let k = self.latrina[p].min(supply);
                        self.chips[p] += k;
                        supply -= k;
                        self.latrina[p] = 0;
                    }
                    self.round += 1;
                    self.last_pass = false;
                    if self.round >= self.config.rounds() {
                        self.phase = Phase::Over;
                        return;
                    }
                    self.start = ((self.start as usize + 1) % n) as u8;
                    self.current = self.start;
                    for p in 0..n {
                        self.hand[p] = DICE_PER_PLAYER;
                    }
                    self.phase = Phase::RevealProvinces;
                }
                Phase::Roll
                | Phase::Place
                | Phase::KeepSenate { .. }
                | Phase::TakeProvince { .. }
                | Phase::TakePatrician { .. }
                | Phase::Over => return,
            }
        }
    }

    fn start_fortuna_draw(&mut self, seat: Seat, left: u8, bonus: bool) {
        if self.fortuna_stack == [0; 3] {
            // The stack ran out: reshuffle the face-up discards into a new stack.
            self.fortuna_stack = self.fortuna_discard;
            self.fortuna_discard = [0; 3];
        }
        self.phase = Phase::DrawFortuna { seat, left, bonus };
    }

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

    /// Checks the recorded senate passes against the seats, the bottom of the deck and the
    /// hands.
    fn validate_passes(&self, n: usize) -> Result<(), Error> {
        let len = self.passes_len as usize;
        if len > MAX_PASSES
            || self.passes[len.min(MAX_PASSES)..]
                != [Pass::default(); MAX_PASSES][len.min(MAX_PASSES)..]
        {
            return Err(corrupt("bad senate passes"));
        }
        let mut claimed = [[0u8; CARD_KINDS]; MAX_SEATS];
        let mut bottom_used = 0u32;
        for r in &self.passes[..len] {
            let (from, to, other) = (r.from as usize, r.to as usize, r.other as usize);
            if from >= n
                || to >= n
                || from == to
                || r.kept as usize >= CARD_KINDS
                || r.passed as usize >= CARD_KINDS
            {
                return Err(corrupt("bad senate passes"));
            }
            claimed[to][r.kept as usize] += 1;
            if r.other >= UNDER_DECK {
                let i = (r.other - UNDER_DECK) as usize;
                if i >= self.senate_bottom_len as usize
                    || self.senate_bottom[i] != r.passed
                    || bottom_used & (1 << i) != 0
                {
                    return Err(corrupt("a passed card is not under the deck"));
                }
                bottom_used |= 1 << i;
            } else if other >= n || other == from || other == to {
                return Err(corrupt("bad senate passes"));
            } else {
                claimed[other][r.passed as usize] += 1;
            }
        }
        for p in 0..n {
            if (0..CARD_KINDS).any(|k| claimed[p][k] > self.senate_hands[p][k]) {
                return Err(corrupt("passed senate cards not in hand"));
            }
        }
        Ok(())
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

    pub(crate) fn take_province(&mut self, p: usize, prov: Province) {
        if let Some((v, c, _)) = self.best_set() {
            self.castrum[v as usize - 1][c as usize - 1] = 0;
        }
        self.provinces_shown &= !(1 << prov.0);
        self.provinces[p] |= 1 << prov.0;
    }

    fn pop_forum(&mut self) {
        let len = self.forum_len as usize;
        self.forum.copy_within(1..len, 0);
        self.forum[len - 1] = 0;
        self.forum_len -= 1;
    }

    pub(crate) fn take_patrician(&mut self, p: usize, t: Patrician) {
        self.pop_forum();
        self.patricians_shown &= !(1 << t.0);
        self.patricians[p] |= 1 << t.0;
    }
}
