//! A new game's names: the crate's (`knuckle-bones`), the module's (`knuckle_bones`), the
//! Python class's (`KnuckleBones`) and the title people read (`Knuckle Bones`).

use crate::ScaffoldError;

/// Rust keywords and names a game's module cannot take (they would shadow the facade's own
/// modules or the standard library's).
const RESERVED: &[&str] = &[
    "as", "async", "await", "box", "break", "const", "continue", "crate", "dyn", "else", "enum",
    "extern", "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match",
    "mod", "move", "mut", "priv", "pub", "ref", "return", "self", "static", "struct", "super",
    "trait", "true", "try", "type", "typeof", "unsafe", "use", "where", "while", "yield", "core",
    "std", "alloc", "tabula", "dicecore", "sim", "games", "table", "scaffold", "pig",
];

/// The names of one game, each in the form its place needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The crate and `Game::NAME`: lower-case words joined by `-` (`knuckle-bones`).
    pub kebab: String,
    /// The module, the fuzz targets and the example: words joined by `_` (`knuckle_bones`).
    pub snake: String,
    /// The Python class: capitalised words (`KnuckleBones`).
    pub camel: String,
    /// What people read (`Knuckle Bones`).
    pub title: String,
}

impl Names {
    /// The names of the game `name` (lower-case ASCII words of letters and digits joined by
    /// `-`, starting with a letter), titled `title` or its capitalised words.
    ///
    /// ```
    /// let n = tabula_scaffold::Names::new("knuckle-bones", None).unwrap();
    /// assert_eq!((n.snake.as_str(), n.camel.as_str()), ("knuckle_bones", "KnuckleBones"));
    /// assert_eq!(n.title, "Knuckle Bones");
    /// assert!(tabula_scaffold::Names::new("Knuckle Bones", None).is_err());
    /// ```
    pub fn new(name: &str, title: Option<&str>) -> Result<Names, ScaffoldError> {
        let bad = || ScaffoldError::Name(name.to_string());
        if name.is_empty() || name.len() > 40 {
            return Err(bad());
        }
        let words: Vec<&str> = name.split('-').collect();
        for word in &words {
            let ok = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
            if !ok {
                return Err(bad());
            }
        }
        if !words[0].starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(bad());
        }
        let snake = words.join("_");
        if RESERVED.contains(&snake.as_str()) {
            return Err(ScaffoldError::Reserved(snake));
        }
        let capital = |w: &str| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        };
        let camel: String = words.iter().map(|w| capital(w)).collect();
        let title = match title {
            Some(t) => {
                let t = t.trim();
                let plain = !t.is_empty()
                    && t.len() <= 60
                    && t.chars().all(|c| {
                        c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '!' | '&' | '.')
                    });
                if !plain || t.contains("__") {
                    return Err(ScaffoldError::Title(t.to_string()));
                }
                t.to_string()
            }
            None => words
                .iter()
                .map(|w| capital(w))
                .collect::<Vec<_>>()
                .join(" "),
        };
        Ok(Names {
            kebab: name.to_string(),
            snake,
            camel,
            title,
        })
    }

    /// `text` with the template's placeholders replaced by these names.
    pub fn fill(&self, text: &str) -> String {
        text.replace("__kebab__", &self.kebab)
            .replace("__snake__", &self.snake)
            .replace("__Camel__", &self.camel)
            .replace("__Title__", &self.title)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_a_name() {
        let n = Names::new("dice-race-2", None).unwrap();
        assert_eq!(n.snake, "dice_race_2");
        assert_eq!(n.camel, "DiceRace2");
        assert_eq!(n.title, "Dice Race 2");
        let t = Names::new("knucklebones", Some("Knucklebones (Cult of the Lamb)")).unwrap_err();
        assert_eq!(
            t,
            ScaffoldError::Title("Knucklebones (Cult of the Lamb)".into())
        );
        let t = Names::new("knucklebones", Some("Knuckle-Bones & Co.")).unwrap();
        assert_eq!(t.title, "Knuckle-Bones & Co.");
    }

    #[test]
    fn names_that_cannot_be_a_crate_are_refused() {
        for bad in [
            "",
            "Dice",
            "dice_race",
            "-dice",
            "dice-",
            "dice--race",
            "2dice",
            "dé",
        ] {
            assert_eq!(
                Names::new(bad, None).unwrap_err(),
                ScaffoldError::Name(bad.into()),
                "{bad}"
            );
        }
        assert_eq!(
            Names::new("match", None).unwrap_err(),
            ScaffoldError::Reserved("match".into())
        );
        assert!(Names::new(&"a".repeat(41), None).is_err());
    }

    #[test]
    fn placeholders_are_filled() {
        let n = Names::new("dice-race", None).unwrap();
        assert_eq!(
            n.fill("__kebab__ __snake__ __Camel__ __Title__"),
            "dice-race dice_race DiceRace Dice Race"
        );
    }
}
