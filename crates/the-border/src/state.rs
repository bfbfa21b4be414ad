//! The game state, the round (rolls, action 1, action 2), area scoring and the end.

use crate::board::{Board, Spaces, AREAS, SEGMENTS};
use crate::config::Setup;
use crate::dice::{five_index, rerolls, roll_table, DICE, ROLLS};
use crate::{Action, Config, DiceSet, Error};
use dicecore::faces::Colour;
use dicecore::{Dice, Game, Outcome, Probability, Seat, SeatSet, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Most players.
pub const MAX_SEATS: usize = 4;

/// Areas a player must complete to end the game.
pub const END_AREAS: u32 = 6;

/// Where in the round the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: dice are rolling.
    Rolling,
    /// The active player decides to re-roll some dice or to stop.
    Deciding,
    /// Action 1: the active player completes segments with the dice.
    Crossing,
    /// Action 2: the other players cross spaces with the unused dice.
    Others,
    /// The game is over.
    Over,
}

/// A state of The Border. Cheap to clone: the config and boards are shared.
///
/// ```
/// use the_border::{Action, Config, DiceSet, State};
/// use dicecore::{faces::Colour::*, Game, Seat, Turn};
/// let mut s = State::new(&Config::new(2)).unwrap();
/// assert_eq!(s.turn(), Turn::Chance);
/// s.apply_in_place(&Action::Roll(DiceSet::from_colours(&[Grey, Grey, Red, Blue, Orange])))
///     .unwrap();
/// assert_eq!(s.turn(), Turn::Seat(Seat(0)));
/// s.apply_in_place(&Action::Reroll { seat: Seat(0), dice: DiceSet::from_colours(&[Red]) })
///     .unwrap();
/// assert_eq!(s.turn(), Turn::Chance);
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(into = "StateRecord", try_from = "StateRecord")]
pub struct State {
    setup: Arc<Setup>,
    phase: Phase,
    active: Seat,
    rolls: u8,
    pending: u8,
    dice: DiceSet,
    used: DiceSet,
    to_act: SeatSet,
    pool: [DiceSet; MAX_SEATS],
    left: [u8; MAX_SEATS],
    start: [Spaces; MAX_SEATS],
    base: [Spaces; MAX_SEATS],
    crossed: [Spaces; MAX_SEATS],
    reach: [Spaces; MAX_SEATS],
    /// Open (uncrossed) spaces per segment of each seat's board (derived from `crossed`).
    open: [[u8; SEGMENTS]; MAX_SEATS],
    done: [u16; MAX_SEATS],
    points: [[u8; AREAS]; MAX_SEATS],
    scores: [u16; MAX_SEATS],
    claimed: u16,
    claimed_now: u16,
}

impl PartialEq for State {
    fn eq(&self, o: &State) -> bool {
        (Arc::ptr_eq(&self.setup, &o.setup) || self.setup == o.setup)
            && self.phase == o.phase
            && self.active == o.active
            && self.rolls == o.rolls
            && self.pending == o.pending
            && self.dice == o.dice
            && self.used == o.used
            && self.to_act == o.to_act
            && self.pool == o.pool
            && self.left == o.left
            && self.start == o.start
            && self.crossed == o.crossed
            && self.points == o.points
            && self.claimed == o.claimed
            && self.claimed_now == o.claimed_now
    }
}

/// The serialised form of a [`State`] (validated on the way in).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StateRecord {
    config: Config,
    phase: Phase,
    active: Seat,
    rolls: u8,
    pending: u8,
    dice: DiceSet,
    used: DiceSet,
    to_act: SeatSet,
    pool: Vec<DiceSet>,
    left: Vec<u8>,
    start: Vec<Spaces>,
    crossed: Vec<Spaces>,
    points: Vec<[u8; AREAS]>,
    claimed: u16,
    claimed_now: u16,
}

impl From<State> for StateRecord {
    fn from(s: State) -> StateRecord {
        let n = s.seats() as usize;
        StateRecord {
            config: s.setup.config.clone(),
            phase: s.phase,
            active: s.active,
            rolls: s.rolls,
            pending: s.pending,
            dice: s.dice,
            used: s.used,
            to_act: s.to_act,
            pool: s.pool[..n].to_vec(),
            left: s.left[..n].to_vec(),
            start: s.start[..n].to_vec(),
            crossed: s.crossed[..n].to_vec(),
            points: s.points[..n].to_vec(),
            claimed: s.claimed,
            claimed_now: s.claimed_now,
        }
    }
}

impl TryFrom<StateRecord> for State {
    type Error = Error;
    fn try_from(r: StateRecord) -> Result<State, Error> {
        let setup = r.config.build()?;
        let n = r.config.seats as usize;
        let c = Error::Corrupted;
        if [
            r.pool.len(),
            r.left.len(),
            r.start.len(),
            r.crossed.len(),
            r.points.len(),
        ]
        .iter()
        .any(|&l| l != n)
        {
            return Err(c("one entry per player expected"));
        }
        if r.active.0 as usize >= n {
            return Err(c("the active player is not at the table"));
        }
        let area_mask = (1u16 << AREAS) - 1;
        if r.claimed & !area_mask != 0 || r.claimed_now & !area_mask != 0 {
            return Err(c("unknown area marked as taken"));
        }
        if r.claimed & r.claimed_now != 0 {
            return Err(c("an area is first completed twice"));
        }
        let mut s = State {
            setup: Arc::new(setup),
            phase: r.phase,
            active: r.active,
            rolls: r.rolls,
            pending: r.pending,
            dice: r.dice,
            used: r.used,
            to_act: r.to_act,
            pool: [DiceSet::EMPTY; MAX_SEATS],
            left: [0; MAX_SEATS],
            start: [Spaces::EMPTY; MAX_SEATS],
            base: [Spaces::EMPTY; MAX_SEATS],
            crossed: [Spaces::EMPTY; MAX_SEATS],
            reach: [Spaces::EMPTY; MAX_SEATS],
            open: [[0; SEGMENTS]; MAX_SEATS],
            done: [0; MAX_SEATS],
            points: [[0; AREAS]; MAX_SEATS],
            scores: [0; MAX_SEATS],
            claimed: r.claimed,
            claimed_now: r.claimed_now,
        };
        let mut any_done = 0u16;
        for i in 0..n {
            let board = Arc::clone(&s.setup.boards[i]);
            let (crossed, start) = (r.crossed[i], r.start[i]);
            if !crossed.is_subset(&board.all()) || !board.white().is_subset(&crossed) {
                return Err(c("crossed spaces do not fit the board"));
            }
            if r.phase == Phase::Others {
                if !start.is_subset(&crossed) || !board.white().is_subset(&start) {
                    return Err(c("spaces crossed before action 2 do not fit"));
                }
                if r.pool[i].total() > DICE as u16 || r.left[i] > DICE {
                    return Err(c("too many dice for action 2"));
                }
            } else if start != Spaces::EMPTY || r.pool[i] != DiceSet::EMPTY || r.left[i] != 0 {
                return Err(c("action 2 data outside action 2"));
            }
            s.crossed[i] = crossed;
            s.start[i] = start;
            s.reach[i] = reach_of(&board, &crossed);
            s.open[i] = open_of(&board, &crossed);
            s.base[i] = reach_of(&board, &start);
            s.pool[i] = r.pool[i];
            s.left[i] = r.left[i];
            let mut score = 0u16;
            for (a, area) in board.areas().iter().enumerate() {
                let p = r.points[i][a];
                if area.border.is_subset(&crossed) {
                    s.done[i] |= 1 << a;
                    if p != area.high && p != area.low {
                        return Err(c("an area scored neither of its values"));
                    }
                } else if p != 0 {
                    return Err(c("points for an area not completed"));
                }
                score += p as u16;
            }
            s.points[i] = r.points[i];
            s.scores[i] = score;
            any_done |= s.done[i];
        }
        if (r.claimed | r.claimed_now) & !any_done != 0 {
            return Err(c("an area is taken that nobody completed"));
        }
        if any_done & !(r.claimed | r.claimed_now) != 0 {
            // Otherwise a later completer would wrongly score the high value.
            return Err(c("an area someone completed is not marked as taken"));
        }
        let ended = s.done[..n].iter().any(|d| d.count_ones() >= END_AREAS);
        // Before action 2 only the active player can have reached the end (in action 1).
        let ended_by_active = s.done[r.active.index()].count_ones() >= END_AREAS;
        let five = r.dice.total() == DICE as u16;
        let ok = match r.phase {
            Phase::Rolling => {
                (1..=DICE).contains(&r.pending)
                    && r.dice.total() + r.pending as u16 == DICE as u16
                    && r.rolls < ROLLS
                    && r.used == DiceSet::EMPTY
                    && r.to_act.is_empty()
                    && r.claimed_now == 0
                    && !ended
            }
            Phase::Deciding => {
                five && (1..ROLLS).contains(&r.rolls)
                    && r.pending == 0
                    && r.used == DiceSet::EMPTY
                    && r.to_act.is_empty()
                    && r.claimed_now == 0
                    && !ended
            }
            Phase::Crossing => {
                five && (1..=ROLLS).contains(&r.rolls)
                    && r.pending == 0
                    && r.used.is_subset(r.dice)
                    && r.to_act.is_empty()
                    && r.claimed_now == 0
                    && (!ended || ended_by_active)
            }
            Phase::Others => {
                five && (1..=ROLLS).contains(&r.rolls)
                    && r.pending == 0
                    && r.used.is_subset(r.dice)
                    && !r.to_act.is_empty()
                    && r.to_act.bits() & !SeatSet::all(n as u8).bits() == 0
                    && !r.to_act.contains(r.active)
                    && r.pool[..n].iter().all(|p| p.is_subset(r.dice))
            }
            Phase::Over => ended && r.to_act.is_empty() && r.claimed_now == 0,
        };
        if !ok {
            return Err(c("the round's progress does not fit the phase"));
        }
        Ok(s)
    }
}

/// Every space next to a space of `set`.
fn reach_of(board: &Board, set: &Spaces) -> Spaces {
    let mut r = Spaces::EMPTY;
    for i in set.iter() {
        r |= board.neighbours(i);
    }
    r
}

/// The open spaces of every segment, given the crossed spaces.
fn open_of(board: &Board, crossed: &Spaces) -> [u8; SEGMENTS] {
    let mut open = [0; SEGMENTS];
    for (o, seg) in open.iter_mut().zip(board.segments()) {
        *o = (seg.spaces - *crossed).count() as u8;
    }
    open
}

/// What a seat sees. The Border has no hidden information: the whole state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The whole state (nothing is hidden).
    pub state: State,
}

impl State {
    /// The config.
    pub fn config(&self) -> &Config {
        &self.setup.config
    }

    /// A seat's board (the first seat's for a seat not at the table).
    pub fn board(&self, seat: Seat) -> &Board {
        self.setup
            .boards
            .get(seat.index())
            .unwrap_or(&self.setup.boards[0])
    }

    /// Where in the round the game is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The active player.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Rolls made this round.
    pub fn rolls(&self) -> u8 {
        self.rolls
    }

    /// The dice showing (all five once rolling is over).
    pub fn dice(&self) -> DiceSet {
        self.dice
    }

    /// Dice the active player used in action 1 so far.
    pub fn used(&self) -> DiceSet {
        self.used
    }

    /// The dice a seat may still use in action 2, and how many of them.
    pub fn available(&self, seat: Seat) -> (DiceSet, u8) {
        match (self.pool.get(seat.index()), self.left.get(seat.index())) {
            (Some(&p), Some(&l)) if seat.0 < self.seats() => (p, l),
            _ => (DiceSet::EMPTY, 0),
        }
    }

    /// A seat's crossed spaces (empty for a seat not at the table).
    pub fn crossed(&self, seat: Seat) -> Spaces {
        self.crossed.get(seat.index()).copied().unwrap_or_default()
    }

    /// A seat's completed areas as a bit mask over the board's areas.
    pub fn completed(&self, seat: Seat) -> u16 {
        self.done.get(seat.index()).copied().unwrap_or(0)
    }

    /// Points a seat scored per area (0 for areas not completed).
    pub fn area_points(&self, seat: Seat) -> [u8; AREAS] {
        self.points.get(seat.index()).copied().unwrap_or([0; AREAS])
    }

    /// A seat's best single-area score (the tie-break).
    pub fn best_area(&self, seat: Seat) -> u8 {
        self.area_points(seat).into_iter().max().unwrap_or(0)
    }

    /// Areas already completed by someone in an earlier action (worth the low value now).
    pub fn taken_areas(&self) -> u16 {
        self.claimed
    }

    /// Areas first completed by someone in the action 2 under way: still worth the high value
    /// to the others in this action 2, taken when it ends.
    pub fn taken_this_action(&self) -> u16 {
        self.claimed_now
    }

    /// How many dice are rolling (0 unless the phase is [`Phase::Rolling`]).
    pub fn rolling_dice(&self) -> u8 {
        self.pending
    }

    /// The seats still to act in action 2 (empty in other phases).
    pub fn to_act(&self) -> SeatSet {
        self.to_act
    }

    /// A seat's total score (0 for a seat not at the table).
    pub fn total_score(&self, seat: Seat) -> u16 {
        self.scores.get(seat.index()).copied().unwrap_or(0)
    }

    fn seat_board(&self, i: usize) -> &Board {
        &self.setup.boards[i]
    }

    /// Dice of the active player not yet used in action 1.
    fn free(&self) -> DiceSet {
        self.dice.minus(self.used)
    }

    /// Whether the active player can complete segment `k` now, and how many dice it needs.
    fn completable(&self, k: usize) -> Result<(Colour, u8), Error> {
        let a = self.active.index();
        let board = self.seat_board(a);
        let seg = board
            .segments()
            .get(k)
            .ok_or(Error::NoSuchSegment(k as u8))?;
        let needed = self.open[a].get(k).copied().unwrap_or(0);
        if needed == 0 {
            return Err(Error::SegmentComplete(k as u8));
        }
        let available = self.free().count(seg.colour);
        if available < needed {
            return Err(Error::NotEnoughDice {
                colour: seg.colour,
                needed,
                available,
            });
        }
        Ok((seg.colour, needed))
    }

    fn can_complete(&self) -> bool {
        let a = self.active.index();
        let free = self.free();
        let open = &self.open[a];
        let board = self.seat_board(a);
        // Only colours with a free die can complete anything.
        let mut colours = free.colour_bits();
        while colours != 0 {
            let c = Colour::ALL[colours.trailing_zeros() as usize];
            colours &= colours - 1;
            let n = free.count(c);
            if board
                .colour_segment_ids(c)
                .iter()
                .any(|&k| (1..=n).contains(&open[k as usize]))
            {
                return true;
            }
        }
        false
    }

    /// The spaces seat `i` may cross now in action 2.
    fn crossable(&self, i: usize) -> Spaces {
        if self.left[i] == 0 {
            return Spaces::EMPTY;
        }
        let colours = self.setup.boards[i].colours_spaces(self.pool[i].colour_bits());
        let adj = if self.setup.config.chain_within_action {
            self.reach[i]
        } else {
            self.base[i]
        };
        (adj & colours) - self.crossed[i]
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

    fn push_completions(&self, seat: Seat, out: &mut Vec<Action>) {
        let a = seat.index();
        let free = self.free();
        let open = &self.open[a];
        let board = self.seat_board(a);
        // Only colours with a free die can complete anything.
        let mut colours = free.colour_bits();
        while colours != 0 {
            let c = Colour::ALL[colours.trailing_zeros() as usize];
            colours &= colours - 1;
            let n = free.count(c);
            for &k in board.colour_segment_ids(c) {
                if (1..=n).contains(&open[k as usize]) {
                    out.push(Action::Complete { seat, segment: k });
                }
            }
        }
        out.push(Action::Done(seat));
    }

    fn push_crosses(&self, seat: Seat, out: &mut Vec<Action>) {
        let open = self.crossable(seat.index());
        for (w, &word) in open.words().iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push(Action::Cross {
                    seat,
                    space: (w * 64) as u8 + bits.trailing_zeros() as u8,
                });
                bits &= bits - 1;
            }
        }
        out.push(Action::Done(seat));
    }

    /// Marks the areas of `touched` that seat `i` has now completed and scores them.
    fn score(&mut self, i: usize, touched: u16) {
        let mut candidates = touched & !self.done[i];
        let in_action_2 = self.phase == Phase::Others;
        while candidates != 0 {
            let a = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let area = &self.setup.boards[i].areas()[a];
            if !area.border.is_subset(&self.crossed[i]) {
                continue;
            }
            let bit = 1u16 << a;
            let value = if self.claimed & bit != 0 {
                area.low
            } else {
                if in_action_2 {
                    self.claimed_now |= bit;
                } else {
                    self.claimed |= bit;
                }
                area.high
            };
            self.done[i] |= bit;
            self.points[i][a] = value;
            self.scores[i] += value as u16;
        }
    }

    fn begin_crossing(&mut self) {
        self.phase = Phase::Crossing;
        if !self.can_complete() {
            self.begin_action_2();
        }
    }

    fn begin_action_2(&mut self) {
        let unused = self.free();
        let (pool, left) = if self.used.total() == 0 {
            (self.dice, DICE)
        } else if unused.total() == 0 {
            (self.dice, 1)
        } else {
            (unused, unused.total() as u8)
        };
        self.phase = Phase::Others;
        self.to_act = SeatSet::EMPTY;
        self.claimed_now = 0;
        for i in 0..self.seats() as usize {
            self.start[i] = self.crossed[i];
            self.base[i] = self.reach[i];
            if i == self.active.index() {
                self.pool[i] = DiceSet::EMPTY;
                self.left[i] = 0;
                continue;
            }
            self.pool[i] = pool;
            self.left[i] = left;
            if !self.crossable(i).is_empty() {
                self.to_act.insert(Seat(i as u8));
            }
        }
        if self.to_act.is_empty() {
            self.end_round();
        }
    }

    fn end_round(&mut self) {
        self.claimed |= self.claimed_now;
        self.claimed_now = 0;
        self.to_act = SeatSet::EMPTY;
        let n = self.seats() as usize;
        for i in 0..n {
            self.pool[i] = DiceSet::EMPTY;
            self.left[i] = 0;
            self.start[i] = Spaces::EMPTY;
            self.base[i] = Spaces::EMPTY;
        }
        if self.done[..n].iter().any(|d| d.count_ones() >= END_AREAS) {
            self.phase = Phase::Over;
            return;
        }
        self.active = self.active.next(self.seats());
        self.phase = Phase::Rolling;
        self.rolls = 0;
        self.pending = DICE;
        self.dice = DiceSet::EMPTY;
        self.used = DiceSet::EMPTY;
    }

    /// Checks an action without changing anything.
    fn validate(&self, action: &Action) -> Result<(), Error> {
        if self.phase == Phase::Over {
            return Err(Error::GameOver);
        }
        if self.phase == Phase::Rolling {
            let Action::Roll(d) = action else {
                return Err(Error::DiceRolling);
            };
            if d.total() != self.pending as u16 {
                return Err(Error::WrongDiceCount {
                    expected: self.pending,
                    found: d.total(),
                });
            }
            return Ok(());
        }
        match *action {
            Action::Roll(_) => Err(Error::NoRollPending),
            Action::Reroll { seat, dice } => {
                if self.phase != Phase::Deciding {
                    return Err(Error::NotRolling);
                }
                if seat != self.active {
                    return Err(Error::NotYourTurn(seat));
                }
                if dice.total() == 0 {
                    return Err(Error::EmptyReroll);
                }
                if !dice.is_subset(self.dice) {
                    return Err(Error::NotShowing(dice));
                }
                Ok(())
            }
            Action::Stop(seat) => {
                if self.phase != Phase::Deciding {
                    return Err(Error::NotRolling);
                }
                if seat != self.active {
                    return Err(Error::NotYourTurn(seat));
                }
                Ok(())
            }
            Action::Complete { seat, segment } => {
                if self.phase != Phase::Crossing {
                    return Err(Error::NotFirstAction);
                }
                if seat != self.active {
                    return Err(Error::NotYourTurn(seat));
                }
                self.completable(segment as usize).map(|_| ())
            }
            Action::Cross { seat, space } => {
                if self.phase != Phase::Others {
                    return Err(Error::NotSecondAction);
                }
                if !self.to_act.contains(seat) || seat.index() >= MAX_SEATS {
                    return Err(Error::NotYourTurn(seat));
                }
                let i = seat.index();
                let board = self.seat_board(i);
                let s = space as usize;
                let info = board.spaces().get(s).ok_or(Error::NoSuchSpace(space))?;
                if self.crossed[i].contains(s) {
                    return Err(Error::AlreadyCrossed(space));
                }
                if self.left[i] == 0 {
                    return Err(Error::NoDiceLeft);
                }
                let colour = info.colour.ok_or(Error::AlreadyCrossed(space))?;
                if self.pool[i].count(colour) == 0 {
                    return Err(Error::NoDieOfColour(colour));
                }
                let adj = if self.setup.config.chain_within_action {
                    self.reach[i]
                } else {
                    self.base[i]
                };
                if !adj.contains(s) {
                    return Err(Error::NotAdjacent(space));
                }
                Ok(())
            }
            Action::Done(seat) => match self.phase {
                Phase::Deciding => Err(Error::StillRolling),
                Phase::Crossing if seat == self.active => Ok(()),
                Phase::Others if self.to_act.contains(seat) => Ok(()),
                _ => Err(Error::NotYourTurn(seat)),
            },
        }
    }

    /// `Stop` and every re-roll of the active player, copied from a table built once.
    fn push_deciding(&self, seat: Seat, out: &mut Vec<Action>) {
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
fn roll_actions(k: u8) -> &'static [Action] {
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
        let setup = config.build()?;
        let mut s = State {
            setup: Arc::new(setup),
            phase: Phase::Rolling,
            active: config.first_player,
            rolls: 0,
            pending: DICE,
            dice: DiceSet::EMPTY,
            used: DiceSet::EMPTY,
            to_act: SeatSet::EMPTY,
            pool: [DiceSet::EMPTY; MAX_SEATS],
            left: [0; MAX_SEATS],
            start: [Spaces::EMPTY; MAX_SEATS],
            base: [Spaces::EMPTY; MAX_SEATS],
            crossed: [Spaces::EMPTY; MAX_SEATS],
            reach: [Spaces::EMPTY; MAX_SEATS],
            open: [[0; SEGMENTS]; MAX_SEATS],
            done: [0; MAX_SEATS],
            points: [[0; AREAS]; MAX_SEATS],
            scores: [0; MAX_SEATS],
            claimed: 0,
            claimed_now: 0,
        };
        for i in 0..config.seats as usize {
            let board = Arc::clone(&s.setup.boards[i]);
            s.crossed[i] = board.white();
            s.reach[i] = reach_of(&board, &board.white());
            s.open[i] = open_of(&board, &board.white());
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
            Action::Roll(d) => {
                self.dice = self.dice.plus(d);
                self.pending = 0;
                self.rolls += 1;
                if self.rolls >= ROLLS {
                    self.begin_crossing();
                } else {
                    self.phase = Phase::Deciding;
                }
            }
            Action::Reroll { dice, .. } => {
                self.dice = self.dice.minus(dice);
                self.pending = dice.total() as u8;
                self.phase = Phase::Rolling;
            }
            Action::Stop(_) => self.begin_crossing(),
            Action::Complete { segment, .. } => {
                let a = self.active.index();
                let board = &self.setup.boards[a];
                let seg = &board.segments()[segment as usize];
                let open = seg.spaces - self.crossed[a];
                let mut touched = 0u16;
                for s in open.iter() {
                    touched |= board.space_areas(s);
                    self.reach[a] |= board.neighbours(s);
                }
                let k = segment as usize;
                self.used.0[seg.colour.index()] += self.open[a][k];
                self.open[a][k] = 0;
                self.crossed[a] |= open;
                self.score(a, touched);
                if !self.can_complete() {
                    self.begin_action_2();
                }
            }
            Action::Cross { seat, space } => {
                let i = seat.index();
                let s = space as usize;
                let board = &self.setup.boards[i];
                let info = board.spaces()[s];
                let colour = info.colour.unwrap_or(Colour::Grey);
                let touched = board.space_areas(s);
                if let Some(k) = info.segment {
                    self.open[i][k as usize] -= 1;
                }
                self.crossed[i].insert(s);
                self.reach[i] |= board.neighbours(s);
                self.pool[i].0[colour.index()] -= 1;
                self.left[i] -= 1;
                self.score(i, touched);
                if self.crossable(i).is_empty() {
                    self.finish_seat(seat);
                }
            }
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
        self.scores[..self.seats() as usize]
            .iter()
            .map(|&s| s as i32)
            .collect()
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

impl State {
    fn finish_seat(&mut self, seat: Seat) {
        self.to_act.remove(seat);
        if self.to_act.is_empty() {
            self.end_round();
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.seats() as usize;
        match self.phase {
            Phase::Over => writeln!(f, "The Border: game over")?,
            Phase::Rolling => writeln!(
                f,
                "The Border: seat {} is active, rolling {} dice (roll {} of {ROLLS})",
                self.active.0,
                self.pending,
                self.rolls + 1
            )?,
            Phase::Deciding => writeln!(
                f,
                "The Border: seat {} is active, after roll {} of {ROLLS}: {}",
                self.active.0, self.rolls, self.dice
            )?,
            Phase::Crossing => writeln!(
                f,
                "The Border: seat {} completes segments (action 1) with {}; used {}",
                self.active.0, self.dice, self.used
            )?,
            Phase::Others => writeln!(
                f,
                "The Border: action 2 (seat {} active, dice {}, used {}); to act: {}",
                self.active.0, self.dice, self.used, self.to_act
            )?,
        }
        for i in 0..n {
            let board = self.seat_board(i);
            write!(
                f,
                "\nseat {i} (board {}): {} points, areas completed: {}",
                board.name(),
                self.scores[i],
                self.done[i].count_ones()
            )?;
            for (a, area) in board.areas().iter().enumerate() {
                if self.done[i] & (1 << a) != 0 {
                    write!(f, " | {} {}", area.name, self.points[i][a])?;
                }
            }
            if self.phase == Phase::Others && self.to_act.contains(Seat(i as u8)) {
                write!(f, " | may use {} ({} left)", self.pool[i], self.left[i])?;
            }
            writeln!(f)?;
            board.render(&self.crossed[i], f)?;
        }
        if let Some(o) = self.outcome() {
            writeln!(f)?;
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
