//! The terminal rendering of the table (every player's board with the space numbers the
//! actions use, the roll, the scores) and of a seat's [`View`]: The Border hides nothing, so a
//! view is the table followed by whose view it is.
//!
//! Each border space shows its colour letter (`a g b r y o`: grey, green, blue, red, yellow,
//! orange) and its number, `r07`, while open; a crossed space shows its letter in capitals
//! and `##`, `R##` (`W##` for the white ones). `[1]` marks area 1, `.` the inside of an area.
//! While the active player rolls and completes segments, their segments are listed by number
//! with their open spaces, the numbers `completes segment N` uses.

use crate::board::{Board, Spaces};
use crate::dice::ROLLS;
use crate::{Phase, State, View};
use dicecore::faces::Colour;
use dicecore::{Game, Seat};
use std::fmt::{self, Write};

/// Writes a board with the crossed spaces `crossed`, four characters per hex (odd rows shifted
/// by half a hex), without the empty margin.
fn render(board: &Board, crossed: &Spaces, f: &mut impl Write) -> fmt::Result {
    let used = |r: usize, c: usize| board.space_at(r, c).is_some() || board.area_at(r, c).is_some();
    let cols = (0..board.width()).filter(|&c| (0..board.height()).any(|r| used(r, c)));
    let (Some(first), Some(last)) = (cols.clone().min(), cols.max()) else {
        return Ok(());
    };
    for r in (0..board.height()).filter(|&r| (0..board.width()).any(|c| used(r, c))) {
        let mut line = String::from(if r % 2 == 1 { "  " } else { "" });
        for c in first..=last {
            if let Some(s) = board.space_at(r, c) {
                let letter = board.space_colour(s).map_or('w', |c| c.letter());
                if crossed.contains(s) {
                    write!(line, "{}## ", letter.to_ascii_uppercase())?;
                } else {
                    write!(line, "{letter}{s:02} ")?;
                }
            } else if let Some(a) = board.area_at(r, c) {
                if board.is_marker(r, c) {
                    write!(line, "[{}] ", board.areas()[a].key)?;
                } else {
                    line.push_str(" .  ");
                }
            } else {
                line.push_str("    ");
            }
        }
        writeln!(f, "{}", line.trim_end())?;
    }
    Ok(())
}

/// The segments of `seat` that are not complete, by colour, with their open spaces.
fn segment_legend(s: &State, seat: Seat, f: &mut impl Write) -> fmt::Result {
    let board = s.board(seat);
    let crossed = s.crossed(seat);
    writeln!(f, "{seat}'s segments (number: open spaces):")?;
    for colour in Colour::ALL {
        let mut line = format!("  {colour:<6}");
        for k in board.segments_of(colour) {
            let open: Vec<String> = board
                .segment_spaces(k)
                .into_iter()
                .filter(|&sp| !crossed.contains(sp))
                .map(|sp| format!("{sp:02}"))
                .collect();
            if !open.is_empty() {
                write!(line, "  {k}: {}", open.join(" "))?;
            }
        }
        writeln!(f, "{}", line.trim_end())?;
    }
    Ok(())
}

/// What a space on the boards shows: `r07` is the open red space 07, `R##` a crossed one.
fn space_legend(f: &mut impl Write) -> fmt::Result {
    let letters: Vec<String> = Colour::ALL
        .iter()
        .map(|c| format!("{} {c}", c.letter()))
        .collect();
    writeln!(
        f,
        "Spaces (colour letter and number, capitals and ## once crossed): {}, w white",
        letters.join(", ")
    )
}

/// The header: whose round, the roll and what happens now.
fn header(s: &State, f: &mut impl Write) -> fmt::Result {
    let active = s.active();
    let board = s.board(active).name();
    match s.phase() {
        Phase::Over => return writeln!(f, "The Border: game over"),
        _ => writeln!(f, "The Border: {active} is active (board {board})")?,
    }
    let roll = s.rolls() + u8::from(s.phase() == Phase::Rolling);
    match s.phase() {
        Phase::Rolling if s.dice().total() == 0 => {
            writeln!(f, "Roll {roll} of {ROLLS}: {active} rolls all five dice")
        }
        Phase::Rolling => writeln!(
            f,
            "Roll {roll} of {ROLLS}: {active} keeps {} and rolls {} dice",
            s.dice(),
            s.rolling_dice()
        ),
        Phase::Deciding => writeln!(
            f,
            "Roll {roll} of {ROLLS}: {} -- {active} re-rolls some dice or stops",
            s.dice()
        ),
        Phase::Crossing => writeln!(
            f,
            "Action 1: {active} completes segments with {} (used: {}; free: {})",
            s.dice(),
            s.used(),
            s.dice().minus(s.used())
        ),
        Phase::Others => {
            let waiting: Vec<String> = s.to_act().iter().map(|seat| seat.to_string()).collect();
            writeln!(
                f,
                "Action 2: the others cross spaces with the dice {active} left ({} showing, \
                 used {}); still to act: {}",
                s.dice(),
                s.used(),
                waiting.join(", ")
            )
        }
        Phase::Over => Ok(()),
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        header(self, f)?;
        let first = self.board(Seat(0));
        let taken = self.taken_areas() | self.taken_this_action();
        let areas: Vec<String> = first
            .areas()
            .iter()
            .enumerate()
            .map(|(a, area)| {
                let star = if taken & (1 << a) != 0 { "*" } else { "" };
                format!(
                    "{} {} {}/{}{star}",
                    area.key, area.name, area.high, area.low
                )
            })
            .collect();
        writeln!(
            f,
            "Areas (first/later value, * taken): {}",
            areas.join(", ")
        )?;
        space_legend(f)?;
        for seat in (0..self.seats()).map(Seat) {
            let board = self.board(seat);
            let done = self.completed(seat);
            let points = self.area_points(seat);
            let completed: Vec<String> = board
                .areas()
                .iter()
                .enumerate()
                .filter(|(a, _)| done & (1 << a) != 0)
                .map(|(a, area)| format!("{} {}", area.name, points[a]))
                .collect();
            write!(
                f,
                "\n{seat} (board {}): {} points",
                board.name(),
                self.total_score(seat)
            )?;
            if !completed.is_empty() {
                write!(f, "; completed: {}", completed.join(", "))?;
            }
            if self.phase() == Phase::Others && self.to_act().contains(seat) {
                let (pool, left) = self.available(seat);
                write!(f, "; may still use {left} of {pool}")?;
            }
            writeln!(f)?;
            render(board, &self.crossed(seat), f)?;
            let planning = matches!(self.phase(), Phase::Deciding | Phase::Crossing);
            if planning && seat == self.active() {
                segment_legend(self, seat, f)?;
            }
        }
        if let Some(o) = self.outcome() {
            writeln!(f)?;
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.state)?;
        writeln!(f, "{}'s view (nothing is hidden)", self.seat)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Config, DiceSet, State};
    use dicecore::faces::Colour::*;
    use dicecore::{Game, Seat};

    #[test]
    fn a_view_shows_the_whole_board_and_whose_view_it_is() {
        let s = State::new(&State::standard_config(3, 2).unwrap()).unwrap();
        let board = s.to_string();
        for seat in (0..3).map(Seat) {
            let shown = s.view(seat).to_string();
            assert!(shown.starts_with(&board), "{shown}");
            assert!(shown.ends_with(&format!("{seat}'s view (nothing is hidden)\n")));
        }
    }

    /// Every number a menu line names is on the board: open spaces show theirs, and the
    /// active player's segments are listed with their open spaces.
    #[test]
    fn the_board_shows_the_numbers_the_actions_use() {
        let mut s = State::new(&Config::new(2)).unwrap();
        let text = s.to_string();
        assert!(
            text.contains("Roll 1 of 3: seat 0 rolls all five dice"),
            "{text}"
        );
        let board = s.board(Seat(0)).clone();
        for space in 1..85 {
            let letter = board.space_colour(space).unwrap().letter();
            assert!(
                text.contains(&format!("{letter}{space:02}")),
                "space {space}"
            );
        }
        assert!(text.contains("W##"));
        let roll = DiceSet::from_colours(&[Grey, Grey, Grey, Blue, Yellow]);
        s.apply_in_place(&Action::Roll(roll)).unwrap();
        s.apply_in_place(&Action::Stop(Seat(0))).unwrap();
        let text = s.to_string();
        assert!(
            text.contains("Action 1: seat 0 completes segments with grey grey grey blue yellow"),
            "{text}"
        );
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        for a in &legal {
            if let Action::Complete { segment, .. } = *a {
                let spaces = board.segment_spaces(segment);
                let listed: Vec<String> = spaces.iter().map(|sp| format!("{sp:02}")).collect();
                let entry = format!("{segment}: {}", listed.join(" "));
                assert!(text.contains(&entry), "{entry} in\n{text}");
            }
        }
    }
}
