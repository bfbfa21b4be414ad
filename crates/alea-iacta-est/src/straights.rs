//! The Senatus straights as a table built at compile time: for a player's straight (or none)
//! and the faces of their roll, every straight they may place or extend to, in the order of
//! the legal actions. A placement then only checks that no other player holds that straight.

use crate::components::Faces;
use crate::state::Straight;

/// Straights: 21 of them (lowest value 1–6, up to the 6), numbered 1–21; 0 is none.
const fn id(low: usize, len: usize) -> usize {
    if low == 0 || len == 0 || low + len > 7 {
        return 0;
    }
    // Straights of lowest value `l` before `low`: 6 − l + 1 each.
    let mut at = 0;
    let mut l = 1;
    while l < low {
        at += 7 - l;
        l += 1;
    }
    at + len
}

/// `ID[low][len]`: a straight's number (0: none, or not a straight within 1–6).
const ID: [[u8; 8]; 8] = {
    let mut t = [[0u8; 8]; 8];
    let mut low = 0;
    while low < 8 {
        let mut len = 0;
        while len < 8 {
            t[low][len] = id(low, len) as u8;
            len += 1;
        }
        low += 1;
    }
    t
};

/// A straight's number (0: none).
#[inline]
pub(crate) fn straight_id(s: Straight) -> u32 {
    ID[(s.low & 7) as usize][(s.len & 7) as usize] as u32
}

/// One placement: the dice (one per face, as a [`Faces::presence`] mask) in the low byte, the
/// straight the player then holds in the high byte.
type Candidate = u16;

/// Whether face `v` is among the presence bits `roll`.
const fn has(roll: u8, v: usize) -> bool {
    v >= 1 && v <= 6 && (roll >> (v - 1)) & 1 == 1
}

/// Writes into `out` (from `n`, as far as it is long) every placement with the straight
/// `(low, len)` held (`len` 0: none) and the faces `roll` (presence bits), in the order of the
/// legal actions: a new straight by lowest value, then highest; an extension by the dice added
/// below, then above. Returns the new `n`.
const fn each(low: usize, len: usize, roll: u8, out: &mut [Candidate], mut n: usize) -> usize {
    if len == 0 {
        let mut lo = 1;
        while lo <= 6 {
            let mut dice = 0u8;
            let mut hi = lo;
            while has(roll, hi) {
                dice |= 1 << (hi - 1);
                if n < out.len() {
                    out[n] = dice as u16 | (id(lo, hi - lo + 1) as u16) << 8;
                }
                n += 1;
                hi += 1;
            }
            lo += 1;
        }
        return n;
    }
    let high = low + len - 1;
    let mut left = 0u8;
    let mut i = 0;
    loop {
        let mut dice = left;
        let mut j = 0;
        loop {
            if i + j > 0 {
                if n < out.len() {
                    out[n] = dice as u16 | (id(low - i, len + i + j) as u16) << 8;
                }
                n += 1;
            }
            if !has(roll, high + j + 1) {
                break;
            }
            dice |= 1 << (high + j);
            j += 1;
        }
        if low <= i + 1 || !has(roll, low - i - 1) {
            return n;
        }
        left |= 1 << (low - i - 2);
        i += 1;
    }
}

/// Calls [`each`] for every straight held (none first) and roll, in table order; returns the
/// number of candidates and fills `out` (when long enough) and `at` with where each list
/// starts (`at[k]` for held straight `k / 64`, roll `k % 64`; `at[22 × 64]` the end).
const fn fill(out: &mut [Candidate], at: &mut [u16; 22 * 64 + 1]) -> usize {
    let mut n = 0;
    let mut k = 0;
    let mut low = 0;
    while low <= 6 {
        let mut len = if low == 0 { 0 } else { 1 };
        let lens = if low == 0 { 0 } else { 7 - low };
        while len <= lens {
            let mut roll = 0;
            while roll < 64 {
                at[k] = n as u16;
                n = each(low, len, roll as u8, out, n);
                k += 1;
                roll += 1;
            }
            len += 1;
        }
        low += 1;
    }
    at[k] = n as u16;
    n
}

/// How many candidates the table holds.
const COUNT: usize = fill(&mut [], &mut [0; 22 * 64 + 1]);

/// The table: every list of candidates, and where each starts.
static TABLE: ([Candidate; COUNT], [u16; 22 * 64 + 1]) = {
    let mut out = [0; COUNT];
    let mut at = [0; 22 * 64 + 1];
    fill(&mut out, &mut at);
    (out, at)
};

/// The Senatus placements with the straight `held` and the faces `roll`: each as the dice
/// placed and the number of the straight then held.
#[inline]
pub(crate) fn placements(held: Straight, roll: Faces) -> impl Iterator<Item = (Faces, u32)> {
    let k = straight_id(held) as usize * 64 + roll.presence() as usize;
    let (list, at) = (&TABLE.0, &TABLE.1);
    let (start, end) = (at[k] as usize, at[k + 1] as usize);
    list[start..end]
        .iter()
        .map(|&c| (Faces::from_presence(c as u8), (c >> 8) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straights_are_numbered_one_to_twenty_one() {
        let mut seen = Vec::new();
        for low in 1..=6u8 {
            for len in 1..=7 - low {
                seen.push(straight_id(Straight { low, len }));
            }
        }
        assert_eq!(seen, (1..=21).collect::<Vec<_>>());
        assert_eq!(straight_id(Straight::default()), 0);
        assert_eq!(straight_id(Straight { low: 4, len: 4 }), 0);
        assert_eq!(COUNT, 2025);
    }

    /// "Senatus: straights of faces 1–6" (the rules reference's loader rules): one from 0, one
    /// of no faces and one past the 6 have no number, whatever the other field holds.
    #[test]
    fn a_straight_from_0_of_no_faces_or_past_6_has_no_number() {
        for len in 0..=7 {
            assert_eq!(
                straight_id(Straight { low: 0, len }),
                0,
                "from 0, {len} long"
            );
        }
        for low in 0..=7 {
            assert_eq!(
                straight_id(Straight { low, len: 0 }),
                0,
                "from {low}, empty"
            );
        }
        assert_eq!(straight_id(Straight { low: 7, len: 1 }), 0);
        assert_eq!(straight_id(Straight { low: 6, len: 2 }), 0);
    }

    /// The table lists, for every straight held and roll, what the rules allow: a straight
    /// of the rolled faces, or the held one extended by rolled faces below and above; by
    /// lowest then highest value for a new straight, by the dice below then above for an
    /// extension.
    #[test]
    fn table_lists_every_straight_in_order() {
        let mut held = vec![Straight::default()];
        for low in 1..=6u8 {
            for len in 1..=7 - low {
                held.push(Straight { low, len });
            }
        }
        for h in held {
            for rolled in 0..64u8 {
                let has = |v: u8| (rolled >> (v - 1)) & 1 == 1;
                let dice = |low: u8, high: u8| {
                    let mut f = Faces::EMPTY;
                    for v in low..=high {
                        f.0[v as usize - 1] = 1;
                    }
                    f
                };
                let mut want = Vec::new();
                if h.len == 0 {
                    for low in 1..=6 {
                        for high in low..=6 {
                            if (low..=high).all(has) {
                                want.push((
                                    dice(low, high),
                                    straight_id(Straight {
                                        low,
                                        len: high - low + 1,
                                    }),
                                ));
                            }
                        }
                    }
                } else {
                    for below in 0..h.low {
                        for above in 0..=6 - h.high() {
                            let (low, high) = (h.low - below, h.high() + above);
                            let added = |v: u8| v < h.low || v > h.high();
                            if below + above > 0 && (low..=high).filter(|&v| added(v)).all(has) {
                                let mut f = dice(low, high);
                                for v in h.low..=h.high() {
                                    f.0[v as usize - 1] = 0;
                                }
                                want.push((
                                    f,
                                    straight_id(Straight {
                                        low,
                                        len: high - low + 1,
                                    }),
                                ));
                            }
                        }
                    }
                }
                let roll = Faces::from_presence(rolled);
                assert_eq!(
                    placements(h, roll).collect::<Vec<_>>(),
                    want,
                    "{h:?} {roll}"
                );
            }
        }
    }
}
