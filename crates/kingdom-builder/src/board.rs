//! The board: the 8 printed sectors (embedded from `data/sectors.txt`), terrains, location
//! tiles, and the 20×20 board built from 4 of them with its precomputed masks.

pub use crate::geometry::{
    component, double_step, jumps, meet, neighbours, none, regions, shift, step, Cells, CELLS,
    DIRECTIONS, EDGE, GRID, JUMPS, NEIGHBOURS, QUADRANTS, ROWS, SIDE, SINGLE,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

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

/// What a hex of the board shows: a buildable terrain, water, mountain, a castle or a location.
/// (A field, not a coordinate: a hex's coordinate is a [`Cell`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
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

impl Field {
    /// Decodes a letter of the sector data (`None` for an unknown letter).
    pub const fn from_letter(b: u8) -> Option<Field> {
        Some(match b {
            b'G' => Field::Land(Terrain::Grass),
            b'F' => Field::Land(Terrain::Flower),
            b'T' => Field::Land(Terrain::Forest),
            b'C' => Field::Land(Terrain::Canyon),
            b'D' => Field::Land(Terrain::Desert),
            b'W' => Field::Water,
            b'M' => Field::Mountain,
            b'K' => Field::Castle,
            b'O' => Field::Location(Tile::Oracle),
            b'A' => Field::Location(Tile::Farm),
            b'S' => Field::Location(Tile::Oasis),
            b'R' => Field::Location(Tile::Tower),
            b'V' => Field::Location(Tile::Tavern),
            b'B' => Field::Location(Tile::Barn),
            b'H' => Field::Location(Tile::Harbor),
            b'P' => Field::Location(Tile::Paddock),
            _ => return None,
        })
    }

    /// The letter of the sector data.
    pub const fn letter(self) -> char {
        match self {
            Field::Land(Terrain::Grass) => 'G',
            Field::Land(Terrain::Flower) => 'F',
            Field::Land(Terrain::Forest) => 'T',
            Field::Land(Terrain::Canyon) => 'C',
            Field::Land(Terrain::Desert) => 'D',
            Field::Water => 'W',
            Field::Mountain => 'M',
            Field::Castle => 'K',
            Field::Location(t) => t.letter(),
        }
    }

    /// Whether a castle or location hex.
    pub const fn is_special(self) -> bool {
        matches!(self, Field::Castle | Field::Location(_))
    }
}

/// The sector data file, embedded.
pub const SECTOR_DATA: &str = include_str!("../data/sectors.txt");

/// The 8 sectors in printed orientation, indexed by `Sector as usize`, row-major 10×10.
/// Parsed from [`SECTOR_DATA`] at compile time (a malformed file is a compile error).
pub const SECTORS: [[[Field; 10]; 10]; 8] = parse_sectors(SECTOR_DATA.as_bytes());

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

const fn parse_sectors(data: &[u8]) -> [[[Field; 10]; 10]; 8] {
    let mut out = [[[Field::Water; 10]; 10]; 8];
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
                match Field::from_letter(data[i + c]) {
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

/// The 8 sectors turned 180° (cell `(r, c)` shows the printed `(9 − r, 9 − c)`).
const TURNED: [[[Field; 10]; 10]; 8] = turned();

const fn turned() -> [[[Field; 10]; 10]; 8] {
    let mut out = SECTORS;
    let mut s = 0;
    while s < 8 {
        let mut r = 0;
        while r < 10 {
            let mut c = 0;
            while c < 10 {
                out[s][r][c] = SECTORS[s][9 - r][9 - c];
                c += 1;
            }
            r += 1;
        }
        s += 1;
    }
    out
}

/// Masks of a quarter: the 5 terrains, water, mountains, castles, locations.
const QUARTER_MASKS: usize = 9;

/// Per sector, orientation (printed, turned) and quadrant, the hexes of each kind the sector
/// puts on the board there: [`Board::new`] ORs 4 of them.
static QUARTERS: [[[[Cells; QUARTER_MASKS]; 4]; 2]; 8] = quarters();

const fn quarters() -> [[[[Cells; QUARTER_MASKS]; 4]; 2]; 8] {
    let mut out = [[[[Cells::EMPTY; QUARTER_MASKS]; 4]; 2]; 8];
    let mut s = 0;
    while s < 8 {
        let mut rot = 0;
        while rot < 2 {
            let data = if rot == 1 { &TURNED[s] } else { &SECTORS[s] };
            let mut q = 0;
            while q < 4 {
                let mut r = 0;
                while r < 10 {
                    let mut c = 0;
                    while c < 10 {
                        let k = match data[r][c] {
                            Field::Land(t) => t as usize,
                            Field::Water => 5,
                            Field::Mountain => 6,
                            Field::Castle => 7,
                            Field::Location(_) => 8,
                        };
                        let i = (r + 10 * (q / 2)) * SIDE + c + 10 * (q % 2);
                        out[s][rot][q][k].insert(i);
                        c += 1;
                    }
                    r += 1;
                }
                q += 1;
            }
            rot += 1;
        }
        s += 1;
    }
    out
}

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
/// use kingdom_builder::{board::field_at, Cell, Config, Field, Terrain};
/// let board = Config::first_game(2).board;
/// assert_eq!(field_at(&board, Cell::at(0, 0).unwrap()), Some(Field::Land(Terrain::Flower)));
/// assert_eq!(field_at(&board, Cell(400)), None);
/// ```
pub const fn field_at(placements: &[Placement; 4], cell: Cell) -> Option<Field> {
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

/// What a hex shows: the 0.1.0 name of [`Field`], kept until the next breaking release
/// (`docs/releases.md`).
#[deprecated(since = "0.2.0", note = "use `Field`")]
pub type Hex = Field;

/// What the board of `placements` shows at `cell`: the 0.1.0 name of [`field_at`], kept until
/// the next breaking release.
#[deprecated(since = "0.2.0", note = "use `board::field_at`")]
pub const fn hex_at(placements: &[Placement; 4], cell: Cell) -> Option<Field> {
    field_at(placements, cell)
}

/// Most location hexes a board can hold (2 per sector).
pub const MAX_LOCATIONS: usize = 8;

/// The assembled 20×20 board with its precomputed masks (built once per config).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// What each hex shows.
    pub fields: [Field; CELLS],
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
    /// Hexes next to water (the Fishermen's).
    pub near_water: Cells,
    /// Hexes next to a mountain (the Miners').
    pub near_mountain: Cells,
    /// Hexes next to a castle or location hex (the Workers').
    pub near_special: Cells,
    /// Whether some castle or location hex touches another (the Merchants then follow every
    /// group of them; otherwise only those next to settlements).
    pub specials_touch: bool,
    /// Location hexes in board order: (cell, kind). Only the first `location_count` are used.
    pub locations: [(Cell, Tile); MAX_LOCATIONS],
    /// Number of location hexes (6 to 8).
    pub location_count: u8,
    /// For each hex, the id of the location hex it touches, or `u8::MAX`.
    pub location_near: [u8; CELLS],
    /// The ids of the Tavern locations, as bits (`1 << id`).
    pub(crate) tavern_locations: u8,
}

impl Board {
    /// Assembles the board: placements top-left, top-right, bottom-left, bottom-right (from
    /// the masks of each sector's quarter, computed at compile time).
    pub fn new(placements: &[Placement; 4]) -> Board {
        let mut hexes = [Field::Water; CELLS];
        let mut m = [Cells::EMPTY; QUARTER_MASKS];
        for (q, p) in placements.iter().enumerate() {
            let s = p.sector as usize;
            let data = if p.rotated { &TURNED[s] } else { &SECTORS[s] };
            let top = 10 * (q / 2) * SIDE + 10 * (q % 2);
            for (r, row) in data.iter().enumerate() {
                let at = top + r * SIDE;
                hexes[at..at + 10].copy_from_slice(row);
            }
            for (k, cells) in QUARTERS[s][usize::from(p.rotated)][q].iter().enumerate() {
                m[k] = m[k].or(cells);
            }
        }
        let land = [m[0], m[1], m[2], m[3], m[4]];
        let buildable = land.iter().fold(Cells::EMPTY, |a, t| a.or(t));
        let mut b = Board {
            fields: hexes,
            land,
            buildable,
            edge: buildable.and(&EDGE),
            water: m[5],
            mountain: m[6],
            castles: m[7],
            special: m[7].or(&m[8]),
            near_water: neighbours(&m[5]),
            near_mountain: neighbours(&m[6]),
            near_special: neighbours(&m[7].or(&m[8])),
            specials_touch: !neighbours(&m[7].or(&m[8])).and(&m[7].or(&m[8])).is_empty(),
            locations: [(Cell(0), Tile::Oracle); MAX_LOCATIONS],
            location_count: 0,
            location_near: [u8::MAX; CELLS],
            tavern_locations: 0,
        };
        for i in m[8].iter().take(MAX_LOCATIONS) {
            let id = b.location_count as usize;
            if let Field::Location(t) = hexes[i] {
                b.locations[id] = (Cell(i as u16), t);
                if t == Tile::Tavern {
                    b.tavern_locations |= 1 << id;
                }
            }
            for n in NEIGHBOURS[i].iter() {
                b.location_near[n] = id as u8;
            }
            b.location_count += 1;
        }
        b
    }

    /// The board of `placements`, assembled once and shared by every state of every config
    /// with these placements. A process-wide table keeps the last board assembled for each of
    /// its 64 slots (slot = the placements' 16-bit code modulo 64), so repeated configs
    /// never assemble their board twice, while runs over random boards keep few (assembling
    /// one costs less than the memory a large table would touch). A board is a pure function
    /// of its placements: sharing never changes a result.
    ///
    /// ```
    /// use kingdom_builder::{Board, Config};
    /// let placements = Config::first_game(2).board;
    /// let a = Board::shared(&placements);
    /// assert!(std::sync::Arc::ptr_eq(&a, &Board::shared(&placements)));
    /// assert_eq!(*a, Board::new(&placements));
    /// ```
    pub fn shared(placements: &[Placement; 4]) -> Arc<Board> {
        const SLOTS: usize = 64;
        type Slots = Mutex<Vec<Option<([Placement; 4], Arc<Board>)>>>;
        static CACHE: OnceLock<Slots> = OnceLock::new();
        let code = placements.iter().fold(0usize, |c, p| {
            c << 4 | (p.sector as usize) << 1 | usize::from(p.rotated)
        });
        let cache = CACHE.get_or_init(|| Mutex::new(vec![None; SLOTS]));
        // A panic elsewhere while the lock was held cannot leave a half-built entry behind.
        let mut slots = cache.lock().unwrap_or_else(|e| e.into_inner());
        let slot = &mut slots[code % SLOTS];
        match slot {
            Some((key, board)) if key == placements => board.clone(),
            _ => {
                let board = Arc::new(Board::new(placements));
                *slot = Some((*placements, board.clone()));
                board
            }
        }
    }

    /// The hex at a cell.
    pub fn field(&self, cell: Cell) -> Option<Field> {
        self.fields.get(cell.index()).copied()
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
    fn the_sector_data_reads_alike_with_crlf_trailing_blanks_and_no_final_newline() {
        let crlf = format!("\n{}", SECTOR_DATA.replace('\n', " \r\n"));
        assert_eq!(parse_sectors(crlf.as_bytes()), SECTORS);
        let unterminated = SECTOR_DATA.trim_end_matches('\n');
        assert_eq!(parse_sectors(unterminated.as_bytes()), SECTORS);
    }

    #[test]
    fn sector_data_out_of_order_is_refused() {
        let line = |t: Tile| format!("\n{}\n", t.name());
        // Two names of one length (Oasis, Tower), so that only their letters tell them apart.
        let (first, second) = (line(Tile::ALL[2]), line(Tile::ALL[3]));
        assert_eq!(first.len(), second.len());
        let swapped = SECTOR_DATA
            .replacen(&first, "\n\u{1}\n", 1)
            .replacen(&second, &first, 1)
            .replacen("\n\u{1}\n", &second, 1);
        assert_ne!(swapped, SECTOR_DATA);
        let read = std::panic::catch_unwind(|| parse_sectors(swapped.as_bytes()));
        assert!(read.is_err(), "sectors out of order were read");
    }

    #[test]
    fn a_board_reads_its_fields_as_the_placements_show_them() {
        let placements = crate::Config::first_game(2).board;
        let board = Board::new(&placements);
        for i in 0..CELLS {
            let cell = Cell(i as u16);
            assert_eq!(board.field(cell), field_at(&placements, cell));
            #[allow(deprecated)]
            let old_name = hex_at(&placements, cell);
            assert_eq!(old_name, field_at(&placements, cell));
        }
        assert!(board.field(Cell(0)).is_some());
        assert_eq!(board.field(Cell(CELLS as u16)), None);
    }

    #[test]
    fn boards_of_the_same_placements_are_shared() {
        let placements = crate::Config::first_game(3).board;
        let a = Board::shared(&placements);
        assert!(Arc::ptr_eq(&a, &Board::shared(&placements)));
        assert_eq!(*a, Board::new(&placements));
    }

    #[test]
    fn the_board_is_20_hexes_square() {
        // "a game uses 4 different ones, placed top-left, top-right, bottom-left, bottom-right to
        // make a 20×20 board" (the rules reference, "Board").
        assert_eq!(Cell::at(0, 0), Some(Cell(0)));
        assert_eq!(Cell::at(19, 19), Some(Cell(399)));
        assert_eq!(Cell::at(20, 0), None);
        assert_eq!(Cell::at(0, 20), None);
        assert_eq!(Cell::at(19, 19).map(|c| (c.row(), c.col())), Some((19, 19)));
    }

    #[test]
    fn sector_data_is_as_described() {
        for (s, data) in SECTORS.iter().enumerate() {
            let sector = Tile::ALL[s];
            let mut locs = 0;
            let mut castles = 0;
            for row in data {
                for h in row {
                    match h {
                        Field::Location(t) => {
                            assert_eq!(*t, sector, "a location of another kind");
                            locs += 1;
                        }
                        Field::Castle => castles += 1,
                        _ => {}
                    }
                }
            }
            let two_castles = matches!(sector, Tile::Oracle | Tile::Harbor);
            assert_eq!(locs, if two_castles { 1 } else { 2 }, "{sector}");
            assert_eq!(castles, if two_castles { 2 } else { 1 }, "{sector}");
        }
        // Spot checks against the file.
        assert_eq!(SECTORS[0][0][0], Field::Land(Terrain::Grass));
        assert_eq!(SECTORS[0][3][7], Field::Location(Tile::Oracle));
        assert_eq!(SECTORS[7][9][9], Field::Land(Terrain::Forest));
        assert_eq!(SECTORS[6][7][6], Field::Location(Tile::Harbor));
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

    /// The masks say what the fields say (the observation's board planes are written from
    /// the masks), on boards of every sector in both rotations.
    #[test]
    fn masks_agree_with_the_fields() {
        let sets = [
            [Tile::Tavern, Tile::Paddock, Tile::Oasis, Tile::Farm],
            [Tile::Oracle, Tile::Tower, Tile::Barn, Tile::Harbor],
        ];
        for set in sets {
            for rotated in [false, true] {
                let b = Board::new(&set.map(|sector| Placement { sector, rotated }));
                let locations: Vec<(Cell, Tile)> = (0..CELLS)
                    .filter_map(|i| match b.fields[i] {
                        Field::Location(t) => Some((Cell(i as u16), t)),
                        _ => None,
                    })
                    .collect();
                assert_eq!(b.locations(), &locations[..]);
                for (i, field) in b.fields.iter().enumerate() {
                    let masks = [
                        &b.land[0],
                        &b.land[1],
                        &b.land[2],
                        &b.land[3],
                        &b.land[4],
                        &b.water,
                        &b.mountain,
                        &b.castles,
                    ];
                    let want = match *field {
                        Field::Land(t) => Some(t as usize),
                        Field::Water => Some(5),
                        Field::Mountain => Some(6),
                        Field::Castle => Some(7),
                        Field::Location(_) => None,
                    };
                    for (k, mask) in masks.iter().enumerate() {
                        assert_eq!(mask.contains(i), want == Some(k), "hex {i}, mask {k}");
                    }
                }
            }
        }
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
        assert_eq!(b.fields[0], SECTORS[0][9][9]);
        assert_eq!(b.fields[9 * SIDE + 9], SECTORS[0][0][0]);
        assert_eq!(
            b.fields[(9 - 3) * SIDE + (9 - 7)],
            Field::Location(Tile::Oracle)
        );
        assert_eq!(b.fields[10 * SIDE + 10], SECTORS[3][0][0]);
        assert_eq!(EDGE.count(), 76);
    }
}
