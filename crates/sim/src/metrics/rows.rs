//! [`Metrics`]: the chosen metrics of a summary, ready to show, each with its 95% interval
//! and, where one exists, its value in a fair game.

use super::{scale, Metric, MetricSet, MetricTally, Unit};
use crate::bootstrap::{central_95, mean, replicates, resample, seed_of};
use crate::estimate::{mean_sd, wilson};
use serde::Serialize;
use std::collections::BTreeMap;

/// One metric of a summary, ready to show.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct MetricRow {
    /// The metric's name (`AdvantageP1`, `LeadChange`, ...): Ludii's for Ludii's metrics.
    pub name: &'static str,
    /// The value (`None` when no game defines it).
    pub value: Option<f64>,
    /// The 95% interval: Wilson for shares of games, normal (mean ± 1.96·sd/√n over games)
    /// for means of per-game values, simultaneous intervals of the positions' gaps for
    /// `Balance`, a seeded bootstrap over games for `DurationReplaySd`
    /// (`docs/simulation.md`); `None` when undefined.
    pub interval: Option<(f64, f64)>,
    /// What it measures, in one line.
    pub meaning: &'static str,
    /// What its values count, and so how they are written.
    pub unit: Unit,
    /// Its value in a fair game, where one exists: ½ for `AdvantageP1`, the share of games
    /// with a sole winner over the players for `AdvantageP1Sole`, and for `Balance` its mean
    /// when every sole win goes to a position drawn at random (simulated, seeded).
    pub fair: Option<f64>,
    /// The central 95% range of the value in a fair game, where simulated (`Balance`): a
    /// value inside it is what a fair game shows by chance.
    pub fair_range: Option<(f64, f64)>,
    /// The path of Ludii's source in the Ludii repository; `None` for our own metrics.
    pub ludii: Option<&'static str>,
}

/// What the metrics read of a summary beside their tally.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SummaryFacts<'a> {
    /// Games summarised.
    pub games: u64,
    /// Players.
    pub players: u8,
    /// Games where every seat won.
    pub draws: u64,
    /// Games without a winner.
    pub no_winner: u64,
    /// How many games had each length.
    pub lengths: &'a BTreeMap<u64, u64>,
    /// The sum and the sum of squares of the lengths.
    pub length_sums: (i128, i128),
}

/// The chosen metrics of a summary ([`crate::Summary::metrics`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Metrics {
    chosen: MetricSet,
    rows: Vec<MetricRow>,
}

/// A share of `count` out of `games` with its Wilson interval.
fn share(count: u64, games: u64) -> (Option<f64>, Option<(f64, f64)>) {
    let value = (games > 0).then(|| count as f64 / games as f64);
    (value, wilson(count as f64, games))
}

/// `1 − (largest − smallest) / games` of per-position counts (Ludii's Balance).
fn balance(counts: &[u64], games: u64) -> f64 {
    let (hi, lo) = (counts.iter().max(), counts.iter().min());
    match (hi, lo) {
        (Some(&hi), Some(&lo)) if games > 0 => 1.0 - (hi - lo) as f64 / games as f64,
        _ => f64::NAN,
    }
}

/// The 95% interval of Balance from simultaneous intervals of the gaps between every two
/// positions' sole-win rates (Bonferroni over the `k = n(n − 1)/2` pairs, each gap
/// `d ± z·sqrt((p_a + p_b − d²)/games)` with `z` of `0.05 / k`): the largest gap lies between
/// the largest lower end (at least 0) and the largest upper end, so Balance lies between one
/// minus each. Unlike a bootstrap of the largest gap, which drifts away from 0 with the noise,
/// it reaches 1 when every gap is within the noise.
fn balance_interval(counts: &[u64], games: u64) -> Option<(f64, f64)> {
    let n = counts.len();
    if n < 2 || games == 0 {
        return None;
    }
    let g = games as f64;
    let pairs = n * (n - 1) / 2;
    let z = crate::detmath::two_sided_z(0.05 / pairs as f64);
    let (mut low_gap, mut high_gap) = (0.0f64, 0.0f64);
    for a in 0..n {
        for b in a + 1..n {
            let (pa, pb) = (counts[a] as f64 / g, counts[b] as f64 / g);
            let d = (pa - pb).abs();
            let half = z * ((pa + pb - d * d).max(0.0) / g).sqrt();
            low_gap = low_gap.max(d - half);
            high_gap = high_gap.max(d + half);
        }
    }
    Some(((1.0 - high_gap).max(0.0), (1.0 - low_gap.max(0.0)).min(1.0)))
}

/// The sample standard deviation of values with counts.
fn sd_of(values: &[u64], counts: &[u64]) -> f64 {
    let (mut n, mut sum, mut squares) = (0u64, 0i128, 0i128);
    for (&v, &c) in values.iter().zip(counts) {
        let (v, c) = (v as i128, c as i128);
        n += c as u64;
        sum += v * c;
        squares += v * v * c;
    }
    mean_sd(n, sum, squares).1.unwrap_or(f64::NAN)
}

impl Metrics {
    /// The chosen metrics of a summary of `facts`, whose metric tally is `tally`.
    pub(crate) fn of(facts: SummaryFacts, tally: &MetricTally) -> Metrics {
        let games = facts.games;
        let players = facts.players as usize;
        let sole: u64 = tally.sole_wins.iter().sum();
        let lengths: Vec<u64> = facts.lengths.keys().copied().collect();
        let length_counts: Vec<u64> = facts.lengths.values().copied().collect();
        let several = players >= 2;
        let row = |metric: Metric| {
            let mut fair = None;
            let mut fair_range = None;
            let (value, interval) = match metric {
                Metric::AdvantageP1 => {
                    fair = several.then_some(0.5);
                    tally
                        .sums(metric)
                        .map_or((None, None), |s| s.mean(scale(metric)))
                }
                Metric::AdvantageP1Sole => {
                    fair =
                        (games > 0 && several).then(|| sole as f64 / games as f64 / players as f64);
                    share(tally.sole_wins.first().copied().unwrap_or(0), games)
                }
                Metric::Balance if several && games > 0 => {
                    let value = balance(&tally.sole_wins, games);
                    // A fair game: the same sole wins, each to a position drawn at random.
                    let null_seed = seed_of("fair Balance", [players as u64, sole, games]);
                    let null =
                        resample(&vec![1; players], sole, replicates(sole), null_seed, |c| {
                            balance(c, games)
                        });
                    fair = mean(&null);
                    fair_range = central_95(null);
                    (Some(value), balance_interval(&tally.sole_wins, games))
                }
                Metric::Balance => (None, None),
                Metric::Completion => share(sole, games),
                Metric::Drawishness if several => share(facts.draws + facts.no_winner, games),
                Metric::Drawishness => (None, None),
                Metric::DrawishnessShared => share(games - sole.min(games), games),
                Metric::Timeouts => share(0, games),
                Metric::DurationReplay => {
                    let (sum, squares) = facts.length_sums;
                    let sums = super::Sums {
                        games,
                        sum,
                        squares,
                    };
                    sums.mean(1.0)
                }
                Metric::DurationReplaySd => {
                    let value = sd_of(&lengths, &length_counts);
                    let seed = seed_of(
                        "DurationReplaySd",
                        lengths.iter().chain(&length_counts).copied(),
                    );
                    let boot = resample(&length_counts, games, replicates(games), seed, |c| {
                        sd_of(&lengths, c)
                    });
                    (value.is_finite().then_some(value), central_95(boot))
                }
                per_game => tally
                    .sums(per_game)
                    .map_or((None, None), |s| s.mean(scale(per_game))),
            };
            MetricRow {
                name: metric.name(),
                value,
                interval,
                meaning: metric.meaning(),
                unit: metric.unit(),
                fair,
                fair_range,
                ludii: metric.ludii(),
            }
        };
        Metrics {
            chosen: tally.chosen,
            rows: tally.chosen.iter().map(row).collect(),
        }
    }

    /// The metrics chosen.
    pub fn chosen(&self) -> MetricSet {
        self.chosen
    }

    /// The chosen metrics, in the order of [`super::METRIC_NAMES`].
    pub fn rows(&self) -> &[MetricRow] {
        &self.rows
    }

    /// The row of the metric named `name`, if chosen.
    pub fn get(&self, name: &str) -> Option<&MetricRow> {
        self.rows.iter().find(|r| r.name == name)
    }
}
