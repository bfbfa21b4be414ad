//! Hidden information: what one seat may know of a state (everything but the other players'
//! terrain cards), and determinisation (the hidden cards resampled consistently with a view).

use crate::board::{neighbours, Board, Cell, Cells, Terrain, Tile};
use crate::config::Config;
use crate::scoring::{breakdown_of, Breakdown};
use crate::state::{Phase, State, MAX_SEATS};
use dicecore::{Dice, Game, Seat};
use serde::Serialize;
use std::sync::Arc;

/// What one seat may know of a state: everything except the other players' hidden terrain
/// cards (the draw pile and the hidden hands are shown together as `unseen`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct View {
    /// The seat whose view this is.
    pub seat: Seat,
    /// The setup.
    pub config: Config,
    /// Settlements of each seat.
    pub settlements: Vec<Cells>,
    /// Settlements left in each supply.
    pub supply: Vec<u8>,
    /// Every location hex (in board order), with its kind and the tiles left on it.
    pub locations: Vec<(Cell, Tile, u8)>,
    /// Per seat, the location hexes it ever took a tile from (held or lost since), with their
    /// kinds: a location gives a player one tile ever.
    pub taken: Vec<Vec<(Cell, Tile)>>,
    /// Per seat, the tiles it holds, each with the location hex it was taken from.
    pub held: Vec<Vec<(Cell, Tile)>>,
    /// This seat's own terrain card.
    pub hand: Option<Terrain>,
    /// The active player's card once revealed (during its turn).
    pub revealed: Option<Terrain>,
    /// Which seats hold a card this seat cannot see.
    pub hidden_hands: Vec<bool>,
    /// Per seat, how many times the discards became a new pile since its hand was drawn
    /// (0 = drawn from the current pile).
    pub hand_age: Vec<u8>,
    /// Cards of each terrain this seat cannot see among the current draw pile and the hidden
    /// hands drawn from it (`hand_age` 0), together.
    pub unseen: [u8; 5],
    /// Hidden hands drawn from an earlier pile: per age (ascending), the cards of those hands
    /// together. That pile ran out, so their cards are known, only not who holds which.
    pub earlier_hands: Vec<(u8, [u8; 5])>,
    /// Cards in the draw pile.
    pub pile_size: u8,
    /// The discard pile.
    pub discards: [u8; 5],
    /// The active seat.
    pub active: Seat,
    /// Where the game stands (serialized as `step`).
    #[serde(rename = "step")]
    pub phase: Phase,
    /// Mandatory placements still due this turn.
    pub mandatory_left: u8,
    /// Unused tile uses of the active seat this turn, per tile kind.
    pub uses_left: [u8; 8],
    /// A settlement being moved (tile, hex it left).
    pub lifted: Option<(Tile, Cell)>,
    /// Whether the last round is being played.
    pub final_round: bool,
    /// Current scores.
    pub scores: Vec<i32>,
    /// The assembled board of `config`, the state's own (not serialized: it follows from
    /// `config`), so that reading the view never assembles or looks up a board.
    #[serde(skip)]
    pub(crate) board: Arc<Board>,
}

impl View {
    /// `seat`'s view of `state`.
    pub(crate) fn of(state: &State, seat: Seat) -> View {
        let n = state.config.seats as usize;
        let mut unseen = state.pile;
        let mut earlier_hands: Vec<(u8, [u8; 5])> = Vec::new();
        let mut hidden_hands = vec![false; n];
        for (s, h) in hidden_hands.iter_mut().enumerate() {
            if state.hidden_from(seat, s) {
                *h = true;
                if let Some(t) = state.hands[s] {
                    let age = state.hand_age[s];
                    if age == 0 {
                        unseen[t as usize] += 1;
                    } else {
                        let k = match earlier_hands.binary_search_by_key(&age, |g| g.0) {
                            Ok(k) => k,
                            Err(k) => {
                                earlier_hands.insert(k, (age, [0; 5]));
                                k
                            }
                        };
                        earlier_hands[k].1[t as usize] += 1;
                    }
                }
            }
        }
        View {
            seat,
            config: state.config,
            settlements: state.settlements[..n].to_vec(),
            supply: state.supply[..n].to_vec(),
            locations: state.locations(),
            taken: (0..n).map(|s| state.locations_in(state.taken[s])).collect(),
            held: (0..n).map(|s| state.locations_in(state.held[s])).collect(),
            hand: state.hand(seat),
            revealed: state.played_card(),
            hidden_hands,
            hand_age: state.hand_age[..n].to_vec(),
            unseen,
            earlier_hands,
            pile_size: state.pile.iter().sum(),
            discards: state.discards,
            active: state.active,
            phase: state.phase,
            mandatory_left: state.mandatory_left,
            uses_left: state.uses_left,
            lifted: state.lifted,
            final_round: state.final_round,
            scores: state.scores(),
            board: state.board.clone(),
        }
    }
}

impl View {
    /// A seat's gold, card by card (from the settlements, which everyone sees).
    ///
    /// ```
    /// use dicecore::{Game, Seat};
    /// use kingdom_builder::{Config, State};
    /// let s = State::new(&Config::first_game(2)).unwrap();
    /// assert_eq!(s.view(Seat(0)).breakdown(Seat(1)), s.breakdown(Seat(1)));
    /// ```
    pub fn breakdown(&self, seat: Seat) -> Breakdown {
        let near = self
            .settlements
            .get(seat.index())
            .map(neighbours)
            .unwrap_or_default();
        breakdown_of(
            &self.board,
            &self.config,
            &self.settlements,
            seat.index(),
            &near,
        )
    }
}

impl State {
    /// Whether seat `s` holds a card `viewer` cannot see (the active player's card is public
    /// while it plays).
    pub(crate) fn hidden_from(&self, viewer: Seat, s: usize) -> bool {
        s != viewer.index()
            && self.hands[s].is_some()
            && !(self.phase == Phase::Play && s == self.active.index())
    }

    /// [`Game::determinize`]: the other players' hidden cards resampled from what `seat` has
    /// not seen.
    pub(crate) fn determinized(&self, seat: Seat, dice: &mut Dice) -> State {
        let mut out = self.clone();
        let n = self.config.seats as usize;
        let mut pool = self.pile;
        let mut who = [false; MAX_SEATS];
        for (s, w) in who.iter_mut().enumerate().take(n) {
            if self.hidden_from(seat, s) {
                if let Some(t) = self.hands[s] {
                    if self.hand_age[s] == 0 {
                        pool[t as usize] += 1;
                        *w = true;
                    }
                }
            }
        }
        // Earlier hands: shuffle the cards within each age group.
        let mut done = [false; MAX_SEATS];
        for first in 0..n {
            let age = self.hand_age[first];
            if age == 0 || done[first] || !self.hidden_from(seat, first) {
                continue;
            }
            let mut seats = [0usize; MAX_SEATS];
            let mut cards = [None; MAX_SEATS];
            let mut k = 0;
            for (s, d) in done.iter_mut().enumerate().take(n).skip(first) {
                if self.hand_age[s] == age && self.hidden_from(seat, s) {
                    *d = true;
                    seats[k] = s;
                    cards[k] = self.hands[s];
                    k += 1;
                }
            }
            dice.shuffle(&mut cards[..k]);
            for (s, c) in seats[..k].iter().zip(&cards[..k]) {
                out.hands[*s] = *c;
            }
        }
        for (s, w) in who.iter().enumerate() {
            if *w {
                let weights = pool.map(u32::from);
                if let Some(i) = dice.pick_weighted(&weights) {
                    pool[i] -= 1;
                    out.hands[s] = Some(Terrain::ALL[i]);
                }
            }
        }
        out.pile = pool;
        out
    }
}
