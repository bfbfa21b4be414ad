//! The five colour dice as a multiset, and the exact distribution of a roll.

use dicecore::chance::roll_outcomes;
use dicecore::faces::{Colour, COLOUR_DIE};
use dicecore::{Dice, Probability};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// Number of dice.
pub const DICE: u8 = 5;

/// Most rolls of the active player per round.
pub const ROLLS: u8 = 3;

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
    pub fn total(self) -> u16 {
        self.0.iter().map(|&n| n as u16).sum()
    }

    /// Whether every die of `self` is among `other`.
    pub fn is_subset(self, other: DiceSet) -> bool {
        self.0.iter().zip(other.0).all(|(&a, b)| a <= b)
    }

    /// `self` without the dice of `other` (saturating).
    pub fn minus(self, other: DiceSet) -> DiceSet {
        let mut d = self;
        for (a, b) in d.0.iter_mut().zip(other.0) {
            *a = a.saturating_sub(b);
        }
        d
    }

    /// `self` with the dice of `other` (saturating).
    pub fn plus(self, other: DiceSet) -> DiceSet {
        let mut d = self;
        for (a, b) in d.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
        d
    }

    /// The colours, sorted, with repeats.
    pub fn colours(self) -> impl Iterator<Item = Colour> {
        Colour::ALL
            .into_iter()
            .flat_map(move |c| std::iter::repeat_n(c, self.0[c.index()] as usize))
    }

    /// A bit mask of the colours present (bit = [`Colour::index`]).
    pub fn colour_bits(self) -> u8 {
        let mut m = 0;
        for (i, &n) in self.0.iter().enumerate() {
            if n > 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// Rolls `k` dice.
    pub fn roll(dice: &mut Dice, k: u8) -> DiceSet {
        let mut d = DiceSet::EMPTY;
        for _ in 0..k {
            let c = dice.roll(&COLOUR_DIE);
            d.0[c.index()] += 1;
        }
        d
    }
}

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
    fn key(d: DiceSet) -> usize {
        d.0.iter().rev().fold(0usize, |k, &c| k * 6 + c as usize)
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
            t.index[key(*five)] = t.ranges.len() as u8;
            t.ranges.push((start, t.subsets.len() as u16));
        }
        t
    });
    if dice.0.iter().any(|&c| c > DICE) {
        return None;
    }
    let i = *t.index.get(key(dice))?;
    let &(a, b) = t.ranges.get(i as usize)?;
    t.subsets.get(a as usize..b as usize)
}
