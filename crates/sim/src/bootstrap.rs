//! Resampling from exact counts, seeded and reproducible: the bootstrap over games of the
//! figures that have no closed-form interval (`Balance`, the standard deviation of the game
//! length) and the simulated value of `Balance` in a fair game.
//!
//! A sample is given as counts per category (the games of each kind); a replicate draws as many
//! items with replacement (or from other weights) with [`dicecore::Dice`] seeded from the counts
//! themselves, so the same summary always gives the same interval. The number of replicates
//! shrinks as the samples grow, so that one figure never costs more than about
//! [`DRAW_BUDGET`] draws: between [`MIN_REPLICATES`] and [`MAX_REPLICATES`].

use dicecore::seeds::mix;
use dicecore::Dice;

/// Draws one resampled figure may take, all replicates together.
pub const DRAW_BUDGET: u64 = 20_000_000;
/// The fewest replicates of a resampled figure.
pub const MIN_REPLICATES: u64 = 200;
/// The most replicates of a resampled figure.
pub const MAX_REPLICATES: u64 = 2_000;

/// The number of replicates of samples of `draws` items.
pub fn replicates(draws: u64) -> u64 {
    (DRAW_BUDGET / draws.max(1)).clamp(MIN_REPLICATES, MAX_REPLICATES)
}

/// A seed that depends on every value given, in order (and on a label naming the figure).
pub fn seed_of(label: &str, values: impl IntoIterator<Item = u64>) -> u64 {
    let start = label.bytes().fold(0u64, |h, b| mix(h ^ b as u64));
    values.into_iter().fold(start, |h, v| mix(h ^ v))
}

/// `replicates` replicates of `statistic` over `draws` items drawn with replacement from the
/// categories with `weights` (draw `k` lands in category `c` with probability
/// `weights[c] / Σ weights`); the statistic sees the counts per category.
pub fn resample(
    weights: &[u64],
    draws: u64,
    replicates: u64,
    seed: u64,
    mut statistic: impl FnMut(&[u64]) -> f64,
) -> Vec<f64> {
    let total: u64 = weights.iter().sum();
    let mut cumulative = Vec::with_capacity(weights.len());
    let mut acc = 0u64;
    for &w in weights {
        acc += w;
        cumulative.push(acc);
    }
    let mut dice = Dice::from_seed(seed);
    let mut counts = vec![0u64; weights.len()];
    (0..replicates)
        .map(|_| {
            counts.iter_mut().for_each(|c| *c = 0);
            if total > 0 {
                for _ in 0..draws {
                    let u = dice.below_u64(total);
                    let k = cumulative.partition_point(|&c| c <= u);
                    counts[k] += 1;
                }
            }
            statistic(&counts)
        })
        .collect()
}

/// The central 95% range of replicates: the 2.5th and 97.5th percentiles (nearest rank).
pub fn central_95(mut values: Vec<f64>) -> Option<(f64, f64)> {
    values.retain(|v| v.is_finite());
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let at = |q: u64| values[((q as usize * n).div_ceil(1000)).clamp(1, n) - 1];
    Some((at(25), at(975)))
}

/// The mean of replicates.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resampling_is_seeded_and_counts_every_draw() {
        let weights = [3, 0, 7];
        let a = resample(&weights, 50, 20, 9, |c| {
            assert_eq!(c.iter().sum::<u64>(), 50);
            assert_eq!(c[1], 0);
            c[0] as f64
        });
        let b = resample(&weights, 50, 20, 9, |c| c[0] as f64);
        assert_eq!(a, b);
        assert_ne!(a, resample(&weights, 50, 20, 10, |c| c[0] as f64));
        let mean = mean(&a).unwrap();
        assert!(mean > 8.0 && mean < 22.0, "{mean}");
        assert_eq!(replicates(1), MAX_REPLICATES);
        assert_eq!(replicates(1_000_000), MIN_REPLICATES);
    }

    #[test]
    fn the_central_range_takes_nearest_ranks() {
        let values: Vec<f64> = (1..=1000).map(f64::from).collect();
        assert_eq!(central_95(values), Some((25.0, 975.0)));
        assert_eq!(central_95(vec![f64::NAN]), None);
        assert_eq!(central_95(vec![2.0]), Some((2.0, 2.0)));
    }
}
