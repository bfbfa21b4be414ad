//! The loader: a saved state (or a position set up by hand) is accepted only if it could arise
//! in play. One check per rule, each refusal with its own reason.

use crate::components::{
    Card, CARD_COPIES, CARD_KINDS, DICE_PER_PLAYER, FORTUNA_TILES, PATRICIANS, PROVINCE_CARDS,
    REPETE_CHIPS,
};
use crate::state::{Pass, Phase, State, Straight, MAX_BOTTOM, MAX_PASSES, MAX_SEATS, UNDER_DECK};
use crate::Error;
use dicecore::Seat;

fn corrupt(why: &'static str) -> Error {
    Error::Corrupted(why)
}

impl State {
    /// The loader: checks a freshly read state rule by rule.
    pub(crate) fn checked(self) -> Result<State, Error> {
        self.config.validate()?;
        self.validate(self.config.seats as usize)?;
        Ok(self)
    }

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
}
