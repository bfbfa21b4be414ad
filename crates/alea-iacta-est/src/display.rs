//! Terminal renderings: of the full state (for logs and spectators) and of one seat's
//! [`View`] (for a player). Both share one table, every row labelled; only the per-seat
//! secrets differ. The phase and the score breakdown read as sentences too.

use crate::components::{Card, Colour};
use crate::scoring::Breakdown;
use crate::state::{Phase, State};
use crate::view::{PassedOn, View};
use dicecore::{Seat, Turn};
use std::fmt;

/// Items joined by commas; `none` for an empty list.
pub(crate) fn list<T: fmt::Display>(items: &[T], none: &str) -> String {
    if items.is_empty() {
        return none.to_string();
    }
    items
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Fortuna tiles by value as a list of values (`1, 2, 2`).
pub(crate) fn tiles(counts: [u8; 3]) -> String {
    let values: Vec<u8> = (1..=3u8)
        .flat_map(|v| std::iter::repeat_n(v, counts[v as usize - 1] as usize))
        .collect();
    list(&values, "none")
}

/// `n thing` or `n things` (`1 die`, `2 dice`).
pub(crate) fn count(n: impl Into<u32>, thing: &str) -> String {
    let n = n.into();
    match (n, thing) {
        (1, _) => format!("1 {thing}"),
        (_, "die") => format!("{n} dice"),
        _ => format!("{n} {thing}s"),
    }
}

/// A senate card by name, a double province by its colours.
pub(crate) fn card_name(card: Card, doubles: &[(Colour, Colour); 6]) -> String {
    card.name(doubles)
}

fn cards(cards: &[Card], doubles: &[(Colour, Colour); 6], none: &str) -> String {
    let names: Vec<String> = cards.iter().map(|&c| card_name(c, doubles)).collect();
    list(&names, none)
}

impl fmt::Display for Phase {
    /// What happens now, in a player's words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::RevealProvinces => f.write_str("the round's provinces are revealed"),
            Phase::RevealPatricians => f.write_str("the round's patricians are revealed"),
            Phase::Roll => f.write_str("the dice are rolled"),
            Phase::Place => f.write_str("a re-roll or a placement"),
            Phase::DrawFortuna {
                seat, bonus: true, ..
            } => write!(
                f,
                "Templum: {seat} draws an extra Fortuna tile for the lone die"
            ),
            Phase::DrawFortuna { seat, left, .. } => {
                write!(f, "{seat} draws {}", count(left, "Fortuna tile"))
            }
            Phase::KeepFortuna => f.write_str("Templum: the players keep their Fortuna tiles"),
            Phase::DrawSenate { left } => {
                write!(f, "Senatus: {} to draw", count(left, "senate card"))
            }
            Phase::KeepSenate { seat } => write!(f, "Senatus: {seat} keeps a senate card"),
            Phase::TakeProvince { seat } => write!(f, "Castrum: {seat} takes a province"),
            Phase::TakePatrician { seat } => write!(f, "Forum: {seat} takes a patrician"),
            Phase::Over => f.write_str("the game is over"),
            _ => f.write_str("the engine moves on"),
        }
    }
}

impl fmt::Display for Breakdown {
    /// `27 points: provinces 9, patricians 8, senate cards 3, Fortuna 5, chips 2`, with the
    /// tie-break value when there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: provinces {}, patricians {}, senate cards {}, Fortuna {}, chips {}",
            count(self.total.max(0) as u32, "point"),
            self.provinces,
            self.patricians,
            self.senate_cards,
            self.fortuna,
            self.chips
        )?;
        if self.tie_break > 0 {
            write!(f, " (highest unhoused patrician {})", self.tie_break)?;
        }
        Ok(())
    }
}

/// What one seat's lines show that depends on who is looking.
pub(crate) struct Private {
    /// The Fortuna tiles drawn this round, as shown after "drawn this round: ".
    pub(crate) drawn: String,
    /// The senate cards.
    pub(crate) senate: String,
    /// The score, when the viewer may know it.
    pub(crate) score: Option<i32>,
}

/// The line saying who acts now and on what.
pub(crate) fn now(v: &View) -> String {
    let who = match v.turn {
        Turn::Seat(s) => format!("{s} to decide"),
        Turn::Seats(set) => format!("seats {set} to decide"),
        Turn::Chance => "chance".to_string(),
        Turn::Over => return "The game is over.".to_string(),
    };
    let what = match v.phase {
        Phase::Roll if v.roll.is_empty() => {
            format!("{} rolls {}", v.current, count(v.rolling, "die"))
        }
        Phase::Roll => format!(
            "{} re-rolls {}, keeping {}",
            v.current,
            count(v.rolling, "die"),
            v.roll
        ),
        Phase::Place if v.selected.is_empty() => {
            format!("{} has rolled {}: re-roll or place", v.current, v.roll)
        }
        Phase::Place => format!(
            "{} has rolled {} and marks {} for a re-roll",
            v.current, v.roll, v.selected
        ),
        phase => phase.to_string(),
    };
    format!("Now: {who}: {what}.")
}

/// The public table (everything every seat sees, taken from a view), with the per-seat
/// secrets from `private`.
fn write_table(
    f: &mut fmt::Formatter<'_>,
    v: &View,
    private: &dyn Fn(usize) -> Private,
) -> fmt::Result {
    let doubles = &v.double_provinces;
    writeln!(
        f,
        "Alea Iacta Est: {} players, round {} of {}, start player {}",
        v.seats, v.round, v.rounds, v.start
    )?;
    writeln!(f, "{}", now(v))?;
    let turns = matches!(
        v.phase,
        Phase::Roll | Phase::Place | Phase::DrawFortuna { bonus: false, .. }
    );
    if v.last_pass && turns {
        writeln!(f, "This is the round's last pass.")?;
    }
    writeln!(f, "Buildings:")?;
    // The Templum is in play from 4 players on (see `Config::templum`).
    if v.seats >= 4 {
        let temple: Vec<String> = (0..v.seats as usize)
            .filter_map(|p| {
                let (d, s) = v.temple.get(p).copied().unwrap_or((0, 0));
                (d > 0).then(|| format!("seat {p}: {} ({s} pips)", count(d, "die")))
            })
            .collect();
        writeln!(f, "  I   Templum: {}", list(&temple, "empty"))?;
        writeln!(
            f,
            "      Fortuna tiles: {} face down in the stack; discarded face up: {}",
            v.fortuna_stack_size,
            tiles(v.fortuna_discard)
        )?;
    }
    let straights: Vec<String> = v
        .straights
        .iter()
        .enumerate()
        .filter_map(|(p, st)| {
            st.map(|st| {
                let faces: Vec<String> = (st.low..st.low + st.len).map(|x| x.to_string()).collect();
                format!("seat {p}: {}", faces.join("-"))
            })
        })
        .collect();
    writeln!(f, "  II  Senatus: {}", list(&straights, "empty"))?;
    let sets: Vec<String> = v
        .castrum
        .iter()
        .map(|(o, val, n)| format!("{o}: {n} × {val}"))
        .collect();
    writeln!(f, "  III Castrum: {}", list(&sets, "empty"))?;
    writeln!(
        f,
        "      provinces to take: {}",
        list(&v.provinces_shown, "none")
    )?;
    let forum: Vec<String> = v
        .forum
        .iter()
        .map(|(val, o)| format!("{val} ({o})"))
        .collect();
    // One Forum column per player plus two (see `Config::forum_columns`).
    writeln!(
        f,
        "  IV  Forum ({} columns, left to right): {}",
        v.seats + 2,
        list(&forum, "empty")
    )?;
    writeln!(
        f,
        "      patricians to take: {}",
        list(&v.patricians_shown, "none")
    )?;
    let latrina: Vec<String> = v
        .latrina
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(p, &n)| format!("seat {p}: {}", count(n, "die")))
        .collect();
    writeln!(f, "  V   Latrina: {}", list(&latrina, "empty"))?;
    writeln!(f, "Players:")?;
    for p in 0..v.seats as usize {
        let secret = private(p);
        let at = |x: &[u8]| x.get(p).copied().unwrap_or(0);
        write!(
            f,
            "  seat {p}: {} in hand, {}",
            count(at(&v.hands), "die"),
            count(at(&v.chips), "Repete chip"),
        )?;
        match secret.score {
            Some(score) => writeln!(f, ", score {score}")?,
            None => writeln!(f)?,
        }
        if v.seats >= 4 {
            writeln!(
                f,
                "      Fortuna tiles kept: {}; drawn this round: {}",
                tiles(v.fortuna_kept.get(p).copied().unwrap_or([0; 3])),
                secret.drawn,
            )?;
        }
        let none = Vec::new();
        writeln!(
            f,
            "      provinces: {}",
            list(v.provinces.get(p).unwrap_or(&none), "none")
        )?;
        let none = Vec::new();
        writeln!(
            f,
            "      patricians: {}",
            list(v.patricians.get(p).unwrap_or(&none), "none")
        )?;
        writeln!(f, "      senate cards: {}", secret.senate)?;
    }
    let under: Vec<String> = v
        .senate_bottom
        .iter()
        .map(|c| c.map_or("face down".to_string(), |c| card_name(c, doubles)))
        .collect();
    writeln!(
        f,
        "Senate deck: {} face down; under it, top first: {}",
        count(v.senate_deck_size, "card"),
        list(&under, "none")
    )?;
    let pairs: Vec<String> = doubles
        .iter()
        .enumerate()
        .map(|(i, (a, b))| format!("#{i} {a}/{b}"))
        .collect();
    writeln!(f, "Double provinces (XII): {}", pairs.join(", "))
}

impl State {
    /// Seat `p`'s secrets, all shown (for spectators).
    pub(crate) fn private_of(&self, p: usize) -> Private {
        let s = Seat(p as u8);
        let chosen = self.fortuna_chosen(s);
        let drawn = match chosen == [0; 3] {
            true => tiles(self.fortuna_drawn(s)),
            false => format!(
                "{}, of which chosen to keep (not yet shown): {}",
                tiles(std::array::from_fn(|v| self.fortuna_drawn(s)[v] + chosen[v])),
                tiles(chosen)
            ),
        };
        Private {
            drawn,
            senate: cards(
                &self.senate_cards_of(s),
                &self.config.double_provinces,
                "none",
            ),
            score: Some(self.breakdown(s).total),
        }
    }
}

impl View {
    /// Seat `p`'s secrets as this view's seat may know them: its own in full, of the others
    /// how many (and the senate cards it can tell).
    pub(crate) fn private_of(&self, p: usize) -> Private {
        let me = self.seat.index();
        let doubles = &self.double_provinces;
        let n = |x: &[u8]| x.get(p).copied().unwrap_or(0);
        let drawn = match n(&self.fortuna_drawn_counts) {
            _ if p == me => tiles(self.my_fortuna_drawn),
            0 => "none".to_string(),
            k => format!("{k} face down"),
        };
        let senate = if let Some(all) = &self.revealed_senate_cards {
            cards(all.get(p).map_or(&[][..], Vec::as_slice), doubles, "none")
        } else if p == me {
            cards(&self.my_senate_cards, doubles, "none")
        } else {
            let known = self
                .known_senate_cards
                .get(p)
                .map_or(&[][..], Vec::as_slice);
            let held = n(&self.senate_hand_sizes);
            if held == 0 {
                "none".to_string()
            } else if known.is_empty() {
                format!("{held} face down")
            } else {
                format!(
                    "{held} face down, among them {}",
                    cards(known, doubles, "none")
                )
            }
        };
        Private {
            drawn,
            senate,
            score: None,
        }
    }
}

impl fmt::Display for State {
    /// Everything, every secret included: for logs and spectators (show a player its
    /// [`View`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut public = View::of(self, Seat(0));
        // Seat 0's view counts the tiles it chose at a pending keep as kept; the table shows
        // every seat's chosen tiles beside its drawn ones instead.
        public.fortuna_kept = self.fortuna_kept[..self.seats_n()].to_vec();
        let doubles = &self.config.double_provinces;
        write_table(f, &public, &|p| self.private_of(p))?;
        let offer = self.senate_offer();
        if !offer.is_empty() {
            writeln!(
                f,
                "Senate cards on offer: {}",
                cards(&offer, doubles, "none")
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for View {
    /// The table as this seat sees it: its own drawn Fortuna values and senate cards; of the
    /// others only how many they hold (and the cards it knows they hold). No scores while the
    /// game runs, since senate cards and drawn Fortuna tiles count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let doubles = &self.double_provinces;
        write_table(f, self, &|p| self.private_of(p))?;
        if let Some(offer) = &self.senate_offer {
            writeln!(
                f,
                "Senate cards on offer: {}",
                cards(offer, doubles, "none")
            )?;
        } else if self.senate_offer_size > 0 {
            writeln!(
                f,
                "Senate cards on offer: {} face down",
                self.senate_offer_size
            )?;
        }
        for pass in &self.senate_passes {
            writeln!(
                f,
                "You passed {} and {} to {}: one is with them, the other {}.",
                card_name(pass.cards[0], doubles),
                card_name(pass.cards[1], doubles),
                pass.to,
                match pass.then {
                    PassedOn::Seat(s) => format!("with {s}"),
                    PassedOn::UnderDeck(_) => "under the senate deck".to_string(),
                }
            )?;
        }
        writeln!(f, "({}'s view)", self.seat)
    }
}
