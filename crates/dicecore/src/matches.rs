//! Drivers and records: [`Match`] plays a game with seeded dice; [`Replay`] is its record.

use crate::{Agent, Dice, Game, Seat, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The replay file format version written by this crate. Format 2 added `rules`, the rules
/// version of the engine that wrote the file; format 1 files (no `rules`) are still read, dated
/// by their config (see [`crate::rules`]).
pub const REPLAY_FORMAT: u32 = 2;

/// A game in progress: the state, the seeded [`Dice`] that resolve chance, and the log of every
/// action applied (player decisions and chance outcomes alike).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Match<G: Game> {
    config: G::Config,
    seed: u64,
    state: G,
    dice: Dice,
    log: Vec<G::Action>,
}

/// Why a [`Match`] could not go on.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError<E: std::error::Error + 'static> {
    /// The game refused a config or an action.
    #[error(transparent)]
    Game(#[from] E),
    /// An agent had no action to offer for the seat to move.
    #[error("the agent for {0} offered no action")]
    NoAction(Seat),
    /// A chance node offered no outcome (a bug in the game).
    #[error("the chance event has no outcome")]
    NoChanceOutcome,
    /// The game did not end within the given number of actions.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
    /// Fewer agents than seats.
    #[error("{agents} agents for {seats} seats")]
    NotEnoughAgents {
        /// Agents given.
        agents: usize,
        /// Seats in the game.
        seats: u8,
    },
}

impl<G: Game> Match<G> {
    /// A new match of `config`; `seed` seeds the dice that resolve chance.
    pub fn new(config: G::Config, seed: u64) -> Result<Self, G::Error> {
        let state = G::new(&config)?;
        Ok(Match {
            config,
            seed,
            state,
            dice: Dice::from_seed(seed),
            log: Vec::new(),
        })
    }

    /// The current state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The config the match started from.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The dice seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every action applied so far.
    pub fn log(&self) -> &[G::Action] {
        &self.log
    }

    /// The match's dice (to let a driver roll for agents).
    pub fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }

    /// Applies an action (a player's decision, or a chance outcome typed in from physical dice)
    /// and logs it. On error nothing changes.
    pub fn apply(&mut self, action: G::Action) -> Result<(), G::Error> {
        self.state.apply_in_place(&action)?;
        self.log.push(action);
        Ok(())
    }

    /// At [`Turn::Chance`], samples an outcome with the match's dice, applies and returns it;
    /// `Ok(None)` at any other turn.
    pub fn resolve_chance(&mut self) -> Result<Option<G::Action>, MatchError<G::Error>> {
        if self.state.turn() != Turn::Chance {
            return Ok(None);
        }
        let action = self
            .state
            .sample_chance(&mut self.dice)
            .ok_or(MatchError::NoChanceOutcome)?;
        self.apply(action.clone())?;
        Ok(Some(action))
    }

    /// One step: resolves chance, or asks the agent of the seat to move (the lowest seat of a
    /// [`Turn::Seats`] set). Returns the action applied, `None` when the game is over.
    pub fn step(
        &mut self,
        agents: &mut [Box<dyn Agent<G>>],
    ) -> Result<Option<G::Action>, MatchError<G::Error>> {
        let seat = match self.state.turn() {
            Turn::Over => return Ok(None),
            Turn::Chance => return self.resolve_chance(),
            Turn::Seat(s) => s,
            Turn::Seats(set) => set.first().ok_or(MatchError::NoAction(Seat(0)))?,
        };
        if agents.len() < self.state.seats() as usize {
            return Err(MatchError::NotEnoughAgents {
                agents: agents.len(),
                seats: self.state.seats(),
            });
        }
        let action = agents[seat.index()]
            .choose(&self.state, seat)
            .ok_or(MatchError::NoAction(seat))?;
        self.apply(action.clone())?;
        Ok(Some(action))
    }

    /// Plays until the game is over, with one agent per seat, at most `max_actions` actions.
    pub fn play_out(
        &mut self,
        agents: &mut [Box<dyn Agent<G>>],
        max_actions: usize,
    ) -> Result<(), MatchError<G::Error>> {
        for _ in 0..max_actions {
            if self.step(agents)?.is_none() {
                return Ok(());
            }
        }
        if self.state.turn() == Turn::Over {
            Ok(())
        } else {
            Err(MatchError::TooLong(max_actions))
        }
    }

    /// The record of this match so far.
    pub fn replay(&self) -> Replay<G> {
        Replay::new(self.config.clone(), self.seed, self.log.clone())
    }
}

/// The serialisable record of a game: re-running its actions on its config reproduces the final
/// state exactly (chance outcomes are actions, so the seed is informative only). See
/// `docs/replay-format.md`.
///
/// Reading a replay goes through [`crate::rules::read_config`]: a file written under an older
/// rules version gets the config flags that keep its reading, or is refused with both versions
/// named; a file with no version (format 1) is dated by its config.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "")]
#[non_exhaustive]
pub struct Replay<G: Game> {
    /// Format version, [`REPLAY_FORMAT`].
    pub format: u32,
    /// The game's [`Game::NAME`].
    pub game: String,
    /// The rules version the replay was written under ([`Game::RULES_VERSION`] of the engine
    /// that wrote it; for a format 1 file, the version its config dates it to). When it is older
    /// than this engine's, [`Replay::config`] already holds the flags that keep its reading.
    pub rules: u32,
    /// The config the game started from.
    pub config: G::Config,
    /// The seed of the dice that resolved chance when the game was recorded.
    pub seed: u64,
    /// Every action, in order.
    pub actions: Vec<G::Action>,
}

/// A replay file as written, before its config is read under its rules version.
#[derive(Deserialize)]
#[serde(bound = "")]
struct ReplayFile<G: Game> {
    format: u32,
    game: String,
    #[serde(default)]
    rules: Option<u32>,
    config: serde_json::Value,
    seed: u64,
    actions: Vec<G::Action>,
}

impl<'de, G: Game> Deserialize<'de> for Replay<G> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let file = ReplayFile::<G>::deserialize(deserializer)?;
        let written = match (file.format, file.rules) {
            // Format 1 files carry no version (a format 1 replay read and written again keeps
            // the version it was dated to).
            (1, rules) => rules,
            (_, None) if file.format >= 2 => {
                return Err(D::Error::custom(format!(
                    "a format {} replay records its rules version (`rules`)",
                    file.format
                )))
            }
            (_, rules) => rules,
        };
        // A replay of another game or format is reported by `run`; its config is read as is.
        let (config, rules) = if file.game == G::NAME && file.format <= REPLAY_FORMAT {
            crate::rules::read_config::<G>(file.config, written).map_err(D::Error::custom)?
        } else {
            let config = serde_json::from_value(file.config).map_err(D::Error::custom)?;
            (config, written.unwrap_or(G::RULES_VERSION))
        };
        Ok(Replay {
            format: file.format,
            game: file.game,
            rules,
            config,
            seed: file.seed,
            actions: file.actions,
        })
    }
}

/// Why a replay did not run to the end.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The file records another game.
    #[error("this replay is of {found}, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The game in the file.
        found: String,
    },
    /// A format version this crate does not know.
    #[error(
        "replay format {0} is not supported (this version reads formats 1 to {REPLAY_FORMAT})"
    )]
    UnsupportedFormat(u32),
    /// The replay names a rules version newer than this engine's.
    #[error(
        "the replay was written under rules version {file}, but this engine plays version {engine}"
    )]
    FutureRules {
        /// The replay's version.
        file: u32,
        /// This engine's [`Game::RULES_VERSION`].
        engine: u32,
    },
    /// The config was refused.
    #[error("the replay's config is invalid: {0}")]
    Config(E),
    /// Action number `index` (0-based) was refused.
    #[error("action {index} ({action}) is illegal: {error}")]
    Action {
        /// 0-based index of the first failing action.
        index: usize,
        /// The action, rendered.
        action: String,
        /// Why it was refused.
        error: E,
    },
}

impl<G: Game> Replay<G> {
    /// The replay of a game of `config` played with `actions`, as this engine writes it
    /// (format [`REPLAY_FORMAT`], this engine's [`Game::RULES_VERSION`]); `seed` is the seed of
    /// the dice that resolved chance, informative only.
    pub fn new(config: G::Config, seed: u64, actions: Vec<G::Action>) -> Self {
        Replay {
            format: REPLAY_FORMAT,
            game: G::NAME.to_string(),
            rules: G::RULES_VERSION,
            config,
            seed,
            actions,
        }
    }

    /// The text of a replay file as the programs (`tour`, `play`), the Python and the
    /// WebAssembly packages write it: pretty-printed JSON (two-space indents) ending in a
    /// newline, so that every writer of the same game writes the same bytes.
    ///
    /// ```
    /// use dicecore::{pig::Pig, Game, Replay};
    /// let replay = Replay::<Pig>::new(Pig::standard_config(2, 0).unwrap(), 0, Vec::new());
    /// let text = replay.to_file_text().unwrap();
    /// assert!(text.starts_with("{\n  \"format\": 2,") && text.ends_with("}\n"));
    /// ```
    pub fn to_file_text(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self).map(|json| json + "\n")
    }

    /// Re-applies every action to the config's initial state: the final state, or the index and
    /// error of the first action that fails.
    pub fn run(&self) -> Result<G, ReplayError<G::Error>> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME.to_string(),
                found: self.game.clone(),
            });
        }
        if !(1..=REPLAY_FORMAT).contains(&self.format) {
            return Err(ReplayError::UnsupportedFormat(self.format));
        }
        if self.rules > G::RULES_VERSION {
            return Err(ReplayError::FutureRules {
                file: self.rules,
                engine: G::RULES_VERSION,
            });
        }
        let mut state = G::new(&self.config).map_err(ReplayError::Config)?;
        for (index, action) in self.actions.iter().enumerate() {
            state
                .apply_in_place(action)
                .map_err(|error| ReplayError::Action {
                    index,
                    action: action.to_string(),
                    error,
                })?;
        }
        Ok(state)
    }
}

impl<G: Game> fmt::Display for Replay<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} replay (format {}, rules version {}, seed {}, {} actions)",
            self.game,
            self.format,
            self.rules,
            self.seed,
            self.actions.len()
        )
    }
}
