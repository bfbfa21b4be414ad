//! Watching one game's decisions: [`Observer`] keeps the raw counts and sums the per-game
//! metrics need ([`Observed`]), and [`GameMetrics`] folds them into each metric's per-game
//! value.

use super::{Metric, MetricSet, METRIC_UNIT};
use dicecore::{Game, Outcome, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// What the legal actions at a game's decisions showed: read when `DecisionMoves` or
/// `BranchingFactor` is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct LegalCounts {
    /// Decisions where the seat asked had more than one legal action.
    pub multi: u64,
    /// The legal actions of the seat asked, summed over the decisions.
    pub total: u64,
}

/// What the running scores at a game's decisions showed (read before each decision, as
/// Ludii evaluates the state before each move): read when a metric of the running score is
/// chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RunningScores {
    /// Decisions where the set of leading seats differs from the one before (the first
    /// decision counts: Ludii starts from no leader).
    pub lead_changes: u64,
    /// The best running score of any seat, summed over the decisions.
    pub best_sum: i128,
    /// Per seat, its running score summed over the decisions.
    pub sums: Vec<i128>,
    /// Per seat, the sum of the squares of its running score.
    pub squares: Vec<i128>,
    /// Per seat, the highest running score it had at a decision.
    pub max: Vec<i32>,
}

/// The raw per-game ingredients of the metrics that watch decisions: all that the per-game
/// records of `simulate --games-out` hold beside the outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Observed {
    /// The legal-action counts, when a chosen metric needs them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<LegalCounts>,
    /// The running-score sums, when a chosen metric needs them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<RunningScores>,
}

/// The metric values of one game that are read at its decisions, in fixed point (units of
/// `1 / METRIC_UNIT`) where the value is a ratio, in points for the thresholds; `None` where
/// the game does not define the value or the metric was not chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameMetrics {
    /// `DecisionMoves` of the game (`None` without decisions: Ludii divides by zero).
    pub decision_moves: Option<i128>,
    /// Mean legal actions per decision (0 without decisions, as Ludii averages an empty list).
    pub branching_factor: Option<i128>,
    /// Lead changes per decision (`None` without decisions).
    pub lead_change: Option<i128>,
    /// Sum over seats of the variance of the running score over the decisions.
    pub stability: Option<i128>,
    /// Ludii's `Drama`: mean gap between the best running score and the mean of all seats'.
    pub drama: Option<i128>,
    /// Our `DramaWinners`: mean gap between the best running score and the winners' mean
    /// (`None` without a winner).
    pub drama_winners: Option<i128>,
    /// Ludii's `DecisivenessThreshold`: −1 (points) in every game.
    pub decisiveness_threshold: Option<i128>,
    /// Our `DecisivenessThresholdWinners`: the highest running score a non-winner reached
    /// (points; `None` if every seat won).
    pub decisiveness_threshold_winners: Option<i128>,
}

/// The per-game metrics read at decisions, in the order of [`GameMetrics::values`].
pub(crate) const WATCHED: [Metric; 8] = [
    Metric::DecisionMoves,
    Metric::BranchingFactor,
    Metric::LeadChange,
    Metric::Stability,
    Metric::Drama,
    Metric::DramaWinners,
    Metric::DecisivenessThreshold,
    Metric::DecisivenessThresholdWinners,
];

impl GameMetrics {
    /// The values of a game of `decisions` decisions that showed `observed` and ended with
    /// `outcome`, for the metrics `chosen` (the formulas of `docs/simulation.md`).
    pub fn of(
        decisions: u64,
        observed: &Observed,
        outcome: &Outcome,
        chosen: MetricSet,
    ) -> GameMetrics {
        let d = decisions as i128;
        let ratio = |num: i128, den: i128| num.saturating_mul(METRIC_UNIT).div_euclid(den);
        let per_decision = |num: i128| (d > 0).then(|| ratio(num, d));
        let keep = |metric, value: Option<i128>| value.filter(|_| chosen.contains(metric));
        let legal = observed.legal.unwrap_or_default();
        let empty = RunningScores::default();
        let run = observed.running.as_ref().unwrap_or(&empty);
        let n = run.sums.len() as i128;
        let winners = outcome.winners;
        let k = winners.len() as i128;
        let spread: i128 = (run.sums.iter().zip(&run.squares))
            .map(|(&s, &q)| d.saturating_mul(q).saturating_sub(s.saturating_mul(s)))
            .sum();
        let total: i128 = run.sums.iter().sum();
        let winners_sum: i128 = winners.iter().filter_map(|w| run.sums.get(w.index())).sum();
        let threshold = (run.max.iter().enumerate())
            .filter(|(s, _)| !winners.contains(Seat(*s as u8)))
            .map(|(_, &m)| m as i128)
            .max()
            .filter(|_| d > 0);
        GameMetrics {
            decision_moves: keep(Metric::DecisionMoves, per_decision(legal.multi as i128)),
            branching_factor: keep(
                Metric::BranchingFactor,
                Some(per_decision(legal.total as i128).unwrap_or(0)),
            ),
            lead_change: keep(Metric::LeadChange, per_decision(run.lead_changes as i128)),
            stability: keep(
                Metric::Stability,
                Some(if d > 0 { ratio(spread, d * d) } else { 0 }),
            ),
            drama: keep(
                Metric::Drama,
                Some(if d > 0 && n > 0 {
                    ratio(n * run.best_sum - total, n * d)
                } else {
                    0
                }),
            ),
            drama_winners: keep(
                Metric::DramaWinners,
                (k > 0 && d > 0).then(|| ratio(k * run.best_sum - winners_sum, k * d)),
            ),
            decisiveness_threshold: keep(Metric::DecisivenessThreshold, Some(-1)),
            decisiveness_threshold_winners: keep(Metric::DecisivenessThresholdWinners, threshold),
        }
    }

    /// The values, in the order of [`WATCHED`].
    pub(crate) fn values(&self) -> [Option<i128>; 8] {
        [
            self.decision_moves,
            self.branching_factor,
            self.lead_change,
            self.stability,
            self.drama,
            self.drama_winners,
            self.decisiveness_threshold,
            self.decisiveness_threshold_winners,
        ]
    }

    /// The game's value of `metric`, `None` for a metric not read at decisions.
    pub fn value(&self, metric: Metric) -> Option<i128> {
        let i = WATCHED.iter().position(|&m| m == metric)?;
        self.values()[i]
    }
}

/// Watches one game's decisions for the metrics. Only a simulation whose chosen metrics need
/// the legal actions or the running scores makes one, so plain runs pay nothing; it counts the
/// legal actions ([`Game::legal_action_count`]), and reads the running scores, only when a
/// chosen metric needs them.
#[derive(Debug)]
pub struct Observer<A> {
    chosen: MetricSet,
    decisions: u64,
    legal: Option<LegalCounts>,
    running: Option<RunningScores>,
    leaders: Option<SeatSet>,
    scratch: Vec<A>,
    /// The running scores of the decision being noted (a buffer kept between decisions).
    scores_read: Vec<i32>,
}

impl<A> Observer<A> {
    /// An observer of a game of `seats` seats, for the metrics `chosen`.
    pub fn new(seats: u8, chosen: MetricSet) -> Observer<A> {
        let n = seats as usize;
        Observer {
            chosen,
            decisions: 0,
            legal: chosen.needs_legal_actions().then(LegalCounts::default),
            running: chosen.needs_running_scores().then(|| RunningScores {
                sums: vec![0; n],
                squares: vec![0; n],
                max: vec![i32::MIN; n],
                ..RunningScores::default()
            }),
            leaders: None,
            scratch: Vec::new(),
            scores_read: Vec::with_capacity(n),
        }
    }

    /// Notes a decision of `seat` in `state` (before the action).
    pub fn decision<G: Game<Action = A>>(&mut self, state: &G, seat: Seat) {
        let legal = (self.legal.is_some())
            .then(|| state.legal_action_count(seat, &mut self.scratch) as u64);
        if self.running.is_none() {
            return self.note(legal, None);
        }
        let mut scores = std::mem::take(&mut self.scores_read);
        state.running_scores_into(&mut scores);
        self.note(legal, Some(&scores));
        self.scores_read = scores;
    }

    /// Notes a decision given as what it showed: the number of legal actions of the seat
    /// asked and every seat's running score (each read only when a chosen metric needs it).
    pub(crate) fn note(&mut self, legal: Option<u64>, scores: Option<&[i32]>) {
        self.decisions += 1;
        if let (Some(counts), Some(n)) = (&mut self.legal, legal) {
            counts.total += n;
            counts.multi += (n > 1) as u64;
        }
        if let Some(scores) = scores {
            self.scores(scores);
        }
    }

    /// Notes the running scores of a decision.
    fn scores(&mut self, scores: &[i32]) {
        let Some(run) = &mut self.running else {
            return;
        };
        // The best score and the seats that have it, in one pass (0 and none without seats).
        let mut best = i32::MIN;
        let mut leaders = SeatSet::from_bits(0);
        for (s, &x) in scores.iter().enumerate() {
            if x > best {
                best = x;
                leaders = SeatSet::single(Seat(s as u8));
            } else if x == best {
                leaders.insert(Seat(s as u8));
            }
        }
        if scores.is_empty() {
            best = 0;
        }
        // Ludii starts from "no leader", so the first decision counts as a change.
        run.lead_changes += (self.leaders != Some(leaders)) as u64;
        self.leaders = Some(leaders);
        run.best_sum += best as i128;
        let seats = (run.sums.iter_mut())
            .zip(run.squares.iter_mut())
            .zip(run.max.iter_mut());
        for (((sum, square), max), &x) in seats.zip(scores) {
            *sum += i128::from(x);
            // A square of an `i32` fits an `i64`: one multiplication, not a 128-bit one.
            *square += i128::from(i64::from(x) * i64::from(x));
            *max = (*max).max(x);
        }
    }

    /// The raw counts and sums seen so far.
    pub fn observed(&self) -> Observed {
        Observed {
            legal: self.legal,
            running: self.running.clone(),
        }
    }

    /// The game's values of the chosen metrics, once it ended with `outcome`.
    pub fn finish(&self, outcome: &Outcome) -> GameMetrics {
        GameMetrics::of(self.decisions, &self.observed(), outcome, self.chosen)
    }
}
