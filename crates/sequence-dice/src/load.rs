//! Validated loading: a saved state, or a position built by hand, is accepted only if it could
//! arise in play.

use crate::board::{self, has_sequence, Cells};
use crate::{Config, Error, State, Status};
use dicecore::Seat;

dicecore::validated_serde!(State, State::checked);

impl State {
    /// A position to start from (a puzzle, a physical board being mirrored): `chips` of each
    /// colour (in [`crate::Colour::ALL`] order) already on the board, `to_move` about to roll,
    /// no turns played yet. Refused when the position could not arise: chips off the board or
    /// stacked, chips of an unused colour, more chips than a colour has, or a sequence already
    /// made.
    ///
    /// ```
    /// use sequence_dice::{board::{Cells, Space}, Action, Config, State};
    /// use dicecore::{Game, Seat, Turn};
    /// let config = Config::standard(2, Seat(0)).unwrap();
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
            status: Status::Playing,
        }
        .checked()
    }

    /// The loader: a state read from a file (or built from a position) is accepted only if it
    /// could arise in play.
    pub(crate) fn checked(self) -> Result<State, Error> {
        let c = &self.config;
        c.check()?;
        let sides = c.sides();
        let mut seen = Cells::EMPTY;
        for (side, &chips) in self.chips.iter().enumerate() {
            if !chips.is_subset(&board::ALL) {
                return Err(Error::Corrupted("a chip lies off the board"));
            }
            if chips.intersects(&seen) {
                return Err(Error::Corrupted("two chips share a space"));
            }
            seen |= chips;
            if side >= sides && !chips.is_empty() {
                return Err(Error::Corrupted("chips of a colour nobody plays"));
            }
            if chips.count() > c.chips_per_colour as usize {
                return Err(Error::Corrupted(
                    "more chips on the board than a colour has",
                ));
            }
        }
        if self.to_move.0 >= c.seats {
            return Err(Error::Corrupted("the player to move is not at the table"));
        }
        if self.turns > c.max_turns {
            return Err(Error::Corrupted("more turns played than the turn limit"));
        }
        let with_sequence: Vec<usize> = (0..sides)
            .filter(|&s| has_sequence(self.chips[s], c.sequence_length))
            .collect();
        match self.status {
            Status::Playing => {
                if !with_sequence.is_empty() {
                    return Err(Error::Corrupted(
                        "a sequence is on the board but nobody won",
                    ));
                }
                if self.turns >= c.max_turns {
                    return Err(Error::Corrupted("the turn limit is reached but no draw"));
                }
                if let Some(roll) = self.roll {
                    if !(2..=12).contains(&roll) {
                        return Err(Error::Corrupted("a pending roll two dice cannot show"));
                    }
                    if self.targets(roll).is_empty() {
                        return Err(Error::Corrupted("a pending roll that leaves no choice"));
                    }
                }
            }
            Status::Won(colour) => {
                if with_sequence != [colour.index()] {
                    return Err(Error::Corrupted("the winner has no sequence"));
                }
                if self.turns == 0 || self.roll.is_some() {
                    return Err(Error::Corrupted("the end of the game does not match"));
                }
            }
            Status::Drawn => {
                if !with_sequence.is_empty() {
                    return Err(Error::Corrupted("a drawn game with a sequence"));
                }
                if self.turns != c.max_turns || self.roll.is_some() {
                    return Err(Error::Corrupted("a draw before the turn limit"));
                }
            }
        }
        Ok(self)
    }
}
