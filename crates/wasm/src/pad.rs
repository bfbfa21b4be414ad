//! [`Pad`]: the faces a person clicks to enter what physical dice (or a drawn card) show,
//! read off the engine's own words for the pending chance event's outcomes. No game is known
//! here: the outcomes' texts ("the dice show grey grey blue red red", "the die shows 4",
//! "a flower field card is drawn") share their first and last words, and what differs between
//! them is the roll. When every outcome differs in the same number of words and any word may
//! stand at any place, each word is a die and the words that occur are its faces (a roll of
//! five dice is five clicks among six colours); otherwise each outcome is one face (a card, a
//! tile).

use serde_json::{json, Value};
use tabula::table::Failure;

/// The faces of a pending chance event and how many of them make one outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pad {
    /// The faces, in the order they first occur in the outcomes (by id).
    pub faces: Vec<String>,
    /// How many faces one outcome has (the dice rolled; 1 for a card or a total).
    pub count: usize,
    /// Each outcome's id and its faces as counts per face of `faces`.
    outcomes: Vec<(usize, Vec<u16>)>,
}

/// The words of an outcome's text: split at spaces and at the hyphens between dice
/// (`1-1-3-5-6`).
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect()
}

/// How many leading items all the lists share.
fn common_prefix<'a>(lists: impl Iterator<Item = &'a [&'a str]> + Clone) -> usize {
    let shortest = lists.clone().map(<[&str]>::len).min().unwrap_or(0);
    let mut first = lists.clone();
    let Some(head) = first.next() else {
        return 0;
    };
    (0..shortest)
        .take_while(|&i| lists.clone().all(|l| l[i] == head[i]))
        .count()
}

impl Pad {
    /// The pad of the outcomes `(id, text)` of a chance event.
    pub fn new(outcomes: &[(usize, String)]) -> Pad {
        let split: Vec<Vec<&str>> = outcomes.iter().map(|(_, t)| words(t)).collect();
        let prefix = common_prefix(split.iter().map(Vec::as_slice));
        let reversed: Vec<Vec<&str>> = split
            .iter()
            .map(|w| w[prefix..].iter().rev().copied().collect())
            .collect();
        let suffix = common_prefix(reversed.iter().map(Vec::as_slice));
        let middles: Vec<&[&str]> = split.iter().map(|w| &w[prefix..w.len() - suffix]).collect();
        let count = middles.first().map_or(0, |m| m.len());
        // Dice: the same number of words in every outcome, and any face at any place (a
        // multiset lists its faces in order, so each place sees every face across the
        // outcomes). A tile named by colour and value ("red 2") is one face.
        let same_faces_everywhere = || {
            let at = |i: usize| {
                let mut seen: Vec<&str> = middles.iter().map(|m| m[i]).collect();
                seen.sort_unstable();
                seen.dedup();
                seen
            };
            (1..count).all(|i| at(i) == at(0))
        };
        if outcomes.len() > 1
            && count > 0
            && middles.iter().all(|m| m.len() == count)
            && same_faces_everywhere()
        {
            let mut faces: Vec<String> = Vec::new();
            for word in middles.iter().flat_map(|m| m.iter()) {
                if !faces.iter().any(|f| f == word) {
                    faces.push((*word).to_string());
                }
            }
            let counted: Vec<(usize, Vec<u16>)> = outcomes
                .iter()
                .zip(&middles)
                .map(|((id, _), middle)| (*id, tally(&faces, middle.iter().copied())))
                .collect();
            let distinct = counted
                .iter()
                .enumerate()
                .all(|(i, (_, c))| counted[..i].iter().all(|(_, d)| d != c));
            if distinct {
                return Pad {
                    faces,
                    count,
                    outcomes: counted,
                };
            }
        }
        // Each outcome is one face: what differs, or the whole text when nothing does.
        let faces: Vec<String> = outcomes
            .iter()
            .zip(&middles)
            .map(|((_, text), middle)| match middle.is_empty() {
                true => text.clone(),
                false => middle.join(" "),
            })
            .collect();
        let outcomes = outcomes
            .iter()
            .enumerate()
            .map(|(i, (id, _))| {
                let mut counts = vec![0; faces.len()];
                counts[i] = 1;
                (*id, counts)
            })
            .collect();
        Pad {
            faces,
            count: 1,
            outcomes,
        }
    }

    /// The id of the outcome whose faces are `chosen`, in any order.
    pub fn outcome(&self, chosen: &[String]) -> Result<usize, Failure> {
        if chosen.len() != self.count {
            return Err(Failure::Illegal(format!(
                "choose {} face{}, not {}",
                self.count,
                if self.count == 1 { "" } else { "s" },
                chosen.len()
            )));
        }
        if let Some(unknown) = chosen.iter().find(|c| !self.faces.contains(c)) {
            return Err(Failure::Illegal(format!(
                "'{unknown}' is not a face: the faces are {}",
                self.faces.join(", ")
            )));
        }
        let counts = tally(&self.faces, chosen.iter().map(String::as_str));
        self.outcomes
            .iter()
            .find(|(_, c)| *c == counts)
            .map(|(id, _)| *id)
            .ok_or_else(|| Failure::Illegal(format!("'{}' cannot come up now", chosen.join(" "))))
    }

    /// The faces of outcome `id`, in the order of [`Pad::faces`].
    pub fn faces_of(&self, id: usize) -> Option<Vec<String>> {
        let (_, counts) = self.outcomes.iter().find(|(i, _)| *i == id)?;
        Some(
            counts
                .iter()
                .zip(&self.faces)
                .flat_map(|(&n, face)| std::iter::repeat_n(face.clone(), n.into()))
                .collect(),
        )
    }

    /// `{"faces": [...], "count": n}`.
    pub fn to_value(&self) -> Value {
        json!({ "faces": self.faces, "count": self.count })
    }
}

/// How many times each face occurs among `words`.
fn tally<'a>(faces: &[String], words: impl Iterator<Item = &'a str>) -> Vec<u16> {
    let mut counts = vec![0u16; faces.len()];
    for word in words {
        if let Some(i) = faces.iter().position(|f| f == word) {
            counts[i] = counts[i].saturating_add(1);
        }
    }
    counts
}
