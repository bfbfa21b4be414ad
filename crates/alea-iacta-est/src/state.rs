//! The state of a game: where it stands ([`Phase`]), every component's place, and the public
//! queries on it. How it moves on is in [`crate::round`] (turns and passes) and
//! [`crate::evaluation`] (the buildings at round end); how a saved state is checked, in
//! the `load` module.

use crate::components::{
    Card, Faces, Patrician, Province, CARD_COPIES, CARD_KINDS, DICE_PER_PLAYER, FORTUNA_TILES,
    PATRICIANS, PROVINCE_CARDS,
};
use crate::error::Error;
use crate::scoring::{self, Breakdown, Holdings};
use crate::Config;
use choices::PlaceChoices;
use dicecore::Memo;
use dicecore::Seat;
use kept::Scores;
use serde::{Deserialize, Serialize};

pub(crate) mod choices;
pub(crate) mod kept;

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

impl Phase {
    /// Whether the engine waits here with nothing automatic to do: a roll, a decision, or
    /// the end (the other resting phases may move on at once, e.g. once every province of
    /// the round is revealed).
    pub(crate) const fn settled(self) -> bool {
        matches!(
            self,
            Phase::Roll
                | Phase::Place
                | Phase::KeepFortuna
                | Phase::KeepSenate { .. }
                | Phase::TakeProvince { .. }
                | Phase::TakePatrician { .. }
                | Phase::Over
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

pub(crate) use crate::config::MAX_SEATS;
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
///
/// Saved states are checked on loading ([`dicecore::load`]): only states that could arise in
/// play are accepted (see [`crate::Error`] for the reasons a state is refused).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    // What the state keeps (`Memo`) comes first, so that a clone copies the other fields
    // straight into place (see `dicecore::Memo`).
    /// The seats' scores, from the first reading of the running score on (kept up to date;
    /// not saved; never tell two states apart).
    #[serde(skip)]
    pub(crate) kept: Memo<Box<Scores>>,
    /// The legal actions of the player to move at `Place` counted by kind, made by the first
    /// count ([`dicecore::Game::legal_action_count`]) and read by `sample_action`, which would
    /// otherwise count them again (cleared by the next action; not saved; never tell two
    /// states apart).
    #[serde(skip)]
    pub(crate) choices: Memo<PlaceChoices>,
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
    /// Tiles chosen at the pending Templum keep (`Phase::KeepFortuna`), by value: still face
    /// down, like the drawn ones, until every chooser has chosen; then they join the kept
    /// tiles. Absent from saved states while empty (as in files written before it existed).
    #[serde(default, skip_serializing_if = "no_tiles")]
    pub(crate) fortuna_chosen: [[u8; 3]; MAX_SEATS],
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

/// Whether no seat holds a tile in `tiles` (a per-seat count by value).
fn no_tiles(tiles: &[[u8; 3]; MAX_SEATS]) -> bool {
    tiles.iter().all(|t| *t == [0; 3])
}

impl State {
    /// A state of `config` with every component nowhere: no dice, empty stacks and
    /// buildings (the start of [`State::opening`] and of a setup).
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
            choices: dicecore::Memo::new(),
        }
    }

    /// The opening position of a config ([`dicecore::Game::new`]): before the first reveal.
    pub(crate) fn opening(config: &Config) -> Result<State, Error> {
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
}

impl State {
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
        Province::all_in(bits).collect()
    }

    /// Patricians owned by a player.
    pub fn patricians_of(&self, seat: Seat) -> Vec<Patrician> {
        let bits = self.patricians.get(seat.index()).copied().unwrap_or(0);
        Patrician::all_in(bits).collect()
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

    /// Fortuna tiles a player has chosen to keep at the pending Templum keep and that are not
    /// yet revealed (hidden information: they join [`State::fortuna_kept`] once every chooser
    /// has chosen).
    pub fn fortuna_chosen(&self, seat: Seat) -> [u8; 3] {
        self.fortuna_chosen
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
        let i = seat.index();
        match (self.temple_dice.get(i), self.temple_pips.get(i)) {
            (Some(&dice), Some(&pips)) => (dice, pips),
            _ => (0, 0),
        }
    }

    /// Dice in the Latrina per player.
    pub fn latrina(&self, seat: Seat) -> u8 {
        self.latrina.get(seat.index()).copied().unwrap_or(0)
    }

    /// Provinces shown under the Castrum.
    pub fn provinces_shown(&self) -> Vec<Province> {
        Province::all_in(self.provinces_shown).collect()
    }

    /// Patricians shown under the Forum.
    pub fn patricians_shown(&self) -> Vec<Patrician> {
        Patrician::all_in(self.patricians_shown).collect()
    }

    /// Provinces still in the face-down stack (their order is unobservable).
    pub fn provinces_in_stack(&self) -> Vec<Province> {
        Province::all_in(self.province_stack).collect()
    }

    /// Patricians still in the face-down stack.
    pub fn patricians_in_stack(&self) -> Vec<Patrician> {
        Patrician::all_in(self.patrician_stack).collect()
    }

    /// The face-up Fortuna discards, by value 1, 2, 3.
    pub fn fortuna_discards(&self) -> [u8; 3] {
        self.fortuna_discard
    }

    /// The senate recipients of the evaluation under way, best straight first (empty outside
    /// it).
    pub fn senate_recipients(&self) -> Vec<Seat> {
        self.senate_order[..self.senate_order_len as usize]
            .iter()
            .map(|&s| Seat(s))
            .collect()
    }

    /// The senate cards on offer in the evaluation under way (hidden information).
    pub fn senate_offer(&self) -> Vec<Card> {
        self.offer[..self.offer_len as usize]
            .iter()
            .filter_map(|&k| Card::from_index(k as usize))
            .collect()
    }

    /// Whether this pass is the round's last (a player has placed their last die).
    pub fn is_last_pass(&self) -> bool {
        self.last_pass
    }

    /// The itemised final score of a player under the best housing (current holdings while
    /// the game goes on).
    pub fn breakdown(&self, seat: Seat) -> Breakdown {
        let p = seat.index();
        if p >= self.config.seats as usize {
            return Breakdown::default();
        }
        scoring::score(&self.holdings(p))
    }

    /// Everything of the player in seat index `p` (below the seat count) that scoring looks
    /// at.
    pub(crate) fn holdings(&self, p: usize) -> Holdings<'_> {
        Holdings {
            provinces: self.provinces[p],
            patricians: self.patricians[p],
            cards: self.senate_hands[p],
            fortuna: self.fortuna_kept[p],
            chips: self.chips[p],
            ..Holdings::empty(&self.config)
        }
    }

    pub(crate) fn seats_n(&self) -> usize {
        self.config.seats as usize
    }
}
