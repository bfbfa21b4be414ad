//! The [`Game`] contract for Mosaix: who is to act, the legal actions, the roll's chances,
//! applying an action, the scores and what each player sees.

use crate::config::Config;
use crate::formation::Roll;
use crate::grid::Marks;
use crate::kept;
use crate::state::State;
use crate::turn::{EndReason, Phase};
use crate::view::View;
use crate::Action;
use crate::Error;
use dicecore::faces::SYMBOL_DIE;
use dicecore::{ChanceTextError, Dice, Game, Outcome, Probability, Seat, SeatSet, Turn};

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config, the listings per seat): the trait asks for it; the bodies are this game's rules.
impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "mosaix";
    const SEATS: std::ops::RangeInclusive<u8> = 1..=4;
    const RULES_VERSION: u32 = 1;

    /// [`Config::standard`].
    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::standard(seats, seed)
    }

    fn new(config: &Config) -> Result<Self, Error> {
        State::opening(config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Roll => Turn::Chance,
            Phase::Arrange(_) => Turn::Seat(self.roller),
            Phase::Enter { pending, .. } => Turn::Seats(pending),
            Phase::Over(_) => Turn::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Roll => out.extend(Roll::outcomes().iter().map(|(r, _)| Action::Roll(*r))),
            Phase::Over(_) => {}
            Phase::Arrange(_) => self.seat_actions(self.roller, out),
            Phase::Enter { pending, .. } => {
                for seat in pending {
                    self.seat_actions(seat, out);
                }
            }
        }
    }

    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.seat_actions(seat, out);
    }

    /// Counts without listing: the entries pattern by pattern, with a few mask operations.
    fn legal_action_count(&self, seat: Seat, _scratch: &mut Vec<Action>) -> usize {
        let end = usize::from(self.is_solo());
        match self.phase {
            Phase::Roll | Phase::Over(_) => 0,
            Phase::Arrange(roll) if seat == self.roller => {
                Action::arrangements(roll, seat).len() + end
            }
            Phase::Arrange(_) => 0,
            Phase::Enter { formation, pending } if pending.contains(seat) => {
                let filled = self.grids[seat.index()].filled_bits();
                let entries = formation.entry_index(filled, self.max_drop()).len();
                entries + usize::from(entries == 0 && self.may_pass()) + end
            }
            Phase::Enter { .. } => 0,
        }
    }

    /// Draws without listing: the entries are counted pattern by pattern with a few mask
    /// operations and the drawn one is found by its index (exactly uniform over
    /// `legal_actions_for(seat)`, allocation-free; `scratch` is not needed).
    fn sample_action(
        &self,
        seat: Seat,
        dice: &mut Dice,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        let end = usize::from(self.is_solo());
        match self.phase {
            Phase::Roll | Phase::Over(_) => None,
            Phase::Arrange(roll) => {
                if seat != self.roller {
                    return None;
                }
                let list = Action::arrangements(roll, seat);
                let total = list.len() + end;
                if total == 0 {
                    return None;
                }
                Some(
                    list.get(dice.index(total))
                        .copied()
                        .unwrap_or(Action::End { seat }),
                )
            }
            Phase::Enter { formation, pending } => {
                if !pending.contains(seat) {
                    return None;
                }
                let filled = self.grids[seat.index()].filled_bits();
                let max_drop = self.max_drop();
                let index = formation.entry_index(filled, max_drop);
                let entries = index.len();
                let pass = usize::from(entries == 0 && self.may_pass());
                let total = entries + pass + end;
                if total == 0 {
                    return None;
                }
                let i = dice.index(total);
                if i < entries {
                    let marks = index.get(i)?;
                    Some(Action::Enter { seat, marks })
                } else if i < entries + pass {
                    Some(Action::Pass { seat })
                } else {
                    Some(Action::End { seat })
                }
            }
        }
    }

    /// The four symbols the dice show, in any order: by name (`circle triangle cross cross`),
    /// by the characters of the cards (`o ^ x x`, `o^xx`), or as the roll's own text
    /// ([`Roll::parse`]).
    fn chance_from_text(&self, text: &str) -> Result<Action, ChanceTextError> {
        if self.phase != Phase::Roll {
            return Err(ChanceTextError::NoChance);
        }
        Roll::parse(text)
            .map(Action::Roll)
            .ok_or_else(|| ChanceTextError::Unreadable {
                text: text.trim().to_string(),
                expected: "four symbols in any order: circle (o), triangle (^) or cross (x), \
                           e.g. \"o o ^ x\" or \"circle circle triangle cross\""
                    .to_string(),
            })
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if self.phase != Phase::Roll {
            return Vec::new();
        }
        Roll::outcomes()
            .iter()
            .map(|(r, p)| (Action::Roll(*r), *p))
            .collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        if self.phase != Phase::Roll {
            return None;
        }
        let symbols = [(); 4].map(|_| dice.roll(&SYMBOL_DIE));
        Some(Action::Roll(Roll::new(symbols)))
    }

    fn apply(&self, action: &Action) -> Result<Self, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        self.check_decision(action)?;
        match *action {
            Action::Roll(roll) => self.phase = Phase::Arrange(roll),
            Action::Arrange { formation, .. } => {
                self.phase = Phase::Enter {
                    formation,
                    pending: SeatSet::all(self.seats),
                }
            }
            Action::End { .. } => {
                let stuck = match self.phase {
                    Phase::Enter { formation, .. } => {
                        !self.may_pass()
                            && !formation.has_entry(self.grids[0].filled_bits(), self.max_drop())
                    }
                    _ => false,
                };
                self.entries = [Marks::EMPTY; 4];
                self.phase = Phase::Over(if stuck {
                    EndReason::CannotEnter
                } else {
                    EndReason::PlayerEnded
                });
            }
            Action::Enter { seat, marks } => {
                self.grids[seat.index()].add(&marks);
                if let Some(points) = self.kept.get_mut() {
                    kept::entered(points, seat.index(), &self.grids[seat.index()], &marks);
                }
                self.entries[seat.index()] = marks;
                if self.is_solo() {
                    self.crossed += 4u8.saturating_sub(marks.len() as u8);
                }
                self.mark_entered(seat);
            }
            Action::Pass { seat } => self.mark_entered(seat),
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.seats).map(|s| self.score_of(Seat(s))).collect()
    }

    /// The scores if the game ended now ([`Game::scores`]), read from the points of each card
    /// that the state scores at the first call and keeps up to date from then on, as seats
    /// enter: a sum per seat, where scoring finds every area of every card.
    fn running_scores(&self) -> Vec<i32> {
        let mut scores = Vec::with_capacity(usize::from(self.seats));
        self.running_scores_into(&mut scores);
        scores
    }

    fn running_scores_into(&self, out: &mut Vec<i32>) {
        let points = self.kept.get_or_init(|| kept::points(&self.grids));
        let bonus = self.free_boxes().map_or(0, i32::from);
        out.clear();
        out.extend(
            (points.iter().take(usize::from(self.seats)))
                .map(|p| p.iter().sum::<u32>() as i32 + bonus),
        );
    }

    fn outcome(&self) -> Option<Outcome> {
        matches!(self.phase, Phase::Over(_)).then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, seat: Seat) -> View {
        let hide = matches!(self.phase, Phase::Enter { .. });
        let grids = (0..self.seats)
            .map(|s| {
                let mut g = self.grids[s as usize];
                if hide && s != seat.0 {
                    g.remove(&self.entries[s as usize]);
                }
                g
            })
            .collect();
        View {
            seat,
            seats: self.seats,
            roller: self.roller,
            round: self.round,
            phase: self.phase,
            grids,
            free_boxes: self.free_boxes(),
        }
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        action.seat()
    }

    /// Replaces what the other players entered this turn (which `seat` cannot see yet) by
    /// random entries of the same formation on their cards as they were.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let mut out = self.clone();
        // Other entries may be drawn: the points are scored again when next read.
        out.kept.clear();
        let Phase::Enter { formation, pending } = self.phase else {
            return out;
        };
        let mut options = Vec::new();
        for s in (0..self.seats).map(Seat) {
            if s == seat || pending.contains(s) || self.entries[s.index()].is_empty() {
                continue;
            }
            let mut before = self.grids[s.index()];
            before.remove(&self.entries[s.index()]);
            options.clear();
            formation.for_each_entry(before.filled_bits(), 4, |m| options.push(m));
            if options.is_empty() {
                continue;
            }
            let pick = options[dice.index(options.len())];
            before.add(&pick);
            out.grids[s.index()] = before;
            out.entries[s.index()] = pick;
        }
        out
    }
}
