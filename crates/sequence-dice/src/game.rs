//! The [`Game`] contract for Sequence Dice: who is to act, the legal actions, the rolls'
//! chances, and applying an action (the turn sequence is in `state`).

use crate::board::Space;
use crate::state::{roll_two_dice, Phase, State};
use crate::{Action, Colour, Config, Error, View};
use dicecore::{ChanceTextError, Dice, Game, Outcome, Probability, Seat, Turn};

/// The sums of two dice, 2 to 12, with their chances (`dicecore::chance::d6_sums(2)`, made at
/// compile time: working them out at every roll cost several times a game's other work
/// through `chance_outcomes`).
const TWO_DICE: [(u8, Probability); 11] = {
    let mut sums = [(0, Probability::ZERO); 11];
    let mut k = 0;
    while k < 11 {
        let ways = if k < 6 { k + 1 } else { 11 - k };
        sums[k] = ((k + 2) as u8, Probability::new(ways as u64, 36));
        k += 1;
    }
    sums
};

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config, the listings per seat): the trait asks for it; the bodies are this game's rules.
impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "sequence-dice";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;
    const RULES_VERSION: u32 = 1;

    /// [`Config::standard`].
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
        self.config.seats
    }

    #[inline]
    fn turn(&self) -> Turn {
        match (self.phase, self.roll) {
            (Phase::Playing, None) => Turn::Chance,
            (Phase::Playing, Some(_)) => Turn::Seat(self.to_move),
            _ => Turn::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.phase != Phase::Playing {
            return;
        }
        let seat = self.to_move;
        match self.roll {
            None => out.extend((2..=12).map(Action::Roll)),
            Some(10) => out.extend(self.targets(10).iter().map(|i| Action::Remove {
                seat,
                space: Space(i as u8),
            })),
            Some(roll) => out.extend(self.targets(roll).iter().map(|i| Action::Place {
                seat,
                space: Space(i as u8),
            })),
        }
    }

    /// Draws one of the roll's targets straight from the cell set: the same draw from `dice`
    /// and the same action as listing them and picking one, without the list.
    #[inline]
    fn sample_action(&self, seat: Seat, dice: &mut Dice, _: &mut Vec<Action>) -> Option<Action> {
        let roll = self.roll.filter(|_| seat == self.to_move)?;
        if self.phase != Phase::Playing {
            return None;
        }
        let targets = self.targets(roll);
        let n = targets.count();
        if n == 0 {
            return None;
        }
        let space = Space(targets.nth(dice.index(n))? as u8);
        Some(if roll == 10 {
            Action::Remove { seat, space }
        } else {
            Action::Place { seat, space }
        })
    }

    /// Counts the roll's targets in the cell set, without listing them.
    fn legal_action_count(&self, seat: Seat, _: &mut Vec<Action>) -> usize {
        match self.roll {
            Some(roll) if seat == self.to_move && self.phase == Phase::Playing => {
                self.targets(roll).count()
            }
            _ => 0,
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if self.turn() != Turn::Chance {
            return Vec::new();
        }
        TWO_DICE
            .iter()
            .map(|&(sum, p)| (Action::Roll(sum), p))
            .collect()
    }

    #[inline]
    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        (self.turn() == Turn::Chance).then(|| Action::Roll(roll_two_dice(dice)))
    }

    fn apply(&self, action: &Action) -> Result<State, Error> {
        let mut next = *self;
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        if self.phase != Phase::Playing {
            return Err(Error::GameOver);
        }
        match *action {
            Action::Roll(roll) => {
                if let Some(pending) = self.roll {
                    return Err(Error::AlreadyRolled(pending));
                }
                if !(2..=12).contains(&roll) {
                    return Err(Error::NoSuchRoll(roll));
                }
                if self.targets(roll).is_empty() {
                    // Nothing to place or remove: the turn ends at once.
                    self.end_turn(roll, false);
                } else {
                    self.roll = Some(roll);
                }
                Ok(())
            }
            Action::Place { seat, space } => self.place(seat, space),
            Action::Remove { seat, space } => self.remove(seat, space),
        }
    }

    /// 1 for each seat of the winning colour, 0 otherwise (all 0 in a draw or in play).
    fn scores(&self) -> Vec<i32> {
        let mut scores = Vec::with_capacity(usize::from(self.config.seats));
        self.running_scores_into(&mut scores);
        scores
    }

    /// The scores ([`Game::scores`]: 1 for each seat of the side that won, 0 otherwise),
    /// written without allocating.
    fn running_scores_into(&self, out: &mut Vec<i32>) {
        out.clear();
        out.extend((0..self.config.seats).map(|s| match self.phase {
            Phase::Won(c) => (self.config.colour_of(Seat(s)) == c) as i32,
            _ => 0,
        }));
    }

    /// The winning side's seats, or every seat in a draw.
    fn outcome(&self) -> Option<Outcome> {
        (self.phase != Phase::Playing).then(|| Outcome::by_highest_score(self.scores()))
    }

    /// Everything: Sequence Dice has no hidden information.
    fn view(&self, seat: Seat) -> View {
        View {
            seat,
            colour: self.config.colour_of(seat),
            config: self.config,
            chips: self.chips,
            supply: Colour::ALL.map(|c| self.supply(c)),
            to_move: self.to_move,
            roll: self.roll,
            turns: self.turns,
            phase: self.phase,
        }
    }

    /// What the dice show, typed in: the total (`7`), the two faces in any order (`3 4`,
    /// `3+4`, `3, 4`), or the outcome's own text (`the dice show 7`).
    fn chance_from_text(&self, text: &str) -> Result<Action, ChanceTextError> {
        if self.turn() != Turn::Chance {
            return Err(ChanceTextError::NoChance);
        }
        let typed = text.trim().to_ascii_lowercase();
        let body = typed.strip_prefix("the dice show ").unwrap_or(&typed);
        let mut numbers = body
            .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
            .filter(|part| !part.is_empty())
            .map(|part| part.parse::<u8>().ok());
        let total = match (numbers.next(), numbers.next(), numbers.next()) {
            (Some(Some(total @ 2..=12)), None, None) => Some(total),
            (Some(Some(a @ 1..=6)), Some(Some(b @ 1..=6)), None) => Some(a + b),
            _ => None,
        };
        total
            .map(Action::Roll)
            .ok_or_else(|| ChanceTextError::Unreadable {
                text: text.trim().to_string(),
                expected: "what the two dice show: their total, 2 to 12 (like 7), or both faces, \
                       1 to 6 (like 3 4)"
                    .to_string(),
            })
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        action.seat()
    }
}
