//! The running score kept up to date: per seat, the counts castles and the config's three
//! Kingdom Builder cards are scored from, changed by a few operations as a settlement is placed
//! or lifted. Reading a score is then a few operations per seat ([`ScoreCounts::scores`]),
//! where scoring the board ([`crate::scoring`]) fills every settlement group of every seat.
//!
//! What is kept, per seat: settlements per row (Discoverers, Knights) and per sector quadrant
//! (Lords, Farmers); settlements next to water but not on it, next to a mountain, next to a
//! castle or location hex (Fishermen, Miners, Workers); the castle and location hexes next to
//! its settlements (castles); its settlement groups as a union-find with, per group, its size
//! (Hermits, Citizens) and the castle and location hexes it touches, from which the hexes the
//! groups link are kept (Merchants). Only the counts the config's cards read are kept.

use crate::board::{Board, Cells, CELLS, SIDE};
use crate::cards::Card;
use crate::config::{Config, MAX_SEATS};
use crate::geometry::{NEIGHBOURS, STEPS};
use crate::groups::{group_at, rows};

/// Most castle and location hexes a board holds (3 per sector at the most), as bits of a
/// `u16`.
pub(crate) const MAX_SPECIALS: usize = 16;

/// Slots of a seat's union-find: more than the groups a seat can have (one per settlement at
/// the most, 40) and those a few lifted settlements leave behind, a power of two so that an id
/// is kept in range by a mask. When they run out, the seat is counted again from scratch.
const GROUP_SLOTS: usize = 64;

/// No group yet.
const NONE: u8 = u8::MAX;

/// For each set of directions around a hex (bit `d` for direction `d` of
/// [`crate::geometry::DIRECTIONS`], which go round in order), how many runs of neighbouring
/// directions it holds.
const RUNS: [u8; 64] = {
    let mut runs = [0u8; 64];
    let mut ring = 1;
    while ring < 64 {
        let turned = (ring << 1 | ring >> 5) & 63;
        let starts = ring & !turned;
        runs[ring] = if starts == 0 {
            1
        } else {
            starts.count_ones() as u8
        };
        ring += 1;
    }
    runs
};

/// Where [`SeatCounts::values`] keeps each count: castles next to the settlements,
/// settlements next to water and not on it (Fishermen), linked castle and location hexes
/// (Merchants), rows holding a settlement (Discoverers), settlement groups (Hermits),
/// settlements in the largest group (Citizens), next to a mountain (Miners), next to a castle
/// or location hex (Workers), in the fullest row (Knights), in the emptiest sector quadrant
/// (Farmers); and one that stays 0.
const CASTLES_AT: usize = 0;
const FISHERMEN_AT: usize = 1;
const LINKED_AT: usize = 2;
const ROWS_USED_AT: usize = 3;
const GROUPS_AT: usize = 4;
const LARGEST_AT: usize = 5;
const MINERS_AT: usize = 6;
const WORKERS_AT: usize = 7;
const FULLEST_ROW_AT: usize = 8;
const FEWEST_AT: usize = 9;
const NOTHING_AT: usize = 10;
/// Room for them (a power of two: a place is kept in range by a mask).
const VALUES: usize = 16;

/// The sector quadrant of a hex: top left, top right, bottom left, bottom right.
#[inline(always)]
fn quadrant(cell: usize) -> usize {
    usize::from(PLACES[cell % CELLS] >> 5)
}

/// Per hex, its row (bits 0–4) and sector quadrant (bits 5–6), read in one look-up.
static PLACES: [u8; CELLS] = {
    let mut places = [0u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / SIDE, cell % SIDE);
        places[cell] = (row | (2 * (row / 10) + col / 10) << 5) as u8;
        cell += 1;
    }
    places
};

/// The row of a hex.
#[inline(always)]
fn row(cell: usize) -> usize {
    usize::from(PLACES[cell % CELLS] & 31)
}

/// Which counts the config's cards read (bits).
const ROWS: u8 = 1;
const SECTORS: u8 = 1 << 1;
const FISHERMEN: u8 = 1 << 2;
const MINERS: u8 = 1 << 3;
const WORKERS: u8 = 1 << 4;
const GROUPS: u8 = 1 << 5;
const LINKS: u8 = 1 << 6;
const LORDS: u8 = 1 << 7;

/// The castle and location hexes of a board, numbered in board order (at most 3 per sector,
/// so 12 fit in the bits of a `u16`).
#[derive(Clone, Debug)]
struct Specials {
    /// For each hex, the castle and location hexes it touches, as bits.
    near: [u16; CELLS],
    /// The hexes, in order (`u16::MAX` past the last).
    cells: [u16; MAX_SPECIALS],
    /// The castles among them, as bits.
    castles: u16,
    /// Per hex (by number), those linked to it without settlements: those touching it, and
    /// those touching them, ... (itself included), as bits.
    links: [u16; MAX_SPECIALS],
}

impl Specials {
    /// The castle and location hexes of `board`.
    fn of(board: &Board) -> Specials {
        let mut s = Specials {
            near: [0; CELLS],
            cells: [u16::MAX; MAX_SPECIALS],
            castles: 0,
            links: [0; MAX_SPECIALS],
        };
        let mut count = 0;
        for at in board.special.iter().take(MAX_SPECIALS) {
            let bit = 1u16 << count;
            for &n in &STEPS[at] {
                if let Some(near) = s.near.get_mut(usize::from(n)) {
                    *near |= bit;
                }
            }
            if board.castles.contains(at) {
                s.castles |= bit;
            }
            s.cells[count] = at as u16;
            s.links[count] = bit;
            count += 1;
        }
        // Touching hexes are linked, and so on until nothing changes (a dozen hexes; no
        // board of the printed sectors has castle or location hexes touching).
        let mut changed = board.specials_touch;
        while changed {
            changed = false;
            for k in 0..count {
                let at = usize::from(s.cells[k]);
                let mut joined = s.links[k] | s.near[at];
                let mut rest = joined;
                while rest != 0 {
                    joined |= s.links[rest.trailing_zeros() as usize % MAX_SPECIALS];
                    rest &= rest - 1;
                }
                if joined != s.links[k] {
                    s.links[k] = joined;
                    changed = true;
                }
            }
        }
        s
    }
}

/// The counts of every seat (see the module's documentation).
#[derive(Clone, Debug)]
pub(crate) struct ScoreCounts {
    /// The counts the cards read ([`ROWS`], ...).
    needs: u8,
    /// Per card of the config, where its gold is kept in [`SeatCounts::values`], times
    /// what, and halved (1) or not (0).
    gold: [(u8, u8, u8); 3],
    /// The config's `lords_zero_counts`.
    zero_counts: bool,
    /// Per sector quadrant and seat, its Lords gold there (kept when Lords is a card).
    lords: [[u8; MAX_SEATS]; 4],
    /// Per seat, its Lords gold.
    lords_gold: [i32; MAX_SEATS],
    /// Per hex, the id of its settlement's group in the union-find of the seat owning it
    /// (meaningless on a free hex).
    group_of: [u8; CELLS],
    seats: [SeatCounts; MAX_SEATS],
    /// The board's castle and location hexes.
    specials: Specials,
}

/// The counts of one seat.
#[derive(Clone, Copy, Debug)]
struct SeatCounts {
    /// The counts cards read, at [`CASTLES_AT`], [`FISHERMEN_AT`], ...
    values: [u8; VALUES],
    /// Its gold for castles and the cards but Lords (which compares the seats).
    total: i32,
    /// Settlements per row.
    rows: [u8; SIDE],
    /// Settlements per sector quadrant (top left, top right, bottom left, bottom right).
    sectors: [u8; 4],
    /// The castle and location hexes next to its settlements (bits in [`Board`] order).
    touched: u16,
    /// Union-find ids handed out since the seat was last counted from scratch.
    ids: u8,
    /// Per id, its parent (a root is its own parent).
    parent: [u8; GROUP_SLOTS],
    /// Per root, the settlements of its group (0 for a group gone).
    size: [u8; GROUP_SLOTS],
    /// Per root, the castle and location hexes its group touches.
    touches: [u16; GROUP_SLOTS],
    /// Per castle or location hex, the hexes linked to it (itself included): joined by
    /// the seat's settlement groups and by touching one another.
    links: [u16; MAX_SPECIALS],
    /// The castle and location hexes linked to at least one other (Merchants).
    linked: u16,
}

impl SeatCounts {
    /// Nothing counted, nothing linked.
    const BLANK: SeatCounts = SeatCounts {
        values: [0; VALUES],
        total: 0,
        rows: [0; SIDE],
        sectors: [0; 4],
        touched: 0,
        ids: 0,
        parent: [NONE; GROUP_SLOTS],
        size: [0; GROUP_SLOTS],
        touches: [0; GROUP_SLOTS],
        links: [0; MAX_SPECIALS],
        linked: 0,
    };

    /// No settlement on `board`: castle and location hexes linked only where they touch.
    fn empty(links: &[u16; MAX_SPECIALS]) -> SeatCounts {
        let mut counts = SeatCounts::BLANK;
        counts.unlink(links);
        counts
    }

    /// The castle and location hexes linked only where they touch one another.
    fn unlink(&mut self, links: &[u16; MAX_SPECIALS]) {
        self.links = *links;
        self.linked = (links.iter())
            .filter(|l| l.count_ones() >= 2)
            .fold(0, |all, l| all | l);
        self.values[LINKED_AT] = self.linked.count_ones() as u8;
    }

    /// The count at `at` moved by `by` (1, or -1 as `u8::MAX`) if `yes`.
    #[inline(always)]
    fn step(&mut self, at: usize, by: u8, yes: bool) {
        let v = &mut self.values[at % VALUES];
        *v = v.wrapping_add(by * u8::from(yes));
    }

    /// The counts of where a settlement stands (its row and sector quadrant, next to water,
    /// a mountain, a castle or location hex), those `needs` asks for, when one is placed on
    /// `cell` (`placed`) or lifted from it.
    #[inline(always)]
    fn tally(&mut self, board: &Board, needs: u8, cell: usize, placed: bool) {
        let by = if placed { 1 } else { u8::MAX };
        if needs & ROWS != 0 {
            let row = row(cell) % SIDE;
            let was = self.rows[row];
            let now = was.wrapping_add(by);
            self.rows[row] = now;
            self.step(ROWS_USED_AT, by, (was == 0) | (now == 0));
            let fullest = &mut self.values[FULLEST_ROW_AT];
            if placed {
                *fullest = (*fullest).max(now);
            } else if was >= *fullest {
                *fullest = self.rows.iter().copied().max().unwrap_or(0);
            }
        }
        if needs & SECTORS != 0 {
            let n = &mut self.sectors[quadrant(cell)];
            *n = n.wrapping_add(by);
            self.values[FEWEST_AT] = self.sectors.iter().copied().min().unwrap_or(0);
        }
        if needs & FISHERMEN != 0 {
            let fishing = board.near_water.contains(cell) && !board.water.contains(cell);
            self.step(FISHERMEN_AT, by, fishing);
        }
        if needs & MINERS != 0 {
            self.step(MINERS_AT, by, board.near_mountain.contains(cell));
        }
        if needs & WORKERS != 0 {
            self.step(WORKERS_AT, by, board.near_special.contains(cell));
        }
    }

    /// The root of id `g`, halving the path on the way.
    #[inline(always)]
    fn find(&mut self, mut g: u8) -> u8 {
        loop {
            let p = self.parent[usize::from(g) % GROUP_SLOTS];
            if p == g || p == NONE {
                return g;
            }
            let grand = self.parent[usize::from(p) % GROUP_SLOTS];
            self.parent[usize::from(g) % GROUP_SLOTS] = grand;
            g = grand;
        }
    }

    /// A new group of `size` settlements touching the castle and location hexes `touches`;
    /// its id (`None` when the ids ran out).
    fn new_group(&mut self, size: u8, touches: u16) -> Option<u8> {
        let id = self.ids;
        let at = usize::from(id);
        if at >= GROUP_SLOTS {
            return None;
        }
        self.ids += 1;
        self.parent[at] = id;
        self.size[at] = size;
        self.touches[at] = touches;
        self.step(GROUPS_AT, 1, true);
        self.values[LARGEST_AT] = self.values[LARGEST_AT].max(size);
        Some(id)
    }

    /// Makes the group of root `g` part of the group of root `root`.
    #[inline(always)]
    fn absorb(&mut self, root: u8, g: u8) {
        let (r, gi) = (
            usize::from(root) % GROUP_SLOTS,
            usize::from(g) % GROUP_SLOTS,
        );
        self.parent[gi] = root;
        self.size[r] = self.size[r].saturating_add(self.size[gi]);
        self.touches[r] |= self.touches[gi];
        self.step(GROUPS_AT, u8::MAX, true);
    }

    /// Links the castle and location hexes of `hexes` (bits) and all theirs.
    fn link(&mut self, hexes: u16) {
        let mut joined = 0;
        let mut rest = hexes;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize % MAX_SPECIALS;
            joined |= self.links[k];
            rest &= !self.links[k];
        }
        let first = self.links[hexes.trailing_zeros() as usize % MAX_SPECIALS];
        if joined == first {
            return;
        }
        let mut rest = joined;
        while rest != 0 {
            self.links[rest.trailing_zeros() as usize % MAX_SPECIALS] = joined;
            rest &= rest - 1;
        }
        self.linked |= joined;
        self.values[LINKED_AT] = self.linked.count_ones() as u8;
    }

    /// The castle and location hexes linked again from every group's (after one lost some).
    fn relink(&mut self, links: &[u16; MAX_SPECIALS]) {
        self.unlink(links);
        for g in 0..usize::from(self.ids).min(GROUP_SLOTS) {
            if usize::from(self.parent[g]) == g && self.touches[g] != 0 {
                self.link(self.touches[g]);
            }
        }
    }

    /// The size of the largest group, found again (after the largest lost a settlement).
    fn find_largest(&mut self) {
        self.values[LARGEST_AT] = (0..usize::from(self.ids).min(GROUP_SLOTS))
            .filter(|&g| usize::from(self.parent[g]) == g)
            .map(|g| self.size[g])
            .max()
            .unwrap_or(0);
    }
}

impl ScoreCounts {
    /// The counts of `players`' settlements (one set per seat) on `board`, for the cards of
    /// `config`.
    pub(crate) fn of(board: &Board, config: &Config, players: &[Cells]) -> ScoreCounts {
        let needs = config.cards.iter().fold(0, |needs, card| {
            needs
                | match card {
                    Card::Discoverers | Card::Knights => ROWS,
                    Card::Lords => SECTORS | LORDS,
                    Card::Farmers => SECTORS,
                    Card::Fishermen => FISHERMEN,
                    Card::Miners => MINERS,
                    Card::Workers => WORKERS,
                    Card::Hermits | Card::Citizens => GROUPS,
                    Card::Merchants => GROUPS | LINKS,
                }
        });
        // Where each card's gold is kept, as (place, times, halved or not), so that a score
        // is three look-ups per seat (Lords, which compares the seats, aside).
        let gold = config.cards.map(|card| match card {
            Card::Fishermen => (FISHERMEN_AT as u8, 1, 0),
            Card::Merchants => (LINKED_AT as u8, 4, 0),
            Card::Discoverers => (ROWS_USED_AT as u8, 1, 0),
            Card::Hermits => (GROUPS_AT as u8, 1, 0),
            Card::Citizens => (LARGEST_AT as u8, 1, 1),
            Card::Miners => (MINERS_AT as u8, 1, 0),
            Card::Workers => (WORKERS_AT as u8, 1, 0),
            Card::Knights => (FULLEST_ROW_AT as u8, 2, 0),
            Card::Farmers => (FEWEST_AT as u8, 3, 0),
            Card::Lords => (NOTHING_AT as u8, 0, 0),
        });
        let specials = Specials::of(board);
        let mut counts = ScoreCounts {
            needs,
            gold,
            zero_counts: config.lords_zero_counts,
            lords: [[0; MAX_SEATS]; 4],
            lords_gold: [0; MAX_SEATS],
            group_of: [0; CELLS],
            seats: [SeatCounts::empty(&specials.links); MAX_SEATS],
            specials,
        };
        for seat in 0..MAX_SEATS {
            match players.get(seat) {
                Some(own) => counts.recount(board, seat, own),
                None => counts.total(seat),
            }
        }
        if needs & LORDS != 0 {
            for q in 0..4 {
                counts.settle_lords(q);
            }
        }
        counts
    }

    /// Seat `seat`'s gold for castles and the cards but Lords, from its counts
    /// ([`SeatCounts::total`]).
    #[inline(always)]
    fn total(&mut self, seat: usize) {
        let (gold, seats) = (&self.gold, &mut self.seats);
        if let Some(counts) = seats.get_mut(seat) {
            let v = &counts.values;
            let mut total = 3 * i32::from(v[CASTLES_AT]);
            for &(at, times, halve) in gold {
                total += i32::from(v[usize::from(at) % VALUES] >> halve) * i32::from(times);
            }
            counts.total = total;
        }
    }

    /// Counts seat `seat`'s settlements `own` from scratch.
    fn recount(&mut self, board: &Board, seat: usize, own: &Cells) {
        let Some(counts) = self.seats.get_mut(seat) else {
            return;
        };
        *counts = SeatCounts::empty(&self.specials.links);
        let mut placed = Cells::EMPTY;
        for cell in own.iter() {
            placed.insert(cell);
            self.count_placed(board, seat, &placed, cell);
        }
        self.total(seat);
    }

    /// Counts a settlement of seat `seat` placed on `cell` (`own`: its settlements, that one
    /// included). Not inlined: the kept counts stay out of the code of a placement, which
    /// most states never keep.
    #[inline(never)]
    pub(crate) fn add(&mut self, board: &Board, seat: usize, own: &Cells, cell: usize) {
        self.count_placed(board, seat, own, cell);
        self.settle(seat, cell);
    }

    /// After seat `seat`'s counts changed with a settlement on `cell`: its total, and the
    /// Lords gold of the cell's sector quadrant.
    #[inline(always)]
    fn settle(&mut self, seat: usize, cell: usize) {
        self.total(seat);
        if self.needs & LORDS != 0 {
            self.settle_lords(quadrant(cell));
        }
    }

    /// [`ScoreCounts::add`] but for the seat's total.
    #[inline(always)]
    fn count_placed(&mut self, board: &Board, seat: usize, own: &Cells, cell: usize) {
        let needs = self.needs;
        let Some(counts) = self.seats.get_mut(seat) else {
            return;
        };
        counts.tally(board, needs, cell, true);
        let specials = self.specials.near.get(cell).copied().unwrap_or(0);
        let castles = specials & self.specials.castles & !counts.touched;
        if castles != 0 {
            counts.values[CASTLES_AT] =
                counts.values[CASTLES_AT].wrapping_add(castles.count_ones() as u8);
        }
        counts.touched |= specials;
        if needs & GROUPS == 0 {
            return;
        }
        // The groups next to the hex become one, with it. Its neighbours lie within 21 cells
        // of it, so in two consecutive words of the sets.
        let base = cell.saturating_sub(SIDE + 1) / 64 % 6;
        let (near, mine) = (NEIGHBOURS[cell % CELLS].words(), own.words());
        let mut next = [near[base] & mine[base], near[base + 1] & mine[base + 1]];
        let mut root = NONE;
        let mut joined = false;
        for (w, bits) in next.iter_mut().enumerate() {
            while *bits != 0 {
                let at = (base + w) * 64 + bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                let g = counts.find(self.group_of[at % CELLS]);
                if root == NONE {
                    root = g;
                } else if g != root {
                    counts.absorb(root, g);
                    joined = true;
                }
            }
        }
        if root == NONE {
            match counts.new_group(0, 0) {
                Some(id) => root = id,
                None => return self.recount(board, seat, own),
            }
        }
        let r = usize::from(root) % GROUP_SLOTS;
        counts.size[r] = counts.size[r].saturating_add(1);
        counts.values[LARGEST_AT] = counts.values[LARGEST_AT].max(counts.size[r]);
        counts.touches[r] |= specials;
        self.group_of[cell % CELLS] = root;
        if needs & LINKS != 0 && (specials != 0 || joined) && counts.touches[r] != 0 {
            counts.link(counts.touches[r]);
        }
    }

    /// Uncounts a settlement of seat `seat` lifted from `cell` (`own`: the settlements it has
    /// left). Its group loses a settlement; if the settlement held parts of its group together
    /// (its neighbours of the seat are more than one run of hexes around it), the parts become
    /// groups of their own; if it touched castle or location hexes, what its group touches
    /// and links is found again.
    #[inline(never)]
    pub(crate) fn remove(&mut self, board: &Board, seat: usize, own: &Cells, cell: usize) {
        self.count_lifted(board, seat, own, cell);
        self.settle(seat, cell);
    }

    /// [`ScoreCounts::remove`] but for the seat's total.
    fn count_lifted(&mut self, board: &Board, seat: usize, own: &Cells, cell: usize) {
        let needs = self.needs;
        let Some(counts) = self.seats.get_mut(seat) else {
            return;
        };
        counts.tally(board, needs, cell, false);
        let specials = self.specials.near.get(cell).copied().unwrap_or(0);
        // The castle and location hexes it touched stay touched if a settlement left touches
        // them.
        let mut rest = specials;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let at = self.specials.cells[k % MAX_SPECIALS];
            if !NEIGHBOURS[usize::from(at) % CELLS].intersects(own) {
                counts.touched &= !(1 << k);
            }
        }
        if specials & self.specials.castles != 0 {
            counts.values[CASTLES_AT] = (counts.touched & self.specials.castles).count_ones() as u8;
        }
        if needs & GROUPS == 0 {
            return;
        }
        let g = counts.find(self.group_of[cell % CELLS]);
        let r = usize::from(g) % GROUP_SLOTS;
        let size = counts.size[r];
        // Which neighbours of the seat it had, direction by direction.
        let ring = (STEPS.get(cell).into_iter().flatten().enumerate())
            .filter(|&(_, &next)| own.contains(usize::from(next)))
            .fold(0usize, |ring, (d, _)| ring | 1 << d);
        if ring == 0 {
            counts.size[r] = 0;
            counts.touches[r] = 0;
            counts.step(GROUPS_AT, u8::MAX, true);
            if needs & LINKS != 0 && specials != 0 {
                counts.relink(&self.specials.links);
            }
        } else if RUNS[ring % 64] == 1 && specials == 0 {
            counts.size[r] = size.saturating_sub(1);
        } else {
            // The group found again from each run of neighbours: one group or several.
            counts.size[r] = 0;
            counts.touches[r] = 0;
            counts.step(GROUPS_AT, u8::MAX, true);
            let own_rows = rows(own);
            let mut found = Cells::EMPTY;
            for (d, &next) in STEPS.get(cell).into_iter().flatten().enumerate() {
                let next = usize::from(next);
                if ring & 1 << d == 0 || found.contains(next) {
                    continue;
                }
                let part = group_at(&own_rows, next / SIDE, next % SIDE);
                let mut size = 0u8;
                let mut touches = 0;
                let id = counts.ids;
                for (k, &bits) in part.rows.iter().enumerate().take(part.bottom + 1) {
                    let mut rest = bits;
                    while rest != 0 {
                        let at = k * SIDE + rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        found.insert(at);
                        self.group_of[at % CELLS] = id;
                        touches |= self.specials.near[at % CELLS];
                        size = size.saturating_add(1);
                    }
                }
                if counts.new_group(size, touches).is_none() {
                    return self.recount(board, seat, own);
                }
            }
            if needs & LINKS != 0 {
                counts.relink(&self.specials.links);
            }
        }
        if size >= counts.values[LARGEST_AT] {
            counts.find_largest();
        }
    }

    /// Every seat's score: 3 per castle next to its settlements and the config's three cards
    /// (the scores [`crate::scoring`] counts from the board), for the first `config.seats`
    /// seats.
    pub(crate) fn scores(&self, config: &Config) -> [i32; MAX_SEATS] {
        let players = usize::from(config.seats);
        std::array::from_fn(|s| (self.seats[s].total + self.lords_gold[s]) * i32::from(s < players))
    }

    /// The Lords gold of sector quadrant `q` given again after a seat's count there changed:
    /// 12 to every seat with the most settlements, 6 to every seat with the most below those
    /// ([`crate::scoring::lords_gold`] for all seats at once). The seats past the players
    /// count nothing anywhere: as 0s they change no player's gold (a player with 0 ties with
    /// them), and their scores are never read.
    fn settle_lords(&mut self, q: usize) {
        let q = q % 4;
        let c: [u8; MAX_SEATS] = std::array::from_fn(|s| self.seats[s].sectors[q]);
        let most = c[0].max(c[1]).max(c[2].max(c[3]));
        // The most below `most` (0 when there is none: then no count equals it below `most`).
        let below = |x: u8| if x < most { x } else { 0 };
        let second = below(c[0])
            .max(below(c[1]))
            .max(below(c[2]).max(below(c[3])));
        for (s, &mine) in c.iter().enumerate() {
            let gold: u8 = if mine == most {
                12
            } else if mine == second {
                6
            } else {
                0
            };
            let scores = most > 0 && (mine > 0 || self.zero_counts);
            let gold = if scores { gold } else { 0 };
            let before = std::mem::replace(&mut self.lords[q][s], gold);
            self.lords_gold[s] += i32::from(gold) - i32::from(before);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A settlement placed alone and lifted again, over and over, uses up the union-find's
    /// ids: the seat is then counted from scratch, and its counts stay those of a fresh count.
    #[test]
    fn ids_used_up_by_lifted_settlements_are_counted_anew() {
        let mut config = Config::first_game(2);
        config.cards = [Card::Hermits, Card::Citizens, Card::Merchants];
        let board = Board::new(&config.board);
        let fresh = |own: Cells| ScoreCounts::of(&board, &config, &[own, Cells::EMPTY]);
        let (kept, alone) = (0, 10 * SIDE + 10);
        let mut own = Cells::EMPTY;
        own.insert(kept);
        let mut counts = fresh(own);
        for _ in 0..3 * GROUP_SLOTS {
            own.insert(alone);
            counts.add(&board, 0, &own, alone);
            assert_eq!(counts.scores(&config), fresh(own).scores(&config));
            own.remove(alone);
            counts.remove(&board, 0, &own, alone);
            assert_eq!(counts.scores(&config), fresh(own).scores(&config));
            assert!(usize::from(counts.seats[0].ids) <= GROUP_SLOTS);
        }
    }
}
