//! The [`Game`] contract for Pig: whose turn it is, the legal actions, the die's chances and
//! applying an action.

use super::action::PigAction;
use super::config::PigConfig;
use super::error::PigError;
use super::state::Pig;
use super::view::PigView;
use crate::{faces::D6, Dice, Game, Outcome, Probability, Seat, Turn};

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config, the listings per seat): the trait asks for it; the bodies are this game's rules.
impl Game for Pig {
    type Config = PigConfig;
    type Action = PigAction;
    type View = PigView;
    type Error = PigError;
    const NAME: &'static str = "pig";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=6;
    const RULES_VERSION: u32 = 1;

    fn standard_config(seats: u8, seed: u64) -> Result<PigConfig, PigError> {
        if !Self::SEATS.contains(&seats) {
            return Err(PigError::PlayerCount(seats));
        }
        let start = crate::seeds::first_seat(seats, seed);
        Ok(PigConfig {
            seats,
            target: 100,
            start,
        })
    }

    fn new(config: &PigConfig) -> Result<Self, PigError> {
        Pig::opening(config)
    }

    fn config(&self) -> &PigConfig {
        &self.config
    }

    fn seats(&self) -> u8 {
        self.config.seats
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Over
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Seat(self.to_move)
        }
    }

    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        out.clear();
        match self.turn() {
            Turn::Over | Turn::Seats(_) => {}
            Turn::Chance => out.extend(D6.map(PigAction::Die)),
            Turn::Seat(s) => {
                out.push(PigAction::Roll(s));
                out.push(PigAction::Hold(s));
            }
        }
    }

    fn chance_outcomes(&self) -> Vec<(PigAction, Probability)> {
        if self.turn() != Turn::Chance {
            return Vec::new();
        }
        D6.iter()
            .map(|&d| (PigAction::Die(d), Probability::uniform(6)))
            .collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<PigAction> {
        (self.turn() == Turn::Chance).then(|| PigAction::Die(dice.roll(&D6)))
    }

    fn apply(&self, action: &PigAction) -> Result<Self, PigError> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &PigAction) -> Result<(), PigError> {
        // Validate everything first, then change: atomic by construction.
        if self.over {
            return Err(PigError::GameOver);
        }
        match *action {
            PigAction::Roll(s) | PigAction::Hold(s) => {
                if self.rolling {
                    return Err(PigError::DieRolling);
                }
                if s != self.to_move {
                    return Err(PigError::NotYourTurn(s));
                }
            }
            PigAction::Die(d) => {
                if !self.rolling {
                    return Err(PigError::NoRollPending);
                }
                if !(1..=6).contains(&d) {
                    return Err(PigError::NoSuchFace(d));
                }
            }
        }
        match *action {
            PigAction::Roll(_) => self.rolling = true,
            PigAction::Hold(s) => {
                self.scores[s.index()] += self.turn_total;
                self.turn_total = 0;
                if self.scores[s.index()] >= self.config.target {
                    self.over = true;
                } else {
                    self.to_move = s.next(self.config.seats);
                }
            }
            PigAction::Die(1) => {
                self.rolling = false;
                self.turn_total = 0;
                self.to_move = self.to_move.next(self.config.seats);
            }
            PigAction::Die(d) => {
                self.rolling = false;
                self.turn_total += d as u32;
            }
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        self.scores.iter().map(|&s| s as i32).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, _seat: Seat) -> PigView {
        PigView {
            target: self.config.target,
            scores: self.scores.clone(),
            to_move: (!self.over).then_some(self.to_move),
            turn_total: self.turn_total,
        }
    }

    /// A face typed in: `4`, or the outcome's text (`the die shows 4`).
    fn chance_from_text(&self, text: &str) -> Result<PigAction, crate::ChanceTextError> {
        if self.turn() != Turn::Chance {
            return Err(crate::ChanceTextError::NoChance);
        }
        let t = text.trim();
        let t = t.strip_prefix("the die shows ").unwrap_or(t);
        match t.parse::<u8>() {
            Ok(d @ 1..=6) => Ok(PigAction::Die(d)),
            _ => Err(crate::ChanceTextError::Unreadable {
                text: text.trim().to_string(),
                expected: "a face of the die, 1 to 6".to_string(),
            }),
        }
    }

    fn action_seat(&self, action: &PigAction) -> Option<Seat> {
        match *action {
            PigAction::Roll(s) | PigAction::Hold(s) => Some(s),
            PigAction::Die(_) => None,
        }
    }
}
