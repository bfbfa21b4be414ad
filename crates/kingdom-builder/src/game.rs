//! The [`Game`] contract: whose turn it is, the legal actions, the card draws as chance
//! events, and applying an action.

use crate::action::Action;
use crate::board::{Field, Terrain};
use crate::config::Config;
use crate::state::{Phase, State, CARDS_PER_TERRAIN};
use crate::view::View;
use crate::Error;
use dicecore::{ChanceTextError, Dice, Game, Outcome, Probability, Seat, Turn};

/// `DRAW_CHANCES[n][total]`: the chance of drawing one of `n` cards from a pile of `total`
/// (`n` up to the cards of a terrain, `total` up to the whole deck), in lowest terms.
const DRAW_CHANCES: [[Probability; 5 * CARDS_PER_TERRAIN as usize + 1];
    CARDS_PER_TERRAIN as usize + 1] = {
    let mut table =
        [[Probability::ZERO; 5 * CARDS_PER_TERRAIN as usize + 1]; CARDS_PER_TERRAIN as usize + 1];
    let mut n = 0;
    while n < table.len() {
        let mut total = 0;
        while total < table[n].len() {
            table[n][total] = Probability::new(n as u64, total as u64);
            total += 1;
        }
        n += 1;
    }
    table
};

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config, the listings per seat): the trait asks for it; the bodies are this game's rules.
impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "kingdom-builder";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;
    const RULES_VERSION: u32 = 1;

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::standard(seats, seed)
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
        match self.phase {
            Phase::Over => Turn::Over,
            Phase::Play => Turn::Seat(self.active),
            _ => Turn::Chance,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Deal | Phase::Redraw | Phase::Refill => {
                for t in Terrain::ALL {
                    if self.pile[t as usize] > 0 {
                        out.push(Action::Draw(t));
                    }
                }
            }
            Phase::Play => self.push_moves(out),
        }
    }

    /// Draws uniformly among the legal actions of `seat` without listing them: the actions
    /// of a turn are a few groups of hexes, so one count per group and one draw suffice.
    fn sample_action(
        &self,
        seat: Seat,
        dice: &mut Dice,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        if self.phase != Phase::Play || seat != self.active {
            return None;
        }
        self.sample_move(dice)
    }

    /// Counts without listing: one count per group of hexes, as [`Game::sample_action`] does.
    fn legal_action_count(&self, seat: Seat, _scratch: &mut Vec<Action>) -> usize {
        if self.phase != Phase::Play || seat != self.active {
            return 0;
        }
        self.count_moves()
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if !self.is_chance() {
            return Vec::new();
        }
        let total: usize = self.pile.iter().map(|&p| usize::from(p)).sum();
        // One allocation of the right size; each probability read from a table of the draws
        // a pile can offer (built at compile time: `Probability::new` reduces by a 128-bit
        // greatest common divisor, which cost more than the rest of this function).
        let mut out = Vec::with_capacity(Terrain::ALL.len());
        for t in Terrain::ALL {
            let n = usize::from(self.pile[t as usize]);
            if n > 0 {
                let p = match DRAW_CHANCES.get(n).and_then(|row| row.get(total)) {
                    Some(&p) => p,
                    None => Probability::new(n as u64, total as u64),
                };
                out.push((Action::Draw(t), p));
            }
        }
        out
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        if !self.is_chance() {
            return None;
        }
        // `Dice::pick_weighted` over the pile's counts (the same draw from the dice), the card
        // found without a branch on where it falls: the terrains whose running count is at
        // most the draw come before it.
        let total: u32 = self.pile.iter().map(|&n| u32::from(n)).sum();
        if total == 0 {
            return None;
        }
        let r = dice.below(total);
        let mut running = 0;
        let mut before = 0;
        for &n in &self.pile {
            running += u32::from(n);
            before += usize::from(running <= r);
        }
        Terrain::ALL.get(before).map(|&t| Action::Draw(t))
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

    /// The scores if the game ended now ([`Game::scores`]), read from counts of what castles
    /// and the three cards score that the state makes at the first call and keeps up to date
    /// from then on, as settlements are placed and lifted: a few operations per seat, where
    /// scoring the board fills every settlement group of every seat.
    fn running_scores(&self) -> Vec<i32> {
        self.running_score_array()[..self.config.seats as usize].to_vec()
    }

    fn running_scores_into(&self, out: &mut Vec<i32>) {
        out.clear();
        out.extend_from_slice(&self.running_score_array()[..self.config.seats as usize]);
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    /// The card drawn, typed in: the terrain's name (`grass`, `flower field` or `flower`,
    /// `forest`, `canyon`, `desert`, also in the plural), its letter on the board (`g`, `f`,
    /// `t`, `c`, `d`), or the draw's own text (`a grass card is drawn`), in any case. A
    /// terrain with no card left in the draw pile is refused.
    ///
    /// ```
    /// use dicecore::Game;
    /// use kingdom_builder::{Action, Config, State, Terrain};
    /// let s = State::new(&Config::first_game(2)).unwrap();
    /// assert_eq!(s.chance_from_text("Flowers"), Ok(Action::Draw(Terrain::Flower)));
    /// assert_eq!(s.chance_from_text("t"), Ok(Action::Draw(Terrain::Forest)));
    /// assert!(s.chance_from_text("mountain").is_err());
    /// ```
    fn chance_from_text(&self, text: &str) -> Result<Action, ChanceTextError> {
        if !self.is_chance() {
            return Err(ChanceTextError::NoChance);
        }
        let typed = text.trim().to_ascii_lowercase();
        let word = typed
            .strip_prefix("a ")
            .and_then(|t| t.strip_suffix(" card is drawn"))
            .unwrap_or(&typed);
        let word = word.strip_suffix(" card").unwrap_or(word);
        let terrain = Terrain::ALL.into_iter().find(|t| {
            let name = t.name();
            let short = name.split(' ').next().unwrap_or(name);
            let letter = Field::Land(*t).letter().to_ascii_lowercase().to_string();
            let named =
                |n: &str| word == n || (!n.ends_with('s') && word.strip_suffix('s') == Some(n));
            word == letter || named(name) || named(short)
        });
        let left: Vec<String> = Terrain::ALL
            .into_iter()
            .filter(|t| self.pile[*t as usize] > 0)
            .map(|t| format!("{t} ({})", Field::Land(t).letter().to_ascii_lowercase()))
            .collect();
        match terrain {
            Some(t) if self.pile[t as usize] > 0 => Ok(Action::Draw(t)),
            _ => Err(ChanceTextError::Unreadable {
                text: text.trim().to_string(),
                expected: format!("a terrain card left in the draw pile: {}", left.join(", ")),
            }),
        }
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
