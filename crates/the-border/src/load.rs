//! Validated loading: a saved state (or a position set up by hand) is accepted only if it could arise
//! in play, and the fields that are not saved are rebuilt.
//!
//! What play guarantees, and so what is checked: one entry per player; every crossed space on
//! the board, the white ones among them, and each connected to a white space or a completed
//! segment (action 1 completes whole segments anywhere, action 2 crosses next to crossed
//! spaces); the rolls, dice and players to act fitting the phase; in action 2, each player's
//! dice and crosses adding up to the dice the active player left, the crosses next to the
//! spaces crossed before; every area's points one of its values (the exact one for areas
//! completed in the action 2 under way), someone scoring the first value of every completed
//! area, and exactly the completed areas marked as taken.

use crate::board::{Spaces, AREAS};
use crate::dice::{DICE, ROLLS};
use crate::state::{Phase, State, END_AREAS};
use crate::{DiceSet, Error, PositionError as P};
use dicecore::Seat;
use std::sync::Arc;

dicecore::validated_serde!(State, State::checked, versioned);

/// The spaces of `within` connected to `from` through spaces of `within` (`from` included).
fn flood(board: &crate::Board, from: Spaces, within: Spaces) -> Spaces {
    let mut reached = from;
    loop {
        let next = reached | (crate::state::reach_of(board, &reached) & within);
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The colours of a set of spaces, as a multiset of dice.
pub(crate) fn colours_of(board: &crate::Board, spaces: Spaces) -> DiceSet {
    let mut d = DiceSet::EMPTY;
    for s in spaces.iter() {
        if let Some(c) = board.spaces().get(s).and_then(|sp| sp.colour) {
            d.0[c.index()] = d.0[c.index()].saturating_add(1);
        }
    }
    d
}

impl State {
    /// Checks a freshly read state rule by rule and rebuilds its derived fields.
    pub(crate) fn checked(mut self) -> Result<State, Error> {
        self.setup = Arc::new(self.setup.config.build()?);
        let n = self.n();
        for found in [
            self.pool.len(),
            self.left.len(),
            self.start.len(),
            self.crossed.len(),
            self.points.len(),
        ] {
            if found != n {
                return Err(P::SeatEntries {
                    seats: n as u8,
                    found,
                }
                .into());
            }
        }
        if self.active.index() >= n {
            return Err(P::ActiveOffTable(self.active).into());
        }
        let area_mask = (1u16 << AREAS) - 1;
        if (self.claimed | self.claimed_now) & !area_mask != 0 {
            return Err(P::NoSuchArea.into());
        }
        if let Some(a) = first_area(self.claimed & self.claimed_now) {
            return Err(P::TakenTwice(self.area_name(a)).into());
        }
        for i in 0..n {
            self.check_crossed(i)?;
            self.derive(i);
        }
        self.check_progress()?;
        if self.phase == Phase::Others {
            self.check_action_2()?;
        }
        self.check_points()?;
        Ok(self)
    }

    fn area_name(&self, a: usize) -> String {
        self.seat_board(0)
            .areas()
            .get(a)
            .map_or_else(|| format!("area {a}"), |area| area.name.clone())
    }

    /// Seat `i`'s crossed spaces are on the board, include the white ones, and could have
    /// been crossed: each is connected to a white space or a completed segment.
    fn check_crossed(&self, i: usize) -> Result<(), P> {
        let seat = Seat(i as u8);
        let board = self.seat_board(i);
        let crossed = self.crossed[i];
        if let Some(space) = (crossed - board.all()).first() {
            return Err(P::CrossedOffBoard { seat, space });
        }
        if let Some(space) = (board.white() - crossed).first() {
            return Err(P::WhiteNotCrossed { seat, space });
        }
        let mut seeds = board.white();
        for seg in board.segments() {
            if seg.spaces.is_subset(&crossed) {
                seeds |= seg.spaces;
            }
        }
        if let Some(space) = (crossed - flood(board, seeds, crossed)).first() {
            return Err(P::CrossedCutOff { seat, space });
        }
        Ok(())
    }

    /// The rolls, the dice, the players to act and the end fit the phase.
    fn check_progress(&self) -> Result<(), P> {
        let n = self.n();
        let ended = self.done[..n].iter().any(|d| d.count_ones() >= END_AREAS);
        // Before action 2 only the active player can have reached the end (in action 1).
        let ended_by_active = self.done[self.active.index()].count_ones() >= END_AREAS;
        let landed = self.phase != Phase::Rolling;
        let rolls_fit = match self.phase {
            Phase::Rolling => self.rolls < ROLLS,
            Phase::Deciding => (1..ROLLS).contains(&self.rolls),
            _ => (1..=ROLLS).contains(&self.rolls),
        };
        if !rolls_fit {
            return Err(P::RollCount(self.rolls));
        }
        if landed && (self.pending != 0 || self.dice.total() != DICE as u16) {
            return Err(P::NotFiveDice);
        }
        if !landed {
            if !(1..=DICE).contains(&self.pending)
                || self.dice.total() + self.pending as u16 != DICE as u16
            {
                return Err(P::RollingDice);
            }
            if self.rolls == 0 && self.pending != DICE {
                return Err(P::FirstRollNotAll);
            }
        }
        let before_action_1 = matches!(self.phase, Phase::Rolling | Phase::Deciding);
        if (before_action_1 && self.used != DiceSet::EMPTY) || !self.used.is_subset(self.dice) {
            return Err(P::UsedDice);
        }
        if self.phase != Phase::Others
            && (!self.to_act.is_empty()
                || self.claimed_now != 0
                || (0..n).any(|i| {
                    self.start[i] != Spaces::EMPTY
                        || self.pool[i] != DiceSet::EMPTY
                        || self.left[i] != 0
                }))
        {
            return Err(P::Action2Outside);
        }
        match self.phase {
            Phase::Rolling | Phase::Deciding if ended => Err(P::EndedEarly),
            Phase::Crossing if ended && !ended_by_active => Err(P::EndedEarly),
            Phase::Crossing if !self.can_complete() => Err(P::NothingToComplete),
            Phase::Over if !ended => Err(P::NotEnded),
            _ => Ok(()),
        }
    }

    /// In action 2: the players to act are others at the table who can cross something; the
    /// active player crosses nothing; each other player's dice and crosses add up to the dice
    /// left by the active player, and their crosses lie next to the spaces crossed before.
    fn check_action_2(&self) -> Result<(), P> {
        let n = self.n();
        let all = dicecore::SeatSet::all(n as u8);
        if self.to_act.is_empty()
            || self.to_act.bits() & !all.bits() != 0
            || self.to_act.contains(self.active)
        {
            return Err(P::ToAct);
        }
        let (pool, left) = self.action_2_dice();
        for i in 0..n {
            let seat = Seat(i as u8);
            let board = self.seat_board(i);
            let (start, crossed) = (self.start[i], self.crossed[i]);
            if !start.is_subset(&crossed) || !board.white().is_subset(&start) {
                return Err(P::StartNotCrossed(seat));
            }
            if seat == self.active {
                if start != crossed {
                    return Err(P::StartNotCrossed(seat));
                }
                if self.pool[i] != DiceSet::EMPTY || self.left[i] != 0 {
                    return Err(P::ActiveInAction2(seat));
                }
                continue;
            }
            let now = crossed - start;
            let spent = colours_of(board, now);
            if spent.plus(self.pool[i]) != pool
                || self.left[i] as usize + now.count() != left as usize
            {
                return Err(P::Action2Dice { seat, pool, left });
            }
            let reachable = if self.setup.config.chain_within_action {
                flood(board, start, crossed)
            } else {
                start | self.base[i]
            };
            if let Some(space) = (now - reachable).first() {
                return Err(P::CrossedAway { seat, space });
            }
            if self.to_act.contains(seat) && self.crossable(i).is_empty() {
                return Err(P::NothingToCross(seat));
            }
        }
        Ok(())
    }

    /// Every area's points are one of its values (the exact one for an area completed in the
    /// action 2 under way), nobody scores for an area not completed, someone scored the first
    /// value of every completed area, and exactly the completed areas are taken.
    fn check_points(&self) -> Result<(), P> {
        let n = self.n();
        let taken = self.claimed | self.claimed_now;
        for a in 0..AREAS {
            let bit = 1u16 << a;
            let mut completed = false;
            let mut first = false;
            for i in 0..n {
                let seat = Seat(i as u8);
                let area = &self.seat_board(i).areas()[a];
                let points = self.points[i][a];
                if self.done[i] & bit == 0 {
                    if points != 0 {
                        let area = area.name.clone();
                        return Err(P::PointsWithoutArea { seat, area, points });
                    }
                    continue;
                }
                completed = true;
                first |= points == area.high;
                let now = self.phase == Phase::Others && !area.border.is_subset(&self.start[i]);
                if now {
                    let expected = if self.claimed & bit != 0 {
                        area.low
                    } else {
                        area.high
                    };
                    if points != expected {
                        let area = area.name.clone();
                        return Err(P::WrongValue {
                            seat,
                            area,
                            points,
                            expected,
                        });
                    }
                } else if points != area.high && points != area.low {
                    return Err(P::NotAValue {
                        seat,
                        area: area.name.clone(),
                        points,
                        high: area.high,
                        low: area.low,
                    });
                } else if self.claimed_now & bit != 0 {
                    let area = area.name.clone();
                    return Err(P::CompletedBefore { area, seat });
                }
            }
            match (completed, taken & bit != 0) {
                (true, false) => return Err(P::CompletedNotTaken(self.area_name(a))),
                (false, true) => return Err(P::TakenNotCompleted(self.area_name(a))),
                (true, true) if !first => return Err(P::NobodyFirst(self.area_name(a))),
                _ => {}
            }
        }
        Ok(())
    }
}

/// The lowest area of a mask.
fn first_area(mask: u16) -> Option<usize> {
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}
