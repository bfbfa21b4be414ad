//! Mosaix in steps: a roll is arranged by choosing the shape, then which symbol goes where;
//! a formation is entered by choosing how to turn it, then where its top left goes (typed as
//! `row column`, or from the list), instead of from up to 57 arrangements or 200+ entries.
//! Built on the game's queries `State::entry_orientations` and `State::entry_positions`.

use super::menu::{step, Item, Menu, Next, Reading};
use tabula::mosaix::{Action, Formation, Placed, State, Tetromino, Turned};
use tabula::{Game, Seat};

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
                    reading: Reading::default(),
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
        reading: Reading::default(),
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
            let mut items: Vec<Item<Action>> = places
                .iter()
                .map(|p| Item {
                    label: p.to_string(),
                    keys: Vec::new(),
                    next: Next::Pick(p.action),
                })
                .collect();
            let refusals = typed_positions(state, seat, turned, &places, &mut items);
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
                    reading: Reading {
                        refusals,
                        ..Reading::default()
                    },
                },
            )
        })
        .collect();
    Menu {
        title: format!(
            "Your move, {seat}: enter the formation {formation}. First, how to turn it?"
        ),
        items,
        reading: Reading::default(),
    }
}

/// The rows and columns a top left may be typed at (a formation may hang over every edge).
const TYPED: std::ops::RangeInclusive<i8> = -9..=15;

/// Gives each position item the texts `row column` and `row,column` of every top left that
/// makes its entry (two top lefts may make the same entry when symbols drop over an edge),
/// and returns, for every other top left, why `seat` may not put `turned` there: off the
/// card, on filled cells, or the engine's reason.
fn typed_positions(
    state: &State,
    seat: Seat,
    turned: &Turned,
    places: &[Placed],
    items: &mut [Item<Action>],
) -> Vec<(String, String)> {
    let filled = state.grid(seat).map(|g| g.filled()).unwrap_or_default();
    let mut refusals = Vec::new();
    for row in TYPED {
        for col in TYPED {
            let keys = [format!("{row} {col}"), format!("{row},{col}")];
            let reason = match turned.place(row, col) {
                None => "no symbol of the formation, turned this way, lands on the card \
                         (rows and columns are 0 to 6)"
                    .to_string(),
                Some(marks) => {
                    let entry = Action::Enter { seat, marks };
                    if let Some(i) = places.iter().position(|p| p.action == entry) {
                        items[i].keys.extend(keys);
                        continue;
                    }
                    let taken: Vec<String> = marks
                        .iter()
                        .filter(|(cell, _)| filled.contains(cell.index()))
                        .map(|(cell, _)| cell.to_string())
                        .collect();
                    match (taken.as_slice(), state.apply(&entry)) {
                        ([one], _) => format!("the cell {one} is already filled"),
                        ([rest @ .., last], _) => {
                            format!(
                                "the cells {} and {last} are already filled",
                                rest.join(", ")
                            )
                        }
                        ([], Err(e)) => e.to_string(),
                        // Legal but not listed: cannot happen (the places are every entry).
                        ([], Ok(_)) => continue,
                    }
                }
            };
            for key in keys {
                refusals.push((
                    key,
                    format!("The top left at row {row}, column {col} is refused: {reason}."),
                ));
            }
        }
    }
    refusals
}
