//! [`Table`]: one game in progress as a binding holds it, in plain Rust, so that the Python
//! package (`python/`) and the WebAssembly package (`crates/wasm`) translate arguments and
//! errors in one way, testable with `cargo test`. The game crates decide everything; this module
//! only reads seat numbers, ids and JSON, and words every refusal as a [`Failure`] that carries
//! the engine's one-line reason.
//!
//! ```
//! use tabula::dicecore::pig::Pig;
//! use tabula::table::{standard_config, Failure, Table};
//! let mut t = Table::<Pig>::new(&standard_config::<Pig>(2, 1).unwrap()).unwrap();
//! let ids = t.legal_ids(None).unwrap();
//! let action = t.action_of(ids[0] as i64, None).unwrap();
//! t.apply(action).unwrap();
//! // An illegal id is refused with a reason, and nothing changes.
//! assert!(matches!(t.action_of(-1, None), Err(Failure::Illegal(_))));
//! assert_eq!(t.history().unwrap().len(), 1);
//! // The replay file, byte for byte as the programs write it.
//! let file = t.replay_file(1).unwrap();
//! assert_eq!(Table::<Pig>::run_replay(&file).unwrap().state, t.state);
//! assert!(t.undo().is_ok());
//! assert_eq!(t.history().unwrap().len(), 0);
//! ```

use crate::sim::{self, SimError, Spec, SpecError};
use dicecore::{
    AgentSpec, Dice, Encode, Game, Outcome, Probability, Replay, ReplayError, Seat, Turn,
};
use std::fmt;
use std::marker::PhantomData;
use std::ops::Range;

/// A refused call of a binding, with the engine's message. Each variant is one kind of error,
/// named by [`Failure::kind`]: Python raises the exception class of that name
/// (`tabula.errors`), JavaScript throws an `Error` whose `name` it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Failure {
    /// No game of that name (`UnknownGame`).
    UnknownGame(String),
    /// A bad player count or config (`ConfigError`).
    Config(String),
    /// An action, id or chance text refused (`IllegalAction`); the state is unchanged.
    Illegal(String),
    /// A saved state that does not load, or a history that is unknown (`LoadError`).
    Load(String),
    /// A seat that is not at the table (`TabulaError`).
    Seat(String),
    /// A replay that does not run (`ReplayError`, with the failing action's index).
    Replay {
        /// The message.
        message: String,
        /// 0-based index of the refused action, if an action was refused.
        index: Option<usize>,
        /// That action, rendered.
        action: Option<String>,
    },
    /// An engine broke its own contract (`TabulaError`); please report it.
    Internal(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::UnknownGame(m)
            | Failure::Config(m)
            | Failure::Illegal(m)
            | Failure::Load(m)
            | Failure::Seat(m) => f.write_str(m),
            Failure::Replay { message, .. } => f.write_str(message),
            Failure::Internal(m) => write!(f, "internal error (please report it): {m}"),
        }
    }
}

impl std::error::Error for Failure {}

impl Failure {
    /// The name of this kind of error: `UnknownGame`, `ConfigError`, `IllegalAction`,
    /// `LoadError`, `ReplayError` or `TabulaError` (Python's exception classes, JavaScript's
    /// error names).
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::UnknownGame(_) => "UnknownGame",
            Failure::Config(_) => "ConfigError",
            Failure::Illegal(_) => "IllegalAction",
            Failure::Load(_) => "LoadError",
            Failure::Replay { .. } => "ReplayError",
            Failure::Seat(_) | Failure::Internal(_) => "TabulaError",
        }
    }

    /// The failure of a game name that is not in the registry, listing the known ones.
    pub fn unknown_game(name: &str) -> Failure {
        Failure::UnknownGame(format!(
            "unknown game '{name}': the games are {}",
            crate::games::names()
        ))
    }
}

/// A refused spec: an unknown game, or a bad player count, agent, range or config.
impl From<SpecError> for Failure {
    fn from(e: SpecError) -> Failure {
        match e {
            SpecError::UnknownGame { .. } => Failure::UnknownGame(e.to_string()),
            other => Failure::Config(other.to_string()),
        }
    }
}

/// A simulation that stopped: its spec was refused, or an engine broke its contract.
impl From<SimError> for Failure {
    fn from(e: SimError) -> Failure {
        match e {
            SimError::Spec(spec) => spec.into(),
            other => Failure::Internal(other.to_string()),
        }
    }
}

/// A player count from a binding, checked to fit the engine's type (the engine checks the
/// range).
fn seats_arg(players: i64) -> Result<u8, Failure> {
    u8::try_from(players).map_err(|_| {
        Failure::Config(format!(
            "a table has a positive number of players, not {players}"
        ))
    })
}

/// The standard config of `G` for `players` and `seed` (the engine's own error otherwise).
pub fn standard_config<G: Game>(players: i64, seed: u64) -> Result<G::Config, Failure> {
    G::standard_config(seats_arg(players)?, seed).map_err(|e| Failure::Config(e.to_string()))
}

/// A config read from its JSON text (the engine's serde form).
pub fn config_from_json<G: Game>(text: &str) -> Result<G::Config, Failure> {
    serde_json::from_str(text)
        .map_err(|e| Failure::Config(format!("this is not a {} config: {e}", G::NAME)))
}

/// JSON text of any serialisable value of the engine (never fails for the engines' types).
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure::Internal(e.to_string()))
}

/// A state, and the actions applied to it since its initial state (for replays and take-backs).
///
/// `F` is the failure type the methods return: [`Failure`], or a binding's own type that a
/// `Failure` converts into (the Python binding's, which its exceptions are made from; Rust's
/// orphan rule lets only a local type convert into `pyo3::PyErr`).
#[derive(Debug)]
pub struct Table<G: Game, F = Failure> {
    /// The engine's state.
    pub state: G,
    /// Every action applied since the initial state (when `complete`).
    log: Vec<G::Action>,
    /// Whether `log` holds the whole history (false for states loaded from JSON).
    complete: bool,
    failure: PhantomData<fn() -> F>,
}

impl<G: Game, F> Clone for Table<G, F> {
    fn clone(&self) -> Self {
        Table {
            state: self.state.clone(),
            log: self.log.clone(),
            complete: self.complete,
            failure: PhantomData,
        }
    }
}

impl<G: Game + Encode, F: From<Failure>> Table<G, F> {
    /// The initial state of a config (validated by the engine).
    pub fn new(config: &G::Config) -> Result<Self, F> {
        let state = G::new(config).map_err(|e| F::from(Failure::Config(e.to_string())))?;
        Ok(Table {
            state,
            log: Vec::new(),
            complete: true,
            failure: PhantomData,
        })
    }

    /// A state read from its JSON text (the engine's validated loader decides); its history
    /// is unknown.
    pub fn from_json(text: &str) -> Result<Self, F> {
        let state: G = serde_json::from_str(text)
            .map_err(|e| F::from(Failure::Load(format!("not a valid {} state: {e}", G::NAME))))?;
        Ok(Table {
            state,
            log: Vec::new(),
            complete: false,
            failure: PhantomData,
        })
    }

    /// A state and its history from their JSON texts (the form Python's `pickle` keeps);
    /// without a history the state's history is unknown.
    pub fn restore(state: &str, history: Option<&str>) -> Result<Self, F> {
        let mut table = Self::from_json(state)?;
        if let Some(text) = history {
            table.log = serde_json::from_str(text).map_err(|e| {
                F::from(Failure::Load(format!(
                    "not a valid {} history: {e}",
                    G::NAME
                )))
            })?;
            table.complete = true;
        }
        Ok(table)
    }

    /// A seat number from a binding, checked against the table.
    pub fn seat(&self, seat: i64) -> Result<Seat, F> {
        let n = self.state.seats();
        match u8::try_from(seat) {
            Ok(s) if s < n => Ok(Seat(s)),
            _ => Err(F::from(Failure::Seat(format!(
                "seat {seat} is not at this table: seats are 0 to {}",
                n.saturating_sub(1)
            )))),
        }
    }

    /// An optional seat number from a binding.
    pub fn seat_opt(&self, seat: Option<i64>) -> Result<Option<Seat>, F> {
        seat.map(|s| self.seat(s)).transpose()
    }

    /// Who acts next.
    pub fn turn(&self) -> Turn {
        self.state.turn()
    }

    /// The legal actions: of every seat to move (`None`), or of one seat.
    pub fn legal_actions(&self, seat: Option<Seat>) -> Vec<G::Action> {
        let mut out = Vec::new();
        match seat {
            None => self.state.legal_actions(&mut out),
            Some(s) => self.state.legal_actions_for(s, &mut out),
        }
        out
    }

    /// The id of an action of this game.
    pub fn id_of(&self, action: &G::Action) -> Result<usize, F> {
        G::action_id(self.state.config(), action).ok_or_else(|| {
            F::from(Failure::Internal(format!(
                "the action '{action}' has no id"
            )))
        })
    }

    /// The sorted ids of the legal actions of `seat` (default: the seat to move; at a turn of
    /// several seats the seat must be given, as ids do not name it); the chance outcomes' ids
    /// at a chance node.
    pub fn legal_ids(&self, seat: Option<Seat>) -> Result<Vec<usize>, F> {
        let seat = match (seat, self.state.turn()) {
            (None, Turn::Seats(set)) if set.len() > 1 => {
                return Err(F::from(Failure::Seat(format!(
                    "seats {set} decide now: say whose legal action ids you want"
                ))))
            }
            (None, turn) => turn.next_seat(),
            (given, _) => given,
        };
        let actions = match (self.state.turn(), seat) {
            (Turn::Chance, _) => self.legal_actions(None),
            (_, Some(s)) => self.legal_actions(Some(s)),
            (_, None) => Vec::new(),
        };
        let mut ids = actions
            .iter()
            .map(|a| self.id_of(a))
            .collect::<Result<Vec<_>, _>>()?;
        ids.sort_unstable();
        Ok(ids)
    }

    /// The action of an id: a chance outcome, or a decision of `seat` (default: the seat to
    /// move; at a turn of several seats the seat must be given). An id in range that this
    /// config cannot produce (a solo pass where a stuck solo game ends, an entry over a cell
    /// printed on every card) is refused like an illegal action.
    pub fn action_of(&self, id: i64, seat: Option<Seat>) -> Result<G::Action, F> {
        let config = self.state.config();
        let total = G::num_distinct_actions(config);
        let index = usize::try_from(id).ok().filter(|&i| i < total);
        let out_of_range = || {
            F::from(Failure::Illegal(format!(
                "action id {id} is out of range: ids are 0 to {}",
                total.saturating_sub(1)
            )))
        };
        let index = index.ok_or_else(out_of_range)?;
        let seat = if index < G::max_chance_outcomes(config) {
            Seat(0)
        } else {
            match (seat, self.state.turn()) {
                (Some(s), _) => s,
                (None, Turn::Seats(set)) if set.len() > 1 => {
                    return Err(F::from(Failure::Illegal(format!(
                        "seats {set} decide now: say which seat takes action id {id}"
                    ))))
                }
                // Elsewhere the seat to move; at chance or at the end the engine refuses the
                // decision with its own message.
                (None, turn) => turn.next_seat().unwrap_or(Seat(0)),
            }
        };
        // The id must come back from the action: an id this config cannot produce names
        // nothing (the engines decode it to nothing; the check keeps any other one honest).
        G::action_from_id(config, seat, index)
            .filter(|a| G::action_id(config, a) == Some(index))
            .ok_or_else(|| {
                F::from(Failure::Illegal(format!(
                    "action id {id} names no action in this {} game: the ids 0 to {} serve \
                     every setup, and this setup has no action with this one",
                    G::NAME,
                    total.saturating_sub(1)
                )))
            })
    }

    /// Applies an action; on error the state is unchanged and the engine's message is kept.
    pub fn apply(&mut self, action: G::Action) -> Result<(), F> {
        self.state
            .apply_in_place(&action)
            .map_err(|e| F::from(Failure::Illegal(e.to_string())))?;
        self.log.push(action);
        Ok(())
    }

    /// Takes back the last action: the state becomes the one before it (replayed from the
    /// initial state), and the action is returned. Refused when nothing was applied, or when
    /// the history is unknown (a loaded state).
    pub fn undo(&mut self) -> Result<G::Action, F> {
        let Some((last, earlier)) = self.history()?.split_last() else {
            return Err(F::from(Failure::Illegal(
                "there is no action to take back: the game is at its start".to_string(),
            )));
        };
        let mut state = G::new(self.state.config()).map_err(|e| {
            F::from(Failure::Internal(format!(
                "the config of a game in play is refused: {e}"
            )))
        })?;
        for action in earlier {
            state.apply_in_place(action).map_err(|e| {
                F::from(Failure::Internal(format!(
                    "an action of the history is refused: {e}"
                )))
            })?;
        }
        let last = last.clone();
        self.state = state;
        self.log.pop();
        Ok(last)
    }

    /// The pending chance event's outcomes with their ids and exact probabilities, by id.
    pub fn chance_outcomes(&self) -> Result<Vec<(G::Action, usize, Probability)>, F> {
        let mut out = self
            .state
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| Ok((self.id_of(&a)?, a, p)))
            .collect::<Result<Vec<_>, F>>()?;
        out.sort_unstable_by_key(|(id, _, _)| *id);
        Ok(out.into_iter().map(|(id, a, p)| (a, id, p)).collect())
    }

    /// The outcome a person typed in (what the dice show).
    pub fn chance_from_text(&self, text: &str) -> Result<G::Action, F> {
        self.state
            .chance_from_text(text)
            .map_err(|e| F::from(Failure::Illegal(e.to_string())))
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// `seat`'s observation tensor (flat, row-major).
    pub fn observation(&self, seat: Seat) -> Vec<f32> {
        self.state.observation(seat)
    }

    /// The shape of the observation tensor.
    pub fn observation_shape(&self) -> Vec<usize> {
        G::observation_shape(self.state.config())
    }

    /// The id count and the chance id count.
    pub fn id_space(&self) -> (usize, usize) {
        let config = self.state.config();
        (
            G::num_distinct_actions(config),
            G::max_chance_outcomes(config),
        )
    }

    /// A copy in which what `seat` cannot see is resampled, drawn with `seed`. Its history is
    /// not the real one, so it has none.
    pub fn determinize(&self, seat: Seat, seed: u64) -> Self {
        let mut dice = Dice::from_seed(seed);
        Table {
            state: self.state.determinize(seat, &mut dice),
            log: Vec::new(),
            complete: false,
            failure: PhantomData,
        }
    }

    /// The actions applied so far, if the whole history is known.
    pub fn history(&self) -> Result<&[G::Action], F> {
        if self.complete {
            Ok(&self.log)
        } else {
            Err(F::from(Failure::Load(
                "this state was loaded or resampled, not played from the start: its history is unknown"
                    .to_string(),
            )))
        }
    }

    /// The replay of the game so far (`seed`: informative, the seed that resolved chance).
    pub fn replay(&self, seed: u64) -> Result<Replay<G>, F> {
        let actions = self.history()?.to_vec();
        Ok(Replay::new(self.state.config().clone(), seed, actions))
    }

    /// The replay file of the game so far, byte for byte as the programs (`tour`, `play`) and
    /// [`crate::Match`] write it ([`Replay::to_file_text`]).
    pub fn replay_file(&self, seed: u64) -> Result<String, F> {
        self.replay(seed)?
            .to_file_text()
            .map_err(|e| F::from(Failure::Internal(e.to_string())))
    }

    /// The final state of a replay file's text, with the replay's actions as its history.
    pub fn run_replay(text: &str) -> Result<Self, F> {
        Self::run_replay_file(text).map(|(table, _)| table)
    }

    /// [`Table::run_replay`], with the replay as read (its seed, rules version, ...).
    pub fn run_replay_file(text: &str) -> Result<(Self, Replay<G>), F> {
        let replay: Replay<G> = serde_json::from_str(text).map_err(|e| {
            F::from(Failure::Replay {
                message: format!("not a valid {} replay: {e}", G::NAME),
                index: None,
                action: None,
            })
        })?;
        let state = replay.run().map_err(|e| {
            let (index, action) = match &e {
                ReplayError::Action { index, action, .. } => (Some(*index), Some(action.clone())),
                _ => (None, None),
            };
            F::from(Failure::Replay {
                message: e.to_string(),
                index,
                action,
            })
        })?;
        let table = Table {
            state,
            log: replay.actions.clone(),
            complete: true,
            failure: PhantomData,
        };
        Ok((table, replay))
    }
}

/// The first of the seats `watching` (the people at a screen) who cannot tell `action`
/// (applied to `before`, giving `after`) from another legal action or chance outcome: one
/// leading to a different state that this seat's [`Game::view`] does not tell apart. Showing
/// such an action's text would show that seat what it may not know (another player's card, a
/// tile drawn face down, an entry made at the same time). The `play` program and the
/// WebAssembly page print such an action without its details.
///
/// ```
/// use tabula::dicecore::pig::Pig;
/// use tabula::table::hidden_from;
/// use tabula::{Game, Seat, Turn};
/// // Pig hides nothing: every roll is seen by everyone.
/// let before = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
/// let Turn::Seat(seat) = before.turn() else { unreachable!() };
/// let mut actions = Vec::new();
/// before.legal_actions_for(seat, &mut actions);
/// let after = before.apply(&actions[0]).unwrap();
/// assert_eq!(hidden_from(&before, &actions[0], &after, &[0, 1]), None::<Seat>);
/// ```
pub fn hidden_from<G: Game>(
    before: &G,
    action: &G::Action,
    after: &G,
    watching: &[u8],
) -> Option<Seat> {
    if watching.is_empty() {
        return None;
    }
    let mut alternatives = Vec::new();
    match before.action_seat(action) {
        Some(seat) => before.legal_actions_for(seat, &mut alternatives),
        None => alternatives.extend(before.chance_outcomes().into_iter().map(|(a, _)| a)),
    }
    let views: Vec<(Seat, G::View)> = watching
        .iter()
        .filter(|&&h| h < after.seats())
        .map(|&h| (Seat(h), after.view(Seat(h))))
        .collect();
    let mut hidden: Option<Seat> = None;
    for other in alternatives.iter().filter(|&b| b != action) {
        let Ok(state) = before.apply(other) else {
            continue;
        };
        if state == *after {
            continue;
        }
        for (h, view) in &views {
            if state.view(*h) == *view && hidden.is_none_or(|s| h.0 < s.0) {
                hidden = Some(*h);
            }
        }
    }
    hidden
}

/// The `"game"` field of a replay file's text: which game it records, before it is read as a
/// replay of that game.
pub fn replay_game(text: &str) -> Result<String, Failure> {
    let bad = |why: String| Failure::Replay {
        message: why,
        index: None,
        action: None,
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad(format!("a replay is JSON: {e}")))?;
    value
        .get("game")
        .and_then(|g| g.as_str())
        .map(str::to_string)
        .ok_or_else(|| bad("a replay names its game in a \"game\" field".to_string()))
}

/// The spec of `games` random games of `G` from master seed `seed`: `random` agents at every
/// seat, and the standard config of each game's seed for `players`, or one fixed `config`
/// (JSON text). Game `i` of it is game `i` of `simulate` with the same seed.
pub fn random_games<G: Game>(
    players: Option<i64>,
    config: Option<&str>,
    games: u64,
    seed: u64,
) -> Result<Spec<G::Config>, Failure> {
    let (fixed, players) = match (players, config) {
        (None, Some(text)) => {
            let config = config_from_json::<G>(text)?;
            let seats = G::new(&config)
                .map_err(|e| Failure::Config(e.to_string()))?
                .seats();
            (Some(config), seats)
        }
        (Some(p), None) => {
            let config = standard_config::<G>(p, seed)?;
            let seats = G::new(&config)
                .map_err(|e| Failure::Config(e.to_string()))?
                .seats();
            (None, seats)
        }
        _ => {
            return Err(Failure::Config(
                "give either players or a config (not both)".to_string(),
            ))
        }
    };
    let agents = vec![AgentSpec::Random; usize::from(players)];
    let spec = Spec::new(players, games, seed, agents);
    Ok(match fixed {
        Some(config) => spec.with_fixed_config(config),
        None => spec,
    })
}

/// One finished game of [`play_games`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameResult {
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// The winners.
    pub winners: dicecore::SeatSet,
    /// Actions applied (decisions and chance outcomes).
    pub length: u64,
}

/// Plays games `range` of `spec` on this thread with `tabula-sim`'s play loop
/// ([`sim::play_one`]): game `i` is game `i` of `simulate` with the same seed and agents.
pub fn play_games<G: Game>(
    spec: &Spec<G::Config>,
    range: Range<u64>,
) -> Result<Vec<GameResult>, Failure> {
    range
        .map(|i| {
            let game = sim::play_one::<G>(spec, i)?;
            Ok(GameResult {
                scores: game.outcome.scores,
                winners: game.outcome.winners,
                length: game.actions,
            })
        })
        .collect()
}
