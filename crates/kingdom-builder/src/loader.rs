//! Validated loading: a saved state (or a position set up by hand) is accepted only if it
//! could arise in play.

use crate::board::{Board, Cells, Terrain, MAX_LOCATIONS, NEIGHBOURS};
use crate::state::{bits, State, Step, CARDS_PER_TERRAIN, MANDATORY, MAX_SEATS, SETTLEMENTS};
use crate::Error;
use dicecore::Game;
use std::sync::Arc;

dicecore::validated_serde!(State, State::checked);

impl State {
    /// The loader: checks a freshly read state rule by rule and puts in the config's board.
    pub(crate) fn checked(mut self) -> Result<State, Error> {
        use Error::Corrupted as C;
        self.config.validate()?;
        let board = Arc::new(Board::new(&self.config.board));
        let n = self.config.seats as usize;
        if self.active.index() >= n {
            return Err(C("the active player is not at the table"));
        }
        let mut union = Cells::EMPTY;
        let settleable = board.buildable.or(&board.water);
        for s in 0..MAX_SEATS {
            let own = self.settlements[s];
            if s >= n {
                if !own.is_empty()
                    || self.supply[s] != 0
                    || self.taken[s] != 0
                    || self.held[s] != 0
                    || self.hands[s].is_some()
                {
                    return Err(C("an empty seat holds pieces or cards"));
                }
                continue;
            }
            if !own.is_subset(&settleable) {
                return Err(C("a settlement stands on a hex that cannot hold one"));
            }
            if own.intersects(&union) {
                return Err(C("two settlements share a hex"));
            }
            union = union.or(&own);
            let lifted = usize::from(self.lifted.is_some() && s == self.active.index());
            if own.count() + self.supply[s] as usize + lifted != SETTLEMENTS as usize {
                return Err(C(
                    "settlements on the board and in the supply do not add up to 40",
                ));
            }
            if self.held[s] & !self.taken[s] != 0 {
                return Err(C("a tile is held that was never taken"));
            }
            if u16::from(self.taken[s]) >> board.location_count != 0 {
                return Err(C("a tile was taken from a location that does not exist"));
            }
            if !(self.lifted.is_some() && s == self.active.index()) {
                for id in bits(self.held[s]) {
                    let loc = board.locations[id].0.index();
                    if !NEIGHBOURS[loc].intersects(&own) {
                        return Err(C(
                            "a tile is held without a settlement next to its location",
                        ));
                    }
                }
            }
        }
        if union != self.occupied {
            return Err(C("the occupied hexes do not match the settlements"));
        }
        for id in 0..MAX_LOCATIONS {
            let takers = (0..n).filter(|&s| self.taken[s] & (1 << id) != 0).count();
            let want = if id < board.location_count as usize {
                2usize.saturating_sub(takers)
            } else {
                0
            };
            if takers > 2 || self.tiles_left[id] as usize != want {
                return Err(C("the tiles on a location do not match the tiles taken"));
            }
        }
        for t in Terrain::ALL {
            let i = t as usize;
            let in_hands = self.hands.iter().filter(|h| **h == Some(t)).count();
            if self.pile[i] as usize + self.discards[i] as usize + in_hands
                != CARDS_PER_TERRAIN as usize
            {
                return Err(C("the terrain cards do not add up to 5 of each"));
            }
        }
        if (0..MAX_SEATS).any(|s| self.hand_age[s] != 0 && (s >= n || self.hands[s].is_none())) {
            return Err(C("a hand's draw is dated without a card in it"));
        }
        let missing: Vec<usize> = (0..n).filter(|&s| self.hands[s].is_none()).collect();
        match self.step {
            Step::Deal => {
                if missing.is_empty() || !union.is_empty() {
                    return Err(C("dealing while every hand is full or the game has begun"));
                }
            }
            Step::Play => {
                if !missing.is_empty() {
                    return Err(C("a player is without a terrain card"));
                }
            }
            Step::Redraw | Step::Refill => {
                if missing != [self.active.index()] {
                    return Err(C("only the active player may be drawing a card"));
                }
            }
            Step::Over => {
                if !self.final_round {
                    return Err(C("the game ended before anyone built a last settlement"));
                }
            }
        }
        if matches!(self.step, Step::Deal | Step::Redraw | Step::Refill)
            && self.pile.iter().all(|&p| p == 0)
        {
            return Err(C("a card is due but the draw pile is empty"));
        }
        if self.final_round != self.supply[..n].contains(&0) {
            return Err(C("the last round does not match the supplies"));
        }
        if self.mandatory_left > MANDATORY {
            return Err(C("more than 3 mandatory placements are due"));
        }
        if self.turn_tiles & !self.held[self.active.index()] != 0 {
            return Err(C("a tile usable this turn is not held"));
        }
        let mut per_kind = [0u8; 8];
        for id in bits(self.turn_tiles) {
            per_kind[board.locations[id].1 as usize] += 1;
        }
        if self.uses_left.iter().zip(per_kind).any(|(&u, k)| u > k) {
            return Err(C(
                "more tile uses are left than tiles were held at the start of the turn",
            ));
        }
        if let Some((tile, cell)) = self.lifted {
            if self.step != Step::Play || !tile.moves() {
                return Err(C("a settlement is lifted outside a move"));
            }
            if !cell.on_board()
                || !settleable.contains(cell.index())
                || union.contains(cell.index())
            {
                return Err(C(
                    "the lifted settlement's hex is not a free settlement hex",
                ));
            }
        }
        self.board = board;
        if self.step == Step::Play {
            let mut settled = self.clone();
            settled.settle();
            if settled != self {
                return Err(C("a redraw is due"));
            }
            let mut acts = Vec::new();
            self.legal_actions(&mut acts);
            if acts.is_empty() {
                return Err(C("the player to move has nothing to do"));
            }
        }
        Ok(self)
    }
}
