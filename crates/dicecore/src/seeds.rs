//! How every seed of game `i` derives from the master seed and `i` alone: the one seed scheme
//! of every driver that plays many seeded games (`tabula-sim`'s `run` and `simulate`, the Python
//! package's `simulate` and `play_random_games`), so game `i` of master seed `m` is the same
//! game wherever it is played.
//!
//! Game `i` of a simulation with master seed `m` uses
//!
//! ```text
//! seed(m, i, stream) = mix(mix(mix(m) ^ i) ^ stream)
//! ```
//!
//! where `mix` is the SplitMix64 finaliser (add the golden-ratio constant
//! `0x9E37_79B9_7F4A_7C15`, then xor-shift-multiply by `0xBF58_476D_1CE4_E5B9` and
//! `0x94D0_49BB_1331_11EB` with shifts 30, 27, 31), all arithmetic wrapping on 64 bits, and
//! `stream` names the use: 0 for the config ([`Stream::Config`]), 1 for the dice that resolve
//! chance ([`Stream::Dice`]), `2 + s` for the agent of seat `s` ([`Stream::Agent`]).
//!
//! Each step is a bijection of 64-bit words, so distinct games of one master seed never share
//! a seed of the same stream. Nothing depends on the thread that plays the game or on the other
//! games of the run: the summary of a range of games is the same however the range is split.
//!
//! ```
//! use dicecore::seeds::{seed, Stream};
//! use dicecore::Seat;
//! let dice = seed(11, 0, Stream::Dice);
//! assert_eq!(dice, seed(11, 0, Stream::Dice));
//! assert_ne!(dice, seed(11, 1, Stream::Dice));
//! assert_ne!(seed(11, 0, Stream::Agent(Seat(0))), seed(11, 0, Stream::Agent(Seat(1))));
//! ```

use crate::{Dice, Seat};

/// What a derived seed is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    /// The standard config of the game (`Game::standard_config(players, seed)`).
    Config,
    /// The dice that resolve the game's chance events.
    Dice,
    /// The agent of one seat (`AgentSpec::build(seed)`).
    Agent(Seat),
}

impl Stream {
    /// The number mixed in for this stream: 0, 1, or `2 + seat`.
    pub const fn code(self) -> u64 {
        match self {
            Stream::Config => 0,
            Stream::Dice => 1,
            Stream::Agent(Seat(s)) => 2 + s as u64,
        }
    }
}

/// The SplitMix64 finaliser: a bijection of 64-bit words that scatters every input bit.
pub const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of `stream` in game `index` of a simulation with master seed `master`.
pub const fn seed(master: u64, index: u64, stream: Stream) -> u64 {
    mix(mix(mix(master) ^ index) ^ stream.code())
}

/// The seat that starts a standard config of `seats` players (at least 1) drawn from `seed`:
/// the first draw below `seats` of `Dice::from_seed(seed)`, as the games whose standard setup
/// draws only who starts (Pig, Alea Iacta Est, Mosaix, Sequence Dice) draw it.
///
/// ```
/// use dicecore::{seeds::first_seat, Dice, Seat};
/// assert_eq!(first_seat(4, 9), Seat(Dice::from_seed(9).below(4) as u8));
/// assert!(first_seat(3, 1).0 < 3);
/// ```
pub fn first_seat(seats: u8, seed: u64) -> Seat {
    Seat(Dice::from_seed(seed).below(u32::from(seats)) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_matches_the_splitmix64_reference() {
        // The first outputs of the reference SplitMix64 generator seeded with 0 are
        // mix(0), mix(γ), mix(2γ), ... where γ is the golden-ratio increment.
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn seeds_of_nearby_games_and_streams_differ() {
        let mut seen = std::collections::BTreeSet::new();
        for index in 0..200 {
            for stream in [Stream::Config, Stream::Dice, Stream::Agent(Seat(0))] {
                assert!(seen.insert(seed(7, index, stream)));
            }
        }
        assert_ne!(seed(7, 0, Stream::Dice), seed(8, 0, Stream::Dice));
    }
}
