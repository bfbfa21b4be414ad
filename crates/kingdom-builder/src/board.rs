//! The board: the 8 printed sectors (embedded from `data/sectors.txt`), terrains, location
//! tiles, and the 20×20 board built from 4 of them with its precomputed masks.

use dicecore::cellset::{CellSet, HexGrid};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A set of cells of the 20×20 board (bit `row * 20 + col`).
pub type Cells = CellSet<7>;

/// Board width and height in hexes.
pub const SIDE: usize = 20;
/// Number of hexes on the board.
pub const CELLS: usize = SIDE * SIDE;

/// The 20×20 odd-r hex grid.
pub const GRID: HexGrid<7> = match HexGrid::new(SIDE, SIDE) {
    Some(g) => g,
    None => panic!("a 20x20 board fits in 7 words"),
};

/// A hex of the 20×20 board, `row * 20 + col` (rows top to bottom, odd rows shifted right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Cell(pub u16);

impl Cell {
    /// The hex at `(row, col)`, `None` off the board.
    pub const fn at(row: usize, col: usize) -> Option<Cell> {
        if row < SIDE && col < SIDE {
            Some(Cell((row * SIDE + col) as u16))
        } else {
            None
        }
    }

    /// The board row (0 = top).
    pub const fn row(self) -> usize {
        self.0 as usize / SIDE
    }

    /// The board column (0 = left).
    pub const fn col(self) -> usize {
        self.0 as usize % SIDE
    }

    /// The bit index of the hex in a [`Cells`] set.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the hex lies on the board.
    pub const fn on_board(self) -> bool {
        (self.0 as usize) < CELLS
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row(), self.col())
    }
}

/// The five buildable terrains, which are also the five kinds of terrain card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Terrain {
    /// Grass (pasto).
    Grass,
    /// Flower field (campo florido).
    Flower,
    /// Forest (floresta).
    Forest,
    /// Canyon (desfiladeiro).
    Canyon,
    /// Desert (deserto).
    Desert,
}

impl Terrain {
    /// All five, in card order.
    pub const ALL: [Terrain; 5] = [
        Terrain::Grass,
        Terrain::Flower,
        Terrain::Forest,
        Terrain::Canyon,
        Terrain::Desert,
    ];

    /// The terrain's name.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Grass => "grass",
            Terrain::Flower => "flower field",
            Terrain::Forest => "forest",
            Terrain::Canyon => "canyon",
            Terrain::Desert => "desert",
        }
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The 8 kinds of location (and of location tile). Each sector holds the locations of its
/// own kind, so this also names the sectors (see [`Sector`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Tile {
    /// Build 1 on the current card's terrain.
    Oracle,
    /// Build 1 on grass.
    Farm,
    /// Build 1 on desert.
    Oasis,
    /// Build 1 on the board edge.
    Tower,
    /// Build 1 at the end of a line of 3 or more of your settlements.
    Tavern,
    /// Move 1 settlement to the current card's terrain.
    Barn,
    /// Move 1 settlement onto water.
    Harbor,
    /// Move 1 settlement 2 hexes in a straight line.
    Paddock,
}

/// A board sector is named after its location kind.
pub type Sector = Tile;

impl Tile {
    /// All eight, in the order of the sector data file.
    pub const ALL: [Tile; 8] = [
        Tile::Oracle,
        Tile::Farm,
        Tile::Oasis,
        Tile::Tower,
        Tile::Tavern,
        Tile::Barn,
        Tile::Harbor,
        Tile::Paddock,
    ];

    /// The tile's name.
    pub const fn name(self) -> &'static str {
        match self {
            Tile::Oracle => "Oracle",
            Tile::Farm => "Farm",
            Tile::Oasis => "Oasis",
            Tile::Tower => "Tower",
            Tile::Tavern => "Tavern",
            Tile::Barn => "Barn",
            Tile::Harbor => "Harbor",
            Tile::Paddock => "Paddock",
        }
    }

    /// Whether the tile moves a settlement (Barn, Harbor, Paddock) rather than building one.
    pub const fn moves(self) -> bool {
        matches!(self, Tile::Barn | Tile::Harbor | Tile::Paddock)
    }

    /// The letter of the location in the sector data.
    pub const fn letter(self) -> char {
        match self {
            Tile::Oracle => 'O',
            Tile::Farm => 'A',
            Tile::Oasis => 'S',
            Tile::Tower => 'R',
            Tile::Tavern => 'V',
            Tile::Barn => 'B',
            Tile::Harbor => 'H',
            Tile::Paddock => 'P',
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a hex shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hex {
    /// One of the five buildable terrains.
    Land(Terrain),
    /// Water (only the Harbor moves settlements here).
    Water,
    /// Mountain.
    Mountain,
    /// Castle hex (scored at the end).
    Castle,
    /// A location hex with tiles of this kind.
    Location(Tile),
}

impl Hex {
    /// Decodes a letter of the sector data (`None` for an unknown letter).
    pub const fn from_letter(b: u8) -> Option<Hex> {
        Some(match b {
            b'G' => Hex::Land(Terrain::Grass),
            b'F' => Hex::Land(Terrain::Flower),
            b'T' => Hex::Land(Terrain::Forest),
            b'C' => Hex::Land(Terrain::Canyon),
            b'D' => Hex::Land(Terrain::Desert),
            b'W' => Hex::Water,
            b'M' => Hex::Mountain,
            b'K' => Hex::Castle,
            b'O' => Hex::Location(Tile::Oracle),
            b'A' => Hex::Location(Tile::Farm),
            b'S' => Hex::Location(Tile::Oasis),
            b'R' => Hex::Location(Tile::Tower),
            b'V' => Hex::Location(Tile::Tavern),
            b'B' => Hex::Location(Tile::Barn),
            b'H' => Hex::Location(Tile::Harbor),
            b'P' => Hex::Location(Tile::Paddock),
            _ => return None,
        })
    }

    /// The letter of the sector data.
    pub const fn letter(self) -> char {
        match self {
            Hex::Land(Terrain::Grass) => 'G',
            Hex::Land(Terrain::Flower) => 'F',
            Hex::Land(Terrain::Forest) => 'T',
            Hex::Land(Terrain::Canyon) => 'C',
            Hex::Land(Terrain::Desert) => 'D',
            Hex::Water => 'W',
            Hex::Mountain => 'M',
            Hex::Castle => 'K',
            Hex::Location(t) => t.letter(),
        }
    }

    /// Whether a castle or location hex.
    pub const fn is_special(self) -> bool {
        matches!(self, Hex::Castle | Hex::Location(_))
    }
}

/// The sector data file, embedded.
pub const SECTOR_DATA: &str = include_str!("../data/sectors.txt");

/// The 8 sectors in printed orientation, indexed by `Sector as usize`, row-major 10×10.
/// Parsed from [`SECTOR_DATA`] at compile time (a malformed file is a compile error).
pub const SECTORS: [[[Hex; 10]; 10]; 8] = parse_sectors(SECTOR_DATA.as_bytes());

const fn line_end(data: &[u8], mut i: usize) -> usize {
    while i < data.len() && data[i] != b'\n' {
        i += 1;
    }
    i
}

const fn trimmed_len(data: &[u8], start: usize, end: usize) -> usize {
    let mut e = end;
    while e > start && (data[e - 1] == b'\r' || data[e - 1] == b' ') {
        e -= 1;
    }
    e - start
}

const fn same(data: &[u8], start: usize, len: usize, word: &str) -> bool {
    let w = word.as_bytes();
    if w.len() != len {
        return false;
    }
    let mut k = 0;
    while k < len {
        if data[start + k] != w[k] {
            return false;
        }
        k += 1;
    }
    true
}

const fn parse_sectors(data: &[u8]) -> [[[Hex; 10]; 10]; 8] {
    let mut out = [[[Hex::Water; 10]; 10]; 8];
    let mut sector = 0;
    let mut row = 10; // 10 = expecting a name line
    let mut i = 0;
    while i < data.len() {
        let end = line_end(data, i);
        let len = trimmed_len(data, i, end);
        if len == 0 || data[i] == b'#' {
            i = end + 1;
            continue;
        }
        if row == 10 {
            assert!(sector < 8, "more than 8 sectors in the data");
            assert!(
                same(data, i, len, Tile::ALL[sector].name()),
                "sectors out of order in the data"
            );
            row = 0;
        } else {
            assert!(len == 10, "a sector row must have 10 hexes");
            let mut c = 0;
            while c < 10 {
                match Hex::from_letter(data[i + c]) {
                    Some(h) => out[sector][row][c] = h,
                    None => panic!("unknown letter in the sector data"),
                }
                c += 1;
            }
            row += 1;
            if row == 10 {
                sector += 1;
            }
        }
        i = end + 1;
    }
    assert!(
        sector == 8 && row == 10,
        "the data must hold 8 complete sectors"
    );
    out
}

/// The six directions on the odd-r board: east, north-east, north-west, west, south-west,
/// south-east.
pub const DIRECTIONS: usize = 6;

/// The neighbour of cell `i` in direction `d` (see [`DIRECTIONS`]), `None` off the board.
pub const fn step(i: usize, d: usize) -> Option<usize> {
    let r = (i / SIDE) as isize;
    let c = (i % SIDE) as isize;
    let odd = r % 2 == 1;
    let (dr, dc): (isize, isize) = match d {
        0 => (0, 1),
        1 => (-1, if odd { 1 } else { 0 }),
        2 => (-1, if odd { 0 } else { -1 }),
        3 => (0, -1),
        4 => (1, if odd { 0 } else { -1 }),
        _ => (1, if odd { 1 } else { 0 }),
    };
    let (nr, nc) = (r + dr, c + dc);
    if nr < 0 || nc < 0 || nr >= SIDE as isize || nc >= SIDE as isize {
        None
    } else {
        Some(nr as usize * SIDE + nc as usize)
    }
}

const NONE: u16 = u16::MAX;

const fn jump_table() -> [[u16; 6]; CELLS] {
    let mut t = [[NONE; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            if let Some(a) = step(i, d) {
                if let Some(b) = step(a, d) {
                    t[i][d] = b as u16;
                }
            }
            d += 1;
        }
        i += 1;
    }
    t
}

/// For each cell, the cells exactly 2 hexes away in a straight line (Paddock), `u16::MAX`
/// where off the board.
pub const JUMPS: [[u16; 6]; CELLS] = jump_table();

const fn neighbour_table() -> [Cells; CELLS] {
    let mut t = [Cells::EMPTY; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = GRID.neighbours_of(i);
        i += 1;
    }
    t
}

/// The neighbours of each cell as a set.
pub static NEIGHBOURS: [Cells; CELLS] = neighbour_table();

const fn masks() -> [Cells; 5] {
    // even rows, odd rows, not first column, not last column, board edge
    let mut m = [Cells::EMPTY; 5];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / SIDE, i % SIDE);
        if r % 2 == 0 {
            m[0].insert(i);
        } else {
            m[1].insert(i);
        }
        if c > 0 {
            m[2].insert(i);
        }
        if c + 1 < SIDE {
            m[3].insert(i);
        }
        if r == 0 || c == 0 || r == SIDE - 1 || c == SIDE - 1 {
            m[4].insert(i);
        }
        i += 1;
    }
    m
}

const MASKS: [Cells; 5] = masks();
const ALL_WORDS: [u64; 7] = *GRID.all().words();

#[inline(always)]
fn shl_words(w: &[u64; 7], k: u32) -> [u64; 7] {
    let mut o = [0u64; 7];
    o[0] = w[0] << k;
    for i in 1..7 {
        o[i] = (w[i] << k) | (w[i - 1] >> (64 - k));
    }
    o
}

#[inline(always)]
fn shr_words(w: &[u64; 7], k: u32) -> [u64; 7] {
    let mut o = [0u64; 7];
    for i in 0..6 {
        o[i] = (w[i] >> k) | (w[i + 1] << (64 - k));
    }
    o[6] = w[6] >> k;
    o
}

/// Every hex adjacent to some hex of `s` (may include hexes of `s`): the same set as
/// `GRID.neighbours(s)`, specialised to the 20×20 board with 4 word shifts.
#[inline]
pub fn neighbours(s: &Cells) -> Cells {
    let [even, odd, not_first, not_last, _] = &MASKS;
    let (even, odd, nf, nl) = (
        even.words(),
        odd.words(),
        not_first.words(),
        not_last.words(),
    );
    let w = s.words();
    let mut a = [0u64; 7];
    let mut b = [0u64; 7];
    for i in 0..7 {
        let x = w[i] & ALL_WORDS[i];
        a[i] = x & nl[i];
        b[i] = x & nf[i];
    }
    // Same-row neighbours east and west.
    let e = shl_words(&a, 1);
    let west = shr_words(&b, 1);
    // The columns reached in the rows above and below: the hex's own column, plus c − 1 on
    // even rows and c + 1 on odd rows.
    let mut v = [0u64; 7];
    for i in 0..7 {
        v[i] = (w[i] & ALL_WORDS[i]) | (west[i] & even[i]) | (e[i] & odd[i]);
    }
    let up = shr_words(&v, SIDE as u32);
    let down = shl_words(&v, SIDE as u32);
    let mut o = [0u64; 7];
    for i in 0..7 {
        o[i] = (e[i] | west[i] | up[i] | down[i]) & ALL_WORDS[i];
    }
    Cells::from_words(o)
}

/// The connected groups of `s` (hex adjacency), lowest first hex first.
pub fn regions(s: &Cells) -> impl Iterator<Item = Cells> {
    let mut rest = *s;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let mut region = Cells::EMPTY;
        region.insert(first);
        loop {
            let next = neighbours(&region).or(&region).and(&rest);
            if next == region {
                break;
            }
            region = next;
        }
        rest = rest.and_not(&region);
        Some(region)
    })
}
/// The 76 hexes of the board edge (row or column 0 or 19).
pub const EDGE: Cells = MASKS[4];

/// Every cell of `s` moved one step in direction `d` (see [`DIRECTIONS`]); cells leaving the
/// board fall off.
pub const fn shift(s: &Cells, d: usize) -> Cells {
    let [even, odd, not_first, not_last, _] = MASKS;
    let all = GRID.all();
    let w = SIDE;
    let r = match d {
        0 => s.and(&not_last).shl(1),
        1 => s
            .and(&even)
            .shr(w)
            .or(&s.and(&odd).and(&not_last).shr(w - 1)),
        2 => s
            .and(&even)
            .and(&not_first)
            .shr(w + 1)
            .or(&s.and(&odd).shr(w)),
        3 => s.and(&not_first).shr(1),
        4 => s
            .and(&even)
            .and(&not_first)
            .shl(w - 1)
            .or(&s.and(&odd).shl(w)),
        _ => s
            .and(&even)
            .shl(w)
            .or(&s.and(&odd).and(&not_last).shl(w + 1)),
    };
    r.and(&all)
}

const fn quadrants() -> [Cells; 4] {
    let mut q = [Cells::EMPTY; 4];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / SIDE, i % SIDE);
        q[(r / 10) * 2 + c / 10].insert(i);
        i += 1;
    }
    q
}

/// The four sector quadrants: top-left, top-right, bottom-left, bottom-right.
pub const QUADRANTS: [Cells; 4] = quadrants();

const fn rows() -> [Cells; SIDE] {
    let mut q = [Cells::EMPTY; SIDE];
    let mut i = 0;
    while i < CELLS {
        q[i / SIDE].insert(i);
        i += 1;
    }
    q
}

/// The 20 board rows.
pub const ROWS: [Cells; SIDE] = rows();

/// One sector placed on the board: which sector, and whether it is turned 180°.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Placement {
    /// The sector.
    pub sector: Sector,
    /// Turned 180° (cell `(r, c)` shows the printed `(9 − r, 9 − c)`).
    pub rotated: bool,
}

impl Placement {
    /// A sector in printed orientation.
    pub const fn printed(sector: Sector) -> Placement {
        Placement {
            sector,
            rotated: false,
        }
    }
}

/// What the board of `placements` shows at `cell` (`None` off the board), read straight
/// from the sector data without assembling the board.
///
/// ```
/// use kingdom_builder::{board::hex_at, Cell, Config, Hex, Terrain};
/// let board = Config::first_game(2).board;
/// assert_eq!(hex_at(&board, Cell::at(0, 0).unwrap()), Some(Hex::Land(Terrain::Flower)));
/// assert_eq!(hex_at(&board, Cell(400)), None);
/// ```
pub const fn hex_at(placements: &[Placement; 4], cell: Cell) -> Option<Hex> {
    if !cell.on_board() {
        return None;
    }
    let (row, col) = (cell.row(), cell.col());
    let p = placements[(row / 10) * 2 + col / 10];
    let (r, c) = (row % 10, col % 10);
    let data = &SECTORS[p.sector as usize];
    Some(if p.rotated {
        data[9 - r][9 - c]
    } else {
        data[r][c]
    })
}

/// Most location hexes a board can hold (2 per sector).
pub const MAX_LOCATIONS: usize = 8;

/// The assembled 20×20 board with its precomputed masks (built once per config).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// What each hex shows.
    pub hexes: [Hex; CELLS],
    /// Hexes of each buildable terrain (indexed by `Terrain as usize`).
    pub land: [Cells; 5],
    /// All buildable hexes.
    pub buildable: Cells,
    /// Buildable hexes on the board edge (Tower).
    pub edge: Cells,
    /// Water hexes.
    pub water: Cells,
    /// Mountain hexes.
    pub mountain: Cells,
    /// Castle hexes.
    pub castles: Cells,
    /// Castle and location hexes.
    pub special: Cells,
    /// Location hexes in board order: (cell, kind). Only the first `location_count` are used.
    pub locations: [(Cell, Tile); MAX_LOCATIONS],
    /// Number of location hexes (6 to 8).
    pub location_count: u8,
    /// For each hex, the id of the location hex it touches, or `u8::MAX`.
    pub location_near: [u8; CELLS],
}

impl Board {
    /// Assembles the board: placements top-left, top-right, bottom-left, bottom-right.
    pub fn new(placements: &[Placement; 4]) -> Board {
        let mut hexes = [Hex::Water; CELLS];
        for (i, h) in hexes.iter_mut().enumerate() {
            *h = hex_at(placements, Cell(i as u16)).unwrap_or(Hex::Water);
        }
        let mut b = Board {
            hexes,
            land: [Cells::EMPTY; 5],
            buildable: Cells::EMPTY,
            edge: Cells::EMPTY,
            water: Cells::EMPTY,
            mountain: Cells::EMPTY,
            castles: Cells::EMPTY,
            special: Cells::EMPTY,
            locations: [(Cell(0), Tile::Oracle); MAX_LOCATIONS],
            location_count: 0,
            location_near: [u8::MAX; CELLS],
        };
        for (i, h) in hexes.iter().enumerate() {
            match *h {
                Hex::Land(t) => {
                    b.land[t as usize].insert(i);
                    b.buildable.insert(i);
                }
                Hex::Water => {
                    b.water.insert(i);
                }
                Hex::Mountain => {
                    b.mountain.insert(i);
                }
                Hex::Castle => {
                    b.castles.insert(i);
                    b.special.insert(i);
                }
                Hex::Location(t) => {
                    b.special.insert(i);
                    let id = b.location_count as usize;
                    if id < MAX_LOCATIONS {
                        b.locations[id] = (Cell(i as u16), t);
                        for n in NEIGHBOURS[i].iter() {
                            b.location_near[n] = id as u8;
                        }
                        b.location_count += 1;
                    }
                }
            }
        }
        b.edge = b.buildable.and(&EDGE);
        b
    }

    /// The hex at a cell.
    pub fn hex(&self, cell: Cell) -> Option<Hex> {
        self.hexes.get(cell.index()).copied()
    }

    /// The location hexes, in board order.
    pub fn locations(&self) -> &[(Cell, Tile)] {
        &self.locations[..self.location_count as usize]
    }

    /// The id of the location hex touching `cell`, if any.
    pub fn location_near(&self, cell: usize) -> Option<usize> {
        match self.location_near.get(cell) {
            Some(&id) if id != u8::MAX => Some(id as usize),
            _ => None,
        }
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    #[test]
    fn sector_data_is_as_described() {
        for (s, data) in SECTORS.iter().enumerate() {
            let sector = Tile::ALL[s];
            let mut locs = 0;
            let mut castles = 0;
            for row in data {
                for h in row {
                    match h {
                        Hex::Location(t) => {
                            assert_eq!(*t, sector, "a location of another kind");
                            locs += 1;
                        }
                        Hex::Castle => castles += 1,
                        _ => {}
                    }
                }
            }
            let two_castles = matches!(sector, Tile::Oracle | Tile::Harbor);
            assert_eq!(locs, if two_castles { 1 } else { 2 }, "{sector}");
            assert_eq!(castles, if two_castles { 2 } else { 1 }, "{sector}");
        }
        // Spot checks against the file.
        assert_eq!(SECTORS[0][0][0], Hex::Land(Terrain::Grass));
        assert_eq!(SECTORS[0][3][7], Hex::Location(Tile::Oracle));
        assert_eq!(SECTORS[7][9][9], Hex::Land(Terrain::Forest));
        assert_eq!(SECTORS[6][7][6], Hex::Location(Tile::Harbor));
    }

    #[test]
    fn special_hexes_are_isolated_and_inland() {
        for data in &SECTORS {
            for r in 0..10 {
                for c in 0..10 {
                    if data[r][c].is_special() {
                        assert!(r > 0 && r < 9 && c > 0 && c < 9);
                    }
                }
            }
        }
        // On every board (here two boards covering all 8 sectors, in both rotations) no hex
        // touches two special hexes and no two special hexes touch.
        let sets = [
            [Tile::Tavern, Tile::Paddock, Tile::Oasis, Tile::Farm],
            [Tile::Oracle, Tile::Tower, Tile::Barn, Tile::Harbor],
        ];
        for (set, rotated) in [(0, false), (0, true), (1, false), (1, true)] {
            let p = |s| Placement { sector: s, rotated };
            let b = Board::new(&sets[set].map(p));
            for i in 0..CELLS {
                let n = NEIGHBOURS[i].and(&b.special).count();
                assert!(n <= 1);
                if b.special.contains(i) {
                    assert_eq!(n, 0);
                }
            }
            assert_eq!(b.location_count, if set == 0 { 8 } else { 6 });
        }
    }

    #[test]
    fn fast_neighbours_and_regions_agree_with_the_grid() {
        let mut dice = dicecore::Dice::from_seed(3);
        for k in 0..400 {
            let mut s = Cells::EMPTY;
            for _ in 0..(k % 90) {
                s.insert(dice.index(CELLS));
            }
            assert_eq!(neighbours(&s), GRID.neighbours(&s));
            let mine: Vec<Cells> = regions(&s).collect();
            let theirs: Vec<Cells> = GRID.regions(&s).collect();
            assert_eq!(mine, theirs);
        }
        let all = GRID.all();
        assert_eq!(neighbours(&all), GRID.neighbours(&all));
    }

    #[test]
    fn every_four_sector_board_has_277_buildable_hexes() {
        let mut min_total = usize::MAX;
        let mut min_terrain = usize::MAX;
        for a in 0..8 {
            for b in a + 1..8 {
                for c in b + 1..8 {
                    for d in c + 1..8 {
                        let board =
                            Board::new(&[a, b, c, d].map(|k| Placement::printed(Tile::ALL[k])));
                        min_total = min_total.min(board.buildable.count());
                        for t in &board.land {
                            min_terrain = min_terrain.min(t.count());
                        }
                    }
                }
            }
        }
        assert_eq!(min_total, 277);
        assert_eq!(min_terrain, 52);
    }

    #[test]
    fn rotation_turns_the_sector() {
        let b = Board::new(&[
            Placement {
                sector: Tile::Oracle,
                rotated: true,
            },
            Placement::printed(Tile::Farm),
            Placement::printed(Tile::Oasis),
            Placement::printed(Tile::Tower),
        ]);
        assert_eq!(b.hexes[0], SECTORS[0][9][9]);
        assert_eq!(b.hexes[9 * SIDE + 9], SECTORS[0][0][0]);
        assert_eq!(
            b.hexes[(9 - 3) * SIDE + (9 - 7)],
            Hex::Location(Tile::Oracle)
        );
        assert_eq!(b.hexes[10 * SIDE + 10], SECTORS[3][0][0]);
        assert_eq!(EDGE.count(), 76);
    }

    #[test]
    fn steps_and_shifts_agree_with_axial_geometry() {
        use dicecore::hex::{Direction, Hex as Axial};
        let dirs = [
            Direction::East,
            Direction::NorthEast,
            Direction::NorthWest,
            Direction::West,
            Direction::SouthWest,
            Direction::SouthEast,
        ];
        for i in 0..CELLS {
            let a = Axial::from_odd_r((i / SIDE) as i32, (i % SIDE) as i32);
            let mut all = Cells::EMPTY;
            for (d, dir) in dirs.iter().enumerate() {
                let (r, c) = a.neighbour(*dir).to_odd_r();
                let want = Cell::at(r as usize, c as usize)
                    .filter(|_| r >= 0 && c >= 0)
                    .map(|c| c.index());
                assert_eq!(step(i, d), want, "cell {i} dir {d}");
                let one: Cells = [i].into_iter().collect();
                let got: Vec<usize> = shift(&one, d).iter().collect();
                assert_eq!(got, want.into_iter().collect::<Vec<_>>());
                if let Some(w) = want {
                    all.insert(w);
                }
            }
            assert_eq!(all, NEIGHBOURS[i]);
        }
    }
}
