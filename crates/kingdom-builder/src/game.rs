//! The [`Game`] contract: whose turn it is, the legal actions, the card draws as chance
//! events, and applying an action.

use crate::action::Action;
use crate::board::{neighbours, Cell, Terrain, Tile};
use crate::config::Config;
use crate::state::{State, Step};
use crate::view::View;
use crate::Error;
use dicecore::{Dice, Game, Outcome, Probability, Seat, Turn};

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "kingdom-builder";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::random(seats, seed)
    }

    fn new(config: &Config) -> Result<Self, Error> {
        State::opening(config)
    }

    fn config(&self) -> &Config {
        State::config(self)
    }

    fn seats(&self) -> u8 {
        self.config.seats
    }

    fn turn(&self) -> Turn {
        match self.step {
            Step::Over => Turn::Over,
            Step::Play => Turn::Seat(self.active),
            _ => Turn::Chance,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.step {
            Step::Over => {}
            Step::Deal | Step::Redraw | Step::Refill => {
                for t in Terrain::ALL {
                    if self.pile[t as usize] > 0 {
                        out.push(Action::Draw(t));
                    }
                }
            }
            Step::Play => {
                let seat = self.active;
                let cell = |i: usize| Cell(i as u16);
                if let Some((tile, from)) = self.lifted {
                    let t = self.move_targets(tile, from.index());
                    out.extend(t.iter().map(|i| Action::MoveTo {
                        seat,
                        cell: cell(i),
                    }));
                    return;
                }
                let near = neighbours(&self.own());
                if self.mandatory_pending() {
                    let t = self.build_rule(None).targets(&near);
                    out.extend(t.iter().map(|i| Action::Build {
                        seat,
                        cell: cell(i),
                    }));
                    if self.mandatory_in_progress() {
                        return;
                    }
                }
                for tile in Tile::ALL {
                    if self.uses_left[tile as usize] == 0 {
                        continue;
                    }
                    if tile.moves() {
                        let s = self.move_sources(tile, &near);
                        out.extend(s.iter().map(|i| Action::Lift {
                            seat,
                            tile,
                            from: cell(i),
                        }));
                    } else if self.supply[seat.index()] > 0 {
                        let t = self.build_rule(Some(tile)).targets(&near);
                        out.extend(t.iter().map(|i| Action::TileBuild {
                            seat,
                            tile,
                            cell: cell(i),
                        }));
                    }
                }
                if !self.mandatory_pending() {
                    out.push(Action::EndTurn(seat));
                }
            }
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if !self.is_chance() {
            return Vec::new();
        }
        let total: u64 = self.pile.iter().map(|&p| p as u64).sum();
        Terrain::ALL
            .iter()
            .filter(|t| self.pile[**t as usize] > 0)
            .map(|&t| {
                (
                    Action::Draw(t),
                    Probability::new(self.pile[t as usize] as u64, total),
                )
            })
            .collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        if !self.is_chance() {
            return None;
        }
        let w = self.pile.map(u32::from);
        dice.pick_weighted(&w)
            .map(|i| Action::Draw(Terrain::ALL[i]))
    }

    fn apply(&self, action: &Action) -> Result<Self, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        match *action {
            Action::Draw(t) => self.apply_draw(t),
            Action::Build { seat, cell } => self.apply_build(seat, cell),
            Action::TileBuild { seat, tile, cell } => self.apply_tile_build(seat, tile, cell),
            Action::Lift { seat, tile, from } => self.apply_lift(seat, tile, from),
            Action::MoveTo { seat, cell } => self.apply_move_to(seat, cell),
            Action::EndTurn(seat) => self.apply_end_turn(seat),
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.score_array()[..self.config.seats as usize].to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.step == Step::Over).then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        action.seat()
    }

    /// Resamples the other players' hidden cards from the cards `seat` has not seen: hands
    /// drawn from the current pile are dealt again from that pile and those hands together
    /// (the pile keeps the rest); hands drawn from an earlier pile, whose cards are known
    /// together, swap cards among themselves.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        self.determinized(seat, dice)
    }
}
