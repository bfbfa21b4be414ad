//! A terminal rendering of the state (the full state: use it for logs and spectators).

use crate::state::State;
use dicecore::{Game, Seat, Turn};
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

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.config;
        let turn = match self.turn() {
            Turn::Seat(s) => format!("{s} to decide ({:?})", self.phase),
            Turn::Seats(set) => format!("seats {set} to decide ({:?})", self.phase),
            Turn::Chance => format!("chance ({:?})", self.phase),
            Turn::Over => "game over".to_string(),
        };
        writeln!(
            f,
            "Alea Iacta Est, {} players, round {}/{}, start player seat {}: {turn}",
            c.seats,
            self.round(),
            c.rounds(),
            self.start,
        )?;
        if !self.roll.is_empty() || self.pending > 0 {
            writeln!(
                f,
                "  seat {} rolled {} ({} dice rolling)",
                self.current, self.roll, self.pending
            )?;
        }
        if c.templum() {
            write!(f, "  Templum:")?;
            for p in 0..c.seats {
                let (d, s) = self.temple(Seat(p));
                if d > 0 {
                    write!(f, "  seat {p}: {d} dice, {s} pips")?;
                }
            }
            writeln!(
                f,
                "  | Fortuna stack {}, discards {:?}",
                self.fortuna_stack.iter().sum::<u8>(),
                self.fortuna_discard
            )?;
        }
        write!(f, "  Senatus:")?;
        for p in 0..c.seats {
            if let Some(st) = self.straight(Seat(p)) {
                if st.len == 1 {
                    write!(f, "  seat {p}: {}", st.low)?;
                } else {
                    write!(f, "  seat {p}: {}-{}", st.low, st.high())?;
                }
            }
        }
        writeln!(f)?;
        write!(f, "  Castrum:")?;
        for (o, v, n) in self.castrum_sets() {
            write!(f, "  seat {}: {n}×{v}", o.0)?;
        }
        writeln!(f, "  | provinces shown: {}", list(&self.provinces_shown()))?;
        write!(f, "  Forum ({} columns):", c.forum_columns())?;
        for (v, o) in self.forum() {
            write!(f, " {v}(seat {})", o.0)?;
        }
        writeln!(
            f,
            "  | patricians shown: {}",
            list(&self.patricians_shown())
        )?;
        write!(f, "  Latrina:")?;
        for p in 0..c.seats {
            write!(f, " {}", self.latrina(Seat(p)))?;
        }
        writeln!(f)?;
        for p in 0..c.seats {
            let s = Seat(p);
            let b = self.breakdown(s);
            writeln!(
                f,
                "  seat {p}: {} dice, {} chips, Fortuna kept {:?} (drawn {:?}), score {}",
                self.dice_in_hand(s),
                self.chips(s),
                self.fortuna_kept(s),
                self.fortuna_drawn(s),
                b.total
            )?;
            writeln!(f, "    provinces: {}", list(&self.provinces_of(s)))?;
            writeln!(f, "    patricians: {}", list(&self.patricians_of(s)))?;
            writeln!(f, "    senate cards: {}", list(&self.senate_cards_of(s)))?;
        }
        Ok(())
    }
}
