//! The terminal rendering of a seat's [`View`]: The Border hides nothing, so it is the
//! state's board followed by whose view it is.

use crate::View;
use std::fmt;

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
