//! The board-map format: the stand-in boards meet every documented fact, and the parser
//! rejects each kind of malformed map with the line and the rule.

use dicecore::faces::Colour;
use the_border::board::{Board, BoardId, MapRule, Spaces, AREAS, MAX_SPACES};

/// The map text split into its header lines and its rows of tokens.
struct Map {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Map {
    fn of(id: BoardId) -> Map {
        let mut header = Vec::new();
        let mut rows = Vec::new();
        let mut in_map = false;
        for line in id.map().lines() {
            if in_map {
                rows.push(line.split_whitespace().map(str::to_string).collect());
            } else {
                in_map = line.trim() == "map";
                header.push(line.to_string());
            }
        }
        Map { header, rows }
    }

    /// 1-based line of map row `r`.
    fn line(&self, r: usize) -> usize {
        self.header.len() + 1 + r
    }

    fn text(&self) -> String {
        let mut s = self.header.join("\n");
        for (r, row) in self.rows.iter().enumerate() {
            s.push('\n');
            if r % 2 == 1 {
                s.push_str("  ");
            }
            s.push_str(&row.join(" "));
        }
        s.push('\n');
        s
    }

    fn set(&mut self, r: usize, c: usize, tok: &str) {
        self.rows[r][c] = tok.to_string();
    }

    fn parse(&self) -> Result<Board, the_border::MapError> {
        Board::parse(&self.text())
    }
}

fn board(id: BoardId) -> Board {
    Board::parse(id.map()).expect("stand-in boards are valid")
}

fn pos(b: &Board, space: usize) -> (usize, usize) {
    let s = b.spaces()[space];
    (s.row as usize, s.col as usize)
}

#[test]
fn stand_in_boards_meet_every_documented_fact() {
    let a = board(BoardId::A);
    for id in BoardId::ALL {
        let b = board(id);
        assert_eq!(b.name(), id.to_string());
        // 86 border spaces: 84 coloured and 2 white, which fit a CellSet<2>.
        assert_eq!(b.space_count(), 86);
        assert!(b.space_count() <= MAX_SPACES);
        assert_eq!(b.white().count(), 2);
        let coloured: usize = Colour::ALL
            .iter()
            .map(|&c| b.colour_spaces(c).count())
            .sum();
        assert_eq!(coloured, 84);
        // White spaces top-left and bottom-right: first and last space in reading order.
        let whites: Vec<usize> = b.white().iter().collect();
        assert_eq!(whites, vec![0, b.space_count() - 1]);
        let (r0, c0) = pos(&b, 0);
        let (r1, c1) = pos(&b, 85);
        assert!(r0 < r1 && c0 < c1, "top-left and bottom-right");
        // ... and honestly so: the first is the leftmost space of the top row and lies in the
        // left half of the board, the last the rightmost of the bottom row, in the right half.
        let cols = |r: usize| b.spaces().iter().filter(move |s| s.row as usize == r);
        assert!(cols(r0).all(|s| s.col as usize >= c0));
        assert!(cols(r1).all(|s| s.col as usize <= c1));
        let width: usize = b.spaces().iter().map(|s| s.col as usize).max().unwrap() + 1;
        assert!(2 * c0 < width && 2 * c1 >= width);
        assert!(b
            .spaces()
            .iter()
            .all(|s| (s.row as usize) >= r0 && (s.row as usize) <= r1));
        // One segment of each length 2-5 per colour, adjacent spaces of one colour.
        assert_eq!(b.segments().len(), 24);
        for c in Colour::ALL {
            let mut lens: Vec<usize> = b
                .segments()
                .iter()
                .filter(|s| s.colour == c)
                .map(|s| s.spaces.count())
                .collect();
            lens.sort();
            assert_eq!(lens, vec![2, 3, 4, 5], "{c}");
        }
        // Nine areas of different sizes, values 4-12 by size, low = high / 2 rounded down.
        assert_eq!(b.areas().len(), AREAS);
        let mut by_size: Vec<(usize, u8, u8)> = b
            .areas()
            .iter()
            .map(|a| (a.border.count(), a.high, a.low))
            .collect();
        by_size.sort();
        for (k, &(size, high, low)) in by_size.iter().enumerate() {
            assert_eq!(
                high as usize,
                4 + k,
                "the {k}th smallest area (size {size})"
            );
            assert_eq!(low, high / 2);
            if k > 0 {
                assert!(size > by_size[k - 1].0, "sizes differ");
            }
        }
        // The villa is the top area ("a área superior") and worth 9; the well is worth 4 / 2.
        // "Top" honestly: the villa's centre (mean row of its cells) is strictly the highest
        // of the nine, it reaches the highest row any area reaches, and all of it lies above
        // the centre of every other area.
        let rows_of = |a: usize| -> Vec<usize> {
            (0..b.height())
                .flat_map(|r| (0..b.width()).map(move |c| (r, c)))
                .filter(|&(r, c)| b.area_at(r, c) == Some(a))
                .map(|(r, _)| r)
                .collect()
        };
        let villa = b.areas().iter().position(|a| a.name == "villa").unwrap();
        assert_eq!(b.areas()[villa].high, 9);
        let villa_rows = rows_of(villa);
        let villa_lowest = *villa_rows.iter().max().unwrap();
        let villa_sum: usize = villa_rows.iter().sum();
        let top_row = (0..AREAS).flat_map(rows_of).min().unwrap();
        assert_eq!(*villa_rows.iter().min().unwrap(), top_row);
        for a in (0..AREAS).filter(|&a| a != villa) {
            let rows = rows_of(a);
            let sum: usize = rows.iter().sum();
            // Mean rows compared without division: villa_sum / |villa| < sum / |rows|.
            assert!(
                villa_sum * rows.len() < sum * villa_rows.len(),
                "the villa's centre is above {}'s",
                b.areas()[a].name
            );
            assert!(
                villa_lowest * rows.len() < sum,
                "all of the villa lies above the centre of {}",
                b.areas()[a].name
            );
        }
        let well = b.areas().iter().find(|a| a.name == "well").unwrap();
        assert_eq!((well.high, well.low), (4, 2));
        // Every space borders an area; borders of two areas are shared.
        let union = b
            .areas()
            .iter()
            .fold(Spaces::EMPTY, |acc, a| acc | a.border);
        assert_eq!(union, b.all());
        // Same geometry as board A, another colouring.
        assert!(b.same_geometry(&a));
        if id != BoardId::A {
            assert_ne!(b.segments(), a.segments());
        }
    }
}

#[test]
fn the_boards_are_shared_and_render() {
    let a = Board::standard(BoardId::A).unwrap();
    let again = Board::standard(BoardId::A).unwrap();
    assert!(std::sync::Arc::ptr_eq(&a, &again));
    let text = a.to_string();
    assert!(text.starts_with("board A\n"));
    assert_eq!(text.matches('W').count(), 2);
}

fn expect(map: &Map, line: usize, rule: MapRule) {
    let e = map.parse().expect_err("the map must be refused");
    assert_eq!((e.line, e.rule), (line, rule));
}

#[test]
fn segment_not_one_colour() {
    let b = board(BoardId::A);
    let mut map = Map::of(BoardId::A);
    let seg = &b.segments()[3];
    let last = seg.spaces.iter().last().unwrap();
    let (r, c) = pos(&b, last);
    let other = Colour::ALL.into_iter().find(|&x| x != seg.colour).unwrap();
    map.set(r, c, &format!("{}{}", other.letter(), seg.tag));
    expect(&map, map.line(r), MapRule::SegmentNotOneColour(seg.tag));
}

#[test]
fn segment_not_connected() {
    let b = board(BoardId::A);
    let mut map = Map::of(BoardId::A);
    let colour = Colour::Red;
    let of_len = |n: usize| {
        b.segments()
            .iter()
            .find(|s| s.colour == colour && s.spaces.count() == n)
            .unwrap()
    };
    let (two, three) = (of_len(2), of_len(3));
    // Move one space of the 2-segment into the 3-segment: same colour, far away.
    let moved = two.spaces.iter().last().unwrap();
    let (r, c) = pos(&b, moved);
    map.set(r, c, &format!("{}{}", colour.letter(), three.tag));
    // The segment is explored from its first space in reading order; the error names the line
    // of the first space it cannot reach (same-colour segments never touch, so the moved space
    // is cut off from the others).
    let first_three = three.spaces.first().unwrap();
    let unreached = if moved < first_three {
        first_three
    } else {
        moved
    };
    expect(
        &map,
        map.line(pos(&b, unreached).0),
        MapRule::SegmentNotConnected(three.tag),
    );
}

#[test]
fn same_colour_segments_touching() {
    let b = board(BoardId::A);
    let mut map = Map::of(BoardId::A);
    // A segment next to a segment of another colour takes that colour.
    let (x, y) = b
        .segments()
        .iter()
        .enumerate()
        .find_map(|(i, x)| {
            let around = x
                .spaces
                .iter()
                .fold(Spaces::EMPTY, |a, s| a | b.neighbours(s));
            b.segments()
                .iter()
                .position(|y| y.colour != x.colour && around.intersects(&y.spaces))
                .map(|j| (i, j))
        })
        .unwrap();
    let (x, y) = (&b.segments()[x], &b.segments()[y]);
    for s in y.spaces.iter() {
        let (r, c) = pos(&b, s);
        map.set(r, c, &format!("{}{}", x.colour.letter(), y.tag));
    }
    // The first space in reading order with a neighbour of its colour in another segment
    // names the line and the two segments.
    let colour = |s: usize| {
        if y.spaces.contains(s) {
            Some(x.colour)
        } else {
            b.spaces()[s].colour
        }
    };
    let tag = |s: usize| b.spaces()[s].segment.map(|k| b.segments()[k as usize].tag);
    let (first, other) = (0..b.space_count())
        .filter(|&s| colour(s).is_some())
        .find_map(|s| {
            b.neighbours(s)
                .iter()
                .find(|&t| colour(t) == colour(s) && tag(t) != tag(s))
                .map(|t| (s, t))
        })
        .unwrap();
    expect(
        &map,
        map.line(pos(&b, first).0),
        MapRule::SameColourTouching(tag(first).unwrap(), tag(other).unwrap()),
    );
}

#[test]
fn wrong_segment_lengths_per_colour() {
    let b = board(BoardId::A);
    let mut map = Map::of(BoardId::A);
    let seg = b
        .segments()
        .iter()
        .find(|s| s.colour == Colour::Grey && s.spaces.count() == 2)
        .unwrap();
    let around = seg
        .spaces
        .iter()
        .fold(Spaces::EMPTY, |a, s| a | b.neighbours(s));
    let new = Colour::ALL
        .into_iter()
        .find(|&c| c != Colour::Grey && !around.intersects(&b.colour_spaces(c)))
        .expect("some colour is not next to the segment");
    for s in seg.spaces.iter() {
        let (r, c) = pos(&b, s);
        map.set(r, c, &format!("{}{}", new.letter(), seg.tag));
    }
    // Grey comes first in die order: it now lacks its 2-segment. The error names the line of
    // the first grey space left (segments are ordered by their first space).
    let first_grey = b
        .segments()
        .iter()
        .find(|s| s.colour == Colour::Grey && s.tag != seg.tag)
        .and_then(|s| s.spaces.first())
        .unwrap();
    expect(
        &map,
        map.line(pos(&b, first_grey).0),
        MapRule::SegmentLengths {
            colour: Colour::Grey,
            lengths: vec![3, 4, 5],
        },
    );
}

#[test]
fn area_not_enclosed() {
    let b = board(BoardId::A);
    let mut map = Map::of(BoardId::A);
    // A coloured space between an area and the outside.
    let (space, area) = (0..b.space_count())
        .filter(|&s| !b.white().contains(s))
        .find_map(|s| {
            let (r, c) = pos(&b, s);
            let outside = [(r, c + 1), (r, c.wrapping_sub(1))]
                .into_iter()
                .chain([r.wrapping_sub(1), r + 1].into_iter().flat_map(|rr| {
                    let d = if r % 2 == 0 { c.wrapping_sub(1) } else { c };
                    [(rr, d), (rr, d.wrapping_add(1))]
                }))
                .any(|(rr, cc)| {
                    rr < b.height()
                        && cc < b.width()
                        && b.space_at(rr, cc).is_none()
                        && b.area_at(rr, cc).is_none()
                });
            let areas = b.space_areas(s);
            (outside && areas.count_ones() == 1).then(|| (s, areas.trailing_zeros() as usize))
        })
        .unwrap();
    let (r, c) = pos(&b, space);
    map.set(r, c, "..");
    let key = b.areas()[area].key;
    let marker_row = (0..b.height())
        .find(|&rr| (0..b.width()).any(|cc| b.is_marker(rr, cc) && b.area_at(rr, cc) == Some(area)))
        .unwrap();
    expect(&map, map.line(marker_row), MapRule::AreaNotEnclosed(key));
}

#[test]
fn white_spaces_missing() {
    let b = board(BoardId::A);
    let mut map = Map::of(BoardId::A);
    let (r, c) = pos(&b, 0);
    map.set(r, c, "..");
    expect(&map, map.header.len(), MapRule::WhiteSpaces(1));
}

#[test]
fn low_value_above_high() {
    let mut map = Map::of(BoardId::A);
    let i = map
        .header
        .iter()
        .position(|l| l.starts_with("area") && l.contains(" well "))
        .unwrap();
    map.header[i] = "area 6 well 4 5".to_string();
    expect(
        &map,
        i + 1,
        MapRule::LowAboveHigh {
            key: '6',
            high: 4,
            low: 5,
        },
    );
}

#[test]
fn syntax_errors_name_their_line() {
    let base = Map::of(BoardId::A);
    let mut m = Map::of(BoardId::A);
    m.set(0, 0, "zz");
    expect(&m, base.line(0), MapRule::BadToken("zz".into()));
    let mut m = Map::of(BoardId::A);
    m.rows[2].push("..".into());
    expect(
        &m,
        base.line(2),
        MapRule::RaggedRow {
            expected: base.rows[0].len(),
            found: base.rows[0].len() + 1,
        },
    );
    let mut m = Map::of(BoardId::A);
    m.header.insert(0, "colour me".into());
    expect(&m, 1, MapRule::UnknownLine);
    let mut m = Map::of(BoardId::A);
    m.header.insert(0, "area 1 again 5 2".into());
    let villa_line = m
        .header
        .iter()
        .position(|l| l.starts_with("area 1 villa"))
        .unwrap()
        + 1;
    expect(&m, villa_line, MapRule::DuplicateArea('1'));
    let mut m = Map::of(BoardId::A);
    let well = m
        .header
        .iter()
        .position(|l| l.starts_with("area 6 well"))
        .unwrap();
    m.header[well] = "area 6 well 0 0".into();
    expect(&m, well + 1, MapRule::ZeroValue('6'));
    let mut m = Map::of(BoardId::A);
    m.header.insert(0, "area 1 villa nine 4".into());
    expect(&m, 1, MapRule::BadAreaLine);
    assert_eq!(Board::parse("board X\n").unwrap_err().rule, MapRule::NoMap);
}

#[test]
fn markers_must_match_area_lines() {
    let b = board(BoardId::A);
    // Without its marker, area 5 is an enclosed region with no area.
    let mut m = Map::of(BoardId::A);
    let five = b.areas().iter().position(|a| a.key == '5').unwrap();
    let cells: Vec<(usize, usize)> = (0..b.height())
        .flat_map(|r| (0..b.width()).map(move |c| (r, c)))
        .filter(|&(r, c)| b.area_at(r, c) == Some(five))
        .collect();
    let &(r, c) = cells.iter().find(|&&(r, c)| b.is_marker(r, c)).unwrap();
    m.set(r, c, "..");
    expect(&m, m.line(cells[0].0), MapRule::UnmarkedRegion);
    // An area line whose marker is nowhere.
    let mut m = Map::of(BoardId::A);
    m.header.insert(0, "area Q pond 3 1".into());
    expect(&m, 1, MapRule::MissingMarker('Q'));
}

#[test]
fn unknown_and_duplicate_markers() {
    let b = board(BoardId::A);
    // A marker with no area line.
    let mut m = Map::of(BoardId::A);
    let (r, c) = (0..b.height())
        .flat_map(|r| (0..b.width()).map(move |c| (r, c)))
        .find(|&(r, c)| b.is_marker(r, c) && b.areas()[b.area_at(r, c).unwrap()].key == '9')
        .unwrap();
    m.set(r, c, "*Z");
    expect(&m, m.line(r), MapRule::UnknownArea('Z'));
    // A third white space.
    let mut m = Map::of(BoardId::A);
    let s = b.segments()[0].spaces.first().unwrap();
    let (r, c) = pos(&b, s);
    m.set(r, c, "ww");
    let e = m.parse().unwrap_err();
    assert_eq!(e.rule, MapRule::WhiteSpaces(3));
}

#[test]
fn comments_run_to_the_end_of_the_line() {
    let text = BoardId::C
        .map()
        .replace("board C", "board C   # stand-in")
        .replace("area 6 well 4 2", "area 6 well 4 2 # the smallest")
        .replace("\nmap\n", "\nmap # rows follow\n");
    let b = Board::parse(&text).unwrap();
    assert_eq!(b.name(), "C");
    assert_eq!(b, board(BoardId::C));
}

/// All cells of the region of area `key` on board A.
fn region_cells(b: &Board, key: char) -> Vec<(usize, usize)> {
    let a = b.areas().iter().position(|a| a.key == key).unwrap();
    (0..b.height())
        .flat_map(|r| (0..b.width()).map(move |c| (r, c)))
        .filter(|&(r, c)| b.area_at(r, c) == Some(a))
        .collect()
}

#[test]
fn two_markers_in_one_region_are_areas_not_separated() {
    let b = board(BoardId::A);
    let mut m = Map::of(BoardId::A);
    m.header.insert(1, "area Q pond 3 1".into());
    let &(r, c) = region_cells(&b, '9')
        .iter()
        .find(|&&(r, c)| !b.is_marker(r, c))
        .unwrap();
    m.set(r, c, "*Q");
    let e = m.parse().unwrap_err();
    assert!(
        matches!(
            e.rule,
            MapRule::AreasNotSeparated('9', 'Q') | MapRule::AreasNotSeparated('Q', '9')
        ),
        "{e}"
    );
}

#[test]
fn one_key_marking_two_regions_is_a_duplicate_marker() {
    let b = board(BoardId::A);
    let mut m = Map::of(BoardId::A);
    // Area 5's marker now reads *9: two regions claim area 9.
    let &(r, c) = region_cells(&b, '5')
        .iter()
        .find(|&&(r, c)| b.is_marker(r, c))
        .unwrap();
    m.set(r, c, "*9");
    assert_eq!(m.parse().unwrap_err().rule, MapRule::DuplicateMarker('9'));
}

#[test]
fn eight_areas_is_the_wrong_area_count() {
    let b = board(BoardId::A);
    // Merge two neighbouring areas: open one space they share, drop one marker and its line.
    let (x, y) = (0..AREAS)
        .flat_map(|x| (x + 1..AREAS).map(move |y| (x, y)))
        .find(|&(x, y)| !(b.areas()[x].border & b.areas()[y].border).is_empty())
        .unwrap();
    let shared = (b.areas()[x].border & b.areas()[y].border).first().unwrap();
    let gone = b.areas()[y].key;
    let mut m = Map::of(BoardId::A);
    let (r, c) = pos(&b, shared);
    m.set(r, c, "..");
    let &(mr, mc) = region_cells(&b, gone)
        .iter()
        .find(|&&(r, c)| b.is_marker(r, c))
        .unwrap();
    m.set(mr, mc, "..");
    m.header
        .retain(|l| !l.starts_with(&format!("area {gone} ")));
    let e = m.parse().unwrap_err();
    assert_eq!(e.rule, MapRule::AreaCount(AREAS - 1), "{e}");
    assert_eq!(e.line, m.header.len(), "the error names the `map` line");
}

#[test]
fn more_spaces_than_a_board_holds() {
    let row = vec!["gA"; MAX_SPACES + 1].join(" ");
    let e = Board::parse(&format!("board X\nmap\n{row}\n")).unwrap_err();
    assert_eq!((e.line, e.rule), (3, MapRule::TooManySpaces));
}

#[test]
fn a_space_next_to_no_area_is_refused() {
    // On board B the white space at the bottom right touches the end of the orange 5-segment
    // `oU`, whose other end is a space whose empty neighbours all lie in one area. The white
    // takes that segment's token (`oU` keeps five connected spaces), the far end is cleared
    // (its area grows by one cell and stays enclosed), and the white moves to the top-left
    // corner of the map, among empty cells outside every area. Every earlier rule still holds,
    // so the parser refuses the corner space, the first space in reading order.
    let b = board(BoardId::B);
    let mut map = Map::of(BoardId::B);
    let white = b.white().iter().last().unwrap();
    let seg = b.segments().iter().find(|s| s.tag == 'U').unwrap();
    assert_eq!((seg.colour, seg.spaces.count()), (Colour::Orange, 5));
    assert!(b.neighbours(white).intersects(&seg.spaces));
    let end = b.space_at(10, 13).unwrap();
    assert!(seg.spaces.contains(end));
    assert_eq!(
        b.space_areas(end).count_ones(),
        1,
        "the end borders one area"
    );
    // The corner and its two neighbours (0, 1) and (1, 0) are empty cells outside every area.
    for (r, c) in [(0, 0), (0, 1), (1, 0)] {
        assert_eq!((b.space_at(r, c), b.area_at(r, c)), (None, None));
    }
    let (wr, wc) = pos(&b, white);
    map.set(wr, wc, "oU");
    map.set(10, 13, "..");
    map.set(0, 0, "ww");
    expect(&map, map.line(0), MapRule::SpaceOutsideAreas);
}

/// Three strips of three areas each, separated by empty rows. Each strip is an area row
/// between two rows of border spaces, with a border space between neighbouring areas and at
/// both ends; both white spaces are the ends of the top strip. Every rule but connection
/// holds: 86 spaces, one segment of each length 2-5 per colour, segments of one colour apart.
const STRIPS: &str = "board strips
area 1 a1 4 2
area 2 a2 5 2
area 3 a3 6 3
area 4 a4 7 3
area 5 a5 8 4
area 6 a6 9 4
area 7 a7 10 5
area 8 a8 11 5
area 9 a9 12 6
map
.. .. .. .. .. .. .. .. .. .. .. .. .. .. .. ..
  .. oA oA rB rB rB rB gC gC gC rD rD rD .. .. ..
.. ww *1 .. .. rB *2 .. .. gC *3 .. .. ww .. ..
  .. gG gG gG gG gG oF oF oF bE bE bE bE .. .. ..
.. .. .. .. .. .. .. .. .. .. .. .. .. .. .. ..
  .. yH yH yH yH aI aI aI oJ oJ oJ oJ gK .. .. ..
.. yH *4 .. .. aI *5 .. .. oJ *6 .. .. gK .. ..
  .. bN bN bN bN bN yM yM yM aL aL aL gK .. .. ..
.. .. .. .. .. .. .. .. .. .. .. .. .. .. .. ..
  .. bO bO gP gP rQ rQ rQ yR oS oS oS oS aT .. ..
.. bO *7 .. .. rQ *8 .. .. yR *9 .. .. .. aT ..
  .. yX yX yX yX bW bW aV aV aV aV aV rU rU .. ..
.. .. .. .. .. .. .. .. .. .. .. .. .. .. .. ..
";

#[test]
fn a_space_cut_off_from_the_white_spaces_is_refused() {
    // The lower two strips touch neither white space: the first of their spaces in reading
    // order, the `yH` at the start of the middle strip, is reported.
    let e = Board::parse(STRIPS).expect_err("the strips are not connected");
    let line = STRIPS
        .lines()
        .position(|l| l.trim_start().starts_with(".. yH"))
        .unwrap()
        + 1;
    assert_eq!((e.line, e.rule), (line, MapRule::Unreachable));
}
