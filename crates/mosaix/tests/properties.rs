//! Properties of cards and scoring against naive implementations.
use dicecore::faces::Symbol;
use mosaix::{Cell, Grid};
use proptest::prelude::*;

/// A card from 49 values: 0 empty, 1–3 a symbol.
fn card(cells: &[u8]) -> Grid {
    let mut g = Grid::EMPTY;
    for (i, &v) in cells.iter().enumerate() {
        if v > 0 {
            g.write(
                Cell::new((i / 7) as u8, (i % 7) as u8),
                Symbol::ALL[(v - 1) as usize % 3],
            );
        }
    }
    g
}

/// Naive scoring: depth-first search over cells.
fn naive_score(cells: &[u8]) -> u32 {
    let mut seen = [false; 49];
    let mut per = [(0u32, 0u32); 4];
    for start in 0..49 {
        if cells[start] == 0 || seen[start] {
            continue;
        }
        let v = cells[start];
        let mut stack = vec![start];
        seen[start] = true;
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let (r, c) = (i / 7, i % 7);
            let mut next = Vec::new();
            if r > 0 {
                next.push(i - 7);
            }
            if r < 6 {
                next.push(i + 7);
            }
            if c > 0 {
                next.push(i - 1);
            }
            if c < 6 {
                next.push(i + 1);
            }
            for j in next {
                if !seen[j] && cells[j] == v {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if size >= 5 {
            per[v as usize].0 += 1;
            per[v as usize].1 += size;
        }
    }
    per.iter().map(|(a, c)| a * c).sum()
}

proptest! {
    #[test]
    fn score_matches_naive_flood_fill(cells in proptest::collection::vec(0u8..4, 49)) {
        let g = card(&cells);
        prop_assert_eq!(g.score(), naive_score(&cells));
        let sheet = g.score_sheet();
        prop_assert_eq!(sheet.total, sheet.symbols.iter().map(|l| l.points).sum::<u32>());
        for s in Symbol::ALL {
            let line = sheet.symbols[s.index()];
            prop_assert_eq!(line.points, line.areas * line.cells);
            prop_assert!(line.cells as usize <= g.marks().cells_of(s).count());
            prop_assert!(line.cells >= 5 * line.areas);
        }
    }

    #[test]
    fn text_round_trip(cells in proptest::collection::vec(0u8..4, 49)) {
        let g = card(&cells);
        let back: Grid = g.to_string().parse().unwrap();
        prop_assert_eq!(back, g);
        let json = serde_json::to_string(&g).unwrap();
        prop_assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), g);
    }

    /// Filling more cells never makes a closed card fillable again.
    #[test]
    fn closing_is_monotone(cells in proptest::collection::vec(0u8..4, 49), extra in 0usize..49) {
        let g = card(&cells);
        let mut more = g;
        more.write(Cell::new((extra / 7) as u8, (extra % 7) as u8), Symbol::Cross);
        if !g.can_fill() {
            prop_assert!(!more.can_fill());
        }
        prop_assert_eq!(g.is_full(), g.filled_count() == 49);
    }
}

#[test]
fn bad_text_cards_are_errors() {
    assert!("ooo".parse::<Grid>().is_err());
    assert!(
        "oooooo.\n.......\n.......\n.......\n.......\n.......\n......."
            .parse::<Grid>()
            .is_ok()
    );
    assert!(
        "oooooo?\n.......\n.......\n.......\n.......\n.......\n......."
            .parse::<Grid>()
            .is_err()
    );
    assert!(
        "oooooo\n.......\n.......\n.......\n.......\n.......\n......."
            .parse::<Grid>()
            .is_err()
    );
    // A card with two symbols on one cell is refused when read from JSON.
    assert!(serde_json::from_str::<Grid>("[[3],[3],[]]").is_err());
}
