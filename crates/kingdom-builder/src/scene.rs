//! The scene: what a picture of the table shows, read from a whole state or from one seat's
//! view (the terminal text of `display` and the SVG of `svg` draw the same scene).

use crate::board::{Board, Cell, Cells, Terrain, Tile};
use crate::scoring::{Breakdown, Card};
use crate::state::{Phase, State};
use crate::view::View;
use dicecore::{Game, Seat};
use std::fmt::Write;
use std::sync::Arc;

/// What a picture shows of a seat's terrain card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hand {
    /// The card, known to whoever looks.
    Card(Terrain),
    /// A card the viewer cannot see.
    Hidden,
    /// No card (being drawn, discarded at the end, or not dealt yet).
    Empty,
}

/// One seat's line.
pub(crate) struct SeatLine {
    pub(crate) gold: Breakdown,
    pub(crate) supply: u8,
    pub(crate) tiles: Vec<(Cell, Tile)>,
    pub(crate) hand: Hand,
}

/// The scene drawn by the terminal text and the SVG.
pub(crate) struct Scene {
    pub(crate) board: Arc<Board>,
    pub(crate) cards: [Card; 3],
    pub(crate) settlements: Vec<Cells>,
    pub(crate) locations: Vec<(Cell, Tile, u8)>,
    pub(crate) seats: Vec<SeatLine>,
    /// The seat whose view this is (`None`: the whole state).
    pub(crate) viewer: Option<Seat>,
    /// The seat to play or to draw (`None` once the game is over).
    pub(crate) active: Option<Seat>,
    pub(crate) lifted: Option<(Tile, Cell)>,
    /// Where the turn stands, in words.
    pub(crate) status: String,
    /// The draw pile and the discards, in words.
    pub(crate) deck: String,
}

/// Terrain counts as "grass 2, forest 1" ("none" when all are zero).
pub(crate) fn terrain_counts(counts: &[u8; 5]) -> String {
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

/// Where the turn stands: who plays with which card and what is left to do, or who draws.
fn status(
    phase: Phase,
    active: Seat,
    card: Option<Terrain>,
    mandatory_left: u8,
    lifted: Option<(Tile, Cell)>,
    final_round: bool,
) -> String {
    let last = if final_round { " (last round)" } else { "" };
    match phase {
        Phase::Over => "game over".to_string(),
        Phase::Deal => "the opening cards are being dealt".to_string(),
        Phase::Redraw | Phase::Refill => format!("a card is being drawn for {active}{last}"),
        Phase::Play => {
            let mut s = format!("{active} to play{last}, card ");
            match card {
                Some(t) => {
                    let _ = write!(s, "{t}");
                }
                None => s.push('?'),
            }
            let plural = if mandatory_left == 1 { "" } else { "s" };
            let _ = write!(s, ", {mandatory_left} mandatory placement{plural} left");
            if let Some((tile, from)) = lifted {
                let _ = write!(s, ", moving the settlement from {from} with the {tile}");
            }
            s
        }
    }
}

impl Scene {
    /// The whole state: every card shown.
    pub(crate) fn of_state(s: &State) -> Scene {
        let n = s.seats();
        let (pile, discards) = s.deck();
        Scene {
            board: s.board.clone(),
            cards: s.config.cards,
            settlements: (0..n).map(|k| s.settlements(Seat(k))).collect(),
            locations: s.locations(),
            seats: (0..n)
                .map(Seat)
                .map(|seat| SeatLine {
                    gold: s.breakdown(seat),
                    supply: s.supply(seat),
                    tiles: s.held_tile_locations(seat),
                    hand: s.hand(seat).map_or(Hand::Empty, Hand::Card),
                })
                .collect(),
            viewer: None,
            active: (s.phase() != Phase::Over).then_some(s.active()),
            lifted: s.lifted(),
            status: status(
                s.phase(),
                s.active(),
                s.played_card(),
                s.mandatory_left(),
                s.lifted(),
                s.final_round(),
            ),
            deck: format!(
                "draw pile {} cards ({}), discards: {}",
                pile.iter().sum::<u8>(),
                terrain_counts(&pile),
                terrain_counts(&discards)
            ),
        }
    }

    /// What one seat sees: its own card, the active player's card while it plays, and which
    /// seats hold a card it cannot see.
    pub(crate) fn of_view(v: &View) -> Scene {
        let n = v.settlements.len();
        let hand = |k: usize| {
            if k == v.seat.index() {
                v.hand.map_or(Hand::Empty, Hand::Card)
            } else if v.hidden_hands.get(k).copied().unwrap_or(false) {
                Hand::Hidden
            } else if v.phase == Phase::Play && k == v.active.index() {
                v.revealed.map_or(Hand::Empty, Hand::Card)
            } else {
                Hand::Empty
            }
        };
        Scene {
            board: v.board.clone(),
            cards: v.config.cards,
            settlements: v.settlements.clone(),
            locations: v.locations.clone(),
            seats: (0..n)
                .map(|k| SeatLine {
                    gold: v.breakdown(Seat(k as u8)),
                    supply: v.supply.get(k).copied().unwrap_or(0),
                    tiles: v.held.get(k).cloned().unwrap_or_default(),
                    hand: hand(k),
                })
                .collect(),
            viewer: Some(v.seat),
            active: (v.phase != Phase::Over).then_some(v.active),
            lifted: v.lifted,
            status: status(
                v.phase,
                v.active,
                v.revealed,
                v.mandatory_left,
                v.lifted,
                v.final_round,
            ),
            deck: format!(
                "draw pile {} cards, discards: {}",
                v.pile_size,
                terrain_counts(&v.discards)
            ),
        }
    }

    /// The seat owning the settlement at hex `i`, if any.
    pub(crate) fn owner(&self, i: usize) -> Option<usize> {
        self.settlements.iter().position(|s| s.contains(i))
    }

    /// The location kinds on this board, in tile order.
    pub(crate) fn location_kinds(&self) -> Vec<Tile> {
        Tile::ALL
            .into_iter()
            .filter(|t| self.locations.iter().any(|l| l.1 == *t))
            .collect()
    }

    /// A seat's line after its name: gold, supply, tiles and card.
    pub(crate) fn seat_text(&self, k: usize) -> String {
        let Some(line) = self.seats.get(k) else {
            return String::new();
        };
        let tiles: Vec<String> = line
            .tiles
            .iter()
            .map(|(cell, tile)| format!("{tile} {cell}"))
            .collect();
        let card = match line.hand {
            Hand::Card(t) => format!("card {t}"),
            Hand::Hidden => "card hidden".to_string(),
            Hand::Empty => "no card".to_string(),
        };
        format!(
            "{}, {} in supply, tiles: {}, {card}",
            line.gold,
            line.supply,
            if tiles.is_empty() {
                "none".to_string()
            } else {
                tiles.join(", ")
            }
        )
    }
}
