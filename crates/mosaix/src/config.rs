//! The setup: player count, the cards and their printed symbols, who rolls first, the solo rule.

use crate::grid::Cell;
use crate::Error;
use dicecore::faces::Symbol;
use dicecore::Seat;
use serde::{Deserialize, Serialize};

/// Boxes of the solo scale (grey side): each symbol dropped over the edge crosses one.
pub const SOLO_BOXES: u8 = 8;
/// A solo score of at least this many points wins the solo game.
pub const SOLO_WIN: i32 = 120;
/// A solo score of at least this many points is outstanding ("Extraklasse").
pub const SOLO_OUTSTANDING: i32 = 130;

/// The pre-printed symbols of the standard cards for seats 0–3.
pub const STANDARD_SYMBOLS: [Symbol; 4] = [
    Symbol::Circle,
    Symbol::Triangle,
    Symbol::Cross,
    Symbol::Circle,
];

/// One player's card: where its pre-printed symbol is, if it has one.
///
/// Both fields are set or both are `None` (a blank card).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Card {
    /// The pre-printed cell.
    pub start_cell: Option<Cell>,
    /// The pre-printed symbol (it counts in scoring).
    pub start_symbol: Option<Symbol>,
}

impl Card {
    /// A card without a pre-printed symbol.
    pub const BLANK: Card = Card {
        start_cell: None,
        start_symbol: None,
    };

    /// A card with `symbol` printed on `cell`.
    pub const fn printed(cell: Cell, symbol: Symbol) -> Card {
        Card {
            start_cell: Some(cell),
            start_symbol: Some(symbol),
        }
    }

    /// The standard card of a seat: the centre cell with circle, triangle, cross, circle for
    /// seats 0–3 (seat 0's card is also the solo card).
    pub const fn standard(seat: Seat) -> Card {
        Card::printed(Cell::CENTRE, STANDARD_SYMBOLS[seat.0 as usize % 4])
    }

    /// The printed cell and symbol, if the card is valid and has one.
    pub(crate) fn start(&self) -> Option<(Cell, Symbol)> {
        match (self.start_cell, self.start_symbol) {
            (Some(c), Some(s)) => Some((c, s)),
            _ => None,
        }
    }

    pub(crate) fn validate(&self, seat: Seat) -> Result<(), Error> {
        match (self.start_cell, self.start_symbol) {
            (Some(c), Some(_)) if !c.on_card() => Err(Error::StartCellOffCard(seat, c)),
            (Some(_), None) | (None, Some(_)) => Err(Error::StartIncomplete(seat)),
            _ => Ok(()),
        }
    }
}

/// What the solo player may do when the formation cannot be entered within the free boxes of
/// the scale. With all boxes crossed the rulebook ends the game either way; the rules are
/// silent when some boxes are still free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum SoloStuck {
    /// The game ends (the engine's reading: the solo player also chooses the formation).
    #[default]
    EndGame,
    /// While some boxes are free, the player passes as in the basic game (or ends the game) —
    /// unless no formation of any shape fits within the free boxes any more: then a pass would
    /// change nothing and repeat forever, so the game ends as with all boxes crossed.
    Pass,
}

/// Setup of a game of Mosaix.
///
/// A config is `#[non_exhaustive]`: each rules version may add a flag, and code that builds
/// configs this way keeps compiling. Build one with a constructor, then set fields by name
/// (`docs/releases.md`):
///
/// ```
/// use mosaix::{Card, Cell, Config, Seat, SoloStuck, State, Symbol};
/// use dicecore::Game;
/// let mut config = Config::with_start(2, Seat(1)).unwrap(); // or Config::standard(2, seed)
/// config.cards = vec![Card::printed(Cell::new(2, 2), Symbol::Cross), Card::BLANK];
/// config.solo_stuck = SoloStuck::Pass; // a rules flag (it matters solo)
/// let state = State::new(&config).unwrap();
/// assert_eq!(*state.config(), config);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Config {
    /// Number of players: 1 (solo, grey side with the 8-box scale) or 2–4 (coloured side).
    pub seats: u8,
    /// One card per seat.
    pub cards: Vec<Card>,
    /// The seat that rolls first (the others follow clockwise).
    pub first_roller: Seat,
    /// Solo only: what happens when the formation cannot be entered within the scale.
    #[serde(default)]
    pub solo_stuck: SoloStuck,
}

impl Config {
    /// The standard setup for `seats` players: standard cards, the first roller drawn from
    /// `seed`. This is what [`dicecore::Game::standard_config`] returns.
    pub fn standard(seats: u8, seed: u64) -> Result<Config, Error> {
        if !(1..=4).contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let first_roller = dicecore::seeds::first_seat(seats, seed);
        Config::with_start(seats, first_roller)
    }

    /// The standard setup for `seats` players: standard cards, `first_roller` rolls first.
    pub fn with_start(seats: u8, first_roller: Seat) -> Result<Config, Error> {
        let config = Config {
            seats,
            cards: (0..seats).map(|s| Card::standard(Seat(s))).collect(),
            first_roller,
            solo_stuck: SoloStuck::EndGame,
        };
        config.validate()?;
        Ok(config)
    }

    /// Whether this is the solo variant.
    pub fn is_solo(&self) -> bool {
        self.seats == 1
    }

    /// Checks the config.
    pub fn validate(&self) -> Result<(), Error> {
        if !(1..=4).contains(&self.seats) {
            return Err(Error::PlayerCount(self.seats));
        }
        if self.cards.len() != self.seats as usize {
            return Err(Error::CardCount {
                cards: self.cards.len(),
                seats: self.seats,
            });
        }
        for (i, card) in self.cards.iter().enumerate() {
            card.validate(Seat(i as u8))?;
        }
        if self.first_roller.0 >= self.seats {
            return Err(Error::StartSeat(self.first_roller));
        }
        Ok(())
    }
}

/// How a solo score rates against the rulebook's thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SoloRating {
    /// Under [`SOLO_WIN`] points: the solo game is lost.
    Lost,
    /// [`SOLO_WIN`] points or more: won.
    Won,
    /// [`SOLO_OUTSTANDING`] points or more: outstanding.
    Outstanding,
}

impl SoloRating {
    /// The rating of a solo score (card score plus free boxes).
    pub const fn of(score: i32) -> SoloRating {
        if score >= SOLO_OUTSTANDING {
            SoloRating::Outstanding
        } else if score >= SOLO_WIN {
            SoloRating::Won
        } else {
            SoloRating::Lost
        }
    }
}
