//! Proptest strategies over any [`Game`] (feature `testing`): reachable states, decisions with
//! one of their legal actions, illegal actions, chance nodes, setups and finished games, each
//! reached by playing a seeded game, and shrinking toward the shortest game that still fails.
//!
//! A case is a position of a game played from a seed: the config is
//! `G::standard_config(seats, seed)` (or [`Plays::configs`]), chance is resolved by a
//! [`Dice`](crate::Dice) seeded with `seed`, and every seat is played by an agent built from an
//! [`AgentSpec`] (random by default). The game is cut after some number of actions and the
//! state there is the case. So a case is a pure function of `(seats, seed, actions)`, and it
//! carries its own [`Replay`].
//!
//! When a property fails, the case shrinks toward the simplest failing case of the *searched
//! games*: every player count from the smallest of [`Plays::seats`] up to the failing game's,
//! each with seeds `0..`[`Plays::shrink_seeds`]. A case is simpler if it comes from a searched
//! game (the game proptest drew is kept only when none of them fails); then if it has fewer
//! actions; then fewer players; then a smaller seed; then an earlier alternative (the chosen
//! action or outcome, toward the first listed). Whatever the property, even one broken only
//! for a moment in the middle of a game, every position of every searched game that would be
//! simpler is tried, so the result is the shortest failing position among them, and the first
//! failing position of its game (see [`PlayTree`] for the steps, and `docs/testing.md`).
//!
//! The counterexample proptest prints is the case's `Debug`: its size, the replay as one line
//! of JSON (save it as a file, then `cargo run --example replay -- FILE --svg out.svg`) and the
//! state's `Display`.
//!
//! ```
//! use dicecore::{pig::Pig, strategy::Plays, Game};
//! use proptest::test_runner::TestRunner;
//!
//! let states = Plays::<Pig>::new().states();
//! TestRunner::default()
//!     .run(&states, |position| {
//!         // Every score stays below 100 + the turn total a player could bank.
//!         assert!(position.state().scores().iter().all(|&s| s < 200));
//!         Ok(())
//!     })
//!     .unwrap();
//! ```
//!
//! Shrinking needs proptest's `max_shrink_iters` (by default 4 per case) to be a few thousand
//! or more; [`runner_config`] gives a config that allows it. See `docs/testing.md` for worked
//! examples.

mod cases;
mod tree;

pub use cases::{Case, ChanceNode, Decision, Finished, IllegalAction, Position, SetupCase};
pub use tree::PlayTree;

use crate::agent::AgentSpecError;
use crate::{AgentSpec, FromSetup, Game, Replay};
use proptest::strategy::{NewTree, Strategy};
use proptest::test_runner::{Config as RunnerConfig, TestCaseError, TestRunner};
use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// Why a strategy could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StrategyError {
    /// The game is not played by that many players.
    #[error("{game} is played by {min} to {max} players, not {asked}")]
    Seats {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// The player counts asked for, as written (`"1..=3"`).
        asked: String,
        /// The fewest players the game supports.
        min: u8,
        /// The most players the game supports.
        max: u8,
    },
    /// The steering agent's spec does not parse, or gives it a budget of 0.
    #[error("the steering agent: {0}")]
    Agent(#[from] AgentSpecError),
    /// A cap of 0 actions: every game would stop at its first state.
    #[error("{game} games cut after 0 actions would all stop at the start: the cap on a game's length must be at least 1")]
    MaxActions {
        /// The game's [`Game::NAME`].
        game: &'static str,
    },
    /// The config function refused a supported player count.
    #[error("no {game} config for {seats} players: {reason}")]
    Config {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// The player count.
        seats: u8,
        /// The game's error, rendered.
        reason: String,
    },
}

/// How a config is made from `(seats, seed)`.
type ConfigFn<G> =
    Arc<dyn Fn(u8, u64) -> Result<<G as Game>::Config, <G as Game>::Error> + Send + Sync>;

/// How the games behind a strategy are played: player counts, the steering agent, the length
/// cap, the configs, how widely shrinking looks. Build it, then ask for a strategy:
/// [`Plays::states`], [`Plays::decisions`], [`Plays::illegal_actions`],
/// [`Plays::chance_nodes`], [`Plays::setups`], [`Plays::finished`].
///
/// ```
/// use dicecore::{pig::Pig, strategy::{Plays, StrategyError}};
/// let plays = Plays::<Pig>::new().seats(2..=3)?.agent("mc:5")?.try_max_actions(300)?;
/// let _decisions = plays.decisions();
/// assert!(Plays::<Pig>::new().seats(1..=2).is_err());
/// assert!(Plays::<Pig>::new().agent("alphazero").is_err());
/// assert!(Plays::<Pig>::new().try_max_actions(0).is_err());
/// # Ok::<(), StrategyError>(())
/// ```
pub struct Plays<G: Game> {
    pub(crate) seats: RangeInclusive<u8>,
    pub(crate) agent: AgentSpec,
    pub(crate) max_actions: usize,
    pub(crate) shrink_seeds: u64,
    pub(crate) config: ConfigFn<G>,
    /// A bad setting given to a method that cannot refuse it ([`Plays::max_actions`],
    /// [`Plays::agent_spec`]): the next method that returns a `Result` returns it, and every
    /// strategy refuses to draw with it.
    pub(crate) refused: Option<StrategyError>,
}

impl<G: Game> Clone for Plays<G> {
    fn clone(&self) -> Self {
        Plays {
            seats: self.seats.clone(),
            agent: self.agent,
            max_actions: self.max_actions,
            shrink_seeds: self.shrink_seeds,
            config: Arc::clone(&self.config),
            refused: self.refused.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Plays<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plays")
            .field("game", &G::NAME)
            .field("seats", &self.seats)
            .field("agent", &self.agent.to_string())
            .field("max_actions", &self.max_actions)
            .field("shrink_seeds", &self.shrink_seeds)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Default for Plays<G> {
    fn default() -> Self {
        Plays::new()
    }
}

impl<G: Game> Plays<G> {
    /// Games of every supported player count ([`Game::SEATS`]) with the standard config,
    /// played by random agents, at most [`Plays::DEFAULT_MAX_ACTIONS`] actions each.
    pub fn new() -> Self {
        Plays {
            seats: G::SEATS,
            agent: AgentSpec::Random,
            max_actions: Self::DEFAULT_MAX_ACTIONS,
            shrink_seeds: Self::DEFAULT_SHRINK_SEEDS,
            config: Arc::new(G::standard_config),
            refused: None,
        }
    }

    /// The default cap on a game's length: longer games are cut there.
    pub const DEFAULT_MAX_ACTIONS: usize = 2_000;
    /// The default number of small seeds shrinking tries per player count.
    pub const DEFAULT_SHRINK_SEEDS: u64 = 24;

    /// Plays only these player counts; an error if the range is empty or leaves
    /// [`Game::SEATS`].
    pub fn seats(mut self, seats: RangeInclusive<u8>) -> Result<Self, StrategyError> {
        self.check_refused()?;
        let (lo, hi) = (*G::SEATS.start(), *G::SEATS.end());
        if seats.is_empty() || *seats.start() < lo || *seats.end() > hi {
            return Err(StrategyError::Seats {
                game: G::NAME,
                asked: format!("{}..={}", seats.start(), seats.end()),
                min: lo,
                max: hi,
            });
        }
        self.seats = seats;
        self.check_configs()?;
        Ok(self)
    }

    /// Steers every seat with the agent of this spec (`random`, `mc:N`, `ismcts:N`); an error
    /// if it does not parse.
    pub fn agent(self, spec: &str) -> Result<Self, StrategyError> {
        self.try_agent_spec(spec.parse()?)
    }

    /// Steers every seat with the agent of this spec; an error if its budget (play-outs or
    /// iterations per decision) is 0.
    ///
    /// ```
    /// use dicecore::{pig::Pig, strategy::Plays, AgentSpec};
    /// assert!(Plays::<Pig>::new().try_agent_spec(AgentSpec::MonteCarlo { playouts: 8 }).is_ok());
    /// let err = Plays::<Pig>::new().try_agent_spec(AgentSpec::Ismcts { iterations: 0 });
    /// assert_eq!(
    ///     err.unwrap_err().to_string(),
    ///     "the steering agent: bad budget in agent 'ismcts:0': expected a whole number of \
    ///      at least 1 after the colon"
    /// );
    /// ```
    pub fn try_agent_spec(mut self, spec: AgentSpec) -> Result<Self, StrategyError> {
        self.check_refused()?;
        match spec {
            AgentSpec::MonteCarlo { playouts: 0 } | AgentSpec::Ismcts { iterations: 0 } => {
                Err(AgentSpecError::Budget(spec.to_string()).into())
            }
            _ => {
                self.agent = spec;
                Ok(self)
            }
        }
    }

    /// Steers every seat with the agent of this spec. A budget of 0 is not taken: it is kept
    /// as the error every later builder method and every strategy gives.
    #[deprecated(
        since = "0.2.0",
        note = "use try_agent_spec, which refuses a budget of 0"
    )]
    pub fn agent_spec(self, spec: AgentSpec) -> Self {
        let kept = self.clone();
        self.try_agent_spec(spec).unwrap_or_else(|e| kept.refuse(e))
    }

    /// Cuts every game after at most `max_actions` actions; an error if it is 0.
    pub fn try_max_actions(mut self, max_actions: usize) -> Result<Self, StrategyError> {
        self.check_refused()?;
        if max_actions == 0 {
            return Err(StrategyError::MaxActions { game: G::NAME });
        }
        self.max_actions = max_actions;
        Ok(self)
    }

    /// Cuts every game after at most `max_actions` actions. A cap of 0 is not taken: it is
    /// kept as the error every later builder method and every strategy gives.
    #[deprecated(since = "0.2.0", note = "use try_max_actions, which refuses 0")]
    pub fn max_actions(self, max_actions: usize) -> Self {
        let kept = self.clone();
        self.try_max_actions(max_actions)
            .unwrap_or_else(|e| kept.refuse(e))
    }

    /// These plays with `e` kept as the error of every later builder method and strategy
    /// (the first one kept stays).
    fn refuse(mut self, e: StrategyError) -> Self {
        self.refused.get_or_insert(e);
        self
    }

    /// The bad setting kept by a method that could not refuse it, if any.
    fn check_refused(&self) -> Result<(), StrategyError> {
        self.refused.clone().map_or(Ok(()), Err)
    }

    /// How many small seeds (`0..n`) shrinking tries per player count when it looks for a
    /// shorter game; 0 keeps the failing game's seed and player count.
    pub fn shrink_seeds(mut self, n: u64) -> Self {
        self.shrink_seeds = n;
        self
    }

    /// Makes each game's config with `make(seats, seed)` instead of
    /// [`Game::standard_config`] (for variant flags and house rules); an error if it refuses
    /// seed 0 for one of the player counts.
    ///
    /// ```
    /// use dicecore::{pig::Pig, strategy::Plays, Game};
    /// let short = Plays::<Pig>::new().configs(|seats, seed| {
    ///     let mut config = Pig::standard_config(seats, seed)?;
    ///     config.target = 20;
    ///     Ok(config)
    /// });
    /// assert!(short.is_ok());
    /// ```
    pub fn configs(
        mut self,
        make: impl Fn(u8, u64) -> Result<G::Config, G::Error> + Send + Sync + 'static,
    ) -> Result<Self, StrategyError> {
        self.check_refused()?;
        self.config = Arc::new(make);
        self.check_configs()?;
        Ok(self)
    }

    /// Every player count has a config (at seed 0).
    fn check_configs(&self) -> Result<(), StrategyError> {
        for seats in self.seats.clone() {
            (self.config)(seats, 0)
                .and_then(|c| G::new(&c))
                .map_err(|e| StrategyError::Config {
                    game: G::NAME,
                    seats,
                    reason: e.to_string(),
                })?;
        }
        Ok(())
    }

    /// Reachable states: [`Position`]s of played games.
    pub fn states(&self) -> PlayStrategy<G, Position<G>> {
        self.strategy()
    }

    /// Calls `check` on the states of `cases` played games, each cut at a random point (a
    /// proptest run of [`Plays::states`] with [`runner_config`], so `PROPTEST_CASES` replaces
    /// `cases` when it is set), for tests that state a property of every reachable state. A state `check` refuses (with an `Err` or a panic)
    /// shrinks to the shortest game that reaches a refused state, and this panics with it: the
    /// reason, the replay and the table.
    ///
    /// ```
    /// use dicecore::{pig::Pig, strategy::Plays, Game};
    /// let mut met = 0;
    /// Plays::<Pig>::new().check_states(50, |state| {
    ///     met += 1;
    ///     match state.scores().iter().all(|&s| s < 200) {
    ///         true => Ok(()),
    ///         false => Err("a score past 200".to_string()),
    ///     }
    /// });
    /// assert_eq!(met, dicecore::strategy::runner_config(50).cases);
    /// ```
    pub fn check_states(&self, cases: u32, check: impl FnMut(&G) -> Result<(), String>) {
        let check = std::cell::RefCell::new(check);
        let run = TestRunner::new(runner_config(cases)).run(&self.states(), |position| {
            (check.borrow_mut())(position.state()).map_err(TestCaseError::fail)
        });
        if let Err(e) = run {
            panic!("{e}");
        }
    }

    /// The first state, in play order, of the games of seeds `0..games` (each at every
    /// player count of [`Plays::seats`], played by the steering agents) for which `pred`
    /// holds, with its replay; `None` if no state of those games does. For tests that need a
    /// rare kind of state (one phase of the game), which a random cut of a game seldom meets.
    /// A game that cannot be played (a config refused, an agent failing) is an error.
    ///
    /// ```
    /// use dicecore::{pig::Pig, strategy::Plays, Game};
    /// let found = Plays::<Pig>::new().find_state(10, |s| s.scores()[0] >= 20).unwrap();
    /// let position = found.expect("a seat reaches 20 in ten games");
    /// assert!(position.state().scores()[0] >= 20);
    /// assert_eq!(position.replay().run().unwrap(), *position.state());
    /// ```
    pub fn find_state(
        &self,
        games: u64,
        mut pred: impl FnMut(&G) -> bool,
    ) -> Result<Option<Position<G>>, String> {
        self.check_refused().map_err(|e| e.to_string())?;
        tree::find(self, games, &mut pred)
    }

    /// The game the strategies play from `(seats, seed)`, as its replay: the config of
    /// `(seats, seed)`, chance rolled by dice seeded with `seed`, every seat played by the
    /// steering agent, cut after the cap on its length. Every case a strategy yields is a
    /// position of one of these games (its [`Position::replay`] is a prefix of it), so a test
    /// can go through the games shrinking searches.
    ///
    /// ```
    /// use dicecore::{pig::Pig, strategy::Plays, Game};
    /// let plays = Plays::<Pig>::new();
    /// let game = plays.game(3, 5).unwrap();
    /// assert_eq!(game.seed, 5);
    /// assert!(game.run().unwrap().outcome().is_some());
    /// assert!(plays.game(1, 5).is_err());
    /// ```
    pub fn game(&self, seats: u8, seed: u64) -> Result<Replay<G>, String> {
        self.check_refused().map_err(|e| e.to_string())?;
        tree::replay(self, seats, seed)
    }

    /// A position where a seat decides, with one of the legal actions there.
    pub fn decisions(&self) -> PlayStrategy<G, Decision<G>> {
        self.strategy()
    }

    /// A position with an action that is not legal there, drawn from the actions that were
    /// legal at earlier positions of the same game: the one just before, the first, and
    /// positions 1, 4, 16, 64, ... (see [`IllegalAction`]).
    pub fn illegal_actions(&self) -> PlayStrategy<G, IllegalAction<G>> {
        self.strategy()
    }

    /// A chance node with its outcomes and their probabilities.
    pub fn chance_nodes(&self) -> PlayStrategy<G, ChanceNode<G>> {
        self.strategy()
    }

    /// A reachable state with its [`FromSetup::to_setup`].
    pub fn setups(&self) -> PlayStrategy<G, SetupCase<G>>
    where
        G: FromSetup,
    {
        self.strategy()
    }

    /// Games played to their end: the final position, its [`Outcome`](crate::Outcome) and
    /// its replay. A game still running after the cap on its length is not one of them (keep
    /// the cap above the game's length; the default, 2,000 actions, is).
    ///
    /// ```
    /// use dicecore::{pig::Pig, strategy::Plays, Game};
    /// use proptest::test_runner::TestRunner;
    /// TestRunner::new(dicecore::strategy::runner_config(8))
    ///     .run(&Plays::<Pig>::new().finished(), |end| {
    ///         assert!(end.position.state().outcome().is_some_and(|o| o == end.outcome));
    ///         assert_eq!(end.position.replay().run().as_ref(), Ok(end.position.state()));
    ///         Ok(())
    ///     })
    ///     .unwrap();
    /// ```
    pub fn finished(&self) -> PlayStrategy<G, Finished<G>> {
        self.strategy()
    }

    fn strategy<C: Case<G>>(&self) -> PlayStrategy<G, C> {
        PlayStrategy {
            plays: self.clone(),
            case: PhantomData,
        }
    }
}

/// Reachable states of `G` with the defaults of [`Plays::new`].
///
/// ```
/// use dicecore::{pig::Pig, strategy, Game};
/// use proptest::prelude::*;
///
/// proptest! {
///     #![proptest_config(strategy::runner_config(16))]
///     // In a test file, `#[test]` goes here.
///     fn scores_are_never_negative(position in strategy::states::<Pig>()) {
///         prop_assert!(position.state().scores().iter().all(|&s| s >= 0));
///     }
/// }
/// # scores_are_never_negative();
/// ```
pub fn states<G: Game>() -> PlayStrategy<G, Position<G>> {
    Plays::new().states()
}

/// Decisions of `G` with one of their legal actions, with the defaults of [`Plays::new`].
///
/// ```
/// use dicecore::{pig::Pig, strategy, Game};
/// use proptest::test_runner::TestRunner;
/// TestRunner::default()
///     .run(&strategy::decisions::<Pig>(), |d| {
///         assert_eq!(d.position.state().action_seat(&d.action), Some(d.seat));
///         assert!(d.position.state().apply(&d.action).is_ok());
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn decisions<G: Game>() -> PlayStrategy<G, Decision<G>> {
    Plays::new().decisions()
}

/// Actions that are not legal in a state, with the defaults of [`Plays::new`].
///
/// ```
/// use dicecore::{pig::Pig, strategy, Game};
/// use proptest::test_runner::TestRunner;
/// TestRunner::default()
///     .run(&strategy::illegal_actions::<Pig>(), |case| {
///         let state = case.position.state();
///         assert!(state.apply(&case.action).is_err());
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn illegal_actions<G: Game>() -> PlayStrategy<G, IllegalAction<G>> {
    Plays::new().illegal_actions()
}

/// Chance nodes with their outcomes, with the defaults of [`Plays::new`].
///
/// ```
/// use dicecore::{pig::Pig, strategy, Probability};
/// use proptest::test_runner::TestRunner;
/// TestRunner::default()
///     .run(&strategy::chance_nodes::<Pig>(), |node| {
///         let total = Probability::sum(node.outcomes.iter().map(|(_, p)| *p));
///         assert_eq!(total, Some(Probability::ONE));
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn chance_nodes<G: Game>() -> PlayStrategy<G, ChanceNode<G>> {
    Plays::new().chance_nodes()
}

/// Reachable states with their setups, with the defaults of [`Plays::new`].
///
/// ```
/// use dicecore::{pig::Pig, strategy, FromSetup, Game};
/// use proptest::test_runner::TestRunner;
/// TestRunner::default()
///     .run(&strategy::setups::<Pig>(), |case| {
///         let state = case.position.state();
///         assert_eq!(Pig::from_setup(state.config(), &case.setup).as_ref(), Ok(state));
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn setups<G: FromSetup>() -> PlayStrategy<G, SetupCase<G>> {
    Plays::new().setups()
}

/// Games played to their end with their outcomes, with the defaults of [`Plays::new`].
///
/// ```
/// use dicecore::{pig::Pig, strategy, Game};
/// use proptest::prelude::*;
///
/// proptest! {
///     #![proptest_config(strategy::runner_config(8))]
///     fn pig_has_one_winner(end in strategy::finished::<Pig>()) {
///         prop_assert_eq!(end.outcome.winners.len(), 1);
///     }
/// }
/// # pig_has_one_winner();
/// ```
pub fn finished<G: Game>() -> PlayStrategy<G, Finished<G>> {
    Plays::new().finished()
}

/// The shrink steps [`runner_config`] allows: enough for shrinking to try every position of
/// the searched games of a long game (see the module documentation).
pub const SHRINK_ITERS: u32 = 1 << 16;

/// A proptest config for `cases` cases that lets the strategies of this module shrink
/// ([`SHRINK_ITERS`] shrink steps) and persists no failures to files. proptest's environment
/// variables win over these values as they do over its defaults (`PROPTEST_CASES`,
/// `PROPTEST_MAX_SHRINK_ITERS`, `PROPTEST_RNG_SEED`, ...).
///
/// ```
/// let config = dicecore::strategy::runner_config(32);
/// let cases = std::env::var("PROPTEST_CASES").map_or(32, |n| n.parse().unwrap());
/// assert_eq!(config.cases, cases);
/// ```
pub fn runner_config(cases: u32) -> RunnerConfig {
    proptest::test_runner::contextualize_config(RunnerConfig {
        cases,
        max_shrink_iters: SHRINK_ITERS,
        failure_persistence: None,
        ..RunnerConfig::default()
    })
}

/// A strategy whose values are cases `C` (a [`Position`], [`Decision`], ...) of games of `G`
/// played as its [`Plays`] says. Made by the methods of [`Plays`] and the functions of this
/// module.
pub struct PlayStrategy<G: Game, C> {
    plays: Plays<G>,
    case: PhantomData<fn() -> C>,
}

impl<G: Game, C> Clone for PlayStrategy<G, C> {
    fn clone(&self) -> Self {
        PlayStrategy {
            plays: self.plays.clone(),
            case: PhantomData,
        }
    }
}

impl<G: Game, C: Case<G>> fmt::Debug for PlayStrategy<G, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayStrategy")
            .field("case", &C::WHAT)
            .field("plays", &self.plays)
            .finish()
    }
}

impl<G: Game, C: Case<G>> Strategy for PlayStrategy<G, C> {
    type Tree = PlayTree<G, C>;
    type Value = C;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        PlayTree::draw(&self.plays, runner)
    }
}
