//! The value tree behind the strategies: how a case is drawn and how it shrinks.

use super::{Case, Plays, Position};
use crate::{Agent, Game, Match, Replay};
use proptest::prelude::any;
use proptest::strategy::{NewTree, Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use std::collections::HashSet;
use std::sync::Arc;

/// Games a strategy plays to find one position that holds a case before it gives up.
const TRIES: usize = 16;
/// Distinct earlier actions kept per game (the pool illegal actions are drawn from).
const EARLIER_CAP: usize = 4_096;

/// A game played from a seed up to a cap: its actions and the positions that hold a case.
struct Played<G: Game> {
    seats: u8,
    seed: u64,
    config: G::Config,
    start: G,
    actions: Vec<G::Action>,
    /// The positions (numbers of actions played) that hold at least one case, increasing.
    fits: Vec<usize>,
}

/// The legal actions at the current position of a walk through a game, and the distinct
/// actions legal at the positions before it.
struct Walk<A> {
    legal: Vec<A>,
    earlier: Vec<A>,
    seen: HashSet<A>,
}

impl<A: Clone + Eq + std::hash::Hash> Walk<A> {
    fn new() -> Self {
        Walk {
            legal: Vec::new(),
            earlier: Vec::new(),
            seen: HashSet::new(),
        }
    }

    /// Lists the legal actions of `state` and returns how many cases it holds.
    fn look<G: Game<Action = A>, C: Case<G>>(&mut self, state: &G) -> usize {
        state.legal_actions(&mut self.legal);
        C::choices(state, &self.legal, &self.earlier)
    }

    /// Whether `state` holds a case, as cheaply as the case allows: listing its actions only if
    /// the case looks at earlier ones (and then remembering them).
    fn fits<G: Game<Action = A>, C: Case<G>>(&mut self, state: &G) -> bool {
        if !C::EARLIER {
            return C::may_fit(state);
        }
        let fits = self.look::<G, C>(state) > 0;
        self.remember();
        fits
    }

    /// Remembers the actions listed by the last [`Walk::look`] as earlier ones.
    fn remember(&mut self) {
        for a in &self.legal {
            if self.seen.len() >= EARLIER_CAP {
                break;
            }
            if self.seen.insert(a.clone()) {
                self.earlier.push(a.clone());
            }
        }
    }
}

/// The seed of the agent of `seat` in the game of `seed`.
fn agent_seed(seed: u64, seat: u8) -> u64 {
    seed ^ (u64::from(seat) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays the game of `(seats, seed)` with the agents of `plays` for at most `cap` actions
/// (fewer if it ends), calling `visit` on every state met with the number of actions played,
/// until it returns `true`.
fn walk_game<G: Game>(
    plays: &Plays<G>,
    seats: u8,
    seed: u64,
    cap: usize,
    mut visit: impl FnMut(&G, usize) -> bool,
) -> Result<Walked<G>, String> {
    let what = format!("{} with {seats} players, seed {seed}", G::NAME);
    let config = (plays.config)(seats, seed).map_err(|e| format!("{what}: no config: {e}"))?;
    let mut game: Match<G> =
        Match::new(config.clone(), seed).map_err(|e| format!("{what}: config refused: {e}"))?;
    let start = game.state().clone();
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
        .map(|seat| plays.agent.build::<G>(agent_seed(seed, seat)) as Box<dyn Agent<G>>)
        .collect();
    loop {
        let at = game.log().len();
        if visit(game.state(), at) || at >= cap {
            break;
        }
        match game.step(&mut agents) {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(e) => return Err(format!("{what}: after {at} actions: {e}")),
        }
    }
    Ok(Walked {
        config,
        start,
        actions: game.log().to_vec(),
    })
}

/// A game walked by [`walk_game`]: its config, first state and the actions played.
struct Walked<G: Game> {
    config: G::Config,
    start: G,
    actions: Vec<G::Action>,
}

/// Plays the game of `(seats, seed)` for at most `cap` actions (fewer if it ends).
fn play<G: Game, C: Case<G>>(
    plays: &Plays<G>,
    seats: u8,
    seed: u64,
    cap: usize,
) -> Result<Played<G>, String> {
    let mut walk = Walk::new();
    let mut fits = Vec::new();
    let Walked {
        config,
        start,
        actions,
    } = walk_game(plays, seats, seed, cap, |state, at| {
        if walk.fits::<G, C>(state) {
            fits.push(at);
        }
        false
    })?;
    Ok(Played {
        seats,
        seed,
        config,
        start,
        actions,
        fits,
    })
}

/// The first state, in play order, of the games of seeds `0..games` (each at every player
/// count of `plays`) for which `pred` holds.
pub(super) fn find<G: Game>(
    plays: &Plays<G>,
    games: u64,
    pred: &mut dyn FnMut(&G) -> bool,
) -> Result<Option<Position<G>>, String> {
    for seed in 0..games {
        for seats in plays.seats.clone() {
            let mut found = None;
            let walked = walk_game(plays, seats, seed, plays.max_actions, |state, at| {
                let hit = pred(state);
                if hit {
                    found = Some((state.clone(), at));
                }
                hit
            })?;
            if let Some((state, at)) = found {
                return Ok(Some(Position {
                    seats,
                    agent: plays.agent,
                    replay: Replay::new(walked.config, seed, walked.actions[..at].to_vec()),
                    state,
                }));
            }
        }
    }
    Ok(None)
}

/// A case's coordinates: a played game, which of its fitting positions, which alternative.
struct Cut<G: Game> {
    game: Arc<Played<G>>,
    /// Index into `game.fits`.
    k: usize,
    /// Which alternative (reduced below the position's number of cases).
    pick: usize,
}

impl<G: Game> Clone for Cut<G> {
    fn clone(&self) -> Self {
        Cut {
            game: Arc::clone(&self.game),
            k: self.k,
            pick: self.pick,
        }
    }
}

impl<G: Game> Cut<G> {
    /// The number of actions played to reach the position.
    fn len(&self) -> usize {
        self.game.fits.get(self.k).copied().unwrap_or(0)
    }

    /// The case at the cut, with the pick reduced; `None` if the game does not replay (never
    /// for a game this module played) or the position holds no case.
    fn case<C: Case<G>>(&self, plays: &Plays<G>) -> Option<(C, usize)> {
        let game = &self.game;
        let len = self.len();
        let mut state = game.start.clone();
        let mut walk = Walk::new();
        for action in game.actions.get(..len)? {
            if C::EARLIER {
                state.legal_actions(&mut walk.legal);
                walk.remember();
            }
            state.apply_in_place(action).ok()?;
        }
        let choices = walk.look::<G, C>(&state);
        if choices == 0 {
            return None;
        }
        let pick = self.pick % choices;
        let position = Position {
            seats: game.seats,
            agent: plays.agent,
            replay: Replay::new(game.config.clone(), game.seed, game.actions[..len].to_vec()),
            state,
        };
        let case = C::build(position, &walk.legal, &walk.earlier, pick)?;
        Some((case, pick))
    }
}

/// Where shrinking is.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Nothing tried yet.
    Start,
    /// Cutting the same game earlier: a binary search over `fits` indices; `hi` fails.
    Cut { lo: usize, hi: usize },
    /// Trying other games (fewer players, small seeds).
    Games,
    /// Choosing an earlier alternative: a binary search; `hi` fails.
    Pick { lo: usize, hi: usize },
    /// Nothing simpler is left.
    Done,
}

/// The value tree of a [`super::PlayStrategy`]: the current case and how to find a simpler one
/// (see the module documentation for the order).
pub struct PlayTree<G: Game, C: Case<G>> {
    plays: Plays<G>,
    /// The simplest case known to fail (the drawn case before shrinking).
    best: Cut<G>,
    best_value: C,
    /// The case under test.
    trial: Cut<G>,
    value: C,
    phase: Phase,
    /// The next other game to try, an index over player counts × small seeds.
    next_game: u64,
}

impl<G: Game, C: Case<G>> PlayTree<G, C> {
    /// Draws a game, a position in it and an alternative.
    pub(super) fn draw(
        plays: &Plays<G>,
        runner: &mut TestRunner,
    ) -> NewTree<super::PlayStrategy<G, C>> {
        let draws = (
            plays.seats.clone(),
            any::<u64>(),
            any::<usize>(),
            any::<usize>(),
        );
        for _ in 0..TRIES {
            let (seats, seed, k, pick) = draws.new_tree(runner)?.current();
            let game = play::<G, C>(plays, seats, seed, plays.max_actions)?;
            if game.fits.is_empty() {
                continue;
            }
            let k = k % game.fits.len();
            let mut cut = Cut {
                game: Arc::new(game),
                k,
                pick,
            };
            let (value, pick) = cut.case::<C>(plays).ok_or_else(|| {
                format!(
                    "{} with {seats} players, seed {seed}: the position after {} actions \
                     holds no {} (does the game keep the contract? dicecore::conformance \
                     checks it)",
                    G::NAME,
                    cut.len(),
                    C::WHAT
                )
            })?;
            cut.pick = pick;
            return Ok(PlayTree {
                plays: plays.clone(),
                best: cut.clone(),
                best_value: value.clone(),
                trial: cut,
                value,
                phase: Phase::Start,
                next_game: 0,
            });
        }
        Err(format!(
            "no {} met in {TRIES} games of {} ({}..={} players, every seat played by {})",
            C::WHAT,
            G::NAME,
            plays.seats.start(),
            plays.seats.end(),
            plays.agent
        )
        .into())
    }

    /// Makes `cut` the case under test, if it holds one.
    fn propose(&mut self, mut cut: Cut<G>) -> bool {
        match cut.case::<C>(&self.plays) {
            Some((value, pick)) => {
                cut.pick = pick;
                self.trial = cut;
                self.value = value;
                true
            }
            None => false,
        }
    }

    /// The next other game, cut at its last fitting position, that is simpler than the best:
    /// as many actions with fewer players or a smaller seed, or fewer actions.
    fn other_game(&mut self) -> Option<Cut<G>> {
        let n = self.plays.shrink_seeds;
        if n == 0 {
            return None;
        }
        let min = u64::from(*self.plays.seats.start());
        loop {
            let i = self.next_game;
            let seats = min + i / n;
            if seats > u64::from(self.best.game.seats) {
                return None;
            }
            self.next_game += 1;
            let (seats, seed) = (seats as u8, i % n);
            let best = (self.best.game.seats, self.best.game.seed);
            let best_len = self.best.len();
            let cap = match (seats, seed).cmp(&best) {
                std::cmp::Ordering::Equal => continue,
                std::cmp::Ordering::Less => best_len,
                std::cmp::Ordering::Greater if best_len == 0 => continue,
                std::cmp::Ordering::Greater => best_len - 1,
            };
            let Ok(game) = play::<G, C>(&self.plays, seats, seed, cap) else {
                continue;
            };
            if let Some(k) = game.fits.len().checked_sub(1) {
                return Some(Cut {
                    game: Arc::new(game),
                    k,
                    pick: self.best.pick,
                });
            }
        }
    }

    /// Takes the verdict on the case under test and moves to the next simpler candidate;
    /// `false` (and the best case current again) when there is none.
    fn advance(&mut self, failed: bool) -> bool {
        if failed {
            self.best = self.trial.clone();
            self.best_value = self.value.clone();
        }
        self.phase = match self.phase {
            Phase::Start => Phase::Cut {
                lo: 0,
                hi: self.best.k,
            },
            Phase::Cut { lo, hi } if failed => Phase::Cut {
                lo,
                hi: self.trial.k.min(hi),
            },
            Phase::Cut { hi, .. } => Phase::Cut {
                lo: self.trial.k + 1,
                hi,
            },
            Phase::Games if failed => Phase::Cut {
                lo: 0,
                hi: self.best.k,
            },
            Phase::Pick { lo, hi } if failed => Phase::Pick {
                lo,
                hi: self.trial.pick.min(hi),
            },
            Phase::Pick { hi, .. } => Phase::Pick {
                lo: self.trial.pick + 1,
                hi,
            },
            phase => phase,
        };
        loop {
            match self.phase {
                Phase::Start | Phase::Cut { .. } => {
                    if self.binary_step() {
                        return true;
                    }
                    self.phase = Phase::Games;
                }
                Phase::Games => match self.other_game() {
                    Some(cut) => {
                        if self.propose(cut) {
                            return true;
                        }
                    }
                    None => {
                        self.phase = Phase::Pick {
                            lo: 0,
                            hi: self.best.pick,
                        }
                    }
                },
                Phase::Pick { .. } => {
                    if self.binary_step() {
                        return true;
                    }
                    self.phase = Phase::Done;
                }
                Phase::Done => {
                    self.trial = self.best.clone();
                    self.value = self.best_value.clone();
                    return false;
                }
            }
        }
    }

    /// One step of the binary search of the phase: proposes the middle of `lo..hi` (moving
    /// `lo` past middles that hold no case); `false` when the search is over.
    fn binary_step(&mut self) -> bool {
        loop {
            let (lo, hi) = match self.phase {
                Phase::Cut { lo, hi } | Phase::Pick { lo, hi } => (lo, hi),
                _ => return false,
            };
            if lo >= hi {
                return false;
            }
            let mid = lo + (hi - lo) / 2;
            let mut cut = self.best.clone();
            match self.phase {
                Phase::Cut { .. } => cut.k = mid,
                _ => cut.pick = mid,
            }
            if self.propose(cut) {
                return true;
            }
            match &mut self.phase {
                Phase::Cut { lo, .. } | Phase::Pick { lo, .. } => *lo = mid + 1,
                _ => return false,
            }
        }
    }
}

impl<G: Game, C: Case<G>> ValueTree for PlayTree<G, C> {
    type Value = C;

    fn current(&self) -> C {
        self.value.clone()
    }

    fn simplify(&mut self) -> bool {
        self.advance(true)
    }

    fn complicate(&mut self) -> bool {
        self.advance(false)
    }
}
