//! Positions set up by hand ([`FromSetup`]): the chips on the board by space name, whose turn
//! it is, the pending roll and the turns played.

use crate::board::{Cells, Space};
use crate::{Colour, Config, Error, Phase, PositionError, SetupError, State};
use dicecore::{FromSetup, Seat};
use serde::{Deserialize, Serialize};

/// A position of Sequence Dice in the game's own terms, for [`FromSetup`]: the spaces holding
/// each colour's chips (by name, `"c2"`, in JSON), the seat to move, the pending roll and the
/// turns played. The result is not a field: it follows from the board and the turn count (a
/// sequence on the board has won, the turn limit reached without one is a draw).
///
/// ```
/// use dicecore::{FromSetup, Game, Seat, Turn};
/// use sequence_dice::{Config, Setup, Space, State};
/// let config = Config::with_start(2, Seat(0)).unwrap();
/// let setup: Setup = serde_json::from_str(
///     r#"{ "green": ["b2", "e2"], "blue": ["b5", "e5"], "to_move": 0, "roll": 7, "turns_played": 4 }"#,
/// ).unwrap();
/// let state = State::from_setup(&config, &setup).unwrap();
/// assert_eq!(state.turn(), Turn::Seat(Seat(0)));
/// // All four 7 spaces are taken: green replaces one of blue's chips.
/// let mut legal = Vec::new();
/// state.legal_actions(&mut legal);
/// let names: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
/// assert_eq!(names, ["seat 0 places a chip on b5", "seat 0 places a chip on e5"]);
/// assert_eq!(state.to_setup(), setup);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Setup {
    /// The spaces holding green chips (seat 0, and seat 2 in the team game), in any order.
    #[serde(default, with = "space_names")]
    pub green: Vec<Space>,
    /// The spaces holding blue chips (seat 1, and seat 3 in the team game).
    #[serde(default, with = "space_names")]
    pub blue: Vec<Space>,
    /// The spaces holding red chips (seat 2 in the three-player game; empty otherwise, and left
    /// out of the JSON when empty).
    #[serde(default, with = "space_names", skip_serializing_if = "Vec::is_empty")]
    pub red: Vec<Space>,
    /// The seat whose turn it is (the seat that made the last move once the game is over).
    pub to_move: Seat,
    /// The total the dice show, waiting for `to_move` to choose a space; `None` (JSON `null`)
    /// when the dice are to be rolled or the game is over.
    pub roll: Option<u8>,
    /// Turns played so far (bonus turns count; the game is drawn at
    /// [`Config::max_turns`]). A position set up by hand may start at 0 with chips on the board.
    pub turns_played: u32,
}

impl Setup {
    /// The spaces of a colour's chips.
    pub fn spaces(&self, colour: Colour) -> &[Space] {
        match colour {
            Colour::Green => &self.green,
            Colour::Blue => &self.blue,
            Colour::Red => &self.red,
        }
    }
}

impl FromSetup for State {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        let spaces = |colour| self.chips(colour).iter().map(|i| Space(i as u8)).collect();
        Setup {
            green: spaces(Colour::Green),
            blue: spaces(Colour::Blue),
            red: spaces(Colour::Red),
            to_move: self.to_move,
            roll: self.roll,
            turns_played: self.turns,
        }
    }

    /// The state of `setup`, through the same checks as a saved state ([`Error::Position`]: a
    /// space off the board is [`PositionError::ChipOffBoard`], two colours on one space
    /// [`PositionError::SharedSpace`]); also refused, as a setup that cannot be read
    /// ([`Error::Setup`]): a space listed twice for one colour
    /// ([`SetupError::DuplicateSpace`]).
    fn from_setup(config: &Config, setup: &Setup) -> Result<State, Error> {
        let mut chips = [Cells::EMPTY; 3];
        for colour in Colour::ALL {
            for &space in setup.spaces(colour) {
                if !space.is_valid() {
                    return Err(PositionError::ChipOffBoard { colour, space }.into());
                }
                if !chips[colour.index()].insert(space.index()) {
                    return Err(SetupError::DuplicateSpace { colour, space }.into());
                }
            }
        }
        State {
            config: *config,
            chips,
            to_move: setup.to_move,
            roll: setup.roll,
            turns: setup.turns_played,
            phase: Phase::Playing,
        }
        .with_derived_status()
        .checked()
    }
}

impl State {
    /// A position to start from (a puzzle, a physical board being mirrored): `chips` of each
    /// colour (in [`Colour::ALL`] order) already on the board, `to_move` about to roll, no turns
    /// played yet. The short form of [`FromSetup::from_setup`] for that common case, through
    /// the same checks: refused when the position could not arise (chips off the board or
    /// stacked, chips of an unused colour, more chips than a colour has, a sequence already
    /// made).
    ///
    /// ```
    /// use sequence_dice::{board::{Cells, Space}, Action, Config, State};
    /// use dicecore::{Game, Seat, Turn};
    /// let config = Config::with_start(2, Seat(0)).unwrap();
    /// let green: Cells = [0, 1, 2, 3, 4].into_iter().collect(); // a1..e1
    /// let mut s = State::from_position(&config, [green, Cells::EMPTY, Cells::EMPTY], Seat(0))
    ///     .unwrap();
    /// s.apply_in_place(&Action::Roll(2)).unwrap(); // a 2: f1 is a free 2-space
    /// s.apply_in_place(&Action::Place { seat: Seat(0), space: Space(5) }).unwrap();
    /// assert_eq!(s.turn(), Turn::Over); // six in a row: green wins
    /// ```
    pub fn from_position(
        config: &Config,
        chips: [Cells; 3],
        to_move: Seat,
    ) -> Result<State, Error> {
        State {
            config: *config,
            chips,
            to_move,
            roll: None,
            turns: 0,
            phase: Phase::Playing,
        }
        .checked()
    }

    /// The result that follows from the board and the turn count: a colour with a sequence has
    /// won (the loader refuses two), the turn limit without one is a draw.
    fn with_derived_status(mut self) -> State {
        let c = &self.config;
        let won = Colour::ALL
            .into_iter()
            .take(c.sides())
            .find(|colour| crate::board::has_sequence(self.chips(*colour), c.sequence_length));
        self.phase = match won {
            Some(colour) => Phase::Won(colour),
            None if self.turns >= c.max_turns => Phase::Drawn,
            None => Phase::Playing,
        };
        self
    }
}

impl std::str::FromStr for Space {
    type Err = Error;

    /// The space named like `c2` ([`Space::parse`]), or why there is none.
    ///
    /// ```
    /// use sequence_dice::Space;
    /// assert_eq!("f6".parse::<Space>(), Ok(Space(35)));
    /// assert!("g1".parse::<Space>().unwrap_err().to_string().contains("a1 to f6"));
    /// ```
    fn from_str(name: &str) -> Result<Space, Error> {
        Space::parse(name).ok_or_else(|| Error::SpaceName(name.trim().to_string()))
    }
}

/// Serde for a list of spaces as their names (`["a1", "c2"]`).
mod space_names {
    use crate::board::Space;
    use serde::{de::Error as _, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(spaces: &[Space], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(spaces.iter().map(|space| space.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Space>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|name| name.parse::<Space>().map_err(D::Error::custom))
            .collect()
    }
}
