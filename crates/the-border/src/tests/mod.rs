//! Rules tests with access to the state's internals.

use crate::board::{Area, Board};
use crate::board::{Spaces, AREAS};
use crate::dice::ROLLS;
use crate::state::{open_of, reach_of, Phase, State, END_AREAS};
use crate::{Action, BoardSource, Error};
use crate::{Config, DiceSet};
use dicecore::faces::Colour::{self, *};
use dicecore::{Agent, Dice, Game, Match, Probability, RandomAgent, Turn};
use dicecore::{Seat, SeatSet};
use std::sync::Arc;

mod action_one;
mod action_two;
mod derived;
mod illegal;
mod load;
mod rolls;
mod scoring;
mod view;

fn new(seats: u8) -> State {
    State::new(&Config::new(seats)).unwrap()
}

fn ds(cs: &[Colour]) -> DiceSet {
    DiceSet::from_colours(cs)
}

/// Puts the round at action 1: `dice` showing after the third roll, nothing used yet.
fn at_crossing(s: &mut State, active: u8, dice: DiceSet) {
    s.active = Seat(active);
    s.phase = Phase::Crossing;
    s.rolls = ROLLS;
    s.pending = 0;
    s.dice = dice;
    s.used = DiceSet::EMPTY;
    s.to_act = SeatSet::EMPTY;
}

/// Gives seat `i` exactly the crossed spaces `set` (plus the white ones).
fn set_crossed(s: &mut State, i: usize, set: Spaces) {
    let board = Arc::clone(&s.setup.boards[i]);
    s.crossed[i] = set | board.white();
    s.derive(i);
}

/// Records that seat `i` completed area `a` earlier for `points`.
fn record(s: &mut State, i: usize, a: usize, points: u8) {
    let border = s.setup.boards[i].areas()[a].border;
    let crossed = s.crossed[i] | border;
    set_crossed(s, i, crossed);
    s.points[i][a] = points;
    s.scores[i] = s.points[i].iter().map(|&p| p as u16).sum();
}

fn area(s: &State, name: &str) -> (usize, Area) {
    let areas = s.board(Seat(0)).areas();
    let i = areas.iter().position(|a| a.name == name).unwrap();
    (i, areas[i].clone())
}

fn segment_index(s: &State, seat: u8, colour: Colour, len: usize) -> usize {
    s.board(Seat(seat))
        .segments()
        .iter()
        .position(|g| g.colour == colour && g.spaces.count() == len)
        .unwrap()
}

/// Seat `seat` crosses `space` (action 2).
fn cross(seat: u8, space: u8) -> Action {
    Action::Cross {
        seat: Seat(seat),
        space,
    }
}

fn apply(s: &mut State, a: Action) {
    if let Err(e) = s.apply_in_place(&a) {
        panic!("{a} refused: {e}\n{s}");
    }
}

fn refused(s: &State, a: Action, e: Error) {
    let mut copy = s.clone();
    assert_eq!(copy.apply_in_place(&a), Err(e.clone()), "{a}");
    assert_eq!(copy, *s, "a refused action changed the state");
    assert_eq!(s.apply(&a), Err(e));
}
