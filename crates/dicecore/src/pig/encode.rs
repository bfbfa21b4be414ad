//! Pig's action ids and observation tensors ([`Encode`]).

use super::action::PigAction;
use super::config::PigConfig;
use super::load::MAX_TURN_TOTAL;
use super::state::Pig;
use super::view::PigView;
use crate::{Encode, Seat};

/// Pig's ids: the six faces of the die are the chance outcomes 0–5 (face − 1), then roll is 6
/// and hold is 7. The observation of a seat has `2 · seats + 1` entries, seats counted from the
/// observer (the observer first, then clockwise): the banked scores as fractions of the target,
/// a one-hot of the seat to move (all zero once the game is over), then the points at risk as a
/// fraction of the target.
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
        vec![layout(config.seats as usize).len]
    }

    /// Scores and the turn total as fractions of the target: a turn total is at most 60,000
    /// (what the loader accepts), so a score at most `target - 1 + 60,000`.
    fn observation_bounds(config: &PigConfig) -> (Vec<f32>, Vec<f32>) {
        let at = layout(config.seats as usize);
        let target = config.target.max(1) as f32;
        let (low, mut high) = crate::encode::unit_bounds(at.len);
        high[at.scores..at.to_move].fill((target - 1.0 + MAX_TURN_TOTAL as f32) / target);
        high[at.turn_total] = MAX_TURN_TOTAL as f32 / target;
        (low, high)
    }

    fn encode_view(config: &PigConfig, seat: Seat, view: &PigView, out: &mut [f32]) {
        out.fill(0.0);
        let n = config.seats as usize;
        let at = layout(n);
        let target = config.target.max(1) as f32;
        for k in 0..n.min(out.len()) {
            let s = (seat.index() + k) % n;
            out[at.scores + k] = view.scores.get(s).copied().unwrap_or(0) as f32 / target;
            if view.to_move == Some(Seat(s as u8)) {
                out[at.to_move + k] = 1.0;
            }
        }
        out[at.turn_total] = view.turn_total as f32 / target;
    }
}

/// Where each part of the observation starts, for `seats` players, and its length.
struct Layout {
    scores: usize,
    to_move: usize,
    turn_total: usize,
    len: usize,
}

/// The observation's layout for `seats` players.
const fn layout(seats: usize) -> Layout {
    let scores = 0;
    let to_move = scores + seats;
    let turn_total = to_move + seats;
    Layout {
        scores,
        to_move,
        turn_total,
        len: turn_total + 1,
    }
}
