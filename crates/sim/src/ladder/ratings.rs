//! Elo ratings of a ladder's levels: a Bradley–Terry (Luce) model fitted over every game the
//! ladder played, with 95% intervals that treat the seatings of one game index as one unit.
//!
//! **The model.** In a game of `p` seats, the seat of level `j` wins with probability
//! `π_j / Σ_seats π`: with one seat of level `b` and `p − 1` of level `a`, `b`'s seat wins
//! `π_b / (π_b + (p − 1)·π_a)`, so equal strengths give `1 / p`. Shared wins count as
//! shares; games without a winner are left out. Each pair of levels that met also counts one
//! virtual game won in fair shares (a weak prior towards equal strength), so that a level
//! that won every game still has a finite rating. The strengths are fitted by the MM
//! algorithm of Hunter (2004) with the first level's strength fixed; a rating is
//! `400 · log10(π_j / π_1)` Elo points, level 1 at 0.
//!
//! **Intervals.** The covariance of the log-strengths is the sandwich `H⁻¹ M H⁻¹`: `H` the
//! information of the model, `M` the spread of the scores summed per cluster, a cluster being
//! all the seatings of one game index of one pair (they share setup and dice, so their results
//! are not independent). The interval of a rating is ± 1.96 standard errors.
//!
//! Everything is computed with `+ − × ÷`, `sqrt` and the crate's own logarithm, so the same
//! ladder gives the same bytes on every machine.

use crate::detmath::ln;
use crate::estimate::Z95;
use serde::Serialize;

/// What a pair of levels' games give the fit: level `a` (below) in `p − 1` seats, level `b`
/// (above) in one seat, every seating of every game index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PairStats {
    /// Game indices played (each in every seating).
    pub indices: u64,
    /// Over the indices: the sum of `U_i`, the win units of the upper level's seat over the
    /// seatings of index `i` (in units of `1 / WIN_UNIT` of a game).
    pub units: u128,
    /// The sum of `U_i²`.
    pub units_squared: u128,
    /// The sum of `k_i`, the seatings of index `i` that had a winner.
    pub decided: u64,
    /// The sum of `k_i²`.
    pub decided_squared: u64,
    /// The sum of `U_i · k_i`.
    pub cross: u128,
}

impl PairStats {
    /// Adds one game index: the upper level's win units over its seatings, and how many of
    /// them had a winner.
    pub(crate) fn add(&mut self, units: u128, decided: u64) {
        self.indices += 1;
        self.units += units;
        self.units_squared += units * units;
        self.decided += decided;
        self.decided_squared += decided * decided;
        self.cross += units * decided as u128;
    }
}

/// One pair of levels that met: level `lower` (0-based) in `p − 1` seats against `upper` in
/// one, with their statistics.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meeting {
    pub lower: usize,
    pub upper: usize,
    pub stats: PairStats,
}

/// One level's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Rating {
    /// The level, from 1 (the weakest agent, rated 0).
    pub level: usize,
    /// The level's agent.
    pub agent: dicecore::AgentSpec,
    /// The rating in Elo points (400 points: ten times the odds), level 1 at 0.
    pub elo: f64,
    /// The 95% interval of the rating (level 1: exactly 0).
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// Solves `a · x = b` by Gaussian elimination with partial pivoting; `None` when singular.
#[allow(clippy::needless_range_loop)]
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            for k in col..n {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

/// The inverse of a square matrix, `None` when singular.
fn inverse(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let columns = (0..n)
        .map(|c| solve(a.to_vec(), (0..n).map(|r| (r == c) as u8 as f64).collect()))
        .collect::<Option<Vec<_>>>()?;
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| columns[c][r]).collect())
            .collect(),
    )
}

/// The fitted strengths `π` (level 1 at 1) of `levels` levels over `meetings` of `players`
/// seats, and the 95% interval half-widths of their logarithms (`None` when the information
/// is singular: a level that met no other).
pub(crate) fn fit(
    levels: usize,
    players: u8,
    meetings: &[Meeting],
) -> (Vec<f64>, Vec<Option<f64>>) {
    let p = players.max(2) as f64;
    let unit = crate::summary::WIN_UNIT as f64;
    // Wins of each level, in games, with the prior's fair shares; decided games per meeting.
    let mut wins = vec![0.0f64; levels];
    let games: Vec<f64> = meetings
        .iter()
        .map(|m| m.stats.decided as f64 + 1.0)
        .collect();
    for (m, &n) in meetings.iter().zip(&games) {
        let upper = m.stats.units as f64 / unit + 1.0 / p;
        wins[m.upper] += upper;
        wins[m.lower] += n - upper;
    }
    let mut pi = vec![1.0f64; levels];
    for _ in 0..100_000 {
        let mut next = pi.clone();
        for (j, slot) in next.iter_mut().enumerate() {
            let expected: f64 = (meetings.iter().zip(&games))
                .filter(|(m, _)| m.lower == j || m.upper == j)
                .map(|(m, &n)| {
                    let d = pi[m.upper] + (p - 1.0) * pi[m.lower];
                    let seats = if m.upper == j { 1.0 } else { p - 1.0 };
                    n * seats / d
                })
                .sum();
            if expected > 0.0 {
                *slot = wins[j] / expected;
            }
        }
        let base = next[0];
        next.iter_mut().for_each(|x| *x /= base);
        let change = (next.iter().zip(&pi))
            .map(|(a, b)| ((a - b) / b).abs())
            .fold(0.0, f64::max);
        pi = next;
        if change < 1e-13 {
            break;
        }
    }
    // Information H and cluster spread M of θ = ln π, level 1 left out (fixed at 0).
    let k = levels.saturating_sub(1);
    let mut h = vec![vec![0.0f64; k]; k];
    let mut m = vec![vec![0.0f64; k]; k];
    for (meeting, &n) in meetings.iter().zip(&games) {
        let (a, b) = (meeting.lower, meeting.upper);
        let d = pi[b] + (p - 1.0) * pi[a];
        let (qb, qa) = (pi[b] / d, (p - 1.0) * pi[a] / d);
        // Per decided game the scores of (a, b) are (−e, e), e = w_b − qb; its information
        // in the direction (−1, 1) is qb·qa.
        let info = n * qb * qa;
        let s = &meeting.stats;
        let spread = s.units_squared as f64 / (unit * unit) - 2.0 * qb * s.cross as f64 / unit
            + qb * qb * s.decided_squared as f64;
        for (x, y, sign) in [(a, a, 1.0), (b, b, 1.0), (a, b, -1.0), (b, a, -1.0)] {
            if x > 0 && y > 0 {
                h[x - 1][y - 1] += sign * info;
                m[x - 1][y - 1] += sign * spread;
            }
        }
    }
    let half = match inverse(&h) {
        Some(hi) => (0..k)
            .map(|i| {
                let var: f64 = (0..k)
                    .flat_map(|r| (0..k).map(move |c| (r, c)))
                    .map(|(r, c)| hi[i][r] * m[r][c] * hi[c][i])
                    .sum();
                (var >= 0.0).then(|| Z95 * var.sqrt())
            })
            .collect(),
        None => vec![None; k],
    };
    let mut halves = vec![Some(0.0)];
    halves.extend(half);
    (pi, halves)
}

/// Elo points per unit of log-strength: `400 / ln 10`.
pub(crate) fn elo_per_log() -> f64 {
    400.0 / ln(10.0)
}

/// The ratings of `agents` (weakest first) from `meetings` of `players` seats.
pub(crate) fn ratings(
    agents: &[dicecore::AgentSpec],
    players: u8,
    meetings: &[Meeting],
) -> Vec<Rating> {
    let (pi, halves) = fit(agents.len(), players, meetings);
    let scale = elo_per_log();
    (agents.iter().enumerate())
        .map(|(j, agent)| {
            let theta = ln(pi[j]);
            let half = halves.get(j).copied().flatten();
            let elo = scale * theta;
            let (low, high) = match half {
                Some(h) => (scale * (theta - h), scale * (theta + h)),
                None => (f64::NEG_INFINITY, f64::INFINITY),
            };
            Rating {
                level: j + 1,
                agent: *agent,
                elo: if j == 0 { 0.0 } else { elo },
                low: if j == 0 { 0.0 } else { low },
                high: if j == 0 { 0.0 } else { high },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::WIN_UNIT;

    /// A pair of two-seat games where the upper level won `wins` of `games` game indices in
    /// both seatings (and lost both otherwise).
    fn pair(lower: usize, upper: usize, wins: u64, games: u64) -> Meeting {
        let mut stats = PairStats::default();
        for i in 0..games {
            let units = if i < wins { 2 * WIN_UNIT as u128 } else { 0 };
            stats.add(units, 2);
        }
        Meeting {
            lower,
            upper,
            stats,
        }
    }

    #[test]
    fn a_two_player_pair_rates_its_odds() {
        // 3 wins in 4 (plus the prior's even game): odds (1500 + 0.5)/(500 + 0.5).
        let (pi, halves) = fit(2, 2, &[pair(0, 1, 750, 1000)]);
        let odds = (1500.0 + 0.5) / (500.0 + 0.5);
        assert!((pi[1] - odds).abs() < 1e-9, "{pi:?}");
        assert!(halves[1].unwrap() > 0.0);
        let r = ratings(
            &[dicecore::AgentSpec::Random; 2],
            2,
            &[pair(0, 1, 750, 1000)],
        );
        assert_eq!(r[0].elo, 0.0);
        assert!((r[1].elo - 400.0 * odds.log10()).abs() < 1e-9);
        assert!(r[1].low < r[1].elo && r[1].elo < r[1].high);
    }

    #[test]
    fn a_level_that_never_loses_has_a_finite_rating() {
        let (pi, halves) = fit(3, 2, &[pair(0, 1, 50, 50), pair(1, 2, 30, 60)]);
        assert!(pi.iter().all(|x| x.is_finite() && *x > 0.0));
        assert!(pi[1] > 50.0 && (pi[2] / pi[1] - 1.0).abs() < 0.05, "{pi:?}");
        assert!(halves.iter().all(|h| h.is_some()));
    }

    #[test]
    fn three_seats_of_equal_strength_win_a_third() {
        // The upper level wins a third of the games: equal strength.
        let mut stats = PairStats::default();
        for i in 0..300u64 {
            stats.add(if i % 3 == 0 { 3 * WIN_UNIT as u128 } else { 0 }, 3);
        }
        let (pi, _) = fit(
            2,
            3,
            &[Meeting {
                lower: 0,
                upper: 1,
                stats,
            }],
        );
        assert!((pi[1] - 1.0).abs() < 1e-9, "{pi:?}");
        assert!(solve(vec![vec![0.0]], vec![1.0]).is_none());
    }
}
