//! Setup: the player count, the start player, the double-province colours and the rule flags,
//! and the setup table by player count.

use crate::components::Colour;
use crate::Error;

pub(crate) const MAX_SEATS: usize = 5;
use dicecore::Seat;
use serde::{Deserialize, Serialize};

/// Everything fixed at setup.
///
/// A config is `#[non_exhaustive]`: each rules version may add a flag, and code that builds
/// configs this way keeps compiling. Build one with a constructor, then set fields by name
/// (`docs/releases.md`):
///
/// ```
/// use alea_iacta_est::{Config, Game, Seat, State};
/// let mut config = Config::with_start(3, Seat(2)).unwrap(); // or Config::standard(3, seed)
/// config.forum_allow_direct_overflow = true; // a flag of the rules reference
/// config.empty_provinces_score = true;
/// config.validate().unwrap(); // State::new checks it too
/// assert!(State::new(&config).is_ok());
/// ```
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2–5.
    pub seats: u8,
    /// The start player of the first round (the youngest player).
    pub start: Seat,
    /// The two colours of each of the six double-province senate cards (XII). The sources do
    /// not name them; the default pairs every colour exactly twice.
    pub double_provinces: [(Colour, Colour); 6],
    /// Decision flag: a Repete chip re-rolls exactly one die (default `false`: any subset of
    /// the dice just rolled).
    pub reroll_one_die_per_chip: bool,
    /// Decision flag: a Forum placement may put a new die itself past the last column, where
    /// it goes straight to the Latrina (default `false`: such a placement is illegal).
    pub forum_allow_direct_overflow: bool,
    /// Decision flag: an empty small province still scores its value (default `false`: a
    /// province scores only when it houses a patrician).
    pub empty_provinces_score: bool,
    /// Flag: a double province (card XII) accepts a couple of one of its colours, e.g. a red
    /// woman and a red man on red/blue (default `false`: the rulebook's "um casal que coincida
    /// com essas cores", one patrician of each colour). The reading of rules version 1: a
    /// file written then (without this field) reads as `true`.
    #[serde(default)]
    pub double_province_one_colour_couple: bool,
    /// Flag: the Latrina hands out Repete chips only from a supply of 30; when it runs short,
    /// the players take theirs in turn from the round's start player clockwise, each all they
    /// are owed while chips last (default `false`: one chip per die, no limit, as the rulebook
    /// says). The reading of rules version 1: a file written then (without this field) reads
    /// as `true`.
    #[serde(default)]
    pub repete_supply_limit: bool,
    /// Flag: a lone patrician on a double province (card XII) is housed there and counts as
    /// housed (default `false`: the province houses a couple or nobody, as the rulebook says).
    /// The reading of rules version 1: a file written then (without this field) reads as
    /// `true`.
    #[serde(default)]
    pub double_province_lone_patrician: bool,
    /// Flag: when a draw empties the Fortuna stack, the face-up discards are reshuffled into a
    /// new stack only when the next tile must be drawn, so tiles discarded in between join them
    /// (default `false`: reshuffled at once, as the rulebook says). The reading of rules
    /// versions 1 and 2: a file written then (without this field) reads as `true`.
    #[serde(default)]
    pub fortuna_late_reshuffle: bool,
}

/// The default double-province pairs: a cycle through the six colours.
pub const DEFAULT_DOUBLE_PROVINCES: [(Colour, Colour); 6] = [
    (Colour::Red, Colour::Blue),
    (Colour::Blue, Colour::Green),
    (Colour::Green, Colour::Yellow),
    (Colour::Yellow, Colour::Purple),
    (Colour::Purple, Colour::Orange),
    (Colour::Orange, Colour::Red),
];

impl Config {
    /// The standard setup for `seats` players; the first start player is drawn from `seed`.
    /// This is what [`dicecore::Game::standard_config`] returns.
    pub fn standard(seats: u8, seed: u64) -> Result<Config, Error> {
        if !(2..=5).contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let start = dicecore::seeds::first_seat(seats, seed);
        Config::with_start(seats, start)
    }

    /// The standard setup for `seats` players with `start` as first start player.
    pub fn with_start(seats: u8, start: Seat) -> Result<Config, Error> {
        let c = Config {
            seats,
            start,
            double_provinces: DEFAULT_DOUBLE_PROVINCES,
            reroll_one_die_per_chip: false,
            forum_allow_direct_overflow: false,
            empty_provinces_score: false,
            double_province_one_colour_couple: false,
            repete_supply_limit: false,
            double_province_lone_patrician: false,
            fortuna_late_reshuffle: false,
        };
        c.validate()?;
        Ok(c)
    }

    /// Checks the player count, the start seat and the double-province pairs (two different
    /// colours each, no pair twice).
    pub fn validate(&self) -> Result<(), Error> {
        if !(2..=5).contains(&self.seats) {
            return Err(Error::PlayerCount(self.seats));
        }
        if self.start.0 >= self.seats {
            return Err(Error::StartSeat(self.start));
        }
        for (i, &(a, b)) in self.double_provinces.iter().enumerate() {
            if a == b {
                return Err(Error::DoubleProvinceColours(a));
            }
            let earlier = &self.double_provinces[..i];
            if earlier.contains(&(a, b)) || earlier.contains(&(b, a)) {
                return Err(Error::DoubleProvinceTwice(a, b));
            }
        }
        Ok(())
    }

    /// Whether the Templum is in play (4–5 players).
    pub const fn templum(&self) -> bool {
        self.seats >= 4
    }

    /// Forum columns, which is also the patricians shown per round: 4–7.
    pub const fn forum_columns(&self) -> u8 {
        self.seats + 2
    }

    /// Provinces shown per round: one per player.
    pub const fn provinces_shown(&self) -> u8 {
        self.seats
    }

    /// Rounds: 6 with 2–3 players, 5 with 4–5.
    pub const fn rounds(&self) -> u8 {
        if self.seats <= 3 {
            6
        } else {
            5
        }
    }

    /// Senate cards given per round: 1, 2, 2, 3 for 2–5 players.
    pub const fn senate_recipients(&self) -> u8 {
        match self.seats {
            2 => 1,
            5 => 3,
            _ => 2,
        }
    }

    /// Whether senate card IV (many Fortuna) is in the deck (4–5 players).
    pub const fn card_iv_in_play(&self) -> bool {
        self.seats >= 4
    }
}
