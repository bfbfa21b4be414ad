//! Validated loading: a saved state (or a position set up by hand) is accepted only if it
//! could arise in play.
//!
//! The checks, one [`PositionError`](crate::PositionError) variant per reason: the pieces (40
//! settlements per seat between the board, the supply and a settlement being moved; only
//! settleable hexes, one settlement per hex, water only after a Harbor tile was taken), the
//! tiles (taken and held tiles, tiles left on each location, a tile taken next to every
//! location that still has tiles, held tiles within reach), the cards (5 of each terrain, who
//! holds a card at each step, the opening deal's order, the reshuffle dates of the hands in the
//! order they were drawn), and the turn (the mandatory build, the tile uses, a settlement being
//! moved, the redraw rule, the last round).

use crate::board::{neighbours, Board, Cell, Cells, Terrain, Tile, NEIGHBOURS};
use crate::state::{bits, Phase, State, CARDS_PER_TERRAIN, MANDATORY, MAX_SEATS, SETTLEMENTS};
use crate::{Error, PositionError as P};
use dicecore::{Game, Seat};

dicecore::validated_serde!(State, State::checked, versioned);

impl State {
    /// The loader: checks a freshly read state rule by rule and puts in the config's board.
    pub(crate) fn checked(mut self) -> Result<State, Error> {
        self.config.validate()?;
        self.board = Board::shared(&self.config.board);
        self.near = self.settlements.map(|own| neighbours(&own));
        self.line_ends = std::array::from_fn(|seat| self.tavern_ends(seat));
        self.free_land = self.board.land.map(|land| land.and_not(&self.occupied));
        self.counts.clear();
        if self.active.0 >= self.config.seats {
            return Err(P::ActiveOffTable(self.active).into());
        }
        self.check_pieces()?;
        self.check_tiles()?;
        self.check_cards()?;
        self.check_turn()?;
        if self.phase == Phase::Play {
            if self.redraw_was_due() {
                return Err(P::RedrawDue.into());
            }
            let mut acts = Vec::new();
            self.legal_actions(&mut acts);
            if acts.is_empty() {
                return Err(P::NothingToDo.into());
            }
        }
        Ok(self)
    }

    /// Whether the redraw rule should already have replaced the active seat's card. It is
    /// applied after every action of a turn but a Lift, so mid-move it is checked on the state
    /// just before the Lift: the settlement back on its hex and the tile's use not spent.
    fn redraw_was_due(&self) -> bool {
        let mut before = self.clone();
        if let Some((tile, from)) = before.lifted.take() {
            let (seat, i) = (before.active.index(), from.index());
            before.settlements[seat].insert(i);
            before.occupied.insert(i);
            before.mark_land(i, true);
            before.uses_left[tile as usize] += 1;
        }
        let mut settled = before.clone();
        settled.settle();
        settled != before
    }

    /// The seats at the table.
    fn seats_at_table(&self) -> impl Iterator<Item = usize> {
        0..self.config.seats as usize
    }

    /// The location ids whose kind is `tile`.
    fn locations_of(&self, tile: Tile) -> u8 {
        let locations = self.board.locations();
        (0..locations.len())
            .filter(|&id| locations[id].1 == tile)
            .fold(0, |m, id| m | 1 << id)
    }

    /// Settlements: 40 per seat, on hexes that can hold them, one per hex, water only after a
    /// Harbor tile was taken; nothing at the empty seats.
    fn check_pieces(&self) -> Result<(), P> {
        let n = self.config.seats as usize;
        let settleable = self.board.buildable.or(&self.board.water);
        let harbors = self.locations_of(Tile::Harbor);
        let mut union = Cells::EMPTY;
        for s in 0..MAX_SEATS {
            let seat = Seat(s as u8);
            let own = self.settlements[s];
            if s >= n {
                if !own.is_empty()
                    || self.supply[s] != 0
                    || self.taken[s] != 0
                    || self.held[s] != 0
                    || self.hands[s].is_some()
                    || self.hand_age[s] != 0
                {
                    return Err(P::EmptySeatHolds(seat));
                }
                continue;
            }
            if let Some(i) = own.and_not(&settleable).first() {
                return Err(P::Unsettleable(Cell(i as u16)));
            }
            if let Some(i) = own.and(&union).first() {
                return Err(P::SharedHex(Cell(i as u16)));
            }
            union = union.or(&own);
            let moving = usize::from(self.lifted.is_some() && seat == self.active);
            let count = own.count() + self.supply[s] as usize + moving;
            if count != SETTLEMENTS as usize {
                return Err(P::SettlementCount { seat, count });
            }
            if own.intersects(&self.board.water) && self.taken[s] & harbors == 0 {
                return Err(P::WaterWithoutHarbor(seat));
            }
        }
        if union != self.occupied {
            return Err(P::OccupiedMismatch);
        }
        Ok(())
    }

    /// Tiles: 2 per location less those taken; each seat took at most one per location, a
    /// tile next to every location with tiles left where it has a settlement, and holds only
    /// tiles it took whose location it still touches.
    fn check_tiles(&self) -> Result<(), P> {
        let locations = self.board.locations();
        for id in 0..self.tiles_left.len() {
            let takers = self
                .seats_at_table()
                .filter(|&s| self.taken[s] & (1 << id) != 0)
                .count();
            match locations.get(id) {
                None if self.tiles_left[id] != 0 => return Err(P::TilesBeyondLocations),
                Some(&(cell, _)) if takers > 2 || self.tiles_left[id] as usize != 2 - takers => {
                    return Err(P::TilesLeftMismatch(cell))
                }
                _ => {}
            }
        }
        for s in self.seats_at_table() {
            let seat = Seat(s as u8);
            let own = self.settlements[s];
            if self.held[s] & !self.taken[s] != 0 {
                return Err(P::HeldNotTaken(seat));
            }
            if u16::from(self.taken[s]) >> locations.len() != 0 {
                return Err(P::NoSuchLocation(seat));
            }
            if self.supply[s] == SETTLEMENTS && self.taken[s] != 0 {
                return Err(P::TakenWithoutBuilding(seat));
            }
            // Before a move ends, the lifted settlement still counts for the tiles held.
            let mut reach = own;
            if let (Some((_, from)), true) = (self.lifted, seat == self.active) {
                if from.on_board() {
                    reach.insert(from.index());
                }
            }
            for id in bits(self.held[s]) {
                let location = locations[id].0;
                if !NEIGHBOURS[location.index()].intersects(&reach) {
                    return Err(P::TileOutOfReach { seat, location });
                }
            }
            for (id, &(location, _)) in locations.iter().enumerate() {
                if self.tiles_left[id] > 0
                    && self.taken[s] & (1 << id) == 0
                    && NEIGHBOURS[location.index()].intersects(&own)
                {
                    return Err(P::TileNotTaken { seat, location });
                }
            }
        }
        Ok(())
    }

    /// Cards: 5 of each terrain; who holds a card at each step; the opening deal from the
    /// start player clockwise; the reshuffle dates of the hands in the order they were drawn.
    fn check_cards(&self) -> Result<(), P> {
        for t in Terrain::ALL {
            let i = t as usize;
            let in_hands = self.hands.iter().filter(|h| **h == Some(t)).count();
            let total = self.pile[i] as usize + self.discards[i] as usize + in_hands;
            if total != CARDS_PER_TERRAIN as usize {
                return Err(P::CardCount(t));
            }
        }
        if let Some(s) = self
            .seats_at_table()
            .find(|&s| self.hand_age[s] != 0 && self.hands[s].is_none())
        {
            return Err(P::DatedEmptyHand(Seat(s as u8)));
        }
        let n = self.config.seats;
        // The seats other than the active one, in the order their cards were drawn.
        let others = (1..n).map(|k| Seat((self.active.0 + k) % n));
        match self.phase {
            Phase::Deal => return self.check_deal(),
            Phase::Play => {}
            Phase::Redraw | Phase::Refill | Phase::Over => {
                if self.hands[self.active.index()].is_some() {
                    return Err(P::CardNotDiscarded(self.active));
                }
            }
        }
        if let Some(s) = others.clone().find(|s| self.hands[s.index()].is_none()) {
            return Err(P::MissingCard(s));
        }
        if self.phase == Phase::Play && self.hands[self.active.index()].is_none() {
            return Err(P::MissingCard(self.active));
        }
        let ages: Vec<u8> = others.map(|s| self.hand_age[s.index()]).collect();
        let oldest = ages.first().copied().unwrap_or(0);
        let active_age = self.hand_age[self.active.index()];
        // The active player's card in play is the oldest, unless it was redrawn this turn.
        if ages.windows(2).any(|w| w[0] < w[1]) || (active_age != 0 && active_age < oldest) {
            return Err(P::HandAgesOutOfOrder);
        }
        if matches!(self.phase, Phase::Redraw | Phase::Refill) && self.pile.iter().all(|&p| p == 0)
        {
            return Err(P::EmptyPileAtDraw);
        }
        Ok(())
    }

    /// The opening deal: a card each for the start player and the next seats clockwise, some
    /// still to come, and nothing else has happened.
    fn check_deal(&self) -> Result<(), P> {
        let n = self.config.seats;
        let dealt = self.hands.iter().filter(|h| h.is_some()).count();
        let in_order = (0..n)
            .map(|k| Seat((self.config.start.0 + k) % n))
            .enumerate()
            .all(|(k, s)| self.hands[s.index()].is_some() == (k < dealt));
        if !in_order || dealt == n as usize {
            return Err(P::DealOutOfOrder);
        }
        let started = !self.occupied.is_empty()
            || self.settlements.iter().any(|s| !s.is_empty())
            || self.discards.iter().any(|&d| d != 0)
            || self.hand_age.iter().any(|&a| a != 0)
            || self.active != self.config.start
            || self.mandatory_left != MANDATORY
            || self.uses_left.iter().any(|&u| u != 0)
            || self.turn_tiles != 0
            || self.lifted.is_some();
        if started {
            return Err(P::PlayDuringDeal);
        }
        Ok(())
    }

    /// The turn: the mandatory build, the tile uses of the turn, a settlement being moved, the
    /// redraw rule, the last round and the end of the game.
    fn check_turn(&self) -> Result<(), P> {
        let n = self.config.seats as usize;
        let active = self.active.index();
        if self.final_round != self.supply[..n].contains(&0) {
            return Err(P::FinalRoundMismatch);
        }
        let m = self.mandatory_left;
        if m > MANDATORY || (m > 0 && m < MANDATORY && self.supply[active] == 0) {
            return Err(P::MandatoryCount(m));
        }
        let last = self.final_round && self.active == self.config.last_seat();
        match self.phase {
            Phase::Deal => {}
            Phase::Refill | Phase::Over => {
                if self.mandatory_pending() {
                    return Err(P::TurnEndedEarly);
                }
                if self.turn_tiles != 0 || self.uses_left.iter().any(|&u| u != 0) {
                    return Err(P::TilesBetweenTurns);
                }
                if last != (self.phase == Phase::Over) {
                    return Err(P::EndMismatch);
                }
            }
            Phase::Play | Phase::Redraw => {
                if self.turn_tiles & !self.held[active] != 0 {
                    return Err(P::TurnTileNotHeld);
                }
                let per_kind = self.turn_tile_kinds();
                if let Some(k) = (0..8).find(|&k| self.uses_left[k] > per_kind[k]) {
                    return Err(P::TooManyUses(Tile::ALL[k]));
                }
                if self.phase == Phase::Redraw
                    && !self.mandatory_pending()
                    && !self.extra_redraw_due()
                {
                    return Err(P::RedrawWithoutReason);
                }
            }
        }
        if let Some((tile, from)) = self.lifted {
            let per_kind = self.turn_tile_kinds();
            if self.phase != Phase::Play
                || !tile.moves()
                || self.mandatory_in_progress()
                || self.uses_left[tile as usize] >= per_kind[tile as usize]
            {
                return Err(P::LiftedOutsideMove);
            }
            let settleable = self.board.buildable.or(&self.board.water);
            let i = from.index();
            if !from.on_board() || !settleable.contains(i) || self.occupied.contains(i) {
                return Err(P::LiftedHexNotFree(from));
            }
        }
        Ok(())
    }

    /// Tiles of each kind the active seat held at the start of its turn and still holds.
    fn turn_tile_kinds(&self) -> [u8; 8] {
        let mut per_kind = [0u8; 8];
        for id in bits(self.turn_tiles) {
            if let Some(&(_, t)) = self.board.locations().get(id) {
                per_kind[t as usize] += 1;
            }
        }
        per_kind
    }
}
