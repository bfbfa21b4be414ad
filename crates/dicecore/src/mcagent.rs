//! A generic flat Monte-Carlo player, stronger than [`crate::RandomAgent`] in every game.
//!
//! For each legal action of its seat, [`MonteCarloAgent`] plays the same number of random
//! play-outs to the end and picks the action with the best average result. It never looks at
//! what its seat may not know: every play-out starts from
//! [`Game::determinize`]`(seat, dice)`, a copy of the state in which the seat's hidden
//! information is resampled consistently with its view.

use crate::{Agent, Dice, Game, Outcome, Seat, Turn};

/// Win shares are counted in units of `1 / WIN_UNIT`: divisible by every table size up to 16,
/// so a shared win (`1 / |winners|`) is exact in integers.
const WIN_UNIT: i64 = 720_720;

/// Flat Monte-Carlo over the seat's legal actions with uniformly random play-outs.
///
/// - **Budget.** `playouts` play-outs per decision (at least one), split evenly over the legal
///   actions, the remainder going to a random choice of them; with more legal actions than
///   play-outs, a random subset of `playouts` actions gets one play-out each. A decision with a
///   single legal action is returned at once.
/// - **Play-outs.** Each starts from `state.determinize(seat, dice)`, applies the candidate
///   action, then resolves chance with [`Game::sample_chance`] and every other decision
///   uniformly at random with [`Game::sample_action`] (the games' fast path), asking one seat
///   at a time at [`Turn::Seats`] in the order of [`Turn::next_seat`], as [`crate::Match`]
///   does, for at most `max_playout_len` actions.
/// - **Value.** The seat's win share (`1 / |winners|` if it is among the winners, else 0),
///   with its score minus the best other score as the tie-breaker. A play-out cut off by the
///   length limit is valued as if the game ended there, winners being the highest scores.
///   Actions are compared by their mean value; ties go to the first in `legal_actions_for`
///   order.
/// - **Determinism.** All randomness comes from the agent's seeded [`Dice`], so a seed and the
///   same sequence of questions give the same answers.
///
/// ```
/// use dicecore::{mcagent::MonteCarloAgent, pig::Pig, Agent, Game, Match, RandomAgent};
///
/// let config = Pig::standard_config(2, 3).unwrap();
/// let mut game: Match<Pig> = Match::new(config, 3).unwrap();
/// let mut agents: Vec<Box<dyn Agent<Pig>>> = vec![
///     Box::new(MonteCarloAgent::new(1).with_playouts(32)),
///     Box::new(RandomAgent::new(2)),
/// ];
/// game.play_out(&mut agents, 100_000).unwrap();
/// println!("{}", game.state().outcome().unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct MonteCarloAgent<A> {
    dice: Dice,
    playouts: u32,
    max_playout_len: usize,
    candidates: Vec<A>,
    buf: Vec<A>,
}

impl<A> MonteCarloAgent<A> {
    /// Default play-outs per decision.
    pub const DEFAULT_PLAYOUTS: u32 = 200;
    /// Default maximum length of one play-out, in actions.
    pub const DEFAULT_MAX_PLAYOUT_LEN: usize = 10_000;

    /// An agent seeded with `seed`, with the default budget.
    pub fn new(seed: u64) -> Self {
        MonteCarloAgent {
            dice: Dice::from_seed(seed),
            playouts: Self::DEFAULT_PLAYOUTS,
            max_playout_len: Self::DEFAULT_MAX_PLAYOUT_LEN,
            candidates: Vec::new(),
            buf: Vec::new(),
        }
    }

    /// Sets the play-outs per decision (0 counts as 1).
    pub fn with_playouts(mut self, playouts: u32) -> Self {
        self.playouts = playouts;
        self
    }

    /// Sets the maximum number of actions of one play-out.
    pub fn with_max_playout_len(mut self, max_playout_len: usize) -> Self {
        self.max_playout_len = max_playout_len;
        self
    }

    /// Play-outs per decision.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// Maximum number of actions of one play-out.
    pub fn max_playout_len(&self) -> usize {
        self.max_playout_len
    }
}

/// The value of a finished (or cut-off) play-out for `seat`: (win share in `1/WIN_UNIT`,
/// own score minus the best other score).
fn value(outcome: &Outcome, seat: Seat) -> (i64, i64) {
    let winners = outcome.winners.len() as i64;
    let share = if outcome.winners.contains(seat) && winners > 0 {
        WIN_UNIT / winners
    } else {
        0
    };
    let mine = outcome.scores.get(seat.index()).copied().unwrap_or(0) as i64;
    let best_other = outcome
        .scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != seat.index())
        .map(|(_, &s)| s as i64)
        .max()
        .unwrap_or(mine);
    (share, mine - best_other)
}

impl<A> MonteCarloAgent<A> {
    /// One play-out of `action` from a determinised copy of `state`; `None` if the action is
    /// refused in that copy.
    fn playout<G: Game<Action = A>>(
        &mut self,
        state: &G,
        seat: Seat,
        action: &A,
    ) -> Option<(i64, i64)> {
        let mut s = state.determinize(seat, &mut self.dice);
        s.apply_in_place(action).ok()?;
        for _ in 0..self.max_playout_len {
            let next = match s.turn() {
                Turn::Over => break,
                Turn::Chance => match s.sample_chance(&mut self.dice) {
                    Some(a) => a,
                    None => break,
                },
                turn @ (Turn::Seat(_) | Turn::Seats(_)) => {
                    let Some(next_seat) = turn.next_seat() else {
                        break;
                    };
                    match s.sample_action(next_seat, &mut self.dice, &mut self.buf) {
                        Some(a) => a,
                        None => break,
                    }
                }
            };
            if s.apply_in_place(&next).is_err() {
                break;
            }
        }
        let outcome = s
            .outcome()
            .unwrap_or_else(|| Outcome::by_highest_score(s.scores()));
        Some(value(&outcome, seat))
    }
}

/// Whether the mean `a / a_count` beats `b / b_count`, win share first, then score difference
/// (exact integer comparison).
fn better_mean(a: (i64, i64), a_count: u32, b: (i64, i64), b_count: u32) -> bool {
    let cross = |x: i64, y: i64| (x as i128 * b_count as i128).cmp(&(y as i128 * a_count as i128));
    cross(a.0, b.0).then_with(|| cross(a.1, b.1)).is_gt()
}

impl<A> MonteCarloAgent<A> {
    /// Play-outs per candidate: the budget split evenly over `n` candidates, the remainder
    /// going to a random choice of them (so with fewer play-outs than candidates only a random
    /// subset is tried). At least one play-out in all.
    fn split_budget(&mut self, n: usize) -> Vec<u32> {
        let budget = self.playouts.max(1) as usize;
        let mut counts = vec![(budget / n) as u32; n];
        let extra = budget % n;
        if extra > 0 {
            let mut order: Vec<usize> = (0..n).collect();
            self.dice.shuffle(&mut order);
            for &i in &order[..extra] {
                counts[i] += 1;
            }
        }
        counts
    }
}

impl<G: Game> Agent<G> for MonteCarloAgent<G::Action> {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        let mut candidates = std::mem::take(&mut self.candidates);
        state.legal_actions_for(seat, &mut candidates);
        let chosen = match candidates.len() {
            0 => None,
            1 => candidates.pop(),
            n => {
                let counts = self.split_budget(n);
                // (index, play-outs, (total win share, total score difference))
                let mut best: Option<(usize, u32, (i64, i64))> = None;
                for (i, action) in candidates.iter().enumerate() {
                    let count = counts[i];
                    if count == 0 {
                        continue;
                    }
                    let mut total = (0i64, 0i64);
                    for _ in 0..count {
                        // A refused candidate (impossible when determinize keeps the seat's
                        // legal actions, as the Game contract requires) counts as a loss.
                        let (w, d) = self
                            .playout(state, seat, action)
                            .unwrap_or((0, i64::from(i32::MIN)));
                        total.0 = total.0.saturating_add(w);
                        total.1 = total.1.saturating_add(d);
                    }
                    if best.is_none_or(|(_, c, b)| better_mean(total, count, b, c)) {
                        best = Some((i, count, total));
                    }
                }
                best.map(|(i, _, _)| candidates.swap_remove(i))
            }
        };
        self.candidates = candidates;
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::{Pig, PigAction};
    use crate::SeatSet;

    #[test]
    fn value_shares_wins_and_breaks_ties_by_score() {
        let o = Outcome {
            scores: vec![10, 10, 4],
            winners: SeatSet::from_bits(0b011),
        };
        assert_eq!(value(&o, Seat(0)), (WIN_UNIT / 2, 0));
        assert_eq!(value(&o, Seat(2)), (0, -6));
    }

    #[test]
    fn the_budget_is_kept_exactly() {
        let mut a: MonteCarloAgent<PigAction> = MonteCarloAgent::new(1).with_playouts(10);
        assert_eq!(a.split_budget(5), vec![2; 5]);
        let c = a.split_budget(4);
        assert_eq!(c.iter().sum::<u32>(), 10);
        assert!(c.iter().all(|&x| x == 2 || x == 3));
        let c = a.split_budget(25);
        assert_eq!(c.iter().sum::<u32>(), 10);
        assert_eq!(c.iter().filter(|&&x| x == 1).count(), 10);
        let mut zero: MonteCarloAgent<PigAction> = MonteCarloAgent::new(1).with_playouts(0);
        assert_eq!(zero.split_budget(3).iter().sum::<u32>(), 1);
        // Means, not totals: 3 wins of 4 beats 2 wins of 2? No: 0.75 < 1.
        assert!(better_mean((2, 0), 2, (3, 0), 4));
        assert!(!better_mean((3, 0), 4, (2, 0), 2));
        assert!(better_mean((1, 5), 1, (2, 8), 2));
        assert!(!better_mean((1, 4), 1, (2, 8), 2));
    }

    #[test]
    fn deterministic_for_a_seed_and_takes_a_sure_win() {
        let config = Pig::standard_config(2, 0).unwrap();
        let mut s = Pig::new(&config).unwrap();
        let Turn::Seat(me) = s.turn() else { panic!() };
        // Roll a 6 repeatedly: with enough at risk to win, holding is the only sane choice.
        while s.turn_total() < 100 {
            s.apply_in_place(&PigAction::Roll(me)).unwrap();
            s.apply_in_place(&PigAction::Die(6)).unwrap();
        }
        let mut a: MonteCarloAgent<PigAction> = MonteCarloAgent::new(7).with_playouts(16);
        assert_eq!(a.choose(&s, me), Some(PigAction::Hold(me)));
        let mut b: MonteCarloAgent<PigAction> = MonteCarloAgent::new(7).with_playouts(16);
        let fresh = Pig::new(&config).unwrap();
        let x: Vec<_> = (0..5).map(|_| a.choose(&fresh, me)).collect();
        b.choose(&s, me);
        let y: Vec<_> = (0..5).map(|_| b.choose(&fresh, me)).collect();
        assert_eq!(x, y);
        assert_eq!(a.choose(&fresh, me.next(2)), None);
    }

    /// Pig with a marker set by `determinize`: any action applied to an unmarked copy inside
    /// the agent would be a play-out from the real state, i.e. a peek.
    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Spy {
        pig: Pig,
        determinized: bool,
        peeked: bool,
    }

    impl Game for Spy {
        type Config = <Pig as Game>::Config;
        type Action = PigAction;
        type View = <Pig as Game>::View;
        type Error = <Pig as Game>::Error;
        const NAME: &'static str = "spy";
        const SEATS: std::ops::RangeInclusive<u8> = Pig::SEATS;
        const RULES_VERSION: u32 = 1;
        fn standard_config(seats: u8, seed: u64) -> Result<Self::Config, Self::Error> {
            Pig::standard_config(seats, seed)
        }
        fn new(config: &Self::Config) -> Result<Self, Self::Error> {
            Ok(Spy {
                pig: Pig::new(config)?,
                determinized: false,
                peeked: false,
            })
        }
        fn config(&self) -> &Self::Config {
            self.pig.config()
        }
        fn seats(&self) -> u8 {
            self.pig.seats()
        }
        fn turn(&self) -> Turn {
            self.pig.turn()
        }
        fn legal_actions(&self, out: &mut Vec<PigAction>) {
            self.pig.legal_actions(out)
        }
        fn chance_outcomes(&self) -> Vec<(PigAction, crate::Probability)> {
            self.pig.chance_outcomes()
        }
        fn sample_chance(&self, dice: &mut Dice) -> Option<PigAction> {
            self.pig.sample_chance(dice)
        }
        fn apply(&self, action: &PigAction) -> Result<Self, Self::Error> {
            let mut next = self.clone();
            next.apply_in_place(action)?;
            Ok(next)
        }
        fn apply_in_place(&mut self, action: &PigAction) -> Result<(), Self::Error> {
            self.pig.apply_in_place(action)?;
            self.peeked |= !self.determinized;
            Ok(())
        }
        fn scores(&self) -> Vec<i32> {
            assert!(!self.peeked, "a play-out ran on the real state");
            self.pig.scores()
        }
        fn outcome(&self) -> Option<Outcome> {
            assert!(!self.peeked, "a play-out ran on the real state");
            self.pig.outcome()
        }
        fn view(&self, seat: Seat) -> Self::View {
            self.pig.view(seat)
        }
        fn action_seat(&self, action: &PigAction) -> Option<Seat> {
            self.pig.action_seat(action)
        }
        fn determinize(&self, _seat: Seat, _dice: &mut Dice) -> Self {
            Spy {
                determinized: true,
                ..self.clone()
            }
        }
    }

    impl std::fmt::Display for Spy {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.pig.fmt(f)
        }
    }

    #[test]
    fn every_playout_starts_from_a_determinised_copy() {
        let mut s = Spy::new(&Spy::standard_config(3, 1).unwrap()).unwrap();
        let mut agent: MonteCarloAgent<PigAction> = MonteCarloAgent::new(3)
            .with_playouts(30)
            .with_max_playout_len(50);
        for _ in 0..40 {
            let a = match s.turn() {
                Turn::Seat(seat) => agent.choose(&s, seat).unwrap(),
                Turn::Chance => s.sample_chance(&mut Dice::from_seed(1)).unwrap(),
                _ => break,
            };
            s.apply_in_place(&a).unwrap();
            s.peeked = false;
        }
    }
}
