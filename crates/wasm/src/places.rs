//! [`Places`]: the actions a click on the picture means. A game's SVG picture may give a shape
//! a `<title>` that starts with the name of a place (Sequence Dice's spaces: `a1: 2`); the
//! actions of a seat whose text names that place, as a whole word, are what a click there
//! can mean. The legal ones are offered; when none is legal, applying the first of the others
//! brings the engine's own reason for refusing it. Nothing here knows a game.

use std::fmt::Display;
use tabula::dicecore::{Encode, Seat};
use tabula::table::{Failure, Table};
use tabula::Game;

/// At most this many actions that name a place but are illegal now are kept (one is enough to
/// hear the engine's reason).
const MAX_OTHERS: usize = 8;

/// The actions of one seat that name a place.
#[derive(Clone, Debug, PartialEq)]
pub struct Places<A> {
    /// The legal actions that name the place.
    pub legal: Vec<A>,
    /// Actions that name it but are not legal now (a few).
    pub other: Vec<A>,
}

/// Whether `text` names `place` as a whole word, ignoring case (`e4` in "places a chip on
/// e4", not in "e45").
pub fn names(text: &str, place: &str) -> bool {
    let text = text.to_lowercase();
    let place = place.to_lowercase();
    let is_word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(&place).any(|(i, _)| {
        !is_word(text[..i].chars().next_back()) && !is_word(text[i + place.len()..].chars().next())
    })
}

impl<A> Places<A> {
    /// The actions of `seat` in `table` that name `place` (none without a seat: at a chance
    /// event or at the end).
    pub fn find<G>(table: &Table<G>, place: &str, seat: Option<Seat>) -> Result<Self, Failure>
    where
        G: Game<Action = A> + Encode,
        A: Display + PartialEq,
    {
        let place = place.trim();
        if place.is_empty() || place.chars().count() > 64 {
            return Err(Failure::Illegal(
                "a place is named by a word of the picture, like a1".to_string(),
            ));
        }
        let Some(seat) = seat else {
            return Ok(Places {
                legal: Vec::new(),
                other: Vec::new(),
            });
        };
        let legal: Vec<G::Action> = table
            .legal_actions(Some(seat))
            .into_iter()
            .filter(|a| names(&a.to_string(), place))
            .collect();
        let config = table.state.config();
        let other = (G::max_chance_outcomes(config)..G::num_distinct_actions(config))
            .filter_map(|id| {
                G::action_from_id(config, seat, id).filter(|a| G::action_id(config, a) == Some(id))
            })
            .filter(|a| !legal.contains(a) && names(&a.to_string(), place))
            .take(MAX_OTHERS)
            .collect();
        Ok(Places { legal, other })
    }
}
