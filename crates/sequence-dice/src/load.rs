//! Validated loading: a saved state, or a position built by hand, is accepted only if it could
//! arise in play.

use crate::board::{self, has_sequence, Cells, Space};
use crate::{Colour, Error, Phase, State};

dicecore::validated_serde!(State, State::checked, versioned);

impl State {
    /// The loader: a state read from a file (or built from a position) is accepted only if it
    /// could arise in play, from the empty board or from a position set up by hand (so the
    /// chips on the board are not tied to the turns played). Each reason has its own error.
    pub(crate) fn checked(self) -> Result<State, Error> {
        let c = &self.config;
        c.validate()?;
        self.check_chips()?;
        if self.to_move.0 >= c.seats {
            return Err(Error::ToMoveOffTable(self.to_move));
        }
        let (turns, max) = (self.turns, c.max_turns);
        if turns > max {
            return Err(Error::TooManyTurns { turns, max });
        }
        let winner = match self.phase {
            Phase::Won(colour) => Some(colour),
            Phase::Playing | Phase::Drawn => None,
        };
        for colour in Colour::ALL.into_iter().take(c.sides()) {
            let sequence = has_sequence(self.chips[colour.index()], c.sequence_length);
            if sequence && winner != Some(colour) {
                return Err(Error::UnclaimedSequence(colour));
            }
        }
        match (self.phase, self.roll) {
            (Phase::Playing, _) if turns == max => Err(Error::NotDrawnAtLimit(max)),
            (Phase::Playing, Some(roll)) if !(2..=12).contains(&roll) => {
                Err(Error::NoSuchRoll(roll))
            }
            (Phase::Playing, Some(roll)) if self.targets(roll).is_empty() => {
                Err(Error::RollWithoutChoice {
                    seat: self.to_move,
                    roll,
                })
            }
            (Phase::Playing, _) => Ok(self),
            (_, Some(roll)) => Err(Error::RollAfterTheEnd(roll)),
            (Phase::Drawn, None) if turns != max => Err(Error::DrawBeforeLimit { turns, max }),
            (Phase::Drawn, None) => Ok(self),
            (Phase::Won(colour), None) => self.check_win(colour),
        }
    }

    /// Every chip on a space of the board, one chip per space, only colours in play, no more
    /// chips than a colour has.
    fn check_chips(&self) -> Result<(), Error> {
        let c = &self.config;
        let mut seen = Cells::EMPTY;
        for colour in Colour::ALL {
            let chips = self.chips[colour.index()];
            if let Some(off) = (chips - board::ALL).first() {
                let space = Space(off.min(u8::MAX as usize) as u8);
                return Err(Error::ChipOffBoard { colour, space });
            }
            if let Some(both) = (chips & seen).first() {
                return Err(Error::SharedSpace(Space(both as u8)));
            }
            seen |= chips;
            if colour.index() >= c.sides() && !chips.is_empty() {
                return Err(Error::UnusedColour(colour));
            }
            if chips.count() > c.chips_per_colour as usize {
                return Err(Error::TooManyChips {
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
    fn check_win(self, colour: Colour) -> Result<State, Error> {
        let c = &self.config;
        let own = self.chips[colour.index()];
        if colour.index() >= c.sides() || !has_sequence(own, c.sequence_length) {
            return Err(Error::WinnerWithoutSequence(colour));
        }
        if c.colour_of(self.to_move) != colour {
            return Err(Error::WinnerNotLastToMove {
                colour,
                seat: self.to_move,
            });
        }
        if self.turns == 0 {
            return Err(Error::WonWithoutATurn);
        }
        let last_placed = own.iter().any(|i| {
            let mut before = own;
            before.remove(i);
            !has_sequence(before, c.sequence_length)
        });
        if !last_placed {
            return Err(Error::SequencesApart(colour));
        }
        Ok(self)
    }
}
