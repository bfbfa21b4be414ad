//! What a seat sees.

use crate::board::{self, numbered, Cells, Space, NUMBERS};
use crate::{Colour, Config, Phase};
use dicecore::Seat;
use serde::Serialize;
use std::fmt;

/// What a seat sees of a state: everything, since Sequence Dice has no hidden information
/// (the board, supplies, the pending roll and the turn count are public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct View {
    /// The seat this view is for.
    pub seat: Seat,
    /// The colour that seat plays.
    pub colour: Colour,
    /// The game's setup.
    pub config: Config,
    /// The spaces holding each colour's chips, in [`Colour::ALL`] order.
    pub chips: [Cells; 3],
    /// Chips left in each colour's supply, in [`Colour::ALL`] order.
    pub supply: [u8; 3],
    /// The seat to move.
    pub to_move: Seat,
    /// The roll waiting for a choice of space, if any.
    pub roll: Option<u8>,
    /// Turns played.
    pub turns: u32,
    /// Where the game stands (serialized as `status`).
    #[serde(rename = "status")]
    pub phase: Phase,
}

impl View {
    /// The colour on a space, if any.
    fn chip_at(&self, space: Space) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.chips[c.index()].contains(space.index()))
    }
}

/// The board with its numbers and chips, each side's chips, and whose turn it is: the
/// rendering of both [`crate::State`] and [`View`] (a seat sees everything).
pub(crate) fn write_table(f: &mut fmt::Formatter<'_>, v: &View) -> fmt::Result {
    let c = &v.config;
    writeln!(
        f,
        "Sequence Dice: {} players, sequences of {}, {} of at most {} turns played",
        c.seats, c.sequence_length, v.turns, c.max_turns
    )?;
    let header: String = (0..board::SIZE as u8)
        .map(|col| format!("  {} ", (b'a' + col) as char))
        .collect();
    writeln!(f, "    {}", header.trim_end())?;
    for row in 0..board::SIZE as u8 {
        write!(f, " {}  ", row + 1)?;
        for col in 0..board::SIZE as u8 {
            let space = Space(row * board::SIZE as u8 + col);
            let mark = v.chip_at(space).map_or('.', Colour::letter);
            write!(f, " {:>2}{}", NUMBERS[space.index()], mark)?;
        }
        writeln!(f)?;
    }
    for colour in Colour::ALL.into_iter().take(c.sides()) {
        writeln!(
            f,
            "  {} ({}): {}, {} on the board, {} in supply",
            colour,
            colour.letter(),
            seats_text(c, colour),
            v.chips[colour.index()].count(),
            v.supply[colour.index()]
        )?;
    }
    writeln!(f, "  {}", turn_text(v))
}

/// The seats playing a colour, in words: `seat 0`, `seats 0 and 2`.
pub(crate) fn seats_text(c: &Config, colour: Colour) -> String {
    let seats: Vec<String> = c.seats_of(colour).iter().map(|s| s.0.to_string()).collect();
    match seats.as_slice() {
        [one] => format!("seat {one}"),
        [rest @ .., last] => format!("seats {} and {last}", rest.join(", ")),
        [] => "no seat".to_string(),
    }
}

/// Whose turn it is and what the pending roll asks of them, or how the game ended, in a
/// sentence.
pub(crate) fn turn_text(v: &View) -> String {
    let c = &v.config;
    let who = v.to_move;
    let colour = c.colour_of(who);
    let taken = v.chips[0] | v.chips[1] | v.chips[2];
    match (v.phase, v.roll) {
        (Phase::Won(w), _) => format!("{w} ({}) wins with a sequence", seats_text(c, w)),
        (Phase::Drawn, _) => "drawn: the turn limit was reached".to_string(),
        (Phase::Playing, None) => format!("{who} ({colour}) to roll"),
        (Phase::Playing, Some(10)) => format!(
            "{who} ({colour}) rolled 10: remove an opponent's chip (not from a 2 or 12 space)"
        ),
        (Phase::Playing, Some(11)) if board::ALL.is_subset(&taken) => {
            format!("{who} ({colour}) rolled 11: the board is full, replace an opponent's chip")
        }
        (Phase::Playing, Some(11)) => {
            format!("{who} ({colour}) rolled 11, wild: place a chip on any free space")
        }
        (Phase::Playing, Some(roll)) if numbered(roll).is_subset(&taken) => format!(
            "{who} ({colour}) rolled {roll}: all four {roll} spaces are taken, replace an \
             opponent's chip on one{}",
            extra_turn(roll)
        ),
        (Phase::Playing, Some(roll)) => format!(
            "{who} ({colour}) rolled {roll}: place a chip on a free {roll} space{}",
            extra_turn(roll)
        ),
    }
}

/// What follows a placement on a roll of 2 or 12, in words (nothing for other rolls).
fn extra_turn(roll: u8) -> &'static str {
    if roll == 2 || roll == 12 {
        ", then roll again (a 2 or 12 earns an extra turn)"
    } else {
        ""
    }
}

impl fmt::Display for View {
    /// The board as every seat sees it (nothing is hidden), then whose view it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(f, self)?;
        writeln!(f, "  you are {} ({})", self.seat, self.colour)
    }
}

#[cfg(test)]
mod tests {
    use crate::State;
    use dicecore::{Game, Seat};

    #[test]
    fn a_view_shows_the_whole_board_and_whose_view_it_is() {
        let s = State::new(&State::standard_config(3, 5).unwrap()).unwrap();
        let board = s.to_string();
        for seat in (0..3).map(Seat) {
            let shown = s.view(seat).to_string();
            assert!(shown.starts_with(&board), "{shown}");
            let colour = s.config().colour_of(seat);
            assert!(
                shown.ends_with(&format!("  you are {seat} ({colour})\n")),
                "{shown}"
            );
        }
    }
}
