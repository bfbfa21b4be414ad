//! Mosaix in steps: a roll is arranged by choosing the shape, then which symbol goes where;
//! a formation is entered by choosing how to turn it, then where its top left goes (typed as
//! `row column`, or from the list), instead of from up to 57 arrangements or 200+ entries.
//! Built on the game's queries `State::entry_orientations` and `State::entry_positions`.

use super::menu::{step, Item, Menu, Next};
use tabula::mosaix::{Action, Formation, State, Tetromino, Turned};
use tabula::Seat;

/// The stepwise menu of `seat`'s legal `actions`, when they are arrangements or entries
/// (`None` otherwise: a pass or the end of a solo game is one line anyway).
pub fn menu(state: &State, seat: Seat, actions: &[Action]) -> Option<Menu<Action>> {
    let others = actions
        .iter()
        .filter(|a| !matches!(a, Action::Arrange { .. } | Action::Enter { .. }))
        .map(|a| Item::action(*a));
    let mut menu = if actions.iter().any(|a| matches!(a, Action::Enter { .. })) {
        entering(state, seat)
    } else if actions.iter().any(|a| matches!(a, Action::Arrange { .. })) {
        arranging(seat, actions)
    } else {
        return None;
    };
    menu.items.extend(others);
    Some(menu)
}

/// The picture of a turned formation, indented for a menu.
fn picture(turned: &Turned, glyphs: bool) -> String {
    turned
        .to_string()
        .lines()
        .map(|line| {
            let line: String = if glyphs {
                line.to_string()
            } else {
                line.chars()
                    .map(|c| if c == ' ' { ' ' } else { '#' })
                    .collect()
            };
            format!("\n    {line}")
        })
        .collect()
}

/// Step 1: the shapes; step 2: the arrangements of the chosen shape.
fn arranging(seat: Seat, actions: &[Action]) -> Menu<Action> {
    let formations: Vec<Formation> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Arrange { formation, .. } => Some(*formation),
            _ => None,
        })
        .collect();
    let roll = formations.first().map(|f| f.roll().to_string());
    let items = Tetromino::ALL
        .iter()
        .filter_map(|&shape| {
            let of_shape: Vec<Formation> = formations
                .iter()
                .copied()
                .filter(|f| f.shape == shape)
                .collect();
            let first = of_shape.first()?;
            let items = of_shape
                .iter()
                .map(|&formation| Item {
                    label: format!("{formation}{}", picture(&formation.turned(0), true)),
                    keys: Vec::new(),
                    next: Next::Pick(Action::Arrange { seat, formation }),
                })
                .collect();
            let count = of_shape.len();
            let mut shape_step = step(
                format!(
                    "{shape}: {count} arrangement{}{}",
                    if count == 1 { "" } else { "s" },
                    picture(&first.turned(0), false)
                ),
                Menu {
                    title: format!(
                        "Your move, {seat}: which symbol goes where in the {shape}? (Every player may still turn it.)"
                    ),
                    items,
                },
            );
            shape_step.keys.push(shape.letter().to_string());
            Some(shape_step)
        })
        .collect();
    Menu {
        title: format!(
            "Your move, {seat}: arrange the roll {} into a formation. First, which shape?",
            roll.unwrap_or_default()
        ),
        items,
    }
}

/// How `turned` is turned, in words.
fn turn_words(turns: u8) -> &'static str {
    match turns {
        0 => "as arranged",
        1 => "a quarter turn clockwise",
        2 => "half a turn",
        _ => "a quarter turn anticlockwise",
    }
}

/// Step 1: the ways to turn the formation; step 2: where its top left goes.
fn entering(state: &State, seat: Seat) -> Menu<Action> {
    let formation = match state.phase() {
        tabula::mosaix::Phase::Enter { formation, .. } => formation.to_string(),
        _ => String::new(),
    };
    let items = state
        .entry_orientations(seat)
        .iter()
        .map(|turned| {
            let mut places = state.entry_positions(seat, turned.turns);
            // Whole entries first, then those dropping symbols over the edge.
            places.sort_by_key(|p| p.action.dropped());
            let count = places.len();
            let items = places
                .iter()
                .map(|p| Item {
                    label: p.to_string(),
                    keys: vec![
                        format!("{} {}", p.row, p.col),
                        format!("{},{}", p.row, p.col),
                    ],
                    next: Next::Pick(p.action),
                })
                .collect();
            step(
                format!(
                    "{}: {count} place{}{}",
                    turn_words(turned.turns),
                    if count == 1 { "" } else { "s" },
                    picture(turned, true)
                ),
                Menu {
                    title: "Where does the top left of the picture go? Type its row and column \
                            (like '3 4'; below 0 hangs over the top or left edge), or choose:"
                        .to_string(),
                    items,
                },
            )
        })
        .collect();
    Menu {
        title: format!(
            "Your move, {seat}: enter the formation {formation}. First, how to turn it?"
        ),
        items,
    }
}
