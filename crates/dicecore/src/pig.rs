//! Pig, a small dice game, implemented completely as the worked example of [`Game`].
//!
//! On your turn you roll a d6 as often as you like: a 1 loses the points of this turn and ends
//! it; any other face adds to the turn total. Hold to bank the turn total. The first player to
//! bank `target` points (100 by default) wins at once.
//!
//! What every tabula game does, in miniature:
//! - the roll is a chance action ([`Turn::Chance`], [`PigAction::Die`]), never an RNG call;
//! - every player action names its seat, and `apply` checks it;
//! - errors are one variant per reason, and `apply_in_place` is atomic;
//! - a deserialised state is validated (`#[serde(try_from)]`), so a corrupted file is an error;
//! - `view` gives what a seat may know (here, everything: Pig has no hidden information).
//!
//! ```
//! use dicecore::{pig::{Pig, PigAction}, Game, Seat, Turn};
//! let mut s = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
//! s.apply_in_place(&PigAction::Roll(Seat(0))).unwrap();
//! assert_eq!(s.turn(), Turn::Chance);
//! s.apply_in_place(&PigAction::Die(5)).unwrap();
//! s.apply_in_place(&PigAction::Hold(Seat(0))).unwrap();
//! assert_eq!(s.scores(), vec![5, 0]);
//! assert_eq!(s.turn(), Turn::Seat(Seat(1)));
//! ```

use crate::{faces::D6, Dice, Game, Outcome, Probability, Seat, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Setup of a game of Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigConfig {
    /// Number of players, 2–6.
    pub seats: u8,
    /// Points needed to win (1–1000).
    pub target: u32,
    /// Seat that starts.
    pub start: Seat,
}

/// An action of Pig.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PigAction {
    /// Roll the die (a decision of the seat to move).
    Roll(Seat),
    /// Bank the turn total and pass the die.
    Hold(Seat),
    /// The die shows this face (a chance outcome).
    Die(u8),
}

impl fmt::Display for PigAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PigAction::Roll(s) => write!(f, "{s} rolls"),
            PigAction::Hold(s) => write!(f, "{s} holds"),
            PigAction::Die(d) => write!(f, "the die shows {d}"),
        }
    }
}

/// Why a config or action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PigError {
    /// Player count outside 2–6.
    #[error("Pig is played by 2 to 6 players, not {0}")]
    PlayerCount(u8),
    /// Target outside 1–1000.
    #[error("the target must be between 1 and 1000 points, not {0}")]
    Target(u32),
    /// Start seat not at the table.
    #[error("the start player {0} is not at the table")]
    StartSeat(Seat),
    /// The action's seat is not to move.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A player action while the die is rolling.
    #[error("the die must be rolled first")]
    DieRolling,
    /// A die face while no roll is pending.
    #[error("no die is being rolled")]
    NoRollPending,
    /// A die face outside 1–6.
    #[error("a die has no face {0}")]
    NoSuchFace(u8),
    /// Any action after the end.
    #[error("the game is over")]
    GameOver,
    /// A serialised state that breaks the rules.
    #[error("corrupted state: {0}")]
    Corrupted(&'static str),
}

/// A state of Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PigRecord")]
pub struct Pig {
    config: PigConfig,
    scores: Vec<u32>,
    to_move: Seat,
    turn_total: u32,
    rolling: bool,
    over: bool,
}

#[derive(Deserialize)]
struct PigRecord {
    config: PigConfig,
    scores: Vec<u32>,
    to_move: Seat,
    turn_total: u32,
    rolling: bool,
    over: bool,
}

impl TryFrom<PigRecord> for Pig {
    type Error = PigError;
    fn try_from(r: PigRecord) -> Result<Pig, PigError> {
        Pig::check_config(&r.config)?;
        if r.scores.len() != r.config.seats as usize {
            return Err(PigError::Corrupted("one score per player"));
        }
        if r.to_move.0 >= r.config.seats {
            return Err(PigError::Corrupted(
                "the player to move is not at the table",
            ));
        }
        let winners = r.scores.iter().filter(|&&s| s >= r.config.target).count();
        if r.over != (winners == 1) || winners > 1 || (r.over && (r.rolling || r.turn_total > 0)) {
            return Err(PigError::Corrupted("end of game does not match the scores"));
        }
        if r.turn_total > 6 * 10_000 {
            return Err(PigError::Corrupted("turn total out of range"));
        }
        Ok(Pig {
            config: r.config,
            scores: r.scores,
            to_move: r.to_move,
            turn_total: r.turn_total,
            rolling: r.rolling,
            over: r.over,
        })
    }
}

/// What a seat sees: everything (Pig has no hidden information).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PigView {
    /// Points needed to win.
    pub target: u32,
    /// Banked points per seat.
    pub scores: Vec<u32>,
    /// Seat to move.
    pub to_move: Seat,
    /// Points at risk this turn.
    pub turn_total: u32,
}

impl Pig {
    fn check_config(c: &PigConfig) -> Result<(), PigError> {
        if !Self::SEATS.contains(&c.seats) {
            return Err(PigError::PlayerCount(c.seats));
        }
        if !(1..=1000).contains(&c.target) {
            return Err(PigError::Target(c.target));
        }
        if c.start.0 >= c.seats {
            return Err(PigError::StartSeat(c.start));
        }
        Ok(())
    }

    /// Points at risk in the current turn.
    pub fn turn_total(&self) -> u32 {
        self.turn_total
    }
}

impl Game for Pig {
    type Config = PigConfig;
    type Action = PigAction;
    type View = PigView;
    type Error = PigError;
    const NAME: &'static str = "pig";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=6;

    fn standard_config(seats: u8, seed: u64) -> Result<PigConfig, PigError> {
        if !Self::SEATS.contains(&seats) {
            return Err(PigError::PlayerCount(seats));
        }
        let start = Seat(Dice::from_seed(seed).below(seats as u32) as u8);
        Ok(PigConfig {
            seats,
            target: 100,
            start,
        })
    }

    fn new(config: &PigConfig) -> Result<Self, PigError> {
        Self::check_config(config)?;
        Ok(Pig {
            config: config.clone(),
            scores: vec![0; config.seats as usize],
            to_move: config.start,
            turn_total: 0,
            rolling: false,
            over: false,
        })
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
            to_move: self.to_move,
            turn_total: self.turn_total,
        }
    }

    fn action_seat(&self, action: &PigAction) -> Option<Seat> {
        match *action {
            PigAction::Roll(s) | PigAction::Hold(s) => Some(s),
            PigAction::Die(_) => None,
        }
    }
}

/// The score table shared by [`Pig`] and [`PigView`]: one line per seat, the seat to move
/// marked (when there is one) with the points at risk.
fn write_table(
    f: &mut fmt::Formatter<'_>,
    target: u32,
    scores: &[u32],
    to_move: Option<Seat>,
    turn_total: u32,
) -> fmt::Result {
    writeln!(f, "Pig to {target} points")?;
    for (i, s) in scores.iter().enumerate() {
        let mark = if to_move.is_some_and(|m| m.index() == i) {
            format!("  <- to move, {turn_total} at risk")
        } else {
            String::new()
        };
        writeln!(f, "  seat {i}: {s:>3}{mark}")?;
    }
    Ok(())
}

impl fmt::Display for Pig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to_move = (!self.over).then_some(self.to_move);
        write_table(
            f,
            self.config.target,
            &self.scores,
            to_move,
            self.turn_total,
        )
    }
}

impl fmt::Display for PigView {
    /// The same table as the state's (Pig hides nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(
            f,
            self.target,
            &self.scores,
            Some(self.to_move),
            self.turn_total,
        )
    }
}
