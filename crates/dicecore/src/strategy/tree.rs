//! The value tree behind the strategies: how a case is drawn and how it shrinks.
//!
//! Shrinking never assumes that a property stays broken once broken: every game it looks at is
//! tried position by position (see [`PlayTree`] for the order and the guarantee).

use super::{Case, Plays, Position};
use crate::ismcts::fingerprint::FoldBuild;
use crate::{Agent, Game, Match, Replay};
use proptest::prelude::any;
use proptest::strategy::{NewTree, Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{self, AtomicBool};
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
    /// The cap it was played to (it stopped earlier if it ended).
    cap: usize,
}

impl<G: Game> Played<G> {
    /// Whether the game was cut by its cap (so that a larger cap would play on).
    fn cut_short(&self) -> bool {
        self.actions.len() >= self.cap
    }

    /// The index in `fits` of the last fitting position at or before `cap`.
    fn last_fit(&self, cap: usize) -> Option<usize> {
        self.fits.partition_point(|&f| f <= cap).checked_sub(1)
    }
}

/// Whether the actions legal at position `at` join the pool every later position draws its
/// illegal actions from: the first position and positions 1, 4, 16, 64, ... (with the position
/// just before, see [`Walk::look`]). A fixed handful, so that an illegal action costs about
/// what a state costs; and the same for every later position, so that a walk keeps it as it
/// goes.
fn pooled(at: usize) -> bool {
    at == 0 || at.is_power_of_two() && at.trailing_zeros().is_multiple_of(2)
}

/// The legal actions at the current position of a walk through a game, and the earlier actions
/// a case may draw on: the distinct actions legal at the pooled positions before it, then those
/// legal at the position just before it.
struct Walk<A> {
    legal: Vec<A>,
    /// The distinct actions legal at the pooled positions passed, in order.
    pooled: Vec<A>,
    seen: HashSet<A, FoldBuild>,
    /// The actions legal at the position just before the current one.
    before: Vec<A>,
    /// What [`Walk::look`] offers as earlier actions: `pooled`, then the new ones of `before`.
    earlier: Vec<A>,
}

impl<A: Clone + Eq + std::hash::Hash> Walk<A> {
    fn new() -> Self {
        Walk {
            legal: Vec::new(),
            pooled: Vec::new(),
            seen: HashSet::default(),
            before: Vec::new(),
            earlier: Vec::new(),
        }
    }

    /// Lists the legal actions of `state` and returns how many cases it holds.
    fn look<G: Game<Action = A>, C: Case<G>>(&mut self, state: &G) -> usize {
        state.legal_actions(&mut self.legal);
        if C::EARLIER {
            self.earlier.clone_from(&self.pooled);
            let seen = &self.seen;
            self.earlier
                .extend(self.before.iter().filter(|a| !seen.contains(a)).cloned());
        }
        C::choices(state, &self.legal, &self.earlier)
    }

    /// Takes note of `state` at position `at` before the walk moves past it, when `next` is the
    /// position a case may be built at next (listing its actions only if a case needs them).
    fn pass<G: Game<Action = A>, C: Case<G>>(&mut self, state: &G, at: usize, next: usize) {
        if !C::EARLIER || !(pooled(at) || at + 1 == next) {
            return;
        }
        state.legal_actions(&mut self.legal);
        if pooled(at) {
            for a in &self.legal {
                if self.seen.len() >= EARLIER_CAP {
                    break;
                }
                if self.seen.insert(a.clone()) {
                    self.pooled.push(a.clone());
                }
            }
        }
        if at + 1 == next {
            std::mem::swap(&mut self.before, &mut self.legal);
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
    let mut fits = Vec::new();
    let Walked {
        config,
        start,
        actions,
    } = walk_game(plays, seats, seed, cap, |state, at| {
        // A case that draws on earlier actions needs one (the few states where every earlier
        // action is legal again are skipped when the case is built).
        if C::may_fit(state) && (at > 0 || !C::EARLIER) {
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
        cap,
    })
}

/// The game of `(seats, seed)` as the strategies play it, as a replay.
pub(super) fn replay<G: Game>(plays: &Plays<G>, seats: u8, seed: u64) -> Result<Replay<G>, String> {
    let walked = walk_game(plays, seats, seed, plays.max_actions, |_, _| false)?;
    Ok(Replay::new(walked.config, seed, walked.actions))
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

    /// The game's player count and seed, the order of games of the same length.
    fn game_key(&self) -> (u8, u64) {
        (self.game.seats, self.game.seed)
    }

    /// The case at the cut, with the pick reduced; `None` if the game does not replay (never
    /// for a game this module played) or the position holds no case.
    fn case<C: Case<G>>(&self, plays: &Plays<G>) -> Option<(C, usize)> {
        let mut lane = Lane::new(Arc::clone(&self.game), self.len());
        lane.reach::<C>(self.len())?;
        lane.case::<C>(plays, self.pick)
            .map(|(case, cut)| (case, cut.pick))
    }
}

/// One game walked position by position, for trying its positions in turn without replaying
/// it from the start each time.
struct Lane<G: Game> {
    game: Arc<Played<G>>,
    /// The last position (number of actions played) to try.
    last: usize,
    state: G,
    /// The number of actions applied to reach `state`; `None` once the game does not replay.
    at: Option<usize>,
    walk: Walk<G::Action>,
}

impl<G: Game> Lane<G> {
    fn new(game: Arc<Played<G>>, last: usize) -> Self {
        Lane {
            state: game.start.clone(),
            last: last.min(game.actions.len()),
            game,
            at: Some(0),
            walk: Walk::new(),
        }
    }

    /// Plays on to position `to`; `None` (for good) past the game's end or if an action is
    /// refused (never for a game this module played).
    fn reach<C: Case<G>>(&mut self, to: usize) -> Option<()> {
        let mut at = self.at?;
        self.at = None;
        while at < to {
            let action = self.game.actions.get(at)?;
            self.walk.pass::<G, C>(&self.state, at, to);
            self.state.apply_in_place(action).ok()?;
            at += 1;
        }
        self.at = Some(at);
        Some(())
    }

    /// The case at the lane's position with alternative `pick` (reduced), and its cut; `None`
    /// if the position holds no case.
    fn case<C: Case<G>>(&mut self, plays: &Plays<G>, pick: usize) -> Option<(C, Cut<G>)> {
        let at = self.at?;
        let k = self.game.fits.binary_search(&at).ok()?;
        let choices = self.walk.look::<G, C>(&self.state);
        if choices == 0 {
            return None;
        }
        let pick = pick % choices;
        let game = &self.game;
        let position = Position {
            seats: game.seats,
            agent: plays.agent,
            replay: Replay::new(game.config.clone(), game.seed, game.actions[..at].to_vec()),
            state: self.state.clone(),
        };
        let case = C::build(position, &self.walk.legal, &self.walk.earlier, pick)?;
        let cut = Cut {
            game: Arc::clone(game),
            k,
            pick,
        };
        Some((case, cut))
    }
}

/// An exhaustive search for the shortest failing position among some games: every position
/// of every game, shortest first, and at one length the games in order.
struct Scan<G: Game> {
    lanes: Vec<Lane<G>>,
    /// The position tried next, and in which lane.
    level: usize,
    next: usize,
    /// Whether the lanes are the searched set's games (the first scan) or the drawn game's
    /// own earlier positions (the second).
    searched: bool,
}

impl<G: Game> Scan<G> {
    /// The next position that holds a case, as the case and its cut; `None` when every
    /// position has been tried.
    fn next<C: Case<G>>(&mut self, plays: &Plays<G>, pick: usize) -> Option<(C, Cut<G>)> {
        let top = self.lanes.iter().map(|lane| lane.last).max()?;
        while self.level <= top {
            while let Some(lane) = self.lanes.get_mut(self.next) {
                self.next += 1;
                if self.level > lane.last || lane.reach::<C>(self.level).is_none() {
                    continue;
                }
                if let Some(found) = lane.case::<C>(plays, pick) {
                    return Some(found);
                }
            }
            self.level += 1;
            self.next = 0;
        }
        None
    }
}

/// A game of the searched set: played, or refused by the config or an agent.
enum Slot<G: Game> {
    Played(Arc<Played<G>>),
    Refused,
}

/// Where shrinking is.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Nothing tried yet.
    Start,
    /// Cutting the same game earlier: a binary search over `fits` indices; `hi` fails.
    Cut { lo: usize, hi: usize },
    /// Probing the searched set's games at their last position that could be simpler.
    Games,
    /// Trying every position of the searched set's games (or of the drawn game), shortest
    /// first ([`Scan`]).
    Scan,
    /// Choosing an earlier alternative: a binary search; `hi` fails.
    Pick { lo: usize, hi: usize },
    /// Nothing simpler is left.
    Done,
}

/// The value tree of a [`super::PlayStrategy`]: the current case and how to find a simpler one.
///
/// The *searched set* is the games of every player count from the smallest of the [`Plays`] up
/// to the drawn game's, each with seeds `0..shrink_seeds`. A case is simpler than another if
/// it comes from the searched set and the other does not; then if it has fewer actions; then
/// fewer players; then a smaller seed; then an earlier alternative. Shrinking, in order:
///
/// 1. cuts the drawn game earlier (a binary search, exact for a property that stays broken);
/// 2. tries each game of the searched set at the last position that would be simpler (each
///    one found is cut again as in 1);
/// 3. tries every position of every game of the searched set that would be simpler, shortest
///    first, and keeps the first that fails; if none does and the case is still from the drawn
///    game, every earlier position of that game, in order;
/// 4. moves the alternative toward the first listed (a binary search).
///
/// Steps 1 and 2 are quick and find the answer for properties that stay broken; step 3 makes
/// it exact for any property: when shrinking is not cut short by the runner's
/// `max_shrink_iters`, no position of a searched game simpler than the result fails (with the
/// result's alternative), and the result is the first failing position of its game.
pub struct PlayTree<G: Game, C: Case<G>> {
    plays: Plays<G>,
    /// The simplest case known to fail (the drawn case before shrinking).
    best: Cut<G>,
    best_value: C,
    /// The case under test.
    trial: Cut<G>,
    value: C,
    phase: Phase,
    /// The player counts of the searched set: from the smallest allowed to the drawn game's.
    seats: (u8, u8),
    /// The searched set's games met so far, by their number: player count by player count,
    /// seed by seed (played when first needed).
    games: BTreeMap<u64, Slot<G>>,
    /// The number of games in the searched set.
    total: u64,
    /// The next game of the searched set to probe (step 2).
    next_game: u64,
    scan: Option<Scan<G>>,
    /// Whether the case under test has been read since it was proposed: proptest, when it
    /// gives up shrinking, calls `complicate` over and over without reading the cases, to get
    /// back to the last failing one.
    read: AtomicBool,
}

impl<G: Game, C: Case<G>> PlayTree<G, C> {
    /// Draws a game, a position in it and an alternative.
    pub(super) fn draw(
        plays: &Plays<G>,
        runner: &mut TestRunner,
    ) -> NewTree<super::PlayStrategy<G, C>> {
        if let Some(refused) = &plays.refused {
            return Err(refused.to_string().into());
        }
        let draws = (
            plays.seats.clone(),
            any::<u64>(),
            any::<usize>(),
            any::<usize>(),
        );
        for _ in 0..TRIES {
            let (seats, seed, k, pick) = draws.new_tree(runner)?.current();
            let game = Arc::new(play::<G, C>(plays, seats, seed, plays.max_actions)?);
            // The drawn position, or the next one that holds a case (a position that may hold
            // one seldom does not: illegal actions at a state where every earlier one is legal
            // again).
            let n = game.fits.len();
            let found = (0..n).find_map(|i| {
                let mut cut = Cut {
                    game: Arc::clone(&game),
                    k: (k % n + i) % n,
                    pick,
                };
                let (value, pick) = cut.case::<C>(plays)?;
                cut.pick = pick;
                Some((cut, value))
            });
            let Some((cut, value)) = found else {
                continue;
            };
            let min = *plays.seats.start();
            let total = u64::from(seats - min + 1).saturating_mul(plays.shrink_seeds);
            return Ok(PlayTree {
                plays: plays.clone(),
                best: cut.clone(),
                best_value: value.clone(),
                trial: cut,
                value,
                phase: Phase::Start,
                seats: (min, seats),
                games: BTreeMap::new(),
                total,
                next_game: 0,
                scan: None,
                read: AtomicBool::new(false),
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

    /// The player count and seed of game `i` of the searched set.
    fn game_key(&self, i: u64) -> (u8, u64) {
        let n = self.plays.shrink_seeds;
        // Below `total`, `i / n` is below the number of player counts, so it fits a u8.
        (self.seats.0.saturating_add((i / n) as u8), i % n)
    }

    /// Whether a game is in the searched set.
    fn searched(&self, (seats, seed): (u8, u64)) -> bool {
        seed < self.plays.shrink_seeds && (self.seats.0..=self.seats.1).contains(&seats)
    }

    /// The last position of the game `key` of the searched set at which a failure would be
    /// simpler than the best; `None` if none would.
    fn cap(&self, key: (u8, u64)) -> Option<usize> {
        if !self.searched(self.best.game_key()) {
            return Some(self.plays.max_actions);
        }
        let len = self.best.len();
        match key.cmp(&self.best.game_key()) {
            Ordering::Less => Some(len),
            Ordering::Equal | Ordering::Greater => len.checked_sub(1),
        }
    }

    /// Game `i` of the searched set, played to at least `cap` actions (unless it ends first);
    /// `None` if it cannot be played.
    fn game(&mut self, i: u64, cap: usize) -> Option<Arc<Played<G>>> {
        match self.games.get(&i) {
            Some(Slot::Played(game)) if !(game.cut_short() && game.cap < cap) => {
                return Some(Arc::clone(game));
            }
            Some(Slot::Refused) => return None,
            Some(Slot::Played(_)) | None => {}
        }
        let (seats, seed) = self.game_key(i);
        match play::<G, C>(&self.plays, seats, seed, cap) {
            Ok(game) => {
                let game = Arc::new(game);
                self.games.insert(i, Slot::Played(Arc::clone(&game)));
                Some(game)
            }
            Err(_) => {
                self.games.insert(i, Slot::Refused);
                None
            }
        }
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

    /// The next game of the searched set, cut at its last fitting position that would be
    /// simpler than the best (step 2).
    fn other_game(&mut self) -> Option<Cut<G>> {
        while self.next_game < self.total {
            let i = self.next_game;
            self.next_game += 1;
            let key = self.game_key(i);
            if key == self.best.game_key() {
                continue;
            }
            let Some(cap) = self.cap(key) else {
                continue;
            };
            let Some(game) = self.game(i, cap) else {
                continue;
            };
            if let Some(k) = game.last_fit(cap) {
                return Some(Cut {
                    game,
                    k,
                    pick: self.best.pick,
                });
            }
        }
        None
    }

    /// The scan of step 3: first the searched set's games, each up to its last position that
    /// would be simpler than the best; then, if the best is still the drawn game, that game's
    /// positions before it. `None` when there is nothing (more) to scan.
    fn start_scan(&mut self, searched: bool) -> Option<Scan<G>> {
        let mut lanes = Vec::new();
        if searched {
            for i in 0..self.total {
                let key = self.game_key(i);
                let Some(cap) = self.cap(key) else {
                    continue;
                };
                if let Some(game) = self.game(i, cap) {
                    lanes.push(Lane::new(game, cap));
                }
            }
        } else if !self.searched(self.best.game_key()) {
            let last = self.best.len().checked_sub(1)?;
            lanes.push(Lane::new(Arc::clone(&self.best.game), last));
        }
        (!lanes.is_empty()).then_some(Scan {
            lanes,
            level: 0,
            next: 0,
            searched,
        })
    }

    /// Takes the verdict on the case under test and moves to the next simpler candidate;
    /// `false` (and the best case current again) when there is none.
    fn advance(&mut self, failed: bool) -> bool {
        let read = self.read.swap(false, atomic::Ordering::Relaxed);
        if failed {
            self.best = self.trial.clone();
            self.best_value = self.value.clone();
        } else if !read {
            // proptest gave up shrinking and wants the last failing case back.
            self.phase = Phase::Done;
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
            Phase::Scan if failed => {
                self.scan = None;
                Phase::Pick {
                    lo: 0,
                    hi: self.best.pick,
                }
            }
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
                        self.scan = self.start_scan(true);
                        self.phase = Phase::Scan;
                    }
                },
                Phase::Scan => {
                    let pick = self.best.pick;
                    let found = match &mut self.scan {
                        Some(scan) => scan.next::<C>(&self.plays, pick),
                        None => None,
                    };
                    if let Some((value, cut)) = found {
                        self.trial = cut;
                        self.value = value;
                        return true;
                    }
                    let searched = self.scan.take().is_some_and(|scan| scan.searched);
                    self.scan = if searched {
                        self.start_scan(false)
                    } else {
                        None
                    };
                    if self.scan.is_none() {
                        self.phase = Phase::Pick {
                            lo: 0,
                            hi: self.best.pick,
                        };
                    }
                }
                Phase::Pick { .. } => {
                    if self.binary_step() {
                        return true;
                    }
                    self.phase = Phase::Done;
                }
                Phase::Done => {
                    self.scan = None;
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
        self.read.store(true, atomic::Ordering::Relaxed);
        self.value.clone()
    }

    fn simplify(&mut self) -> bool {
        self.advance(true)
    }

    fn complicate(&mut self) -> bool {
        self.advance(false)
    }
}
