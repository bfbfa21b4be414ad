//! Validated loading: a saved state, or a position built by hand, is accepted only if it could
//! arise in play.

use crate::board::{self, has_sequence, Cells, Space};
use crate::{Colour, Error, Phase, PositionError, State};

dicecore::validated_serde!(State, State::checked, versioned);

impl State {
    /// The loader: a state read from a file (or built from a position) is accepted only if it
    /// could arise in play, from the empty board or from a position set up by hand (so the
    /// chips on the board are not tied to the turns played). Each reason has its own
    /// [`PositionError`]; an invalid config is refused with its own flat error, and a pending
    /// roll two dice cannot show with [`Error::NoSuchRoll`], as in play.
    pub(crate) fn checked(self) -> Result<State, Error> {
        let c = &self.config;
        c.validate()?;
        self.check_chips()?;
        if self.to_move.0 >= c.seats {
            return Err(PositionError::ToMoveOffTable(self.to_move).into());
        }
        let (turns, max) = (self.turns, c.max_turns);
        if turns > max {
            return Err(PositionError::TooManyTurns { turns, max }.into());
        }
        let winner = match self.phase {
            Phase::Won(colour) => Some(colour),
            Phase::Playing | Phase::Drawn => None,
        };
        for colour in Colour::ALL.into_iter().take(c.sides()) {
            let sequence = has_sequence(self.chips[colour.index()], c.sequence_length);
            if sequence && winner != Some(colour) {
                return Err(PositionError::UnclaimedSequence(colour).into());
            }
        }
        match (self.phase, self.roll) {
            (Phase::Playing, _) if turns == max => Err(PositionError::NotDrawnAtLimit(max).into()),
            (Phase::Playing, Some(roll)) if !(2..=12).contains(&roll) => {
                Err(Error::NoSuchRoll(roll))
            }
            (Phase::Playing, Some(roll)) if self.targets(roll).is_empty() => {
                Err(PositionError::RollWithoutChoice {
                    seat: self.to_move,
                    roll,
                }
                .into())
            }
            (Phase::Playing, _) => Ok(self),
            (_, Some(roll)) => Err(PositionError::RollAfterTheEnd(roll).into()),
            (Phase::Drawn, None) if turns != max => {
                Err(PositionError::DrawBeforeLimit { turns, max }.into())
            }
            (Phase::Drawn, None) => Ok(self),
            (Phase::Won(colour), None) => Ok(self.check_win(colour)?),
        }
    }

    /// Every chip on a space of the board, one chip per space, only colours in play, no more
    /// chips than a colour has.
    fn check_chips(&self) -> Result<(), PositionError> {
        let c = &self.config;
        let mut seen = Cells::EMPTY;
        for colour in Colour::ALL {
            let chips = self.chips[colour.index()];
            if let Some(off) = (chips - board::ALL).first() {
                let space = Space(off.min(u8::MAX as usize) as u8);
                return Err(PositionError::ChipOffBoard { colour, space });
            }
            if let Some(both) = (chips & seen).first() {
                return Err(PositionError::SharedSpace(Space(both as u8)));
            }
            seen |= chips;
            if colour.index() >= c.sides() && !chips.is_empty() {
                return Err(PositionError::UnusedColour(colour));
            }
            if chips.count() > c.chips_per_colour as usize {
                return Err(PositionError::TooManyChips {
                    colour,
                    on_board: chips.count(),
                    chips: c.chips_per_colour,
                });
            }
        }
        Ok(())
    }

    /// A won game ends on the winner's own placement, which completed every sequence of the
    /// winner at once: the winner has a sequence, the last player to move plays the winning
    /// colour, a turn was played, and some chip of the winner lies on all its sequences.
    fn check_win(self, colour: Colour) -> Result<State, PositionError> {
        let c = &self.config;
        let own = self.chips[colour.index()];
        if colour.index() >= c.sides() || !has_sequence(own, c.sequence_length) {
            return Err(PositionError::WinnerWithoutSequence(colour));
        }
        if c.colour_of(self.to_move) != colour {
            return Err(PositionError::WinnerNotLastToMove {
                colour,
                seat: self.to_move,
            });
        }
        if self.turns == 0 {
            return Err(PositionError::WonWithoutATurn);
        }
        let last_placed = own.iter().any(|i| {
            let mut before = own;
            before.remove(i);
            !has_sequence(before, c.sequence_length)
        });
        if !last_placed {
            return Err(PositionError::SequencesApart(colour));
        }
        Ok(self)
    }
}
