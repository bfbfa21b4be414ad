//! Estimates from exact sums: the 95% Wilson interval of a share, the mean and standard
//! deviation of a sum of values, and the unit win shares are counted in (the leaf the
//! summary, the statistics and the metrics share).

/// Win shares are counted in units of `1 / WIN_UNIT` of a game: divisible by every number of
/// winners from 1 to 16, so a shared win (`1 / |winners|` to each winner) is exact in integers.
pub const WIN_UNIT: u64 = 720_720;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of a proportion `successes / n` (successes may be fractional:
/// shared wins count `1 / |winners|`), as `(low, high)`; `None` for `n = 0`.
///
/// ```
/// let (low, high) = tabula_sim::stats::wilson(50.0, 100).unwrap();
/// assert!((low - 0.4038).abs() < 1e-4 && (high - 0.5962).abs() < 1e-4);
/// ```
pub fn wilson(successes: f64, n: u64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let p = successes / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 and p = 1 the bound is exactly 0 or 1; say so rather than round near it.
    let low = if successes <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    Some((low, high))
}

/// Mean and sample standard deviation (divisor `n - 1`) from exact sums: the mean for `n >= 1`,
/// the deviation for `n >= 2`. The variance's numerator `n·Σx² − (Σx)²` is computed exactly.
pub fn mean_sd(n: u64, sum: i128, squares: i128) -> (Option<f64>, Option<f64>) {
    if n == 0 {
        return (None, None);
    }
    let mean = sum as f64 / n as f64;
    if n < 2 {
        return (Some(mean), None);
    }
    let numerator = (n as i128)
        .checked_mul(squares)
        .and_then(|a| sum.checked_mul(sum).and_then(|b| a.checked_sub(b)));
    let variance = match numerator {
        Some(num) => num as f64 / (n as f64 * (n as f64 - 1.0)),
        // Beyond i128: fall back to floating point (deterministic all the same).
        None => {
            let (n, s, q) = (n as f64, sum as f64, squares as f64);
            (n * q - s * s) / (n * (n - 1.0))
        }
    };
    (Some(mean), Some(variance.max(0.0).sqrt()))
}
