//! The game state: each player's board and crossed spaces, the dice, whose turn it is and the
//! areas taken, and what is derived from them. The round's rules are the modules beside it, in
//! rulebook order: `rolls`, `action_one`, `action_two` and `scoring`; `game` holds the
//! [`dicecore::Game`] contract that dispatches to them, `load` the checks of saved states and
//! `setup` positions set up by hand.

use crate::board::{Board, Spaces, AREAS, SEGMENTS};
use crate::config::Loaded;
use crate::{Config, DiceSet, Error};
use dicecore::{Seat, SeatSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

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

/// One entry per seat at the table, kept in a fixed array so that states clone without
/// allocating; saved as a list of one entry per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PerSeat<T> {
    /// Entries saved (the number of seats once loaded).
    pub(crate) len: u8,
    pub(crate) items: [T; MAX_SEATS],
}

impl<T: Copy + Default> PerSeat<T> {
    /// `seats` entries of `T::default()`.
    pub(crate) fn new(seats: u8) -> PerSeat<T> {
        PerSeat {
            len: seats.min(MAX_SEATS as u8),
            items: [T::default(); MAX_SEATS],
        }
    }
}

impl<T> PerSeat<T> {
    /// How many entries were saved (not the array's length, which `Deref` would give).
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
}

impl<T> Deref for PerSeat<T> {
    type Target = [T; MAX_SEATS];
    fn deref(&self) -> &[T; MAX_SEATS] {
        &self.items
    }
}

impl<T> DerefMut for PerSeat<T> {
    fn deref_mut(&mut self) -> &mut [T; MAX_SEATS] {
        &mut self.items
    }
}

impl<T: Serialize> Serialize for PerSeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.items[..self.len()])
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default> Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<T>::deserialize(d)?;
        if list.len() > MAX_SEATS {
            return Err(serde::de::Error::custom(format!(
                "{} entries for a table of at most {MAX_SEATS} players",
                list.len()
            )));
        }
        let mut out = PerSeat::new(list.len() as u8);
        out.items[..list.len()].copy_from_slice(&list);
        Ok(out)
    }
}

/// A state of The Border. Cheap to clone: the config and boards are shared.
///
/// Saved states are checked on loading (the module `load`): only positions that could arise in play
/// are accepted.
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
#[serde(remote = "Self")]
pub struct State {
    /// The config and its boards, saved as the config (the boards are loaded again).
    #[serde(
        rename = "config",
        serialize_with = "Loaded::save",
        deserialize_with = "Loaded::read"
    )]
    pub(crate) setup: Arc<Loaded>,
    pub(crate) phase: Phase,
    pub(crate) active: Seat,
    /// Rolls made this round.
    pub(crate) rolls: u8,
    /// Dice rolling (in [`Phase::Rolling`]).
    pub(crate) pending: u8,
    /// Dice showing.
    pub(crate) dice: DiceSet,
    /// Dice used in action 1.
    pub(crate) used: DiceSet,
    /// Seats still to act in action 2.
    pub(crate) to_act: SeatSet,
    /// The dice each seat may use in action 2.
    pub(crate) pool: PerSeat<DiceSet>,
    /// How many of them each seat may still use.
    pub(crate) left: PerSeat<u8>,
    /// Each seat's crossed spaces when action 2 began.
    pub(crate) start: PerSeat<Spaces>,
    /// The spaces next to `start` (derived).
    #[serde(skip)]
    pub(crate) base: [Spaces; MAX_SEATS],
    /// Each seat's crossed spaces.
    pub(crate) crossed: PerSeat<Spaces>,
    /// The spaces next to `crossed` (derived).
    #[serde(skip)]
    pub(crate) reach: [Spaces; MAX_SEATS],
    /// The spaces each seat may cross now in action 2 (derived; empty outside action 2).
    #[serde(skip)]
    pub(crate) can_cross: [Spaces; MAX_SEATS],
    /// Open (uncrossed) spaces per segment of each seat's board (derived from `crossed`).
    #[serde(skip)]
    pub(crate) open: [[u8; SEGMENTS]; MAX_SEATS],
    /// The same by colour (derived): bit `4 · v + j` of entry `colour` is set when the `j`-th
    /// segment of that colour ([`Board::colour_segment_ids`]) has `v` open spaces.
    #[serde(skip)]
    pub(crate) open_by_colour: [[u32; 6]; MAX_SEATS],
    /// Each seat's completed areas (derived from `crossed`).
    #[serde(skip)]
    pub(crate) done: [u16; MAX_SEATS],
    /// Points each seat scored per area.
    pub(crate) points: PerSeat<[u8; AREAS]>,
    /// Each seat's total (derived from `points`).
    #[serde(skip)]
    pub(crate) scores: [u16; MAX_SEATS],
    /// Areas taken in earlier actions.
    pub(crate) claimed: u16,
    /// Areas first completed in the action 2 under way.
    pub(crate) claimed_now: u16,
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

/// Every space next to a space of `set`.
pub(crate) fn reach_of(board: &Board, set: &Spaces) -> Spaces {
    let mut r = Spaces::EMPTY;
    for i in set.iter() {
        r |= board.neighbours(i);
    }
    r
}

/// The open spaces of every segment, given the crossed spaces.
#[cfg(test)]
pub(crate) fn open_of(board: &Board, crossed: &Spaces) -> [u8; SEGMENTS] {
    let mut open = [0; SEGMENTS];
    for (o, seg) in open.iter_mut().zip(board.segments()) {
        *o = (seg.spaces - *crossed).count() as u8;
    }
    open
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
            (Some(&p), Some(&l)) if seat.0 < self.setup.config.seats => (p, l),
            _ => (DiceSet::EMPTY, 0),
        }
    }

    /// A seat's crossed spaces, the two white spaces included (every sheet starts with them
    /// crossed, [`Board::white`](crate::board::Board::white)); empty for a seat not at the
    /// table.
    ///
    /// ```
    /// use the_border::{Game, Seat, State};
    /// let state = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
    /// assert_eq!(state.crossed(Seat(0)), state.board(Seat(0)).white());
    /// assert!(state.crossed(Seat(5)).is_empty());
    /// ```
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

    /// Players at the table.
    pub(crate) fn n(&self) -> usize {
        self.setup.config.seats as usize
    }

    pub(crate) fn seat_board(&self, i: usize) -> &Board {
        &self.setup.boards[i]
    }

    /// The opening position of a config ([`dicecore::Game::new`]): its boards loaded, every
    /// seat's two white spaces crossed, the first player to roll.
    pub(crate) fn opening(config: &Config) -> Result<State, Error> {
        let mut s = State::blank(Arc::new(config.build()?));
        for i in 0..s.n() {
            s.crossed[i] = s.setup.boards[i].white();
            s.derive(i);
        }
        Ok(s)
    }

    /// The state before the first roll, with no space crossed (not even the white ones).
    pub(crate) fn blank(setup: Arc<Loaded>) -> State {
        let seats = setup.config.seats;
        State {
            phase: Phase::Rolling,
            active: setup.config.first_player,
            rolls: 0,
            pending: crate::DICE,
            dice: DiceSet::EMPTY,
            used: DiceSet::EMPTY,
            to_act: SeatSet::EMPTY,
            pool: PerSeat::new(seats),
            left: PerSeat::new(seats),
            start: PerSeat::new(seats),
            base: [Spaces::EMPTY; MAX_SEATS],
            crossed: PerSeat::new(seats),
            reach: [Spaces::EMPTY; MAX_SEATS],
            can_cross: [Spaces::EMPTY; MAX_SEATS],
            open: [[0; SEGMENTS]; MAX_SEATS],
            open_by_colour: [[0; 6]; MAX_SEATS],
            done: [0; MAX_SEATS],
            points: PerSeat::new(seats),
            scores: [0; MAX_SEATS],
            claimed: 0,
            claimed_now: 0,
            setup,
        }
    }

    /// Recomputes the fields derived from the crossed spaces and points of seat `i`: the spaces
    /// in reach, the open spaces per segment, the completed areas, the score and the spaces
    /// they may cross in action 2.
    pub(crate) fn derive(&mut self, i: usize) {
        let board = Arc::clone(&self.setup.boards[i]);
        let crossed = self.crossed[i];
        self.reach[i] = reach_of(&board, &crossed);
        // The open spaces per segment: its length less its crossed spaces.
        self.open[i] = self.setup.lookup[i].length;
        for s in crossed.iter() {
            if let Some(k) = board.spaces().get(s).and_then(|info| info.segment) {
                self.open[i][k as usize] -= 1;
            }
        }
        let mut by_colour = [0u32; 6];
        for (&v, &slot) in self.open[i].iter().zip(&self.setup.lookup[i].slot) {
            by_colour[slot as usize / 4] |= 1 << (4 * v + slot % 4);
        }
        self.open_by_colour[i] = by_colour;
        self.base[i] = reach_of(&board, &self.start[i]);
        self.done[i] = board
            .areas()
            .iter()
            .enumerate()
            .filter(|(_, a)| a.border.is_subset(&crossed))
            .fold(0, |m, (a, _)| m | 1 << a);
        self.scores[i] = self.points[i].iter().map(|&p| p as u16).sum();
        self.can_cross[i] = self.fresh_crossable(i);
    }
}
