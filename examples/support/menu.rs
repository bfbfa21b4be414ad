//! Choosing at the terminal: numbered lists shown a page at a time, narrowed by typing part of
//! a choice's text, and menus in steps (a choice that opens another list, `back` to return).
//!
//! Input and output are passed in, so tests can script every prompt.

use std::fmt::Display;
use std::io::{BufRead, Write};

/// Choices shown at once; longer lists are shown a page at a time.
pub const PAGE: usize = 20;

/// A list of choices with a heading. A choice either is an action or opens another menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu<A> {
    /// The line above the list (`Your move, seat 0:`).
    pub title: String,
    /// The choices, numbered from 1 in this order.
    pub items: Vec<Item<A>>,
    /// How typed text is read beyond the choices' own texts and keys.
    pub reading: Reading,
}

/// What a menu makes of typed text beyond its choices' texts and keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Texts that look like a choice but name none, with the reason, said when one is typed
    /// (e.g. `0 0`: a Mosaix entry on a filled cell).
    pub refusals: Vec<(String, String)>,
    /// Texts that narrow the list to some choices (by index), e.g. The Border's colour letter
    /// `b` to the choices of blue.
    pub narrowings: Vec<(String, Vec<usize>)>,
    /// Numbers in the choices' texts that a person may type to mean that choice (The
    /// Border's space and segment numbers), with the choice's index: a typed number that is
    /// also another choice's place in the list is never taken without asking.
    pub numbers: Vec<(i128, usize)>,
}

/// One choice of a [`Menu`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item<A> {
    /// What is shown after the number; further lines (a small picture) are indented under it.
    pub label: String,
    /// Other texts that choose this item when typed exactly (e.g. `3 4` for row 3, column 4).
    pub keys: Vec<String>,
    /// What choosing it does.
    pub next: Next<A>,
}

/// What choosing an [`Item`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next<A> {
    /// Takes this action.
    Pick(A),
    /// Opens this menu (a further step).
    Open(Menu<A>),
}

impl<A: Display> Item<A> {
    /// An item taking `action`, labelled with its text.
    pub fn action(action: A) -> Item<A> {
        Item {
            label: action.to_string(),
            keys: Vec::new(),
            next: Next::Pick(action),
        }
    }
}

impl<A: Display> Menu<A> {
    /// A one-step menu of `actions`, each labelled with its text.
    pub fn flat(title: impl Into<String>, actions: impl IntoIterator<Item = A>) -> Menu<A> {
        Menu {
            title: title.into(),
            items: actions.into_iter().map(Item::action).collect(),
            reading: Reading::default(),
        }
    }
}

impl<A> Menu<A> {
    /// Every action reachable from this menu, in menu order (an action reachable in two ways
    /// appears twice).
    pub fn actions(&self) -> Vec<&A> {
        let mut out = Vec::new();
        for item in &self.items {
            match &item.next {
                Next::Pick(a) => out.push(a),
                Next::Open(m) => out.extend(m.actions()),
            }
        }
        out
    }
}

/// Lower case without white space, with the sign `×` read as the letter `x`: what typed text
/// and choices are compared in, so `(3,4)` finds `(3, 4)` and `1x6` finds `1 × 6`.
fn normal(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '×' { 'x' } else { c })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The choice whose text is `text`, or else the only one containing it (case and spaces
/// ignored); otherwise the indices of the choices containing it (none, or several).
pub fn find_text(texts: &[String], text: &str) -> Result<usize, Vec<usize>> {
    let text = normal(text);
    let texts: Vec<String> = texts.iter().map(|t| normal(t)).collect();
    if let Some(i) = texts.iter().position(|t| *t == text) {
        return Ok(i);
    }
    let hits: Vec<usize> = (0..texts.len())
        .filter(|&i| texts[i].contains(&text))
        .collect();
    match hits.as_slice() {
        [i] => Ok(*i),
        _ => Err(hits),
    }
}

/// Writes a line to the terminal, or returns a message saying it cannot.
macro_rules! say {
    ($out:expr) => {
        writeln!($out).map_err(|e| format!("cannot write to the terminal: {e}"))?
    };
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err(|e| format!("cannot write to the terminal: {e}"))?
    };
}
pub(crate) use say;

/// Shows `prompt> ` and reads one line, trimmed; `None` at the end of the input (which is
/// said on the terminal) or when it cannot be read.
pub fn read_line(
    prompt: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<String>, String> {
    write!(out, "{prompt}> ").map_err(|e| format!("cannot write to the terminal: {e}"))?;
    out.flush()
        .map_err(|e| format!("cannot write to the terminal: {e}"))?;
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) => {
            say!(out);
            say!(out, "(end of input)");
            Ok(None)
        }
        Ok(_) => Ok(Some(line.trim().to_string())),
        Err(e) => {
            say!(out);
            say!(out, "(cannot read the input: {e})");
            Ok(None)
        }
    }
}

/// Whether the typed text asks to stop.
pub fn is_quit(text: &str) -> bool {
    text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit")
}

/// Where the person is in a menu: the list being shown (all items, or those matching typed
/// text) and how far it has been shown.
struct Listing {
    shown: Vec<usize>,
    next: usize,
}

/// Prints the items `listing.shown[listing.next..]`, a page at most, numbered by their place
/// in the whole menu, and how to see more.
fn show_page<A>(menu: &Menu<A>, listing: &mut Listing, out: &mut dyn Write) -> Result<(), String> {
    let width = menu.items.len().to_string().len();
    let end = (listing.next + PAGE).min(listing.shown.len());
    for &i in &listing.shown[listing.next..end] {
        let mut lines = menu.items[i].label.lines();
        say!(
            out,
            "  {:>width$}) {}",
            i + 1,
            lines.next().unwrap_or_default()
        );
        for line in lines {
            say!(out, "  {:width$}  {line}", "");
        }
    }
    listing.next = end;
    let left = listing.shown.len() - end;
    if left > 0 {
        say!(
            out,
            "  ... {left} more: press Enter to see the next {}, or type part of a choice's text to see only those.",
            left.min(PAGE)
        );
    }
    Ok(())
}

/// Shows a menu from the start: its title and the first page.
fn open<A>(menu: &Menu<A>, out: &mut dyn Write) -> Result<Listing, String> {
    say!(out, "{}", menu.title);
    let mut listing = Listing {
        shown: (0..menu.items.len()).collect(),
        next: 0,
    };
    show_page(menu, &mut listing, out)?;
    Ok(listing)
}

/// Asks for a choice in `menu` until one is made: a number from the list (`#3` is always
/// choice 3; see [`Reading::numbers`] for a bare number), text naming a choice (or
/// the only one containing it; text several contain lists those), Enter for the next page,
/// `?` to list again, `back` (or `b`) to return from a step, `quit` (or the end of input) to
/// stop (`None`). The menu's [`Reading`] adds refusals with reasons and narrowing words.
pub fn choose<A: Clone + Display>(
    menu: &Menu<A>,
    prompt: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<A>, String> {
    let mut path: Vec<&Menu<A>> = vec![menu];
    let mut listing = open(menu, out)?;
    loop {
        let here = *path.last().expect("the path starts at the menu");
        let count = here.items.len();
        let Some(text) = read_line(prompt, input, out)? else {
            return Ok(None);
        };
        let chosen = if is_quit(&text) {
            return Ok(None);
        } else if text.is_empty() || text == "+" {
            if listing.next < listing.shown.len() {
                show_page(here, &mut listing, out)?;
            } else {
                say!(out, "Type a number from 1 to {count}, or 'quit'.");
            }
            continue;
        } else if text == "?" || text.eq_ignore_ascii_case("help") {
            listing = open(here, out)?;
            if path.len() > 1 {
                say!(out, "('back' returns to the previous step.)");
            }
            continue;
        } else if text.eq_ignore_ascii_case("back")
            || (text.eq_ignore_ascii_case("b") && path.len() > 1)
        {
            if path.len() > 1 {
                path.pop();
                listing = open(path[path.len() - 1], out)?;
            } else {
                say!(
                    out,
                    "This is the first step: there is nothing to go back to."
                );
            }
            continue;
        } else if let Some(n) = text.strip_prefix('#').and_then(|t| t.parse::<i128>().ok()) {
            if (1..=count as i128).contains(&n) {
                n as usize - 1
            } else {
                say!(
                    out,
                    "There is no choice {n}: type a number from 1 to {count} ('?' lists them again)."
                );
                continue;
            }
        } else if let Ok(n) = text.parse::<i128>() {
            let named: Vec<usize> = here
                .reading
                .numbers
                .iter()
                .filter(|&&(m, _)| m == n)
                .map(|&(_, i)| i)
                .collect();
            let listed = (1..=count as i128).contains(&n);
            match named.as_slice() {
                [] if listed => n as usize - 1,
                [i] if listed && *i == n as usize - 1 => *i,
                [] => {
                    say!(
                        out,
                        "There is no choice {n}: type a number from 1 to {count} ('?' lists them again)."
                    );
                    continue;
                }
                [i] if !listed => {
                    say!(
                        out,
                        "(There is no choice {n}: {n} read as the {n} in choice {}.)",
                        i + 1
                    );
                    *i
                }
                _ => {
                    if listed {
                        say!(
                            out,
                            "'{n}' could be choice {n} or the {n} in another choice's text, so nothing is chosen: type '#' and the number of the choice you mean ('#{n}' for choice {n}):"
                        );
                    } else {
                        say!(
                            out,
                            "{n} is in the text of several choices: type '#' and the number of the one you mean:"
                        );
                    }
                    listing = Listing {
                        shown: if listed {
                            std::iter::once(n as usize - 1)
                                .chain(named.iter().copied().filter(|&i| i != n as usize - 1))
                                .collect()
                        } else {
                            named
                        },
                        next: 0,
                    };
                    show_page(here, &mut listing, out)?;
                    continue;
                }
            }
        } else if let Some(action) = here
            .actions()
            .into_iter()
            .find(|a| normal(&a.to_string()) == normal(&text))
        {
            return Ok(Some(action.clone()));
        } else {
            let texts: Vec<String> = here
                .items
                .iter()
                .map(|item| item.label.lines().next().unwrap_or_default().to_string())
                .collect();
            let keyed = here
                .items
                .iter()
                .position(|item| item.keys.iter().any(|k| normal(k) == normal(&text)));
            let reading = &here.reading;
            let typed = normal(&text);
            if keyed.is_none() {
                if let Some((_, reason)) = reading.refusals.iter().find(|(t, _)| normal(t) == typed)
                {
                    say!(out, "{reason} ('?' lists the choices.)");
                    continue;
                }
                if let Some((_, hits)) = reading.narrowings.iter().find(|(t, _)| normal(t) == typed)
                {
                    say!(
                        out,
                        "{} choices for '{text}' (type its number; '?' lists all again):",
                        hits.len()
                    );
                    listing = Listing {
                        shown: hits.clone(),
                        next: 0,
                    };
                    show_page(here, &mut listing, out)?;
                    continue;
                }
            }
            match keyed.map(Ok).unwrap_or_else(|| find_text(&texts, &text)) {
                Ok(i) => i,
                Err(hits) if hits.is_empty() => {
                    say!(
                        out,
                        "'{text}' is not a number and no choice contains it: type a number from 1 to {count}, part of a choice's text, '?' to list the choices, or 'quit'."
                    );
                    continue;
                }
                Err(hits) => {
                    say!(
                        out,
                        "{} choices contain '{text}' (type its number; '?' lists all again):",
                        hits.len()
                    );
                    listing = Listing {
                        shown: hits,
                        next: 0,
                    };
                    show_page(here, &mut listing, out)?;
                    continue;
                }
            }
        };
        match &here.items[chosen].next {
            Next::Pick(action) => return Ok(Some(action.clone())),
            Next::Open(step) => {
                path.push(step);
                listing = open(step, out)?;
                say!(out, "('back' returns to the previous step.)");
            }
        }
    }
}

/// A menu item opening `menu`.
pub fn step<A>(label: impl Into<String>, menu: Menu<A>) -> Item<A> {
    Item {
        label: label.into(),
        keys: Vec::new(),
        next: Next::Open(menu),
    }
}
