//! Fixed action ids and the observation tensor ([`dicecore::Encode`]), documented on the impl
//! for [`State`].

use crate::config::SoloStuck;
use crate::formation::{Formation, Roll};
use crate::geometry::tables;
use crate::grid::{Marks, CELLS};
use crate::state::{Phase, View};
use crate::{Action, Config, State, SOLO_BOXES};
use dicecore::faces::Symbol;
use dicecore::square::Tetromino;
use dicecore::{Encode, Seat};
use std::sync::OnceLock;

/// Chance ids: the 15 rolls.
const ROLLS: usize = 15;
/// First id of an arrangement.
const ARRANGE: usize = ROLLS;
/// Distinct formations (canonical forms) of all rolls.
const FORMATIONS: usize = 402;
/// The id of a pass.
const PASS: usize = ARRANGE + FORMATIONS;
/// First id of an entry.
const ENTER: usize = PASS + 1;

/// Cells of a seat's block of the tensor: one plane of 49 cells per symbol.
const CARD_LEN: usize = 3 * CELLS;
/// Entries after the cards that do not depend on the player count: roll, formation, phase,
/// scale, turn number.
const FORMATION_LEN: usize = Tetromino::ALL.len() + 4 * 3;
/// Scores are divided by this.
const SCORE_SCALE: f32 = 100.0;
/// Turn numbers are clamped to this and divided by it.
const ROUND_SCALE: u32 = 49;

/// The cell sets an entry can fill and the formations, numbered once.
struct Tables {
    /// `sets[k]`: every set of `k` cells that some placement of a tetromino fills (hanging
    /// over the edge for `k` < 4), as sorted bit masks.
    sets: [Vec<u64>; 5],
    /// Id offset (from [`ENTER`]) of the first set of each size; sizes run 4, 3, 2, 1.
    base: [usize; 5],
    /// Number of entry ids.
    entries: usize,
    /// The canonical formations, sorted.
    formations: Vec<Formation>,
}

fn ids() -> &'static Tables {
    static IDS: OnceLock<Tables> = OnceLock::new();
    IDS.get_or_init(|| {
        let mut sets: [Vec<u64>; 5] = Default::default();
        for o in &tables().orientations {
            for p in &o.placements {
                sets[p.count as usize].push(p.union);
            }
        }
        for s in sets.iter_mut() {
            s.sort_unstable();
            s.dedup();
        }
        let mut base = [0usize; 5];
        let mut next = 0;
        for k in (1..=4).rev() {
            base[k] = next;
            next += sets[k].len() * 3usize.pow(k as u32);
        }
        let mut formations = Vec::new();
        for (roll, _) in Roll::outcomes() {
            Formation::all_of(*roll, |f| formations.push(f));
        }
        formations.sort_unstable();
        Tables {
            sets,
            base,
            entries: next,
            formations,
        }
    })
}

/// The number of distinct entries (ids of [`Action::Enter`]).
fn entry_ids() -> usize {
    ids().entries
}

/// The id (from [`ENTER`]) of an entry writing `marks`, if some placement could write it.
fn entry_id(marks: &Marks) -> Option<usize> {
    if !marks.is_well_formed() {
        return None;
    }
    let t = ids();
    let cells = marks.cells();
    let k = cells.count();
    let union = cells.words()[0];
    let rank = t.sets.get(k)?.binary_search(&union).ok()?;
    let code = cells.iter().fold(0usize, |acc, i| {
        let s = Symbol::ALL
            .iter()
            .position(|&s| marks.cells_of(s).contains(i))
            .unwrap_or(0);
        acc * 3 + s
    });
    Some(t.base[k] + rank * 3usize.pow(k as u32) + code)
}

/// The entry of an id (from [`ENTER`]).
fn entry_of(id: usize) -> Option<Marks> {
    let t = ids();
    let k = (1..=4)
        .find(|&k| id >= t.base[k] && id - t.base[k] < t.sets[k].len() * 3usize.pow(k as u32))?;
    let per = 3usize.pow(k as u32);
    let (rank, mut code) = ((id - t.base[k]) / per, (id - t.base[k]) % per);
    let union = t.sets[k][rank];
    let mut bits = [0u64; 3];
    // The code reads the symbols in row-major order, the first cell most significant: take
    // the digits from the last cell back.
    let mut rest = union;
    while rest != 0 {
        let i = 63 - rest.leading_zeros();
        rest &= !(1 << i);
        bits[code % 3] |= 1 << i;
        code /= 3;
    }
    Some(Marks::from_bits(bits))
}

/// The cell printed on every card, which no entry can ever fill.
fn printed_everywhere(config: &Config) -> Option<usize> {
    let first = config.cards.first()?.start_cell?;
    config
        .cards
        .iter()
        .all(|c| c.start_cell == Some(first) && c.start_symbol.is_some())
        .then_some(first.index())
}

/// Whether a seat of this config could ever pass.
fn may_ever_pass(config: &Config) -> bool {
    !config.is_solo() || config.solo_stuck == SoloStuck::Pass
}

/// Mosaix's action ids and observation tensor.
///
/// **Action ids.** The same ids serve every config (a card's printed cell never shifts them);
/// the only difference is that the solo game has one more id, for [`Action::End`]: 50,458 ids
/// with 2–4 players, 50,459 solo.
///
/// | ids | action |
/// |---|---|
/// | 0–14 | chance: [`Action::Roll`], in the order of [`Roll::outcomes`] (`o o o o` first, `x x x x` last) |
/// | 15–416 | [`Action::Arrange`] of the 402 formations, in the order of [`Formation`]'s `Ord`: shape I O T S Z L J (45, 24, 81, 45, 45, 81, 81 formations), then the symbols of the canonical form, circle < triangle < cross |
/// | 417 | [`Action::Pass`] |
/// | 418–50,457 | [`Action::Enter`], below |
/// | 50,458 | [`Action::End`] (solo only) |
///
/// An entry is a set of cells and the symbols on them. Every set of cells that some
/// tetromino placement fills is numbered once: the 572 sets of 4 cells (a tetromino wholly on
/// the card), then the 120 sets of 3 cells, the 44 sets of 2 cells and the 24 sets of 1 cell
/// that stay on the card when the rest hangs over the edge; within each size in increasing
/// order of their bit masks (cell `(row, col)` is bit `row * 7 + col`). Every symbol
/// assignment of such a set is an entry of some formation, so a set of `k` cells has `3^k`
/// ids: the symbols read in row-major order as a base-3 number, circle 0, triangle 1, cross 2,
/// the first cell most significant. Entries of 4 cells take the ids 418–46,749 (572 × 81), of
/// 3 cells 46,750–49,989 (120 × 27), of 2 cells 49,990–50,385 (44 × 9), of 1 cell
/// 50,386–50,457 (24 × 3). Two placements that write the same symbols on the same cells are
/// one action and have one id; no smaller numbering is possible, since every one of these
/// entries is legal in some position.
///
/// `action_id` is `None` for an action no state of the config can list: a seat not at the
/// table, an unsorted roll, a formation not in canonical form, cells no placement fills, an
/// entry on the cell printed on every card, [`Action::End`] with 2–4 players, and
/// [`Action::Pass`] in a solo game with [`SoloStuck::EndGame`]; `action_from_id` is `None`
/// for the ids of those (417 in such a solo game, the entries over the printed cell) and for
/// any id for a seat not at the table.
///
/// **Observation** of a seat: a flat tensor read from its [`View`], seats counted from the
/// observer's (its own first, then clockwise). With `n` players it has `150 · n + 40` entries
/// (190, 340, 490, 640):
///
/// | entries | meaning |
/// |---|---|
/// | `147 k` … `147 k + 146` | the card of seat `k` from the observer: 1 where circle (first 49), triangle (next 49), cross (last 49) is on cell `row * 7 + col`. The observer's card is as it is; the others' as they were when the turn began (their entries of this turn are hidden until everyone has entered) |
/// | `147 n` + 0–14 | one-hot of the pending roll (while arranging) or of the formation's roll (while entering), in the order of the roll ids |
/// | `147 n + 15` + 0–6 | one-hot of the formation's shape (I O T S Z L J) while entering |
/// | `147 n + 22` + 0–11 | the formation's symbols, canonical form, one-hot per base cell of the shape (`3 i + symbol` for cell `i` of `Tetromino::cells`) while entering |
/// | `147 n + 34` + 0–3 | one-hot of the phase: roll, arrange, enter, over |
/// | `147 n + 38` + `k` | 1 for the roller (seat `k` from the observer) |
/// | `147 n + 38 + n` + `k` | 1 for a seat still to enter the formation |
/// | `147 n + 38 + 2n` + `k` | the seat's score on the card the observer sees, divided by 100 (solo: with the free boxes) |
/// | `147 n + 38 + 3n` | solo: free boxes of the scale, divided by 8 (0 with 2–4 players) |
/// | `147 n + 39 + 3n` | turn number, divided by 49 (at most 1) |
///
/// ```
/// use dicecore::{Encode, Game, Seat};
/// use mosaix::{Action, Cell, Marks, State, Symbol::*};
/// let config = State::standard_config(2, 1).unwrap();
/// assert_eq!(State::num_distinct_actions(&config), 50_458);
/// let marks = Marks::from_cells([(Cell::new(0, 0), Cross)]).unwrap();
/// let enter = Action::Enter { seat: Seat(1), marks };
/// let id = State::action_id(&config, &enter).unwrap();
/// assert_eq!(State::action_from_id(&config, Seat(1), id), Some(enter));
/// assert_eq!(State::observation_len(&config), 340);
/// ```
impl Encode for State {
    fn max_chance_outcomes(_: &Config) -> usize {
        ROLLS
    }

    fn num_distinct_actions(config: &Config) -> usize {
        ENTER + entry_ids() + usize::from(config.is_solo())
    }

    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        if action.seat().is_some_and(|s| s.0 >= config.seats) {
            return None;
        }
        match action {
            Action::Roll(roll) => roll.outcome_index(),
            Action::Arrange { formation, .. } => {
                let rank = ids().formations.binary_search(formation).ok()?;
                Some(ARRANGE + rank)
            }
            Action::Pass { .. } => may_ever_pass(config).then_some(PASS),
            Action::Enter { marks, .. } => {
                if printed_everywhere(config).is_some_and(|c| marks.cells().contains(c)) {
                    return None;
                }
                entry_id(marks).map(|i| ENTER + i)
            }
            Action::End { .. } => config.is_solo().then(|| ENTER + entry_ids()),
        }
    }

    fn action_from_id(config: &Config, seat: Seat, id: usize) -> Option<Action> {
        let end = ENTER + entry_ids();
        let action = match id {
            0..ROLLS => Action::Roll(Roll::outcomes()[id].0),
            ARRANGE..PASS => Action::Arrange {
                seat,
                formation: *ids().formations.get(id - ARRANGE)?,
            },
            PASS => Action::Pass { seat },
            _ if id < end => Action::Enter {
                seat,
                marks: entry_of(id - ENTER)?,
            },
            _ if id == end && config.is_solo() => Action::End { seat },
            _ => return None,
        };
        // An id this config cannot produce (a solo pass under `SoloStuck::EndGame`, an entry
        // on the cell printed on every card) names no action.
        (Self::action_id(config, &action) == Some(id)).then_some(action)
    }

    fn observation_shape(config: &Config) -> Vec<usize> {
        vec![layout(config.seats).len]
    }

    /// Every entry lies in 0..=1 but the scores (/ 100), which lie in 0..=4.49: a card of 49
    /// cells has at most 9 areas of 5 cells or more, so each symbol scores at most 9 × its
    /// cells and the card 9 × 49 = 441, plus 8 free boxes of the solo scale.
    fn observation_bounds(config: &Config) -> (Vec<f32>, Vec<f32>) {
        let at = layout(config.seats);
        let (low, mut high) = dicecore::encode::unit_bounds(at.len);
        let most = (9 * 49 + u32::from(SOLO_BOXES)) as f32 / SCORE_SCALE;
        high[at.scores..at.scores + usize::from(config.seats)].fill(most);
        (low, high)
    }

    fn encode_view(config: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        out.fill(0.0);
        let at = layout(config.seats);
        let n = usize::from(config.seats.max(1));
        if out.len() < at.len {
            return;
        }
        let bonus = view.free_boxes.map_or(0, i32::from);
        for k in 0..n {
            let s = (seat.index() + k) % n;
            let Some(grid) = view.grids.get(s) else {
                continue;
            };
            for symbol in Symbol::ALL {
                for cell in grid.marks().cells_of(symbol).iter() {
                    out[k * CARD_LEN + symbol.index() * CELLS + cell] = 1.0;
                }
            }
            out[at.scores + k] = (grid.score() as i32 + bonus) as f32 / SCORE_SCALE;
            let seat_k = Seat(s as u8);
            if view.roller == seat_k {
                out[at.roller + k] = 1.0;
            }
            if let Phase::Enter { pending, .. } = view.phase {
                if pending.contains(seat_k) {
                    out[at.pending + k] = 1.0;
                }
            }
        }
        let (phase, roll) = match view.phase {
            Phase::Roll => (0, None),
            Phase::Arrange(roll) => (1, Some(roll)),
            Phase::Enter { formation, .. } => {
                let shape = Tetromino::ALL
                    .iter()
                    .position(|&t| t == formation.shape)
                    .unwrap_or(0);
                out[at.formation + shape] = 1.0;
                for (i, s) in formation.symbols.iter().enumerate() {
                    out[at.formation + Tetromino::ALL.len() + 3 * i + s.index()] = 1.0;
                }
                (2, Some(formation.roll()))
            }
            Phase::Over(_) => (3, None),
        };
        out[at.phase + phase] = 1.0;
        if let Some(i) = roll.and_then(|r| r.outcome_index()) {
            out[at.roll + i] = 1.0;
        }
        if let Some(free) = view.free_boxes {
            out[at.scale] = f32::from(free) / f32::from(SOLO_BOXES);
        }
        out[at.round] = view.round.min(ROUND_SCALE) as f32 / ROUND_SCALE as f32;
    }
}

/// Where each part of the observation starts, for `seats` players.
struct Layout {
    roll: usize,
    formation: usize,
    phase: usize,
    roller: usize,
    pending: usize,
    scores: usize,
    scale: usize,
    round: usize,
    len: usize,
}

const fn layout(seats: u8) -> Layout {
    let n = seats as usize;
    let roll = n * CARD_LEN;
    let formation = roll + ROLLS;
    let phase = formation + FORMATION_LEN;
    let roller = phase + 4;
    let pending = roller + n;
    let scores = pending + n;
    let scale = scores + n;
    let round = scale + 1;
    Layout {
        roll,
        formation,
        phase,
        roller,
        pending,
        scores,
        scale,
        round,
        len: round + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn id_space_counts() {
        let t = ids();
        let sizes: Vec<usize> = t.sets.iter().map(Vec::len).collect();
        assert_eq!(sizes, [0, 24, 44, 120, 572]);
        assert_eq!(t.entries, 50_040);
        assert_eq!(t.base, [0, 49_968, 49_572, 46_332, 0]);
        assert_eq!(t.formations.len(), FORMATIONS);
        let per_shape: Vec<usize> = Tetromino::ALL
            .iter()
            .map(|&s| t.formations.iter().filter(|f| f.shape == s).count())
            .collect();
        assert_eq!(per_shape, [45, 24, 81, 45, 45, 81, 81]);
    }

    /// The entry ids are exactly the entries of all formations on an empty card, each once.
    #[test]
    fn entry_ids_are_the_entries_of_all_formations() {
        let mut all = BTreeSet::new();
        for f in &ids().formations {
            f.for_each_entry(0, 4, |m| {
                all.insert(m);
            });
        }
        assert_eq!(all.len(), entry_ids());
        for id in 0..entry_ids() {
            let m = entry_of(id).unwrap();
            assert!(all.contains(&m), "id {id}: {m}");
            assert_eq!(entry_id(&m), Some(id));
        }
        assert_eq!(entry_of(entry_ids()), None);
    }
}
