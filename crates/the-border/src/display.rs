//! The terminal rendering of the table (every player's board, the dice, the scores) and of a
//! seat's [`View`]: The Border hides nothing, so a view is the table followed by whose view it
//! is.

use crate::dice::ROLLS;
use crate::{Phase, State, View};
use dicecore::{Game, Seat};
use std::fmt;

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let active = self.active().0;
        match self.phase() {
            Phase::Over => writeln!(f, "The Border: game over")?,
            Phase::Rolling => writeln!(
                f,
                "The Border: seat {active} is active, rolling {} dice (roll {} of {ROLLS})",
                self.rolling_dice(),
                self.rolls() + 1
            )?,
            Phase::Deciding => writeln!(
                f,
                "The Border: seat {active} is active, after roll {} of {ROLLS}: {}",
                self.rolls(),
                self.dice()
            )?,
            Phase::Crossing => writeln!(
                f,
                "The Border: seat {active} completes segments (action 1) with {}; used {}",
                self.dice(),
                self.used()
            )?,
            Phase::Others => writeln!(
                f,
                "The Border: action 2 (seat {active} active, dice {}, used {}); to act: {}",
                self.dice(),
                self.used(),
                self.to_act()
            )?,
        }
        for seat in (0..self.seats()).map(Seat) {
            let board = self.board(seat);
            let done = self.completed(seat);
            write!(
                f,
                "\nseat {} (board {}): {} points, areas completed: {}",
                seat.0,
                board.name(),
                self.total_score(seat),
                done.count_ones()
            )?;
            let points = self.area_points(seat);
            for (a, area) in board.areas().iter().enumerate() {
                if done & (1 << a) != 0 {
                    write!(f, " | {} {}", area.name, points[a])?;
                }
            }
            if self.phase() == Phase::Others && self.to_act().contains(seat) {
                let (pool, left) = self.available(seat);
                write!(f, " | may use {pool} ({left} left)")?;
            }
            writeln!(f)?;
            board.render(&self.crossed(seat), f)?;
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
    use crate::State;
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
}
