//! Game setup: player count, the board's 4 sectors, the 3 cards, the start player and the
//! rule flags.

use crate::board::{Placement, Tile};
use crate::cards::Card;
use crate::Error;

/// Most players.
pub const MAX_SEATS: usize = 4;
use dicecore::{Dice, Seat};
use serde::{Deserialize, Serialize};

/// Everything fixed at setup.
///
/// A config is `#[non_exhaustive]`: each rules version may add a flag, and code that builds
/// configs this way keeps compiling. Build one with a constructor, then set fields by name
/// (`docs/releases.md`):
///
/// ```
/// use kingdom_builder::{Config, Card, Game, State};
/// let mut config = Config::standard(4, 11).unwrap(); // board, cards and start from seed 11
/// config.redraw_for_extra_actions = true; // a flag of the rules reference
/// config.validate().unwrap(); // State::new checks it too
/// assert!(State::new(&config).is_ok());
///
/// let c = Config::first_game(3);
/// assert_eq!(c.cards, [Card::Fishermen, Card::Knights, Card::Merchants]);
/// assert!(c.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2–4.
    pub seats: u8,
    /// The sectors top-left, top-right, bottom-left, bottom-right (4 different ones).
    pub board: [Placement; 4],
    /// The 3 Kingdom Builder cards in play (3 different ones).
    pub cards: [Card; 3],
    /// The start player.
    pub start: Seat,
    /// Decision flag (default off): also redraw the terrain card when, after the mandatory
    /// build, the player holds an unused Oracle or Barn and the card's terrain has no free hex.
    #[serde(default)]
    pub redraw_for_extra_actions: bool,
    /// Decision flag (default on): in Lords scoring a count of zero takes part (a player absent
    /// from a sector can be second); off: a count of zero never scores.
    #[serde(default = "default_true")]
    pub lords_zero_counts: bool,
}

fn default_true() -> bool {
    true
}

impl Config {
    /// The rulebook's first-game setup: Tavern top-left, Paddock top-right, Oasis bottom-left,
    /// Farm bottom-right, none rotated; Fishermen, Knights, Merchants; seat 0 starts.
    pub fn first_game(seats: u8) -> Config {
        Config {
            seats,
            board: [
                Placement::printed(Tile::Tavern),
                Placement::printed(Tile::Paddock),
                Placement::printed(Tile::Oasis),
                Placement::printed(Tile::Farm),
            ],
            cards: [Card::Fishermen, Card::Knights, Card::Merchants],
            start: Seat(0),
            redraw_for_extra_actions: false,
            lords_zero_counts: true,
        }
    }

    /// The standard setup drawn from `seed` (what [`dicecore::Game::standard_config`]
    /// returns): 4 distinct sectors in random positions, each turned 180° with probability ½,
    /// 3 random cards, a random start player.
    pub fn standard(seats: u8, seed: u64) -> Result<Config, Error> {
        if !(2..=4).contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let mut dice = Dice::from_seed(seed);
        let mut sectors = Tile::ALL;
        dice.shuffle(&mut sectors);
        let mut board = [Placement::printed(Tile::Oracle); 4];
        for (p, s) in board.iter_mut().zip(sectors) {
            *p = Placement {
                sector: s,
                rotated: dice.below(2) == 1,
            };
        }
        let mut cards = Card::ALL;
        dice.shuffle(&mut cards);
        let start = Seat(dice.below(seats as u32) as u8);
        Ok(Config {
            seats,
            board,
            cards: [cards[0], cards[1], cards[2]],
            start,
            redraw_for_extra_actions: false,
            lords_zero_counts: true,
        })
    }

    /// Checks the player count, distinct sectors and cards, and the start player.
    pub fn validate(&self) -> Result<(), Error> {
        if !(2..=4).contains(&self.seats) {
            return Err(Error::PlayerCount(self.seats));
        }
        for i in 0..4 {
            for j in 0..i {
                if self.board[i].sector == self.board[j].sector {
                    return Err(Error::DuplicateSector(self.board[i].sector));
                }
            }
        }
        for i in 0..3 {
            for j in 0..i {
                if self.cards[i] == self.cards[j] {
                    return Err(Error::DuplicateCard(self.cards[i]));
                }
            }
        }
        if self.start.0 >= self.seats {
            return Err(Error::StartSeat(self.start));
        }
        Ok(())
    }

    /// The seat whose turn ends each round (the player to the right of the start player).
    pub fn last_seat(&self) -> Seat {
        Seat((self.start.0 + self.seats.max(1) - 1) % self.seats.max(1))
    }
}
