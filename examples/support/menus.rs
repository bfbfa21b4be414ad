//! Menus in steps, for games whose flat list of actions would be too long to read (Mosaix:
//! [`mosaix_steps`](super::mosaix_steps)). Found at run time from the game's type, so a game
//! needs nothing here to be played: without a menu of its own it gets the numbered list.

use super::menu::Menu;
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
    let mosaix = (state as &dyn Any).downcast_ref::<tabula::mosaix::State>()?;
    let actions: Vec<tabula::mosaix::Action> = actions
        .iter()
        .map(|a| (a as &dyn Any).downcast_ref().copied())
        .collect::<Option<_>>()?;
    let menu: Box<dyn Any> = Box::new(super::mosaix_steps::menu(mosaix, seat, &actions)?);
    menu.downcast().ok().map(|menu| *menu)
}
