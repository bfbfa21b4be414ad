//! Exact distributions of rolls of several identical dice.
//!
//! Rolling `k` identical dice is one chance event whose outcomes are the sorted multisets of
//! faces. [`roll_outcomes`] lists them with exact probabilities (multinomial), and
//! [`crate::Dice::roll_sorted`] samples one directly in the same form.

use crate::Probability;

/// The most dice one call of [`roll_outcomes`] handles (denominators stay within `u64`).
pub const MAX_DICE: usize = 24;

/// Every outcome of rolling `k` dice with the given faces, as a sorted multiset (ascending),
/// with its exact probability. Outcomes are listed in lexicographic order; repeated faces
/// (like the Mosaix die's) are weighted by how often they appear. Returns an empty list when
/// `faces` is empty or `k > MAX_DICE`; `k == 0` gives the one empty outcome.
///
/// ```
/// use dicecore::{chance::roll_outcomes, faces::D6, Probability};
/// let two = roll_outcomes(&D6, 2);
/// assert_eq!(two.len(), 21);
/// assert_eq!(two[0], (vec![1, 1], Probability::new(1, 36)));
/// assert_eq!(two[1], (vec![1, 2], Probability::new(2, 36)));
/// ```
pub fn roll_outcomes<T: Copy + Ord>(faces: &[T], k: usize) -> Vec<(Vec<T>, Probability)> {
    if faces.is_empty() || k > MAX_DICE {
        return Vec::new();
    }
    let mut distinct: Vec<(T, u64)> = Vec::new();
    let mut sorted = faces.to_vec();
    sorted.sort_unstable();
    for f in sorted {
        match distinct.last_mut() {
            Some((g, c)) if *g == f => *c += 1,
            _ => distinct.push((f, 1)),
        }
    }
    let n = faces.len() as u128;
    let denominator = n.pow(k as u32);
    let mut out = Vec::new();
    let mut counts = vec![0usize; distinct.len()];
    enumerate(&distinct, k, 0, &mut counts, &mut |counts| {
        // k! / prod(m_i!) * prod(c_i^m_i)
        let mut ways: u128 = factorial(k);
        for (i, &m) in counts.iter().enumerate() {
            ways /= factorial(m);
            ways *= (distinct[i].1 as u128).pow(m as u32);
        }
        let mut faces_out = Vec::with_capacity(k);
        for (i, &m) in counts.iter().enumerate() {
            faces_out.extend(std::iter::repeat_n(distinct[i].0, m));
        }
        out.push((faces_out, Probability::from_u128(ways, denominator)));
    });
    out
}

fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
}

fn enumerate(
    distinct: &[(impl Copy, u64)],
    left: usize,
    i: usize,
    counts: &mut Vec<usize>,
    emit: &mut impl FnMut(&[usize]),
) {
    if i + 1 == distinct.len() {
        counts[i] = left;
        emit(counts);
        counts[i] = 0;
        return;
    }
    // Lexicographic order of the sorted multiset: more of the smaller face first.
    for m in (0..=left).rev() {
        counts[i] = m;
        enumerate(distinct, left - m, i + 1, counts, emit);
    }
    counts[i] = 0;
}

/// The distribution of the sum of `k` d6 is sometimes all a game needs (Sequence Dice): the
/// sums `k..=6k` with exact probabilities.
///
/// ```
/// use dicecore::{chance::d6_sums, Probability};
/// let s = d6_sums(2);
/// assert_eq!(s[5], (7, Probability::new(6, 36)));
/// ```
pub fn d6_sums(k: usize) -> Vec<(u32, Probability)> {
    let mut by_sum: Vec<(u32, Probability)> = Vec::new();
    for (faces, p) in roll_outcomes(&crate::faces::D6, k) {
        let s: u32 = faces.iter().map(|&f| f as u32).sum();
        match by_sum.iter_mut().find(|(t, _)| *t == s) {
            Some((_, q)) => *q = q.checked_add(p).unwrap_or(*q),
            None => by_sum.push((s, p)),
        }
    }
    by_sum.sort_by_key(|(s, _)| *s);
    by_sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::faces::{D6, SYMBOL_DIE};
    use crate::Dice;
    use proptest::prelude::*;

    #[test]
    fn counts_of_outcomes() {
        assert_eq!(roll_outcomes(&D6, 0).len(), 1);
        assert_eq!(roll_outcomes(&D6, 5).len(), 252);
        assert_eq!(roll_outcomes(&D6, 8).len(), 1287);
        assert_eq!(roll_outcomes(&SYMBOL_DIE, 4).len(), 15);
        assert!(roll_outcomes::<u8>(&[], 3).is_empty());
        assert!(roll_outcomes(&D6, MAX_DICE + 1).is_empty());
        let sums = d6_sums(2);
        assert_eq!(sums.len(), 11);
        assert_eq!(sums[0], (2, Probability::new(1, 36)));
        assert_eq!(sums[10], (12, Probability::new(1, 36)));
    }

    proptest! {
        #[test]
        fn probabilities_sum_to_one(k in 0usize..7) {
            for outcomes in [roll_outcomes(&D6, k), roll_outcomes(&SYMBOL_DIE, k).into_iter().map(|(v, p)| (v.iter().map(|s| s.index() as u8).collect(), p)).collect()] {
                let total = Probability::sum(outcomes.iter().map(|(_, p)| *p));
                prop_assert_eq!(total, Some(Probability::ONE));
                for (faces, _) in &outcomes {
                    prop_assert_eq!(faces.len(), k);
                    prop_assert!(faces.windows(2).all(|w| w[0] <= w[1]));
                }
            }
        }

        #[test]
        fn sampled_rolls_are_listed_and_in_range(seed in any::<u64>(), k in 1usize..6) {
            let outcomes = roll_outcomes(&SYMBOL_DIE, k);
            let mut dice = Dice::from_seed(seed);
            for _ in 0..20 {
                let r = dice.roll_sorted(&SYMBOL_DIE, k);
                prop_assert!(outcomes.iter().any(|(o, _)| *o == r));
                let d = dice.roll(&D6);
                prop_assert!((1..=6).contains(&d));
                let n = dice.below(7);
                prop_assert!(n < 7);
            }
        }
    }

    /// Sampled frequencies of 3d6 multisets lie within 5 standard deviations of the exact ones.
    #[test]
    fn sampled_frequencies_match_exact_probabilities() {
        let outcomes = roll_outcomes(&D6, 3);
        let mut dice = Dice::from_seed(2024);
        let n = 200_000u64;
        let mut counts = vec![0u64; outcomes.len()];
        for _ in 0..n {
            let r = dice.roll_sorted(&D6, 3);
            let i = outcomes.iter().position(|(o, _)| *o == r).unwrap();
            counts[i] += 1;
        }
        for (i, (_, p)) in outcomes.iter().enumerate() {
            // Integer check: |count - n p| <= 5 sqrt(n p (1-p)), squared to stay exact.
            let expected_num = n as i128 * p.numerator as i128;
            let den = p.denominator as i128;
            let diff = counts[i] as i128 * den - expected_num; // scaled by den
            let var_scaled = n as i128 * p.numerator as i128 * (den - p.numerator as i128); // n p (1-p) * den^2
            assert!(
                diff * diff <= 25 * var_scaled,
                "outcome {i}: {} vs {}/{}",
                counts[i],
                expected_num,
                den
            );
        }
    }
}
