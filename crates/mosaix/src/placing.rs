//! Turning and placing a formation: the cells an entry fills, "turned but never mirrored,
//! anywhere, symbols over the edge dropped", in a player's terms (rows and columns, no bit
//! masks), and choosing an entry in steps: how to turn the formation, then where to put it.

use crate::action::Action;
use crate::formation::Formation;
use crate::grid::{Cell, Marks, SIZE};
use crate::state::State;
use crate::turn::Phase;
use dicecore::faces::Symbol;
use dicecore::square::Pos;
use dicecore::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A formation turned by some quarter turns clockwise: its four cells with their symbols,
/// counted from the top left of the turned formation's bounding box.
///
/// ```
/// use mosaix::{Cell, Formation, Tetromino, Symbol::*};
/// // An L of o ^ x o, turned once: a row of three with the foot hanging below on the left.
/// let l = Formation::canonical(Tetromino::L, [Circle, Triangle, Cross, Circle]);
/// let turned = l.turned(1);
/// assert_eq!((turned.height(), turned.width()), (2, 3));
/// assert_eq!(turned.to_string(), "x ^ o\no\n");
/// // Placed with its top left one row above the card: only the bottom row lands on it.
/// let marks = turned.place(-1, 2).unwrap();
/// assert_eq!(marks.iter().collect::<Vec<_>>(), vec![(Cell::new(0, 2), Circle)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turned {
    /// Quarter turns clockwise from the formation's base orientation, 0–3.
    pub turns: u8,
    /// The cells in row-major order: (row, column) from the top left of the bounding box, and
    /// the symbol there.
    pub cells: [(u8, u8, Symbol); 4],
}

impl Turned {
    /// Rows of the turned formation (1–4).
    pub fn height(&self) -> u8 {
        self.cells.iter().map(|c| c.0).max().unwrap_or(0) + 1
    }

    /// Columns of the turned formation (1–4).
    pub fn width(&self) -> u8 {
        self.cells.iter().map(|c| c.1).max().unwrap_or(0) + 1
    }

    /// What this turned formation writes with the top left of its bounding box on
    /// (`row`, `col`) of the card: the cells on the card and their symbols, the rest dropped
    /// over the edge. `row` and `col` may be negative or past the card (down to −3, up to 9)
    /// to hang over the edge; `None` when no cell lands on the card.
    pub fn place(&self, row: i8, col: i8) -> Option<Marks> {
        let on_card = self.cells.iter().filter_map(|&(r, c, s)| {
            let (r, c) = (i16::from(row) + i16::from(r), i16::from(col) + i16::from(c));
            let size = SIZE as i16;
            ((0..size).contains(&r) && (0..size).contains(&c))
                .then(|| (Cell::new(r as u8, c as u8), s))
        });
        Marks::from_cells(on_card).filter(|m| !m.is_empty())
    }

    /// The top-left positions (row, column) at which at least one cell lands on the card, row
    /// by row (rows from `1 - height` to 6, columns from `1 - width` to 6), with what the
    /// formation writes there.
    pub fn positions(&self) -> impl Iterator<Item = (i8, i8, Marks)> + '_ {
        let (h, w) = (self.height() as i8, self.width() as i8);
        let last = SIZE as i8 - 1;
        (1 - h..=last)
            .flat_map(move |r| (1 - w..=last).map(move |c| (r, c)))
            .filter_map(|(r, c)| Some((r, c, self.place(r, c)?)))
    }
}

impl fmt::Display for Turned {
    /// A small picture, one line per row, symbols `o ^ x` separated by spaces, blanks where
    /// the formation has no cell (trailing blanks left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.height() {
            let line: Vec<String> = (0..self.width())
                .map(|c| {
                    self.cells
                        .iter()
                        .find(|&&(rr, cc, _)| (rr, cc) == (r, c))
                        .map_or(" ".to_string(), |&(_, _, s)| s.glyph().to_string())
                })
                .collect();
            writeln!(f, "{}", line.join(" ").trim_end())?;
        }
        Ok(())
    }
}

impl Formation {
    /// The formation turned `turns` quarter turns clockwise (taken modulo 4).
    pub fn turned(&self, turns: u8) -> Turned {
        let mut cells = self.shape.cells();
        for _ in 0..turns % 4 {
            cells = cells.map(Pos::rotate_cw);
        }
        let min_r = cells.iter().map(|p| p.row).min().unwrap_or(0);
        let min_c = cells.iter().map(|p| p.col).min().unwrap_or(0);
        let mut out = [(0u8, 0u8, Symbol::Circle); 4];
        for (o, (p, s)) in out.iter_mut().zip(cells.iter().zip(self.symbols)) {
            *o = ((p.row - min_r) as u8, (p.col - min_c) as u8, s);
        }
        out.sort_unstable_by_key(|&(r, c, _)| (r, c));
        Turned {
            turns: turns % 4,
            cells: out,
        }
    }

    /// The distinct ways to turn the formation (1, 2 or 4: turns that give the same picture
    /// are listed once, the fewest turns first).
    ///
    /// ```
    /// use mosaix::{Formation, Tetromino, Symbol::*};
    /// let plain = Formation::canonical(Tetromino::O, [Cross; 4]);
    /// assert_eq!(plain.orientations().len(), 1);
    /// let mixed = Formation::canonical(Tetromino::O, [Cross, Circle, Cross, Cross]);
    /// assert_eq!(mixed.orientations().len(), 4);
    /// ```
    pub fn orientations(&self) -> Vec<Turned> {
        let mut out: Vec<Turned> = Vec::with_capacity(4);
        for t in 0..4 {
            let turned = self.turned(t);
            if !out.iter().any(|o| o.cells == turned.cells) {
                out.push(turned);
            }
        }
        out
    }
}

impl Action {
    /// The cells an [`Action::Enter`] fills, with their symbols, in row-major order (empty for
    /// every other action).
    ///
    /// ```
    /// use mosaix::{Action, Cell, Marks, Seat, Symbol::*};
    /// let marks = Marks::from_cells([(Cell::new(0, 1), Cross), (Cell::new(0, 0), Circle)]).unwrap();
    /// let enter = Action::Enter { seat: Seat(0), marks };
    /// assert_eq!(enter.written(), vec![(Cell::new(0, 0), Circle), (Cell::new(0, 1), Cross)]);
    /// assert_eq!(enter.dropped(), Some(2));
    /// ```
    pub fn written(&self) -> Vec<(Cell, Symbol)> {
        match self {
            Action::Enter { marks, .. } => marks.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// How many symbols an [`Action::Enter`] drops over the edge (`None` for every other
    /// action).
    pub fn dropped(&self) -> Option<u8> {
        match self {
            Action::Enter { marks, .. } => Some(4u8.saturating_sub(marks.len() as u8)),
            _ => None,
        }
    }
}

/// A place where a seat can enter the formation turned one way ([`State::entry_positions`]):
/// the top left of the turned formation's bounding box and the entry that makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Placed {
    /// Row of the top left of the turned formation (negative: hanging over the top edge).
    pub row: i8,
    /// Column of the top left of the turned formation (negative: hanging over the left edge).
    pub col: i8,
    /// The [`Action::Enter`] of entering it there.
    pub action: Action,
}

impl fmt::Display for Placed {
    /// `top left at row 0, column -1: o at (0, 0), x at (1, 0) (drops 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "top left at row {}, column {}: ", self.row, self.col)?;
        if let Action::Enter { marks, .. } = self.action {
            write!(f, "{marks}")?;
        }
        match self.action.dropped() {
            Some(d) if d > 0 => write!(f, " (drops {d})"),
            _ => Ok(()),
        }
    }
}

/// Choosing an entry in steps, for a menu: first how to turn the formation, then where to put
/// it. Together the positions of all orientations give exactly the seat's legal
/// [`Action::Enter`]s (the same entry may be reached from two orientations when symbols hang
/// over the edge).
///
/// ```
/// use dicecore::{Game, Seat};
/// use mosaix::{Action, Formation, Roll, State, Tetromino, Symbol::*};
/// let mut s = State::new(&State::standard_config(2, 0).unwrap()).unwrap();
/// s.apply_in_place(&Action::Roll(Roll::new([Circle, Circle, Triangle, Cross]))).unwrap();
/// let roller = s.roller();
/// let formation = Formation::canonical(Tetromino::T, [Circle, Circle, Triangle, Cross]);
/// s.apply_in_place(&Action::Arrange { seat: roller, formation }).unwrap();
///
/// // Step 1: the ways to turn the T, each with its picture.
/// let seat = Seat(0);
/// let turns = s.entry_orientations(seat);
/// assert_eq!(turns.len(), 4);
/// assert_eq!(turns[0].to_string(), "o o ^\n  x\n");
/// // Step 2: where the T turned once can go (top left by row and column, some hanging over
/// // the edge), each with the cells it fills.
/// let places = s.entry_positions(seat, turns[1].turns);
/// let corner = places.iter().find(|p| (p.row, p.col) == (0, 0)).unwrap();
/// assert_eq!(corner.action.written().len(), 4);
/// // Step 3: the action of the chosen orientation and position.
/// assert_eq!(s.entry_at(seat, turns[1].turns, 0, 0), Some(corner.action));
/// s.apply_in_place(&corner.action).unwrap();
/// ```
impl State {
    /// The distinct ways `seat` can turn the formation it is to enter now that leave it
    /// somewhere to go, fewest quarter turns first (empty unless `seat` is still to enter).
    pub fn entry_orientations(&self, seat: Seat) -> Vec<Turned> {
        let Phase::Enter { formation, .. } = self.phase else {
            return Vec::new();
        };
        formation
            .orientations()
            .into_iter()
            .filter(|t| !self.entry_positions(seat, t.turns).is_empty())
            .collect()
    }

    /// Where `seat` can put the formation turned `turns` quarter turns clockwise: one item per
    /// distinct entry, row by row of the top left (the first position giving it), with the
    /// action (empty unless `seat` is still to enter).
    pub fn entry_positions(&self, seat: Seat, turns: u8) -> Vec<Placed> {
        let Phase::Enter { formation, .. } = self.phase else {
            return Vec::new();
        };
        let mut out: Vec<Placed> = Vec::new();
        for (row, col, marks) in formation.turned(turns).positions() {
            let action = Action::Enter { seat, marks };
            if self.check_decision(&action).is_ok() && !out.iter().any(|p| p.action == action) {
                out.push(Placed { row, col, action });
            }
        }
        out
    }

    /// The [`Action::Enter`] of `seat` for the formation turned `turns` quarter turns and put
    /// with its top left on (`row`, `col`), if that is legal now.
    pub fn entry_at(&self, seat: Seat, turns: u8, row: i8, col: i8) -> Option<Action> {
        let Phase::Enter { formation, .. } = self.phase else {
            return None;
        };
        let marks = formation.turned(turns).place(row, col)?;
        let action = Action::Enter { seat, marks };
        self.check_decision(&action).is_ok().then_some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::Roll;

    /// Every placement of every orientation is an entry of the formation, and together they
    /// give every entry on an empty card.
    #[test]
    fn placements_are_the_entries() {
        for (roll, _) in Roll::outcomes() {
            Formation::all_of(*roll, |f| {
                let mut placed = std::collections::BTreeSet::new();
                for t in f.orientations() {
                    for (r, c, m) in t.positions() {
                        assert!(f.is_placement(&m), "{f} {t:?} at ({r}, {c})");
                        placed.insert(m);
                    }
                }
                let mut listed = std::collections::BTreeSet::new();
                f.for_each_entry(0, 4, |m| {
                    listed.insert(m);
                });
                assert_eq!(placed, listed, "{f}");
            });
        }
    }
}
