//! Setup: player count, sides and colours, and the rule flags.

use crate::Error;
use dicecore::{Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The chip colours. Each side plays one colour: with 2 players green and blue, with 3 players
/// green, blue and red, with 4 players green for seats 0 & 2 and blue for seats 1 & 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Green (side 0: seat 0, and seat 2 in the team game).
    Green,
    /// Blue (side 1: seat 1, and seat 3 in the team game).
    Blue,
    /// Red (side 2: seat 2 in the three-player game; unused otherwise).
    Red,
}

impl Colour {
    /// The three colours, in side order.
    pub const ALL: [Colour; 3] = [Colour::Green, Colour::Blue, Colour::Red];

    /// The side index `0..3`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// One-letter code used on the board (`G`, `B`, `R`).
    pub const fn letter(self) -> char {
        match self {
            Colour::Green => 'G',
            Colour::Blue => 'B',
            Colour::Red => 'R',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
        })
    }
}

/// The most turns [`Config::max_turns`] may allow.
pub const MAX_TURNS_LIMIT: u32 = 1_000_000;

/// Everything fixed at setup.
///
/// A config is `#[non_exhaustive]`: each rules version may add a flag, and code that builds
/// configs this way keeps compiling. Build one with a constructor, then set fields by name
/// (`docs/releases.md`):
///
/// ```
/// use sequence_dice::{Colour, Config, Game, State};
/// use dicecore::Seat;
/// let mut house = Config::standard(2, 7).unwrap(); // the start player drawn from seed 7
/// house.sequence_length = 5; // a flag of the rules reference
/// house.bonus_without_placement = true;
/// house.validate().unwrap(); // State::new checks it too
/// assert!(State::new(&house).is_ok());
///
/// let c = Config::with_start(3, Seat(1)).unwrap();
/// assert_eq!(c.sequence_length, 5);
/// assert_eq!(c.sides(), 3);
/// assert_eq!(c.colour_of(Seat(2)), Colour::Red);
/// let team = Config::with_start(4, Seat(0)).unwrap();
/// assert_eq!(team.sequence_length, 6);
/// assert_eq!(team.colour_of(Seat(2)), Colour::Green);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2–4 (4 = two teams: seats 0 & 2 against 1 & 3).
    pub seats: u8,
    /// The seat that takes the first turn (the rulebook's roll-off winner).
    pub start: Seat,
    /// Chips in a row needed to win: 5 or 6. Standard: 6 for two sides (2 players or two
    /// teams), 5 for three players.
    pub sequence_length: u8,
    /// The game is drawn once this many turns (bonus turns included) have been played without
    /// a sequence, 1–1,000,000. Standard: 1000.
    pub max_turns: u32,
    /// Chips of each colour, 1–36. Standard: 20.
    pub chips_per_colour: u8,
    /// Whether a roll of 2 or 12 gives the extra turn even when nothing could be placed.
    /// Standard: `false` (the extra turn follows a placement only).
    pub bonus_without_placement: bool,
}

impl Config {
    /// The standard setup for `seats` players; the start player (the rulebook's roll-off) is
    /// drawn from `seed`. This is what [`dicecore::Game::standard_config`] returns.
    pub fn standard(seats: u8, seed: u64) -> Result<Config, Error> {
        if !(2..=4).contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let start = dicecore::seeds::first_seat(seats, seed);
        Config::with_start(seats, start)
    }

    /// The standard setup for `seats` players starting with `start`.
    pub fn with_start(seats: u8, start: Seat) -> Result<Config, Error> {
        let config = Config {
            seats,
            start,
            sequence_length: if seats == 3 { 5 } else { 6 },
            max_turns: 1000,
            chips_per_colour: 20,
            bonus_without_placement: false,
        };
        config.validate()?;
        Ok(config)
    }

    /// Checks every field; the first problem found.
    pub fn validate(&self) -> Result<(), Error> {
        if !(2..=4).contains(&self.seats) {
            return Err(Error::PlayerCount(self.seats));
        }
        if self.start.0 >= self.seats {
            return Err(Error::StartSeat(self.start));
        }
        if !(5..=6).contains(&self.sequence_length) {
            return Err(Error::SequenceLength(self.sequence_length));
        }
        if !(1..=MAX_TURNS_LIMIT).contains(&self.max_turns) {
            return Err(Error::MaxTurns(self.max_turns));
        }
        if !(1..=36).contains(&self.chips_per_colour) {
            return Err(Error::ChipsPerColour(self.chips_per_colour));
        }
        Ok(())
    }

    /// Number of sides (colours in play): 3 with three players, otherwise 2.
    pub const fn sides(&self) -> usize {
        if self.seats == 3 {
            3
        } else {
            2
        }
    }

    /// The colour a seat plays.
    pub const fn colour_of(&self, seat: Seat) -> Colour {
        Colour::ALL[self.side_of(seat)]
    }

    /// The side index of a seat (`seat % sides`).
    #[inline]
    pub(crate) const fn side_of(&self, seat: Seat) -> usize {
        // `seat % sides` without a division by a runtime value (this is on the hot path).
        if self.seats == 3 {
            seat.0 as usize % 3
        } else {
            seat.0 as usize & 1
        }
    }

    /// The seats playing a colour (two in the team game; empty for an unused colour).
    pub fn seats_of(&self, colour: Colour) -> SeatSet {
        (0..self.seats)
            .map(Seat)
            .filter(|&s| self.side_of(s) == colour.index())
            .collect()
    }
}
