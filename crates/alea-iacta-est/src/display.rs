//! Terminal renderings: of the full state (for logs and spectators) and of one seat's
//! [`View`] (for a player). Both share [`write_table`]; only the per-seat secrets differ.

use crate::state::State;
use crate::view::View;
use dicecore::{Seat, Turn};
use std::fmt;

fn list<T: fmt::Display>(items: &[T]) -> String {
    if items.is_empty() {
        return "-".to_string();
    }
    items
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What one seat's lines show that depends on who is looking.
struct Private {
    /// The drawn Fortuna tiles, as shown after "drawn ".
    drawn: String,
    /// The senate cards.
    senate: String,
    /// The score, when the viewer may know it.
    score: Option<i32>,
}

/// The public table (everything every seat sees, taken from a view), with the per-seat
/// secrets from `private`.
fn write_table(
    f: &mut fmt::Formatter<'_>,
    v: &View,
    private: &dyn Fn(usize) -> Private,
) -> fmt::Result {
    let turn = match v.turn {
        Turn::Seat(s) => format!("{s} to decide ({:?})", v.phase),
        Turn::Seats(set) => format!("seats {set} to decide ({:?})", v.phase),
        Turn::Chance => format!("chance ({:?})", v.phase),
        Turn::Over => "game over".to_string(),
    };
    writeln!(
        f,
        "Alea Iacta Est, {} players, round {}/{}, start player seat {}: {turn}",
        v.seats, v.round, v.rounds, v.start.0,
    )?;
    if !v.roll.is_empty() || v.rolling > 0 {
        writeln!(
            f,
            "  {} rolled {} ({} dice rolling)",
            v.current, v.roll, v.rolling
        )?;
    }
    // The Templum is in play from 4 players on (see `Config::templum`).
    if v.seats >= 4 {
        write!(f, "  Templum:")?;
        for (p, &(d, s)) in v.temple.iter().enumerate() {
            if d > 0 {
                write!(f, "  seat {p}: {d} dice, {s} pips")?;
            }
        }
        writeln!(
            f,
            "  | Fortuna stack {}, discards {:?}",
            v.fortuna_stack_size, v.fortuna_discard
        )?;
    }
    write!(f, "  Senatus:")?;
    for (p, st) in v.straights.iter().enumerate() {
        if let Some(st) = st {
            if st.len == 1 {
                write!(f, "  seat {p}: {}", st.low)?;
            } else {
                write!(f, "  seat {p}: {}-{}", st.low, st.high())?;
            }
        }
    }
    writeln!(f)?;
    write!(f, "  Castrum:")?;
    for (o, val, n) in &v.castrum {
        write!(f, "  seat {}: {n}×{val}", o.0)?;
    }
    writeln!(f, "  | provinces shown: {}", list(&v.provinces_shown))?;
    // One Forum column per player plus two (see `Config::forum_columns`).
    write!(f, "  Forum ({} columns):", v.seats + 2)?;
    for (val, o) in &v.forum {
        write!(f, " {val}(seat {})", o.0)?;
    }
    writeln!(f, "  | patricians shown: {}", list(&v.patricians_shown))?;
    write!(f, "  Latrina:")?;
    for n in &v.latrina {
        write!(f, " {n}")?;
    }
    writeln!(f)?;
    for p in 0..v.seats as usize {
        let secret = private(p);
        let at = |x: &[u8]| x.get(p).copied().unwrap_or(0);
        write!(
            f,
            "  seat {p}: {} dice, {} chips, Fortuna kept {:?} (drawn {})",
            at(&v.hands),
            at(&v.chips),
            v.fortuna_kept.get(p).copied().unwrap_or([0; 3]),
            secret.drawn,
        )?;
        match secret.score {
            Some(score) => writeln!(f, ", score {score}")?,
            None => writeln!(f)?,
        }
        let none = Vec::new();
        writeln!(
            f,
            "    provinces: {}",
            list(v.provinces.get(p).unwrap_or(&none))
        )?;
        let none = Vec::new();
        writeln!(
            f,
            "    patricians: {}",
            list(v.patricians.get(p).unwrap_or(&none))
        )?;
        writeln!(f, "    senate cards: {}", secret.senate)?;
    }
    Ok(())
}

impl fmt::Display for State {
    /// Everything, every secret included: for logs and spectators (show a player its
    /// [`View`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let public = View::of(self, Seat(0));
        write_table(f, &public, &|p| {
            let s = Seat(p as u8);
            Private {
                drawn: format!("{:?}", self.fortuna_drawn(s)),
                senate: list(&self.senate_cards_of(s)),
                score: Some(self.breakdown(s).total),
            }
        })
    }
}

impl fmt::Display for View {
    /// The table as this seat sees it: its own drawn Fortuna values and senate cards; of the
    /// others only how many they hold (and the cards it knows they hold). No scores while the
    /// game runs, since senate cards and drawn Fortuna tiles count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.seat.index();
        write_table(f, self, &|p| {
            let count = |x: &[u8]| x.get(p).copied().unwrap_or(0);
            let drawn = if p == me {
                format!("{:?}", self.my_fortuna_drawn)
            } else {
                format!("{} face down", count(&self.fortuna_drawn_counts))
            };
            let senate = if let Some(all) = &self.revealed_senate_cards {
                list(all.get(p).map_or(&[][..], Vec::as_slice))
            } else if p == me {
                list(&self.my_senate_cards)
            } else {
                let known = self
                    .known_senate_cards
                    .get(p)
                    .map_or(&[][..], Vec::as_slice);
                let n = count(&self.senate_hand_sizes);
                if known.is_empty() {
                    format!("{n} face down")
                } else {
                    format!("{n} face down, among them {}", list(known))
                }
            };
            Private {
                drawn,
                senate,
                score: None,
            }
        })?;
        if let Some(offer) = &self.senate_offer {
            writeln!(f, "  senate cards on offer: {}", list(offer))?;
        } else if self.senate_offer_size > 0 {
            writeln!(
                f,
                "  {} senate cards on offer (face down)",
                self.senate_offer_size
            )?;
        }
        for pass in &self.senate_passes {
            writeln!(
                f,
                "  you passed {} and {} to {}: one is with them, the other {}",
                pass.cards[0],
                pass.cards[1],
                pass.to,
                match pass.then {
                    crate::PassedOn::Seat(s) => format!("with {s}"),
                    crate::PassedOn::UnderDeck(_) => "under the senate deck".to_string(),
                }
            )?;
        }
        writeln!(f, "  {}'s view", self.seat)
    }
}
