//! The location tiles: taking a tile next to a location, the uses of a turn, losing a tile
//! after a move, and one section per tile (Oracle, Farm, Oasis, Tower, Tavern, Barn, Harbor,
//! Paddock).

use crate::board::{
    double_step, jumps, neighbours, none, shift, Cell, Cells, Terrain, Tile, NEIGHBOURS, SINGLE,
};
use crate::building::Rule;
use crate::state::{bits, State};
use crate::Error;
use dicecore::Seat;

// ----- taking, using and losing tiles

impl State {
    /// Takes a tile from the location `cell` touches, if it has one left and the active seat
    /// never took one there.
    pub(crate) fn gain_tile(&mut self, cell: usize) {
        let seat = self.active.index();
        if let Some(id) = self.board.location_near(cell) {
            let bit = 1u8 << id;
            if self.tiles_left[id] > 0 && self.taken[seat] & bit == 0 {
                self.tiles_left[id] -= 1;
                self.taken[seat] |= bit;
                self.held[seat] |= bit;
                if bit & self.board.tavern_locations != 0 {
                    self.line_ends[seat] = self.tavern_ends(seat);
                }
            }
        }
    }

    /// The uses of a turn: one per tile held when it starts (a tile gained during the turn is
    /// usable from the next one).
    pub(crate) fn begin_tile_uses(&mut self) {
        self.uses_left = [0; 8];
        self.turn_tiles = self.held[self.active.index()];
        for id in bits(self.turn_tiles) {
            self.uses_left[self.board.locations[id].1 as usize] += 1;
        }
    }

    /// After a move: every held tile whose location no longer touches one of the player's
    /// settlements is lost.
    pub(crate) fn lose_tiles(&mut self) {
        let seat = self.active.index();
        let own = self.settlements[seat];
        for id in bits(self.held[seat]) {
            let loc = self.board.locations[id].0;
            if !NEIGHBOURS[loc.index()].intersects(&own) {
                self.held[seat] &= !(1 << id);
            }
        }
        if !self.holds_tavern(seat) {
            self.line_ends[seat] = Cells::EMPTY;
        }
        // Of two tiles of a kind held since the start of the turn, the one lost is the used
        // one when one was used. A tile gained this turn never stands in for a lost one: it
        // is usable from the next turn only.
        self.turn_tiles &= self.held[seat];
        let mut per_kind = [0u8; 8];
        for id in bits(self.turn_tiles) {
            per_kind[self.board.locations[id].1 as usize] += 1;
        }
        for (u, k) in self.uses_left.iter_mut().zip(per_kind) {
            *u = (*u).min(k);
        }
    }

    /// The error when the active seat has no unused tile of this kind this turn.
    pub(crate) fn check_tile(&self, tile: Tile) -> Result<(), Error> {
        if self.uses_left[tile as usize] == 0 {
            Err(Error::TileUnavailable(tile))
        } else {
            Ok(())
        }
    }

    /// [`crate::Action::TileBuild`]: a building tile's extra settlement.
    pub(crate) fn apply_tile_build(
        &mut self,
        seat: Seat,
        tile: Tile,
        cell: Cell,
    ) -> Result<(), Error> {
        self.check_player(seat)?;
        let i = Self::check_cell(cell)?;
        self.check_free_to_act()?;
        if tile.moves() {
            return Err(Error::NotABuildTile(tile));
        }
        self.check_tile(tile)?;
        if self.supply[seat.index()] == 0 {
            return Err(Error::SupplyEmpty);
        }
        let rule = self.build_rule(Some(tile));
        self.check_target(&rule, cell)?;
        self.place(i, true);
        self.uses_left[tile as usize] -= 1;
        self.settle();
        Ok(())
    }

    /// [`crate::Action::Lift`]: a moving tile lifts one of the player's settlements.
    pub(crate) fn apply_lift(&mut self, seat: Seat, tile: Tile, from: Cell) -> Result<(), Error> {
        self.check_player(seat)?;
        let i = Self::check_cell(from)?;
        self.check_free_to_act()?;
        if !tile.moves() {
            return Err(Error::NotAMoveTile(tile));
        }
        self.check_tile(tile)?;
        if !self.own().contains(i) {
            return Err(Error::NotYourSettlement(from));
        }
        if !self.move_sources(tile).contains(i) {
            return Err(Error::NoDestination(from));
        }
        let own = &mut self.settlements[seat.index()];
        *own = own.and_not(&SINGLE[i]);
        self.near[seat.index()] = neighbours(own);
        self.line_ends[seat.index()] = self.tavern_ends(seat.index());
        if let Some(counts) = self.counts.get_mut() {
            let own = &self.settlements[seat.index()];
            counts.remove(&self.board, seat.index(), own, i);
        }
        self.occupied = self.occupied.and_not(&SINGLE[i]);
        self.mark_land(i, false);
        self.lifted = Some((tile, from));
        self.uses_left[tile as usize] -= 1;
        Ok(())
    }

    /// [`crate::Action::MoveTo`]: the lifted settlement is put down; tiles out of reach are lost.
    pub(crate) fn apply_move_to(&mut self, seat: Seat, cell: Cell) -> Result<(), Error> {
        self.check_player(seat)?;
        let i = Self::check_cell(cell)?;
        let Some((tile, from)) = self.lifted else {
            return Err(Error::NoMoveInProgress);
        };
        if cell == from {
            return Err(Error::SameHex(cell));
        }
        let rule = self.move_rule(tile, from.index());
        self.check_target(&rule, cell)?;
        self.lifted = None;
        self.place(i, false);
        self.lose_tiles();
        self.settle();
        Ok(())
    }

    /// The rule of a building tile's placement.
    pub(crate) fn tile_build_rule(&self, tile: Tile) -> Rule {
        match tile {
            Tile::Oracle => self.oracle_rule(),
            Tile::Farm => self.farm_rule(),
            Tile::Oasis => self.oasis_rule(),
            Tile::Tower => self.tower_rule(),
            Tile::Tavern => self.tavern_rule(),
            Tile::Barn | Tile::Harbor | Tile::Paddock => Rule {
                allowed: Cells::EMPTY,
                obligation: false,
                outside: Error::WrongTerrain,
            },
        }
    }

    /// The hexes a moving tile may reach, and the move rule, for a settlement lifted from
    /// `from` (`own` = the mover's other settlements; `occupied` excludes `from`).
    pub(crate) fn move_rule(&self, tile: Tile, from: usize) -> Rule {
        match tile {
            Tile::Barn => self.barn_rule(),
            Tile::Harbor => self.harbor_rule(),
            _ => self.paddock_rule(from),
        }
    }

    /// Destinations of the lifted settlement.
    pub(crate) fn move_targets(&self, tile: Tile, from: usize) -> Cells {
        let rule = self.move_rule(tile, from);
        let mut t = rule.targets(&self.near_own());
        t.remove(from);
        t
    }

    /// The settlements of the active seat that `tile` could move somewhere.
    pub(crate) fn move_sources(&self, tile: Tile) -> Cells {
        match tile {
            Tile::Barn => self.terrain_move_sources(self.card_land(), self.card_free()),
            Tile::Harbor => self
                .terrain_move_sources(self.board.water, self.board.water.and_not(&self.occupied)),
            Tile::Paddock => self.paddock_sources(),
            _ => Cells::EMPTY,
        }
    }

    /// The settlements a Barn or Harbor could move onto a free hex of `kind`. The lifted
    /// settlement does not count for adjacency, and a move back onto its own hex is no move,
    /// so a settlement has no move only when the obligation would bring it back: when no free
    /// hex of `kind` touches the player's settlements, a settlement on `kind` next to another
    /// of its own (its vacated hex is then the only hex the obligation allows); when all those
    /// free hexes touch one single settlement, that settlement, on the same condition.
    /// `free` is the free hexes of `kind`.
    pub(crate) fn terrain_move_sources(&self, kind: Cells, free: Cells) -> Cells {
        let own = self.own();
        let near_own = self.near_own();
        if none(&free) {
            return Cells::EMPTY;
        }
        let touching = free.and(&near_own);
        let stuck = match touching.first() {
            None => own,
            Some(x) => {
                // The settlements next to the free hexes of `kind`: stuck only if one.
                let next_to_x = NEIGHBOURS[x].and(&own);
                match next_to_x.first() {
                    Some(s0)
                        if single(&next_to_x)
                            && touching.is_subset(&NEIGHBOURS[s0])
                            && touching.iter().all(|y| single(&NEIGHBOURS[y].and(&own))) =>
                    {
                        next_to_x
                    }
                    _ => return own,
                }
            }
        };
        own.and_not(&stuck.and(&kind).and(&near_own))
    }
}

/// Whether a set holds exactly one hex.
fn single(cells: &Cells) -> bool {
    let mut words = cells.words().iter().filter(|w| **w != 0);
    matches!((words.next(), words.next()), (Some(w), None) if w & (w - 1) == 0)
}

// ----- Oracle: build on the terrain of your card

impl State {
    fn oracle_rule(&self) -> Rule {
        Rule::free(self.card_free())
    }
}

// ----- Farm: build on grass

impl State {
    fn farm_rule(&self) -> Rule {
        Rule::free(self.free_land[Terrain::Grass as usize])
    }
}

// ----- Oasis: build on desert

impl State {
    fn oasis_rule(&self) -> Rule {
        Rule::free(self.free_land[Terrain::Desert as usize])
    }
}

// ----- Tower: build on the edge of the board

impl State {
    fn tower_rule(&self) -> Rule {
        Rule {
            allowed: self.board.edge.and_not(&self.occupied),
            obligation: true,
            outside: Error::NotOnEdge,
        }
    }
}

// ----- Tavern: build at the end of a line of 3 or more of your settlements

/// Hexes at the open end of a line of 3 or more of `own`, along any axis.
pub(crate) fn line_ends(own: &Cells) -> Cells {
    /// Along the axis of direction `d` (0, 1, 2; the opposite is `d + 3`): the hexes two
    /// steps past the middle of 3 of `own` in a row, either way.
    #[inline(always)]
    fn ends(own: &Cells, d: usize) -> Cells {
        let back = d + 3;
        let middle = shift(own, d).and(own).and(&shift(own, back));
        double_step(&middle, d).or(&double_step(&middle, back))
    }
    ends(own, 0).or(&ends(own, 1)).or(&ends(own, 2))
}

impl State {
    /// Whether `seat` holds a Tavern tile.
    #[inline(always)]
    pub(crate) fn holds_tavern(&self, seat: usize) -> bool {
        self.held[seat] & self.board.tavern_locations != 0
    }

    /// What `line_ends[seat]` holds: the line ends of its settlements while it holds a Tavern
    /// tile (only then are they asked for), nothing otherwise (nothing to keep up to date).
    pub(crate) fn tavern_ends(&self, seat: usize) -> Cells {
        if self.holds_tavern(seat) {
            line_ends(&self.settlements[seat])
        } else {
            Cells::EMPTY
        }
    }

    fn tavern_rule(&self) -> Rule {
        let seat = self.active.index();
        // Kept while the seat holds a Tavern, as it does whenever it may use one.
        let ends = if self.holds_tavern(seat) {
            self.line_ends[seat]
        } else {
            line_ends(&self.settlements[seat])
        };
        Rule {
            allowed: self.board.buildable.and_not(&self.occupied).and(&ends),
            obligation: false,
            outside: Error::NotLineEnd,
        }
    }
}

// ----- Barn: move a settlement onto the terrain of your card

impl State {
    fn barn_rule(&self) -> Rule {
        Rule::free(self.card_free())
    }
}

// ----- Harbor: move a settlement onto water

impl State {
    fn harbor_rule(&self) -> Rule {
        Rule::terrain(self, self.board.water)
    }
}

// ----- Paddock: move a settlement 2 hexes in a straight line

impl State {
    fn paddock_rule(&self, from: usize) -> Rule {
        let mut here = Cells::EMPTY;
        here.insert(from);
        Rule {
            allowed: self
                .board
                .buildable
                .and_not(&self.occupied)
                .and(&jumps(&here)),
            obligation: false,
            outside: Error::NotTwoAway,
        }
    }

    /// The settlements with a free buildable hex 2 steps away in a straight line.
    fn paddock_sources(&self) -> Cells {
        let free = self.board.buildable.and_not(&self.occupied);
        self.own().and(&jumps(&free))
    }
}
