//! Loading a saved state: only states that could arise in play are accepted.

use crate::config::{Card, Config, SOLO_BOXES};
use crate::grid::Grid;
use crate::state::State;
use crate::turn::{EndReason, Phase};
use crate::Error;
use dicecore::{Seat, SeatSet};
use std::sync::Arc;

impl State {
    /// The loader: a state read from a file (or built from a setup) is accepted only if it
    /// could arise in play; the config (not saved) is rebuilt from the saved fields.
    pub(crate) fn checked(mut self) -> Result<State, Error> {
        let r = &self;
        let config = Config {
            seats: r.seats,
            cards: r.cards.iter().take(r.seats as usize).copied().collect(),
            first_roller: r.first_roller,
            solo_stuck: r.solo_stuck,
        };
        config.check()?;
        let n = r.seats as usize;
        let all = SeatSet::all(r.seats);
        if r.cards[n..].iter().any(|c| *c != Card::BLANK) {
            return Err(Error::Corrupted("cards beyond the players must be blank"));
        }
        if r.roller.0 >= r.seats {
            return Err(Error::Corrupted("the roller is not at the table"));
        }
        // The dice pass clockwise once per turn from the first roller.
        let expected = (u64::from(r.first_roller.0) + u64::from(r.round) + u64::from(r.seats) - 1)
            % u64::from(r.seats);
        if r.round == 0 || u64::from(r.roller.0) != expected {
            return Err(Error::Corrupted(
                "the roller does not follow from the first roller and the turn number",
            ));
        }
        if r.grids[n..].iter().any(|g| *g != Grid::EMPTY)
            || r.entries[n..].iter().any(|e| !e.is_empty())
        {
            return Err(Error::Corrupted("grids beyond the players must be empty"));
        }
        if r.crossed > SOLO_BOXES || (r.seats > 1 && r.crossed > 0) {
            return Err(Error::Corrupted(
                "the solo scale has 8 boxes, used only solo",
            ));
        }
        for i in 0..n {
            if let Some((cell, sym)) = r.cards[i].start() {
                if r.grids[i].symbol_at(cell) != Some(sym) {
                    return Err(Error::Corrupted("a pre-printed symbol is missing"));
                }
            }
            let e = &r.entries[i];
            if !e.is_well_formed() {
                return Err(Error::Corrupted("an entry writes off the card or twice"));
            }
            for s in 0..3 {
                if !e.0[s].is_subset(&r.grids[i].marks().0[s]) {
                    return Err(Error::Corrupted("an entry is not on its player's card"));
                }
            }
        }
        let entered = match r.phase {
            Phase::Roll | Phase::Arrange(_) | Phase::Over(_) => SeatSet::EMPTY,
            Phase::Enter { pending, .. } => SeatSet::from_bits(all.bits() & !pending.bits()),
        };
        for i in 0..n {
            if !entered.contains(Seat(i as u8)) && !r.entries[i].is_empty() {
                return Err(Error::Corrupted("an entry of a player who has not entered"));
            }
        }
        match r.phase {
            Phase::Roll => {}
            Phase::Arrange(roll) => {
                if !roll.is_sorted() {
                    return Err(Error::Corrupted("the roll is not sorted"));
                }
            }
            Phase::Enter { formation, pending } => {
                if !formation.is_canonical() {
                    return Err(Error::Corrupted("the formation is not canonical"));
                }
                if pending.is_empty() || pending.bits() & !all.bits() != 0 {
                    return Err(Error::Corrupted("the players still to enter are wrong"));
                }
                for i in 0..n {
                    let e = &r.entries[i];
                    if !e.is_empty() && !formation.is_placement(e) {
                        return Err(Error::Corrupted("an entry is not the formation"));
                    }
                    // A player who entered nothing passed: only when nothing fitted.
                    if e.is_empty()
                        && entered.contains(Seat(i as u8))
                        && formation.has_entry(r.grids[i].filled_bits(), 4)
                    {
                        return Err(Error::Corrupted(
                            "a player passed although the formation fits",
                        ));
                    }
                }
            }
            Phase::Over(reason) => match reason {
                EndReason::CardClosed(set) => {
                    if set.is_empty() || set.bits() & !all.bits() != 0 {
                        return Err(Error::Corrupted("the closed cards are not players'"));
                    }
                    let closed: SeatSet = (0..r.seats)
                        .map(Seat)
                        .filter(|s| !r.grids[s.index()].can_fill())
                        .collect();
                    if set != closed {
                        return Err(Error::Corrupted(
                            "the closed cards are not the cards that can no longer be filled",
                        ));
                    }
                }
                EndReason::PlayerEnded | EndReason::CannotEnter => {
                    if r.seats != 1 {
                        return Err(Error::Corrupted("only a solo game ends early"));
                    }
                }
            },
        }
        if !matches!(r.phase, Phase::Over(_)) {
            for i in 0..n {
                let mut before = r.grids[i];
                before.remove(&r.entries[i]);
                if !before.can_fill() {
                    return Err(Error::Corrupted("a closed card but the game goes on"));
                }
            }
        }
        self.config = Arc::new(config);
        Ok(self)
    }
}
