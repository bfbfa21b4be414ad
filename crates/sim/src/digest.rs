//! FNV-1a, 64 bits: a small hash with a fixed definition, for digests that must be the same
//! in every process (a config's digest in the per-game records) and for telling apart two
//! games' actions.

use std::hash::Hasher;

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The FNV-1a hasher (64 bits). Integers are hashed as their little-endian bytes, so the
/// digest of the same bytes is the same on every machine.
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(OFFSET)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(PRIME);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.write(&n.to_le_bytes());
    }

    fn write_usize(&mut self, n: usize) {
        self.write(&(n as u64).to_le_bytes());
    }
}

/// The digest of a text: 16 lowercase hex digits of its FNV-1a.
pub fn of_text(text: &str) -> String {
    let mut h = Fnv::default();
    h.write(text.as_bytes());
    format!("{:016x}", h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(of_text(""), "cbf29ce484222325");
        assert_eq!(of_text("a"), "af63dc4c8601ec8c");
        assert_eq!(of_text("foobar"), "85944171f73967e8");
    }
}
