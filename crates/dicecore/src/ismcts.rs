//! Information-set Monte-Carlo tree search (single-observer IS-MCTS, Cowling, Powley and
//! Whitehouse 2012), generic over [`Game`]: the strongest agent of dicecore.
//!
//! Every iteration of [`IsmctsAgent`] draws a determinisation of the state from the searching
//! seat's view ([`Game::determinize`]), walks down one tree shared by all determinisations,
//! adds one node, plays the rest of the game out at random and credits every decision on the
//! way with the reward of the seat that took it. The root's actions share the budget by
//! sequential halving, and the last one standing is played. See [`IsmctsAgent`] for the details and `docs/agents.md` for how strong
//! it is.

pub(crate) mod fingerprint;
mod tree;

use crate::{Agent, Dice, Game, Outcome, Seat, Turn};
use fingerprint::{fingerprint, hash_of, ln};
use std::time::{Duration, Instant};
use tree::{NodeId, Tree};

/// Mixed into the key of a child reached by the searching seat's own action, so that it never
/// meets a view's fingerprint.
const OWN_ACTION: u64 = 0x6F77_6E5F_6163_7421;

/// How much an [`IsmctsAgent`] may search per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many iterations (play-outs) per decision, at least 1: the choice is a function of
    /// the seat's view, the seed and the budget, the same on every machine.
    Iterations(u32),
    /// As many iterations as fit in this time (at least 1). Not reproducible: the number of
    /// iterations depends on the machine and its load.
    Time(Duration),
}

/// Single-observer information-set MCTS.
///
/// - **Tree.** Nodes are the searching seat's information sets. The root is its view now;
///   the child of a node after the seat's own action is named by that action (the seat knows
///   what it did), and after anyone else's action or a chance outcome by the seat's view after
///   that step (a 64-bit fingerprint of [`Game::view`]). So what the seat cannot see never
///   splits the tree: an opponent's hidden card draw, a secretly kept card or a simultaneous
///   entry not yet revealed lead to the same node whatever was drawn or chosen. Edges are
///   actions with statistics (visits, availability, total reward of the seat that took them).
/// - **Iteration.** Draw `state.determinize(seat, dice)`; from the root, at each decision of a
///   seat list its legal actions in this determinisation and count each action with an edge
///   as available once; if some legal action has no edge yet, take one of them uniformly at
///   random (expansion), otherwise the edge maximising UCB1 with availability counts,
///   `mean + c·√(ln(availability) / visits)` (`c` = [`IsmctsAgent::with_exploration`]), ties
///   to the first in `legal_actions_for` order. Chance is sampled with
///   [`Game::sample_chance`]. The walk stops at the first node not yet in the tree (which is
///   added: one node per iteration) or at the end of the game; the play-out then continues
///   with uniformly random actions from [`Game::sample_action`] (the games' fast path),
///   chance from [`Game::sample_chance`] and the seats of a [`Turn::Seats`] asked in
///   [`Turn::next_seat`] order, for at most `max_playout_len` actions (a cut-off play-out ends
///   as if the game ended there, winners being the highest scores).
/// - **Opponents** are modelled in the same tree: at an opponent's decision its legal actions
///   in the current determinisation are the available edges, and it picks by UCB1 on its own
///   reward (each seat maximises its own reward, so the model is not zero-sum and holds at any
///   table size). Its choice leads to the node of what the searching seat sees afterwards.
/// - **Simultaneous turns** ([`Turn::Seats`]): inside the tree the searching seat decides last
///   among the seats still to decide, so no opponent node is conditioned on its pending choice,
///   and its own node after the others' choices is the view that hides them (Mosaix shows the
///   others' entries only once everyone has entered). At the root the searching seat must
///   decide first; the opponents still to decide in that same turn then answer at random
///   (the play-out policy) instead of by UCB1, for the same reason.
/// - **Reward** of a seat at the end of a play-out, in `[0, 1]`:
///   `(1 − w)·share + w·margin`, where `share` is `1 / |winners|` for a winner and 0 otherwise,
///   and `margin = ½ + ½·clamp(k·d / (|own| + |best other| + 1), −1, 1)` with `d` = own score
///   minus the best other score: ½ when level, 1 once the seat leads by `1/k` of the two scores
///   together, 0 once it trails by as much. `w` = [`IsmctsAgent::with_score_weight`], `k` =
///   [`IsmctsAgent::with_margin_scale`]. The margin term (tuned on the workspace's games, see
///   `docs/agents.md`) makes the agent win by more and lose by less, which separates actions
///   the win share alone does not in few play-outs; it saturates when a seat is far ahead or
///   behind, so that there only winning counts (a seat far behind still takes the risks that
///   can win).
/// - **Root** (with [`Budget::Iterations`], the default): the budget is spread over the
///   seat's legal actions by sequential halving (Karnin, Koren and Somekh 2013): ⌈log₂ k⌉
///   rounds over `k` actions, each spending an equal share of the iterations left evenly on
///   the actions still in the running and keeping the better half by mean reward; the last
///   one left is played. Every iteration goes through the root action it was given and on
///   down the tree as above. A budget too small to give every action one iteration in the
///   first round (fewer than `k·⌈log₂ k⌉`), a [`Budget::Time`], or
///   [`IsmctsAgent::with_root_halving`]`(false)` select at the root by UCB1 like everywhere
///   else and play the root action with the most visits (ties to the higher total reward,
///   then to the first in `legal_actions_for` order). Halving spends a fixed budget on the
///   decision at hand rather than on exploring, and won more games against the Monte-Carlo
///   agent in Kingdom Builder and The Border (see `docs/agents.md`). A seat with one legal
///   action returns it at once.
/// - **Never peeks**: every iteration starts from a determinisation, tree nodes are views of
///   the seat, and the root's actions are the seat's own legal actions, so the choice is a
///   function of `view(seat)`, the seed and the budget (for games whose `determinize` draws
///   from the view alone, as the contract asks).
/// - **Determinism**: all randomness comes from the agent's seeded [`Dice`]; its arithmetic
///   (sums, one square root, a logarithm written with basic operations) is bit-identical on
///   every IEEE 754 machine. With [`Budget::Iterations`] a seed and the same questions give the
///   same answers.
/// - **Memory**: the tree lives in arenas cleared between decisions (capacity kept), so after
///   the first few decisions the agent holds a tree's worth of memory and no more.
///
/// ```
/// use dicecore::{ismcts::IsmctsAgent, pig::Pig, Agent, Game, Match, RandomAgent};
///
/// let config = Pig::standard_config(2, 3).unwrap();
/// let mut game: Match<Pig> = Match::new(config, 3).unwrap();
/// let mut agents: Vec<Box<dyn Agent<Pig>>> = vec![
///     Box::new(IsmctsAgent::new(1).with_iterations(100)),
///     Box::new(RandomAgent::new(2)),
/// ];
/// game.play_out(&mut agents, 100_000).unwrap();
/// println!("{}", game.state().outcome().unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct IsmctsAgent<A> {
    dice: Dice,
    budget: Budget,
    exploration: f64,
    score_weight: f64,
    margin_scale: f64,
    max_playout_len: usize,
    halving: bool,
    tree: Tree<A>,
    /// Legal actions at the current step.
    legal: Vec<A>,
    /// The game's scratch buffer for `sample_action`.
    scratch: Vec<A>,
    /// Indices into `legal`: the actions without an edge at the current node.
    untried: Vec<usize>,
    /// The edges of the legal actions that have one at the current node, in `legal` order.
    tried: Vec<u32>,
    /// (edge, seat that took it) along the current iteration's walk.
    path: Vec<(u32, Seat)>,
    /// Reward per seat of the current play-out.
    rewards: Vec<f64>,
    /// The searching seat's legal actions at the root.
    root_legal: Vec<A>,
    /// The root edges still in the running (sequential halving).
    arms: Vec<u32>,
}

impl<A> IsmctsAgent<A> {
    /// Default iterations per decision.
    pub const DEFAULT_ITERATIONS: u32 = 1000;
    /// Default exploration constant `c` of UCB1.
    pub const DEFAULT_EXPLORATION: f64 = 0.5;
    /// Default weight `w` of the score margin in the reward.
    pub const DEFAULT_SCORE_WEIGHT: f64 = 0.5;
    /// Default scale `k` of the score margin: it saturates at a lead of a tenth of the two
    /// scores together.
    pub const DEFAULT_MARGIN_SCALE: f64 = 10.0;
    /// Default maximum length of one iteration (walk and play-out), in actions.
    pub const DEFAULT_MAX_PLAYOUT_LEN: usize = 10_000;

    /// An agent seeded with `seed`, with the defaults.
    pub fn new(seed: u64) -> Self {
        IsmctsAgent {
            dice: Dice::from_seed(seed),
            budget: Budget::Iterations(Self::DEFAULT_ITERATIONS),
            exploration: Self::DEFAULT_EXPLORATION,
            score_weight: Self::DEFAULT_SCORE_WEIGHT,
            margin_scale: Self::DEFAULT_MARGIN_SCALE,
            max_playout_len: Self::DEFAULT_MAX_PLAYOUT_LEN,
            halving: true,
            tree: Tree::default(),
            legal: Vec::new(),
            scratch: Vec::new(),
            untried: Vec::new(),
            tried: Vec::new(),
            path: Vec::new(),
            rewards: Vec::new(),
            root_legal: Vec::new(),
            arms: Vec::new(),
        }
    }

    /// Sets the budget to `iterations` per decision (0 counts as 1).
    pub fn with_iterations(self, iterations: u32) -> Self {
        self.with_budget(Budget::Iterations(iterations))
    }

    /// Sets the budget.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Sets the exploration constant `c` of UCB1 (negative or NaN counts as 0).
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = if c > 0.0 { c } else { 0.0 };
        self
    }

    /// Sets the weight `w` of the score margin in the reward (clamped to `[0, 1]`; 0 = win
    /// share only).
    pub fn with_score_weight(mut self, w: f64) -> Self {
        self.score_weight = if w > 0.0 { w.min(1.0) } else { 0.0 };
        self
    }

    /// Sets the scale `k` of the score margin in the reward (negative or NaN counts as 0): the
    /// margin saturates at a lead of `1/k` of the two scores together.
    pub fn with_margin_scale(mut self, k: f64) -> Self {
        self.margin_scale = if k > 0.0 { k } else { 0.0 };
        self
    }

    /// Sets the maximum number of actions of one iteration (tree walk and play-out).
    pub fn with_max_playout_len(mut self, max_playout_len: usize) -> Self {
        self.max_playout_len = max_playout_len;
        self
    }

    /// Whether an iteration budget is spread over the root actions by sequential halving
    /// (the default) or by UCB1 like every other node.
    pub fn with_root_halving(mut self, halving: bool) -> Self {
        self.halving = halving;
        self
    }

    /// The budget per decision.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The exploration constant.
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// The weight of the score margin in the reward.
    pub fn score_weight(&self) -> f64 {
        self.score_weight
    }

    /// The scale of the score margin in the reward.
    pub fn margin_scale(&self) -> f64 {
        self.margin_scale
    }
}

impl<A: Clone + Eq + std::hash::Hash> IsmctsAgent<A> {
    /// Nodes and edges of the last search's tree (the root counts as a node).
    pub fn tree_size(&self) -> (usize, usize) {
        (self.tree.nodes(), self.tree.edges())
    }

    /// Bytes the agent keeps reserved for its tree and buffers between decisions.
    pub fn reserved_bytes(&self) -> usize {
        let a = std::mem::size_of::<A>();
        self.tree.reserved_bytes()
            + (self.legal.capacity() + self.scratch.capacity() + self.root_legal.capacity()) * a
            + self.untried.capacity() * std::mem::size_of::<usize>()
            + (self.tried.capacity() + self.arms.capacity()) * std::mem::size_of::<u32>()
            + self.path.capacity() * std::mem::size_of::<(u32, Seat)>()
            + self.rewards.capacity() * std::mem::size_of::<f64>()
    }
}

/// Each seat's reward for an outcome (see [`IsmctsAgent`]), written into `out`.
fn rewards(outcome: &Outcome, score_weight: f64, margin_scale: f64, out: &mut Vec<f64>) {
    out.clear();
    let winners = outcome.winners.len().max(1) as f64;
    let scores = &outcome.scores;
    for (i, &own) in scores.iter().enumerate() {
        let seat = Seat(i as u8);
        let share = if outcome.winners.contains(seat) {
            1.0 / winners
        } else {
            0.0
        };
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &s)| s)
            .max()
            .unwrap_or(own);
        let (own, best) = (own as f64, best_other as f64);
        let relative = margin_scale * (own - best) / (own.abs() + best.abs() + 1.0);
        let margin = 0.5 + 0.5 * relative.clamp(-1.0, 1.0);
        out.push((1.0 - score_weight) * share + score_weight * margin);
    }
}

/// Who decides next inside the tree at `turn`: the seat to move, or at a simultaneous turn the
/// lowest seat still to decide other than `me` (the searching seat decides last).
fn tree_actor(turn: Turn, me: Seat) -> Option<Seat> {
    match turn {
        Turn::Seats(set) if set.contains(me) && set.len() > 1 => {
            let mut others = set;
            others.remove(me);
            others.first()
        }
        _ => turn.next_seat(),
    }
}

impl<A: Clone + Eq + std::hash::Hash> IsmctsAgent<A> {
    /// The edge to take at `node` among the legal actions in `self.legal` (not empty): a new
    /// edge for a random untried action if there is one, else the best by UCB1 (ties to the
    /// first listed). Counts the availability of every legal action that has an edge.
    fn select(&mut self, node: NodeId) -> u32 {
        self.untried.clear();
        self.tried.clear();
        for (i, a) in self.legal.iter().enumerate() {
            match self.tree.find(node, a) {
                Some(e) => {
                    self.tree.edge_mut(e).avail += 1;
                    self.tried.push(e);
                }
                None => self.untried.push(i),
            }
        }
        if !self.untried.is_empty() {
            let i = self.untried[self.dice.index(self.untried.len())];
            return self.tree.add(node, &self.legal[i]);
        }
        let mut best: Option<(f64, u32)> = None;
        for &e in &self.tried {
            let edge = self.tree.edge(e);
            let n = edge.visits.max(1) as f64;
            let value = edge.total / n + self.exploration * (ln(edge.avail as f64) / n).sqrt();
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, e));
            }
        }
        // `tried` is not empty: `legal` is not and every action is tried or untried.
        best.map_or(0, |(_, e)| e)
    }

    /// One iteration from a fresh determinisation of `root` for seat `me`, through the root
    /// edge `forced` if given (else the root's edge is selected like any other).
    fn iterate<G: Game<Action = A>>(&mut self, root: &G, me: Seat, forced: Option<u32>) {
        let mut s = root.determinize(me, &mut self.dice);
        let mut node: NodeId = 0;
        let mut at_root = true;
        // The searching seat has decided in the current simultaneous turn, others have not.
        let mut committed = false;
        self.path.clear();
        let mut steps = 0;
        while steps < self.max_playout_len {
            let turn = s.turn();
            committed &= matches!(turn, Turn::Seats(set) if !set.contains(me));
            // Whether the step is the searching seat's own decision.
            let mut own = false;
            let action = match turn {
                Turn::Over => break,
                Turn::Chance => match s.sample_chance(&mut self.dice) {
                    Some(a) => a,
                    None => break,
                },
                Turn::Seat(_) | Turn::Seats(_) => {
                    let actor = if at_root {
                        Some(me)
                    } else {
                        tree_actor(turn, me)
                    };
                    let Some(actor) = actor else { break };
                    if committed {
                        match s.sample_action(actor, &mut self.dice, &mut self.scratch) {
                            Some(a) => a,
                            None => break,
                        }
                    } else {
                        s.legal_actions_for(actor, &mut self.legal);
                        if self.legal.is_empty() {
                            break;
                        }
                        let e = match forced {
                            Some(e) if at_root => e,
                            _ => self.select(node),
                        };
                        self.path.push((e, actor));
                        own = actor == me;
                        if let Turn::Seats(set) = turn {
                            committed = actor == me && set.len() > 1;
                        }
                        self.tree.edge(e).action.clone()
                    }
                }
            };
            at_root = false;
            steps += 1;
            if s.apply_in_place(&action).is_err() {
                break;
            }
            // The seat knows what it did itself: its own action names the child (whatever that
            // action revealed splits the tree at the next step). Anything else is known to it
            // only through its view.
            let observation = if own {
                hash_of(&action) ^ OWN_ACTION
            } else {
                fingerprint(&s.view(me))
            };
            let (child, new) = self.tree.child(node, observation);
            node = child;
            if new {
                break;
            }
        }
        self.playout(&mut s, steps);
        let outcome = s
            .outcome()
            .unwrap_or_else(|| Outcome::by_highest_score(s.scores()));
        rewards(
            &outcome,
            self.score_weight,
            self.margin_scale,
            &mut self.rewards,
        );
        for &(e, seat) in &self.path {
            let r = self.rewards.get(seat.index()).copied().unwrap_or(0.0);
            let edge = self.tree.edge_mut(e);
            edge.visits += 1;
            edge.total += r;
        }
    }

    /// Random play from `s` to the end, for at most `max_playout_len - steps` actions.
    fn playout<G: Game<Action = A>>(&mut self, s: &mut G, steps: usize) {
        for _ in steps..self.max_playout_len {
            let next = match s.turn() {
                Turn::Over => break,
                Turn::Chance => s.sample_chance(&mut self.dice),
                turn => match turn.next_seat() {
                    Some(seat) => s.sample_action(seat, &mut self.dice, &mut self.scratch),
                    None => None,
                },
            };
            match next {
                Some(a) if s.apply_in_place(&a).is_ok() => {}
                _ => break,
            }
        }
    }

    /// The root action with the most visits (ties: higher total, then first listed).
    fn best_root_action(&self, legal: &[A]) -> Option<usize> {
        let mut best: Option<(usize, u32, f64)> = None;
        for (i, a) in legal.iter().enumerate() {
            let (visits, total) = self.tree.find(0, a).map_or((0, 0.0), |e| {
                (self.tree.edge(e).visits, self.tree.edge(e).total)
            });
            if best.is_none_or(|(_, v, t)| visits > v || (visits == v && total > t)) {
                best = Some((i, visits, total));
            }
        }
        best.map(|(i, _, _)| i)
    }
}

/// Rounds of sequential halving over `k` actions: ⌈log₂ k⌉.
fn halving_rounds(k: usize) -> u64 {
    u64::from(usize::BITS - k.saturating_sub(1).leading_zeros())
}

/// Whether `n` iterations give each of `k` root actions at least one in the first round of
/// sequential halving (and so at least one in every later round, within the budget).
fn halving_fits(n: u32, k: usize) -> bool {
    k >= 2 && u64::from(n) >= k as u64 * halving_rounds(k)
}

impl<A: Clone + Eq + std::hash::Hash> IsmctsAgent<A> {
    /// Sequential halving at the root (Karnin, Koren and Somekh 2013; below the root the tree
    /// is searched as usual): ⌈log₂ k⌉ rounds, each spending an equal share of what is left
    /// of the `n` iterations evenly on the actions still in the running, then keeping the
    /// better half by mean reward (ties to the first listed). Returns the index in `legal` of
    /// the last one left. Needs [`halving_fits`].
    fn halve<G: Game<Action = A>>(&mut self, state: &G, seat: Seat, legal: &[A], n: u32) -> usize {
        let mut arms = std::mem::take(&mut self.arms);
        arms.clear();
        arms.extend(legal.iter().map(|a| self.tree.add(0, a)));
        let rounds = halving_rounds(legal.len());
        let mut left = u64::from(n);
        for round in 0..rounds {
            let each = (left / (rounds - round) / arms.len() as u64).max(1);
            for &e in &arms {
                for _ in 0..each {
                    self.iterate(state, seat, Some(e));
                }
            }
            left = left.saturating_sub(each * arms.len() as u64);
            let tree = &self.tree;
            let mean = |e: u32| tree.edge(e).total / f64::from(tree.edge(e).visits.max(1));
            arms.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
            arms.truncate(arms.len().div_ceil(2));
        }
        // Root edges were added in `legal` order, from 0.
        let best = arms.first().map_or(0, |&e| e as usize);
        self.arms = arms;
        best
    }
}

impl<G: Game> Agent<G> for IsmctsAgent<G::Action> {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        let mut legal = std::mem::take(&mut self.root_legal);
        state.legal_actions_for(seat, &mut legal);
        if legal.len() <= 1 {
            let only = legal.pop();
            self.root_legal = legal;
            return only;
        }
        self.tree.clear();
        let best = match self.budget {
            Budget::Iterations(n) if self.halving && halving_fits(n, legal.len()) => {
                Some(self.halve(state, seat, &legal, n))
            }
            Budget::Iterations(n) => {
                for _ in 0..n.max(1) {
                    self.iterate(state, seat, None);
                }
                self.best_root_action(&legal)
            }
            Budget::Time(limit) => {
                let start = Instant::now();
                loop {
                    self.iterate(state, seat, None);
                    if start.elapsed() >= limit {
                        break;
                    }
                }
                self.best_root_action(&legal)
            }
        };
        let chosen = best.map(|i| legal.swap_remove(i));
        self.root_legal = legal;
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatSet;

    #[test]
    fn rewards_share_wins_and_weigh_the_margin() {
        let o = Outcome {
            scores: vec![10, 10, 4],
            winners: SeatSet::from_bits(0b011),
        };
        let mut r = Vec::new();
        rewards(&o, 0.0, 1.0, &mut r);
        assert_eq!(r, vec![0.5, 0.5, 0.0]);
        rewards(&o, 1.0, 1.0, &mut r);
        assert_eq!(r[0], 0.5);
        assert!(r[2] < 0.5 && r[2] > 0.0);
        rewards(&o, 0.2, 1.0, &mut r);
        assert!(r.iter().all(|x| (0.0..=1.0).contains(x)));
        // Saturated: 6 behind with 15 points in all is far behind at scale 10.
        rewards(&o, 1.0, 10.0, &mut r);
        assert_eq!(r, vec![0.5, 0.5, 0.0]);
    }

    #[test]
    fn sequential_halving_spends_at_most_the_budget() {
        assert_eq!(
            [2, 3, 4, 5, 8, 9, 50].map(halving_rounds),
            [1, 2, 2, 3, 3, 4, 6]
        );
        assert!(halving_fits(2, 2) && !halving_fits(1, 2) && !halving_fits(99, 1));
        assert!(halving_fits(300, 50) && !halving_fits(299, 50));
        use crate::pig::Pig;
        use crate::Game;
        let state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
        let seat = state.turn().next_seat().unwrap();
        for n in [2, 3, 7, 100, 1001] {
            let mut agent = IsmctsAgent::new(5).with_iterations(n);
            assert!(agent.choose(&state, seat).is_some());
            let mut legal = Vec::new();
            state.legal_actions_for(seat, &mut legal);
            let root: u32 = legal
                .iter()
                .filter_map(|a| agent.tree.find(0, a))
                .map(|e| agent.tree.edge(e).visits)
                .sum();
            assert!(root <= n && root + legal.len() as u32 > n, "{root} of {n}");
        }
    }

    #[test]
    fn the_searching_seat_decides_last_at_simultaneous_turns() {
        let both = Turn::Seats(SeatSet::from_bits(0b11));
        assert_eq!(tree_actor(both, Seat(0)), Some(Seat(1)));
        assert_eq!(tree_actor(both, Seat(1)), Some(Seat(0)));
        let mine = Turn::Seats(SeatSet::single(Seat(1)));
        assert_eq!(tree_actor(mine, Seat(1)), Some(Seat(1)));
        assert_eq!(tree_actor(Turn::Seat(Seat(2)), Seat(0)), Some(Seat(2)));
        assert_eq!(tree_actor(Turn::Chance, Seat(0)), None);
    }
}
