//! The game state: a turn's roll, arrangement and entries, the end of the game, the solo
//! scale. The [`dicecore::Game`] contract is in `game`.

use crate::config::{Card, Config, SoloRating, SoloStuck, SOLO_BOXES};
use crate::entries::MAX_ENTRIES;
use crate::formation::Formation;
use crate::grid::{Grid, Marks};
use crate::kept::Points;
// `mosaix::state::{EndReason, Phase, View}` were paths of 0.1.0 (the module is public but
// hidden, docs/releases.md): they still resolve here; the crate root re-exports the types from
// their own modules.
pub use crate::turn::{EndReason, Phase};
use crate::view::write_table;
pub use crate::view::View;
use crate::{Action, Error};
use dicecore::faces::Symbol;
use dicecore::square::Tetromino;
use dicecore::{Memo, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A state of Mosaix: the cards, the turn and (solo) the scale.
///
/// ```
/// use mosaix::{Action, Formation, Phase, State, Tetromino, Roll, Symbol::*};
/// use dicecore::{Game, Seat, Turn};
/// let mut s = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
/// assert_eq!(s.turn(), Turn::Chance);
/// s.apply_in_place(&Action::Roll(Roll::new([Circle, Cross, Circle, Triangle]))).unwrap();
/// let Turn::Seat(roller) = s.turn() else { unreachable!() };
/// let formation = Formation::canonical(Tetromino::T, [Circle, Circle, Triangle, Cross]);
/// s.apply_in_place(&Action::Arrange { seat: roller, formation }).unwrap();
/// // Both players now enter the formation, in any order.
/// let mut moves = Vec::new();
/// s.legal_actions_for(Seat(1), &mut moves);
/// s.apply_in_place(&moves[0]).unwrap(); // the first listed entry
/// assert_eq!(s.turn(), Turn::Seats(dicecore::SeatSet::single(Seat(0))));
/// s.legal_actions_for(Seat(0), &mut moves);
/// // An entry writing all four symbols (others drop some over the edge).
/// let whole = moves.iter().find(|a| matches!(a, Action::Enter { marks, .. } if marks.len() == 4));
/// s.apply_in_place(whole.unwrap()).unwrap();
/// assert_eq!(s.turn(), Turn::Chance);
/// assert_eq!(s.grid(Seat(0)).unwrap().filled_count(), 5); // 4 entered + the printed one
/// ```
///
/// Saved states are checked on loading (the `load` module): only states that could arise in play are
/// accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    // What the state keeps (`Memo`) comes first, so that a clone copies the other fields
    // straight into place (see `dicecore::Memo`).
    /// The points of each card, from the first reading of the running score on (kept up to
    /// date; not saved; never tell two states apart).
    #[serde(skip)]
    pub(crate) kept: Memo<Points>,
    /// Number of players.
    pub(crate) seats: u8,
    /// The cards (blank beyond the players).
    pub(crate) cards: [Card; 4],
    /// The seat that rolled first.
    pub(crate) first_roller: Seat,
    /// The roller of this turn.
    pub(crate) roller: Seat,
    /// Turn number, from 1.
    pub(crate) round: u32,
    /// Where the turn stands.
    pub(crate) phase: Phase,
    /// The cards' symbols, the printed ones and this turn's entries included.
    pub(crate) grids: [Grid; 4],
    /// What each player entered this turn (hidden from the others until the turn ends).
    pub(crate) entries: [Marks; 4],
    /// Crossed boxes of the solo scale.
    pub(crate) crossed: u8,
    /// The solo rule when the formation cannot be entered.
    #[serde(default)]
    pub(crate) solo_stuck: SoloStuck,
    /// The config, kept for [`dicecore::Game::config`] (a function of the fields above; not saved, rebuilt
    /// by the loader).
    #[serde(skip, default = "placeholder_config")]
    pub(crate) config: Arc<Config>,
}

/// The config of a state being read, until the loader rebuilds it from the saved fields.
fn placeholder_config() -> Arc<Config> {
    Arc::new(Config {
        seats: 0,
        cards: Vec::new(),
        first_roller: Seat(0),
        solo_stuck: SoloStuck::EndGame,
    })
}

impl State {
    /// The config this game was set up with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether this is the solo game.
    pub fn is_solo(&self) -> bool {
        self.seats == 1
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The roller of the current turn.
    pub fn roller(&self) -> Seat {
        self.roller
    }

    /// Turn number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// A player's card.
    pub fn grid(&self, seat: Seat) -> Option<&Grid> {
        self.grids[..self.seats as usize].get(seat.index())
    }

    /// What a player entered in the current turn (empty before entering or after a pass).
    pub fn entry(&self, seat: Seat) -> Option<&Marks> {
        self.entries[..self.seats as usize].get(seat.index())
    }

    /// Free boxes of the solo scale (`None` with 2–4 players).
    pub fn free_boxes(&self) -> Option<u8> {
        self.is_solo().then(|| SOLO_BOXES - self.crossed)
    }

    /// How the solo score rates (`None` with 2–4 players).
    pub fn solo_rating(&self) -> Option<SoloRating> {
        self.is_solo()
            .then(|| SoloRating::of(self.score_of(Seat(0))))
    }

    /// Why the game ended, once it has.
    pub fn end_reason(&self) -> Option<EndReason> {
        match self.phase {
            Phase::Over(r) => Some(r),
            _ => None,
        }
    }

    pub(crate) fn score_of(&self, seat: Seat) -> i32 {
        let bonus = if self.is_solo() {
            (SOLO_BOXES - self.crossed) as i32
        } else {
            0
        };
        self.grids[seat.index()].score() as i32 + bonus
    }

    /// Whether a player without a legal entry may pass: always with 2–4 players; solo only
    /// with [`SoloStuck::Pass`] while some box of the scale is free and some formation could
    /// still be entered within the free boxes. (Whether a formation fits depends only on its
    /// shape, and a pass changes neither the card nor the scale: when no shape fits, passing
    /// would repeat forever, so entering "is no longer possible" and the game ends.)
    pub(crate) fn may_pass(&self) -> bool {
        if !self.is_solo() {
            return true;
        }
        if self.solo_stuck != SoloStuck::Pass || self.crossed >= SOLO_BOXES {
            return false;
        }
        let filled = self.grids[0].filled_bits();
        let max_drop = self.max_drop();
        Tetromino::ALL.into_iter().any(|shape| {
            Formation {
                shape,
                symbols: [Symbol::Circle; 4],
            }
            .has_entry(filled, max_drop)
        })
    }

    /// Symbols a seat may drop over the edge with its next entry.
    pub(crate) fn max_drop(&self) -> u8 {
        if self.is_solo() {
            SOLO_BOXES - self.crossed
        } else {
            4
        }
    }

    /// The actions of one seat (appended to `out`).
    pub(crate) fn seat_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Roll | Phase::Over(_) => {}
            Phase::Arrange(roll) => {
                if seat == self.roller {
                    out.reserve(MAX_ENTRIES + 1);
                    out.extend_from_slice(Action::arrangements(roll, seat));
                    if self.is_solo() {
                        out.push(Action::End { seat });
                    }
                }
            }
            Phase::Enter { formation, pending } => {
                if !pending.contains(seat) {
                    return;
                }
                let filled = self.grids[seat.index()].filled_bits();
                out.reserve(MAX_ENTRIES + 1);
                let found = formation.push_entries(filled, self.max_drop(), out, move |marks| {
                    Action::Enter { seat, marks }
                });
                if found == 0 && self.may_pass() {
                    out.push(Action::Pass { seat });
                }
                if self.is_solo() {
                    out.push(Action::End { seat });
                }
            }
        }
    }

    /// Checks a seat's decision without changing anything.
    pub(crate) fn check_decision(&self, action: &Action) -> Result<(), Error> {
        let seat = action.seat().unwrap_or(Seat(0));
        match (self.phase, action) {
            (Phase::Over(_), _) => Err(Error::GameOver),
            (Phase::Roll, Action::Roll(r)) => {
                if r.is_sorted() {
                    Ok(())
                } else {
                    Err(Error::RollNotSorted)
                }
            }
            (_, Action::Roll(_)) => Err(Error::NoRollPending),
            (_, Action::End { .. }) if !self.is_solo() => Err(Error::NotSolo),
            (Phase::Roll, _) => Err(Error::RollPending),
            (_, _) if seat.0 >= self.seats => Err(Error::NotYourTurn(seat)),
            (_, Action::End { .. }) => Ok(()),
            (Phase::Arrange(roll), Action::Arrange { formation, .. }) => {
                if seat != self.roller {
                    Err(Error::NotYourTurn(seat))
                } else if formation.roll() != roll {
                    Err(Error::WrongSymbols)
                } else if !formation.is_canonical() {
                    Err(Error::NotCanonical)
                } else {
                    Ok(())
                }
            }
            (Phase::Arrange(_), _) => Err(Error::NotEntering),
            (Phase::Enter { .. }, Action::Arrange { .. }) => Err(Error::NotArranging),
            (Phase::Enter { formation, pending }, _) => {
                if !pending.contains(seat) {
                    return Err(Error::AlreadyEntered(seat));
                }
                let filled = self.grids[seat.index()].filled_bits();
                match action {
                    Action::Enter { marks, .. } => {
                        if marks.is_empty() {
                            return Err(Error::EmptyEntry);
                        }
                        let Some(dropped) = formation.placement_drops(marks) else {
                            return Err(Error::NotAPlacement);
                        };
                        let bits = marks.bits();
                        if (bits[0] | bits[1] | bits[2]) & filled != 0 {
                            return Err(Error::CellTaken);
                        }
                        if dropped > self.max_drop() {
                            return Err(Error::TooManyDropped {
                                dropped,
                                free: self.max_drop(),
                            });
                        }
                        Ok(())
                    }
                    _ if formation.has_entry(filled, self.max_drop()) => Err(Error::MustEnter),
                    _ if !self.may_pass() => Err(Error::SoloCannotPass),
                    _ => Ok(()),
                }
            }
        }
    }

    /// The end of a turn: closed cards end the game, otherwise the dice pass clockwise.
    pub(crate) fn finish_turn(&mut self) {
        let closed: SeatSet = (0..self.seats)
            .map(Seat)
            .filter(|s| !self.grids[s.index()].can_fill())
            .collect();
        self.entries = [Marks::EMPTY; 4];
        if closed.is_empty() {
            self.roller = self.roller.next(self.seats);
            self.round = self.round.saturating_add(1);
            self.phase = Phase::Roll;
        } else {
            self.phase = Phase::Over(EndReason::CardClosed(closed));
        }
    }
}

impl State {
    /// The opening position of a config ([`dicecore::Game::new`]): every card showing its printed
    /// symbol, the first roller to roll.
    pub(crate) fn opening(config: &Config) -> Result<State, Error> {
        config.validate()?;
        let mut cards = [Card::BLANK; 4];
        let mut grids = [Grid::EMPTY; 4];
        for (i, card) in config.cards.iter().enumerate() {
            cards[i] = *card;
            if let Some((cell, sym)) = card.start() {
                grids[i].write(cell, sym);
            }
        }
        Ok(State {
            config: Arc::new(config.clone()),
            kept: Memo::new(),
            seats: config.seats,
            cards,
            first_roller: config.first_roller,
            roller: config.first_roller,
            round: 1,
            phase: Phase::Roll,
            grids,
            entries: [Marks::EMPTY; 4],
            crossed: 0,
            solo_stuck: config.solo_stuck,
        })
    }

    pub(crate) fn mark_entered(&mut self, seat: Seat) {
        if let Phase::Enter { pending, .. } = &mut self.phase {
            pending.remove(seat);
            if pending.is_empty() {
                self.finish_turn();
            }
        }
    }
}

impl fmt::Display for State {
    /// Everything, every player's entries of this turn included (for spectators and logs; show
    /// a player its [`View`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(
            f,
            self.round,
            self.roller,
            self.phase,
            &self.grids[..self.seats as usize],
            self.free_boxes(),
        )
    }
}
