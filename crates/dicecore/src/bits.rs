//! Bit selection: the position of the `k`-th set bit of a word, the primitive behind drawing
//! or listing the `k`-th member of a bit set ([`CellSet::nth`](crate::CellSet::nth), the
//! games' hex and tile sets).
//!
//! ```
//! use dicecore::bits::select;
//! assert_eq!(select(0b1011_0100, 0), 2);
//! assert_eq!(select(0b1011_0100, 3), 7);
//! assert_eq!(select(1 << 63, 0), 63);
//! ```

/// `SELECT_IN_BYTE[r << 8 | b]`: the position of the `r`-th set bit of byte `b`.
const SELECT_IN_BYTE: [u8; 8 * 256] = {
    let mut t = [0u8; 8 * 256];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[r << 8 | b] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// The position (0 = least significant) of the `k`-th set bit of `word`, counted from 0, for
/// `k` below `word.count_ones()`, found without branches (broadword selection, after S. Vigna,
/// "Broadword implementation of rank/select queries", 2008): the bytes' running counts, the
/// byte holding the bit, then a table. For a larger `k` the answer is some number up to 71
/// (64 for an empty word), never a panic.
///
/// ```
/// let word = 0x8000_0001_0000_0010u64;
/// let set: Vec<u32> = (0..3).map(|k| dicecore::bits::select(word, k)).collect();
/// assert_eq!(set, [4, 32, 63]);
/// ```
#[inline(always)]
pub fn select(word: u64, k: u32) -> u32 {
    const L8: u64 = 0x0101_0101_0101_0101;
    const H8: u64 = 0x8080_8080_8080_8080;
    let mut s = word - ((word >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    let byte_sums = s.wrapping_mul(L8);
    let k_step_8 = u64::from(k).wrapping_mul(L8);
    // 1 in each byte whose running count is at most k; their number is the byte of the bit.
    let below = (((k_step_8 | H8) - byte_sums) & H8) >> 7;
    let place = ((below.wrapping_mul(L8) >> 53) & !7) as u32;
    // `place` is 64 only when k is past the count: the wrapping shifts keep that defined.
    let byte_rank = u64::from(k).wrapping_sub((byte_sums << 8).wrapping_shr(place) & 0xff);
    let byte = word.wrapping_shr(place) & 0xff;
    place + u32::from(SELECT_IN_BYTE[(byte_rank << 8 | byte) as usize & 0x7ff])
}

#[cfg(test)]
mod tests {
    use super::select;
    use crate::Dice;

    #[test]
    fn select_finds_the_kth_set_bit_at_every_density() {
        let mut dice = Dice::from_seed(9);
        let mut words = vec![1u64, 0b1011_0100, u64::MAX, 1 << 63, 0x8000_0001_0000_0010];
        for _ in 0..2_000 {
            let density = dice.index(64) as u64;
            words.push((0..64).fold(0, |w, b| {
                w | (u64::from((dice.index(64) as u64) < density) << b)
            }));
        }
        for word in words {
            let bits: Vec<u32> = (0..64).filter(|b| word >> b & 1 == 1).collect();
            for (k, &b) in bits.iter().enumerate() {
                assert_eq!(select(word, k as u32), b, "{word:#x} {k}");
            }
            // Past the count: no panic, a number up to 71.
            for k in [bits.len() as u32, 64, u32::MAX] {
                assert!(select(word, k) <= 71, "{word:#x} {k}");
            }
        }
        assert_eq!(select(0, 0), 64);
    }
}
