//! Where things are on a board: the numbers the actions use (space and segment ids) by their
//! printed position and colour, and back, for companion apps and people reading the board.
//!
//! A position is `(row, col)` of the board map ([`crate::board`]): rows count from the top,
//! columns from the left, both from 0, on odd-r rows (odd rows shifted half a hex right).
//! Spaces are numbered in reading order and segments by their first space, so on a printed
//! board one can find space `n` by counting border hexes row by row.
//!
//! ```
//! use the_border::board::{Board, BoardId};
//! use dicecore::faces::Colour;
//! let board = Board::standard(BoardId::A).unwrap();
//! // The first coloured space, where it is, and its segment.
//! let (row, col) = board.position(1).unwrap();
//! assert_eq!(board.space_at(row as usize, col as usize), Some(1));
//! let segment = board.segment_of(1).unwrap();
//! assert!(board.segment_spaces(segment).contains(&1));
//! assert_eq!(board.segment_at(row as usize, col as usize), Some(segment));
//! // Each colour has four segments, of 2, 3, 4 and 5 spaces.
//! let lengths: Vec<usize> =
//!     board.segments_of(Colour::Red).iter().map(|&k| board.segment_spaces(k).len()).collect();
//! assert_eq!(lengths, vec![2, 3, 4, 5]);
//! assert_eq!(board.describe_space(1), "space 1 (red, segment 0, row 1 col 6)");
//! ```

use crate::board::Board;
use dicecore::faces::Colour;

impl Board {
    /// The printed position `(row, col)` of a space (`None` for an unknown space).
    pub fn position(&self, space: usize) -> Option<(u16, u16)> {
        self.spaces().get(space).map(|s| (s.row, s.col))
    }

    /// The colour of a space (`None` for a white or unknown space).
    pub fn space_colour(&self, space: usize) -> Option<Colour> {
        self.spaces().get(space).and_then(|s| s.colour)
    }

    /// The segment a space belongs to (`None` for a white or unknown space).
    pub fn segment_of(&self, space: usize) -> Option<u8> {
        self.spaces().get(space).and_then(|s| s.segment)
    }

    /// The segment of the space at a printed position, if there is a coloured space there.
    pub fn segment_at(&self, row: usize, col: usize) -> Option<u8> {
        self.space_at(row, col).and_then(|s| self.segment_of(s))
    }

    /// The spaces of a segment, in reading order (empty for an unknown segment).
    pub fn segment_spaces(&self, segment: u8) -> Vec<usize> {
        self.segments()
            .get(segment as usize)
            .map_or_else(Vec::new, |g| g.spaces.iter().collect())
    }

    /// The printed positions of a segment's spaces, in reading order.
    pub fn segment_positions(&self, segment: u8) -> Vec<(u16, u16)> {
        self.segment_spaces(segment)
            .into_iter()
            .filter_map(|s| self.position(s))
            .collect()
    }

    /// The colour of a segment (`None` for an unknown segment).
    pub fn segment_colour(&self, segment: u8) -> Option<Colour> {
        self.segments().get(segment as usize).map(|g| g.colour)
    }

    /// The four segments of a colour, shortest first (2, 3, 4 and 5 spaces).
    pub fn segments_of(&self, colour: Colour) -> [u8; 4] {
        let mut ids = *self.colour_segment_ids(colour);
        ids.sort_by_key(|&k| self.segments()[k as usize].spaces.count());
        ids
    }

    /// The spaces of a colour, in reading order.
    pub fn spaces_of(&self, colour: Colour) -> Vec<usize> {
        self.colour_spaces(colour).iter().collect()
    }

    /// The area with this name (as in the board's `area` lines), by index.
    pub fn area_named(&self, name: &str) -> Option<usize> {
        self.areas()
            .iter()
            .position(|a| a.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The border spaces of an area, in reading order (empty for an unknown area).
    pub fn area_spaces(&self, area: usize) -> Vec<usize> {
        self.areas()
            .get(area)
            .map_or_else(Vec::new, |a| a.border.iter().collect())
    }

    /// A space as a person finds it on the printed board: its number, colour, segment and
    /// position, e.g. `space 12 (red, segment 3, row 4 col 7)`.
    pub fn describe_space(&self, space: usize) -> String {
        match self.spaces().get(space) {
            None => format!("space {space} (not on the board)"),
            Some(s) => match (s.colour, s.segment) {
                (Some(c), Some(k)) => {
                    format!(
                        "space {space} ({c}, segment {k}, row {} col {})",
                        s.row, s.col
                    )
                }
                _ => format!("space {space} (white, row {} col {})", s.row, s.col),
            },
        }
    }

    /// A segment as a person finds it on the printed board: its number, colour, length and
    /// first position, e.g. `segment 3 (red, 4 spaces from row 2 col 5)`.
    pub fn describe_segment(&self, segment: u8) -> String {
        let Some(g) = self.segments().get(segment as usize) else {
            return format!("segment {segment} (not on the board)");
        };
        let first = g.spaces.first().and_then(|s| self.position(s));
        let (row, col) = first.unwrap_or((0, 0));
        format!(
            "segment {segment} ({}, {} spaces from row {row} col {col})",
            g.colour,
            g.spaces.count()
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, BoardId};
    use dicecore::faces::Colour;

    /// Every space and segment maps to its position and back, on every stand-in board.
    #[test]
    fn positions_and_ids_map_both_ways() {
        for id in BoardId::ALL {
            let board = Board::standard(id).unwrap();
            for space in 0..board.space_count() {
                let (r, c) = board.position(space).unwrap();
                assert_eq!(board.space_at(r as usize, c as usize), Some(space));
                let colour = board.space_colour(space);
                assert_eq!(colour.is_none(), board.white().contains(space));
                if let Some(k) = board.segment_of(space) {
                    assert_eq!(board.segment_at(r as usize, c as usize), Some(k));
                    assert_eq!(board.segment_colour(k), colour);
                    assert!(board.segment_positions(k).contains(&(r, c)));
                    assert!(board.spaces_of(colour.unwrap()).contains(&space));
                }
            }
            for colour in Colour::ALL {
                let lengths: Vec<usize> = board
                    .segments_of(colour)
                    .iter()
                    .map(|&k| board.segment_spaces(k).len())
                    .collect();
                assert_eq!(lengths, vec![2, 3, 4, 5]);
                assert_eq!(board.spaces_of(colour).len(), 14);
            }
            let well = board.area_named("Well").unwrap();
            assert_eq!(board.areas()[well].name, "well");
            assert_eq!(board.area_spaces(well).len(), 6);
            assert_eq!(board.position(200), None);
            assert!(board.segment_spaces(99).is_empty());
            assert_eq!(board.area_named("castle"), None);
        }
    }

    #[test]
    fn descriptions_name_colour_segment_and_position() {
        let board = Board::standard(BoardId::A).unwrap();
        assert_eq!(board.describe_space(0), "space 0 (white, row 1 col 5)");
        assert_eq!(
            board.describe_space(1),
            "space 1 (red, segment 0, row 1 col 6)"
        );
        assert_eq!(
            board.describe_segment(0),
            "segment 0 (red, 5 spaces from row 1 col 6)"
        );
        assert_eq!(board.describe_space(99), "space 99 (not on the board)");
    }
}
