//! The rolls (a round, step 1): the active player rolls the five dice up to three times and
//! after each roll re-rolls any part of them or stops.

use super::{Phase, State, MAX_SEATS};
use crate::dice::{five_index, rerolls, roll_table, DICE, ROLLS};
use crate::{Action, DiceSet, Error};
use dicecore::Seat;
use std::sync::OnceLock;

impl State {
    /// Checks a roll outcome (the phase is [`Phase::Rolling`]).
    pub(super) fn check_roll(&self, action: &Action) -> Result<(), Error> {
        let Action::Roll(d) = action else {
            return Err(Error::DiceRolling);
        };
        if d.total() != self.pending as u16 {
            return Err(Error::WrongDiceCount {
                expected: self.pending,
                found: d.total(),
            });
        }
        Ok(())
    }

    /// Checks a re-roll (`dice: Some`) or a stop (`None`) of `seat`.
    pub(super) fn check_reroll(&self, seat: Seat, dice: Option<DiceSet>) -> Result<(), Error> {
        if self.phase != Phase::Deciding {
            return Err(Error::NotRolling);
        }
        if seat != self.active {
            return Err(Error::NotYourTurn(seat));
        }
        let Some(dice) = dice else {
            return Ok(());
        };
        if dice.total() == 0 {
            return Err(Error::EmptyReroll);
        }
        if !dice.is_subset(self.dice) {
            return Err(Error::NotShowing(dice));
        }
        Ok(())
    }

    /// The dice rolled land: after the third roll action 1 begins, else the active player
    /// decides.
    pub(super) fn land(&mut self, dice: DiceSet) {
        self.dice = self.dice.plus(dice);
        self.pending = 0;
        self.rolls += 1;
        if self.rolls >= ROLLS {
            self.begin_crossing();
        } else {
            self.phase = Phase::Deciding;
        }
    }

    /// The active player picks up `dice` to roll them again.
    pub(super) fn reroll(&mut self, dice: DiceSet) {
        self.dice = self.dice.minus(dice);
        self.pending = dice.total() as u8;
        self.phase = Phase::Rolling;
    }

    /// `Stop` and every re-roll of the active player, copied from a table built once.
    pub(super) fn push_deciding(&self, seat: Seat, out: &mut Vec<Action>) {
        if let (Some(table), Some(k)) =
            (deciding_actions().get(seat.index()), five_index(self.dice))
        {
            if let Some(actions) = table.get(k) {
                out.extend_from_slice(actions);
                return;
            }
        }
        out.push(Action::Stop(seat));
        if let Some(subsets) = rerolls(self.dice) {
            out.extend(subsets.iter().map(|&dice| Action::Reroll { seat, dice }));
        }
    }
}

/// The outcomes of rolling `k` dice as actions, in [`roll_table`] order (built once).
pub(super) fn roll_actions(k: u8) -> &'static [Action] {
    static TABLE: OnceLock<Vec<Box<[Action]>>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..=DICE)
            .map(|k| {
                roll_table(k)
                    .iter()
                    .map(|&(d, _)| Action::Roll(d))
                    .collect()
            })
            .collect()
    });
    t.get(k as usize).map_or(&[], |v| v)
}

/// Per seat and per roll of five dice (in [`roll_table`] order): `Stop` followed by every
/// re-roll, ready to copy into a caller's buffer.
fn deciding_actions() -> &'static [Vec<Box<[Action]>>; MAX_SEATS] {
    static TABLE: OnceLock<[Vec<Box<[Action]>>; MAX_SEATS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let seat = Seat(i as u8);
            roll_table(DICE)
                .iter()
                .map(|(five, _)| {
                    std::iter::once(Action::Stop(seat))
                        .chain(
                            rerolls(*five)
                                .unwrap_or(&[])
                                .iter()
                                .map(|&dice| Action::Reroll { seat, dice }),
                        )
                        .collect()
                })
                .collect()
        })
    })
}
