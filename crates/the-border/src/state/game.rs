//! The [`dicecore::Game`] contract for The Border: who is to act, the legal actions, and
//! applying an action (checked first, then handed to the rule it belongs to).

use super::rolls::roll_actions;
use super::{Phase, State, View};
use crate::dice::roll_table;
use crate::{Action, Config, DiceSet, Error};
use dicecore::{Dice, Game, Outcome, Probability, Seat, Turn};
use std::sync::Arc;

impl State {
    /// Checks an action without changing anything.
    fn validate(&self, action: &Action) -> Result<(), Error> {
        match self.phase {
            Phase::Over => return Err(Error::GameOver),
            Phase::Rolling => return self.check_roll(action),
            _ => {}
        }
        match *action {
            Action::Roll(_) => Err(Error::NoRollPending),
            Action::Reroll { seat, dice } => self.check_reroll(seat, Some(dice)),
            Action::Stop(seat) => self.check_reroll(seat, None),
            Action::Complete { seat, segment } => self.check_complete(seat, segment),
            Action::Cross { seat, space } => self.check_cross(seat, space),
            Action::Done(seat) => match self.phase {
                Phase::Deciding => Err(Error::StillRolling),
                Phase::Crossing if seat == self.active => Ok(()),
                Phase::Others if self.to_act.contains(seat) => Ok(()),
                _ => Err(Error::NotYourTurn(seat)),
            },
        }
    }

    fn push_actions_of(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over | Phase::Rolling => {}
            Phase::Deciding => {
                if seat == self.active {
                    self.push_deciding(seat, out);
                }
            }
            Phase::Crossing => {
                if seat == self.active {
                    self.push_completions(seat, out);
                }
            }
            Phase::Others => {
                if self.to_act.contains(seat) {
                    self.push_crosses(seat, out);
                }
            }
        }
    }
}

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "the-border";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::standard(seats, seed)
    }

    fn new(config: &Config) -> Result<State, Error> {
        let mut s = State::blank(Arc::new(config.build()?));
        for i in 0..s.n() {
            s.crossed[i] = s.setup.boards[i].white();
            s.derive(i);
        }
        Ok(s)
    }

    fn config(&self) -> &Config {
        State::config(self)
    }

    fn seats(&self) -> u8 {
        self.setup.config.seats
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Rolling => Turn::Chance,
            Phase::Deciding | Phase::Crossing => Turn::Seat(self.active),
            Phase::Others => Turn::Seats(self.to_act),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Rolling => out.extend_from_slice(roll_actions(self.pending)),
            Phase::Deciding | Phase::Crossing => self.push_actions_of(self.active, out),
            Phase::Others => {
                for seat in self.to_act {
                    self.push_actions_of(seat, out);
                }
            }
        }
    }

    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.push_actions_of(seat, out);
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if self.phase != Phase::Rolling {
            return Vec::new();
        }
        roll_table(self.pending)
            .iter()
            .map(|&(d, p)| (Action::Roll(d), p))
            .collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        (self.phase == Phase::Rolling).then(|| Action::Roll(DiceSet::roll(dice, self.pending)))
    }

    fn apply(&self, action: &Action) -> Result<State, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        self.validate(action)?;
        match *action {
            Action::Roll(d) => self.land(d),
            Action::Reroll { dice, .. } => self.reroll(dice),
            Action::Stop(_) => self.begin_crossing(),
            Action::Complete { segment, .. } => self.complete(segment),
            Action::Cross { seat, space } => self.cross(seat, space),
            Action::Done(seat) => {
                if self.phase == Phase::Crossing {
                    self.begin_action_2();
                } else {
                    self.finish_seat(seat);
                }
            }
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        self.scores[..self.n()].iter().map(|&s| s as i32).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over)
            .then(|| Outcome::by_highest_key(self.scores(), |seat| self.best_area(seat)))
    }

    fn view(&self, seat: Seat) -> View {
        View {
            seat,
            state: self.clone(),
        }
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        match *action {
            Action::Roll(_) => None,
            Action::Reroll { seat, .. }
            | Action::Stop(seat)
            | Action::Complete { seat, .. }
            | Action::Cross { seat, .. }
            | Action::Done(seat) => Some(seat),
        }
    }
}
