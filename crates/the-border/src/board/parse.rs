//! The board-map format read: tokens, rows, the `board` and `area` lines, and every rule a map
//! must keep (see the parent module for the format), each broken rule a [`MapRule`].

use super::*;
use dicecore::hex::Hex;

/// The rule a board map breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapRule {
    /// A line before `map` that is not `board`, `area`, or a comment.
    #[error("unknown line (expected `board <name>`, `area <key> <name> <high> <low>` or `map`)")]
    UnknownLine,
    /// An `area` line without a one-character key, a name and two numbers.
    #[error("an area line reads `area <key> <name> <high> <low>`")]
    BadAreaLine,
    /// Two `area` lines with the same key.
    #[error("area {0} is described twice")]
    DuplicateArea(char),
    /// An area whose later value is above its first value.
    #[error("area {key}: the low value {low} is above the high value {high}")]
    LowAboveHigh {
        /// The area.
        key: char,
        /// Its first value.
        high: u8,
        /// Its later value.
        low: u8,
    },
    /// An area worth nothing to its first completer.
    #[error("area {0}: the high value must be at least 1")]
    ZeroValue(char),
    /// The file has no `map` line or no rows after it.
    #[error("the board has no map")]
    NoMap,
    /// A token that is not `..`, `ww`, a colour letter with a tag, or `*` with an area key.
    #[error("`{0}` is not a map token (`..`, `ww`, colour letter + tag, or `*` + area key)")]
    BadToken(String),
    /// A map row with a different number of cells than the first.
    #[error("the row has {found} cells, the first row has {expected}")]
    RaggedRow {
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// More border spaces than a board can hold.
    #[error("a board has at most {MAX_SPACES} border spaces")]
    TooManySpaces,
    /// Not exactly two white spaces.
    #[error("a board has exactly 2 white spaces, this one has {0}")]
    WhiteSpaces(usize),
    /// An area marker without an `area` line.
    #[error("marker *{0} names an area with no `area` line")]
    UnknownArea(char),
    /// An `area` line whose marker is not on the map.
    #[error("area {0} has no marker on the map")]
    MissingMarker(char),
    /// An area marker used twice.
    #[error("the marker of area {0} appears twice")]
    DuplicateMarker(char),
    /// Two markers inside one enclosed region.
    #[error("areas {0} and {1} are not separated by border spaces")]
    AreasNotSeparated(char, char),
    /// A marker whose region reaches the edge of the map.
    #[error("area {0} is not enclosed by border spaces")]
    AreaNotEnclosed(char),
    /// A region enclosed by border spaces that has no marker.
    #[error("this region is enclosed by border spaces but has no area marker")]
    UnmarkedRegion,
    /// Not the documented number of areas.
    #[error("a board has {AREAS} areas, this one has {0}")]
    AreaCount(usize),
    /// A segment tag used with two colours.
    #[error("segment {0} is not one colour")]
    SegmentNotOneColour(char),
    /// A segment whose spaces are not connected.
    #[error("segment {0} is not connected")]
    SegmentNotConnected(char),
    /// Two segments of the same colour next to each other.
    #[error("segments {0} and {1} have the same colour and touch")]
    SameColourTouching(char, char),
    /// A colour without exactly one segment of each length 2, 3, 4 and 5.
    #[error("{colour} has segments of lengths {lengths:?}, not one each of 2, 3, 4 and 5")]
    SegmentLengths {
        /// The colour.
        colour: Colour,
        /// Its segment lengths, sorted.
        lengths: Vec<usize>,
    },
    /// A border space next to no area.
    #[error("this border space borders no area")]
    SpaceOutsideAreas,
    /// A border space that cannot be reached from the white spaces.
    #[error("this border space is not connected to the white spaces")]
    Unreachable,
}

/// Why a board map was refused: the 1-based line and the broken rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board map line {line}: {rule}")]
pub struct MapError {
    /// 1-based line of the map text.
    pub line: usize,
    /// The rule broken there.
    pub rule: MapRule,
}

fn err<T>(line: usize, rule: MapRule) -> Result<T, MapError> {
    Err(MapError { line, rule })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tok {
    Empty,
    White,
    Marker(char),
    Coloured(Colour, char),
}

/// The cells next to `(r, c)` on a `height` × `width` odd-r map, through dicecore's [`Hex`].
fn hex_neighbours(
    r: usize,
    c: usize,
    height: usize,
    width: usize,
) -> impl Iterator<Item = (usize, usize)> {
    Hex::from_odd_r(r as i32, c as i32)
        .neighbours()
        .into_iter()
        .map(Hex::to_odd_r)
        .filter(move |&(a, b)| a >= 0 && b >= 0 && (a as usize) < height && (b as usize) < width)
        .map(|(a, b)| (a as usize, b as usize))
}

fn parse_token(t: &str) -> Option<Tok> {
    let mut ch = t.chars();
    let (a, b) = (ch.next()?, ch.next()?);
    if ch.next().is_some() {
        return None;
    }
    match (a, b) {
        ('.', '.') => Some(Tok::Empty),
        ('w', 'w') => Some(Tok::White),
        ('*', k) if k.is_ascii_alphanumeric() => Some(Tok::Marker(k)),
        (c, tag) if tag.is_ascii_alphanumeric() => {
            Colour::from_letter(c).map(|c| Tok::Coloured(c, tag))
        }
        _ => None,
    }
}

struct AreaLine {
    line: usize,
    name: String,
    high: u8,
    low: u8,
}

impl Board {
    /// Parses and validates a board map (see the module documentation for the format).
    pub fn parse(text: &str) -> Result<Board, MapError> {
        let mut name = String::new();
        let mut area_lines: BTreeMap<char, AreaLine> = BTreeMap::new();
        let mut rows: Vec<(usize, Vec<Tok>)> = Vec::new();
        let mut in_map = false;
        let mut map_line = 0;
        let mut last_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            last_line = line;
            // `#` starts a comment, to the end of the line.
            let trimmed = raw.split('#').next().unwrap_or("").trim();
            if trimmed.is_empty() {
                continue;
            }
            if in_map {
                let mut toks = Vec::new();
                for t in trimmed.split_whitespace() {
                    match parse_token(t) {
                        Some(tok) => toks.push(tok),
                        None => return err(line, MapRule::BadToken(t.to_string())),
                    }
                }
                if let Some((_, first)) = rows.first() {
                    if first.len() != toks.len() {
                        return err(
                            line,
                            MapRule::RaggedRow {
                                expected: first.len(),
                                found: toks.len(),
                            },
                        );
                    }
                }
                rows.push((line, toks));
                continue;
            }
            let mut words = trimmed.split_whitespace();
            match words.next() {
                Some("map") if words.next().is_none() => {
                    in_map = true;
                    map_line = line;
                }
                Some("board") => name = words.collect::<Vec<_>>().join(" "),
                Some("area") => {
                    let parts: Vec<&str> = words.collect();
                    let [key, area_name, high, low] = parts[..] else {
                        return err(line, MapRule::BadAreaLine);
                    };
                    let mut kc = key.chars();
                    let (Some(k), None) = (kc.next(), kc.next()) else {
                        return err(line, MapRule::BadAreaLine);
                    };
                    if !k.is_ascii_alphanumeric() {
                        return err(line, MapRule::BadAreaLine);
                    }
                    let (Ok(high), Ok(low)) = (high.parse::<u8>(), low.parse::<u8>()) else {
                        return err(line, MapRule::BadAreaLine);
                    };
                    if high == 0 {
                        return err(line, MapRule::ZeroValue(k));
                    }
                    if low > high {
                        return err(line, MapRule::LowAboveHigh { key: k, high, low });
                    }
                    if area_lines.contains_key(&k) {
                        return err(line, MapRule::DuplicateArea(k));
                    }
                    area_lines.insert(
                        k,
                        AreaLine {
                            line,
                            name: area_name.to_string(),
                            high,
                            low,
                        },
                    );
                }
                _ => return err(line, MapRule::UnknownLine),
            }
        }
        if rows.is_empty() || rows[0].1.is_empty() {
            return err(last_line.max(map_line), MapRule::NoMap);
        }
        let height = rows.len();
        let width = rows[0].1.len();
        let tok = |r: usize, c: usize| rows[r].1[c];
        let line_of = |r: usize| rows[r].0;
        let is_space = |t: Tok| matches!(t, Tok::White | Tok::Coloured(..));

        // Border spaces in reading order.
        let mut index = vec![u8::MAX; width * height];
        let mut spaces: Vec<Space> = Vec::new();
        let mut whites = 0;
        for r in 0..height {
            for c in 0..width {
                let t = tok(r, c);
                if !is_space(t) {
                    continue;
                }
                if spaces.len() >= MAX_SPACES {
                    return err(line_of(r), MapRule::TooManySpaces);
                }
                if t == Tok::White {
                    whites += 1;
                    if whites > 2 {
                        return err(line_of(r), MapRule::WhiteSpaces(whites));
                    }
                }
                index[r * width + c] = spaces.len() as u8;
                spaces.push(Space {
                    row: r as u16,
                    col: c as u16,
                    colour: match t {
                        Tok::Coloured(col, _) => Some(col),
                        _ => None,
                    },
                    segment: None,
                });
            }
        }
        if whites != 2 {
            return err(map_line, MapRule::WhiteSpaces(whites));
        }
        let mut neighbours = Box::new([Spaces::EMPTY; MAX_SPACES]);
        for (i, s) in spaces.iter().enumerate() {
            for (a, b) in hex_neighbours(s.row as usize, s.col as usize, height, width) {
                let j = index[a * width + b];
                if j != u8::MAX {
                    neighbours[i].insert(j as usize);
                }
            }
        }

        // Regions of non-space cells: areas (with a marker) and the outside.
        let mut cells = vec![Cell::Outside; width * height];
        for (i, &j) in index.iter().enumerate() {
            if j != u8::MAX {
                cells[i] = Cell::Space(j);
            }
        }
        let mut seen = vec![false; width * height];
        let mut regions: Vec<(char, Vec<usize>)> = Vec::new();
        let mut marker_at: BTreeMap<char, usize> = BTreeMap::new();
        for start in 0..width * height {
            if seen[start] || index[start] != u8::MAX {
                continue;
            }
            let mut stack = vec![start];
            let mut region = Vec::new();
            seen[start] = true;
            while let Some(p) = stack.pop() {
                region.push(p);
                for (a, b) in hex_neighbours(p / width, p % width, height, width) {
                    let q = a * width + b;
                    if !seen[q] && index[q] == u8::MAX {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
            region.sort_unstable();
            let open = region.iter().any(|&p| {
                let (r, c) = (p / width, p % width);
                r == 0 || c == 0 || r + 1 == height || c + 1 == width
            });
            let mut key: Option<char> = None;
            for &p in &region {
                if let Tok::Marker(k) = tok(p / width, p % width) {
                    if let Some(k0) = key {
                        return err(line_of(p / width), MapRule::AreasNotSeparated(k0, k));
                    }
                    key = Some(k);
                    if marker_at.insert(k, p).is_some() {
                        return err(line_of(p / width), MapRule::DuplicateMarker(k));
                    }
                    if !area_lines.contains_key(&k) {
                        return err(line_of(p / width), MapRule::UnknownArea(k));
                    }
                }
            }
            match (key, open) {
                (Some(k), true) => {
                    let p = marker_at.get(&k).copied().unwrap_or(region[0]);
                    return err(line_of(p / width), MapRule::AreaNotEnclosed(k));
                }
                (None, false) => return err(line_of(region[0] / width), MapRule::UnmarkedRegion),
                (Some(k), false) => regions.push((k, region)),
                (None, true) => {}
            }
        }
        for (k, a) in &area_lines {
            if !marker_at.contains_key(k) {
                return err(a.line, MapRule::MissingMarker(*k));
            }
        }
        if regions.len() != AREAS {
            return err(map_line, MapRule::AreaCount(regions.len()));
        }
        // Areas in key order.
        regions.sort_by_key(|(k, _)| *k);
        let mut areas = Vec::with_capacity(AREAS);
        let mut markers = Vec::with_capacity(AREAS);
        let mut space_areas = Box::new([0u16; MAX_SPACES]);
        for (ai, (k, region)) in regions.iter().enumerate() {
            let mut border = Spaces::EMPTY;
            for &p in region {
                cells[p] = Cell::Inside(ai as u8);
                for (a, b) in hex_neighbours(p / width, p % width, height, width) {
                    let j = index[a * width + b];
                    if j != u8::MAX {
                        border.insert(j as usize);
                        space_areas[j as usize] |= 1 << ai;
                    }
                }
            }
            let info = &area_lines[k];
            markers.push(marker_at[k]);
            areas.push(Area {
                key: *k,
                name: info.name.clone(),
                high: info.high,
                low: info.low,
                border,
                cells: region.len(),
            });
        }

        // Segments.
        let mut by_tag: BTreeMap<char, Vec<usize>> = BTreeMap::new();
        for r in 0..height {
            for c in 0..width {
                if let Tok::Coloured(_, tag) = tok(r, c) {
                    by_tag
                        .entry(tag)
                        .or_default()
                        .push(index[r * width + c] as usize);
                }
            }
        }
        let mut tagged: Vec<(char, Vec<usize>)> = by_tag.into_iter().collect();
        tagged.sort_by_key(|(_, s)| s[0]);
        let mut segments: Vec<Segment> = Vec::new();
        for (tag, members) in &tagged {
            let colour = spaces[members[0]].colour.unwrap_or(Colour::Grey);
            let mut set = Spaces::EMPTY;
            for &m in members {
                if spaces[m].colour != Some(colour) {
                    return err(
                        line_of(spaces[m].row as usize),
                        MapRule::SegmentNotOneColour(*tag),
                    );
                }
                set.insert(m);
            }
            let mut reached = Spaces::EMPTY;
            reached.insert(members[0]);
            loop {
                let mut next = reached;
                for s in reached.iter() {
                    next |= neighbours[s] & set;
                }
                if next == reached {
                    break;
                }
                reached = next;
            }
            if let Some(m) = (set - reached).first() {
                return err(
                    line_of(spaces[m].row as usize),
                    MapRule::SegmentNotConnected(*tag),
                );
            }
            for &m in members {
                spaces[m].segment = Some(segments.len() as u8);
            }
            segments.push(Segment {
                tag: *tag,
                colour,
                spaces: set,
            });
        }
        for (i, s) in spaces.iter().enumerate() {
            let (Some(c), Some(seg)) = (s.colour, s.segment) else {
                continue;
            };
            for j in neighbours[i].iter() {
                let t = &spaces[j];
                if t.colour == Some(c) && t.segment != Some(seg) {
                    let other = t.segment.map_or('?', |o| segments[o as usize].tag);
                    return err(
                        line_of(s.row as usize),
                        MapRule::SameColourTouching(segments[seg as usize].tag, other),
                    );
                }
            }
        }
        for colour in Colour::ALL {
            let mut lengths: Vec<usize> = segments
                .iter()
                .filter(|s| s.colour == colour)
                .map(|s| s.spaces.count())
                .collect();
            lengths.sort_unstable();
            if lengths != SEGMENT_LENGTHS {
                let line = segments
                    .iter()
                    .find(|s| s.colour == colour)
                    .and_then(|s| s.spaces.first())
                    .map_or(map_line, |f| line_of(spaces[f].row as usize));
                return err(line, MapRule::SegmentLengths { colour, lengths });
            }
        }

        // Every space borders an area and is reachable from the white spaces.
        for (i, s) in spaces.iter().enumerate() {
            if space_areas[i] == 0 {
                return err(line_of(s.row as usize), MapRule::SpaceOutsideAreas);
            }
        }
        let all = Spaces::first_n(spaces.len());
        let white: Spaces = spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.colour.is_none())
            .map(|(i, _)| i)
            .collect();
        let mut reached = white;
        loop {
            let mut next = reached;
            for s in reached.iter() {
                next |= neighbours[s];
            }
            if next == reached {
                break;
            }
            reached = next;
        }
        if let Some(m) = (all - reached).first() {
            return err(line_of(spaces[m].row as usize), MapRule::Unreachable);
        }
        let mut colour_masks = [Spaces::EMPTY; 6];
        for (i, s) in spaces.iter().enumerate() {
            if let Some(c) = s.colour {
                colour_masks[c.index()].insert(i);
            }
        }
        let mut colour_combos = [Spaces::EMPTY; 64];
        for (bits, combo) in colour_combos.iter_mut().enumerate() {
            for (c, mask) in colour_masks.iter().enumerate() {
                if bits & (1 << c) != 0 {
                    *combo |= *mask;
                }
            }
        }
        let mut segments_by_colour = [[Spaces::EMPTY; 4]; 6];
        let mut segment_ids_by_colour = [[0u8; 4]; 6];
        for c in Colour::ALL {
            let of_colour = segments.iter().enumerate().filter(|(_, s)| s.colour == c);
            for (slot, (id, seg)) in of_colour.enumerate() {
                segments_by_colour[c.index()][slot] = seg.spaces;
                segment_ids_by_colour[c.index()][slot] = id as u8;
            }
        }
        Ok(Board {
            name,
            colour_combos,
            segments_by_colour,
            segment_ids_by_colour,
            width,
            height,
            cells,
            markers,
            spaces,
            neighbours,
            space_areas,
            colour_masks,
            white,
            all,
            segments,
            areas,
        })
    }
}
