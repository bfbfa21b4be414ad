//! Pictures of a state: an SVG drawing and the terminal text board.

use crate::board::{Board, Cell, Cells, Hex, Terrain, Tile, CELLS, SIDE};
use crate::scoring::Card;
use crate::state::{State, Step, View};
use dicecore::{Game, Seat};
use std::fmt::{self, Write};

const PLAYER_COLOURS: [&str; 4] = ["#d62728", "#1f77b4", "#f0f0f0", "#222222"];
const PLAYER_MARKS: [char; 4] = ['1', '2', '3', '4'];

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

/// What the terminal board shows of a state or of a view.
struct Table<'a> {
    board: &'a Board,
    cards: &'a [Card],
    settlements: &'a [Cells],
    tiles_left: &'a [u8],
    scores: &'a [i32],
    supply: &'a [u8],
    held: Vec<Vec<Tile>>,
}

/// The cards in play, the board, the tiles left and one line per seat (no status line).
fn write_table(t: &Table<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let cards: Vec<&str> = t.cards.iter().map(|c| c.name()).collect();
    writeln!(f, "Kingdom Builder, cards: {}", cards.join(", "))?;
    writeln!(
        f,
        "g grass  f flower  t forest  c canyon  d desert  w water  m mountain  K castle  \
         O A S R V B H P locations  1-4 settlements"
    )?;
    f.write_str("   ")?;
    for c in 0..SIDE {
        write!(f, "{} ", c % 10)?;
    }
    writeln!(f)?;
    for r in 0..SIDE {
        write!(f, "{r:>2} ")?;
        if r % 2 == 1 {
            f.write_char(' ')?;
        }
        for c in 0..SIDE {
            let i = r * SIDE + c;
            let owner = t.settlements.iter().position(|s| s.contains(i));
            let ch = match owner.and_then(|p| PLAYER_MARKS.get(p)) {
                Some(&mark) => mark,
                None => match t.board.hexes[i] {
                    h @ (Hex::Castle | Hex::Location(_)) => h.letter(),
                    h => h.letter().to_ascii_lowercase(),
                },
            };
            f.write_char(ch)?;
            if c + 1 < SIDE {
                f.write_char(if c % 10 == 9 { '|' } else { ' ' })?;
            }
        }
        writeln!(f)?;
        if r == 9 {
            writeln!(f, "   {}", "-".repeat(2 * SIDE))?;
        }
    }
    let locs: Vec<String> = t
        .board
        .locations()
        .iter()
        .zip(t.tiles_left)
        .map(|((cell, tile), n)| format!("{tile} {cell}: {n}"))
        .collect();
    writeln!(f, "tiles left: {}", locs.join(", "))?;
    for (p, mark) in PLAYER_MARKS.iter().enumerate().take(t.settlements.len()) {
        let tiles: Vec<&str> = t
            .held
            .get(p)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|tile| tile.name())
            .collect();
        writeln!(
            f,
            "seat {p} ({mark}): {} gold, {} in supply, tiles [{}]",
            t.scores.get(p).copied().unwrap_or(0),
            t.supply.get(p).copied().unwrap_or(0),
            tiles.join(", ")
        )?;
    }
    Ok(())
}

/// "moving the settlement from ..." while a tile moves one.
fn lifted_text(lifted: Option<(Tile, Cell)>) -> String {
    match lifted {
        Some((t, c)) => format!(", moving the settlement from {c} with the {t}"),
        None => String::new(),
    }
}

/// The terminal board: one character per hex (terrain letter in lower case, digit = a
/// settlement of that seat, upper-case letter = location or castle), odd rows indented.
/// This is the whole state's board; hands are not shown (see [`view_text`]).
pub fn text(state: &State, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let seats = (0..state.seats()).map(Seat);
    let settlements: Vec<Cells> = seats.clone().map(|s| state.settlements(s)).collect();
    let supply: Vec<u8> = seats.clone().map(|s| state.supply(s)).collect();
    write_table(
        &Table {
            board: state.board(),
            cards: &state.config().cards,
            settlements: &settlements,
            tiles_left: state.tiles_left(),
            scores: &state.scores(),
            supply: &supply,
            held: seats.map(|s| state.held_tiles(s)).collect(),
        },
        f,
    )?;
    match state.step() {
        Step::Over => writeln!(f, "game over"),
        Step::Play => writeln!(
            f,
            "{} to play, card {}, {} mandatory placements left{}",
            state.active(),
            state.played_card().map(|t| t.name()).unwrap_or("?"),
            state.mandatory_left(),
            lifted_text(state.lifted())
        ),
        _ => writeln!(
            f,
            "a card is being drawn for {}",
            state.drawer().unwrap_or(Seat(0))
        ),
    }
}

/// Terrain counts as "grass 2, forest 1" ("none" when all are zero).
fn terrain_counts(counts: &[u8; 5]) -> String {
    let parts: Vec<String> = Terrain::ALL
        .iter()
        .zip(counts)
        .filter(|(_, &n)| n > 0)
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// The terminal board as one seat sees it: the same board as [`text`], then the seat's own
/// terrain card, which seats hold a card it cannot see, and the deck.
pub fn view_text(view: &View, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let board = Board::new(&view.config.board);
    let held = view
        .held
        .iter()
        .map(|&mask| {
            (0..board.location_count as usize)
                .filter(|id| mask & (1 << id) != 0)
                .map(|id| board.locations[id].1)
                .collect()
        })
        .collect();
    write_table(
        &Table {
            board: &board,
            cards: &view.config.cards,
            settlements: &view.settlements,
            tiles_left: &view.tiles_left,
            scores: &view.scores,
            supply: &view.supply,
            held,
        },
        f,
    )?;
    let last = if view.final_round {
        " (last round)"
    } else {
        ""
    };
    match view.step {
        Step::Over => writeln!(f, "game over")?,
        Step::Play => writeln!(
            f,
            "{} to play{last}, card {}, {} mandatory placements left{}",
            view.active,
            view.revealed.map(|t| t.name()).unwrap_or("?"),
            view.mandatory_left,
            lifted_text(view.lifted)
        )?,
        Step::Deal => writeln!(f, "the opening cards are being dealt")?,
        Step::Redraw | Step::Refill => {
            writeln!(f, "a card is being drawn for {}{last}", view.active)?
        }
    }
    let hidden: Vec<String> = (0..view.hidden_hands.len())
        .filter(|&p| view.hidden_hands[p])
        .map(|p| format!("seat {p}"))
        .collect();
    writeln!(
        f,
        "{}'s view: your card {}; hidden cards held by {}",
        view.seat,
        view.hand.map(|t| t.name()).unwrap_or("(none)"),
        if hidden.is_empty() {
            "nobody".to_string()
        } else {
            hidden.join(", ")
        }
    )?;
    writeln!(
        f,
        "draw pile {} cards, discards: {}",
        view.pile_size,
        terrain_counts(&view.discards)
    )
}
