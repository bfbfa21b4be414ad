//! Playing games: [`play_one`] plays game `i` of a spec; [`run`] plays a range of them in
//! parallel with rayon and tallies a [`Summary`].

use crate::metrics::Observer;
use crate::seeds::Stream;
use crate::spec::{Spec, SpecError};
use crate::summary::{GameResult, Header, MergeError, Summary};
use dicecore::{Dice, Game, Seat, Turn};
use rayon::prelude::*;
use serde::Serialize;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts finished games while a run goes on, for a progress bar: share one between the run
/// (in [`Options::progress`]) and a thread that reads [`Progress::done`].
#[derive(Debug, Default)]
pub struct Progress(AtomicU64);

impl Progress {
    /// A counter at zero.
    pub const fn new() -> Progress {
        Progress(AtomicU64::new(0))
    }

    /// Games finished so far.
    pub fn done(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    pub(crate) fn tick(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

/// How to run (none of it changes the summary).
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct Options<'a> {
    /// `Some(n)`: play on a pool of `n` threads of its own, built for this run; `None`: in the
    /// current rayon pool (the global one, sized to all cores, unless called inside
    /// `ThreadPool::install`).
    pub threads: Option<usize>,
    /// A counter of finished games, for progress bars.
    pub progress: Option<&'a Progress>,
}

impl<'a> Options<'a> {
    /// Plays on a pool of `threads` threads of its own ([`Options::threads`]). `Options` is
    /// `#[non_exhaustive]`: build it from [`Options::default`] and these setters.
    ///
    /// ```
    /// use tabula_sim::{Options, Progress};
    /// let progress = Progress::new();
    /// let options = Options::default().threads(2).progress(&progress);
    /// assert_eq!(options.threads, Some(2));
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Counts finished games in `progress` ([`Options::progress`]).
    pub fn progress(mut self, progress: &'a Progress) -> Self {
        self.progress = Some(progress);
        self
    }
}

/// Why a simulation stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// The spec does not fit the game.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The game refused the config or an action of game `index` (a bug in an agent or a game).
    #[error("game {index}: {message}")]
    Game {
        /// The game's index.
        index: u64,
        /// The game's error.
        message: String,
    },
    /// An agent had no action for its seat.
    #[error("game {index}: the agent of {seat} offered no action")]
    NoAction {
        /// The game's index.
        index: u64,
        /// The seat to move.
        seat: Seat,
    },
    /// A chance event had no outcome (a bug in the game).
    #[error("game {index}: a chance event had no outcome")]
    NoChanceOutcome {
        /// The game's index.
        index: u64,
    },
    /// Game `index` did not end within the spec's `max_actions`.
    #[error("game {index} did not end within {max_actions} actions")]
    TooLong {
        /// The game's index.
        index: u64,
        /// The limit.
        max_actions: u64,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The reason.
        message: String,
    },
    /// Two partial summaries did not merge (a bug: the parts of one run are disjoint).
    #[error(transparent)]
    Merge(#[from] MergeError),
}

impl SimError {
    /// The index of the game the error is about, if any.
    pub fn game_index(&self) -> Option<u64> {
        match *self {
            SimError::Game { index, .. }
            | SimError::NoAction { index, .. }
            | SimError::NoChanceOutcome { index }
            | SimError::TooLong { index, .. } => Some(index),
            _ => None,
        }
    }
}

/// Plays game `index` of `spec` to the end: the config of `spec.config_of(index)`, chance
/// resolved by `Game::sample_chance` with dice seeded `seed(master, index, Stream::Dice)`, each
/// decision asked of the agent of [`Turn::next_seat`] — the same steps as `dicecore::Match`,
/// without keeping a log. So `Match::new(config, dice_seed)` with `spec.agents_of(index)`
/// replays exactly this game. When a chosen metric ([`Spec::metrics`]) needs the legal actions
/// or the running scores, every decision is also observed ([`GameResult::metrics`]); the game
/// played is the same.
///
/// ```
/// use tabula_sim::{parse_agents, play_one, Spec};
/// use dicecore::pig::Pig;
/// let spec = Spec::new(2, 10, 1, parse_agents("random", 2).unwrap());
/// let game = play_one::<Pig>(&spec, 3).unwrap();
/// assert_eq!(game, play_one::<Pig>(&spec, 3).unwrap());
/// assert!(!game.outcome.winners.is_empty());
/// ```
pub fn play_one<G: Game>(spec: &Spec<G::Config>, index: u64) -> Result<GameResult, SimError> {
    play::<G>(spec, index, false).map(|p| p.result)
}

/// One game played by [`play`]: its result, and when asked the digest of its actions.
pub(crate) struct Played {
    pub result: GameResult,
    /// A 64-bit digest of the game's actions in order (FNV-1a over their `Hash`), 0 unless
    /// asked for: two games of one process with the same digest played the same actions.
    pub actions: u64,
}

/// Plays game `index` of `spec` as [`play_one`] does, also hashing its actions when
/// `hash_actions`.
pub(crate) fn play<G: Game>(
    spec: &Spec<G::Config>,
    index: u64,
    hash_actions: bool,
) -> Result<Played, SimError> {
    let game_error = |e: G::Error| SimError::Game {
        index,
        message: e.to_string(),
    };
    let config =
        (spec.config_of::<G>(index)).map_err(|message| SimError::Game { index, message })?;
    let mut state = G::new(&config).map_err(game_error)?;
    let mut dice = Dice::from_seed(spec.seed_of(index, Stream::Dice));
    let mut agents = spec.agents_of::<G>(index);
    let (mut actions, mut decisions) = (0u64, 0u64);
    let mut first = None;
    let chosen = spec.metrics;
    let watch = chosen.needs_legal_actions() || chosen.needs_running_scores();
    let mut observer = watch.then(|| Observer::new(state.seats(), chosen));
    let mut digest = crate::digest::Fnv::default();
    // Errors are built only when they happen, never as `ok_or`'s argument: an error built and
    // dropped at every action cost plain runs 4% of their instructions (docs/performance.md).
    loop {
        let action = match state.turn() {
            Turn::Over => break,
            Turn::Chance => match state.sample_chance(&mut dice) {
                Some(outcome) => outcome,
                None => return Err(SimError::NoChanceOutcome { index }),
            },
            turn => {
                let seat = turn.next_seat().unwrap_or(Seat(0));
                first = first.or(Some(seat));
                decisions += 1;
                if let Some(o) = &mut observer {
                    o.decision(&state, seat);
                }
                let agent = agents.get_mut(seat.index());
                match agent.and_then(|agent| agent.choose(&state, seat)) {
                    Some(action) => action,
                    None => return Err(SimError::NoAction { index, seat }),
                }
            }
        };
        if actions >= spec.max_actions {
            return Err(SimError::TooLong {
                index,
                max_actions: spec.max_actions,
            });
        }
        if hash_actions {
            action.hash(&mut digest);
        }
        state.apply_in_place(&action).map_err(game_error)?;
        actions += 1;
    }
    let outcome = state.outcome().ok_or_else(|| SimError::Game {
        index,
        message: "the game is over without an outcome".to_string(),
    })?;
    Ok(Played {
        result: GameResult {
            index,
            metrics: observer.as_ref().map(|o| o.finish(&outcome)),
            observed: observer.as_ref().map(|o| o.observed()),
            outcome,
            actions,
            decisions,
            first: first.unwrap_or(Seat(0)),
        },
        actions: if hash_actions { digest.finish() } else { 0 },
    })
}

/// The summary header of a spec of game `G`.
pub fn header<G: Game>(spec: &Spec<G::Config>) -> Result<Header, SpecError>
where
    G::Config: Serialize,
{
    Ok(Header {
        game: G::NAME.to_string(),
        players: spec.players,
        seed: spec.seed,
        agents: spec.agents.clone(),
        configs: spec.configs.to_json()?,
        rules: Some(G::RULES_VERSION),
    })
}

/// The tally of one worker: a summary and the first error it met.
struct Part {
    summary: Summary,
    error: Option<SimError>,
}

/// Keeps the error of the lowest game index, so the error reported does not depend on the
/// threads.
pub(crate) fn keep_first(a: Option<SimError>, b: Option<SimError>) -> Option<SimError> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.game_index() < a.game_index() {
            b
        } else {
            a
        }),
        (a, b) => a.or(b),
    }
}

impl Part {
    fn join(self, other: Part) -> Part {
        let (summary, merge_error) = match self.summary.merged(&other.summary) {
            Ok(s) => (s, None),
            Err(e) => (self.summary, Some(SimError::from(e))),
        };
        Part {
            summary,
            error: keep_first(keep_first(self.error, other.error), merge_error),
        }
    }
}

/// Plays games `range` of `spec` in parallel and returns their summary. The summary depends on
/// the spec and the range alone: not on the threads, nor on how the range is split (the
/// summaries of `a..b` and `b..c` merge into that of `a..c`). Every game's config is checked
/// before any game is played ([`Spec::check_configs`]), so a bad variant never stops a run
/// halfway. On failure the error is that of the lowest failing game index.
///
/// ```
/// use tabula_sim::{parse_agents, run, Options, Spec};
/// use dicecore::pig::Pig;
/// let spec = Spec::new(2, 100, 11, parse_agents("random,mc:4", 2).unwrap());
/// let summary = run::<Pig>(&spec, 0..100, &Options::default()).unwrap();
/// let one_thread = Options::default().threads(1);
/// assert_eq!(summary, run::<Pig>(&spec, 0..100, &one_thread).unwrap());
/// println!("{summary}");
/// ```
pub fn run<G: Game>(
    spec: &Spec<G::Config>,
    range: Range<u64>,
    options: &Options,
) -> Result<Summary, SimError>
where
    G::Config: Serialize,
{
    spec.check::<G>()?;
    spec.check_range(&range)?;
    let header = header::<G>(spec)?;
    in_pool(options, || {
        spec.check_configs::<G>(&range)?;
        run_in_pool::<G>(spec, range, header, options.progress)
    })
}

/// Runs `work` on the pool of `options`: a pool of its own of [`Options::threads`], or the
/// current one.
pub(crate) fn in_pool<T: Send>(
    options: &Options,
    work: impl FnOnce() -> Result<T, SimError> + Send,
) -> Result<T, SimError> {
    match options.threads {
        None => work(),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .map_err(|e| SimError::Threads {
                threads,
                message: e.to_string(),
            })?
            .install(work),
    }
}

fn run_in_pool<G: Game>(
    spec: &Spec<G::Config>,
    range: Range<u64>,
    header: Header,
    progress: Option<&Progress>,
) -> Result<Summary, SimError> {
    // Games after the lowest failing index found so far are skipped; games before it still
    // run, so the error reported is always that of the lowest failing index.
    let first_failure = AtomicU64::new(u64::MAX);
    let empty = || Part {
        summary: Summary::empty(header.clone()).with_metrics(spec.metrics),
        error: None,
    };
    let part = range
        .into_par_iter()
        .fold(empty, |mut part, index| {
            if index > first_failure.load(Ordering::Relaxed) {
                return part;
            }
            match play_one::<G>(spec, index) {
                Ok(game) => part.summary.record(&game),
                Err(e) => {
                    first_failure.fetch_min(index, Ordering::Relaxed);
                    part.error = keep_first(part.error, Some(e));
                }
            }
            if let Some(p) = progress {
                p.tick();
            }
            part
        })
        .reduce(empty, Part::join);
    match part.error {
        Some(e) => Err(e),
        None => Ok(part.summary),
    }
}
