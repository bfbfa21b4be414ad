//! What the player to move may do: the legal actions of a turn as a few groups of hexes (the
//! destinations of a move; the mandatory build; each tile's hexes) and the end of the turn,
//! listed, counted, or drawn uniformly without listing them.

use crate::action::Action;
use crate::board::{Cell, Cells, Tile};
use crate::building::{obliged_targets, Counted};
use crate::state::{Phase, State};
use dicecore::{Dice, Seat};

/// The kind of action a group of hexes stands for.
#[derive(Clone, Copy, Debug)]
enum Kind {
    MoveTo,
    Build,
    TileBuild(Tile),
    Lift(Tile),
}

impl Kind {
    fn action(self, seat: Seat, i: usize) -> Action {
        let cell = Cell(i as u16);
        match self {
            Kind::MoveTo => Action::MoveTo { seat, cell },
            Kind::Build => Action::Build { seat, cell },
            Kind::TileBuild(tile) => Action::TileBuild { seat, tile, cell },
            Kind::Lift(tile) => Action::Lift {
                seat,
                tile,
                from: cell,
            },
        }
    }
}

/// Appends the action of every hex of `cells`, in increasing order, word by word.
#[inline(always)]
fn push_cells(out: &mut Vec<Action>, cells: &Cells, action: impl Fn(Cell) -> Action) {
    for (w, &word) in cells.words().iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out.push(action(Cell(i as u16)));
        }
    }
}

/// A single kind of legal action ([`State::only_kind`]).
#[derive(Clone, Copy, Debug)]
enum Only {
    /// The hexes of one kind; the turn cannot end.
    Group(Kind),
    /// Only the end of the turn.
    EndTurn,
}

/// The bits of the Barn, Harbor and Paddock among the tile kinds.
const MOVING_TILES: u8 = 1 << Tile::Barn as u8 | 1 << Tile::Harbor as u8 | 1 << Tile::Paddock as u8;

/// Most groups: the mandatory build and one per tile kind of the board (a sector's locations
/// are all of one kind, and a board has 4 sectors).
const GROUPS: usize = 5;

impl State {
    /// Calls `group` with each kind of legal action of the active player that may have hexes,
    /// in listing order, and returns whether it may end its turn (listed last). Nothing
    /// unless it is playing its turn: while a settlement is lifted, only its destinations;
    /// during the mandatory build, only its hexes; otherwise the build's hexes (before it
    /// starts), each usable tile's hexes, and the end of the turn once the build is done.
    #[inline(always)]
    fn visit_kinds(&self, mut group: impl FnMut(Kind)) -> bool {
        if self.phase != Phase::Play {
            return false;
        }
        if self.lifted.is_some() {
            group(Kind::MoveTo);
            return false;
        }
        let mandatory = self.mandatory_pending();
        if mandatory {
            group(Kind::Build);
            if self.mandatory_in_progress() {
                return false;
            }
        }
        let mut usable = self.usable_tiles();
        while usable != 0 {
            let tile = Tile::ALL[usable.trailing_zeros() as usize];
            usable &= usable - 1;
            if tile.moves() {
                group(Kind::Lift(tile));
            } else {
                group(Kind::TileBuild(tile));
            }
        }
        !mandatory
    }

    /// The tile kinds the active player may use now, as bits (`1 << tile`): those with uses
    /// left, only the moving ones once its supply is empty.
    #[inline(always)]
    pub(crate) fn usable_tiles(&self) -> u8 {
        // A byte per kind: 0x80 where it has uses left (one test instead of a branch per kind).
        let uses = u64::from_le_bytes(self.uses_left);
        let left = (uses & 0x7f7f_7f7f_7f7f_7f7f).wrapping_add(0x7f7f_7f7f_7f7f_7f7f) | uses;
        let usable =
            ((left & 0x8080_8080_8080_8080).wrapping_mul(0x0002_0408_1020_4081) >> 56) as u8;
        if self.supply[self.active.index()] == 0 {
            usable & MOVING_TILES
        } else {
            usable
        }
    }

    /// What the active player may do when it is a single kind of action (the positions of
    /// most decisions), as [`State::visit_kinds`] finds it: a lifted settlement's
    /// destinations, or the mandatory build (under way, or with no tile to use), or only the
    /// end of the turn (the build done, no tile to use).
    #[inline(always)]
    fn only_kind(&self) -> Option<Only> {
        if self.phase != Phase::Play {
            return None;
        }
        if self.lifted.is_some() {
            return Some(Only::Group(Kind::MoveTo));
        }
        let mandatory = self.mandatory_pending();
        if mandatory && self.mandatory_in_progress() {
            return Some(Only::Group(Kind::Build));
        }
        match (self.usable_tiles(), mandatory) {
            (0, true) => Some(Only::Group(Kind::Build)),
            (0, false) => Some(Only::EndTurn),
            _ => None,
        }
    }

    /// The hexes of one kind of legal action.
    #[inline(always)]
    fn group(&self, kind: Kind) -> Cells {
        self.counted_group(kind).cells
    }

    /// The hexes of one kind of legal action, counted.
    #[inline(always)]
    fn counted_group(&self, kind: Kind) -> Counted {
        match kind {
            Kind::MoveTo => match self.lifted {
                Some((tile, from)) => Counted::of(self.move_targets(tile, from.index())),
                None => Counted::EMPTY,
            },
            // The mandatory build: the free hexes of the card's terrain, read in place.
            Kind::Build => match self.played_card() {
                Some(t) => obliged_targets(
                    &self.free_land[t as usize],
                    true,
                    &self.near[self.active.index()],
                ),
                None => Counted::EMPTY,
            },
            Kind::TileBuild(tile) => self
                .build_rule(Some(tile))
                .counted_targets(&self.near_own()),
            Kind::Lift(tile) => Counted::of(self.move_sources(tile)),
        }
    }

    /// Appends every legal action of the active player to `out`.
    pub(crate) fn push_moves(&self, out: &mut Vec<Action>) {
        let seat = self.active;
        let end_turn = self.visit_kinds(|kind| {
            let cells = &self.group(kind);
            // The closures own their seat and tile (`move`), so that the loops keep them in
            // registers instead of reading them again for every hex.
            match kind {
                Kind::MoveTo => push_cells(out, cells, move |cell| Action::MoveTo { seat, cell }),
                Kind::Build => push_cells(out, cells, move |cell| Action::Build { seat, cell }),
                Kind::TileBuild(tile) => push_cells(out, cells, move |cell| Action::TileBuild {
                    seat,
                    tile,
                    cell,
                }),
                Kind::Lift(tile) => {
                    push_cells(out, cells, move |from| Action::Lift { seat, tile, from })
                }
            }
        });
        if end_turn {
            out.push(Action::EndTurn(seat));
        }
    }

    /// One legal action of the active player drawn uniformly with `dice`, without listing
    /// them: each kind's hexes are computed and counted, then one index is drawn and found
    /// among the counted groups.
    pub(crate) fn sample_move(&self, dice: &mut Dice) -> Option<Action> {
        match self.only_kind() {
            Some(Only::Group(kind)) => {
                let hexes = self.counted_group(kind);
                if hexes.total == 0 {
                    return None;
                }
                return hexes
                    .nth(dice.index(hexes.total))
                    .map(|i| kind.action(self.active, i));
            }
            // The one legal action (a draw among one consumes nothing from the dice).
            Some(Only::EndTurn) => return Some(Action::EndTurn(self.active)),
            None => {}
        }
        // Kinds and sets apart: an array of empty sets is all zeros, cleared in a few stores.
        let mut kinds = [Kind::Build; GROUPS];
        let mut groups = [Counted::EMPTY; GROUPS];
        let mut len = 0;
        let mut total = 0;
        let end_turn = self.visit_kinds(|kind| {
            let hexes = self.counted_group(kind);
            if hexes.total > 0 && len < GROUPS {
                total += hexes.total;
                kinds[len] = kind;
                groups[len] = hexes;
                len += 1;
            }
        });
        let seat = self.active;
        let all = total + usize::from(end_turn);
        if all == 0 {
            return None;
        }
        let mut k = dice.index(all);
        for (kind, hexes) in kinds.iter().zip(&groups[..len]) {
            if k < hexes.total {
                return hexes.nth(k).map(|i| kind.action(seat, i));
            }
            k -= hexes.total;
        }
        end_turn.then_some(Action::EndTurn(seat))
    }

    /// How many legal actions the active player has, counted the way [`State::sample_move`]
    /// counts them, without listing them.
    pub(crate) fn count_moves(&self) -> usize {
        match self.only_kind() {
            Some(Only::Group(kind)) => return self.counted_group(kind).total,
            Some(Only::EndTurn) => return 1,
            None => {}
        }
        let mut total = 0;
        let end_turn = self.visit_kinds(|kind| total += self.counted_group(kind).total);
        total + usize::from(end_turn)
    }

    /// The `k`-th legal action of the active player (0-based, in listing order) and how many
    /// there are, computing them the way [`State::sample_move`] does (for tests).
    #[cfg(test)]
    pub(crate) fn nth_move(&self, mut k: usize) -> (Option<Action>, usize) {
        let mut found = None;
        let mut total = 0;
        let end_turn = self.visit_kinds(|kind| {
            let hexes = self.counted_group(kind);
            let n = hexes.total;
            if found.is_none() && k < n {
                found = hexes.nth(k).map(|i| kind.action(self.active, i));
            }
            k = k.saturating_sub(n);
            total += n;
        });
        if found.is_none() && end_turn && k == 0 {
            found = Some(Action::EndTurn(self.active));
        }
        (found, total + usize::from(end_turn))
    }
}
