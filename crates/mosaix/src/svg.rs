//! Pictures: the table as SVG (the cards side by side with their symbols, the roll or the
//! formation, the scores and the solo scale), for a whole state or for what one seat sees.

use crate::config::SOLO_BOXES;
use crate::formation::Roll;
use crate::grid::{Cell, Grid, SIZE};
use crate::state::State;
use crate::turn::{EndReason, Phase};
use crate::view::{seat_names, View};
use dicecore::faces::Symbol;
use dicecore::picture::{self, text, text_width};
use dicecore::Seat;
use std::fmt::Write;

/// Side of a cell, in SVG units.
const CELL: i32 = 30;
/// Margin around everything.
const MARGIN: i32 = 20;
/// Least height of the header (turn, roll or formation); a taller formation makes it taller.
const HEADER: i32 = 125;
/// Top of the dice of the roll or formation, under the header's two lines.
const DICE_TOP: i32 = 50;
/// Side of a die and the gap after it, in a formation.
const DIE_STEP: i32 = 34;
/// Width of one card with its labels and the gap after it.
const CARD: i32 = CELL * SIZE as i32 + 50;

/// What a picture shows.
struct Table<'a> {
    round: u32,
    roller: Seat,
    phase: Phase,
    grids: &'a [Grid],
    free_boxes: Option<u8>,
    /// The seat whose view this is (`None` for the whole state).
    viewer: Option<Seat>,
}

impl State {
    /// The whole table as an SVG picture: every card as it is (this turn's entries included),
    /// the turn, the roll or formation, the scores and (solo) the scale. For spectators and
    /// logs; show a player [`View::to_svg`].
    ///
    /// ```
    /// use dicecore::Game;
    /// let s = mosaix::State::new(&mosaix::State::standard_config(2, 0).unwrap()).unwrap();
    /// let svg = s.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    /// ```
    pub fn to_svg(&self) -> String {
        Table {
            round: self.round,
            roller: self.roller,
            phase: self.phase,
            grids: &self.grids[..usize::from(self.seats)],
            free_boxes: self.free_boxes(),
            viewer: None,
        }
        .draw()
    }
}

impl View {
    /// What this seat sees as an SVG picture: its own card as it is, the others' as they were
    /// when the turn began (their entries of this turn are not drawn), the turn, the roll or
    /// formation, the scores and (solo) the scale.
    pub fn to_svg(&self) -> String {
        Table {
            round: self.round,
            roller: self.roller,
            phase: self.phase,
            grids: &self.grids,
            free_boxes: self.free_boxes,
            viewer: Some(self.seat),
        }
        .draw()
    }
}

/// Fill colour of a symbol.
fn colour(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Circle => "#1f5fbf",
        Symbol::Triangle => "#2e8b3a",
        Symbol::Cross => "#c0392b",
    }
}

/// A symbol drawn in the square of side `size` with top left (`x`, `y`).
fn symbol(out: &mut String, s: Symbol, x: i32, y: i32, size: i32) {
    let (cx, cy, r) = (x + size / 2, y + size / 2, size * 3 / 10);
    let c = colour(s);
    let _ = match s {
        Symbol::Circle => writeln!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{c}" stroke-width="3"/>"#
        ),
        Symbol::Triangle => writeln!(
            out,
            r#"<polygon points="{cx},{} {},{} {},{}" fill="none" stroke="{c}" stroke-width="3"/>"#,
            cy - r,
            cx - r,
            cy + r * 4 / 5,
            cx + r,
            cy + r * 4 / 5
        ),
        Symbol::Cross => writeln!(
            out,
            r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{c}" stroke-width="3"/>"#,
            cx - r,
            cy - r,
            cx + r,
            cy + r,
            cx + r,
            cy - r,
            cx - r,
            cy + r
        ),
    };
}

impl Table<'_> {
    fn draw(&self) -> String {
        let n = self.grids.len().max(1) as i32;
        let (title, line) = self.header_lines();
        let header = self.header_height();
        let lines = text_width(&title, 18).max(text_width(&line, 14));
        let headings = self.seat_headings();
        // A card's column is as wide as its heading (with a gap after it) if that is wider.
        let card_step = headings
            .iter()
            .map(|h| 20 + text_width(h, 15) + 10)
            .fold(CARD, i32::max);
        let width = (2 * MARGIN + n * card_step)
            .max(560)
            .max(2 * MARGIN + lines);
        let scale_height = if self.free_boxes.is_some() { 50 } else { 0 };
        let height = 2 * MARGIN + header + 40 + CELL * SIZE as i32 + scale_height;
        let mut out = String::new();
        picture::open(&mut out, width, height);
        let _ = writeln!(
            out,
            r##"<rect width="{width}" height="{height}" fill="#fbfaf5"/>"##
        );
        self.header(&mut out, &title, &line);
        for (i, (grid, heading)) in self.grids.iter().zip(&headings).enumerate() {
            let x = MARGIN + i as i32 * card_step + 20;
            let y = MARGIN + header + 40;
            text(&mut out, x, y - 24, 15, "start", heading);
            card(&mut out, grid, x, y);
        }
        if let Some(free) = self.free_boxes {
            let y = MARGIN + header + 40 + CELL * SIZE as i32 + 20;
            let x = MARGIN + 20;
            text(&mut out, x, y + 17, 14, "start", "scale");
            for b in 0..SOLO_BOXES {
                let bx = x + 50 + i32::from(b) * 26;
                let _ = writeln!(
                    out,
                    r##"<rect x="{bx}" y="{y}" width="22" height="22" fill="white" stroke="#555"/>"##
                );
                if b >= free {
                    let _ = writeln!(
                        out,
                        r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#333" stroke-width="2"/>"##,
                        bx + 4,
                        y + 4,
                        bx + 18,
                        y + 18,
                        bx + 18,
                        y + 4,
                        bx + 4,
                        y + 18
                    );
                }
            }
        }
        out.push_str("</svg>\n");
        out
    }

    /// Each seat's heading over its card: its score, whose view, who rolls.
    fn seat_headings(&self) -> Vec<String> {
        let bonus = self.free_boxes.map_or(0, i32::from);
        let mut headings = Vec::new();
        for (i, grid) in self.grids.iter().enumerate() {
            let seat = Seat(i as u8);
            let mut title = format!("{seat}: {} points", grid.score() as i32 + bonus);
            if self.viewer == Some(seat) {
                title.push_str(" (you)");
            }
            if self.roller == seat && !matches!(self.phase, Phase::Over(_)) {
                title.push_str(", rolls");
            }
            headings.push(title);
        }
        headings
    }

    /// The header's height: at least [`HEADER`], and room under the dice of the roll or the
    /// formation (as many rows as it has) for the seats' headings.
    fn header_height(&self) -> i32 {
        let rows = match self.phase {
            Phase::Arrange(_) => 1,
            Phase::Enter { formation, .. } => formation
                .shape
                .cells()
                .iter()
                .map(|p| p.row + 1)
                .max()
                .unwrap_or(0),
            _ => 0,
        };
        HEADER.max(DICE_TOP + rows * DIE_STEP + 20)
    }

    /// The title and the turn line.
    fn header_lines(&self) -> (String, String) {
        let line = match self.phase {
            Phase::Roll => format!("{} rolls the dice", self.roller),
            Phase::Arrange(_) => format!("{} arranges the roll", self.roller),
            Phase::Enter { pending, .. } => {
                format!(
                    "everyone enters the formation; still to enter: {}",
                    seat_names(pending)
                )
            }
            Phase::Over(EndReason::CardClosed(set)) => format!(
                "game over: no more cells can be filled on the card of {}",
                seat_names(set)
            ),
            Phase::Over(EndReason::PlayerEnded) => "game over: ended by the player".to_string(),
            Phase::Over(EndReason::CannotEnter) => {
                "game over: the formation could not be entered".to_string()
            }
        };
        let mut title = format!("Mosaix, turn {}", self.round);
        if let Some(v) = self.viewer {
            title.push_str(&format!(" ({v}'s view)"));
        }
        (title, line)
    }

    /// The title, the turn line, and the roll or the formation drawn as dice.
    fn header(&self, out: &mut String, title: &str, line: &str) {
        text(out, MARGIN, MARGIN + 16, 18, "start", title);
        text(out, MARGIN, MARGIN + 38, 14, "start", line);
        let (x, y) = (MARGIN, MARGIN + DICE_TOP);
        match self.phase {
            Phase::Arrange(Roll(symbols)) => {
                for (i, &s) in symbols.iter().enumerate() {
                    die(out, s, x + i as i32 * 36, y);
                }
            }
            Phase::Enter { formation, .. } => {
                for (p, &s) in formation.shape.cells().iter().zip(&formation.symbols) {
                    die(out, s, x + p.col * DIE_STEP, y + p.row * DIE_STEP);
                }
            }
            _ => {}
        }
    }
}

/// A die showing a symbol, 32 units wide, top left (`x`, `y`).
fn die(out: &mut String, s: Symbol, x: i32, y: i32) {
    let _ = writeln!(
        out,
        r##"<rect x="{x}" y="{y}" width="32" height="32" rx="5" fill="white" stroke="#333"/>"##
    );
    symbol(out, s, x, y, 32);
}

/// One card: the grid with row and column numbers and its symbols, top left (`x`, `y`).
fn card(out: &mut String, grid: &Grid, x: i32, y: i32) {
    let side = CELL * SIZE as i32;
    let _ = writeln!(
        out,
        r##"<rect x="{x}" y="{y}" width="{side}" height="{side}" fill="white" stroke="#333" stroke-width="2"/>"##
    );
    for i in 1..SIZE as i32 {
        let _ = writeln!(
            out,
            r##"<path d="M{} {y} V{} M{x} {} H{}" stroke="#aaa"/>"##,
            x + i * CELL,
            y + side,
            y + i * CELL,
            x + side
        );
    }
    for i in 0..SIZE as i32 {
        let label = i.to_string();
        text(out, x + i * CELL + CELL / 2, y - 5, 11, "middle", &label);
        text(out, x - 6, y + i * CELL + CELL / 2 + 4, 11, "end", &label);
    }
    for (cell, s) in grid.marks().iter() {
        let Cell { row, col } = cell;
        symbol(
            out,
            s,
            x + i32::from(col) * CELL,
            y + i32::from(row) * CELL,
            CELL,
        );
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
