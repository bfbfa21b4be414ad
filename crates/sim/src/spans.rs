//! [`Spans`]: a set of game indices as sorted, disjoint, non-adjacent half-open ranges.

/// A set of game indices, kept as sorted, disjoint, non-adjacent half-open ranges
/// `(start, end)`, so that equal sets have equal representations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spans(Vec<(u64, u64)>);

impl Spans {
    /// The ranges, in order.
    pub(crate) fn as_slice(&self) -> &[(u64, u64)] {
        &self.0
    }

    /// Number of indices in the set.
    pub(crate) fn len(&self) -> u128 {
        self.0.iter().map(|&(a, b)| (b - a) as u128).sum()
    }

    /// The set of these ranges, if they are sorted, non-empty, disjoint and non-adjacent (the
    /// canonical form); otherwise the position of the first range out of place.
    pub(crate) fn from_ranges(ranges: Vec<(u64, u64)>) -> Result<Spans, usize> {
        for (i, &(a, b)) in ranges.iter().enumerate() {
            let after_previous = i == 0 || ranges[i - 1].1 < a;
            if a >= b || !after_previous {
                return Err(i);
            }
        }
        Ok(Spans(ranges))
    }

    /// Adds index `i`. Fast when indices arrive in increasing order (as they do in a run);
    /// an index already present is left as it is.
    pub(crate) fn insert(&mut self, i: u64) {
        if let Some(last) = self.0.last_mut() {
            if last.1 == i && i < u64::MAX {
                last.1 = i + 1;
                return;
            }
        }
        if i == u64::MAX {
            return; // not a game index: games are numbered below u64::MAX
        }
        if let Ok(one) = Spans::from_ranges(vec![(i, i + 1)]) {
            if let Ok(union) = self.union(&one) {
                *self = union;
            }
        }
    }

    /// The union of two disjoint sets, or the first index they share.
    pub(crate) fn union(&self, other: &Spans) -> Result<Spans, u64> {
        let mut all: Vec<(u64, u64)> = self.0.iter().chain(&other.0).copied().collect();
        all.sort_unstable();
        let mut out: Vec<(u64, u64)> = Vec::with_capacity(all.len());
        for (a, b) in all {
            match out.last_mut() {
                Some(last) if a < last.1 => return Err(a),
                Some(last) if a == last.1 => last.1 = b,
                _ => out.push((a, b)),
            }
        }
        Ok(Spans(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_coalesce_and_unions_refuse_overlaps() {
        let mut s = Spans::default();
        for i in [0, 1, 2, 5, 6, 4, 3] {
            s.insert(i);
        }
        assert_eq!(s.as_slice(), &[(0, 7)]);
        assert_eq!(s.len(), 7);
        let t = Spans::from_ranges(vec![(7, 9), (12, 13)]).unwrap();
        assert_eq!(s.union(&t).unwrap().as_slice(), &[(0, 9), (12, 13)]);
        assert_eq!(s.union(&s), Err(0));
        let u = Spans::from_ranges(vec![(8, 20)]).unwrap();
        assert_eq!(t.union(&u), Err(8));
        assert_eq!(Spans::from_ranges(vec![(0, 3), (3, 4)]), Err(1));
        assert_eq!(Spans::from_ranges(vec![(2, 2)]), Err(0));
        assert_eq!(Spans::from_ranges(vec![(5, 6), (1, 2)]), Err(1));
    }
}
