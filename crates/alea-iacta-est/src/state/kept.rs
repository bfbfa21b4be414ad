//! The running score kept up to date: per seat, its score and what the score depends on (its
//! provinces, patricians, Senate cards, Fortuna tiles and chips), made at the first
//! `running_scores`; after each action, a seat whose holdings changed is scored again (the best
//! housing of its patricians solved or found among those solved recently). Reading a running
//! score is then a copy per seat, where scoring looks up, or solves, every seat's housing; a
//! state that is never asked pays one test per action.

use super::State;
use crate::components::CARD_KINDS;
use crate::config::MAX_SEATS;
use dicecore::Seat;

/// What a seat's score depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Holdings {
    provinces: u32,
    patricians: u64,
    cards: [u8; CARD_KINDS],
    fortuna: [u8; 3],
    chips: u8,
}

impl Holdings {
    /// Seat `p`'s holdings in `state`.
    fn of(state: &State, p: usize) -> Holdings {
        Holdings {
            provinces: state.provinces[p],
            patricians: state.patricians[p],
            cards: state.senate_hands[p],
            fortuna: state.fortuna_kept[p],
            chips: state.chips[p],
        }
    }

    /// Whether these are still seat `p`'s holdings in `state`: compared where they lie,
    /// without copying them out first (every action compares every seat's holdings).
    fn still(&self, state: &State, p: usize) -> bool {
        self.provinces == state.provinces[p]
            && self.patricians == state.patricians[p]
            && self.cards == state.senate_hands[p]
            && self.fortuna == state.fortuna_kept[p]
            && self.chips == state.chips[p]
    }
}

/// Per seat, its holdings and the score they give.
pub(crate) type Scores = [(Holdings, i32); MAX_SEATS];

/// Seat `p`'s holdings and score in `state`.
fn scored(state: &State, p: usize) -> (Holdings, i32) {
    (Holdings::of(state, p), state.breakdown(Seat(p as u8)).total)
}

/// Every seat's holdings and score in `state`.
pub(crate) fn scores(state: &State) -> Box<Scores> {
    Box::new(std::array::from_fn(|p| scored(state, p)))
}

/// The scores of the seats whose holdings changed in `state`, scored again.
pub(crate) fn settle(scores: &mut Scores, state: &State) {
    for (p, seat) in scores.iter_mut().enumerate() {
        if !seat.0.still(state, p) {
            *seat = scored(state, p);
        }
    }
}
