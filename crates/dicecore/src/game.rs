//! The contract every game implements.

use crate::Dice;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;

/// A 0-based seat at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `seats`.
    pub const fn next(self, seats: u8) -> Seat {
        if seats == 0 {
            return Seat(0);
        }
        Seat((self.0 + 1) % seats)
    }
}

impl Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats (up to 16), e.g. the players deciding at a [`Turn::Seats`] node or the
/// winners of an [`Outcome`].
///
/// ```
/// use dicecore::{Seat, SeatSet};
/// let mut s = SeatSet::all(3);
/// s.remove(Seat(1));
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(2)]);
/// assert_eq!(s.len(), 2);
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct SeatSet(u16);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `0..n` (at most 16).
    pub const fn all(n: u8) -> SeatSet {
        if n >= 16 {
            SeatSet(u16::MAX)
        } else {
            SeatSet((1u16 << n) - 1)
        }
    }

    /// The set holding one seat (empty for a seat ≥ 16).
    pub const fn single(seat: Seat) -> SeatSet {
        if seat.0 >= 16 {
            SeatSet(0)
        } else {
            SeatSet(1 << seat.0)
        }
    }

    /// The set as a bit mask (bit i = seat i).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of a bit mask.
    pub const fn from_bits(bits: u16) -> SeatSet {
        SeatSet(bits)
    }

    /// Adds a seat (ignored for seats ≥ 16).
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= SeatSet::single(seat).0;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !SeatSet::single(seat).0;
    }

    /// Whether the seat is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 16 && self.0 & (1 << seat.0) != 0
    }

    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set.
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// The seats in increasing order.
    pub fn iter(self) -> SeatSetIter {
        SeatSetIter(self.0)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut s = SeatSet::EMPTY;
        for seat in iter {
            s.insert(seat);
        }
        s
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatSetIter;
    fn into_iter(self) -> SeatSetIter {
        self.iter()
    }
}

/// Iterator over the seats of a [`SeatSet`].
#[derive(Clone, Debug)]
pub struct SeatSetIter(u16);

impl Iterator for SeatSetIter {
    type Item = Seat;
    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Seat(i as u8))
    }
}

impl Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", s.0)?;
        }
        f.write_str("}")
    }
}

/// Why [`Game::chance_from_text`] could not read a typed-in chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChanceTextError {
    /// Nothing is being rolled or drawn.
    #[error("nothing is being rolled or drawn now")]
    NoChance,
    /// The text names no outcome of the pending chance event.
    #[error("'{text}' is not {expected}")]
    Unreadable {
        /// The text, trimmed.
        text: String,
        /// What was expected, in a player's words (e.g. "the total of two dice, 2 to 12").
        expected: String,
    },
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Turn {
    /// One seat decides.
    Seat(Seat),
    /// Several seats decide, in any order; each action names its seat.
    Seats(SeatSet),
    /// A chance event (roll, draw) is to be resolved: apply one of `chance_outcomes`.
    Chance,
    /// The game is over.
    Over,
}

impl Turn {
    /// The seat a sequential driver asks next: the seat to move, or the lowest of several
    /// deciding seats (the order [`crate::Match`] and the agents' play-outs use); `None` at
    /// chance and at the end.
    ///
    /// ```
    /// use dicecore::{Seat, SeatSet, Turn};
    /// assert_eq!(Turn::Seats(SeatSet::from_bits(0b110)).next_seat(), Some(Seat(1)));
    /// assert_eq!(Turn::Chance.next_seat(), None);
    /// ```
    pub const fn next_seat(self) -> Option<Seat> {
        match self {
            Turn::Seat(s) => Some(s),
            Turn::Seats(set) => set.first(),
            Turn::Chance | Turn::Over => None,
        }
    }
}

/// An exact probability `numerator / denominator`, always kept in lowest terms by the
/// constructors (so the derived equality is equality of values).
///
/// ```
/// use dicecore::Probability;
/// assert_eq!(Probability::new(2, 4), Probability::new(1, 2));
/// let total = Probability::sum([Probability::new(1, 3), Probability::new(2, 3)]);
/// assert_eq!(total, Some(Probability::ONE));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Probability {
    /// Numerator.
    pub numerator: u64,
    /// Denominator (never 0 when built by [`Probability::new`]).
    pub denominator: u64,
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Probability {
    /// Certainty.
    pub const ONE: Probability = Probability {
        numerator: 1,
        denominator: 1,
    };
    /// Impossibility.
    pub const ZERO: Probability = Probability {
        numerator: 0,
        denominator: 1,
    };

    /// `numerator / denominator` in lowest terms. A zero denominator gives [`Probability::ZERO`].
    pub const fn new(numerator: u64, denominator: u64) -> Probability {
        Probability::from_u128(numerator as u128, denominator as u128)
    }

    /// Like [`Probability::new`] from 128-bit parts; saturates to the nearest representable
    /// fraction only if the reduced parts do not fit in 64 bits (never for dice of this crate).
    pub const fn from_u128(numerator: u128, denominator: u128) -> Probability {
        if denominator == 0 {
            return Probability::ZERO;
        }
        let g = gcd(numerator, denominator);
        let (mut n, mut d) = match (numerator.checked_div(g), denominator.checked_div(g)) {
            (Some(n), Some(d)) => (n, d),
            _ => (0, 1),
        };
        while d > u64::MAX as u128 || n > u64::MAX as u128 {
            n >>= 1;
            d >>= 1;
        }
        if d == 0 {
            d = 1;
        }
        Probability {
            numerator: n as u64,
            denominator: d as u64,
        }
    }

    /// The uniform probability of one of `n` outcomes.
    pub const fn uniform(n: u64) -> Probability {
        Probability::new(1, n)
    }

    /// Exact sum, `None` if it does not fit.
    pub fn checked_add(self, other: Probability) -> Option<Probability> {
        let d = (self.denominator as u128).checked_mul(other.denominator as u128)?;
        let n = (self.numerator as u128)
            .checked_mul(other.denominator as u128)?
            .checked_add((other.numerator as u128).checked_mul(self.denominator as u128)?)?;
        let g = gcd(n, d);
        let (n, d) = (n / g.max(1), d / g.max(1));
        if n > u64::MAX as u128 || d > u64::MAX as u128 {
            return None;
        }
        Some(Probability {
            numerator: n as u64,
            denominator: d as u64,
        })
    }

    /// Exact product, `None` if it does not fit.
    pub fn checked_mul(self, other: Probability) -> Option<Probability> {
        let n = self.numerator as u128 * other.numerator as u128;
        let d = self.denominator as u128 * other.denominator as u128;
        let g = gcd(n, d).max(1);
        let (n, d) = (n / g, d / g);
        if n > u64::MAX as u128 || d > u64::MAX as u128 {
            return None;
        }
        Some(Probability {
            numerator: n as u64,
            denominator: d as u64,
        })
    }

    /// Exact sum of many probabilities, `None` on overflow.
    pub fn sum(items: impl IntoIterator<Item = Probability>) -> Option<Probability> {
        items
            .into_iter()
            .try_fold(Probability::ZERO, |acc, p| acc.checked_add(p))
    }
}

impl Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// The result of a finished game: every seat's score and the set of winners (ties share).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Outcome {
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// The winning seats.
    pub winners: SeatSet,
}

impl Outcome {
    /// Winners are all seats with the highest score (no tie-break).
    pub fn by_highest_score(scores: Vec<i32>) -> Outcome {
        Outcome::by_highest_key(scores, |_| 0)
    }

    /// Winners are the seats with the highest `(score, tie_break(seat))`; ties share.
    pub fn by_highest_key<K: Ord>(scores: Vec<i32>, tie_break: impl Fn(Seat) -> K) -> Outcome {
        let keys: Vec<(i32, K)> = scores
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, tie_break(Seat(i as u8))))
            .collect();
        let mut winners = SeatSet::EMPTY;
        if let Some(best) = keys.iter().max() {
            for (i, k) in keys.iter().enumerate() {
                if k == best {
                    winners.insert(Seat(i as u8));
                }
            }
        }
        Outcome { scores, winners }
    }
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.scores.iter().enumerate() {
            let star = if self.winners.contains(Seat(i as u8)) {
                " (winner)"
            } else {
                ""
            };
            writeln!(f, "seat {i}: {s}{star}")?;
        }
        Ok(())
    }
}

/// A game's rules: a state type that knows whose turn it is, which actions are legal, and how
/// an action changes it. See `docs/architecture.md` and the [`crate::pig`] module for a complete
/// small example.
///
/// Laws (checked by the `conformance` suite of feature `testing`):
/// - a state is a pure function of its config and the actions applied; it holds no RNG;
/// - at [`Turn::Chance`], `legal_actions` lists exactly the actions of `chance_outcomes`, whose
///   probabilities sum to exactly 1, and `sample_chance` only yields one of them;
/// - `apply` and `apply_in_place` agree; an illegal action returns an error and changes nothing;
/// - [`Game::outcome`] is `Some` exactly when the turn is [`Turn::Over`];
/// - [`Game::view`] contains what a seat may know and nothing more;
/// - [`Game::sample_action`] draws uniformly from [`Game::legal_actions_for`].
///
/// A state renders for a terminal with `Display` (the whole table, secrets included), a view
/// with its own `Display` (what that seat sees).
pub trait Game:
    Clone + Debug + Display + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Everything fixed at setup (player count, variant flags, start player, board, ...).
    type Config: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A decision of a seat or an outcome of a chance event.
    type Action: Clone + Debug + Display + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat may see of a state (its `Display` is that seat's terminal rendering).
    type View: Clone + Debug + Display + PartialEq + Serialize;
    /// Why a config or an action was refused.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The game's name as used in replay files, e.g. `"kingdom-builder"`.
    const NAME: &'static str;
    /// Supported player counts.
    const SEATS: RangeInclusive<u8>;
    /// The version of this engine's reading of the rules, from 1: raised whenever the outcome
    /// of some sequence of legal actions changes, or an action becomes legal or illegal.
    /// Replays and saved states record it; see [`crate::rules`]. The default, 1, is the first
    /// engine's reading (a game written before 0.2.0, when versions were added, keeps it).
    const RULES_VERSION: u32 = 1;

    /// The rules version of a config read from a file that records none (written before
    /// versions were recorded), judged by what the config holds: a game whose rules changed
    /// tells the versions apart by the flag fields each change added. The default, right for a
    /// game whose rules never changed, is [`Game::RULES_VERSION`].
    fn date_config(config: &serde_json::Value) -> u32 {
        let _ = config;
        Self::RULES_VERSION
    }

    /// The config of a file written under the older rules version `version` (below
    /// [`Game::RULES_VERSION`]), rewritten so that it plays as it did then: the flags that keep
    /// that version's reading are set (see [`crate::rules::keep_flag`]). The default keeps no
    /// older reading and refuses the file with [`RulesError::Retired`](crate::rules::RulesError).
    fn older_reading(
        config: serde_json::Value,
        version: u32,
    ) -> Result<serde_json::Value, crate::rules::RulesError> {
        let _ = config;
        Err(crate::rules::RulesError::Retired {
            game: Self::NAME,
            file: version,
            engine: Self::RULES_VERSION,
        })
    }

    /// The standard setup for `seats` players, with any random setup choices drawn from `seed`.
    fn standard_config(seats: u8, seed: u64) -> Result<Self::Config, Self::Error>;
    /// The initial state of a config (validated).
    fn new(config: &Self::Config) -> Result<Self, Self::Error>;
    /// The config this state was set up from.
    fn config(&self) -> &Self::Config;
    /// Number of players.
    fn seats(&self) -> u8;
    /// Who acts next.
    fn turn(&self) -> Turn;
    /// Clears `out` and fills it with every legal action (the chance outcomes at
    /// [`Turn::Chance`], nothing at [`Turn::Over`]).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// The outcomes of the pending chance event with exact probabilities; empty unless
    /// [`Turn::Chance`].
    fn chance_outcomes(&self) -> Vec<(Self::Action, Probability)>;
    /// Draws one outcome of the pending chance event; `None` unless [`Turn::Chance`].
    fn sample_chance(&self, dice: &mut Dice) -> Option<Self::Action>;
    /// The state after `action`, or why it is illegal.
    fn apply(&self, action: &Self::Action) -> Result<Self, Self::Error>;
    /// Applies `action` in place; on error the state is unchanged.
    fn apply_in_place(&mut self, action: &Self::Action) -> Result<(), Self::Error>;
    /// Current scores (final scores once the game is over).
    fn scores(&self) -> Vec<i32>;
    /// The result, `Some` exactly when [`Game::turn`] is [`Turn::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// The running score: every seat's score as it would count if the game ended now (or the
    /// game's own running score, where it keeps one), from the whole state, hidden cards
    /// included. Once the game is over it equals the scores of [`Game::outcome`] (a law the
    /// conformance suite checks). Simulation metrics that follow who leads (`LeadChange`,
    /// `Drama`, `Stability`, ...) read it in place of an evaluator; each game's rules document
    /// says what it counts and what it cannot know.
    ///
    /// A provided method rather than a trait of its own: every game has a running score, so
    /// drivers need no extra bound and no game is left out. The default is [`Game::scores`],
    /// which all six games of the workspace keep current during play; a game whose `scores`
    /// only mean something at the end overrides it. It is only called by metric runs, so it
    /// may allocate its result.
    ///
    /// ```
    /// use dicecore::{pig::{Pig, PigAction}, Game};
    /// let mut s = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
    /// let seat = s.turn().next_seat().unwrap();
    /// s.apply_in_place(&PigAction::Roll(seat)).unwrap();
    /// s.apply_in_place(&PigAction::Die(4)).unwrap();
    /// // A turn total not yet banked would not count if the game ended now.
    /// assert_eq!(s.running_scores(), vec![0, 0]);
    /// s.apply_in_place(&PigAction::Hold(seat)).unwrap();
    /// assert_eq!(s.running_scores()[seat.index()], 4);
    /// ```
    fn running_scores(&self) -> Vec<i32> {
        self.scores()
    }

    /// Clears `out` and fills it with [`Game::running_scores`]: the same scores, written into
    /// a buffer the caller keeps, so that a driver reading them at every decision (as
    /// simulation metrics do) allocates nothing in steady state. The default copies
    /// `running_scores()`; games override it to write their scores in place (the conformance
    /// suite checks that both give the same scores at every step).
    ///
    /// ```
    /// use dicecore::{pig::{Pig, PigAction}, Game};
    /// let mut s = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
    /// let seat = s.turn().next_seat().unwrap();
    /// for action in [PigAction::Roll(seat), PigAction::Die(5), PigAction::Hold(seat)] {
    ///     s.apply_in_place(&action).unwrap();
    /// }
    /// let mut scores = vec![99; 7];
    /// s.running_scores_into(&mut scores);
    /// assert_eq!(scores, s.running_scores());
    /// assert_eq!(scores[seat.index()], 5);
    /// ```
    fn running_scores_into(&self, out: &mut Vec<i32>) {
        out.clear();
        out.extend_from_slice(&self.running_scores());
    }
    /// All that `seat` may know of the state, nothing more.
    fn view(&self, seat: Seat) -> Self::View;

    /// The seat an action belongs to; `None` for chance outcomes. It lets drivers ask the right
    /// seat at [`Turn::Seats`] and lets the conformance suite check that every action names a
    /// seat that is to move.
    fn action_seat(&self, action: &Self::Action) -> Option<Seat>;

    /// The legal actions of one seat (all of `legal_actions` whose [`Game::action_seat`] is
    /// `seat`).
    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        match self.turn() {
            // Every action at a single seat's turn is that seat's (checked by the conformance
            // suite), so no filtering is needed.
            Turn::Seat(s) if s == seat => self.legal_actions(out),
            Turn::Seats(set) if set.contains(seat) => {
                self.legal_actions(out);
                out.retain(|a| self.action_seat(a) == Some(seat));
            }
            _ => out.clear(),
        }
    }

    /// How many legal actions `seat` has: the length of [`Game::legal_actions_for`].
    ///
    /// What simulation metrics such as the branching factor read at every decision. Games
    /// override it to count without listing (the conformance suite checks that the count is
    /// the listing's length for every seat at every step). The default lists the actions into
    /// `scratch`, a buffer the caller keeps between calls, so that no call allocates in steady
    /// state; its contents afterwards are unspecified.
    ///
    /// ```
    /// use dicecore::{pig::{Pig, PigAction}, Game, Seat};
    /// let state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
    /// let mut scratch = Vec::new();
    /// let seat = state.turn().next_seat().unwrap();
    /// let mut legal = Vec::new();
    /// state.legal_actions_for(seat, &mut legal);
    /// assert_eq!(state.legal_action_count(seat, &mut scratch), legal.len());
    /// // A seat that is not to move has none.
    /// let other = Seat(1 - seat.0);
    /// assert_eq!(state.legal_action_count(other, &mut scratch), 0);
    /// ```
    fn legal_action_count(&self, seat: Seat, scratch: &mut Vec<Self::Action>) -> usize {
        self.legal_actions_for(seat, scratch);
        scratch.len()
    }

    /// One legal action of `seat`, drawn uniformly at random from
    /// [`Game::legal_actions_for`] with the caller's `dice`; `None` if the seat has none.
    ///
    /// The fast path of random play-outs: games override it to draw without listing every
    /// action (the distribution stays exactly uniform; the conformance suite checks it). The
    /// default lists the actions into `scratch` and picks one with [`Dice::index`]. `scratch`
    /// is a buffer the caller keeps between calls, so that no call allocates in steady state;
    /// its contents afterwards are unspecified.
    ///
    /// ```
    /// use dicecore::{pig::Pig, Dice, Game, Seat};
    /// let state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
    /// let mut dice = Dice::from_seed(1);
    /// let mut scratch = Vec::new();
    /// let seat = Seat(0);
    /// let action = state.sample_action(seat, &mut dice, &mut scratch);
    /// let mut legal = Vec::new();
    /// state.legal_actions_for(seat, &mut legal);
    /// assert!(action.map_or(legal.is_empty(), |a| legal.contains(&a)));
    /// ```
    fn sample_action(
        &self,
        seat: Seat,
        dice: &mut Dice,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        self.legal_actions_for(seat, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = dice.index(scratch.len());
        Some(scratch.swap_remove(i))
    }

    /// The outcome of the pending chance event that a person typed in, for play beside
    /// physical dice: what the dice show, the card drawn. Games accept their own short forms
    /// (a total like `7`, colours in any order, symbol names); the default accepts the
    /// `Display` text of one of the [`Game::chance_outcomes`], ignoring case and surrounding
    /// space.
    ///
    /// ```
    /// use dicecore::{pig::{Pig, PigAction}, ChanceTextError, Game, Seat};
    /// let s = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
    /// assert_eq!(s.chance_from_text("4"), Err(ChanceTextError::NoChance));
    /// let seat = s.turn().next_seat().unwrap();
    /// let rolling = s.apply(&PigAction::Roll(seat)).unwrap();
    /// assert_eq!(rolling.chance_from_text(" 4 "), Ok(PigAction::Die(4)));
    /// assert!(rolling.chance_from_text("seven").is_err());
    /// ```
    fn chance_from_text(&self, text: &str) -> Result<Self::Action, ChanceTextError> {
        if self.turn() != Turn::Chance {
            return Err(ChanceTextError::NoChance);
        }
        let wanted = text.trim();
        self.chance_outcomes()
            .into_iter()
            .map(|(a, _)| a)
            .find(|a| a.to_string().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| ChanceTextError::Unreadable {
                text: wanted.to_string(),
                expected: "one of the listed outcomes".to_string(),
            })
    }

    /// A copy of the state in which everything `seat` cannot see is resampled consistently
    /// with `view(seat)` (for agents that must not peek). The default is a clone, right for
    /// games without hidden information.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let _ = (seat, dice);
        self.clone()
    }
}
