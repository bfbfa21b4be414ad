//! Where a formation can be placed: precomputed placement masks of the 19 fixed tetrominoes on
//! the 7×7 grid, and whether a card can still be filled.
//!
//! Every fixed orientation (a one-sided tetromino in one rotation) is listed once with every
//! position at which at least one of its cells lies on the grid (overhang allowed). A placement
//! holds, per cell of the orientation, the grid bit it lands on (0 when it hangs over the edge),
//! so entering a formation, checking a filled cell and deduplicating entries are word operations.

use dicecore::square::{normalise, orientations, Pos, Tetromino};
use std::sync::OnceLock;

/// Rows and columns of a card.
pub const SIZE: usize = 7;
/// Cells of a card.
pub const CELLS: usize = SIZE * SIZE;
/// Bit mask of every cell of a card.
pub(crate) const ALL_CELLS: u64 = (1u64 << CELLS) - 1;

/// One position of a fixed orientation with at least one cell on the grid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    /// The cells the placement fills on the grid.
    pub union: u64,
    /// Number of cells on the grid (1–4).
    pub count: u8,
}

/// A fixed orientation: where it lies whole on the grid, and every placement.
#[derive(Debug)]
pub(crate) struct Orientation {
    /// Grid index offset of each cell from the top-left of the bounding box (`row * 7 + col`).
    pub offsets: [u8; 4],
    /// Top-left positions at which the whole orientation lies on the grid.
    pub anchors: u64,
    /// Every position with at least one cell on the grid (overhang allowed).
    pub placements: Vec<Placement>,
}

/// How one rotation of a shape maps onto a fixed orientation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rotation {
    /// Index into [`Tables::orientations`].
    pub orientation: u8,
    /// `perm[j]` = index of the shape's base cell that lands on orientation cell `j`.
    pub perm: [u8; 4],
}

/// All precomputed tables.
#[derive(Debug)]
pub(crate) struct Tables {
    pub orientations: Vec<Orientation>,
    /// `rotations[shape][r]`: the shape turned `r` quarter turns clockwise.
    pub rotations: [[Rotation; 4]; 7],
    /// Cells on the edge of the grid: each can always be filled alone by overhang.
    pub border: u64,
    /// Every tetromino placement lying wholly inside the inner 5×5 cells (tests check `inner`
    /// against it).
    #[cfg_attr(not(test), allow(dead_code))]
    pub interior: Vec<u64>,
    /// Per fixed orientation: its grid cell offsets and the top-left positions at which it
    /// lies wholly inside the inner 5×5 cells.
    pub inner: Vec<([u8; 4], u64)>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    TABLES.get_or_init(build)
}

/// Index of a shape in [`Tetromino::ALL`] (which lists the shapes in declaration order; a test
/// checks it).
pub(crate) const fn shape_id(t: Tetromino) -> usize {
    t as usize
}

fn build() -> Tables {
    let n = SIZE as i32;
    // The 19 fixed orientations, in order of shape then rotation.
    let mut fixed: Vec<[Pos; 4]> = Vec::new();
    for t in Tetromino::ALL {
        for o in orientations(t.cells()) {
            fixed.push(o);
        }
    }
    // Rotations of each shape with the cell correspondence.
    let mut rotations = [[Rotation {
        orientation: 0,
        perm: [0, 1, 2, 3],
    }; 4]; 7];
    for (rots, t) in rotations.iter_mut().zip(Tetromino::ALL) {
        let mut cells = t.cells();
        for rot in rots.iter_mut() {
            // Normalise without sorting so that index i stays base cell i.
            let min_r = cells.iter().map(|p| p.row).min().unwrap_or(0);
            let min_c = cells.iter().map(|p| p.col).min().unwrap_or(0);
            let moved = cells.map(|p| Pos::new(p.row - min_r, p.col - min_c));
            let sorted = normalise(moved);
            let orientation = fixed.iter().position(|f| *f == sorted).unwrap_or(0) as u8;
            let mut perm = [0u8; 4];
            for (j, q) in sorted.iter().enumerate() {
                perm[j] = moved.iter().position(|p| p == q).unwrap_or(0) as u8;
            }
            *rot = Rotation { orientation, perm };
            cells = cells.map(Pos::rotate_cw);
        }
    }
    // Placements.
    let mut orientations_out = Vec::new();
    for cells in &fixed {
        let h = cells.iter().map(|p| p.row).max().unwrap_or(0) + 1;
        let w = cells.iter().map(|p| p.col).max().unwrap_or(0) + 1;
        let mut placements = Vec::new();
        for dr in -(h - 1)..n {
            for dc in -(w - 1)..n {
                let union = cells
                    .iter()
                    .map(|p| (p.row + dr, p.col + dc))
                    .filter(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
                    .fold(0u64, |m, (r, c)| m | 1 << (r * n + c));
                if union != 0 {
                    placements.push(Placement {
                        union,
                        count: union.count_ones() as u8,
                    });
                }
            }
        }
        let mut anchors = 0u64;
        for r in 0..=SIZE - h as usize {
            for c in 0..=SIZE - w as usize {
                anchors |= 1 << (r * SIZE + c);
            }
        }
        orientations_out.push(Orientation {
            offsets: cells.map(|p| (p.row as usize * SIZE + p.col as usize) as u8),
            anchors,
            placements,
        });
    }
    let mut border = 0u64;
    for i in 0..SIZE * SIZE {
        let (r, c) = (i / SIZE, i % SIZE);
        if r == 0 || c == 0 || r == SIZE - 1 || c == SIZE - 1 {
            border |= 1 << i;
        }
    }
    let inner_cells = ALL_CELLS & !border;
    let mut interior: Vec<u64> = orientations_out
        .iter()
        .flat_map(|o| o.placements.iter())
        .filter(|p| p.count == 4 && p.union & !inner_cells == 0)
        .map(|p| p.union)
        .collect();
    interior.sort_unstable();
    interior.dedup();
    let inner = orientations_out
        .iter()
        .map(|o| {
            let mut anchors = 0u64;
            let mut rest = o.anchors;
            while rest != 0 {
                let a = rest.trailing_zeros();
                rest &= rest - 1;
                let cells = o.offsets.iter().fold(0u64, |m, &d| m | 1 << (a + d as u32));
                if cells & !inner_cells == 0 {
                    anchors |= 1 << a;
                }
            }
            (o.offsets, anchors)
        })
        .collect();
    Tables {
        orientations: orientations_out,
        rotations,
        border,
        interior,
        inner,
    }
}

/// Whether some tetromino of any shape, rotation and position (overhang allowed) fills at least
/// one cell of a grid with these filled cells without covering a filled cell.
///
/// Every edge cell can be filled alone by a placement hanging over the edge, and a placement
/// with an edge cell is never needed beyond that cell; so the grid can still be filled iff an
/// edge cell is empty or a whole tetromino fits in the inner 5×5 cells.
pub(crate) fn can_fill(filled: u64) -> bool {
    let t = tables();
    if t.border & !filled != 0 {
        return true;
    }
    let free = !filled & ALL_CELLS;
    t.inner.iter().any(|&([d0, d1, d2, d3], anchors)| {
        anchors & (free >> d0) & (free >> d1) & (free >> d2) & (free >> d3) != 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_listed_in_declaration_order() {
        for (i, t) in Tetromino::ALL.into_iter().enumerate() {
            assert_eq!(shape_id(t), i);
        }
    }

    #[test]
    fn table_sizes() {
        let t = tables();
        assert_eq!(t.orientations.len(), 19);
        assert_eq!(t.border.count_ones(), 24);
        // 5×5 interior: I 2·10, O 16, T 4·12, S/Z 2·2·12, L/J 2·4·12.
        assert_eq!(t.interior.len(), 20 + 16 + 48 + 48 + 96);
        let inner: u32 = t.inner.iter().map(|(_, a)| a.count_ones()).sum();
        assert_eq!(inner as usize, t.interior.len());
    }

    /// An orientation's anchors are exactly the top-left positions at which its four cells all
    /// lie on the grid, and its placements are the positions with at least one cell on it, one
    /// per position, whole (4 cells) exactly at the anchors.
    #[test]
    fn anchors_and_placements_agree_with_the_cells_on_the_grid() {
        let n = SIZE as i32;
        for o in &tables().orientations {
            let cells = o.offsets.map(|d| (i32::from(d) / n, i32::from(d) % n));
            let on = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
            let mut unions = Vec::new();
            for r in -n..n {
                for c in -n..n {
                    let here: Vec<(i32, i32)> = cells
                        .iter()
                        .map(|&(dr, dc)| (r + dr, c + dc))
                        .filter(|&(r, c)| on(r, c))
                        .collect();
                    let whole = here.len() == 4;
                    if on(r, c) {
                        let anchor = o.anchors >> (r * n + c) & 1 == 1;
                        assert_eq!(anchor, whole, "anchor ({r}, {c}) of {:?}", o.offsets);
                    }
                    if !here.is_empty() {
                        let union = here.iter().fold(0u64, |m, &(r, c)| m | 1 << (r * n + c));
                        unions.push(union);
                    }
                }
            }
            assert_eq!(
                o.anchors.count_ones() as usize,
                unions.iter().filter(|u| u.count_ones() == 4).count()
            );
            let mut listed: Vec<u64> = o.placements.iter().map(|p| p.union).collect();
            assert!(o
                .placements
                .iter()
                .all(|p| u32::from(p.count) == p.union.count_ones()));
            listed.sort_unstable();
            unions.sort_unstable();
            assert_eq!(listed, unions, "placements of {:?}", o.offsets);
        }
    }

    /// The shortcut of `can_fill` agrees with trying every placement.
    #[test]
    fn can_fill_matches_brute_force() {
        let t = tables();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut filled = x & ALL_CELLS;
            if k % 3 == 0 {
                filled |= x.rotate_left(17) & ALL_CELLS;
            }
            if k % 5 == 0 {
                filled |= t.border;
            }
            let brute = t
                .orientations
                .iter()
                .flat_map(|o| o.placements.iter())
                .any(|p| p.union & filled == 0);
            assert_eq!(can_fill(filled), brute, "filled {filled:#x}");
            let by_list = t.border & !filled != 0 || t.interior.iter().any(|&m| m & filled == 0);
            assert_eq!(by_list, brute);
        }
    }
}
