//! [`Summary`]: the exact tally of a set of games, and its exact, associative and commutative
//! [`Summary::merge`].

use crate::metrics::{
    GameMetrics, MetricSet, MetricTally, Metrics, Observed, Played, SummaryFacts,
};
use crate::spans::Spans;
use dicecore::{AgentSpec, Outcome, Seat};
use std::collections::BTreeMap;

pub use crate::estimate::WIN_UNIT;

/// What a summary is a summary of: summaries merge only when their headers are equal.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Header {
    /// The game's `Game::NAME`.
    pub game: String,
    /// Number of players.
    pub players: u8,
    /// The master seed.
    pub seed: u64,
    /// The agent of each seat.
    pub agents: Vec<AgentSpec>,
    /// The configs, in their JSON form: `"standard"` or `{"fixed": CONFIG}`.
    pub configs: serde_json::Value,
    /// The game's rules version (`Game::RULES_VERSION`) of the engine that played the games;
    /// `None` for a summary of format 1, written before versions were recorded. Parts of
    /// different versions do not merge.
    pub rules: Option<u32>,
}

/// The exact tally of one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SeatTally {
    /// Sum of the seat's win shares, in units of `1 / WIN_UNIT` of a game.
    pub win_units: u64,
    /// Sum of the seat's final scores.
    pub score_sum: i128,
    /// Sum of the squares of the seat's final scores.
    pub score_squares: i128,
    /// How many games ended with each final score of the seat.
    pub scores: BTreeMap<i32, u64>,
}

/// One finished game: its index, its outcome, its length and who moved first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameResult {
    /// The game's index in the simulation.
    pub index: u64,
    /// Scores and winners.
    pub outcome: Outcome,
    /// Actions applied, chance outcomes included (the length of the game's replay).
    pub actions: u64,
    /// Decisions: the actions chosen by a seat (the chance outcomes left out).
    pub decisions: u64,
    /// The seat of the game's first decision (seat 0 if nobody decided): the start of the
    /// turn order, which standard configs draw at random.
    pub first: Seat,
    /// The game's values of the chosen metrics ([`crate::Spec::metrics`]), when one of them
    /// watches the decisions (lists the legal actions or reads the running scores).
    pub metrics: Option<GameMetrics>,
    /// The raw counts and sums those values come from, when they were watched.
    pub observed: Option<Observed>,
}

impl GameResult {
    /// The seat's win share in units of `1 / WIN_UNIT` of a game (`1 / |winners|` of a game
    /// to each winner).
    pub fn win_units(&self, seat: Seat) -> u64 {
        let winners = self.outcome.winners.len() as u64;
        if winners > 0 && self.outcome.winners.contains(seat) {
            WIN_UNIT / winners
        } else {
            0
        }
    }

    /// The seat's position in the turn order of a table of `players`: 0 for the first mover.
    pub fn position(&self, seat: Seat, players: u8) -> usize {
        let n = players.max(1) as usize;
        (seat.index() % n + n - self.first.index() % n) % n
    }

    /// The position of the sole winner, `None` when several seats (or none) won.
    pub fn sole_winner_position(&self, players: u8) -> Option<usize> {
        crate::metrics::sole_winner_position(&self.outcome, self.first, players)
    }
}

/// The exact tally of a set of games of one [`Header`]: which game indices it covers, and per
/// seat the win shares, the sums of scores and of their squares, and the count of every final
/// score; the same per position in turn order (position 0 is the seat of the game's first
/// decision, position 1 the next seat, and so on); the count of every game length; draws,
/// shared wins and games without a winner.
///
/// Everything inside is an integer, so [`Summary::merge`] is exact: the summaries of any split
/// of a range of games merge into the summary of the whole range, in any order. Statistics
/// (win rates with intervals, means, quantiles, histograms) are computed from these integers
/// when shown: see [`crate::Stats`], the `Display` table and [`Summary::to_json`].
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub(crate) header: Header,
    pub(crate) indices: Spans,
    pub(crate) games: u64,
    pub(crate) seats: Vec<SeatTally>,
    pub(crate) positions: Vec<SeatTally>,
    pub(crate) lengths: BTreeMap<u64, u64>,
    pub(crate) draws: u64,
    pub(crate) shared: u64,
    pub(crate) no_winner: u64,
    pub(crate) metrics: Option<MetricTally>,
}

/// Why two summaries do not merge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// The summaries are of different simulations.
    #[error("the summaries are of different simulations: their {0} differ")]
    Different(&'static str),
    /// Both summaries hold the same game.
    #[error("game {0} is in both summaries")]
    Overlap(u64),
    /// A count does not fit its integer type.
    #[error("the merged counts are too large")]
    Overflow,
}

impl Summary {
    /// The summary of no games (the identity of [`Summary::merge`]).
    pub fn empty(header: Header) -> Summary {
        let seats = vec![SeatTally::default(); header.players as usize];
        Summary {
            header,
            indices: Spans::default(),
            games: 0,
            positions: seats.clone(),
            seats,
            lengths: BTreeMap::new(),
            draws: 0,
            shared: 0,
            no_winner: 0,
            metrics: None,
        }
    }

    /// The same empty summary, tallying the metrics `chosen` too (none: a plain summary).
    pub(crate) fn with_metrics(mut self, chosen: MetricSet) -> Summary {
        self.metrics = (!chosen.is_empty()).then(|| MetricTally::new(self.header.players, chosen));
        self
    }

    /// The chosen metrics (Ludii's definitions and ours beside them, see
    /// `docs/simulation.md`), `None` unless the games were played with metrics chosen
    /// ([`crate::Spec::metrics`]).
    pub fn metrics(&self) -> Option<Metrics> {
        let tally = self.metrics.as_ref()?;
        let facts = SummaryFacts {
            games: self.games,
            players: self.header.players,
            draws: self.draws,
            no_winner: self.no_winner,
            lengths: &self.lengths,
            length_sums: self.length_sums(),
        };
        Some(Metrics::of(facts, tally))
    }

    /// The metrics chosen ([`MetricSet::NONE`] for a plain summary).
    pub fn chosen_metrics(&self) -> MetricSet {
        self.metrics.as_ref().map_or(MetricSet::NONE, |t| t.chosen)
    }

    /// The exact tally behind [`Summary::metrics`].
    pub fn metric_tally(&self) -> Option<&MetricTally> {
        self.metrics.as_ref()
    }

    /// The sum and the sum of squares of the game lengths.
    pub(crate) fn length_sums(&self) -> (i128, i128) {
        self.lengths
            .iter()
            .fold((0i128, 0i128), |(s, q), (&l, &c)| {
                let (l, c) = (l as i128, c as i128);
                (s.saturating_add(l * c), q.saturating_add(l * l * c))
            })
    }

    /// What the summary is of.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Number of games summarised.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The game indices covered, as sorted, disjoint, non-adjacent half-open ranges.
    pub fn indices(&self) -> &[(u64, u64)] {
        self.indices.as_slice()
    }

    /// The exact tally of each seat.
    pub fn seats(&self) -> &[SeatTally] {
        &self.seats
    }

    /// The exact tally of each position in turn order: entry `p` holds the results of the
    /// seat `p` places after the game's first mover, whoever that was.
    pub fn positions(&self) -> &[SeatTally] {
        &self.positions
    }

    /// How many games had each length, in actions (chance outcomes included).
    pub fn lengths(&self) -> &BTreeMap<u64, u64> {
        &self.lengths
    }

    /// Drawn games: with two or more players, every seat among the winners.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Games with two or more winners (the draws included).
    pub fn shared_wins(&self) -> u64 {
        self.shared
    }

    /// Games whose outcome named no winner.
    pub fn no_winner(&self) -> u64 {
        self.no_winner
    }

    /// Adds one game. The caller guarantees that its index is not yet covered and that the
    /// outcome has one score per seat; counts saturate rather than wrap (unreachable in
    /// practice: 2^64 games).
    pub(crate) fn record(&mut self, game: &GameResult) {
        self.indices.insert(game.index);
        self.games = self.games.saturating_add(1);
        let winners = game.outcome.winners.len() as u64;
        let players = self.header.players;
        for s in 0..self.seats.len() {
            let seat = Seat(s as u8);
            let score = game.outcome.scores.get(s).copied().unwrap_or(0);
            let position = game.position(seat, players);
            for tally in [&mut self.seats[s], &mut self.positions[position]] {
                tally.add(score, game.win_units(seat));
            }
        }
        *self.lengths.entry(game.actions).or_insert(0) += 1;
        self.no_winner += (winners == 0) as u64;
        self.shared += (winners >= 2) as u64;
        self.draws += (players >= 2 && winners == players as u64) as u64;
        if let Some(tally) = &mut self.metrics {
            let played = Played {
                outcome: &game.outcome,
                first: game.first,
                decisions: game.decisions,
                metrics: game.metrics.as_ref(),
            };
            tally.add(played, players);
        }
    }

    /// Adds `other`'s games to this summary. Exact, associative and commutative; refused when
    /// the headers differ or a game is in both (nothing changes then).
    ///
    /// ```
    /// use tabula_sim::{parse_agents, run, Options, Spec};
    /// use dicecore::pig::Pig;
    /// let spec = Spec::new(2, 40, 5, parse_agents("random", 2).unwrap());
    /// let whole = run::<Pig>(&spec, 0..40, &Options::default()).unwrap();
    /// let mut first = run::<Pig>(&spec, 0..15, &Options::default()).unwrap();
    /// let second = run::<Pig>(&spec, 15..40, &Options::default()).unwrap();
    /// first.merge(&second).unwrap();
    /// assert_eq!(first, whole);
    /// assert!(first.merge(&second).is_err()); // games 15..40 twice
    /// ```
    pub fn merge(&mut self, other: &Summary) -> Result<(), MergeError> {
        let merged = self.merged(other)?;
        *self = merged;
        Ok(())
    }

    /// The merge of `self` and `other` as a new summary.
    pub fn merged(&self, other: &Summary) -> Result<Summary, MergeError> {
        let h = (&self.header, &other.header);
        let differ = [
            ("games' names", h.0.game != h.1.game),
            ("player counts", h.0.players != h.1.players),
            ("master seeds", h.0.seed != h.1.seed),
            ("agents", h.0.agents != h.1.agents),
            ("configs", h.0.configs != h.1.configs),
            ("rules versions", h.0.rules != h.1.rules),
            ("seat counts", self.seats.len() != other.seats.len()),
            (
                "chosen metrics",
                self.chosen_metrics() != other.chosen_metrics(),
            ),
        ];
        if let Some((what, _)) = differ.iter().find(|(_, d)| *d) {
            return Err(MergeError::Different(what));
        }
        let indices = self
            .indices
            .union(&other.indices)
            .map_err(MergeError::Overlap)?;
        let add = |a: u64, b: u64| a.checked_add(b).ok_or(MergeError::Overflow);
        let tallies = |ours: &[SeatTally], theirs: &[SeatTally]| {
            (ours.iter().zip(theirs))
                .map(|(a, b)| a.merged(b))
                .collect::<Result<Vec<_>, MergeError>>()
        };
        Ok(Summary {
            header: self.header.clone(),
            indices,
            games: add(self.games, other.games)?,
            seats: tallies(&self.seats, &other.seats)?,
            positions: tallies(&self.positions, &other.positions)?,
            lengths: merge_counts(&self.lengths, &other.lengths)?,
            draws: add(self.draws, other.draws)?,
            shared: add(self.shared, other.shared)?,
            no_winner: add(self.no_winner, other.no_winner)?,
            metrics: match (&self.metrics, &other.metrics) {
                (Some(a), Some(b)) => Some(a.merged(b).ok_or(MergeError::Overflow)?),
                _ => None,
            },
        })
    }
}

impl SeatTally {
    /// Adds one game's result: the final score and the win share in units.
    fn add(&mut self, score: i32, win_units: u64) {
        self.win_units = self.win_units.saturating_add(win_units);
        self.score_sum += score as i128;
        self.score_squares += (score as i128) * (score as i128);
        *self.scores.entry(score).or_insert(0) += 1;
    }

    /// The sum of two tallies.
    fn merged(&self, other: &SeatTally) -> Result<SeatTally, MergeError> {
        let wide = |a: i128, b: i128| a.checked_add(b).ok_or(MergeError::Overflow);
        Ok(SeatTally {
            win_units: (self.win_units.checked_add(other.win_units)).ok_or(MergeError::Overflow)?,
            score_sum: wide(self.score_sum, other.score_sum)?,
            score_squares: wide(self.score_squares, other.score_squares)?,
            scores: merge_counts(&self.scores, &other.scores)?,
        })
    }
}

/// The sum of two count maps.
fn merge_counts<K: Ord + Copy>(
    a: &BTreeMap<K, u64>,
    b: &BTreeMap<K, u64>,
) -> Result<BTreeMap<K, u64>, MergeError> {
    let mut out = a.clone();
    for (k, n) in b {
        let slot = out.entry(*k).or_insert(0);
        *slot = slot.checked_add(*n).ok_or(MergeError::Overflow)?;
    }
    Ok(out)
}
