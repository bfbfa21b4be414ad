//! The building rules every placement follows: one settlement per hex, the hexes a placement
//! may use, and the adjacency obligation (next to your own settlements when possible).

use crate::board::{neighbours, Cell, Cells, Tile, NEIGHBOURS};
use crate::state::State;
use crate::Error;

/// What a placement may use: the hexes S before the adjacency obligation, whether the
/// obligation applies, and the error for a hex outside S.
pub(crate) struct Rule {
    pub(crate) allowed: Cells,
    pub(crate) obligation: bool,
    pub(crate) outside: fn(Cell) -> Error,
}

impl Rule {
    /// The free hexes of `hexes`, under the adjacency obligation.
    pub(crate) fn terrain(state: &State, hexes: Cells) -> Rule {
        Rule {
            allowed: hexes.and_not(&state.occupied),
            obligation: true,
            outside: Error::WrongTerrain,
        }
    }

    /// The legal hexes of the rule (`near` = the neighbours of the player's settlements).
    pub(crate) fn targets(&self, near: &Cells) -> Cells {
        if self.obligation {
            adjacency(self.allowed, near)
        } else {
            self.allowed
        }
    }
}

/// The adjacency obligation: the hexes of `allowed` in `near` (the neighbours of the player's
/// settlements) if there are any, else all of `allowed`.
pub(crate) fn adjacency(allowed: Cells, near: &Cells) -> Cells {
    let near = allowed.and(near);
    if near.is_empty() {
        allowed
    } else {
        near
    }
}

impl State {
    /// The terrain of the active player's card while it plays (no hexes otherwise).
    pub(crate) fn card_land(&self) -> Cells {
        match self.played_card() {
            Some(t) => self.board.land[t as usize],
            None => Cells::EMPTY,
        }
    }

    /// The rule of a build: `None` tile = a placement of the mandatory build (the card's
    /// terrain); a building tile follows its own rule (see the `tiles` module).
    pub(crate) fn build_rule(&self, tile: Option<Tile>) -> Rule {
        match tile {
            None => Rule::terrain(self, self.card_land()),
            Some(tile) => self.tile_build_rule(tile),
        }
    }

    /// Whether `cell` is a legal hex of `rule` for the active player, without building the
    /// whole target set when the hex touches the player's settlements.
    pub(crate) fn check_target(&self, rule: &Rule, cell: Cell) -> Result<(), Error> {
        let i = cell.index();
        if !rule.allowed.contains(i) {
            return Err(if self.occupied.contains(i) {
                Error::Occupied(cell)
            } else {
                (rule.outside)(cell)
            });
        }
        let own = self.own();
        if !rule.obligation
            || NEIGHBOURS[i].intersects(&own)
            || !rule.allowed.intersects(&neighbours(&own))
        {
            Ok(())
        } else {
            Err(Error::NotAdjacent(cell))
        }
    }

    /// The hex's bit index, or the error for a hex off the board.
    pub(crate) fn check_cell(cell: Cell) -> Result<usize, Error> {
        if cell.on_board() {
            Ok(cell.index())
        } else {
            Err(Error::OffBoard(cell))
        }
    }

    /// Puts a settlement of the active seat on `cell` (from the supply, or the lifted one),
    /// taking a tile from a location it touches.
    pub(crate) fn place(&mut self, cell: usize, from_supply: bool) {
        let seat = self.active.index();
        self.settlements[seat].insert(cell);
        self.occupied.insert(cell);
        if from_supply {
            self.supply[seat] -= 1;
            if self.supply[seat] == 0 {
                self.final_round = true;
            }
        }
        self.gain_tile(cell);
    }
}
