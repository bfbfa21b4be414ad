//! The components by their names, as a player says them: `red 2` and `grey 0` for provinces,
//! `blue woman 3` for patricians, `IX many women` or `XII red/blue` for senate cards. Names are
//! read case-insensitively, with any spacing; a card may be named by its numeral, its title or
//! both (a double province by its two colours, in either order).

use crate::components::{Card, Colour, Faces, Patrician, Province, Sex};
use crate::state::{Phase, State};
use crate::Action;
use dicecore::ChanceTextError;
use std::str::FromStr;

/// The words of a name, lower-cased.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

impl FromStr for Colour {
    type Err = ();

    /// `red`, `blue`, `green`, `yellow`, `purple`, `orange` (any case).
    fn from_str(s: &str) -> Result<Colour, ()> {
        let s = s.trim().to_lowercase();
        Colour::ALL
            .into_iter()
            .find(|c| c.to_string() == s)
            .ok_or(())
    }
}

impl FromStr for Province {
    type Err = ();

    /// A province by colour and value, as printed: `red 2`, `orange 4`, `grey 0` (also
    /// `grey`).
    ///
    /// ```
    /// use alea_iacta_est::{Colour, Province};
    /// assert_eq!("Red 2".parse(), Ok(Province::new(Colour::Red, 2)));
    /// assert_eq!("grey 0".parse(), Ok(Province::WILDCARD));
    /// ```
    fn from_str(s: &str) -> Result<Province, ()> {
        match words(s).as_slice() {
            [g] | [g, _] if g == "grey" || g == "gray" => {
                let zero = words(s).get(1).is_none_or(|v| v == "0");
                zero.then_some(Province::WILDCARD).ok_or(())
            }
            [c, v] => {
                let colour: Colour = c.parse()?;
                match v.parse::<u8>() {
                    Ok(v @ 1..=4) => Ok(Province::new(colour, v)),
                    _ => Err(()),
                }
            }
            _ => Err(()),
        }
    }
}

impl FromStr for Patrician {
    type Err = ();

    /// A patrician by colour, sex and value: `blue woman 3`, `red man 1`.
    ///
    /// ```
    /// use alea_iacta_est::{Colour, Patrician, Sex};
    /// assert_eq!("blue woman 3".parse(), Ok(Patrician::new(Colour::Blue, Sex::Woman, 3)));
    /// ```
    fn from_str(s: &str) -> Result<Patrician, ()> {
        let [c, sex, v] = words(s).try_into().map_err(|_| ())?;
        let colour: Colour = c.parse()?;
        let sex = match sex.as_str() {
            "woman" => Sex::Woman,
            "man" => Sex::Man,
            _ => return Err(()),
        };
        match v.parse::<u8>() {
            Ok(v @ 1..=3) => Ok(Patrician::new(colour, sex, v)),
            _ => Err(()),
        }
    }
}

/// The titles of cards I–XI, XII and XIII without their numerals.
const TITLES: [&str; 13] = [
    "many provinces",
    "many patricians",
    "many senate cards",
    "many fortuna",
    "many couples",
    "different patricians",
    "different provinces",
    "occupied province cards",
    "many women",
    "many men",
    "new generation",
    "double province",
    "joker province",
];

const NUMERALS: [&str; 13] = [
    "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
];

impl Card {
    /// The card's name under the given double-province colours: its numeral and title
    /// (`IX many women`), a double province by its colours (`XII red/blue`).
    pub fn name(self, doubles: &[(Colour, Colour); 6]) -> String {
        match self {
            Card::DoubleProvince(i) => match doubles.get(i as usize) {
                Some((a, b)) => format!("XII {a}/{b}"),
                None => self.to_string(),
            },
            _ => self.to_string(),
        }
    }

    /// A card by name, as [`Card::name`] writes it or by its numeral or title alone
    /// (`IX`, `many women`, `ix many women`); a double province by its two colours in either
    /// order (`XII red/blue`, `blue/red`) or by its number (`XII double province #0`).
    ///
    /// ```
    /// use alea_iacta_est::{Card, DEFAULT_DOUBLE_PROVINCES};
    /// let d = &DEFAULT_DOUBLE_PROVINCES;
    /// assert_eq!(Card::parse("IX", d), Some(Card::ManyWomen));
    /// assert_eq!(Card::parse("blue/red", d), Some(Card::DoubleProvince(0)));
    /// assert_eq!(Card::parse("XII", d), None, "which double province?");
    /// ```
    pub fn parse(text: &str, doubles: &[(Colour, Colour); 6]) -> Option<Card> {
        let mut w = words(&text.replace('/', " / "));
        let numeral = w.first().and_then(|x| NUMERALS.iter().position(|n| n == x));
        if numeral.is_some() {
            w.remove(0);
        }
        let rest = w.join(" ");
        // A double province: two colours, or its number.
        let colours: Vec<Colour> = w.iter().filter_map(|x| x.parse().ok()).collect();
        if let [a, b] = colours.as_slice() {
            if numeral.is_some_and(|k| k != 11) {
                return None;
            }
            let i = doubles
                .iter()
                .position(|&(x, y)| (x, y) == (*a, *b) || (x, y) == (*b, *a))?;
            return Some(Card::DoubleProvince(i as u8));
        }
        if let Some(k) = rest.strip_prefix("double province #") {
            let i: u8 = k.trim().parse().ok()?;
            return (i < 6 && numeral.is_none_or(|n| n == 11)).then_some(Card::DoubleProvince(i));
        }
        let titled = TITLES.iter().position(|t| *t == rest);
        let kind = match (numeral, titled) {
            (Some(n), Some(t)) if n == t => n,
            (Some(n), None) if rest.is_empty() => n,
            (None, Some(t)) => t,
            _ => return None,
        };
        match kind {
            11 => None,
            12 => Some(Card::JokerProvince),
            k => Card::from_index(k),
        }
    }
}

/// `text` without a prefix and a suffix (any case), if it has them.
fn strip<'a>(text: &'a str, prefix: &str, suffix: &str) -> &'a str {
    let lower = text.to_lowercase();
    let mut t = text;
    if lower.starts_with(prefix) && t.is_char_boundary(prefix.len()) {
        t = &t[prefix.len()..];
    }
    let lower = t.to_lowercase();
    if lower.ends_with(suffix) && t.is_char_boundary(t.len() - suffix.len()) {
        t = &t[..t.len() - suffix.len()];
    }
    t.trim()
}

impl State {
    /// The chance outcome a person typed in: the dice as they lie, in any order (`3 3 5 6 1`,
    /// `33561`, `3-3-5-6-1`), a Fortuna tile's value (`2`), a senate card, province or
    /// patrician by name (`IX many women`, `XII red/blue`, `red 2`, `blue woman 3`), or any
    /// outcome's own text.
    pub(crate) fn chance_of_text(&self, text: &str) -> Result<Action, ChanceTextError> {
        let typed = text.trim();
        let unreadable = |expected: String| ChanceTextError::Unreadable {
            text: typed.to_string(),
            expected,
        };
        let (action, expected) = match self.phase {
            Phase::Roll => {
                let k = self.pending;
                let expected = format!(
                    "the {} rolled: {k} faces 1 to 6 in any order, e.g. {}",
                    crate::display::count(k, "die"),
                    ["3", "3 5", "3 5 6", "3 3 5 6", "3 3 5 6 1", "3 3 5 6 1 2"]
                        [(k as usize).clamp(1, 6) - 1]
                );
                let body = strip(typed, "the dice show ", "");
                let mut values = Vec::new();
                for c in body.chars() {
                    match c.to_digit(10) {
                        Some(d @ 1..=6) => values.push(d as u8),
                        None if c.is_whitespace() || ",-+;/".contains(c) => {}
                        _ => return Err(unreadable(expected)),
                    }
                }
                let faces = Faces::from_values(&values).filter(|_| values.len() == k as usize);
                (faces.map(Action::Roll), expected)
            }
            Phase::DrawFortuna { .. } => {
                let body = strip(typed, "a fortuna tile of value ", " is drawn");
                let body = strip(body, "fortuna", "");
                let value = body.parse::<u8>().ok().filter(|v| (1..=3).contains(v));
                let expected = "a Fortuna tile's value, 1 to 3, still in the stack".to_string();
                (value.map(Action::Fortuna), expected)
            }
            Phase::DrawSenate { .. } => {
                let body = strip(typed, "senate card ", " is drawn");
                let card = Card::parse(body, &self.config.double_provinces);
                let expected =
                    "a senate card still in the deck, e.g. IX many women or XII red/blue"
                        .to_string();
                (card.map(Action::SenateCard), expected)
            }
            Phase::RevealProvinces => {
                let body = strip(typed, "province ", " is revealed");
                let expected = "a province still in the stack, e.g. red 2 or grey 0".to_string();
                (body.parse().ok().map(Action::RevealProvince), expected)
            }
            Phase::RevealPatricians => {
                let body = strip(typed, "patrician ", " is revealed");
                let expected = "a patrician still in the stack, e.g. blue woman 3".to_string();
                (body.parse().ok().map(Action::RevealPatrician), expected)
            }
            _ => return Err(ChanceTextError::NoChance),
        };
        action
            .filter(|a| self.validate_action(a).is_ok())
            .ok_or_else(|| unreadable(expected))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::PROVINCE_CARDS;
    use crate::DEFAULT_DOUBLE_PROVINCES;

    #[test]
    fn every_name_reads_back() {
        for i in 0..PROVINCE_CARDS {
            let p = Province(i);
            assert_eq!(p.to_string().parse(), Ok(p));
        }
        for i in 0..36 {
            let t = Patrician(i);
            assert_eq!(t.to_string().parse(), Ok(t));
            assert_eq!(t.to_string().to_uppercase().parse(), Ok(t));
        }
        let d = &DEFAULT_DOUBLE_PROVINCES;
        for k in 0..18 {
            let c = Card::from_index(k).unwrap();
            assert_eq!(Card::parse(&c.name(d), d), Some(c), "{}", c.name(d));
            assert_eq!(Card::parse(&c.to_string(), d), Some(c), "{c}");
        }
        assert_eq!(Card::parse("xiii", d), Some(Card::JokerProvince));
        assert_eq!(Card::parse("new generation", d), Some(Card::NewGeneration));
        assert_eq!(Card::parse("X many women", d), None);
        assert_eq!(Card::parse("XII red/green", d), None);
        assert_eq!(Card::parse("IV red/blue", d), None);
        assert_eq!("grey 1".parse::<Province>(), Err(()));
        assert_eq!("red 5".parse::<Province>(), Err(()));
        assert_eq!("red girl 2".parse::<Patrician>(), Err(()));
    }
}
