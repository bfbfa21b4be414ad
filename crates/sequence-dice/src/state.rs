//! The game state and the turn sequence: placing and removing chips, the end of a turn.

use crate::board::{self, completes_sequence, numbered, Cells, Space, NUMBERS};
use crate::{Colour, Config, Error};
use dicecore::{Dice, Game, Probability, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Ways two dice make each total 2..=12 (out of 36).
const ROLL_WAYS: [u64; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The game goes on.
    Playing,
    /// This colour completed a sequence and won (both partners in the team game).
    Won(Colour),
    /// `max_turns` turns were played without a sequence.
    Drawn,
}

/// Where the game stands: the 0.1.0 name of [`Phase`], kept until the next breaking release
/// (`docs/releases.md`).
#[deprecated(since = "0.2.0", note = "use `Phase`")]
pub type Status = Phase;

impl fmt::Display for Phase {
    /// `playing`, `green won`, `drawn`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Playing => f.write_str("playing"),
            Phase::Won(colour) => write!(f, "{colour} won"),
            Phase::Drawn => f.write_str("drawn"),
        }
    }
}

/// A state of Sequence Dice: the chips of each colour on the board, whose turn it is, the
/// pending roll, the number of turns played and the result. Small and `Copy`: a few words.
///
/// Supplies are not stored: a colour's supply is `chips_per_colour` minus its chips on the
/// board, so a removed or replaced chip is back in its owner's supply by construction. Saved
/// states are checked on loading (the `load` module): only positions that could arise in play
/// are accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub(crate) config: Config,
    pub(crate) chips: [Cells; 3],
    pub(crate) to_move: Seat,
    pub(crate) roll: Option<u8>,
    pub(crate) turns: u32,
    #[serde(rename = "status")]
    pub(crate) phase: Phase,
}

impl State {
    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The seat to move (to roll, or to choose after the roll); the last mover once over.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The roll waiting for the player to move to choose a space, if any.
    pub fn pending_roll(&self) -> Option<u8> {
        self.roll
    }

    /// Turns played so far (bonus turns count as turns).
    pub fn turns_played(&self) -> u32 {
        self.turns
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The winning colour, if a sequence was made.
    pub fn winner(&self) -> Option<Colour> {
        match self.phase {
            Phase::Won(c) => Some(c),
            _ => None,
        }
    }

    /// The spaces holding a colour's chips.
    pub fn chips(&self, colour: Colour) -> Cells {
        self.chips[colour.index()]
    }

    /// Every occupied space.
    pub fn occupied(&self) -> Cells {
        self.chips[0] | self.chips[1] | self.chips[2]
    }

    /// The chips a colour still has in its supply (0 for a colour nobody plays).
    pub fn supply(&self, colour: Colour) -> u8 {
        if colour.index() >= self.config.sides() {
            return 0;
        }
        self.config
            .chips_per_colour
            .saturating_sub(self.chips[colour.index()].count() as u8)
    }

    /// The colour on a space, if any.
    pub fn chip_at(&self, space: Space) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.chips[c.index()].contains(space.index()))
    }

    /// The spaces the player to move may choose after rolling `roll` (for a 10, the chips it
    /// may remove): the free spaces of that number (any free space on an 11); if there are
    /// none, the opponents' chips on them; for a 10, opponents' chips off the 2 and 12 spaces.
    /// Empty when the side's supply is empty (for a placement) or nothing qualifies.
    pub fn targets(&self, roll: u8) -> Cells {
        let side = self.config.side_of(self.to_move);
        let own = self.chips[side];
        let all = self.occupied();
        if roll == 10 {
            return (all - own) - board::PROTECTED;
        }
        if own.count() >= self.config.chips_per_colour as usize {
            return Cells::EMPTY;
        }
        let scope = if roll == 11 {
            board::ALL
        } else {
            numbered(roll)
        };
        let free = scope - all;
        if free.is_empty() {
            (scope & all) - own
        } else {
            free
        }
    }

    /// The opening position of a config ([`Game::new`]): no chip on the board, the first player
    /// to roll.
    pub(crate) fn opening(config: &Config) -> Result<State, Error> {
        config.validate()?;
        Ok(State {
            config: *config,
            chips: [Cells::EMPTY; 3],
            to_move: config.start,
            roll: None,
            turns: 0,
            phase: Phase::Playing,
        })
    }

    /// Ends the turn of `roll`: the extra turn after a 2 or 12, the turn limit, the next seat.
    pub(crate) fn end_turn(&mut self, roll: u8, placed: bool) {
        self.roll = None;
        self.turns += 1;
        if self.turns >= self.config.max_turns {
            self.phase = Phase::Drawn;
            return;
        }
        let bonus = (roll == 2 || roll == 12) && (placed || self.config.bonus_without_placement);
        if !bonus {
            let next = self.to_move.0 + 1;
            self.to_move = Seat(if next >= self.config.seats { 0 } else { next });
        }
    }

    /// Checks a player's action: the game goes on, a roll is pending and `seat` is to move.
    /// Returns the roll.
    fn check_player(&self, seat: Seat, space: Space) -> Result<u8, Error> {
        let Some(roll) = self.roll else {
            return Err(Error::MustRoll);
        };
        if seat != self.to_move {
            return Err(Error::NotYourTurn(seat));
        }
        if !space.is_valid() {
            return Err(Error::NoSuchSpace(space));
        }
        Ok(roll)
    }

    pub(crate) fn place(&mut self, seat: Seat, space: Space) -> Result<(), Error> {
        let roll = self.check_player(seat, space)?;
        if roll == 10 {
            return Err(Error::MustRemove);
        }
        let cell = space.index();
        let number = NUMBERS[cell];
        if roll != 11 && number != roll {
            return Err(Error::WrongNumber {
                space,
                number,
                roll,
            });
        }
        let side = self.config.side_of(seat);
        if self.chips[side].contains(cell) {
            return Err(Error::OwnChip(space));
        }
        let all = self.occupied();
        if all.contains(cell) {
            let scope = if roll == 11 {
                board::ALL
            } else {
                numbered(roll)
            };
            if !(scope - all).is_empty() {
                return Err(Error::SpaceTaken(space));
            }
        }
        // Valid (the pending roll guarantees a chip in the supply): change the state.
        for chips in &mut self.chips {
            chips.remove(cell);
        }
        self.chips[side].insert(cell);
        if completes_sequence(self.chips[side], space, self.config.sequence_length) {
            self.roll = None;
            self.turns += 1;
            self.phase = Phase::Won(Colour::ALL[side]);
            return Ok(());
        }
        self.end_turn(roll, true);
        Ok(())
    }

    pub(crate) fn remove(&mut self, seat: Seat, space: Space) -> Result<(), Error> {
        let roll = self.check_player(seat, space)?;
        if roll != 10 {
            return Err(Error::MustPlace(roll));
        }
        let cell = space.index();
        if !self.occupied().contains(cell) {
            return Err(Error::NoChip(space));
        }
        if self.chips[self.config.side_of(seat)].contains(cell) {
            return Err(Error::OwnChip(space));
        }
        if board::PROTECTED.contains(cell) {
            return Err(Error::Protected(space));
        }
        for chips in &mut self.chips {
            chips.remove(cell);
        }
        self.end_turn(roll, false);
        Ok(())
    }
}

/// Rolls two dice and returns their total: the ordered pair of faces is one of 36 equally
/// likely outcomes, one [`Dice::below`]`(36)` draw.
///
/// ```
/// use sequence_dice::roll_two_dice;
/// let mut dice = dicecore::Dice::from_seed(1);
/// assert!((2..=12).contains(&roll_two_dice(&mut dice)));
/// ```
#[inline]
pub fn roll_two_dice(dice: &mut Dice) -> u8 {
    let pair = dice.below(36) as u8;
    pair / 6 + pair % 6 + 2
}

/// Exact probability of a roll total (0 outside 2–12).
pub fn roll_probability(total: u8) -> Probability {
    match total {
        2..=12 => Probability::new(ROLL_WAYS[total as usize - 2], 36),
        _ => Probability::ZERO,
    }
}

impl fmt::Display for State {
    /// The board (the same for every seat: Sequence Dice hides nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::view::write_table(f, &self.view(self.to_move))
    }
}
