//! The building rules every placement follows: one settlement per hex, the hexes a placement
//! may use, and the adjacency obligation (next to your own settlements when possible).

use crate::board::{meet, Cell, Cells, Tile, NEIGHBOURS, SINGLE};
use crate::geometry::add_line_ends_through;
use crate::state::State;
use crate::Error;
use dicecore::bits::select;

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
        Rule::free(hexes.and_not(&state.occupied))
    }

    /// The hexes `free` (all free), under the adjacency obligation.
    pub(crate) fn free(free: Cells) -> Rule {
        Rule {
            allowed: free,
            obligation: true,
            outside: Error::WrongTerrain,
        }
    }

    /// The legal hexes of the rule (`near` = the neighbours of the player's settlements).
    #[inline(always)]
    pub(crate) fn targets(&self, near: &Cells) -> Cells {
        self.counted_targets(near).cells
    }

    /// The legal hexes of the rule, counted ([`obliged_targets`]).
    #[inline(always)]
    pub(crate) fn counted_targets(&self, near: &Cells) -> Counted {
        obliged_targets(&self.allowed, self.obligation, near)
    }
}

/// A set of hexes with the number of them in each of its words and in all: enough to find
/// the `k`-th one without a search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counted {
    pub(crate) cells: Cells,
    per_word: [u32; 7],
    pub(crate) total: usize,
}

impl Counted {
    /// An empty set.
    pub(crate) const EMPTY: Counted = Counted {
        cells: Cells::EMPTY,
        per_word: [0; 7],
        total: 0,
    };

    /// `cells`, counted word by word.
    #[inline(always)]
    pub(crate) fn of(cells: Cells) -> Counted {
        let mut total = 0;
        let per_word = std::array::from_fn(|i| {
            let n = cells.words()[i].count_ones();
            total += n as usize;
            n
        });
        Counted {
            cells,
            per_word,
            total,
        }
    }

    /// The `k`-th hex (0-based, in increasing order), found without a branch on where it lies
    /// (a loop stopping at its word would be mispredicted at nearly every draw): the number
    /// of words whose running count is at most `k` is the word of the hex.
    #[inline(always)]
    pub(crate) fn nth(&self, k: usize) -> Option<usize> {
        if k >= self.total {
            return None;
        }
        let (mut word, mut before, mut running) = (0usize, 0u32, 0u32);
        for &n in &self.per_word {
            running += n;
            let past = u32::from(running as usize <= k);
            word += past as usize;
            before += n & past.wrapping_neg();
        }
        let x = self.cells.words()[word.min(6)];
        Some(word * 64 + select(x, k as u32 - before) as usize)
    }
}

/// The hexes of `allowed` a placement may use, under the adjacency obligation if `obligation`
/// (`near` = the neighbours of the player's settlements), counted, found in one pass over the
/// words (the counts are read from the words as they are made, never from memory written
/// just before, which would stall the processor).
#[inline(always)]
pub(crate) fn obliged_targets(allowed: &Cells, obligation: bool, near: &Cells) -> Counted {
    let (a, n) = (allowed.words(), near.words());
    let touching: [u64; 7] = std::array::from_fn(|i| a[i] & n[i]);
    let none_touch = touching.iter().fold(0, |any, w| any | w) == 0;
    // All of `allowed` without the obligation, or when no allowed hex touches.
    let all = u64::from(!obligation || none_touch).wrapping_neg();
    let mut per_word = [0; 7];
    let mut total = 0;
    let words = std::array::from_fn(|i| {
        let x = touching[i] | (a[i] & all);
        per_word[i] = x.count_ones();
        total += per_word[i] as usize;
        x
    });
    Counted {
        cells: Cells::from_words(words),
        per_word,
        total,
    }
}

/// The adjacency obligation: the hexes of `allowed` in `near` (the neighbours of the player's
/// settlements) if there are any, else all of `allowed` (for tests; play uses
/// [`Rule::counted_targets`]).
#[cfg(test)]
pub(crate) fn adjacency(allowed: Cells, near: &Cells) -> Cells {
    Rule::free(allowed).targets(near)
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
            None => Rule::free(self.card_free()),
            Some(tile) => self.tile_build_rule(tile),
        }
    }

    /// Whether `cell` is a legal hex of `rule` for the active player, without building the
    /// whole target set when the hex touches the player's settlements.
    pub(crate) fn check_target(&self, rule: &Rule, cell: Cell) -> Result<(), Error> {
        self.check_obliged(&rule.allowed, rule.obligation, rule.outside, cell)
    }

    /// [`State::check_target`] for the rule of `allowed`, `obligation` and `outside`, read in
    /// place.
    #[inline(always)]
    pub(crate) fn check_obliged(
        &self,
        allowed: &Cells,
        obligation: bool,
        outside: fn(Cell) -> Error,
        cell: Cell,
    ) -> Result<(), Error> {
        let i = cell.index();
        if !allowed.contains(i) {
            return Err(if self.occupied.contains(i) {
                Error::Occupied(cell)
            } else {
                outside(cell)
            });
        }
        let near = &self.near[self.active.index()];
        if !obligation || near.contains(i) || !meet(allowed, near) {
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
        let one = &SINGLE[cell];
        self.settlements[seat] = self.settlements[seat].or(one);
        self.occupied = self.occupied.or(one);
        self.mark_land(cell, true);
        self.near[seat] = self.near[seat].or(&NEIGHBOURS[cell]);
        if let Some(counts) = self.counts.get_mut() {
            counts.add(&self.board, seat, &self.settlements[seat], cell);
        }
        if self.holds_tavern(seat) {
            add_line_ends_through(&self.settlements[seat], cell, &mut self.line_ends[seat]);
        }
        if from_supply {
            self.supply[seat] -= 1;
            if self.supply[seat] == 0 {
                self.final_round = true;
            }
        }
        self.gain_tile(cell);
    }
}
