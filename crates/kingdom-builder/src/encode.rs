//! Fixed action ids and the observation tensor ([`dicecore::Encode`]), documented on the
//! impl for [`State`].

use crate::action::Action;
use crate::board::{field_at, Cell, Cells, Field, Terrain, Tile, CELLS};
use crate::scoring::Card;
use crate::state::{Phase, State, MANDATORY, MAX_SEATS, SETTLEMENTS};
use crate::view::View;
use crate::Config;
use dicecore::{Encode, Seat};

/// The building tiles, in the order of their id blocks.
const BUILD_TILES: [Tile; 5] = [
    Tile::Oracle,
    Tile::Farm,
    Tile::Oasis,
    Tile::Tower,
    Tile::Tavern,
];
/// The moving tiles, in the order of their id blocks.
const MOVE_TILES: [Tile; 3] = [Tile::Barn, Tile::Harbor, Tile::Paddock];

const DRAWS: usize = 5;
const BUILD: usize = DRAWS;
const TILE_BUILD: usize = BUILD + CELLS;
const LIFT: usize = TILE_BUILD + BUILD_TILES.len() * CELLS;
const MOVE_TO: usize = LIFT + MOVE_TILES.len() * CELLS;
const END_TURN: usize = MOVE_TO + CELLS;
const ACTIONS: usize = END_TURN + 1;

// Planes of 400 entries (row-major), then the scalars.
const TERRAIN_PLANES: usize = 0; // 5 land, water, mountain, castle
const LOCATION_PLANES: usize = TERRAIN_PLANES + 8; // one per location kind
const TILES_LEFT_PLANE: usize = LOCATION_PLANES + 8;
const SETTLEMENT_PLANES: usize = TILES_LEFT_PLANE + 1;
const HELD_PLANES: usize = SETTLEMENT_PLANES + MAX_SEATS;
const TAKEN_PLANES: usize = HELD_PLANES + MAX_SEATS;
const LIFTED_PLANE: usize = TAKEN_PLANES + MAX_SEATS;
const PLANES: usize = LIFTED_PLANE + 1;

/// Scores are divided by this in the tensor.
const SCORE_SCALE: f32 = 100.0;

/// No score passes this (see [`Encode::observation_bounds`]).
const MAX_SCORE: f32 = 160.0;

/// Whether some state of `config` could list `action` (its tile is on the board, its hex can
/// hold what the action puts or takes there).
fn possible(config: &Config, action: &Action) -> bool {
    let has_tile = |t: Tile| config.board.iter().any(|p| p.sector == t);
    let hex = |c: Cell| field_at(&config.board, c);
    let land = |c: Cell| matches!(hex(c), Some(Field::Land(_)));
    let settleable = |c: Cell| matches!(hex(c), Some(Field::Land(_) | Field::Water));
    match *action {
        Action::Draw(_) | Action::EndTurn(_) => true,
        Action::Build { cell, .. } => land(cell),
        Action::TileBuild { tile, cell, .. } => {
            has_tile(tile)
                && match tile {
                    Tile::Oracle | Tile::Tavern => land(cell),
                    Tile::Farm => hex(cell) == Some(Field::Land(Terrain::Grass)),
                    Tile::Oasis => hex(cell) == Some(Field::Land(Terrain::Desert)),
                    Tile::Tower => land(cell) && crate::board::EDGE.contains(cell.index()),
                    Tile::Barn | Tile::Harbor | Tile::Paddock => false,
                }
        }
        Action::Lift { tile, from, .. } => tile.moves() && has_tile(tile) && settleable(from),
        Action::MoveTo { cell, .. } => settleable(cell),
    }
}

/// Writes one plane: 1 on the hexes of `cells`, 0 on the others, each entry once, 32 at a time
/// from half a word of the set (vector stores, no branch per hex).
fn write_plane(plane: &mut [f32], cells: &Cells) {
    let mut halves = cells
        .words()
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32]);
    let (full, rest) = plane.as_chunks_mut::<32>();
    for chunk in full {
        expand(chunk, halves.next().unwrap_or(0));
    }
    expand(rest, halves.next().unwrap_or(0));
}

/// Entry `j` of `out`: 1 if bit `j` of `half` is set, else 0.
#[inline(always)]
fn expand(out: &mut [f32], half: u32) {
    for (j, o) in out.iter_mut().enumerate().take(32) {
        *o = if half & (1 << j) != 0 { 1.0 } else { 0.0 };
    }
}

// Every game's `Encode` impl starts alike (its own constants for the sizes of the id
// spaces); the ids and layouts are this game's own and must not move.
/// Kingdom Builder's action ids and observation tensor.
///
/// **Action ids** (4,006 in all, the same layout for every config; blocks of 400 follow the
/// board's hexes, id = block start + `row * 20 + col`, so a policy can be read as 20×20
/// planes):
///
/// | ids | action |
/// |---|---|
/// | 0–4 | chance: [`Action::Draw`] of grass, flower field, forest, canyon, desert |
/// | 5–404 | [`Action::Build`] (the mandatory build) on a hex |
/// | 405–2404 | [`Action::TileBuild`] with the Oracle, Farm, Oasis, Tower, Tavern (one block each) |
/// | 2405–3604 | [`Action::Lift`] with the Barn, Harbor, Paddock (one block each) |
/// | 3605–4004 | [`Action::MoveTo`] a hex |
/// | 4005 | [`Action::EndTurn`] |
///
/// Only ids of actions some state of the config could list decode to an action: a tile whose
/// sector is on the board, a hex that can hold the settlement (a build on land, the Farm on
/// grass, the Oasis on desert, the Tower on the board edge; a lift from or a move to land or
/// water). The others decode to `None`, and [`Encode::action_id`] of such an action is `None`.
///
/// **Observation** of a seat: a flat tensor of 12,112 entries read from its [`View`]. Seats
/// are counted from the observer (the observer first, then clockwise); the blocks of seats not
/// at the table are zero. The first 30 blocks are planes of 400 entries, one per hex
/// (`row * 20 + col`):
///
/// | planes | meaning |
/// |---|---|
/// | 0–4 | 1 on grass, flower field, forest, canyon, desert hexes |
/// | 5, 6, 7 | 1 on water, mountain, castle hexes |
/// | 8–15 | 1 on the location hexes of the Oracle, Farm, Oasis, Tower, Tavern, Barn, Harbor, Paddock |
/// | 16 | tiles left on each location hex, / 2 |
/// | 17–20 | 1 where a settlement of that seat stands |
/// | 21–24 | 1 on the location hexes whose tile that seat holds |
/// | 25–28 | 1 on the location hexes that seat ever took a tile from (no second tile there) |
/// | 29 | 1 on the hex a settlement being moved was lifted from |
///
/// Then, from entry 12,000:
///
/// | entries | meaning |
/// |---|---|
/// | 12000–12004 | one-hot of the observer's own terrain card (grass … desert) |
/// | 12005–12009 | one-hot of the active player's card while it plays (public) |
/// | 12010–12014 | one-hot of the phase: deal, play, redraw, refill, over |
/// | 12015–12018 | one-hot of the active seat (zero once the game is over) |
/// | 12019 | mandatory placements left this turn, / 3 |
/// | 12020–12027 | the active seat's tile uses left this turn per kind (Oracle … Paddock), / 2 |
/// | 12028–12030 | one-hot of the tile moving a lifted settlement (Barn, Harbor, Paddock) |
/// | 12031 | 1 in the last round |
/// | 12032–12035 | settlements left in each seat's supply, / 40 |
/// | 12036–12039 | each seat's score, / 100 |
/// | 12040–12071 | per seat (8 each), the tiles held per kind (Oracle … Paddock), / 2 |
/// | 12072–12075 | 1 for each seat holding a card the observer cannot see |
/// | 12076–12079 | 1 for each such seat whose card was drawn before the last reshuffle |
/// | 12080–12084 | those earlier hands' cards together, per terrain, / 5 |
/// | 12085–12089 | cards the observer has not seen (draw pile and newer hidden hands), per terrain, / 5 |
/// | 12090 | cards in the draw pile, / 25 |
/// | 12091–12095 | the discard pile per terrain, / 5 |
/// | 12096–12105 | 1 for each Kingdom Builder card in play (Fishermen, Merchants, Discoverers, Hermits, Citizens, Miners, Workers, Knights, Lords, Farmers) |
/// | 12106, 12107 | the flags `redraw_for_extra_actions`, `lords_zero_counts` |
/// | 12108–12111 | 1 for each seat at the table |
///
/// ```
/// use dicecore::{Encode, Game, Seat};
/// use kingdom_builder::{Action, Cell, Config, State, Tile};
/// let config = Config::first_game(3);
/// let build = Action::Build { seat: Seat(2), cell: Cell::at(1, 3).unwrap() };
/// assert_eq!(State::action_id(&config, &build), Some(5 + 23));
/// assert_eq!(State::action_from_id(&config, Seat(2), 28), Some(build));
/// // The Oracle's sector is not on the first game's board.
/// let oracle = Action::TileBuild { seat: Seat(0), tile: Tile::Oracle, cell: Cell(23) };
/// assert_eq!(State::action_id(&config, &oracle), None);
/// assert_eq!(State::num_distinct_actions(&config), 4006);
/// assert_eq!(State::observation_len(&config), 12112);
/// ```
impl Encode for State {
    fn max_chance_outcomes(_: &Config) -> usize {
        DRAWS
    }

    fn num_distinct_actions(_: &Config) -> usize {
        ACTIONS
    }

    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        if !possible(config, action) {
            return None;
        }
        let block = |tiles: &[Tile], t: Tile| tiles.iter().position(|&k| k == t);
        Some(match *action {
            Action::Draw(t) => t as usize,
            Action::Build { cell, .. } => BUILD + cell.index(),
            Action::TileBuild { tile, cell, .. } => {
                TILE_BUILD + block(&BUILD_TILES, tile)? * CELLS + cell.index()
            }
            Action::Lift { tile, from, .. } => {
                LIFT + block(&MOVE_TILES, tile)? * CELLS + from.index()
            }
            Action::MoveTo { cell, .. } => MOVE_TO + cell.index(),
            Action::EndTurn(_) => END_TURN,
        })
    }

    fn action_from_id(config: &Config, seat: Seat, id: usize) -> Option<Action> {
        let cell = |base: usize| Cell(((id - base) % CELLS) as u16);
        let action = match id {
            0..DRAWS => Action::Draw(Terrain::ALL[id]),
            BUILD..TILE_BUILD => Action::Build {
                seat,
                cell: cell(BUILD),
            },
            TILE_BUILD..LIFT => Action::TileBuild {
                seat,
                tile: BUILD_TILES[(id - TILE_BUILD) / CELLS],
                cell: cell(TILE_BUILD),
            },
            LIFT..MOVE_TO => Action::Lift {
                seat,
                tile: MOVE_TILES[(id - LIFT) / CELLS],
                from: cell(LIFT),
            },
            MOVE_TO..END_TURN => Action::MoveTo {
                seat,
                cell: cell(MOVE_TO),
            },
            END_TURN => Action::EndTurn(seat),
            _ => return None,
        };
        possible(config, &action).then_some(action)
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![layout().len]
    }

    /// Every entry lies in 0..=1 but the scores (/ 100), which lie in 0..=1.6: castles score
    /// at most 3 × 8 (8 castle hexes on a board of 4 sectors) and the three cards at most
    /// 48 (Lords: 12 in each of 4 sectors; Merchants: 4 for each of 12 special hexes) +
    /// 48 + 40 (any other card: 1 per settlement of 40, Knights 2 per settlement of a row of
    /// 20), 160 in all.
    fn observation_bounds(_: &Config) -> (Vec<f32>, Vec<f32>) {
        let at = layout();
        let (low, mut high) = dicecore::encode::unit_bounds(at.len);
        high[at.scores..at.scores + MAX_SEATS].fill(MAX_SCORE / SCORE_SCALE);
        (low, high)
    }

    fn encode_view(config: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        let at = layout();
        if out.len() < at.len {
            out.fill(0.0);
            return;
        }
        let (out, beyond) = out.split_at_mut(at.len);
        beyond.fill(0.0);
        let n = (config.seats as usize).clamp(1, MAX_SEATS);
        // The seat `k` places clockwise from the observer.
        let rel = |k: usize| (seat.index() + k) % n;
        let one_hot = |out: &mut [f32], from: usize, k: Option<usize>| {
            if let Some(k) = k {
                out[from + k] = 1.0;
            }
        };
        // The planes, each written once from the set of its hexes (the view's own board, not
        // one looked up by the config).
        let board = &*view.board;
        let mut planes = [Cells::EMPTY; PLANES];
        planes[TERRAIN_PLANES..TERRAIN_PLANES + 5].copy_from_slice(&board.land);
        planes[TERRAIN_PLANES + 5] = board.water;
        planes[TERRAIN_PLANES + 6] = board.mountain;
        planes[TERRAIN_PLANES + 7] = board.castles;
        for &(cell, tile) in board.locations() {
            planes[LOCATION_PLANES + tile as usize].insert(cell.index());
        }
        for k in 0..n {
            let s = rel(k);
            if let Some(own) = view.settlements.get(s) {
                planes[SETTLEMENT_PLANES + k] = *own;
            }
            for &(cell, _) in view.held.get(s).map_or(&[][..], Vec::as_slice) {
                planes[HELD_PLANES + k].insert(cell.index() % CELLS);
            }
            for &(cell, _) in view.taken.get(s).map_or(&[][..], Vec::as_slice) {
                planes[TAKEN_PLANES + k].insert(cell.index() % CELLS);
            }
        }
        if let Some((_, cell)) = view.lifted.filter(|(_, c)| c.on_board()) {
            planes[LIFTED_PLANE].insert(cell.index());
        }
        for (plane, cells) in out[..at.hand].chunks_exact_mut(CELLS).zip(&planes) {
            write_plane(plane, cells);
        }
        for &(cell, _, left) in &view.locations {
            if cell.on_board() {
                out[TILES_LEFT_PLANE * CELLS + cell.index()] = f32::from(left) / 2.0;
            }
        }
        out[at.hand..].fill(0.0);
        let mut earlier = [0u8; 5];
        for (_, cards) in &view.earlier_hands {
            for (e, c) in earlier.iter_mut().zip(cards) {
                *e = e.saturating_add(*c);
            }
        }
        for k in 0..n {
            let s = rel(k);
            out[at.seated + k] = 1.0;
            for &(_, tile) in view.held.get(s).map_or(&[][..], Vec::as_slice) {
                out[at.held_kinds + 8 * k + tile as usize] += 0.5;
            }
            let supply = view.supply.get(s).copied().unwrap_or(0);
            out[at.supply + k] = f32::from(supply) / f32::from(SETTLEMENTS);
            out[at.scores + k] = view.scores.get(s).copied().unwrap_or(0) as f32 / SCORE_SCALE;
            if view.hidden_hands.get(s).copied().unwrap_or(false) {
                out[at.hidden + k] = 1.0;
                if view.hand_age.get(s).copied().unwrap_or(0) > 0 {
                    out[at.earlier_seats + k] = 1.0;
                }
            }
            if view.phase != Phase::Over && view.active.index() == s {
                out[at.active + k] = 1.0;
            }
        }
        if let Some((tile, _)) = view.lifted {
            one_hot(
                out,
                at.lifted_tile,
                MOVE_TILES.iter().position(|&t| t == tile),
            );
        }
        one_hot(out, at.hand, view.hand.map(|t| t as usize));
        one_hot(out, at.revealed, view.revealed.map(|t| t as usize));
        let step = match view.phase {
            Phase::Deal => 0,
            Phase::Play => 1,
            Phase::Redraw => 2,
            Phase::Refill => 3,
            Phase::Over => 4,
        };
        out[at.step + step] = 1.0;
        out[at.mandatory] = f32::from(view.mandatory_left) / f32::from(MANDATORY);
        for (k, u) in view.uses_left.iter().enumerate() {
            out[at.uses + k] = f32::from(*u) / 2.0;
        }
        out[at.final_round] = f32::from(u8::from(view.final_round));
        for t in 0..5 {
            out[at.earlier_cards + t] = f32::from(earlier[t]) / 5.0;
            out[at.unseen + t] = f32::from(view.unseen[t]) / 5.0;
            out[at.discards + t] = f32::from(view.discards[t]) / 5.0;
        }
        out[at.pile] = f32::from(view.pile_size) / 25.0;
        for card in config.cards {
            out[at.cards + card as usize] = 1.0;
        }
        out[at.flags] = f32::from(u8::from(config.redraw_for_extra_actions));
        out[at.flags + 1] = f32::from(u8::from(config.lords_zero_counts));
    }
}

/// Where each scalar part of the observation starts (after the planes), and its length.
struct Layout {
    hand: usize,
    revealed: usize,
    step: usize,
    active: usize,
    mandatory: usize,
    uses: usize,
    lifted_tile: usize,
    final_round: usize,
    supply: usize,
    scores: usize,
    held_kinds: usize,
    hidden: usize,
    earlier_seats: usize,
    earlier_cards: usize,
    unseen: usize,
    pile: usize,
    discards: usize,
    cards: usize,
    flags: usize,
    seated: usize,
    len: usize,
}

/// The observation's layout (the same for every config).
const fn layout() -> Layout {
    let hand = PLANES * CELLS;
    let revealed = hand + 5;
    let step = revealed + 5;
    let active = step + 5;
    let mandatory = active + MAX_SEATS;
    let uses = mandatory + 1;
    let lifted_tile = uses + 8;
    let final_round = lifted_tile + MOVE_TILES.len();
    let supply = final_round + 1;
    let scores = supply + MAX_SEATS;
    let held_kinds = scores + MAX_SEATS;
    let hidden = held_kinds + MAX_SEATS * 8;
    let earlier_seats = hidden + MAX_SEATS;
    let earlier_cards = earlier_seats + MAX_SEATS;
    let unseen = earlier_cards + 5;
    let pile = unseen + 5;
    let discards = pile + 1;
    let cards = discards + 5;
    let flags = cards + Card::ALL.len();
    let seated = flags + 2;
    Layout {
        hand,
        revealed,
        step,
        active,
        mandatory,
        uses,
        lifted_tile,
        final_round,
        supply,
        scores,
        held_kinds,
        hidden,
        earlier_seats,
        earlier_cards,
        unseen,
        pile,
        discards,
        cards,
        flags,
        seated,
        len: seated + MAX_SEATS,
    }
}
