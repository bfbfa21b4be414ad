//! The game state, its turn structure and the [`Game`] implementation.

use crate::config::{Card, Config, SoloRating, SoloStuck, SOLO_BOXES};
use crate::formation::{Formation, Roll, MAX_ENTRIES};
use crate::grid::{Grid, Marks, SIZE};
use crate::{Action, Error};
use dicecore::faces::{Symbol, SYMBOL_DIE};
use dicecore::square::Tetromino;
use dicecore::{Dice, Game, Outcome, Probability, Seat, SeatSet, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The roller is to roll the four dice (a chance event).
    Roll,
    /// The roller arranges this roll into a formation.
    Arrange(Roll),
    /// Every player in `pending` is still to enter `formation` (in any order).
    Enter {
        /// The formation of this turn.
        formation: Formation,
        /// Players who have not entered it yet.
        pending: SeatSet,
    },
    /// The game is over.
    Over(EndReason),
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// After the turn, these players had filled their grid or could no longer fill any cell.
    CardClosed(SeatSet),
    /// The solo player ended the game.
    PlayerEnded,
    /// The solo player could not enter the formation within the free boxes of the scale.
    CannotEnter,
}

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StateRecord")]
pub struct State {
    seats: u8,
    cards: [Card; 4],
    first_roller: Seat,
    roller: Seat,
    round: u32,
    phase: Phase,
    grids: [Grid; 4],
    /// What each player entered this turn (hidden from the others until the turn ends).
    entries: [Marks; 4],
    /// Crossed boxes of the solo scale.
    crossed: u8,
    /// The solo rule when the formation cannot be entered.
    #[serde(default)]
    solo_stuck: SoloStuck,
    /// The config, kept for [`Game::config`] (a function of the fields above; not saved).
    #[serde(skip)]
    config: Arc<Config>,
}

/// The serialised form of [`State`], validated on the way in.
#[derive(Deserialize)]
struct StateRecord {
    seats: u8,
    cards: [Card; 4],
    first_roller: Seat,
    roller: Seat,
    round: u32,
    phase: Phase,
    grids: [Grid; 4],
    entries: [Marks; 4],
    crossed: u8,
    #[serde(default)]
    solo_stuck: SoloStuck,
}

impl TryFrom<StateRecord> for State {
    type Error = Error;
    fn try_from(r: StateRecord) -> Result<State, Error> {
        let config = Config {
            seats: r.seats,
            cards: r.cards.iter().take(r.seats as usize).copied().collect(),
            first_roller: r.first_roller,
            solo_stuck: r.solo_stuck,
        };
        config.check()?;
        let n = r.seats as usize;
        let all = SeatSet::all(r.seats);
        if r.cards[n..].iter().any(|c| *c != Card::BLANK) {
            return Err(Error::Corrupted("cards beyond the players must be blank"));
        }
        if r.roller.0 >= r.seats {
            return Err(Error::Corrupted("the roller is not at the table"));
        }
        // The dice pass clockwise once per turn from the first roller.
        let expected = (u64::from(r.first_roller.0) + u64::from(r.round) + u64::from(r.seats) - 1)
            % u64::from(r.seats);
        if r.round == 0 || u64::from(r.roller.0) != expected {
            return Err(Error::Corrupted(
                "the roller does not follow from the first roller and the turn number",
            ));
        }
        if r.grids[n..].iter().any(|g| *g != Grid::EMPTY)
            || r.entries[n..].iter().any(|e| !e.is_empty())
        {
            return Err(Error::Corrupted("grids beyond the players must be empty"));
        }
        if r.crossed > SOLO_BOXES || (r.seats > 1 && r.crossed > 0) {
            return Err(Error::Corrupted(
                "the solo scale has 8 boxes, used only solo",
            ));
        }
        for i in 0..n {
            if let Some((cell, sym)) = r.cards[i].start() {
                if r.grids[i].symbol_at(cell) != Some(sym) {
                    return Err(Error::Corrupted("a pre-printed symbol is missing"));
                }
            }
            let e = &r.entries[i];
            if !e.is_well_formed() {
                return Err(Error::Corrupted("an entry writes off the card or twice"));
            }
            for s in 0..3 {
                if !e.0[s].is_subset(&r.grids[i].marks().0[s]) {
                    return Err(Error::Corrupted("an entry is not on its player's card"));
                }
            }
        }
        let entered = match r.phase {
            Phase::Roll | Phase::Arrange(_) | Phase::Over(_) => SeatSet::EMPTY,
            Phase::Enter { pending, .. } => SeatSet::from_bits(all.bits() & !pending.bits()),
        };
        for i in 0..n {
            if !entered.contains(Seat(i as u8)) && !r.entries[i].is_empty() {
                return Err(Error::Corrupted("an entry of a player who has not entered"));
            }
        }
        match r.phase {
            Phase::Roll => {}
            Phase::Arrange(roll) => {
                if !roll.is_sorted() {
                    return Err(Error::Corrupted("the roll is not sorted"));
                }
            }
            Phase::Enter { formation, pending } => {
                if !formation.is_canonical() {
                    return Err(Error::Corrupted("the formation is not canonical"));
                }
                if pending.is_empty() || pending.bits() & !all.bits() != 0 {
                    return Err(Error::Corrupted("the players still to enter are wrong"));
                }
                for i in 0..n {
                    let e = &r.entries[i];
                    if !e.is_empty() && !formation.is_placement(e) {
                        return Err(Error::Corrupted("an entry is not the formation"));
                    }
                    // A player who entered nothing passed: only when nothing fitted.
                    if e.is_empty()
                        && entered.contains(Seat(i as u8))
                        && formation.has_entry(r.grids[i].filled_bits(), 4)
                    {
                        return Err(Error::Corrupted(
                            "a player passed although the formation fits",
                        ));
                    }
                }
            }
            Phase::Over(reason) => match reason {
                EndReason::CardClosed(set) => {
                    if set.is_empty() || set.bits() & !all.bits() != 0 {
                        return Err(Error::Corrupted("the closed cards are not players'"));
                    }
                    let closed: SeatSet = (0..r.seats)
                        .map(Seat)
                        .filter(|s| !r.grids[s.index()].can_fill())
                        .collect();
                    if set != closed {
                        return Err(Error::Corrupted(
                            "the closed cards are not the cards that can no longer be filled",
                        ));
                    }
                }
                EndReason::PlayerEnded | EndReason::CannotEnter => {
                    if r.seats != 1 {
                        return Err(Error::Corrupted("only a solo game ends early"));
                    }
                }
            },
        }
        if !matches!(r.phase, Phase::Over(_)) {
            for i in 0..n {
                let mut before = r.grids[i];
                before.remove(&r.entries[i]);
                if !before.can_fill() {
                    return Err(Error::Corrupted("a closed card but the game goes on"));
                }
            }
        }
        Ok(State {
            config: Arc::new(config),
            seats: r.seats,
            cards: r.cards,
            first_roller: r.first_roller,
            roller: r.roller,
            round: r.round,
            phase: r.phase,
            grids: r.grids,
            entries: r.entries,
            crossed: r.crossed,
            solo_stuck: r.solo_stuck,
        })
    }
}

/// What one player sees: everything except what the others entered in the current turn
/// (players write at the same time; their entries are revealed when the turn ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// Number of players.
    pub seats: u8,
    /// The roller of this turn.
    pub roller: Seat,
    /// Turn number, from 1.
    pub round: u32,
    /// Where the turn stands.
    pub phase: Phase,
    /// Every card: the viewer's as it is, the others' as they were when the turn began.
    pub grids: Vec<Grid>,
    /// Free boxes of the solo scale (`None` with 2–4 players).
    pub free_boxes: Option<u8>,
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

    fn score_of(&self, seat: Seat) -> i32 {
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
    fn may_pass(&self) -> bool {
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
    fn max_drop(&self) -> u8 {
        if self.is_solo() {
            SOLO_BOXES - self.crossed
        } else {
            4
        }
    }

    /// The actions of one seat (appended to `out`).
    fn seat_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Roll | Phase::Over(_) => {}
            Phase::Arrange(roll) => {
                if seat == self.roller {
                    out.reserve(MAX_ENTRIES + 1);
                    out.extend_from_slice(Formation::arrange_actions(roll, seat));
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
                let found = formation.for_each_entry(filled, self.max_drop(), |marks| {
                    out.push(Action::Enter { seat, marks })
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
    fn check_decision(&self, action: &Action) -> Result<(), Error> {
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
                        if !formation.is_placement(marks) {
                            return Err(Error::NotAPlacement);
                        }
                        let bits = marks.bits();
                        if (bits[0] | bits[1] | bits[2]) & filled != 0 {
                            return Err(Error::CellTaken);
                        }
                        let dropped = 4u8.saturating_sub(marks.len() as u8);
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
    fn finish_turn(&mut self) {
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

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "mosaix";
    const SEATS: std::ops::RangeInclusive<u8> = 1..=4;

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        if !Self::SEATS.contains(&seats) {
            return Err(Error::PlayerCount(seats));
        }
        let first = Seat(Dice::from_seed(seed).below(seats as u32) as u8);
        Config::standard(seats, first)
    }

    fn new(config: &Config) -> Result<Self, Error> {
        config.check()?;
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

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Roll => Turn::Chance,
            Phase::Arrange(_) => Turn::Seat(self.roller),
            Phase::Enter { pending, .. } => Turn::Seats(pending),
            Phase::Over(_) => Turn::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Roll => out.extend(Roll::outcomes().iter().map(|(r, _)| Action::Roll(*r))),
            Phase::Over(_) => {}
            Phase::Arrange(_) => self.seat_actions(self.roller, out),
            Phase::Enter { pending, .. } => {
                for seat in pending {
                    self.seat_actions(seat, out);
                }
            }
        }
    }

    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.seat_actions(seat, out);
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if self.phase != Phase::Roll {
            return Vec::new();
        }
        Roll::outcomes()
            .iter()
            .map(|(r, p)| (Action::Roll(*r), *p))
            .collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        if self.phase != Phase::Roll {
            return None;
        }
        let symbols = [(); 4].map(|_| dice.roll(&SYMBOL_DIE));
        Some(Action::Roll(Roll::new(symbols)))
    }

    fn apply(&self, action: &Action) -> Result<Self, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        self.check_decision(action)?;
        match *action {
            Action::Roll(roll) => self.phase = Phase::Arrange(roll),
            Action::Arrange { formation, .. } => {
                self.phase = Phase::Enter {
                    formation,
                    pending: SeatSet::all(self.seats),
                }
            }
            Action::End { .. } => {
                let stuck = match self.phase {
                    Phase::Enter { formation, .. } => {
                        !self.may_pass()
                            && !formation.has_entry(self.grids[0].filled_bits(), self.max_drop())
                    }
                    _ => false,
                };
                self.entries = [Marks::EMPTY; 4];
                self.phase = Phase::Over(if stuck {
                    EndReason::CannotEnter
                } else {
                    EndReason::PlayerEnded
                });
            }
            Action::Enter { seat, marks } => {
                self.grids[seat.index()].add(&marks);
                self.entries[seat.index()] = marks;
                if self.is_solo() {
                    self.crossed += 4u8.saturating_sub(marks.len() as u8);
                }
                self.mark_entered(seat);
            }
            Action::Pass { seat } => self.mark_entered(seat),
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.seats).map(|s| self.score_of(Seat(s))).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        matches!(self.phase, Phase::Over(_)).then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, seat: Seat) -> View {
        let hide = matches!(self.phase, Phase::Enter { .. });
        let grids = (0..self.seats)
            .map(|s| {
                let mut g = self.grids[s as usize];
                if hide && s != seat.0 {
                    g.remove(&self.entries[s as usize]);
                }
                g
            })
            .collect();
        View {
            seat,
            seats: self.seats,
            roller: self.roller,
            round: self.round,
            phase: self.phase,
            grids,
            free_boxes: self.free_boxes(),
        }
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        action.seat()
    }

    /// Replaces what the other players entered this turn (which `seat` cannot see yet) by
    /// random entries of the same formation on their cards as they were.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let mut out = self.clone();
        let Phase::Enter { formation, pending } = self.phase else {
            return out;
        };
        let mut options = Vec::new();
        for s in (0..self.seats).map(Seat) {
            if s == seat || pending.contains(s) || self.entries[s.index()].is_empty() {
                continue;
            }
            let mut before = self.grids[s.index()];
            before.remove(&self.entries[s.index()]);
            options.clear();
            formation.for_each_entry(before.filled_bits(), 4, |m| options.push(m));
            if options.is_empty() {
                continue;
            }
            let pick = options[dice.index(options.len())];
            before.add(&pick);
            out.grids[s.index()] = before;
            out.entries[s.index()] = pick;
        }
        out
    }
}

impl State {
    fn mark_entered(&mut self, seat: Seat) {
        if let Phase::Enter { pending, .. } = &mut self.phase {
            pending.remove(seat);
            if pending.is_empty() {
                self.finish_turn();
            }
        }
    }
}

/// The turn, the scores and the cards side by side (and the solo scale): the rendering of
/// both [`State`] and [`View`].
fn write_table(
    f: &mut fmt::Formatter<'_>,
    round: u32,
    roller: Seat,
    phase: Phase,
    grids: &[Grid],
    free_boxes: Option<u8>,
) -> fmt::Result {
    write!(f, "Mosaix, turn {round}, ")?;
    match phase {
        Phase::Roll => writeln!(f, "{roller} rolls the dice")?,
        Phase::Arrange(r) => writeln!(f, "{roller} arranges the roll {r}")?,
        Phase::Enter { formation, pending } => {
            writeln!(f, "formation {formation}, still to enter: {pending}")?
        }
        Phase::Over(EndReason::CardClosed(set)) => {
            writeln!(f, "game over: no more cells can be filled on card(s) {set}")?
        }
        Phase::Over(EndReason::PlayerEnded) => writeln!(f, "game over: ended by the player")?,
        Phase::Over(EndReason::CannotEnter) => {
            writeln!(f, "game over: the formation could not be entered")?
        }
    }
    let bonus = free_boxes.map_or(0, i32::from);
    let mut line = String::new();
    for (s, g) in grids.iter().enumerate() {
        let score = g.score() as i32 + bonus;
        line.push_str(&format!("  seat {s} {score:>4}  "));
    }
    writeln!(f, "{}", line.trim_end())?;
    let mut line = String::new();
    for _ in grids {
        line.push_str("    0123456     ");
    }
    writeln!(f, "{}", line.trim_end())?;
    for r in 0..SIZE {
        let mut line = String::new();
        for g in grids {
            line.push_str(&format!("  {r} {}     ", g.row_text(r)));
        }
        writeln!(f, "{}", line.trim_end())?;
    }
    if let Some(free) = free_boxes {
        let crossed = SOLO_BOXES.saturating_sub(free);
        let boxes: String = (0..SOLO_BOXES)
            .map(|i| if i < crossed { "[x]" } else { "[ ]" })
            .collect();
        writeln!(f, "scale {boxes}")?;
    }
    Ok(())
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

impl fmt::Display for View {
    /// The table as this seat sees it: the other players' cards as they were when the turn
    /// began while they enter, and scores of those cards.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(
            f,
            self.round,
            self.roller,
            self.phase,
            &self.grids,
            self.free_boxes,
        )?;
        if matches!(self.phase, Phase::Enter { .. }) && self.seats > 1 {
            writeln!(
                f,
                "{}'s view: the others' entries of this turn show when everyone has entered",
                self.seat
            )
        } else {
            writeln!(f, "{}'s view", self.seat)
        }
    }
}
