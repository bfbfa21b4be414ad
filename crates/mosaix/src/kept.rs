//! The running score kept up to date: per seat and symbol, the points its card scores (areas
//! of at least 5 cells × the cells in them), made at the first `running_scores` and counted
//! again, for the symbols an entry writes, when a seat enters. Reading a running score is
//! then a sum per seat, where scoring finds every area of every card; a state that is never
//! asked pays one test per entry.

use crate::grid::{Grid, Marks};
use dicecore::faces::Symbol;

/// Per seat and symbol (in the order of [`Symbol::ALL`]), the points of its card.
pub(crate) type Points = [[u32; 3]; 4];

/// Every card's points.
pub(crate) fn points(grids: &[Grid; 4]) -> Points {
    grids.map(|g| Symbol::ALL.map(|s| g.symbol_score(s).points))
}

/// After seat `seat` entered `marks` on its card, now `grid`: the points of the symbols it
/// wrote scored again.
pub(crate) fn entered(points: &mut Points, seat: usize, grid: &Grid, marks: &Marks) {
    if let Some(points) = points.get_mut(seat) {
        for s in Symbol::ALL {
            if !marks.cells_of(s).is_empty() {
                points[s.index()] = grid.symbol_score(s).points;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::MIN_AREA;

    /// A symbol's line of the score sheet, found by growing areas a ring at a time, is the
    /// one the card's areas (found cell by cell) give, on random cards of every density.
    #[test]
    fn symbol_scores_are_those_of_the_areas() {
        let mut dice = dicecore::Dice::from_seed(5);
        for round in 0..4_000 {
            let mut grid = Grid::EMPTY;
            for i in 0..49u8 {
                if dice.below(8) < 1 + round % 7 {
                    let s = Symbol::ALL[dice.index(3)];
                    grid.write(crate::grid::Cell::new(i / 7, i % 7), s);
                }
            }
            for s in Symbol::ALL {
                let big: Vec<usize> = (grid.areas(s).iter())
                    .map(|a| a.count())
                    .filter(|&n| n >= MIN_AREA)
                    .collect();
                let line = grid.symbol_score(s);
                assert_eq!(line.areas as usize, big.len());
                assert_eq!(line.cells as usize, big.iter().sum::<usize>());
                assert_eq!(line.points, line.areas * line.cells);
            }
        }
    }
}
