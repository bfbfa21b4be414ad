//! The running score kept up to date: per seat, its score and what the score depends on (its
//! provinces, patricians, Senate cards, Fortuna tiles and chips), made at the first
//! `running_scores`; each change of a seat's holdings marks the kept scores stale, and after
//! the action a seat whose holdings changed is scored again: with its kept best housing when
//! only its Fortuna tiles or chips changed, else with the best housing of its patricians
//! solved or found among those solved recently. Reading a running score is then a
//! copy per seat, where scoring looks up, or solves, every seat's housing; a state that is
//! never asked pays one test per action.

use super::State;
use crate::components::CARD_KINDS;
use crate::config::MAX_SEATS;
use crate::scoring::{self, Housing, Tables};

/// What the seats' scores depend on: every seat's provinces, patricians, Senate cards,
/// Fortuna tiles and chips, as the state keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Holdings {
    provinces: [u32; MAX_SEATS],
    patricians: [u64; MAX_SEATS],
    cards: [[u8; CARD_KINDS]; MAX_SEATS],
    fortuna: [[u8; 3]; MAX_SEATS],
    chips: [u8; MAX_SEATS],
}

impl Holdings {
    /// Every seat's holdings in `state`.
    fn of(state: &State) -> Holdings {
        Holdings {
            provinces: state.provinces,
            patricians: state.patricians,
            cards: state.senate_hands,
            fortuna: state.fortuna_kept,
            chips: state.chips,
        }
    }

    /// Whether these are still seat `p`'s holdings in `state`.
    fn still_for(&self, state: &State, p: usize) -> bool {
        self.housed_alike(state, p)
            && self.fortuna[p] == state.fortuna_kept[p]
            && self.chips[p] == state.chips[p]
    }

    /// Whether seat `p`'s provinces, patricians and senate cards, all that its best housing
    /// depends on, are still these in `state`.
    fn housed_alike(&self, state: &State, p: usize) -> bool {
        self.provinces[p] == state.provinces[p]
            && self.patricians[p] == state.patricians[p]
            && self.cards[p] == state.senate_hands[p]
    }
}

/// Every seat's score, and the holdings it was scored from.
#[derive(Clone, Debug)]
pub(crate) struct Scores {
    holdings: Holdings,
    /// Per seat, its score (0 past the players).
    pub(crate) scores: [i32; MAX_SEATS],
    /// Per seat, the best housing of its patricians (none past the players).
    housings: [Housing; MAX_SEATS],
    /// Per seat, the colour tables of its last solve: a new solve fills again only those
    /// of the colours whose holdings changed.
    tables: [Tables; MAX_SEATS],
    /// Whether a seat's holdings may have changed since they were scored
    /// ([`State::holdings_changed`]).
    stale: bool,
}

/// Every seat's holdings and score in `state`.
pub(crate) fn scores(state: &State) -> Box<Scores> {
    let mut kept = Box::new(Scores {
        holdings: Holdings::of(state),
        scores: [0; MAX_SEATS],
        housings: [Housing::default(); MAX_SEATS],
        tables: std::array::from_fn(|_| Tables::default()),
        stale: false,
    });
    for p in 0..state.seats_n() {
        let holdings = state.holdings(p);
        kept.housings[p] = scoring::housing_with(&holdings, &mut kept.tables[p]);
        kept.scores[p] = scoring::score_housed(&holdings, kept.housings[p]).total;
    }
    kept
}

/// The scores of the seats whose holdings changed in `state`, scored again: with the kept
/// housing when only Fortuna tiles or chips changed.
pub(crate) fn settle(kept: &mut Scores, state: &State) {
    if !kept.stale {
        // Every change of holdings marks the scores stale: none happened.
        debug_assert_eq!(
            kept.holdings,
            Holdings::of(state),
            "holdings changed unmarked"
        );
        return;
    }
    for p in 0..state.seats_n() {
        if kept.holdings.still_for(state, p) {
            continue;
        }
        let holdings = state.holdings(p);
        if !kept.holdings.housed_alike(state, p) {
            kept.housings[p] = scoring::housing_with(&holdings, &mut kept.tables[p]);
        }
        kept.scores[p] = scoring::score_housed(&holdings, kept.housings[p]).total;
    }
    kept.holdings = Holdings::of(state);
    kept.stale = false;
}

impl State {
    /// Notes that a seat's provinces, patricians, Senate cards, Fortuna tiles or chips
    /// changed: every place that changes them calls it, so that the kept scores (if any) are
    /// scored again after the action.
    pub(crate) fn holdings_changed(&mut self) {
        if let Some(scores) = self.kept.get_mut() {
            scores.stale = true;
        }
    }
}
