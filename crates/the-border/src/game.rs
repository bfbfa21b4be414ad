//! The [`dicecore::Game`] contract for The Border: who is to act, the legal actions, and
//! applying an action (checked first, then handed to the rule it belongs to).

use crate::dice::roll_table;
use crate::rolls::roll_actions;
use crate::state::{Phase, State};
use crate::view::View;
use crate::{Action, Config, DiceSet, Error};
use dicecore::{ChanceTextError, Dice, Game, Outcome, Probability, Seat, Turn};

impl State {
    /// Why a player action is refused while no player may act: the game is over, or dice are
    /// rolling (`Ok` otherwise).
    pub(crate) fn between_rolls(&self) -> Result<(), Error> {
        match self.phase {
            Phase::Over => Err(Error::GameOver),
            Phase::Rolling => Err(Error::DiceRolling),
            _ => Ok(()),
        }
    }

    /// Checks `Done` of `seat`: the active player in action 1, a player still to act in
    /// action 2.
    fn check_done(&self, seat: Seat) -> Result<(), Error> {
        match self.phase {
            Phase::Crossing if seat == self.active => Ok(()),
            Phase::Others if self.to_act.contains(seat) => Ok(()),
            Phase::Deciding => Err(Error::StillRolling),
            _ => {
                self.between_rolls()?;
                Err(Error::NotYourTurn(seat))
            }
        }
    }

    /// Checks any action by its rule.
    fn check(&self, action: &Action) -> Result<(), Error> {
        match *action {
            Action::Cross { seat, space } => self.check_cross(seat, space),
            Action::Done(seat) => self.check_done(seat),
            Action::Roll(d) => self.check_roll(d),
            Action::Reroll { seat, dice } => self.check_reroll(seat, Some(dice)),
            Action::Stop(seat) => self.check_reroll(seat, None),
            Action::Complete { seat, segment } => self.check_complete(seat, segment),
        }
    }

    /// Applies an action that [`State::check`] accepted.
    fn dispatch(&mut self, action: &Action) {
        match *action {
            Action::Cross { seat, space } => self.cross(seat, space),
            Action::Done(seat) => {
                if self.phase == Phase::Crossing {
                    self.begin_action_2();
                } else {
                    self.finish_seat(seat);
                }
            }
            Action::Roll(d) => self.land(d),
            Action::Reroll { dice, .. } => self.reroll(dice),
            Action::Stop(_) => self.begin_crossing(),
            Action::Complete { segment, .. } => self.complete(segment),
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

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config, the listings per seat): the trait asks for it; the bodies are this game's rules.
impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "the-border";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;
    /// 1: the engines until 2026-11-26, whose listing never offered completing a whole
    /// 5-space segment with five dice of its colour (though `apply` accepted it); 2: since then,
    /// it is listed, drawn by `sample_action` and has its id among the legal ones. No sequence of
    /// legal actions ends otherwise, so version 1's files play exactly as before.
    const RULES_VERSION: u32 = 2;

    /// Version 1 differed only in what it listed: its configs and actions mean the same.
    fn older_reading(
        config: dicecore::rules::Value,
        version: u32,
    ) -> Result<dicecore::rules::Value, dicecore::rules::RulesError> {
        let _ = version;
        Ok(config)
    }

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::standard(seats, seed)
    }

    fn new(config: &Config) -> Result<State, Error> {
        State::opening(config)
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

    /// Draws without listing: the same draw as listing `seat`'s actions and picking one with
    /// `dice.index` (so the same action, and the same numbers taken from `dice`).
    fn sample_action(
        &self,
        seat: Seat,
        dice: &mut Dice,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        match self.phase {
            Phase::Deciding if seat == self.active => Some(self.sample_deciding(seat, dice)),
            Phase::Crossing if seat == self.active => Some(self.sample_completion(seat, dice)),
            Phase::Others if self.to_act.contains(seat) => Some(self.sample_cross(seat, dice)),
            _ => None,
        }
    }

    /// Counts without listing: the re-rolls, completable segments or crossable spaces, and
    /// the action that ends the decision.
    fn legal_action_count(&self, seat: Seat, _scratch: &mut Vec<Action>) -> usize {
        match self.phase {
            Phase::Deciding if seat == self.active => self.deciding_count(),
            Phase::Crossing if seat == self.active => self.completion_count(),
            Phase::Others if self.to_act.contains(seat) => 1 + self.can_cross[seat.index()].count(),
            _ => 0,
        }
    }

    /// The colours the dice show, typed in any order (`grey grey blue`, `blue 2 grey`,
    /// beginnings that name one colour: `b`, `gree`), or an outcome's own text.
    fn chance_from_text(&self, text: &str) -> Result<Action, ChanceTextError> {
        if self.phase != Phase::Rolling {
            return Err(ChanceTextError::NoChance);
        }
        let k = self.pending;
        let expected = |why: String| ChanceTextError::Unreadable {
            text: text.trim().to_string(),
            expected: format!(
                "the colours of the {k} dice rolled, in any order (grey, green, blue, red, \
                 yellow, orange, or a beginning that names one: grey, gree, b, r, y, o): {why}"
            ),
        };
        let dice = DiceSet::from_text(text).map_err(expected)?;
        if dice.total() != k as u16 {
            let n = dice.total();
            return Err(expected(format!("{n} colours given")));
        }
        Ok(Action::Roll(dice))
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
        // Dispatch on the phase first (the branch a driver has just taken to list the actions),
        // then on the actions of that phase; each is checked in full by its rule, then applied.
        // Anything else goes the general way, which finds the reason for the refusal.
        match (self.phase, *action) {
            (Phase::Others, Action::Cross { seat, space }) => {
                self.check_cross(seat, space)?;
                self.cross(seat, space);
            }
            (Phase::Others, Action::Done(seat)) => {
                self.check_done(seat)?;
                self.finish_seat(seat);
            }
            (Phase::Rolling, Action::Roll(d)) => {
                self.check_roll(d)?;
                self.land(d);
            }
            (Phase::Deciding, Action::Reroll { seat, dice }) => {
                self.check_reroll(seat, Some(dice))?;
                self.reroll(dice);
            }
            _ => {
                self.check(action)?;
                self.dispatch(action);
            }
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        self.scores[..self.n()].iter().map(|&s| s as i32).collect()
    }

    /// The scores, kept current during play, written without allocating.
    fn running_scores_into(&self, out: &mut Vec<i32>) {
        out.clear();
        out.extend(self.scores[..self.n()].iter().map(|&s| s as i32));
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
