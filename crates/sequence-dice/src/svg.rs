//! Pictures: the board as an SVG drawing, with the chips, the spaces the pending roll offers,
//! each colour's supply and whose turn it is.

use crate::board::{self, Space, NUMBERS, SIZE};
use crate::view::{seats_text, turn_text};
use crate::{Colour, Phase, State, View};
use dicecore::picture::{self, escape, text_width, wrap};
use dicecore::Game;
use std::fmt::Write;

/// Side of a space, in pixels.
const CELL: usize = 64;
/// Room for the row numbers on the left and the column letters on top.
const MARGIN: usize = 36;
/// Height of one caption line.
const LINE: usize = 24;
/// Font size of the caption.
const CAPTION: i32 = 15;
/// Where the caption's lines start (after the colour discs).
const CAPTION_X: usize = MARGIN + 22;

const fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Green => "#2e9e44",
        Colour::Blue => "#2f6fd6",
        Colour::Red => "#d63a2f",
    }
}

/// The caption under the board: the game, each colour, whose turn it is (the outlined spaces
/// are the ones the roll offers) and, for a view, whose picture it is; each line with the disc
/// of the colour it is about, and whether the line is kept whole (each colour's line: the
/// picture grows to hold it) or wrapped to the picture's width.
fn caption(v: &View, viewer: bool) -> Vec<(String, Option<Colour>, bool)> {
    let c = &v.config;
    let mut lines = Vec::new();
    lines.push((
        format!(
            "{} players, sequences of {}, {} of at most {} turns played",
            c.seats, c.sequence_length, v.turns, c.max_turns
        ),
        None,
        false,
    ));
    for colour in Colour::ALL.into_iter().take(c.sides()) {
        let line = format!(
            "{colour}: {}, {} on the board, {} in supply",
            seats_text(c, colour),
            v.chips[colour.index()].count(),
            v.supply[colour.index()]
        );
        lines.push((line, Some(colour), true));
    }
    let turn = match (v.phase, v.roll) {
        (Phase::Playing, Some(_)) => format!("{} (outlined)", turn_text(v)),
        _ => turn_text(v),
    };
    lines.push((turn, Some(c.colour_of(v.to_move)), false));
    if viewer {
        let you = format!("you are {} ({})", v.seat, v.colour);
        lines.push((you, Some(v.colour), false));
    }
    lines
}

/// The view as a standalone SVG document; `viewer` adds whose picture it is.
fn render(v: &View, viewer: bool) -> String {
    let board_px = SIZE * CELL;
    let entries = caption(v, viewer);
    let whole = entries
        .iter()
        .filter(|(_, _, whole)| *whole)
        .map(|(text, _, _)| text_width(text, CAPTION) as usize)
        .max()
        .unwrap_or(0);
    let width = (MARGIN + board_px + MARGIN / 2).max(CAPTION_X + whole + MARGIN / 2);
    let room = (width - CAPTION_X - MARGIN / 2) as i32;
    let mut lines = Vec::new();
    for (text, disc, _) in entries {
        for (k, part) in wrap(&text, CAPTION, room).into_iter().enumerate() {
            lines.push((part, if k == 0 { disc } else { None }));
        }
    }
    let height = MARGIN + board_px + 12 + lines.len() * LINE;
    let mut s = String::with_capacity(16 * 1024);
    picture::open(&mut s, width, height);
    let _ = writeln!(s, "<title>Sequence Dice: {}</title>", escape(&turn_text(v)));
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    // Column letters and row numbers, as in the space names (a1 is the top-left corner).
    for i in 0..SIZE {
        let mid = MARGIN + i * CELL + CELL / 2;
        let _ = writeln!(
            s,
            "<text x=\"{mid}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{}</text>",
            MARGIN - 12,
            (b'a' + i as u8) as char
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{}</text>",
            MARGIN / 2,
            mid + 6,
            i + 1
        );
    }
    let targets = match (v.phase, v.roll) {
        (Phase::Playing, Some(roll)) => State::from_view(v).targets(roll),
        _ => board::Cells::EMPTY,
    };
    for (i, &number) in NUMBERS.iter().enumerate() {
        let space = Space(i as u8);
        let (x, y) = (
            MARGIN + space.col() as usize * CELL,
            MARGIN + space.row() as usize * CELL,
        );
        // The 2 and 12 spaces, safe from a 10, are tinted.
        let ground = if board::PROTECTED.contains(i) {
            "#f1dfa8"
        } else {
            "#f7f3ea"
        };
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{ground}\" \
             stroke=\"#8a7f6a\" stroke-width=\"1\"><title>{space}: {number}</title></rect>"
        );
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        let chip = Colour::ALL
            .into_iter()
            .find(|colour| v.chips[colour.index()].contains(i));
        let ink = if let Some(colour) = chip {
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{}\" stroke=\"#222\" \
                 stroke-width=\"1.5\"><title>{space}: {colour}</title></circle>",
                CELL / 2 - 7,
                fill(colour)
            );
            "#ffffff"
        } else {
            "#6b6152"
        };
        let _ = writeln!(
            s,
            "<text x=\"{cx}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\" \
             text-anchor=\"middle\" fill=\"{ink}\">{number}</text>",
            cy + 7
        );
        if targets.contains(i) {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                 stroke=\"#ff8c00\" stroke-width=\"4\" stroke-dasharray=\"8 4\"/>",
                x + 3,
                y + 3,
                CELL - 6,
                CELL - 6
            );
        }
    }
    let mut y = MARGIN + board_px + 12 + LINE - 6;
    for (text, disc) in &lines {
        if let Some(colour) = disc {
            let _ = writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"{}\" stroke=\"#222\"/>",
                MARGIN + 8,
                y - 5,
                fill(*colour)
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{CAPTION_X}\" y=\"{y}\" font-size=\"{CAPTION}\">{}</text>",
            escape(text)
        );
        y += LINE;
    }
    s.push_str("</svg>\n");
    s
}

impl State {
    /// The board as an SVG picture: the numbered spaces (2 and 12 spaces tinted), the chips,
    /// the spaces the pending roll offers (outlined), each colour's supply and whose turn it
    /// is.
    ///
    /// ```
    /// use dicecore::Game;
    /// use sequence_dice::State;
    /// let s = State::new(&State::standard_config(2, 1).unwrap()).unwrap();
    /// assert!(s.to_svg().starts_with("<svg"));
    /// ```
    pub fn to_svg(&self) -> String {
        render(&self.view(self.to_move), false)
    }

    /// The state a view shows (a view holds everything: nothing is hidden in this game).
    fn from_view(v: &View) -> State {
        State {
            config: v.config,
            chips: v.chips,
            to_move: v.to_move,
            roll: v.roll,
            turns: v.turns,
            phase: v.phase,
        }
    }
}

impl View {
    /// The seat's picture: the same board as [`State::to_svg`] (nothing is hidden in Sequence
    /// Dice), with whose view it is.
    pub fn to_svg(&self) -> String {
        render(self, true)
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
