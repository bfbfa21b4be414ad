//! Positions set up by hand ([`FromSetup`]): the cards as rows of symbols, this turn's entries
//! by row and column, the roll, the formation, the scale, whose roll and where in the turn.

use crate::config::Config;
use crate::formation::{Formation, Roll};
use crate::grid::{Cell, Grid, Marks, SIZE};
use crate::state::State;
use crate::turn::{EndReason, Phase};
use crate::{Card, Error, PositionError, SetupError};
use dicecore::faces::Symbol;
use dicecore::{FromSetup, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where the turn of a [`Setup`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupPhase {
    /// The roller is to roll the four dice.
    Roll,
    /// The roller arranges the [`Setup::roll`] into a formation.
    Arrange,
    /// The players enter the [`Setup::formation`]; those with `null` in [`Setup::entered`] are
    /// still to enter.
    Enter,
    /// The game is over: after the turn, some card was full or could no longer be filled
    /// (which cards follows from the cards).
    CardClosed,
    /// The game is over: the solo player ended it.
    PlayerEnded,
    /// The game is over: the solo player could not enter the formation within the free boxes
    /// of the scale.
    CannotEnter,
}

/// A symbol written on a cell: row 0–6 from the top, column 0–6 from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Written {
    /// Row 0–6, top to bottom.
    pub row: u8,
    /// Column 0–6, left to right.
    pub col: u8,
    /// The symbol.
    pub symbol: Symbol,
}

/// A position of Mosaix in the game's own terms, for [`FromSetup`].
///
/// ```
/// use dicecore::{FromSetup, Game, Seat, Turn};
/// use mosaix::{Setup, SetupPhase, State, Symbol::*};
/// let config = State::standard_config(2, 0).unwrap();
/// let blank = || vec!["......."; 7].into_iter().map(String::from).collect::<Vec<_>>();
/// let mut cards = vec![blank(), blank()];
/// cards[0][3] = "...o...".into(); // seat 0 prints a circle in the centre
/// cards[1][3] = "...^...".into(); // seat 1 a triangle
/// let setup = Setup {
///     round: 1,
///     roller: config.first_roller,
///     phase: SetupPhase::Arrange,
///     roll: Some([Cross, Circle, Cross, Triangle]),
///     formation: None,
///     cards,
///     entered: vec![None, None],
///     crossed: 0,
/// };
/// let state = State::from_setup(&config, &setup).unwrap();
/// assert_eq!(state.turn(), Turn::Seat(config.first_roller));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The turn number, from 1 (it fixes the roller: the dice pass clockwise once per turn
    /// from the config's first roller).
    pub round: u32,
    /// The seat rolling this turn.
    pub roller: Seat,
    /// Where the turn stands.
    pub phase: SetupPhase,
    /// The four symbols rolled, in any order: while arranging, and (optionally) while entering.
    pub roll: Option<[Symbol; 4]>,
    /// The formation being entered (only while entering): its shape and the symbol on each
    /// cell of [`crate::Tetromino::cells`], any rotation.
    pub formation: Option<Formation>,
    /// Each seat's card as it is now, 7 rows of 7 characters: `o` circle, `^` triangle, `x`
    /// cross, `.` empty (spaces ignored). The printed symbol and this turn's entries included.
    pub cards: Vec<Vec<String>>,
    /// While entering: per seat, `None` if the player is still to enter, else the symbols it
    /// wrote this turn (empty for a pass). Outside the entering phase every seat is `None`.
    pub entered: Vec<Option<Vec<Written>>>,
    /// Crossed boxes of the solo scale (0 with 2–4 players).
    pub crossed: u8,
}

impl FromSetup for State {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        let n = usize::from(self.seats);
        let pending = match self.phase {
            Phase::Enter { pending, .. } => pending,
            _ => SeatSet::all(self.seats),
        };
        let entered = (0..n)
            .map(|i| {
                (!pending.contains(Seat(i as u8))).then(|| {
                    self.entries[i]
                        .iter()
                        .map(|(cell, symbol)| Written {
                            row: cell.row,
                            col: cell.col,
                            symbol,
                        })
                        .collect()
                })
            })
            .collect();
        let (phase, roll, formation) = match self.phase {
            Phase::Roll => (SetupPhase::Roll, None, None),
            Phase::Arrange(roll) => (SetupPhase::Arrange, Some(roll.0), None),
            Phase::Enter { formation, .. } => {
                (SetupPhase::Enter, Some(formation.roll().0), Some(formation))
            }
            Phase::Over(EndReason::CardClosed(_)) => (SetupPhase::CardClosed, None, None),
            Phase::Over(EndReason::PlayerEnded) => (SetupPhase::PlayerEnded, None, None),
            Phase::Over(EndReason::CannotEnter) => (SetupPhase::CannotEnter, None, None),
        };
        Setup {
            round: self.round,
            roller: self.roller,
            phase,
            roll,
            formation,
            cards: self.grids[..n]
                .iter()
                .map(|g| (0..SIZE).map(|r| g.row_text(r)).collect())
                .collect(),
            entered,
            crossed: self.crossed,
        }
    }

    fn from_setup(config: &Config, setup: &Setup) -> Result<State, Error> {
        config.validate()?;
        let seats = config.seats;
        let n = usize::from(seats);
        if setup.cards.len() != n {
            return Err(SetupError::CardCount {
                cards: setup.cards.len(),
                seats,
            }
            .into());
        }
        if setup.entered.len() != n {
            return Err(SetupError::EnteredCount {
                entered: setup.entered.len(),
                seats,
            }
            .into());
        }
        let mut grids = [Grid::EMPTY; 4];
        let mut entries = [Marks::EMPTY; 4];
        let mut pending = SeatSet::EMPTY;
        for i in 0..n {
            let seat = Seat(i as u8);
            grids[i] = setup.cards[i]
                .join("\n")
                .parse()
                .map_err(|e| SetupError::CardText(seat, e))?;
            match &setup.entered[i] {
                None => pending.insert(seat),
                Some(_) if setup.phase != SetupPhase::Enter => {
                    return Err(PositionError::EntryOutOfTurn(seat).into())
                }
                Some(list) => {
                    let cells = list.iter().map(|w| (Cell::new(w.row, w.col), w.symbol));
                    entries[i] = Marks::from_cells(cells).ok_or(SetupError::EntryCells(seat))?;
                }
            }
        }
        let needs_roll = matches!(setup.phase, SetupPhase::Arrange | SetupPhase::Enter);
        if setup.roll.is_some() && !needs_roll {
            return Err(SetupError::RollOutOfPhase.into());
        }
        if setup.formation.is_some() && setup.phase != SetupPhase::Enter {
            return Err(SetupError::FormationOutOfPhase.into());
        }
        let phase = match setup.phase {
            SetupPhase::Roll => Phase::Roll,
            SetupPhase::Arrange => Phase::Arrange(Roll::new(setup.roll.ok_or(SetupError::NoRoll)?)),
            SetupPhase::Enter => {
                let f = setup.formation.ok_or(SetupError::NoFormation)?;
                let formation = Formation::canonical(f.shape, f.symbols);
                if setup.roll.is_some_and(|r| Roll::new(r) != formation.roll()) {
                    return Err(Error::WrongSymbols);
                }
                Phase::Enter { formation, pending }
            }
            SetupPhase::CardClosed => {
                let closed: SeatSet = (0..seats)
                    .map(Seat)
                    .filter(|s| !grids[s.index()].can_fill())
                    .collect();
                if closed.is_empty() {
                    return Err(SetupError::NoCardClosed.into());
                }
                Phase::Over(EndReason::CardClosed(closed))
            }
            SetupPhase::PlayerEnded => Phase::Over(EndReason::PlayerEnded),
            SetupPhase::CannotEnter => Phase::Over(EndReason::CannotEnter),
        };
        let mut cards = [Card::BLANK; 4];
        cards[..n].copy_from_slice(&config.cards);
        State {
            seats,
            cards,
            first_roller: config.first_roller,
            roller: setup.roller,
            round: setup.round,
            phase,
            grids,
            entries,
            crossed: setup.crossed,
            solo_stuck: config.solo_stuck,
            config: Arc::new(config.clone()),
            kept: dicecore::Memo::new(),
        }
        .checked()
    }
}
