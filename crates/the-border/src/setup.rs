//! Positions set up by hand ([`dicecore::FromSetup`]): each player's crossed spaces by their
//! printed position, the areas they completed, the roll, whose turn and which action.

use crate::board::{Board, Spaces, AREAS};
use crate::load::colours_of;
use crate::state::{Phase, State};
use crate::{DiceSet, Error, PositionError, SetupError, DICE};
use dicecore::faces::Colour;
use dicecore::{FromSetup, Game, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A position of The Border in the game's own terms. Whether an area is taken (worth its
/// later value) follows from who completed it, and the dice each player may still use in
/// action 2 follow from the roll and the spaces they crossed in it.
///
/// ```
/// use the_border::{Config, Phase, PlayerSetup, Setup, State};
/// use dicecore::{faces::Colour::*, FromSetup, Game, Seat, Turn};
/// // Seat 1 has rolled three times: grey, grey, grey, blue, yellow (the rulebook's example).
/// let setup = Setup {
///     active: Seat(1),
///     phase: Phase::Crossing,
///     rerolls: 2,
///     showing: vec![Grey, Grey, Grey, Blue, Yellow],
///     rolling: 0,
///     used: vec![],
///     players: vec![PlayerSetup::default(), PlayerSetup::default()],
/// };
/// let state = State::from_setup(&Config::new(2), &setup).unwrap();
/// assert_eq!(state.turn(), Turn::Seat(Seat(1)));
/// assert_eq!(state.to_setup(), setup);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The active player (who rolls and then completes segments in action 1).
    pub active: Seat,
    /// Where in the round: `Rolling` (dice in the air: the next input is what they show),
    /// `Deciding` (the active player re-rolls some dice or stops), `Crossing` (action 1: the
    /// active player completes segments), `Others` (action 2: the others cross spaces) or
    /// `Over`.
    pub phase: Phase,
    /// Re-rolls the active player has made this round, a re-roll in the air included (0 to 2;
    /// after the third roll it is 2).
    pub rerolls: u8,
    /// The colours of the dice showing (lying on the table), in any order: all five once the
    /// rolling is over.
    pub showing: Vec<Colour>,
    /// How many dice are in the air (only while `Rolling`; with the dice showing they make five).
    pub rolling: u8,
    /// The colours of the dice the active player has used in action 1, in any order.
    pub used: Vec<Colour>,
    /// One entry per seat, in seat order.
    pub players: Vec<PlayerSetup>,
}

/// One player's board in a [`Setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// Every crossed coloured space, as `(row, col)` of the board map (see [`Board::position`](crate::Board::position)), in
    /// any order. The two white spaces are crossed from the start and need not be listed.
    pub crossed: Vec<(u16, u16)>,
    /// Of those, the spaces crossed in the action 2 under way (only in `Others`).
    pub crossed_this_action: Vec<(u16, u16)>,
    /// Whether the player is still crossing spaces in the action 2 under way (only in
    /// `Others`; `false` once they are done or had nothing to cross).
    pub to_act: bool,
    /// The areas the player has completed, each with whether they were first.
    pub areas: Vec<CompletedArea>,
}

/// An area a player has completed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompletedArea {
    /// The area's name (as on the board: `well`, `villa`, ...).
    pub area: String,
    /// Whether the player was among the first to complete it (and scored its first, higher
    /// value) or completed it later (its later value).
    pub first: bool,
}

/// The spaces at the positions listed, or the first position with no space.
fn spaces_at(board: &Board, seat: Seat, cells: &[(u16, u16)]) -> Result<Spaces, SetupError> {
    let mut set = Spaces::EMPTY;
    for &(row, col) in cells {
        let space = board.space_at(row as usize, col as usize);
        set.insert(space.ok_or(SetupError::NoSpaceAt { seat, row, col })?);
    }
    Ok(set)
}

/// The positions of a set of spaces, in reading order.
fn positions(board: &Board, spaces: Spaces) -> Vec<(u16, u16)> {
    spaces.iter().filter_map(|s| board.position(s)).collect()
}

impl FromSetup for State {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        let in_action_2 = self.phase == Phase::Others;
        let players = (0..self.n())
            .map(|i| {
                let board = self.seat_board(i);
                let crossed = self.crossed[i];
                let now = if in_action_2 {
                    crossed - self.start[i]
                } else {
                    Spaces::EMPTY
                };
                let done = self.done[i];
                let areas = board
                    .areas()
                    .iter()
                    .enumerate()
                    .filter(|&(a, _)| done & (1 << a) != 0)
                    .map(|(a, area)| CompletedArea {
                        area: area.name.clone(),
                        first: self.points[i][a] == area.high,
                    })
                    .collect();
                PlayerSetup {
                    crossed: positions(board, crossed - board.white()),
                    crossed_this_action: positions(board, now),
                    to_act: self.to_act.contains(Seat(i as u8)),
                    areas,
                }
            })
            .collect();
        Setup {
            active: self.active,
            phase: self.phase,
            rerolls: match self.phase {
                Phase::Rolling => self.rolls,
                _ => self.rolls.saturating_sub(1),
            },
            showing: self.dice.colours().collect(),
            rolling: self.pending,
            used: self.used.colours().collect(),
            players,
        }
    }

    fn from_setup(config: &crate::Config, setup: &Setup) -> Result<State, Error> {
        let mut s = State::new(config)?;
        let n = s.n();
        if setup.players.len() != n {
            return Err(SetupError::SeatEntries {
                seats: n as u8,
                found: setup.players.len(),
            }
            .into());
        }
        s.active = setup.active;
        s.phase = setup.phase;
        s.rolls = match setup.phase {
            Phase::Rolling => setup.rerolls,
            _ => setup.rerolls.saturating_add(1),
        };
        s.dice = DiceSet::from_colours(&setup.showing);
        s.pending = setup.rolling;
        s.used = DiceSet::from_colours(&setup.used);
        let in_action_2 = setup.phase == Phase::Others;
        let (pool, left) = s.action_2_dice();
        let mut taken_before = 0u16;
        let mut completed = 0u16;
        for (i, player) in setup.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let board = Arc::clone(&s.setup.boards[i]);
            let crossed = spaces_at(&board, seat, &player.crossed)? | board.white();
            let now = spaces_at(&board, seat, &player.crossed_this_action)?;
            // The loader's rule (a position, not a reading, that could not arise in play):
            // nothing of action 2 outside action 2.
            if !in_action_2 && (!now.is_empty() || player.to_act) {
                return Err(PositionError::Action2Outside.into());
            }
            if let Some(space) = (now - crossed).first() {
                let (row, col) = board.position(space).unwrap_or_default();
                return Err(SetupError::CrossedThisActionNotCrossed { seat, row, col }.into());
            }
            s.crossed[i] = crossed;
            let start = crossed - now;
            // Whether each area is listed, and as first.
            let mut listed = [None; AREAS];
            for l in &player.areas {
                let a = board
                    .area_named(&l.area)
                    .ok_or_else(|| SetupError::NoAreaNamed(l.area.clone()))?;
                let area = &board.areas()[a];
                if listed[a].is_some() {
                    let area = area.name.clone();
                    return Err(SetupError::AreaListedTwice { seat, area }.into());
                }
                if !area.border.is_subset(&crossed) {
                    let area = area.name.clone();
                    return Err(SetupError::AreaNotCompleted { seat, area }.into());
                }
                listed[a] = Some(l.first);
            }
            let mut points = [0u8; AREAS];
            for (a, area) in board.areas().iter().enumerate() {
                if !area.border.is_subset(&crossed) {
                    continue;
                }
                let Some(first) = listed[a] else {
                    let area = area.name.clone();
                    return Err(SetupError::AreaNotListed { seat, area }.into());
                };
                points[a] = if first { area.high } else { area.low };
                completed |= 1 << a;
                if area.border.is_subset(&start) {
                    taken_before |= 1 << a;
                }
            }
            s.points[i] = points;
            if in_action_2 {
                s.start[i] = start;
                if seat != setup.active {
                    let spent = colours_of(&board, now);
                    s.pool[i] = pool.minus(spent);
                    s.left[i] = left.saturating_sub(now.count().min(DICE as usize) as u8);
                }
                if player.to_act {
                    s.to_act.insert(seat);
                }
            }
        }
        if in_action_2 {
            s.claimed = taken_before;
            s.claimed_now = completed & !taken_before;
        } else {
            s.claimed = completed;
        }
        s.checked()
    }
}
