//! Seeded dice.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seeded generator for dice rolls, shuffles and weighted picks.
///
/// The stream comes from ChaCha8 (`rand_chacha`, pinned exactly in the workspace), and every
/// sampling routine is written here, so a seed gives the same rolls on every platform and for
/// as long as this crate keeps its golden tests. `Dice` serialises as its seed and stream
/// position, so a driver can be saved in the middle of a game.
///
/// ```
/// use dicecore::{Dice, faces::D6};
/// let mut a = Dice::from_seed(42);
/// let mut b = Dice::from_seed(42);
/// let rolls: Vec<u8> = (0..5).map(|_| a.roll(&D6)).collect();
/// assert_eq!(rolls, (0..5).map(|_| b.roll(&D6)).collect::<Vec<_>>());
/// assert!(rolls.iter().all(|r| (1..=6).contains(r)));
/// ```
#[derive(Clone, Debug)]
pub struct Dice {
    seed: u64,
    rng: ChaCha8Rng,
}

impl PartialEq for Dice {
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed && self.rng.get_word_pos() == other.rng.get_word_pos()
    }
}
impl Eq for Dice {}

impl Dice {
    /// A generator seeded from a `u64` (expanded to ChaCha's 32-byte key, little-endian).
    pub fn from_seed(seed: u64) -> Self {
        Dice {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The seed this generator started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A new independent generator derived from this one (for agents, play-outs, ...).
    pub fn fork(&mut self) -> Dice {
        Dice::from_seed(self.next_u64())
    }

    /// The next 32 random bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform number in `0..n`, without modulo bias (rejection sampling).
    /// `below(0)` returns 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        // Draws above the largest multiple of n that fits in 2^32 are rejected. That bound
        // (`zone`) is above u32::MAX - n, so a draw at most u32::MAX - n is kept without
        // computing it: one division per draw instead of two, the same numbers.
        loop {
            let x = self.next_u32();
            if x <= u32::MAX - n || x <= u32::MAX - (u32::MAX - n + 1) % n {
                return x % n;
            }
        }
    }

    /// A uniform number in `0..n` for 64-bit ranges. `below_u64(0)` returns 0.
    #[inline]
    pub fn below_u64(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        if n <= u32::MAX as u64 {
            return self.below(n as u32) as u64;
        }
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A uniform index into a slice of length `len` (`0` for an empty slice).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below_u64(len as u64) as usize
    }

    /// Rolls one die with the given faces (each face equally likely).
    pub fn roll<T: Copy, const N: usize>(&mut self, faces: &[T; N]) -> T {
        const { assert!(N > 0, "a die needs at least one face") };
        faces[self.below(N as u32) as usize]
    }

    /// Rolls `k` dice with the given faces, sorted ascending (the multiset of the roll, as
    /// listed by [`crate::chance::roll_outcomes`]).
    pub fn roll_sorted<T: Copy + Ord, const N: usize>(
        &mut self,
        faces: &[T; N],
        k: usize,
    ) -> Vec<T> {
        let mut v: Vec<T> = (0..k).map(|_| self.roll(faces)).collect();
        v.sort_unstable();
        v
    }

    /// Shuffles a slice in place (Fisher–Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// Picks an index with probability proportional to its weight; `None` when every weight
    /// is zero (or the slice is empty).
    #[inline]
    pub fn pick_weighted(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u64 = weights.iter().map(|&w| w as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = self.below_u64(total);
        for (i, &w) in weights.iter().enumerate() {
            if r < w as u64 {
                return Some(i);
            }
            r -= w as u64;
        }
        None
    }
}

#[derive(Serialize, Deserialize)]
struct DiceRecord {
    seed: u64,
    /// ChaCha word position, as (high, low) 64-bit halves.
    word_pos: [u64; 2],
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let pos = self.rng.get_word_pos();
        DiceRecord {
            seed: self.seed,
            word_pos: [(pos >> 64) as u64, pos as u64],
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rec = DiceRecord::deserialize(d)?;
        let mut dice = Dice::from_seed(rec.seed);
        dice.rng
            .set_word_pos(((rec.word_pos[0] as u128) << 64) | rec.word_pos[1] as u128);
        Ok(dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::faces::D6;

    /// `below` keeps the numbers of plain rejection sampling (bound computed on every draw),
    /// also for ranges where a large share of draws is rejected.
    #[test]
    fn below_matches_plain_rejection_sampling() {
        fn plain(d: &mut Dice, n: u32) -> u32 {
            let zone = u32::MAX - (u32::MAX - n + 1) % n;
            loop {
                let x = d.next_u32();
                if x <= zone {
                    return x % n;
                }
            }
        }
        for n in [
            2,
            3,
            6,
            7,
            100,
            1_287,
            1 << 31,
            (1 << 31) + 1,
            3_000_000_000,
            u32::MAX,
        ] {
            let mut fast = Dice::from_seed(u64::from(n));
            let mut slow = fast.clone();
            for _ in 0..2_000 {
                assert_eq!(fast.below(n), plain(&mut slow, n), "n = {n}");
            }
        }
    }

    #[test]
    fn serde_resumes_the_stream() {
        let mut d = Dice::from_seed(9);
        for _ in 0..13 {
            d.roll(&D6);
        }
        let json = serde_json::to_string(&d).unwrap();
        let mut back: Dice = serde_json::from_str(&json).unwrap();
        assert_eq!(back, d);
        for _ in 0..50 {
            assert_eq!(back.roll(&D6), d.roll(&D6));
        }
    }

    #[test]
    fn weighted_and_edge_cases() {
        let mut d = Dice::from_seed(1);
        assert_eq!(d.pick_weighted(&[]), None);
        assert_eq!(d.pick_weighted(&[0, 0]), None);
        for _ in 0..100 {
            assert_eq!(d.pick_weighted(&[0, 5, 0]), Some(1));
        }
        assert_eq!(d.below(0), 0);
        assert_eq!(d.below_u64(1), 0);
        let x = d.below_u64(u64::MAX);
        assert!(x < u64::MAX);
    }
}
