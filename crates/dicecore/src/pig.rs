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
//! - a deserialised state is validated ([`crate::load`]), so a corrupted file is an error, and
//!   a position can be set up by hand ([`FromSetup`]) through the same checks;
//! - actions have fixed ids and a seat's view encodes as a tensor ([`Encode`]);
//! - `view` gives what a seat may know (here, everything: Pig has no hidden information);
//! - the table and a view draw themselves as SVG ([`Picture`]).
//!
//! And it is registered as every game is, end to end: one line in the facade's registry
//! (`tabula::for_each_game!`, `(pig, Pig, dicecore::pig::Pig, "…")`) makes it a game of the
//! programs (`tour`, `play`, `replay`, `simulate`, with its picture), a Python class
//! (`tabula.Pig`), three fuzz targets (`pig_actions`, `pig_states`, `pig_records`) and rows of
//! `cargo bench --bench all_games` (the checklist: `docs/architecture.md`, "Adding a game").
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

use crate::{faces::D6, Dice, Encode, FromSetup, Game, Outcome, Picture, Probability, Seat, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Setup of a game of Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
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
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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

/// Why a config, an action, a setup or a saved state was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// A position with a score list of the wrong length.
    #[error("{seats} players need {seats} scores, not {scores}")]
    ScoreCount {
        /// Players at the table.
        seats: u8,
        /// Scores given.
        scores: usize,
    },
    /// A position whose player to move is not at the table.
    #[error("the player to move, {0}, is not at the table")]
    ToMoveOffTable(Seat),
    /// A banked score of 1: every banked turn is 0 or at least 2 (a roll of 1 banks nothing).
    #[error("{0} cannot have banked exactly 1 point: a turn banks 0 or at least 2")]
    ScoreOfOne(Seat),
    /// Points at risk of exactly 1, or absurdly many.
    #[error("{0} points at risk cannot arise: a turn total is 0 or 2 to 60000")]
    TurnTotal(u32),
    /// More than one player at or above the target.
    #[error("only one player can reach the target: the game ends when the first one does")]
    TwoWinners,
    /// A finished game (someone at the target) in which that player is not the last to have
    /// moved or still has points at risk.
    #[error("the game ended when {0} held at the target; nothing happens after that")]
    PlayAfterTheEnd(Seat),
    /// A saved state marked finished without a winner, or running with one.
    #[error("the saved state says the game is {}, but the scores say otherwise", if *.0 { "over" } else { "running" })]
    OverFlag(bool),
}

/// A state of Pig.
///
/// Saved states are checked on loading ([`crate::load`]): only positions that could arise in
/// play are accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Pig {
    config: PigConfig,
    scores: Vec<u32>,
    to_move: Seat,
    turn_total: u32,
    rolling: bool,
    over: bool,
}

crate::validated_serde!(Pig, Pig::checked, versioned);

/// A position of Pig in plain terms ([`FromSetup`]): the banked scores, whose turn it is, the
/// points at risk and whether the die is rolling. Whether the game is over follows from the
/// scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigSetup {
    /// Banked points per seat.
    pub scores: Vec<u32>,
    /// The seat whose turn it is (the winner, once the game is over).
    pub to_move: Seat,
    /// Points at risk this turn.
    pub turn_total: u32,
    /// Whether the die is rolling (the next action is its face).
    pub rolling: bool,
}

/// What a seat sees: everything (Pig has no hidden information).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PigView {
    /// Points needed to win.
    pub target: u32,
    /// Banked points per seat.
    pub scores: Vec<u32>,
    /// Seat to move (`None` once the game is over).
    pub to_move: Option<Seat>,
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

    /// The loader: a state read from a file (or built from a setup) is accepted only if it
    /// could arise in play.
    fn checked(self) -> Result<Pig, PigError> {
        let c = &self.config;
        Self::check_config(c)?;
        if self.scores.len() != c.seats as usize {
            return Err(PigError::ScoreCount {
                seats: c.seats,
                scores: self.scores.len(),
            });
        }
        if self.to_move.0 >= c.seats {
            return Err(PigError::ToMoveOffTable(self.to_move));
        }
        if let Some(i) = self.scores.iter().position(|&s| s == 1) {
            return Err(PigError::ScoreOfOne(Seat(i as u8)));
        }
        if self.turn_total == 1 || self.turn_total > MAX_TURN_TOTAL {
            return Err(PigError::TurnTotal(self.turn_total));
        }
        let winners: Vec<usize> = (0..self.scores.len())
            .filter(|&i| self.scores[i] >= c.target)
            .collect();
        match winners.as_slice() {
            [] => {}
            &[w] => {
                if w != self.to_move.index() || self.rolling || self.turn_total > 0 {
                    return Err(PigError::PlayAfterTheEnd(Seat(w as u8)));
                }
            }
            _ => return Err(PigError::TwoWinners),
        }
        if self.over != (winners.len() == 1) {
            return Err(PigError::OverFlag(self.over));
        }
        Ok(self)
    }
}

impl FromSetup for Pig {
    type Setup = PigSetup;

    fn to_setup(&self) -> PigSetup {
        PigSetup {
            scores: self.scores.clone(),
            to_move: self.to_move,
            turn_total: self.turn_total,
            rolling: self.rolling,
        }
    }

    fn from_setup(config: &PigConfig, setup: &PigSetup) -> Result<Pig, PigError> {
        Pig {
            config: config.clone(),
            scores: setup.scores.clone(),
            to_move: setup.to_move,
            turn_total: setup.turn_total,
            rolling: setup.rolling,
            over: setup.scores.iter().any(|&s| s >= config.target),
        }
        .checked()
    }
}

/// Pig's ids: the six faces of the die are the chance outcomes 0–5 (face − 1), then roll is 6
/// and hold is 7. The observation of a seat has `2 · seats + 1` entries, seats counted from the
/// observer (the observer first, then clockwise): the banked scores as fractions of the target,
/// a one-hot of the seat to move (all zero once the game is over), then the points at risk as a
/// fraction of the target.
/// The largest turn total a loaded state may hold.
const MAX_TURN_TOTAL: u32 = 60_000;

impl Encode for Pig {
    fn max_chance_outcomes(_: &PigConfig) -> usize {
        6
    }

    fn num_distinct_actions(_: &PigConfig) -> usize {
        8
    }

    fn action_id(_: &PigConfig, action: &PigAction) -> Option<usize> {
        match *action {
            PigAction::Die(d @ 1..=6) => Some(d as usize - 1),
            PigAction::Die(_) => None,
            PigAction::Roll(_) => Some(6),
            PigAction::Hold(_) => Some(7),
        }
    }

    fn action_from_id(_: &PigConfig, seat: Seat, id: usize) -> Option<PigAction> {
        match id {
            0..=5 => Some(PigAction::Die(id as u8 + 1)),
            6 => Some(PigAction::Roll(seat)),
            7 => Some(PigAction::Hold(seat)),
            _ => None,
        }
    }

    fn observation_shape(config: &PigConfig) -> Vec<usize> {
        vec![2 * config.seats as usize + 1]
    }

    /// Scores and the turn total as fractions of the target: a turn total is at most 60,000
    /// (what the loader accepts), so a score at most `target - 1 + 60,000`.
    fn observation_bounds(config: &PigConfig) -> (Vec<f32>, Vec<f32>) {
        let n = config.seats as usize;
        let target = config.target.max(1) as f32;
        let (low, mut high) = crate::encode::unit_bounds(2 * n + 1);
        high[..n].fill((target - 1.0 + MAX_TURN_TOTAL as f32) / target);
        high[2 * n] = MAX_TURN_TOTAL as f32 / target;
        (low, high)
    }

    fn encode_view(config: &PigConfig, seat: Seat, view: &PigView, out: &mut [f32]) {
        out.fill(0.0);
        let n = config.seats as usize;
        let target = config.target.max(1) as f32;
        for k in 0..n.min(out.len()) {
            let s = (seat.index() + k) % n;
            out[k] = view.scores.get(s).copied().unwrap_or(0) as f32 / target;
            if view.to_move == Some(Seat(s as u8)) {
                out[n + k] = 1.0;
            }
        }
        out[2 * n] = view.turn_total as f32 / target;
    }
}

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
        write_table(f, self.target, &self.scores, self.to_move, self.turn_total)
    }
}

/// Pig's picture: each seat's banked points as a bar towards the target, and the points at
/// risk of the seat to move. A view shows the whole table (Pig hides nothing).
impl Picture for Pig {
    fn picture(&self) -> String {
        Self::view_picture(&self.view(Seat(0)))
    }

    fn view_picture(view: &PigView) -> String {
        use std::fmt::Write as _;
        let (bar, row) = (300u64, 32u64);
        let height = 50 + row * view.scores.len() as u64;
        let labels: Vec<String> = view
            .scores
            .iter()
            .enumerate()
            .map(|(i, score)| {
                if view.to_move == Some(Seat(i as u8)) {
                    format!("{score} (to move, {} at risk)", view.turn_total)
                } else {
                    score.to_string()
                }
            })
            .collect();
        // As wide as the longest label after the bars (measured at 14, the picture's font).
        let width = labels
            .iter()
            .map(|l| 80 + bar as i32 + crate::picture::text_width(l, 14) + 10)
            .fold(480, i32::max);
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"14\">\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
             <text x=\"10\" y=\"22\" font-size=\"16\">Pig to {} points</text>\n",
            view.target
        );
        for (i, (&score, label)) in view.scores.iter().zip(&labels).enumerate() {
            let y = 36 + row * i as u64;
            let filled = bar * u64::from(score.min(view.target)) / u64::from(view.target.max(1));
            let _ = write!(
                s,
                "<text x=\"10\" y=\"{}\">seat {i}</text>\n\
                 <rect x=\"70\" y=\"{y}\" width=\"{bar}\" height=\"20\" fill=\"#eee\" stroke=\"#999\"/>\n\
                 <rect x=\"70\" y=\"{y}\" width=\"{filled}\" height=\"20\" fill=\"#4a7\"/>\n\
                 <text x=\"{}\" y=\"{}\">{label}</text>\n",
                y + 15,
                80 + bar,
                y + 15,
            );
        }
        s.push_str("</svg>\n");
        s
    }
}
