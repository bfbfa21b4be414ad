//! Evaluation metrics: Ludii's (`Evaluation/src/metrics` of the Ludii repository,
//! `github.com/Ludeme/Ludii`), computing what Ludii's current sources compute from the same
//! game records, and a few of ours beside them under names of their own
//! ([`Metric::beside`]). A spec chooses them ([`crate::Spec::metrics`], a [`MetricSet`] of
//! [`Metric`]s read by name).
//!
//! Per game, [`Observer`] watches the decisions of the play loop when a chosen metric needs it:
//! the number of legal actions of the seat asked and every seat's running score
//! ([`dicecore::Game::running_scores`], which stands in for Ludii's state evaluator), each only
//! when a chosen metric reads it ([`Observed`]). At the end they fold into [`GameMetrics`],
//! which [`MetricTally`] adds up with the outcome's ([`ranks`], Ludii's ranking). Ludii
//! averages per-game ratios; each per-game ratio is kept in fixed point, floored to a multiple
//! of `1 / `[`METRIC_UNIT`], so that sums are integers and any split of the games and any
//! thread count give the same bytes. [`Metrics`] shows each chosen metric with its 95%
//! interval and, where one exists, its value in a fair game. The formulas, and every
//! difference from Ludii, are in `docs/simulation.md`, section "Metrics".

mod observer;
mod ranking;
mod rows;
mod set;
mod tally;

pub use observer::{GameMetrics, LegalCounts, Observed, Observer, RunningScores};
pub use ranking::ranks;
pub(crate) use rows::SummaryFacts;
pub use rows::{MetricRow, Metrics};
pub use set::{Metric, MetricError, MetricSet, Unit, LUDII_METRICS, METRIC_NAMES, RENAMED};
pub use tally::MetricTally;

#[cfg(test)]
pub(crate) use observer::WATCHED;
pub(crate) use ranking::{credit_units, half_rank_of, sole_winner_position};
pub(crate) use set::fixed;
pub(crate) use tally::{FileTally, Played};

use crate::estimate::WIN_UNIT;
use crate::estimate::{mean_sd, Z95};
use serde::{Deserialize, Serialize};

/// The fixed-point unit of per-game ratios: a per-game value `v` is kept as
/// `floor(v · METRIC_UNIT)`.
pub const METRIC_UNIT: i128 = 1_000_000;

/// Exact sums of one per-game value over the games where it is defined: the count, the sum
/// and the sum of squares (of the fixed-point values, or of plain integers for counts and
/// points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sums {
    /// Games where the value is defined.
    pub games: u64,
    /// Sum of the values.
    pub sum: i128,
    /// Sum of their squares.
    pub squares: i128,
}

impl Sums {
    pub(crate) fn add(&mut self, value: Option<i128>) {
        if let Some(v) = value {
            self.games += 1;
            self.sum = self.sum.saturating_add(v);
            self.squares = self.squares.saturating_add(v.saturating_mul(v));
        }
    }

    pub(crate) fn merged(&self, other: &Sums) -> Option<Sums> {
        Some(Sums {
            games: self.games.checked_add(other.games)?,
            sum: self.sum.checked_add(other.sum)?,
            squares: self.squares.checked_add(other.squares)?,
        })
    }

    /// Mean and its 95% normal interval (`mean ± Z95·sd/√n`), divided by `scale`.
    pub(crate) fn mean(&self, scale: f64) -> (Option<f64>, Option<(f64, f64)>) {
        let (mean, sd) = mean_sd(self.games, self.sum, self.squares);
        let mean = mean.map(|m| m / scale);
        let half = sd.map(|sd| Z95 * sd / scale / (self.games as f64).sqrt());
        (mean, mean.zip(half).map(|(m, h)| (m - h, m + h)))
    }

    /// The two-sided p-value of "the mean is 0" (normal approximation); `None` below two
    /// games. A mean of exactly 0 with no spread has p = 1.
    pub(crate) fn p_value(&self) -> Option<f64> {
        let (mean, sd) = mean_sd(self.games, self.sum, self.squares);
        let (mean, sd) = (mean?, sd?);
        if sd == 0.0 {
            return Some(if mean == 0.0 { 1.0 } else { 0.0 });
        }
        Some(crate::detmath::two_sided_p(
            mean / (sd / (self.games as f64).sqrt()),
        ))
    }
}

/// What one per-game value of `metric` counts in: [`WIN_UNIT`] for the first mover's rank
/// credit, [`METRIC_UNIT`] for the per-game ratios, 1 for the others (decisions, actions,
/// points, a game's 0 or 1).
pub(crate) fn scale(metric: Metric) -> f64 {
    match metric {
        Metric::AdvantageP1 => WIN_UNIT as f64,
        Metric::DecisionMoves
        | Metric::BranchingFactor
        | Metric::LeadChange
        | Metric::Stability
        | Metric::Drama
        | Metric::DramaWinners => METRIC_UNIT as f64,
        _ => 1.0,
    }
}
