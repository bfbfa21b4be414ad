//! Pictures: the SVG drawing of a state or of one seat's view — the hex board in terrain
//! colours with row and column numbers (the terminal's coordinates) and the sector borders,
//! settlements as numbered discs, tiles left on the locations, a terrain and location legend,
//! and one line per seat.

use crate::board::{step, Field, Terrain, Tile, CELLS, DIRECTIONS, SIDE};
use crate::scene::Scene;
use crate::state::State;
use crate::view::View;
use dicecore::picture::{text, text_width, wrap};
use std::fmt::Write;

const PLAYER_COLOURS: [&str; 4] = ["#d62728", "#1f77b4", "#f0f0f0", "#222222"];
/// The colour of the seat number on each player's disc.
const PLAYER_INK: [&str; 4] = ["#ffffff", "#ffffff", "#000000", "#ffffff"];

/// Pointy-top hexes of circumradius `R`: width √3·R ≈ `W`, rows `H` = 1.5·R apart.
const W: i32 = 26;
const H: i32 = 22;
const R: i32 = 15;
/// Room for the row numbers at the left and for the title and column numbers at the top.
const LEFT: i32 = 30;
const TOP: i32 = 48;
/// Height of one text line below the board.
const LINE: i32 = 22;

fn hex_colour(h: Field) -> &'static str {
    match h {
        Field::Land(Terrain::Grass) => "#8cc63f",
        Field::Land(Terrain::Flower) => "#f4e04d",
        Field::Land(Terrain::Forest) => "#2e7d32",
        Field::Land(Terrain::Canyon) => "#b5651d",
        Field::Land(Terrain::Desert) => "#f2d8a7",
        Field::Water => "#4fa3e0",
        Field::Mountain => "#8d8d8d",
        Field::Castle => "#c0c0ff",
        Field::Location(_) => "#ff9f1c",
    }
}

/// The centre of hex `i`.
fn centre(i: usize) -> (i32, i32) {
    let (r, c) = ((i / SIDE) as i32, (i % SIDE) as i32);
    let x = LEFT + W / 2 + c * W + if r % 2 == 1 { W / 2 } else { 0 };
    (x, TOP + R + r * H)
}

/// The corners of a hex around `(x, y)`: top, upper right, lower right, bottom, lower left,
/// upper left.
fn corners(x: i32, y: i32) -> [(i32, i32); 6] {
    [
        (x, y - R),
        (x + W / 2, y - R / 2),
        (x + W / 2, y + R / 2),
        (x, y + R),
        (x - W / 2, y + R / 2),
        (x - W / 2, y - R / 2),
    ]
}

/// The corners bounding the side of a hex facing direction `d` (east, north-east,
/// north-west, west, south-west, south-east).
const SIDES: [(usize, usize); DIRECTIONS] = [(1, 2), (0, 1), (5, 0), (4, 5), (3, 4), (2, 3)];

/// The sector (quadrant) of hex `i`.
fn sector(i: usize) -> usize {
    (i / SIDE / 10) * 2 + (i % SIDE) / 10
}

/// A settlement disc with its seat number.
fn disc(s: &mut String, x: i32, y: i32, seat: usize) {
    let _ = writeln!(
        s,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"{}\" stroke=\"#000\" stroke-width=\"1\"/>\
         <text x=\"{x}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\" fill=\"{}\">{seat}</text>",
        PLAYER_COLOURS[seat % 4],
        y + 3,
        PLAYER_INK[seat % 4]
    );
}

/// Draws a scene as a standalone SVG document.
pub(crate) fn render(scene: &Scene) -> String {
    let board = &scene.board;
    let swatches: Vec<(Field, String)> = Terrain::ALL
        .iter()
        .map(|&t| (Field::Land(t), t.name().to_string()))
        .chain([
            (Field::Water, "water".to_string()),
            (Field::Mountain, "mountain".to_string()),
            (Field::Castle, "castle (K)".to_string()),
        ])
        .collect();
    let swatch_width = |name: &str| 22 + 7 * name.len() as i32;
    let seat_lines: Vec<String> = (0..scene.seats.len())
        .map(|k| {
            let mark = if scene.active.is_some_and(|a| a.index() == k) {
                " (to move)"
            } else {
                ""
            };
            format!("seat {k}{mark}: {}", scene.seat_text(k))
        })
        .collect();
    let cards: Vec<&str> = scene.cards.iter().map(|c| c.name()).collect();
    let title = match scene.viewer {
        Some(seat) => format!("Kingdom Builder, {seat}'s view"),
        None => "Kingdom Builder".to_string(),
    };
    let title = format!("{title}: {} and castles", cards.join(", "));
    // Wide enough for the board, the terrain legend and the title; the lines under the
    // board are wrapped to that width (measured by dicecore::picture::text_width).
    let legend: i32 = swatches.iter().map(|(_, n)| swatch_width(n)).sum();
    let width = (LEFT + W * SIDE as i32 + W / 2 + 10)
        .max(LEFT + legend + 10)
        .max(LEFT + text_width(&title, 14) + 10);
    let kinds: Vec<String> = scene
        .location_kinds()
        .iter()
        .map(|t: &Tile| format!("{} {t}", t.letter()))
        .collect();
    let locations = format!("locations (letter, tiles left): {}", kinds.join(", "));
    let locations = wrap(&locations, 11, width - LEFT - 16 - 10);
    let seat_lines: Vec<Vec<String>> = seat_lines
        .iter()
        .map(|l| wrap(l, 12, width - LEFT - 20 - 10))
        .collect();
    let status = wrap(&scene.status, 12, width - LEFT - 10);
    let deck = wrap(&scene.deck, 12, width - LEFT - 10);
    let board_bottom = TOP + 2 * R + (SIDE as i32 - 1) * H;
    let wrapped = locations.len() + seat_lines.iter().map(Vec::len).sum::<usize>();
    let lines = 2 + (wrapped + status.len() + deck.len()) as i32;
    let height = board_bottom + 14 + LINE * lines;
    let mut s = String::with_capacity(128 * 1024);
    dicecore::picture::open(&mut s, width, height);
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    text(&mut s, LEFT, 16, 14, "start", &title);
    // Column numbers over the even rows, row numbers at the left: the terminal's (row, col).
    for c in 0..SIDE {
        let (x, _) = centre(c);
        text(&mut s, x, TOP - 6, 9, "middle", &c.to_string());
    }
    for r in 0..SIDE {
        let (_, y) = centre(r * SIDE);
        text(&mut s, LEFT - 6, y + 3, 9, "end", &r.to_string());
    }
    let mut loc = 0;
    for i in 0..CELLS {
        let h = board.fields[i];
        let (x, y) = centre(i);
        let pts: Vec<String> = corners(x, y)
            .iter()
            .map(|(px, py)| format!("{px},{py}"))
            .collect();
        let _ = writeln!(
            s,
            "<polygon points=\"{}\" fill=\"{}\" stroke=\"#555\" stroke-width=\"0.8\"/>",
            pts.join(" "),
            hex_colour(h)
        );
        match h {
            Field::Castle => text(&mut s, x, y + 4, 11, "middle", "K"),
            Field::Location(t) => {
                let left = scene.locations.get(loc).map_or(0, |l| l.2);
                loc += 1;
                text(
                    &mut s,
                    x,
                    y + 4,
                    10,
                    "middle",
                    &format!("{}{left}", t.letter()),
                );
            }
            _ => {}
        }
        if let Some(seat) = scene.owner(i) {
            disc(&mut s, x, y, seat);
        }
    }
    // Sector borders and the board's outline: the sides between hexes of different sectors
    // (drawn from the hex with the lower number) and the sides on the edge.
    for i in 0..CELLS {
        let (x, y) = centre(i);
        let c = corners(x, y);
        for (d, &(a, b)) in SIDES.iter().enumerate() {
            if step(i, d).is_none_or(|j| j > i && sector(j) != sector(i)) {
                let _ = writeln!(
                    s,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"2.5\"/>",
                    c[a].0, c[a].1, c[b].0, c[b].1
                );
            }
        }
    }
    if let Some((_, from)) = scene.lifted {
        let (x, y) = centre(from.index() % CELLS);
        let _ = writeln!(
            s,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"8\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
        );
    }
    // The legend: terrains, then the locations of this board.
    let mut y = board_bottom + 22;
    let mut x = LEFT;
    for (h, name) in &swatches {
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#555\"/>",
            y - 10,
            hex_colour(*h)
        );
        text(&mut s, x + 16, y, 11, "start", name);
        x += swatch_width(name);
    }
    y += LINE;
    let _ = writeln!(
        s,
        "<rect x=\"{LEFT}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#555\"/>",
        y - 10,
        hex_colour(Field::Location(Tile::Oracle))
    );
    for (n, line) in locations.iter().enumerate() {
        if n > 0 {
            y += LINE;
        }
        text(&mut s, LEFT + 16, y, 11, "start", line);
    }
    // One line per seat (its disc on the first), then the turn and the deck.
    for (k, lines) in seat_lines.iter().enumerate() {
        for (n, line) in lines.iter().enumerate() {
            y += LINE;
            if n == 0 {
                disc(&mut s, LEFT + 6, y - 4, k);
            }
            text(&mut s, LEFT + 20, y, 12, "start", line);
        }
    }
    for line in status.iter().chain(&deck) {
        y += LINE;
        text(&mut s, LEFT, y, 12, "start", line);
    }
    s.push_str("</svg>\n");
    s
}

impl State {
    /// The state as an SVG picture, every card shown (see the module documentation).
    ///
    /// ```
    /// use kingdom_builder::{Config, State};
    /// use dicecore::Game;
    /// let svg = State::new(&Config::first_game(2)).unwrap().to_svg();
    /// assert!(svg.starts_with("<svg") && svg.contains("Tavern"));
    /// ```
    pub fn to_svg(&self) -> String {
        render(&Scene::of_state(self))
    }
}

impl View {
    /// The view as an SVG picture: the board, the tiles, every seat's gold and tiles, this
    /// seat's own card and the active player's while it plays (the others' stay hidden).
    pub fn to_svg(&self) -> String {
        render(&Scene::of_view(self))
    }
}

/// The pictures the programs draw (`--svg`): [`State::to_svg`] and [`View::to_svg`].
impl dicecore::Picture for State {
    fn picture(&self) -> String {
        self.to_svg()
    }

    fn view_picture(view: &View) -> String {
        view.to_svg()
    }
}
