//! The loader: a saved state (or a position set up by hand) is accepted only if it could arise
//! in play. The checks follow the rulebook: the table (round, start player, phase), the turns
//! (dice in hand, the roll, the last pass), every player's 8 dice, then each building, the
//! senate cards and their passes, the provinces and patricians revealed, and the Repete chips.
//! Each refusal names its own reason ([`PositionError`]).

use crate::components::{
    Card, CARD_COPIES, CARD_KINDS, DICE_PER_PLAYER, FORTUNA_TILES, PATRICIANS, PROVINCE_CARDS,
    REPETE_CHIPS,
};
use crate::state::{Phase, State, Straight, MAX_PASSES, MAX_SEATS, UNDER_DECK};
use crate::{Error, PositionError as P};
use dicecore::Seat;

dicecore::validated_serde!(State, State::checked, versioned);

/// Where in the game a resting phase lies, in the order of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// The provinces and patricians of a round are revealed.
    Reveal,
    /// The turns of a round: rolling, placing, drawing Fortuna tiles for the Templum.
    Turns,
    /// The Templum's evaluation: the lone die's extra tile, keeping tiles.
    Templum,
    /// The Senatus's evaluation.
    Senatus,
    /// The Castrum's evaluation.
    Castrum,
    /// The Forum's evaluation.
    Forum,
    /// The game is over.
    Over,
}

impl Stage {
    fn of(phase: Phase) -> Option<Stage> {
        Some(match phase {
            Phase::RevealProvinces | Phase::RevealPatricians => Stage::Reveal,
            Phase::Roll | Phase::Place | Phase::DrawFortuna { bonus: false, .. } => Stage::Turns,
            Phase::DrawFortuna { bonus: true, .. } | Phase::KeepFortuna => Stage::Templum,
            Phase::DrawSenate { .. } | Phase::KeepSenate { .. } => Stage::Senatus,
            Phase::TakeProvince { .. } => Stage::Castrum,
            Phase::TakePatrician { .. } => Stage::Forum,
            Phase::Over => Stage::Over,
            _ => return None,
        })
    }

    /// Whether the building evaluated at stage `building` (the Latrina: [`Stage::Over`]) has
    /// been evaluated: later in this round's evaluation, or between rounds.
    fn evaluated(self, building: Stage) -> bool {
        matches!(self, Stage::Reveal | Stage::Over) || (self >= Stage::Templum && self > building)
    }

    /// Whether this round's evaluation is under way.
    fn evaluating(self) -> bool {
        (Stage::Templum..=Stage::Forum).contains(&self)
    }
}

/// Whether the entries of `xs` from `len` on are all empty (and `len` fits).
fn tail_empty<T: PartialEq + Default>(xs: &[T], len: usize) -> bool {
    xs.get(len..)
        .is_some_and(|t| t.iter().all(|x| *x == T::default()))
}

impl State {
    /// The loader: checks a freshly read state (or a state built from a setup) rule by rule,
    /// and returns it if it could arise in play.
    pub(crate) fn checked(self) -> Result<State, Error> {
        self.config.validate()?;
        let stage = self.load_table()?;
        self.load_dice(stage)?;
        self.load_turns(stage)?;
        self.load_templum(stage)?;
        self.load_straights()?;
        self.load_senate(stage)?;
        self.load_passes(stage)?;
        self.load_choosers()?;
        self.load_reveals(stage)?;
        self.load_chips()?;
        Ok(self)
    }

    /// The round, the phase, the seats named, the start player and the unused entries.
    fn load_table(&self) -> Result<Stage, P> {
        let c = &self.config;
        let n = self.seats_n();
        let rounds = c.rounds();
        if self.round > rounds || (self.round == rounds) != (self.phase == Phase::Over) {
            return Err(P::RoundAndEnd {
                rounds,
                round: self.round,
            });
        }
        let stage = Stage::of(self.phase).ok_or(P::TransientPhase)?;
        let on_table = |role: &'static str, s: u8| {
            if (s as usize) < n {
                Ok(())
            } else {
                Err(P::SeatOffTable {
                    role,
                    seat: Seat(s),
                })
            }
        };
        on_table("start player", self.start)?;
        on_table("player in turn", self.current)?;
        match self.phase {
            Phase::DrawFortuna { seat, .. } => on_table("player drawing Fortuna tiles", seat.0)?,
            Phase::KeepSenate { seat } => on_table("player keeping a senate card", seat.0)?,
            Phase::TakeProvince { seat } => on_table("player taking a province", seat.0)?,
            Phase::TakePatrician { seat } => on_table("player taking a patrician", seat.0)?,
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
                return Err(P::EmptySeatHolds(Seat(p as u8)));
            }
        }
        let r = self.round.min(rounds - 1);
        let expected = Seat(((c.start.0 as usize + r as usize) % n) as u8);
        if self.start != expected.0 {
            return Err(P::StartPlayer {
                round: r + 1,
                expected,
                found: Seat(self.start),
            });
        }
        if stage != Stage::Turns && self.current != self.start {
            return Err(P::CurrentNotStart);
        }
        for (ok, what) in [
            (
                tail_empty(&self.offer, self.offer_len as usize),
                "the senate offer",
            ),
            (
                tail_empty(&self.senate_order, self.senate_order_len as usize),
                "the senate recipients",
            ),
            (
                tail_empty(&self.senate_bottom, self.senate_bottom_len as usize)
                    && tail_empty(&self.senate_bottom_seen, self.senate_bottom_len as usize),
                "the cards under the senate deck",
            ),
            (
                tail_empty(&self.passes, self.passes_len as usize),
                "the senate passes",
            ),
        ] {
            if !ok {
                return Err(P::UnusedEntries(what));
            }
        }
        if self.forum_len > self.config.forum_columns()
            || !tail_empty(&self.forum, self.forum_len as usize)
        {
            return Err(P::Forum);
        }
        Ok(stage)
    }

    /// Whether each seat has had its turn in this pass already (`acted`), whether this is
    /// known to be the round's first pass (someone still to act holds all 8 dice), whether it
    /// is known to be a later one (someone still to act has placed dice), and how many turns
    /// this pass has seen. The player in turn has acted once their placement is made (while
    /// its Fortuna tiles are drawn).
    fn pass_position(&self) -> ([bool; MAX_SEATS], bool, bool, u8) {
        let n = self.seats_n();
        let cur = self.current as usize;
        let placed = matches!(self.phase, Phase::DrawFortuna { bonus: false, .. });
        let pos = |p: usize| (p + n - self.start as usize) % n;
        let mut acted = [false; MAX_SEATS];
        for p in 0..n {
            acted[p] = pos(p) < pos(cur) || (placed && p == cur);
        }
        let later = (0..n).any(|p| !acted[p] && self.hand[p] < DICE_PER_PLAYER);
        let first = !later && (0..n).any(|p| !acted[p]);
        let turns = (pos(cur) + usize::from(placed)) as u8;
        (acted, first, later, turns)
    }

    /// The roll and the dice in hand: rolled only in a turn; 8 each before the turns, none
    /// after; at least one placed by every player who has had a turn; the last pass once a
    /// player has placed their last die.
    fn load_turns(&self, stage: Stage) -> Result<(), P> {
        let n = self.seats_n();
        let cur = self.current as usize;
        if matches!(self.phase, Phase::Roll | Phase::Place) {
            let h = self.hand[cur] as u32;
            if h == 0
                || self.roll.len() + self.pending as u32 != h
                || (self.phase == Phase::Roll) != (self.pending > 0)
            {
                return Err(P::Roll);
            }
            if !self.selected.is_subset_of(self.roll)
                || (self.phase == Phase::Roll && !self.selected.is_empty())
                || (!self.selected.is_empty() && self.chips[cur] == 0)
                || (self.config.reroll_one_die_per_chip && self.selected.len() > 1)
            {
                return Err(P::RerollSelection);
            }
        } else if !self.roll.is_empty() || self.pending != 0 || !self.selected.is_empty() {
            return Err(P::Roll);
        }
        let hand_is = |dice: u8| {
            (0..n).try_for_each(|p| match self.hand[p] {
                h if h == dice => Ok(()),
                h => Err(P::HandOutsideTurns {
                    seat: Seat(p as u8),
                    dice: h,
                }),
            })
        };
        let last_pass = match stage {
            Stage::Reveal => {
                hand_is(DICE_PER_PLAYER)?;
                false
            }
            Stage::Turns => {
                let (acted, _, later, _) = self.pass_position();
                for p in 0..n {
                    if self.hand[p] >= DICE_PER_PLAYER && (acted[p] || later) {
                        return Err(P::HandAfterTurn(Seat(p as u8)));
                    }
                }
                // The player who has just placed has not finished their turn yet.
                let placed = matches!(self.phase, Phase::DrawFortuna { .. });
                (0..n).any(|p| self.hand[p] == 0 && !(placed && p == cur))
            }
            Stage::Over => {
                hand_is(0)?;
                false
            }
            _ => {
                hand_is(0)?;
                true
            }
        };
        if self.last_pass != last_pass {
            return Err(P::LastPass);
        }
        Ok(())
    }

    /// Every player's 8 dice: in hand, in the buildings and in the Latrina (fewer once some
    /// have gone home in the evaluation), and none in a building already evaluated.
    fn load_dice(&self, stage: Stage) -> Result<(), P> {
        let n = self.seats_n();
        let mut dice = [0u32; MAX_SEATS];
        for p in 0..n {
            dice[p] = self.hand[p] as u32
                + self.temple_dice[p] as u32
                + self.straights[p].len as u32
                + self.latrina[p] as u32;
        }
        for v in 0..6 {
            for k in 0..8 {
                let o = self.castrum[v][k] as usize;
                if o > n {
                    return Err(P::SeatOffTable {
                        role: "owner of a Castrum set",
                        seat: Seat(o as u8 - 1),
                    });
                }
                if o > 0 {
                    dice[o - 1] += k as u32 + 1;
                }
            }
        }
        let mut prev = 0;
        for &d in &self.forum[..self.forum_len as usize] {
            let (v, o) = (d & 15, (d >> 4) as usize);
            if !(1..=6).contains(&v) || v < prev {
                return Err(P::Forum);
            }
            if o >= n {
                return Err(P::SeatOffTable {
                    role: "owner of a Forum die",
                    seat: Seat(o as u8),
                });
            }
            prev = v;
            dice[o] += 1;
        }
        let castrum = self.castrum.iter().flatten().any(|&o| o != 0);
        for (building, at, holds) in [
            (
                "Templum",
                Stage::Templum,
                self.temple_dice.iter().any(|&d| d > 0),
            ),
            (
                "Senatus",
                Stage::Senatus,
                self.straights.iter().any(|s| s.len > 0),
            ),
            ("Castrum", Stage::Castrum, castrum),
            ("Forum", Stage::Forum, self.forum_len > 0),
            ("Latrina", Stage::Over, self.latrina.iter().any(|&d| d > 0)),
        ] {
            if holds && stage.evaluated(at) {
                return Err(P::EvaluatedBuildingHoldsDice(building));
            }
        }
        let all = DICE_PER_PLAYER as u32;
        for p in 0..n {
            let bad = match stage {
                Stage::Reveal | Stage::Turns | Stage::Templum => dice[p] != all,
                Stage::Senatus | Stage::Castrum | Stage::Forum => dice[p] > all,
                Stage::Over => dice[p] != 0,
            };
            if bad {
                return Err(P::DiceCount {
                    seat: Seat(p as u8),
                    found: dice[p],
                    expected: if stage == Stage::Over { 0 } else { all },
                });
            }
        }
        Ok(())
    }

    /// The Templum and the Fortuna tiles: every tile in one place; the Templum holdings a race
    /// of placements each beating the leader; one tile drawn per die placed; keep choices only
    /// at the evaluation, within the quota.
    fn load_templum(&self, stage: Stage) -> Result<(), P> {
        let n = self.seats_n();
        for v in 0..3 {
            let mut total = self.fortuna_stack[v] as u32 + self.fortuna_discard[v] as u32;
            for p in 0..n {
                total += self.fortuna_drawn[p][v] as u32
                    + self.fortuna_chosen[p][v] as u32
                    + self.fortuna_kept[p][v] as u32;
            }
            if total != FORTUNA_TILES[v] as u32 {
                return Err(P::FortunaCount);
            }
        }
        let keeping = self.phase == Phase::KeepFortuna;
        if !self.config.templum() {
            let drawing = matches!(self.phase, Phase::DrawFortuna { .. });
            if self.fortuna_stack != FORTUNA_TILES
                || self.temple_dice.iter().any(|&d| d > 0)
                || self.temple_pips.iter().any(|&s| s > 0)
                || self.keep_left.iter().any(|&k| k > 0)
                || drawing
                || keeping
            {
                return Err(P::TemplumOutOfPlay);
            }
            return Ok(());
        }
        let mut race = [(0u8, 0u8); MAX_SEATS];
        for p in 0..n {
            let (d, s) = (self.temple_dice[p], self.temple_pips[p]);
            if s as u32 > 6 * d as u32 || s < d {
                return Err(P::TemplePips(Seat(p as u8)));
            }
            race[p] = (d, s);
        }
        race.sort_unstable();
        for w in race.windows(2) {
            if w[0].0 > 0 && (w[0].0 >= w[1].0 || w[0].1 >= w[1].1) {
                return Err(P::TempleRace);
            }
        }
        let total: u8 = self.temple_dice.iter().sum();
        let leader_dice = race[MAX_SEATS - 1].0;
        if stage == Stage::Turns {
            let (_, first, _, turns) = self.pass_position();
            if first && leader_dice > turns {
                return Err(P::TempleTooFull);
            }
        }
        let tiles_left = self.fortuna_stack != [0; 3] || self.fortuna_discard != [0; 3];
        let mut pending = [0u8; MAX_SEATS];
        if let Phase::DrawFortuna { seat, left, bonus } = self.phase {
            let who = seat.index();
            let lone = total == 1 && self.temple_dice[who] == 1;
            if !(1..=DICE_PER_PLAYER).contains(&left)
                || self.fortuna_stack == [0; 3]
                || (bonus && !(lone && left == 1))
                || (!bonus && who != self.current as usize)
            {
                return Err(P::FortunaDraw);
            }
            pending[who] = left;
        }
        let leader = self.temple_leader();
        for p in 0..n {
            let drawn: u8 = self.fortuna_drawn[p].iter().sum();
            let chosen: u8 = self.fortuna_chosen[p].iter().sum();
            let lone = total == 1 && self.temple_dice[p] == 1;
            let due = self.temple_dice[p] + u8::from(lone && stage == Stage::Templum);
            let has = drawn as u32 + chosen as u32 + pending[p] as u32;
            let exact = stage == Stage::Turns || matches!(self.phase, Phase::DrawFortuna { .. });
            let fits = match stage {
                Stage::Turns | Stage::Templum => {
                    has <= due as u32 && !(exact && tiles_left && has != due as u32)
                }
                _ => drawn == 0,
            };
            if !fits {
                return Err(P::FortunaDrawn(Seat(p as u8)));
            }
            let k = self.keep_left[p];
            let quota = if leader == Some(p) { 2 } else { 1 };
            // A chooser holds more drawn tiles than it still keeps (each choice takes one of
            // each); what it chose and still keeps is within its quota.
            let keep_ok = if k > 0 || chosen > 0 {
                keeping && self.temple_dice[p] > 0 && k.saturating_add(chosen) <= quota && drawn > k
            } else {
                !keeping || drawn == 0
            };
            if !keep_ok {
                return Err(P::FortunaKeep);
            }
        }
        if keeping != self.keep_left.iter().any(|&k| k > 0) {
            return Err(P::FortunaKeep);
        }
        let evaluations = self.round as u32 + u32::from(stage.evaluating());
        let kept_too_many = (0..n).any(|p| {
            let kept: u32 = (0..3)
                .map(|v| self.fortuna_kept[p][v] as u32 + self.fortuna_chosen[p][v] as u32)
                .sum();
            kept > 2 * evaluations
        });
        if kept_too_many || (evaluations == 0 && self.fortuna_discard != [0; 3]) {
            return Err(P::FortunaKept);
        }
        Ok(())
    }

    /// Senatus straights: faces 1–6 in a row, no two identical.
    fn load_straights(&self) -> Result<(), P> {
        let mut seen = [Straight::default(); MAX_SEATS];
        for p in 0..self.seats_n() {
            let st = self.straights[p];
            if st.len > 0 {
                if st.low < 1 || st.low > 6 || st.len > 6 || st.high() > 6 {
                    return Err(P::Straight(Seat(p as u8)));
                }
                if seen[..p].contains(&st) {
                    return Err(P::DuplicateStraight);
                }
            } else if st.low != 0 {
                return Err(P::Straight(Seat(p as u8)));
            }
            seen[p] = st;
        }
        Ok(())
    }

    /// The senate cards: every card in one place; at most one per Senatus evaluation in a
    /// hand; the recipients different players; the evaluation's progress matching its phase;
    /// every card under the deck seen by exactly the recipient who put it there.
    fn load_senate(&self, stage: Stage) -> Result<(), P> {
        let c = &self.config;
        let n = self.seats_n();
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
                return Err(P::SenateCardCount);
            }
            cards[k as usize] = cards[k as usize].saturating_add(1);
        }
        let mut copies = CARD_COPIES;
        if !c.card_iv_in_play() {
            copies[Card::ManyFortuna.index()] = 0;
        }
        if cards != copies {
            return Err(P::SenateCardCount);
        }
        let recipients = c.senate_recipients();
        let order = &self.senate_order[..self.senate_order_len as usize];
        let mut seats = 0u8;
        for &s in order {
            if s as usize >= n || seats & (1 << s) != 0 {
                return Err(P::SenateOrder(recipients));
            }
            seats |= 1 << s;
        }
        if order.len() > recipients as usize {
            return Err(P::SenateOrder(recipients));
        }
        let seen_by = |k: usize| order[..k].iter().fold(0u8, |m, &s| m | 1 << s);
        let (step, offered) = (self.senate_step, self.offer_len);
        match self.phase {
            Phase::DrawSenate { left } => {
                if !(1..=3).contains(&left) || order.is_empty() || step != 0 || offered + left != 3
                {
                    return Err(P::SenateProgress);
                }
                if self.senate_deck == [0; CARD_KINDS] {
                    return Err(P::SenateDraw);
                }
                if self.offer_seen != seen_by(1) {
                    return Err(P::OfferSeen);
                }
            }
            Phase::KeepSenate { seat } => {
                let s = step as usize;
                if s >= order.len().min(2)
                    || order[s] != seat.0
                    || offered < 2
                    || offered + step != 3
                {
                    return Err(P::SenateProgress);
                }
                if self.offer_seen != seen_by(s + 1) {
                    return Err(P::OfferSeen);
                }
            }
            _ => {
                if !order.is_empty() || offered > 0 || step != 0 {
                    return Err(P::SenateProgress);
                }
                if self.offer_seen != 0 {
                    return Err(P::OfferSeen);
                }
            }
        }
        // A card per Senatus evaluation at most: those of earlier rounds, this round's once it
        // is over, and during it only for the recipients who have kept theirs (`order[..step]`,
        // which the checks above keep within the order).
        let before = self.round as u32 + u32::from(stage > Stage::Senatus && stage.evaluating());
        let kept_now = if stage == Stage::Senatus {
            seen_by(step as usize)
        } else {
            0
        };
        for p in 0..n {
            let held: u32 = self.senate_hands[p].iter().map(|&k| k as u32).sum();
            if held > before + u32::from(kept_now & (1 << p) != 0) {
                return Err(P::SenateHand(Seat(p as u8)));
            }
        }
        // Every Senatus evaluation with a recipient draws three cards from the deck, which
        // holds three per evaluation of the game (one to spare with card IV): at most three
        // per evaluation begun have left it, and it keeps three for each evaluation still to
        // come and the draws left of this one.
        let in_progress = u32::from(stage == Stage::Senatus);
        let to_come = (c.rounds() as u32).saturating_sub(before + in_progress);
        let left = match self.phase {
            Phase::DrawSenate { left } => u32::from(left),
            _ => 0,
        };
        let deck: u32 = self.senate_deck.iter().map(|&k| k as u32).sum();
        let all: u32 = copies.iter().map(|&k| k as u32).sum();
        if deck < 3 * to_come + left || all.saturating_sub(deck) > 3 * (before + in_progress) {
            return Err(P::SenateProgress);
        }
        for i in 0..self.senate_bottom_len as usize {
            let m = self.senate_bottom_seen[i];
            if m.count_ones() != 1 || m as usize >= 1 << n {
                return Err(P::BottomSeen(i));
            }
        }
        Ok(())
    }

    /// The recorded senate passes: one per Senatus evaluation at most, between different
    /// recipients, each card where the pass says (the passed card under the deck seen only
    /// by the second recipient, who put it there).
    fn load_passes(&self, stage: Stage) -> Result<(), P> {
        let n = self.seats_n();
        let len = self.passes_len as usize;
        let done =
            self.round as usize + usize::from(matches!(stage, Stage::Castrum | Stage::Forum));
        if len > MAX_PASSES.min(done) {
            return Err(P::PassCount);
        }
        let third = self.config.senate_recipients() == 3;
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
                return Err(P::Pass);
            }
            claimed[to][r.kept as usize] += 1;
            if r.other >= UNDER_DECK {
                let i = (r.other - UNDER_DECK) as usize;
                if i >= self.senate_bottom_len as usize
                    || self.senate_bottom[i] != r.passed
                    || bottom_used & (1 << i) != 0
                {
                    return Err(P::PassNotUnderDeck);
                }
                if self.senate_bottom_seen[i] != 1 << to {
                    return Err(P::BottomSeen(i));
                }
                bottom_used |= 1 << i;
            } else if !third || other >= n || other == from || other == to {
                return Err(P::Pass);
            } else {
                claimed[other][r.passed as usize] += 1;
            }
        }
        for p in 0..n {
            if (0..CARD_KINDS).any(|k| claimed[p][k] > self.senate_hands[p][k]) {
                return Err(P::PassNotInHand);
            }
        }
        Ok(())
    }

    /// The players choosing a province or a patrician: the owner of the best Castrum set, the
    /// owner of the leftmost Forum die, each with a choice of two or more.
    fn load_choosers(&self) -> Result<(), P> {
        match self.phase {
            Phase::TakeProvince { seat } => match self.best_set() {
                Some((_, _, o)) if o == seat.0 && self.provinces_shown.count_ones() >= 2 => {}
                _ => return Err(P::ProvinceChooser),
            },
            Phase::TakePatrician { seat } => {
                let shown = self.patricians_shown.count_ones();
                if self.forum_len == 0
                    || self.forum[0] >> 4 != seat.0
                    || shown < 2
                    || shown < self.forum_len as u32
                {
                    return Err(P::PatricianChooser);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Provinces and patricians: each in one place; one province per player and one
    /// patrician per Forum column revealed each round (the stacks never run out).
    fn load_reveals(&self, stage: Stage) -> Result<(), P> {
        let n = self.seats_n();
        let c = &self.config;
        let all_p: u32 = (1 << PROVINCE_CARDS) - 1;
        let mut seen = self.province_stack;
        for &x in std::iter::once(&self.provinces_shown).chain(self.provinces[..n].iter()) {
            if seen & x != 0 || x & !all_p != 0 {
                return Err(P::ComponentPlace("province"));
            }
            seen |= x;
        }
        let all_t: u64 = (1 << PATRICIANS) - 1;
        let mut seen = self.patrician_stack;
        for &x in std::iter::once(&self.patricians_shown).chain(self.patricians[..n].iter()) {
            if seen & x != 0 || x & !all_t != 0 {
                return Err(P::ComponentPlace("patrician"));
            }
            seen |= x;
        }
        let (per_p, per_t) = (c.provinces_shown() as u32, c.forum_columns() as u32);
        let shown_p = self.provinces_shown.count_ones();
        let shown_t = self.patricians_shown.count_ones();
        let r = self.round as u32;
        // Rounds whose provinces (patricians) are all out of the stack, and how many of them
        // may be shown now.
        let (rounds_p, shown_p_ok) = match self.phase {
            Phase::RevealProvinces => (r, shown_p < per_p),
            Phase::Over => (r, shown_p == 0),
            _ => (
                r + 1,
                match stage {
                    Stage::Castrum => (2..=per_p).contains(&shown_p),
                    Stage::Forum => shown_p == 0,
                    _ => shown_p == per_p,
                },
            ),
        };
        let (rounds_t, shown_t_ok) = match self.phase {
            Phase::RevealProvinces => (r, shown_t == 0),
            Phase::RevealPatricians => (r, shown_t < per_t),
            Phase::Over => (r, shown_t == 0),
            Phase::TakePatrician { .. } => (r + 1, shown_t <= per_t),
            _ => (r + 1, shown_t == per_t),
        };
        // The stack holds what the rounds before have not revealed, less what this round's
        // reveals have shown so far.
        let stack_ok =
            |total: u8, per: u32, rounds: u32, revealing: Phase, shown: u32, stack: u32| {
                let shown_now = if self.phase == revealing { shown } else { 0 };
                stack + per * rounds + shown_now == total as u32
            };
        let stack_p = self.province_stack.count_ones();
        if !shown_p_ok
            || !stack_ok(
                PROVINCE_CARDS,
                per_p,
                rounds_p,
                Phase::RevealProvinces,
                shown_p,
                stack_p,
            )
        {
            return Err(P::Revealed("provinces"));
        }
        let stack_t = self.patrician_stack.count_ones();
        if !shown_t_ok
            || !stack_ok(
                PATRICIANS,
                per_t,
                rounds_t,
                Phase::RevealPatricians,
                shown_t,
                stack_t,
            )
        {
            return Err(P::Revealed("patricians"));
        }
        Ok(())
    }

    /// Repete chips: at most one per die that went to the Latrina in the rounds played, and
    /// with a limited supply no more than 30 in all.
    fn load_chips(&self) -> Result<(), P> {
        let n = self.seats_n();
        let most = DICE_PER_PLAYER as u32 * self.round as u32;
        if let Some(p) = (0..n).find(|&p| self.chips[p] as u32 > most) {
            return Err(P::Chips(Seat(p as u8)));
        }
        let held: u32 = self.chips[..n].iter().map(|&x| x as u32).sum();
        if self.config.repete_supply_limit && held > REPETE_CHIPS as u32 {
            return Err(P::ChipSupply);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_and_evaluated_buildings() {
        assert!(Stage::Senatus.evaluated(Stage::Templum));
        assert!(!Stage::Senatus.evaluated(Stage::Senatus));
        assert!(!Stage::Turns.evaluated(Stage::Templum));
        assert!(Stage::Reveal.evaluated(Stage::Over));
        assert!(!Stage::Forum.evaluated(Stage::Over));
        assert!(tail_empty(&[1, 0, 0], 1));
        assert!(!tail_empty(&[1, 0, 2], 1));
        assert!(!tail_empty(&[1, 0, 0], 4));
    }
}
