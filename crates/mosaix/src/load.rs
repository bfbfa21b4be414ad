//! Loading a saved state: only states that could arise in play are accepted.
//!
//! What play guarantees, and the loader checks (one [`crate::PositionError`] variant per
//! reason, in [`Error::Position`]; an invalid config, an unsorted roll and a formation not in
//! its canonical rotation get the flat refusals of [`crate::Config::validate`] and of actions):
//! - the config is valid, and seats beyond the players have blank cards and empty grids;
//! - turns are numbered from 1 and the dice pass clockwise once per turn from the first roller
//!   (the turn number stops at `u32::MAX`, where any roller is accepted);
//! - the scale is used only solo, with at most 8 crossed boxes;
//! - every card shows its printed symbol, not covered by this turn's entry;
//! - this turn's entries lie on their players' cards, only for players who have entered, and
//!   are the formation turned and placed; a recorded pass only when nothing fitted;
//! - a turn enters at most 4 symbols per player; solo, every entry enters 1 to 4 symbols and
//!   drops the rest, so entered symbols plus crossed boxes are 4 per entry, one entry per turn
//!   (at most one with [`crate::SoloStuck::Pass`], which allows passes);
//! - while the game goes on, no card was closed when the turn began; a game over on closed
//!   cards names exactly the cards that can no longer be filled; only the solo game ends early,
//!   on a card that could still be filled, and "could not enter" only when that was so.

use crate::config::{Config, SoloStuck, SOLO_BOXES};
use crate::formation::Formation;
use crate::grid::Grid;
use crate::state::State;
use crate::turn::{EndReason, Phase};
use crate::{Card, Error, PositionError as P};
use dicecore::faces::Symbol;
use dicecore::square::Tetromino;
use dicecore::{Seat, SeatSet};
use std::sync::Arc;

dicecore::validated_serde!(State, State::checked, versioned);

impl State {
    /// The loader: a state read from a file (or built from a setup) is accepted only if it
    /// could arise in play; the config (not saved) is rebuilt from the saved fields.
    pub(crate) fn checked(mut self) -> Result<State, Error> {
        let config = Config {
            seats: self.seats,
            cards: self.cards[..usize::from(self.seats.min(4))].to_vec(),
            first_roller: self.first_roller,
            solo_stuck: self.solo_stuck,
        };
        config.validate()?;
        self.check_beyond_the_table()?;
        self.check_turn()?;
        self.check_scale()?;
        for seat in (0..self.seats).map(Seat) {
            self.check_card(seat)?;
        }
        self.check_phase()?;
        self.config = Arc::new(config);
        Ok(self)
    }

    fn check_beyond_the_table(&self) -> Result<(), P> {
        for i in usize::from(self.seats)..4 {
            if self.cards[i] != Card::BLANK
                || self.grids[i] != Grid::EMPTY
                || !self.entries[i].is_empty()
            {
                return Err(P::BeyondTheTable(Seat(i as u8)));
            }
        }
        Ok(())
    }

    fn check_turn(&self) -> Result<(), P> {
        if self.round == 0 {
            return Err(P::TurnZero);
        }
        let seats = u64::from(self.seats);
        let expected =
            Seat(((u64::from(self.first_roller.0) + u64::from(self.round) - 1) % seats) as u8);
        // The turn number stops at u32::MAX while the dice go on passing.
        if self.roller != expected && (self.round < u32::MAX || self.roller.0 >= self.seats) {
            return Err(P::RollerOutOfTurn {
                round: self.round,
                roller: self.roller,
                expected,
            });
        }
        Ok(())
    }

    fn check_scale(&self) -> Result<(), P> {
        if self.crossed > SOLO_BOXES {
            return Err(P::ScaleOverflow(self.crossed));
        }
        if self.seats > 1 && self.crossed > 0 {
            return Err(P::ScaleNotSolo(self.seats));
        }
        Ok(())
    }

    /// The seats that have entered (or passed) this turn.
    fn entered(&self) -> SeatSet {
        match self.phase {
            Phase::Enter { pending, .. } => {
                SeatSet::from_bits(SeatSet::all(self.seats).bits() & !pending.bits())
            }
            _ => SeatSet::EMPTY,
        }
    }

    /// Turns completed: the current one counts once the game has ended on closed cards (the
    /// turn number does not advance then).
    fn turns_completed(&self) -> u64 {
        let round = u64::from(self.round);
        match self.phase {
            Phase::Over(EndReason::CardClosed(_)) => round,
            _ => round.saturating_sub(1),
        }
    }

    fn check_card(&self, seat: Seat) -> Result<(), P> {
        let i = seat.index();
        let entry = &self.entries[i];
        let grid = &self.grids[i];
        if !entry.is_well_formed()
            || Symbol::ALL
                .iter()
                .any(|&s| !entry.cells_of(s).is_subset(&grid.marks().cells_of(s)))
        {
            return Err(P::EntryNotOnCard(seat));
        }
        if !entry.is_empty() && !self.entered().contains(seat) {
            return Err(P::EntryOutOfTurn(seat));
        }
        let mut before = *grid;
        before.remove(entry);
        let printed = match self.cards[i].start() {
            Some((cell, symbol)) => {
                if before.symbol_at(cell) != Some(symbol) {
                    return Err(P::PrintedSymbolMissing(seat));
                }
                1
            }
            None => 0,
        };
        let turns = self.turns_completed();
        let entered = before.filled_count() as u32 - printed;
        if self.is_solo() {
            let total = u64::from(entered) + u64::from(self.crossed);
            let passes = self.solo_stuck == SoloStuck::Pass;
            let entries = total / 4;
            // Each entry enters at least one symbol (so drops at most 3).
            let whole = total % 4 == 0 && u64::from(entered) >= entries;
            if !whole || entries > turns || (!passes && entries != turns) {
                return Err(P::ScaleMismatch {
                    entered,
                    crossed: self.crossed,
                    turns,
                    passes,
                });
            }
        } else if u64::from(entered) > 4 * turns {
            return Err(P::TooManySymbols {
                seat,
                cells: entered,
                turns,
            });
        }
        // The game ends after a turn in which a card closed; ended by the solo player, it
        // ended on a card that could still be filled.
        let closed_ends = matches!(self.phase, Phase::Over(EndReason::CardClosed(_)));
        if !closed_ends && !before.can_fill() {
            return Err(P::ClosedButGoesOn(seat));
        }
        Ok(())
    }

    fn check_phase(&self) -> Result<(), Error> {
        let all = SeatSet::all(self.seats);
        match self.phase {
            Phase::Roll => {}
            Phase::Arrange(roll) => {
                if !roll.is_sorted() {
                    return Err(Error::RollNotSorted);
                }
            }
            Phase::Enter { formation, pending } => {
                if !formation.is_canonical() {
                    return Err(Error::NotCanonical);
                }
                if pending.is_empty() || pending.bits() & !all.bits() != 0 {
                    return Err(P::PendingNotPlayers(pending).into());
                }
                for seat in self.entered() {
                    let entry = &self.entries[seat.index()];
                    if entry.is_empty() {
                        // A pass: only when nothing fitted on the card as the turn began.
                        if formation.has_entry(self.grids[seat.index()].filled_bits(), 4) {
                            return Err(P::PassedButFits(seat).into());
                        }
                    } else if !formation.is_placement(entry) {
                        return Err(P::EntryNotTheFormation(seat).into());
                    }
                }
            }
            Phase::Over(EndReason::CardClosed(recorded)) => {
                let closed: SeatSet = all
                    .iter()
                    .filter(|s| !self.grids[s.index()].can_fill())
                    .collect();
                if recorded != closed || recorded.is_empty() {
                    return Err(P::ClosedCards { recorded, closed }.into());
                }
            }
            Phase::Over(EndReason::PlayerEnded) | Phase::Over(EndReason::CannotEnter)
                if !self.is_solo() =>
            {
                return Err(P::EndedEarlyNotSolo.into());
            }
            Phase::Over(EndReason::PlayerEnded) => {}
            Phase::Over(EndReason::CannotEnter) => {
                // The formation did not fit within the free boxes (fitting depends only on
                // its shape); with passes allowed and a box free, no shape fitted.
                let filled = self.grids[0].filled_bits();
                let free = SOLO_BOXES - self.crossed;
                let fits = |shape| {
                    Formation {
                        shape,
                        symbols: [Symbol::Circle; 4],
                    }
                    .has_entry(filled, free)
                };
                let stuck = if self.solo_stuck == SoloStuck::Pass && free > 0 {
                    !Tetromino::ALL.into_iter().any(fits)
                } else {
                    !Tetromino::ALL.into_iter().all(fits)
                };
                if !stuck {
                    return Err(P::NotStuck.into());
                }
            }
        }
        Ok(())
    }
}
