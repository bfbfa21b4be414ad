//! Pictures: the SVG drawing of a state.

use crate::board::{Hex, Terrain, CELLS, SIDE};
use crate::state::State;
use dicecore::{Game, Seat};
use std::fmt::Write;

const PLAYER_COLOURS: [&str; 4] = ["#d62728", "#1f77b4", "#f0f0f0", "#222222"];

fn hex_colour(h: Hex) -> &'static str {
    match h {
        Hex::Land(Terrain::Grass) => "#8cc63f",
        Hex::Land(Terrain::Flower) => "#f4e04d",
        Hex::Land(Terrain::Forest) => "#2e7d32",
        Hex::Land(Terrain::Canyon) => "#b5651d",
        Hex::Land(Terrain::Desert) => "#f2d8a7",
        Hex::Water => "#4fa3e0",
        Hex::Mountain => "#8d8d8d",
        Hex::Castle => "#c0c0ff",
        Hex::Location(_) => "#ff9f1c",
    }
}

fn owner(state: &State, i: usize) -> Option<usize> {
    (0..state.seats() as usize).find(|&s| state.settlements(Seat(s as u8)).contains(i))
}

/// Renders `state` as a standalone SVG document: the hex board in terrain colours, the
/// settlements as discs in player colours, tiles left on each location, and a legend.
pub fn render(state: &State) -> String {
    // Pointy-top hexes of circumradius R: width √3·R ≈ 26 for R = 15.
    const W: i32 = 26; // hex width
    const H: i32 = 22; // vertical spacing (1.5 R, rounded)
    const R: i32 = 15;
    let board = state.board();
    let width = W * SIDE as i32 + W / 2 + 20;
    let height = H * SIDE as i32 + R + 20 + 30 * (state.seats() as i32 + 1);
    let mut s = String::with_capacity(96 * 1024);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    );
    let centre = |i: usize| {
        let (r, c) = ((i / SIDE) as i32, (i % SIDE) as i32);
        let x = 10 + W / 2 + c * W + if r % 2 == 1 { W / 2 } else { 0 };
        let y = 10 + R + r * H;
        (x, y)
    };
    let mut loc_id = 0;
    for i in 0..CELLS {
        let h = board.hexes[i];
        let (x, y) = centre(i);
        let pts: Vec<String> = [
            (0, -R),
            (W / 2, -R / 2),
            (W / 2, R / 2),
            (0, R),
            (-W / 2, R / 2),
            (-W / 2, -R / 2),
        ]
        .iter()
        .map(|(dx, dy)| format!("{},{}", x + dx, y + dy))
        .collect();
        let _ = writeln!(
            s,
            "<polygon points=\"{}\" fill=\"{}\" stroke=\"#555\" stroke-width=\"0.8\"/>",
            pts.join(" "),
            hex_colour(h)
        );
        match h {
            Hex::Castle => {
                let _ = writeln!(
                    s,
                    "<text x=\"{x}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">K</text>",
                    y + 4
                );
            }
            Hex::Location(t) => {
                let left = state.tiles_left().get(loc_id).copied().unwrap_or(0);
                loc_id += 1;
                let _ = writeln!(
                    s,
                    "<text x=\"{x}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}{}</text>",
                    y + 4,
                    t.letter(),
                    left
                );
            }
            _ => {}
        }
        if let Some(p) = owner(state, i) {
            let _ = writeln!(
                s,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"{}\" stroke=\"#000\" stroke-width=\"1\"/>",
                PLAYER_COLOURS[p]
            );
        }
    }
    let mut y = H * SIDE as i32 + R + 25;
    let scores = state.scores();
    for p in 0..state.seats() as usize {
        let seat = Seat(p as u8);
        let tiles: Vec<&str> = state.held_tiles(seat).iter().map(|t| t.name()).collect();
        let _ = writeln!(
            s,
            "<circle cx=\"20\" cy=\"{}\" r=\"7\" fill=\"{}\" stroke=\"#000\"/>\
             <text x=\"32\" y=\"{}\" font-size=\"13\">seat {p}: {} gold, {} in supply, tiles: {}</text>",
            y - 4,
            PLAYER_COLOURS[p],
            y,
            scores[p],
            state.supply(seat),
            if tiles.is_empty() { "none".to_string() } else { tiles.join(", ") }
        );
        y += 30;
    }
    let cards: Vec<&str> = state.config().cards.iter().map(|c| c.name()).collect();
    let _ = writeln!(
        s,
        "<text x=\"10\" y=\"{y}\" font-size=\"13\">cards: {} + castles</text>\n</svg>",
        cards.join(", ")
    );
    s
}

impl State {
    /// The state as an SVG picture (see [`render`]).
    pub fn to_svg(&self) -> String {
        render(self)
    }
}
