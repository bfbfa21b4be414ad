//! The five colour dice as a multiset, and the exact distribution of a roll.

use dicecore::chance::roll_outcomes;
use dicecore::faces::{Colour, RollTable, COLOUR_DIE};
use dicecore::{Dice, Probability};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// Number of dice.
pub const DICE: u8 = 5;

/// Most rolls of the active player per round.
pub const ROLLS: u8 = 3;

/// The high bit of each of the six count bytes.
const HIGH: u64 = 0x0000_8080_8080_8080;
/// Bits 0-4 of each of the six count bytes.
const LOW5: u64 = 0x0000_1f1f_1f1f_1f1f;
/// One in every byte (byte-sum multiplier).
const BYTES: u64 = 0x0101_0101_0101_0101;

/// A multiset of colour dice: how many show each colour, in [`Colour::ALL`] order.
///
/// ```
/// use the_border::DiceSet;
/// use dicecore::faces::Colour;
/// let d = DiceSet::from_colours(&[Colour::Red, Colour::Grey, Colour::Red]);
/// assert_eq!(d.count(Colour::Red), 2);
/// assert_eq!(d.total(), 3);
/// assert_eq!(d.to_string(), "grey red red");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct DiceSet(pub [u8; 6]);

impl DiceSet {
    /// No dice.
    pub const EMPTY: DiceSet = DiceSet([0; 6]);

    /// The multiset of some colours.
    pub fn from_colours(colours: &[Colour]) -> DiceSet {
        let mut d = DiceSet::EMPTY;
        for c in colours {
            d.0[c.index()] = d.0[c.index()].saturating_add(1);
        }
        d
    }

    /// Dice showing `colour`.
    pub const fn count(self, colour: Colour) -> u8 {
        self.0[colour as usize]
    }

    /// Number of dice.
    #[inline]
    pub fn total(self) -> u16 {
        let x = self.packed();
        if x & !LOW5 == 0 {
            // Six lanes of at most 31: the byte sum fits a byte.
            return (x.wrapping_mul(BYTES) >> 56) as u16;
        }
        self.0.iter().map(|&n| n as u16).sum()
    }

    /// Whether every die of `self` is among `other`.
    #[inline]
    pub fn is_subset(self, other: DiceSet) -> bool {
        let (a, b) = (self.packed(), other.packed());
        if (a | b) & HIGH == 0 {
            // Lane-wise b - a without borrows: the high bit stays set where b >= a.
            return ((b | HIGH) - a) & HIGH == HIGH;
        }
        self.0.iter().zip(other.0).all(|(&a, b)| a <= b)
    }

    /// `self` without the dice of `other` (saturating).
    #[inline]
    pub fn minus(self, other: DiceSet) -> DiceSet {
        let (a, b) = (self.packed(), other.packed());
        if (a | b) & HIGH == 0 {
            let d = (a | HIGH) - b;
            let keep = ((d & HIGH) >> 7) * 0xff;
            return DiceSet::unpacked(d & !HIGH & keep);
        }
        let mut d = self;
        for (a, b) in d.0.iter_mut().zip(other.0) {
            *a = a.saturating_sub(b);
        }
        d
    }

    /// `self` with the dice of `other` (saturating).
    #[inline]
    pub fn plus(self, other: DiceSet) -> DiceSet {
        let (a, b) = (self.packed(), other.packed());
        if (a | b) & HIGH == 0 {
            return DiceSet::unpacked(a + b);
        }
        let mut d = self;
        for (a, b) in d.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
        d
    }

    /// The counts as the low six bytes of a word (little-endian).
    #[inline]
    pub(crate) fn packed(self) -> u64 {
        let c = self.0;
        u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], 0, 0])
    }

    #[inline]
    pub(crate) fn unpacked(x: u64) -> DiceSet {
        let b = x.to_le_bytes();
        DiceSet([b[0], b[1], b[2], b[3], b[4], b[5]])
    }

    /// The colours, sorted, with repeats.
    pub fn colours(self) -> impl Iterator<Item = Colour> {
        Colour::ALL
            .into_iter()
            .flat_map(move |c| std::iter::repeat_n(c, self.0[c.index()] as usize))
    }

    /// A bit mask of the colours present (bit = [`Colour::index`]).
    #[inline]
    pub fn colour_bits(self) -> u8 {
        // Set the high bit of every non-zero lane, then gather the six high bits.
        let x = self.packed();
        let nonzero = ((((x & !HIGH) + !HIGH) & HIGH) | x) & HIGH;
        // Gather bit 8i (i = 0..5) to bit 56 + i with one multiplication: the partial products
        // 2^(8i + 56 - 7j) are distinct powers of two (no carries) and only i = j lands in
        // bits 56..61.
        const GATHER: u64 = (1 << 56) | (1 << 49) | (1 << 42) | (1 << 35) | (1 << 28) | (1 << 21);
        (((nonzero >> 7).wrapping_mul(GATHER) >> 56) & 0x3f) as u8
    }

    /// Rolls `k` dice (at most [`DICE`]; more are capped). One uniform draw among the `6^k`
    /// ordered outcomes gives every die its face, so each die is uniform and independent.
    pub fn roll(dice: &mut Dice, k: u8) -> DiceSet {
        // Die `j` shows face `r` digit `j` in base 6 of the draw `r`, read two dice at a time
        // from tables. `Dice::below` is inlined, so its divisions are by a constant here.
        let (one, two) = (&FACES.one, &FACES.two);
        let packed = match k.min(DICE) {
            0 => 0,
            1 => one[dice.below(6) as usize],
            2 => two[dice.below(36) as usize],
            3 => {
                let r = dice.below(216) as usize;
                two[r % 36] + one[r / 36]
            }
            4 => {
                let r = dice.below(1296) as usize;
                two[r % 36] + two[r / 36]
            }
            _ => {
                let r = dice.below(7776) as usize;
                two[r % 36] + two[r / 36 % 36] + one[r / 1296]
            }
        };
        DiceSet::unpacked(packed)
    }
}

/// The packed counts ([`DiceSet::packed`]) of the dice a draw shows, faces in [`COLOUR_DIE`]
/// order.
const FACES: RollTable = RollTable::new({
    let mut lanes = [0; 6];
    let mut f = 0;
    while f < 6 {
        lanes[f] = COLOUR_DIE[f] as usize;
        f += 1;
    }
    lanes
});

impl fmt::Display for DiceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.total() == 0 {
            return f.write_str("no dice");
        }
        for (i, c) in self.colours().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl DiceSet {
    /// Reads dice a person typed in: colour names in any order, separated by spaces, commas or
    /// `and`, each optionally after a count (`grey grey blue`, `blue, 2 grey`); a name may be
    /// shortened to any beginning that names one colour (`b`, `gree`, `grey`; `gray` is
    /// grey), and `the dice show` before them is skipped. The error says what could not be
    /// read.
    ///
    /// ```
    /// use the_border::DiceSet;
    /// use dicecore::faces::Colour::*;
    /// let three = DiceSet::from_colours(&[Grey, Grey, Blue]);
    /// assert_eq!(DiceSet::from_text("blue grey grey"), Ok(three));
    /// assert_eq!(DiceSet::from_text("2 grey, b"), Ok(three));
    /// assert!(DiceSet::from_text("g b").is_err()); // grey or green?
    /// ```
    pub fn from_text(text: &str) -> Result<DiceSet, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words = lower.strip_prefix("the dice show").unwrap_or(&lower);
        let mut dice = DiceSet::EMPTY;
        let mut count: Option<u8> = None;
        for word in words
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty() && *w != "and")
        {
            if let Ok(n) = word.parse::<u8>() {
                if count.is_some() {
                    return Err(format!("two counts in a row before '{word}'"));
                }
                count = Some(n);
                continue;
            }
            let colour = colour_named(word)?;
            let n = count.take().unwrap_or(1);
            dice.0[colour.index()] = dice.0[colour.index()].saturating_add(n);
        }
        if let Some(n) = count {
            return Err(format!("the count {n} names no colour"));
        }
        Ok(dice)
    }
}

/// The colour a typed word names: a beginning of one colour's name (`gray` too).
fn colour_named(word: &str) -> Result<Colour, String> {
    if word == "gray" {
        return Ok(Colour::Grey);
    }
    let named: Vec<Colour> = Colour::ALL
        .into_iter()
        .filter(|c| c.to_string().starts_with(word))
        .collect();
    match named.as_slice() {
        [c] => Ok(*c),
        [] => Err(format!("'{word}' is not a colour")),
        several => {
            let names: Vec<String> = several.iter().map(|c| c.to_string()).collect();
            Err(format!("'{word}' could be {}", names.join(" or ")))
        }
    }
}

/// Every outcome of rolling `k` colour dice (1–5) with its exact probability, from
/// [`roll_outcomes`] (`k` out of range gives an empty list).
pub fn roll_table(k: u8) -> &'static [(DiceSet, Probability)] {
    static TABLE: OnceLock<Vec<Vec<(DiceSet, Probability)>>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..=DICE as usize)
            .map(|k| {
                roll_outcomes(&COLOUR_DIE, k)
                    .into_iter()
                    .map(|(faces, p)| (DiceSet::from_colours(&faces), p))
                    .collect()
            })
            .collect()
    });
    t.get(k as usize).map_or(&[], |v| v.as_slice())
}

/// The non-empty sub-multisets of a roll of all five dice (what the active player may re-roll),
/// from a table built once. `None` unless `dice` holds exactly five dice.
pub fn rerolls(dice: DiceSet) -> Option<&'static [DiceSet]> {
    struct Table {
        /// Index into `ranges` by `key(dice)` (`u8::MAX`: not five dice).
        index: Vec<u8>,
        ranges: Vec<(u16, u16)>,
        subsets: Vec<DiceSet>,
    }
    static TABLE: OnceLock<Table> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut t = Table {
            index: vec![u8::MAX; 6usize.pow(6)],
            ranges: Vec::new(),
            subsets: Vec::new(),
        };
        for (five, _) in roll_table(DICE) {
            let m = five.0;
            let start = t.subsets.len() as u16;
            for a in 0..m[0] + 1 {
                for b in 0..m[1] + 1 {
                    for c in 0..m[2] + 1 {
                        for d in 0..m[3] + 1 {
                            for e in 0..m[4] + 1 {
                                for f in 0..m[5] + 1 {
                                    if a + b + c + d + e + f > 0 {
                                        t.subsets.push(DiceSet([a, b, c, d, e, f]));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if let Some(k) = key(*five) {
                t.index[k] = t.ranges.len() as u8;
            }
            t.ranges.push((start, t.subsets.len() as u16));
        }
        t
    });
    let i = *t.index.get(key(dice)?)?;
    let &(a, b) = t.ranges.get(i as usize)?;
    t.subsets.get(a as usize..b as usize)
}

/// The position of a roll of all five dice in [`roll_table`]`(DICE)` (`None` unless `dice`
/// holds exactly five dice).
pub(crate) fn five_index(dice: DiceSet) -> Option<usize> {
    if dice.total() != DICE as u16 {
        return None;
    }
    // Five dice: the first five counts (each at most 5) say which roll, in base 6.
    let [a, b, c, d, e, _] = dice.0.map(usize::from);
    Some(FIVE_INDEX[a + 6 * (b + 6 * (c + 6 * (d + 6 * e)))] as usize)
}

/// [`five_index`] by the first five counts of a roll of five dice read in base 6: the rolls
/// come in descending order of (grey, green, ...) counts, so a roll's place is, lane by lane,
/// how many rolls agree up to lane `i` and show more of lane `i` ([`FIVE_RANK`]).
const FIVE_INDEX: [u8; 7776] = {
    let mut t = [0u8; 7776];
    let mut k = 0;
    while k < 7776 {
        let counts = [k % 6, k / 6 % 6, k / 36 % 6, k / 216 % 6, k / 1296];
        let (mut rank, mut before, mut i) = (0, 0, 0);
        while i < 5 && before + counts[i] <= 5 {
            rank += FIVE_RANK[i][before][counts[i]] as usize;
            before += counts[i];
            i += 1;
        }
        t[k] = rank as u8;
        k += 1;
    }
    t
};

/// `FIVE_RANK[i][p][v]`: how many rolls of five dice have the same counts in lanes before
/// `i` (summing to `p`) and more than `v` dice in lane `i`.
const FIVE_RANK: [[[u8; 6]; 6]; 5] = {
    // Ways to put `s` dice into `m` lanes: C(s + m - 1, m - 1).
    const fn ways(s: usize, m: usize) -> usize {
        let (mut num, mut den, mut j) = (1, 1, 1);
        while j < m {
            num *= s + j;
            den *= j;
            j += 1;
        }
        num / den
    }
    let mut t = [[[0u8; 6]; 6]; 5];
    let mut i = 0;
    while i < 5 {
        let mut p = 0;
        while p <= 5 {
            let mut v = 0;
            while v + p <= 5 {
                let mut x = v + 1;
                let mut sum = 0;
                while x + p <= 5 {
                    sum += ways(5 - p - x, 5 - i);
                    x += 1;
                }
                t[i][p][v] = sum as u8;
                v += 1;
            }
            p += 1;
        }
        i += 1;
    }
    t
};

/// Where the rolls of five dice start in [`multisets`].
const FIVE_AT: usize = 6 + 21 + 56 + 126;

/// How many multisets of 1 to 5 dice there are (6 + 21 + 56 + 126 + 252).
pub(crate) const MULTISETS: usize = FIVE_AT + 252;

/// A number unique to every multiset of at most five dice of each colour (`None` beyond).
fn key(d: DiceSet) -> Option<usize> {
    if d.0.iter().any(|&c| c > DICE) {
        return None;
    }
    Some(d.0.iter().rev().fold(0usize, |k, &c| k * 6 + c as usize))
}

struct Multisets {
    list: Vec<DiceSet>,
    /// Position in `list` by [`key`] (`u16::MAX`: not 1 to 5 dice).
    index: Vec<u16>,
}

fn multiset_table() -> &'static Multisets {
    static TABLE: OnceLock<Multisets> = OnceLock::new();
    TABLE.get_or_init(|| {
        let list: Vec<DiceSet> = (1..=DICE)
            .flat_map(|k| roll_table(k).iter().map(|&(d, _)| d))
            .collect();
        let mut index = vec![u16::MAX; 6usize.pow(6)];
        for (i, d) in list.iter().enumerate() {
            if let Some(k) = key(*d) {
                index[k] = i as u16;
            }
        }
        Multisets { list, index }
    })
}

/// Every multiset of 1 to 5 dice: by number of dice, each number in [`roll_table`] order
/// (the order of the roll and re-roll action ids; [`MULTISETS`] of them).
pub(crate) fn multisets() -> &'static [DiceSet] {
    &multiset_table().list
}

/// The position of a multiset of 1 to 5 dice in [`multisets`].
pub(crate) fn multiset_index(dice: DiceSet) -> Option<usize> {
    match multiset_table().index.get(key(dice)?) {
        Some(&i) if i != u16::MAX => Some(i as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The word-wise operations agree with lane-by-lane ones, for any counts.
        #[test]
        fn word_ops_match_lane_ops(a in any::<[u8; 6]>(), b in any::<[u8; 6]>(), small in any::<bool>()) {
            let (a, b) = if small { (a.map(|x| x % 8), b.map(|x| x % 8)) } else { (a, b) };
            let (x, y) = (DiceSet(a), DiceSet(b));
            let total: u16 = a.iter().map(|&n| n as u16).sum();
            prop_assert_eq!(x.total(), total);
            prop_assert_eq!(x.is_subset(y), a.iter().zip(b).all(|(&p, q)| p <= q));
            let minus: Vec<u8> = a.iter().zip(b).map(|(&p, q)| p.saturating_sub(q)).collect();
            prop_assert_eq!(x.minus(y).0.to_vec(), minus);
            let plus: Vec<u8> = a.iter().zip(b).map(|(&p, q)| p.saturating_add(q)).collect();
            prop_assert_eq!(x.plus(y).0.to_vec(), plus);
            let bits = a.iter().enumerate().fold(0u8, |m, (i, &n)| if n > 0 { m | 1 << i } else { m });
            prop_assert_eq!(x.colour_bits(), bits);
        }
    }

    /// Counts of 128 and more take the lane-by-lane path: the word-wise operations would carry
    /// or borrow from one colour's count into the next, or overflow the byte sum.
    #[test]
    fn counts_of_128_and_more_are_counted_lane_by_lane() {
        let (x, y) = (DiceSet([200, 0, 0, 0, 0, 0]), DiceSet([250, 0, 0, 0, 0, 0]));
        assert!(x.is_subset(y) && !y.is_subset(x));
        assert_eq!(DiceSet([128, 128, 0, 0, 0, 0]).total(), 256);
        let half = DiceSet([128; 6]);
        assert_eq!(half.minus(DiceSet::EMPTY), half);
        assert_eq!(y.minus(x), DiceSet([50, 0, 0, 0, 0, 0]));
        assert_eq!(half.plus(half), DiceSet([255; 6]));
    }

    /// Rolls read from the face tables are the base-6 digits of the draw, one per die.
    #[test]
    fn rolls_are_the_digits_of_one_draw() {
        let (mut a, mut b) = (Dice::from_seed(8), Dice::from_seed(8));
        for k in (0..=6u8).cycle().take(3000) {
            let rolled = DiceSet::roll(&mut a, k);
            let k = k.min(DICE);
            let mut r = b.below(6u32.pow(k as u32));
            let mut expected = DiceSet::EMPTY;
            for _ in 0..k {
                expected.0[COLOUR_DIE[(r % 6) as usize].index()] += 1;
                r /= 6;
            }
            assert_eq!(rolled, expected);
        }
    }

    /// Sampled rolls of 2 and 3 dice follow the exact distribution (within 5 standard
    /// deviations, in integers).
    #[test]
    fn sampled_rolls_match_the_exact_distribution() {
        let mut dice = Dice::from_seed(7);
        for k in [2u8, 3] {
            let table = roll_table(k);
            let n = 60_000u64;
            let mut counts = vec![0u64; table.len()];
            for _ in 0..n {
                let r = DiceSet::roll(&mut dice, k);
                counts[table.iter().position(|(d, _)| *d == r).unwrap()] += 1;
            }
            for (i, (_, p)) in table.iter().enumerate() {
                let (num, den) = (p.numerator as i128, p.denominator as i128);
                let diff = counts[i] as i128 * den - n as i128 * num;
                let var = n as i128 * num * (den - num);
                assert!(diff * diff <= 25 * var, "k={k} outcome {i}");
            }
        }
    }

    #[test]
    fn multisets_are_numbered_by_size_then_roll_table_order() {
        let all = multisets();
        assert_eq!(all.len(), MULTISETS);
        for (i, d) in all.iter().enumerate() {
            assert_eq!(multiset_index(*d), Some(i));
        }
        assert_eq!(all[0], DiceSet::from_colours(&[Colour::Grey]));
        assert_eq!(all[FIVE_AT], roll_table(DICE)[0].0);
        assert_eq!(multiset_index(DiceSet::EMPTY), None);
        assert_eq!(multiset_index(DiceSet([6, 0, 0, 0, 0, 0])), None);
        assert_eq!(multiset_index(DiceSet([3, 3, 0, 0, 0, 0])), None);
        for (i, (five, _)) in roll_table(DICE).iter().enumerate() {
            assert_eq!(five_index(*five), Some(i));
        }
        assert_eq!(five_index(DiceSet([1, 0, 0, 0, 0, 0])), None);
    }

    #[test]
    fn reroll_table_lists_every_non_empty_part() {
        for (five, _) in roll_table(DICE) {
            let subsets = rerolls(*five).unwrap();
            let expected: usize = five.0.iter().map(|&c| c as usize + 1).product::<usize>() - 1;
            assert_eq!(subsets.len(), expected);
            assert!(subsets.iter().all(|s| s.is_subset(*five) && s.total() > 0));
        }
        assert!(rerolls(DiceSet([1, 0, 0, 0, 0, 0])).is_none());
        assert!(rerolls(DiceSet([0, 0, 0, 0, 0, 200])).is_none());
    }
}
