//! The terminal rendering: the board as letters with its legend, the tiles, the seats and the
//! turn, for a whole state and for one seat's view.

use crate::board::{Field, Terrain, SIDE};
use crate::scene::Scene;
use crate::state::State;
use crate::view::View;
use std::fmt::{self, Write};

/// The board's column numbers: tens over units, aligned with the even rows.
fn write_columns(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("   ")?;
    for c in 0..SIDE {
        write!(
            f,
            "{} ",
            if c < 10 {
                ' '
            } else {
                char::from(b'0' + (c / 10) as u8)
            }
        )?;
    }
    writeln!(f)?;
    f.write_str("   ")?;
    for c in 0..SIDE {
        write!(f, "{} ", c % 10)?;
    }
    writeln!(f)
}

/// The terminal picture: the cards in play, the legend, the board (one character per hex:
/// terrain letter in lower case, the seat number on a settlement, upper-case letter on a
/// location or castle; odd rows indented; `|` and a dashed line mark the sector borders), the
/// tiles left, one line per seat, the turn and the deck.
fn write_scene(s: &Scene, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let cards: Vec<&str> = s.cards.iter().map(|c| c.name()).collect();
    writeln!(
        f,
        "Kingdom Builder, cards: {} (and castles)",
        cards.join(", ")
    )?;
    let terrains: Vec<String> = Terrain::ALL
        .iter()
        .map(|&t| format!("{} {t}", Field::Land(t).letter().to_ascii_lowercase()))
        .collect();
    writeln!(
        f,
        "terrain: {}  w water  m mountain  K castle",
        terrains.join("  ")
    )?;
    let locations: Vec<String> = s
        .location_kinds()
        .iter()
        .map(|t| format!("{} {t}", t.letter()))
        .collect();
    writeln!(f, "locations: {}", locations.join("  "))?;
    let seats: Vec<String> = (0..s.settlements.len()).map(|k| k.to_string()).collect();
    writeln!(f, "settlements: {} (the seat's number)", seats.join(" "))?;
    write_columns(f)?;
    for r in 0..SIDE {
        write!(f, "{r:>2} ")?;
        if r % 2 == 1 {
            f.write_char(' ')?;
        }
        for c in 0..SIDE {
            let i = r * SIDE + c;
            let ch = match s.owner(i) {
                Some(seat) => char::from(b'0' + seat as u8),
                None => match s.board.fields[i] {
                    h @ (Field::Castle | Field::Location(_)) => h.letter(),
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
    let locs: Vec<String> = s
        .locations
        .iter()
        .map(|(cell, tile, n)| format!("{tile} {cell}: {n}"))
        .collect();
    writeln!(f, "tiles left: {}", locs.join(", "))?;
    for k in 0..s.seats.len() {
        let mark = if s.active.is_some_and(|a| a.index() == k) {
            ">"
        } else {
            " "
        };
        writeln!(f, "{mark} seat {k}: {}", s.seat_text(k))?;
    }
    writeln!(f, "{}", s.status)?;
    if let Some(seat) = s.viewer {
        writeln!(f, "{seat}'s view: {}", s.deck)
    } else {
        writeln!(f, "{}", s.deck)
    }
}

impl fmt::Display for State {
    /// The whole table, every card included (see the module documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_scene(&Scene::of_state(self), f)
    }
}

impl fmt::Display for View {
    /// The table as this seat sees it: its own card, the active player's card while it
    /// plays, and "card hidden" for the others.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_scene(&Scene::of_view(self), f)
    }
}
