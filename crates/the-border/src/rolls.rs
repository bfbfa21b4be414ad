//! The rolls (a round, step 1): the active player rolls the five dice up to three times and
//! after each roll re-rolls any part of them or stops.

use crate::dice::{five_index, rerolls, roll_table, DICE, ROLLS};
use crate::state::{Phase, State};
use crate::{Action, DiceSet, Error};
use dicecore::{Dice, Seat};
use std::sync::OnceLock;

impl State {
    /// Checks a roll outcome: dice are rolling, and as many as the outcome shows.
    #[inline]
    pub(crate) fn check_roll(&self, d: DiceSet) -> Result<(), Error> {
        if self.phase == Phase::Rolling && d.total() == self.pending as u16 {
            return Ok(());
        }
        self.roll_refused(d)
    }

    /// Why a roll outcome is refused.
    #[cold]
    #[inline(never)]
    fn roll_refused(&self, d: DiceSet) -> Result<(), Error> {
        match self.phase {
            Phase::Rolling => {}
            Phase::Over => return Err(Error::GameOver),
            _ => return Err(Error::NoRollPending),
        }
        if d.total() != self.pending as u16 {
            return Err(Error::WrongDiceCount {
                expected: self.pending,
                found: d.total(),
            });
        }
        Ok(())
    }

    /// Checks a re-roll (`dice: Some`) or a stop (`None`) of `seat`.
    #[inline]
    pub(crate) fn check_reroll(&self, seat: Seat, dice: Option<DiceSet>) -> Result<(), Error> {
        let part = |d: DiceSet| d.total() != 0 && d.is_subset(self.dice);
        if self.phase == Phase::Deciding && seat == self.active && dice.is_none_or(part) {
            return Ok(());
        }
        self.reroll_refused(seat, dice)
    }

    /// Why a re-roll (`dice: Some`) or a stop (`None`) of `seat` is refused.
    #[cold]
    #[inline(never)]
    fn reroll_refused(&self, seat: Seat, dice: Option<DiceSet>) -> Result<(), Error> {
        if self.phase != Phase::Deciding {
            self.between_rolls()?;
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
    pub(crate) fn land(&mut self, dice: DiceSet) {
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
    pub(crate) fn reroll(&mut self, dice: DiceSet) {
        self.dice = self.dice.minus(dice);
        self.pending = dice.total() as u8;
        self.phase = Phase::Rolling;
    }

    /// `Stop` and every re-roll of the active player (the parts of the dice showing, from a
    /// table built once).
    pub(crate) fn push_deciding(&self, seat: Seat, out: &mut Vec<Action>) {
        out.push(Action::Stop(seat));
        if let Some((parts, n)) = five_index(self.dice).and_then(|k| reroll_table().get(k)) {
            // Always as many entries, then the length: no data-dependent branch.
            let start = out.len();
            out.extend(parts.iter().map(|&dice| Action::Reroll {
                seat,
                dice: DiceSet::unpacked(dice),
            }));
            out.truncate(start + *n as usize);
        } else if let Some(subsets) = rerolls(self.dice) {
            out.extend(subsets.iter().map(|&dice| Action::Reroll { seat, dice }));
        }
    }

    /// How many actions the active player has when deciding on a re-roll: stopping, and a
    /// re-roll per part of the dice (counted as [`State::sample_deciding`] draws).
    pub(crate) fn deciding_count(&self) -> usize {
        1 + match five_index(self.dice).and_then(|k| reroll_table().get(k)) {
            Some((_, n)) => *n as usize,
            None => rerolls(self.dice).map_or(0, <[_]>::len),
        }
    }
}

impl State {
    /// One of [`State::push_deciding`]'s actions, drawn uniformly: the same draw as picking
    /// from the list (`dice.index` of its length), without writing it.
    pub(crate) fn sample_deciding(&self, seat: Seat, dice: &mut Dice) -> Action {
        let part = match five_index(self.dice).and_then(|k| reroll_table().get(k)) {
            Some((parts, n)) => match dice.index(1 + *n as usize) {
                0 => None,
                i => Some(DiceSet::unpacked(parts[i - 1])),
            },
            None => {
                let parts = rerolls(self.dice).unwrap_or(&[]);
                match dice.index(1 + parts.len()) {
                    0 => None,
                    i => Some(parts[i - 1]),
                }
            }
        };
        match part {
            None => Action::Stop(seat),
            Some(dice) => Action::Reroll { seat, dice },
        }
    }
}

/// The outcomes of rolling `k` dice as actions, in [`roll_table`] order (built once).
pub(crate) fn roll_actions(k: u8) -> &'static [Action] {
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

/// The most re-rolls after a roll: the 31 parts of five dice of different colours.
const PARTS: usize = 31;

/// Per roll of five dice (in [`roll_table`] order): its parts (what may be re-rolled, as
/// [`DiceSet::packed`] words, which become actions in a shift and an or), padded to [`PARTS`]
/// entries, and how many there are.
fn reroll_table() -> &'static [([u64; PARTS], u8)] {
    static TABLE: OnceLock<Vec<([u64; PARTS], u8)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        roll_table(DICE)
            .iter()
            .map(|(five, _)| {
                let mut parts = [0; PARTS];
                let subsets = rerolls(*five).unwrap_or(&[]);
                for (slot, &dice) in parts.iter_mut().zip(subsets) {
                    *slot = dice.packed();
                }
                (parts, subsets.len().min(PARTS) as u8)
            })
            .collect()
    })
}
