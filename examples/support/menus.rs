//! Menus in steps, for games whose flat list of actions would be too long to read (Mosaix:
//! [`mosaix_steps`](super::mosaix_steps)), and The Border's list, which reads colours and
//! space numbers. Found at run time from the game's type, so a game
//! needs nothing here to be played: without a menu of its own it gets the numbered list.

use super::menu::{Item, Menu, Next, Reading};
use std::any::Any;
use tabula::games::Registered;
use tabula::Seat;

/// The menu in steps of `seat`'s legal `actions` in `state`, or `None` for the plain numbered
/// list.
pub fn menu<G: Registered>(
    state: &G,
    seat: Seat,
    actions: &[G::Action],
) -> Option<Menu<G::Action>> {
    let menu: Box<dyn Any> = if let Some(mosaix) =
        (state as &dyn Any).downcast_ref::<tabula::mosaix::State>()
    {
        let actions: Vec<tabula::mosaix::Action> = actions
            .iter()
            .map(|a| (a as &dyn Any).downcast_ref().copied())
            .collect::<Option<_>>()?;
        Box::new(super::mosaix_steps::menu(mosaix, seat, &actions)?)
    } else if let Some(border) = (state as &dyn Any).downcast_ref::<tabula::the_border::State>() {
        let actions: Vec<tabula::the_border::Action> = actions
            .iter()
            .map(|a| (a as &dyn Any).downcast_ref().copied())
            .collect::<Option<_>>()?;
        Box::new(border_menu(border, seat, &actions))
    } else {
        return None;
    };
    menu.downcast().ok().map(|menu| *menu)
}

/// The Border's list with the colour of each segment and space (`(blue b23)`, the way the
/// board shows the space), narrowed to a colour by its letter or name (`b`, `blue`), and
/// where a typed number that is both a place in the list and a space or segment number is
/// never taken without asking.
fn border_menu(
    state: &tabula::the_border::State,
    seat: Seat,
    actions: &[tabula::the_border::Action],
) -> Menu<tabula::the_border::Action> {
    use tabula::the_border::Action;
    let board = state.board(seat);
    let colour_name = |c: Option<tabula::dicecore::faces::Colour>| {
        c.map_or("white".to_string(), |c| c.to_string())
    };
    let mut reading = Reading::default();
    let items: Vec<Item<Action>> = actions
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            let label = match action {
                Action::Complete { segment, .. } => {
                    reading.numbers.push((i128::from(segment), i));
                    let colour = board.segments().get(usize::from(segment)).map(|s| s.colour);
                    format!("{action} ({})", colour_name(colour))
                }
                Action::Cross { space, .. } => {
                    reading.numbers.push((i128::from(space), i));
                    let colour = board.space_colour(usize::from(space));
                    let letter = colour.map_or('w', |c| c.letter());
                    format!("{action} ({} {letter}{space:02})", colour_name(colour))
                }
                _ => action.to_string(),
            };
            Item {
                label,
                keys: Vec::new(),
                next: Next::Pick(action),
            }
        })
        .collect();
    for colour in tabula::dicecore::faces::Colour::ALL {
        let name = colour.to_string();
        let hits: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].label.split([' ', '(', ')']).any(|w| w == name))
            .collect();
        if !hits.is_empty() {
            reading
                .narrowings
                .push((colour.letter().to_string(), hits.clone()));
            reading.narrowings.push((name, hits));
        }
    }
    Menu {
        title: format!("Your move, {seat}:"),
        items,
        reading,
    }
}
