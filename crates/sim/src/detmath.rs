//! Elementary functions built from the correctly rounded operations alone (`+ − × ÷` and
//! `sqrt`), evaluated in a fixed order, so that every figure written to a file is the same
//! bytes on every machine: the platform's `exp` and `ln` may differ in the last bit.

/// ln 2 split in a high part with trailing zero bits and the remainder (fdlibm's constants), so
/// that `k · LN2_HI` is exact for the `k` of [`exp`].
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
const LN2: f64 = std::f64::consts::LN_2;

/// `x · 2^k`, exactly when the result is a normal number.
fn times_power_of_two(mut x: f64, mut k: i64) -> f64 {
    let power = |e: i64| f64::from_bits(((1023 + e) as u64) << 52);
    while k > 1000 {
        x *= power(1000);
        k -= 1000;
    }
    while k < -1000 {
        x *= power(-1000);
        k += 1000;
    }
    x * power(k)
}

/// e^x, with a relative error of a few units in the last place.
pub(crate) fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.78 {
        return f64::INFINITY;
    }
    if x < -745.2 {
        return 0.0;
    }
    let k = (x / LN2).round();
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // |r| ≤ 0.35: the Taylor series to r^22 / 22! is exact to well below the last place.
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for i in 1..=22 {
        term *= r / i as f64;
        sum += term;
    }
    times_power_of_two(sum, k as i64)
}

/// The natural logarithm; `NaN` below 0, `−∞` at 0.
pub(crate) fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    // x = m · 2^e with m in [1, 2) (subnormals scaled up first).
    let (x, shift) = if x < f64::MIN_POSITIVE {
        (x * times_power_of_two(1.0, 60), -60i64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023 + shift;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0;
        e += 1;
    }
    // ln m = 2 atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172: 2(s + s³/3 + s⁵/5 + ...).
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let (mut power, mut sum) = (s, 0.0f64);
    for k in 0..20 {
        sum += power / (2 * k + 1) as f64;
        power *= s2;
    }
    e as f64 * LN2 + 2.0 * sum
}

/// The complementary error function, with a relative error below 1.2·10⁻⁷ (the Chebyshev
/// fit of Numerical Recipes' `erfcc`).
pub(crate) fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let value = t * exp(poly);
    if x >= 0.0 {
        value
    } else {
        2.0 - value
    }
}

/// The two-sided p-value of a standard normal statistic `z`: `P(|Z| ≥ |z|)`.
pub(crate) fn two_sided_p(z: f64) -> f64 {
    if z.is_nan() {
        return f64::NAN;
    }
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// The `z` whose two-sided normal p-value is `alpha` (bisection, to 1e-12).
pub(crate) fn two_sided_z(alpha: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 40.0f64);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if two_sided_p(mid) > alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_and_ln_agree_with_the_platform_to_the_last_places() {
        for &x in &[
            -700.0, -20.5, -1.0, -0.3, 0.0, 1e-9, 0.5, 1.0, 2.3, 10.0, 300.0,
        ] {
            let (ours, theirs) = (exp(x), x.exp());
            assert!(
                (ours - theirs).abs() <= 4.0 * f64::EPSILON * theirs,
                "exp({x})"
            );
        }
        for &x in &[1e-310, 1e-300, 0.001, 0.5, 1.0, 1.5, 2.0, 10.0, 1e10, 1e300] {
            let (ours, theirs) = (ln(x), x.ln());
            assert!(
                (ours - theirs).abs() <= 4.0 * f64::EPSILON * theirs.abs().max(1.0),
                "ln({x}) = {ours} vs {theirs}"
            );
        }
        assert!(ln(-1.0).is_nan() && ln(0.0) == f64::NEG_INFINITY);
        assert_eq!(exp(1000.0), f64::INFINITY);
        assert_eq!(exp(-1000.0), 0.0);
    }

    #[test]
    fn normal_p_values() {
        assert!((two_sided_p(1.959_963_984_540_054) - 0.05).abs() < 1e-8);
        assert!((two_sided_p(-2.575_829_303_549) - 0.01).abs() < 1e-8);
        assert!((two_sided_p(0.0) - 1.0).abs() < 1e-7);
        assert!(two_sided_p(8.0) < 1e-14);
        assert!((erfc(-1.0) - 1.842_700_792_949_715).abs() < 1e-6);
        assert!((two_sided_z(0.05) - 1.959_963_984_540_054).abs() < 1e-6);
        assert!((two_sided_z(0.05 / 3.0) - 2.393_980_2).abs() < 1e-5);
    }
}
