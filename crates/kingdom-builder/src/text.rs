//! The terminal rendering: the board as letters, the tiles, the seats and the turn, for a
//! whole state and for one seat's view.

use crate::board::{Board, Cell, Cells, Hex, Terrain, Tile, SIDE};
use crate::scoring::Card;
use crate::state::{State, Step};
use crate::view::View;
use dicecore::{Game, Seat};
use std::fmt::{self, Write};

const PLAYER_MARKS: [char; 4] = ['1', '2', '3', '4'];

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
fn text(state: &State, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
fn view_text(view: &View, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        text(self, f)
    }
}

impl fmt::Display for View {
    /// The board as this seat sees it, with its own card.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        view_text(self, f)
    }
}
