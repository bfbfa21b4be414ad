//! Stepwise action spaces: a game whose flat id space is too wide for a policy's output (Mosaix:
//! 50,458 ids) is played in two small steps instead, as the terminal program asks for it. A
//! *path* is one or two step ids; every legal flat action has exactly one path and every path
//! names exactly one legal flat action, so the two spaces play the same games.
//!
//! Mosaix's steps (508 ids, [`MosaixSteps`]):
//!
//! | step ids | step |
//! |---|---|
//! | 0–401 | arrange the roll into formation `k` (flat id 15 + `k`: the roller's whole decision) |
//! | 402 | pass (flat id 417) |
//! | 403 | end the solo game (flat id 50,458) |
//! | 404–407 | first step of an entry: turn the formation `t` quarter turns clockwise (0–3) |
//! | 408–507 | second step of an entry: put the turned formation's top left on row `r`, column `c` (`r`, `c` from −3 to 6; id 408 + 10 (`r` + 3) + (`c` + 3)) |
//!
//! Two (turn, top left) pairs can write the same symbols on the same cells (symbols dropped
//! over an edge, a formation that looks the same turned): only the first in the order of
//! turns, then rows, then columns is a path, so that no entry has two. While the second step
//! is pending, the observation's four extra entries hold the one-hot of the chosen turn (all
//! zero at a first step).

use crate::failure::Failure;
use std::any::Any;
use std::ops::Range;
use std::sync::OnceLock;
use tabula::dicecore::{Encode, Game, Seat};
use tabula::mosaix;

/// How a legal flat action is reached in steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Path {
    /// The first step's id.
    pub first: u16,
    /// The second step's id, if the first opens a second step.
    pub second: Option<u16>,
    /// The flat id of the action.
    pub flat: usize,
}

/// A stepwise action space of game `G`.
pub trait Steps<G: Game>: Send + Sync {
    /// The number of step ids (the width of every mask).
    fn width(&self) -> usize;
    /// The first-step ids that open a second step; the observation has one extra entry for
    /// each (the one-hot of the pending one).
    fn openers(&self) -> Range<u16>;
    /// Writes into `out` the one path of every action of `legal` (the legal actions of `seat`
    /// in `state`), sorted.
    fn paths(
        &self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
        out: &mut Vec<Path>,
    ) -> Result<(), Failure>;
}

/// The stepwise action space of `G`, if it has one.
pub fn steps_of<G: Game + 'static>() -> Option<Box<dyn Steps<G>>> {
    let mosaix: Box<dyn Any> = Box::new(Box::new(MosaixSteps) as Box<dyn Steps<mosaix::State>>);
    mosaix.downcast::<Box<dyn Steps<G>>>().ok().map(|b| *b)
}

/// Mosaix in steps (the table of the module's documentation).
pub struct MosaixSteps;

impl MosaixSteps {
    /// Flat ids of the arrangements.
    const ARRANGE_FLAT: Range<usize> = 15..417;
    /// Flat id of a pass.
    const PASS_FLAT: usize = 417;
    /// Step id of a pass.
    const PASS: u16 = 402;
    /// Step id of the end of a solo game.
    const END: u16 = 403;
    /// Step id of turning the formation 0 quarter turns.
    const TURN: u16 = 404;
    /// Step id of the top left on row −3, column −3.
    const ANCHOR: u16 = 408;
    /// Rows and columns of a top left: −3 to 6.
    const SIDE: i8 = 10;
    /// All step ids.
    const LEN: usize = 508;

    /// The step id of a top left.
    fn anchor(row: i8, col: i8) -> Option<u16> {
        let (r, c) = (row + 3, col + 3);
        ((0..Self::SIDE).contains(&r) && (0..Self::SIDE).contains(&c))
            .then(|| Self::ANCHOR + (r * Self::SIDE + c) as u16)
    }
}

impl Steps<mosaix::State> for MosaixSteps {
    fn width(&self) -> usize {
        Self::LEN
    }

    fn openers(&self) -> Range<u16> {
        Self::TURN..Self::TURN + 4
    }

    fn paths(
        &self,
        state: &mosaix::State,
        seat: Seat,
        legal: &[mosaix::Action],
        out: &mut Vec<Path>,
    ) -> Result<(), Failure> {
        out.clear();
        let config = state.config();
        let id = |action: &mosaix::Action| {
            mosaix::State::action_id(config, action)
                .ok_or_else(|| Failure::Internal(format!("the action '{action}' has no id")))
        };
        // The legal entries' flat ids (sorted below).
        let mut entries: Vec<usize> = Vec::new();
        for action in legal {
            let flat = id(action)?;
            let first = match action {
                mosaix::Action::Enter { .. } => {
                    entries.push(flat);
                    continue;
                }
                mosaix::Action::Arrange { .. } if Self::ARRANGE_FLAT.contains(&flat) => {
                    (flat - Self::ARRANGE_FLAT.start) as u16
                }
                mosaix::Action::Pass { .. } if flat == Self::PASS_FLAT => Self::PASS,
                mosaix::Action::End { .. } => Self::END,
                other => {
                    return Err(Failure::Internal(format!(
                        "the action '{other}' (id {flat}) has no step"
                    )))
                }
            };
            out.push(Path {
                first,
                second: None,
                flat,
            });
        }
        if !entries.is_empty() {
            entries.sort_unstable();
            let mosaix::Phase::Enter { formation, .. } = state.phase() else {
                return Err(Failure::Internal(
                    "an entry outside the entering phase".into(),
                ));
            };
            let arrange = mosaix::Action::Arrange { seat, formation };
            let rank = id(&arrange)? - Self::ARRANGE_FLAT.start;
            let table = entry_paths()
                .get(rank)
                .ok_or_else(|| Failure::Internal(format!("no formation {rank}")))?;
            // Both sorted by flat id: one walk pairs every legal entry with its path.
            let mut rows = table.iter().peekable();
            for &flat in &entries {
                while rows.next_if(|row| row.flat < flat).is_some() {}
                match rows.next_if(|row| row.flat == flat) {
                    Some(row) => out.push(*row),
                    None => {
                        return Err(Failure::Internal(format!(
                            "the legal entry {flat} has no steps"
                        )))
                    }
                }
            }
        }
        out.sort_unstable();
        Ok(())
    }
}

/// Per formation (by rank, the order of the arrangement ids), the one path of every entry it
/// can write on a card, sorted by flat id: the first (turn, top left) in the order of turns,
/// rows and columns that writes it. Which entries are legal depends on the card; which path an
/// entry has does not, so the table is built once, on a card without a printed cell (every id
/// of a config is that of the same entry in any other, the printed cell only removing some).
fn entry_paths() -> &'static [Box<[Path]>] {
    static TABLE: OnceLock<Vec<Box<[Path]>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let Ok(mut blank) = mosaix::Config::with_start(2, Seat(0)) else {
            return Vec::new();
        };
        for card in &mut blank.cards {
            *card = mosaix::Card::BLANK;
        }
        let seat = Seat(0);
        // One table per arrangement id, in order (an empty one if an id named no formation,
        // so that the rank of every other stays its index).
        MosaixSteps::ARRANGE_FLAT
            .map(|id| match mosaix::State::action_from_id(&blank, seat, id) {
                Some(mosaix::Action::Arrange { formation, .. }) => Some(formation),
                _ => None,
            })
            .map(|formation| {
                let (mut paths, mut seen) = (Vec::new(), std::collections::BTreeSet::new());
                let Some(formation) = formation else {
                    return Box::default();
                };
                for turns in 0..4u8 {
                    for (row, col, marks) in formation.turned(turns).positions() {
                        let enter = mosaix::Action::Enter { seat, marks };
                        let (Some(flat), Some(anchor)) = (
                            mosaix::State::action_id(&blank, &enter),
                            MosaixSteps::anchor(row, col),
                        ) else {
                            continue;
                        };
                        if seen.insert(flat) {
                            paths.push(Path {
                                first: MosaixSteps::TURN + u16::from(turns),
                                second: Some(anchor),
                                flat,
                            });
                        }
                    }
                }
                paths.sort_unstable_by_key(|p| p.flat);
                paths.into_boxed_slice()
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use tabula::dicecore::{Dice, Turn};

    /// Along random games of every player count: the paths name exactly the legal flat
    /// actions, one path each, every path's steps in range, and following a path's steps
    /// from the ids alone finds that action again.
    #[test]
    fn every_legal_mosaix_action_has_exactly_one_path() {
        let steps = steps_of::<mosaix::State>().expect("Mosaix has steps");
        assert!(steps_of::<tabula::sequence_dice::State>().is_none());
        let mut checked = 0;
        for players in 1..=4u8 {
            for seed in 0..6u64 {
                let config = mosaix::State::standard_config(players, seed).unwrap();
                let mut state = mosaix::State::new(&config).unwrap();
                let mut dice = Dice::from_seed(seed * 7 + u64::from(players));
                let (mut legal, mut paths) = (Vec::new(), Vec::new());
                while state.turn() != Turn::Over {
                    if state.turn() == Turn::Chance {
                        let roll = state.sample_chance(&mut dice).unwrap();
                        state.apply_in_place(&roll).unwrap();
                        continue;
                    }
                    let seat = state.turn().next_seat().unwrap();
                    state.legal_actions_for(seat, &mut legal);
                    steps.paths(&state, seat, &legal, &mut paths).unwrap();
                    let flat: BTreeSet<usize> = legal
                        .iter()
                        .map(|a| mosaix::State::action_id(&config, a).unwrap())
                        .collect();
                    let reached: Vec<usize> = paths.iter().map(|p| p.flat).collect();
                    assert_eq!(reached.len(), flat.len(), "one path per legal action");
                    assert_eq!(reached.iter().copied().collect::<BTreeSet<_>>(), flat);
                    let openers = steps.openers();
                    for p in &paths {
                        assert!(usize::from(p.first) < steps.width());
                        assert_eq!(p.second.is_some(), openers.contains(&p.first));
                        assert!(p.second.is_none_or(|s| usize::from(s) < steps.width()));
                        assert!(p.second.is_none_or(|s| !openers.contains(&s)));
                        // The ids alone find the action back: one path per (first, second).
                        let same: Vec<&Path> = paths
                            .iter()
                            .filter(|q| (q.first, q.second) == (p.first, p.second))
                            .collect();
                        assert_eq!(same.len(), 1);
                        let action = mosaix::State::action_from_id(&config, seat, p.flat).unwrap();
                        assert!(state.apply(&action).is_ok());
                        if let (Some(second), mosaix::Action::Enter { marks, .. }) =
                            (p.second, action)
                        {
                            let turns = (p.first - openers.start) as u8;
                            let a = second - MosaixSteps::ANCHOR;
                            let (row, col) = ((a / 10) as i8 - 3, (a % 10) as i8 - 3);
                            let mosaix::Phase::Enter { formation, .. } = state.phase() else {
                                panic!("an entry outside the entering phase")
                            };
                            assert_eq!(formation.turned(turns).place(row, col), Some(marks));
                        }
                        checked += 1;
                    }
                    let action = legal[dice.index(legal.len())];
                    state.apply_in_place(&action).unwrap();
                }
            }
        }
        assert!(checked > 10_000, "{checked} paths checked");
    }
}
