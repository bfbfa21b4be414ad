//! Statistics computed from a summary's exact integers, the same on every machine: only
//! integer arithmetic and the correctly rounded `f64` operations (`+ - * /` and `sqrt`).

use crate::summary::{SeatTally, Summary, WIN_UNIT};
use serde::Serialize;
use std::collections::BTreeMap;

pub use crate::estimate::{mean_sd, wilson, Z95};

/// The percentiles reported by [`Quantiles`].
pub const PERCENTILES: [u32; 5] = [5, 25, 50, 75, 95];

/// At most this many bins in a [`Histogram`].
pub const MAX_BINS: u64 = 30;

/// The nearest-rank `p`-th percentile of a count map: the smallest value with at least
/// `ceil(p·n / 100)` (and at least one) values at or below it; `None` for an empty map.
pub fn percentile<K: Copy>(counts: &BTreeMap<K, u64>, p: u32) -> Option<K> {
    let n: u128 = counts.values().map(|&c| c as u128).sum();
    let rank = ((p as u128) * n).div_ceil(100).max(1);
    let mut seen = 0u128;
    for (&k, &c) in counts {
        seen += c as u128;
        if seen >= rank {
            return Some(k);
        }
    }
    None
}

/// Minimum, the [`PERCENTILES`] and maximum of a count map.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Quantiles<K> {
    /// Smallest value.
    pub min: K,
    /// 5th percentile.
    pub p5: K,
    /// 25th percentile.
    pub p25: K,
    /// Median (50th percentile).
    pub median: K,
    /// 75th percentile.
    pub p75: K,
    /// 95th percentile.
    pub p95: K,
    /// Largest value.
    pub max: K,
}

impl<K: Copy> Quantiles<K> {
    /// The quantiles of a count map, `None` if it is empty.
    pub fn of(counts: &BTreeMap<K, u64>) -> Option<Quantiles<K>> {
        let [p5, p25, median, p75, p95] = PERCENTILES.map(|p| percentile(counts, p));
        Some(Quantiles {
            min: *counts.keys().next()?,
            p5: p5?,
            p25: p25?,
            median: median?,
            p75: p75?,
            p95: p95?,
            max: *counts.keys().next_back()?,
        })
    }
}

/// Counts of scores in equal bins: bin `k` holds the scores `from + k·width ..= from +
/// (k+1)·width − 1`. All seats of a summary share the bins (from the lowest to the highest
/// score of any seat, at most [`MAX_BINS`] bins), so their histograms compare directly.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Histogram {
    /// The lowest score of the first bin.
    pub from: i64,
    /// Scores per bin.
    pub width: u64,
    /// Games per bin.
    pub counts: Vec<u64>,
}

/// The shared bins of a summary: `(from, width, bins)`, `None` without games.
fn bins(seats: &[SeatTally]) -> Option<(i64, u64, u64)> {
    let low = seats.iter().filter_map(|t| t.scores.keys().next()).min()?;
    let high = seats
        .iter()
        .filter_map(|t| t.scores.keys().next_back())
        .max()?;
    let span = (*high as i64 - *low as i64 + 1) as u64;
    let width = span.div_ceil(MAX_BINS);
    Some((*low as i64, width, span.div_ceil(width)))
}

impl Histogram {
    fn of(scores: &BTreeMap<i32, u64>, (from, width, bins): (i64, u64, u64)) -> Histogram {
        let mut counts = vec![0u64; bins as usize];
        for (&s, &c) in scores {
            let k = ((s as i64 - from) as u64 / width) as usize;
            if let Some(slot) = counts.get_mut(k) {
                *slot += c;
            }
        }
        Histogram {
            from,
            width,
            counts,
        }
    }
}

/// The statistics of one seat.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SeatStats {
    /// Games won, ties shared (`1 / |winners|` each).
    pub wins: f64,
    /// Win rate, ties shared; `None` without games.
    pub win_rate: Option<f64>,
    /// The 95% Wilson interval of the win rate.
    pub win_rate_interval: Option<(f64, f64)>,
    /// Mean final score.
    pub mean_score: Option<f64>,
    /// Sample standard deviation of the final score (needs two games).
    pub sd_score: Option<f64>,
    /// Quantiles of the final score.
    pub quantiles: Option<Quantiles<i32>>,
    /// Histogram of the final score, in the summary's shared bins.
    pub histogram: Option<Histogram>,
}

/// The statistics of game lengths, in actions.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LengthStats {
    /// Mean length.
    pub mean: Option<f64>,
    /// Sample standard deviation of the length.
    pub sd: Option<f64>,
    /// Quantiles of the length.
    pub quantiles: Option<Quantiles<u64>>,
}

/// Every statistic shown for a summary, computed from its exact integers.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Stats {
    /// Per seat.
    pub seats: Vec<SeatStats>,
    /// Per position in turn order (0: the seat of the game's first decision).
    pub positions: Vec<SeatStats>,
    /// Game lengths in actions.
    pub length: LengthStats,
    /// Share of drawn games (every seat a winner).
    pub draw_rate: Option<f64>,
    /// Share of games with two or more winners.
    pub shared_rate: Option<f64>,
}

/// `count / n`, `None` for `n = 0`.
fn rate(count: f64, n: u64) -> Option<f64> {
    (n > 0).then(|| count / n as f64)
}

impl SeatStats {
    /// The statistics of one tally of `n` games, its histogram in the shared `bins`.
    fn of(t: &SeatTally, n: u64, bins: Option<(i64, u64, u64)>) -> SeatStats {
        let wins = t.win_units as f64 / WIN_UNIT as f64;
        let (mean_score, sd_score) = mean_sd(n, t.score_sum, t.score_squares);
        SeatStats {
            wins,
            win_rate: rate(wins, n),
            win_rate_interval: wilson(wins, n),
            mean_score,
            sd_score,
            quantiles: Quantiles::of(&t.scores),
            histogram: bins.map(|b| Histogram::of(&t.scores, b)),
        }
    }
}

impl Stats {
    /// The statistics of a summary.
    pub fn of(summary: &Summary) -> Stats {
        let n = summary.games;
        let shared_bins = bins(&summary.seats);
        let all = |tallies: &[SeatTally]| {
            (tallies.iter())
                .map(|t| SeatStats::of(t, n, shared_bins))
                .collect()
        };
        let (sum, squares) = summary.length_sums();
        let (mean, sd) = mean_sd(n, sum, squares);
        Stats {
            seats: all(&summary.seats),
            positions: all(&summary.positions),
            length: LengthStats {
                mean,
                sd,
                quantiles: Quantiles::of(&summary.lengths),
            },
            draw_rate: rate(summary.draws as f64, n),
            shared_rate: rate(summary.shared as f64, n),
        }
    }
}

/// Whether the first position in turn order wins more, or less, than its fair share: the
/// 95% Wilson interval of its win rate against the share a fair game gives it, `1 / players`
/// of the games that have a winner.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct FirstPosition {
    /// The 1st position's win rate (shared wins as shares).
    pub win_rate: f64,
    /// Its 95% Wilson interval.
    pub interval: (f64, f64),
    /// Its share in a fair game.
    pub fair: f64,
}

impl FirstPosition {
    /// `Some(true)` when the interval lies above the fair share (an advantage), `Some(false)`
    /// below it (a disadvantage), `None` when it holds it (no significant difference).
    pub fn advantaged(&self) -> Option<bool> {
        if self.interval.0 > self.fair {
            Some(true)
        } else if self.interval.1 < self.fair {
            Some(false)
        } else {
            None
        }
    }
}

impl std::fmt::Display for FirstPosition {
    /// One sentence: `the 1st position wins 24.77% (95% interval 24.51% – 25.04%) against a
    /// fair share of 25.00%: no significant advantage or disadvantage at 95%`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pct = |x: f64| crate::metrics::Unit::Share.format(x);
        let verdict = match self.advantaged() {
            Some(true) => "the first position is significantly advantaged (at 95%)",
            Some(false) => "the first position is significantly disadvantaged (at 95%)",
            None => "no significant advantage or disadvantage of the first position (at 95%)",
        };
        write!(
            f,
            "the 1st position wins {} (95% interval {} – {}) against a fair share of {}: {verdict}",
            pct(self.win_rate),
            pct(self.interval.0),
            pct(self.interval.1),
            pct(self.fair)
        )
    }
}

impl Summary {
    /// The 1st position's win rate against its fair share; `None` with fewer than two players
    /// or no game with a winner.
    pub fn first_position(&self) -> Option<FirstPosition> {
        let players = self.header.players as u64;
        let decided = self.games.checked_sub(self.no_winner)?;
        if players < 2 || decided == 0 {
            return None;
        }
        let st = SeatStats::of(self.positions.first()?, self.games, None);
        Some(FirstPosition {
            win_rate: st.win_rate?,
            interval: st.win_rate_interval?,
            fair: decided as f64 / self.games as f64 / players as f64,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_nearest_rank() {
        let counts: BTreeMap<i32, u64> = [(1, 1), (2, 1), (3, 1), (4, 1)].into();
        assert_eq!(percentile(&counts, 25), Some(1));
        assert_eq!(percentile(&counts, 50), Some(2));
        assert_eq!(percentile(&counts, 51), Some(3));
        assert_eq!(percentile(&counts, 95), Some(4));
        assert_eq!(percentile(&counts, 0), Some(1));
        assert_eq!(percentile(&BTreeMap::<i32, u64>::new(), 50), None);
    }

    #[test]
    fn mean_and_sd_are_exact_for_small_samples() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7.
        let xs = [2i128, 4, 4, 4, 5, 5, 7, 9];
        let (mean, sd) = mean_sd(8, xs.iter().sum(), xs.iter().map(|x| x * x).sum());
        assert_eq!(mean, Some(5.0));
        assert_eq!(sd, Some((32.0f64 / 7.0).sqrt()));
        assert_eq!(mean_sd(1, 3, 9), (Some(3.0), None));
        assert_eq!(mean_sd(0, 0, 0), (None, None));
    }

    #[test]
    fn wilson_stays_in_the_unit_interval() {
        assert_eq!(wilson(0.0, 0), None);
        let (low, high) = wilson(0.0, 10).unwrap();
        assert_eq!(low, 0.0);
        assert!(high > 0.2 && high < 0.4);
        let (low, high) = wilson(10.0, 10).unwrap();
        assert!(low > 0.6 && high == 1.0);
    }

    #[test]
    fn histograms_share_bins_and_count_every_game() {
        let a = SeatTally {
            scores: [(-5, 2), (0, 1), (54, 3)].into(),
            ..SeatTally::default()
        };
        let b = SeatTally {
            scores: [(10, 6)].into(),
            ..SeatTally::default()
        };
        let shared = bins(&[a.clone(), b]).unwrap();
        assert_eq!(shared, (-5, 2, 30));
        let h = Histogram::of(&a.scores, shared);
        assert_eq!(h.counts.iter().sum::<u64>(), 6);
        assert_eq!((h.counts[0], h.counts[2], h.counts[29]), (2, 1, 3));
    }
}
