//! What the programs know of each game beyond the [`Game`] contract: its pictures (SVG of the
//! whole table and of a seat's view) and, where a flat list of actions would be too long to
//! read, a menu in steps. One `impl` per registered game.

use super::menu::{Item, Menu, Next};
use std::fmt::Display;
use tabula::dicecore::pig::{Pig, PigView};
use tabula::{Game, Seat};

/// A game the programs can show: printed as text (`Display`), drawn as SVG where the game has
/// a picture, and chosen from in steps where that helps.
pub trait Companion: Game + Display {
    /// The whole table as an SVG picture (`None`: the game has no picture).
    fn picture(&self) -> Option<String> {
        None
    }

    /// A seat's view as an SVG picture (`None`: the game has no picture).
    fn view_picture(view: &Self::View) -> Option<String> {
        let _ = view;
        None
    }

    /// The menu of `seat`'s legal `actions` (all of them, in steps), or `None` for the plain
    /// numbered list.
    fn menu(&self, seat: Seat, actions: &[Self::Action]) -> Option<Menu<Self::Action>> {
        let _ = (seat, actions);
        None
    }
}

/// Implements the pictures of games whose `State` and `View` both have `to_svg()`.
macro_rules! pictures {
    () => {
        fn picture(&self) -> Option<String> {
            Some(self.to_svg())
        }

        fn view_picture(view: &Self::View) -> Option<String> {
            Some(view.to_svg())
        }
    };
}

impl Companion for tabula::sequence_dice::State {
    pictures!();
}

impl Companion for tabula::mosaix::State {
    pictures!();

    fn menu(&self, seat: Seat, actions: &[Self::Action]) -> Option<Menu<Self::Action>> {
        super::mosaix_steps::menu(self, seat, actions)
    }
}

impl Companion for tabula::kingdom_builder::State {
    fn picture(&self) -> Option<String> {
        Some(self.to_svg())
    }
}

impl Companion for tabula::the_border::State {
    pictures!();
}

impl Companion for tabula::alea_iacta_est::State {}

/// Pig, dicecore's worked example, has no picture of its own; this small one shows each
/// seat's banked points as a bar towards the target, and the points at risk.
impl Companion for Pig {
    fn picture(&self) -> Option<String> {
        Self::view_picture(&self.view(Seat(0)))
    }

    fn view_picture(view: &PigView) -> Option<String> {
        Some(pig_svg(view))
    }
}

/// The picture of a Pig table.
fn pig_svg(view: &PigView) -> String {
    use std::fmt::Write as _;
    let (bar, row) = (300u32, 32u32);
    let height = 50 + row * view.scores.len() as u32;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"{height}\" \
         viewBox=\"0 0 480 {height}\" font-family=\"sans-serif\" font-size=\"14\">\n\
         <rect width=\"480\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"10\" y=\"22\" font-size=\"16\">Pig to {} points</text>\n",
        view.target
    );
    for (i, &score) in view.scores.iter().enumerate() {
        let y = 36 + row * i as u32;
        let filled = bar * score.min(view.target) / view.target.max(1);
        let to_move = view.to_move == Some(Seat(i as u8));
        let _ = write!(
            s,
            "<text x=\"10\" y=\"{}\">seat {i}</text>\n\
             <rect x=\"70\" y=\"{y}\" width=\"{bar}\" height=\"20\" fill=\"#eee\" stroke=\"#999\"/>\n\
             <rect x=\"70\" y=\"{y}\" width=\"{filled}\" height=\"20\" fill=\"#4a7\"/>\n\
             <text x=\"{}\" y=\"{}\">{score}{}</text>\n",
            y + 15,
            80 + bar,
            y + 15,
            if to_move {
                format!(" (to move, {} at risk)", view.turn_total)
            } else {
                String::new()
            }
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A menu item opening `menu`.
pub fn step<A>(label: impl Into<String>, menu: Menu<A>) -> Item<A> {
    Item {
        label: label.into(),
        keys: Vec::new(),
        next: Next::Open(menu),
    }
}
