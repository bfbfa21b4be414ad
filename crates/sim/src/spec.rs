//! What to simulate: [`Spec`] (players, games, master seed, one agent per seat, configs).

use crate::metrics::MetricSet;
use crate::overrides::{self, Overrides, VariantError};
use crate::seeds::{seed, Stream};
use dicecore::agent::AgentSpecError;
use dicecore::{AgentSpec, Game, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;

/// The most seats a simulation supports (win shares are exact for up to 16 winners).
pub const MAX_PLAYERS: u8 = 16;

/// Which config each game starts from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Configs<C> {
    /// Game `i` plays `Game::standard_config(players, seed(master, i, Stream::Config))`: the
    /// standard setup with its random choices (boards, cards, start player) drawn per game.
    Standard,
    /// Every game plays this config.
    Fixed(C),
    /// Game `i` plays its standard config (as [`Configs::Standard`]) with these top-level
    /// config fields overridden: a rule variant (see [`crate::variant`]).
    Variant(Overrides),
}

impl<C: Serialize> Configs<C> {
    /// The JSON form written in summaries: `"standard"`, `{"fixed": CONFIG}` or
    /// `{"variant": OVERRIDES}`.
    pub fn to_json(&self) -> Result<serde_json::Value, SpecError> {
        serde_json::to_value(self).map_err(|e| SpecError::Config(e.to_string()))
    }
}

/// A simulation: `games` games of `players` players (game indices `0..games`), with master
/// seed `seed`, one [`AgentSpec`] per seat, and the configs to start from.
///
/// Game `i` is a pure function of the spec and `i` (see [`crate::seeds`]): its config (for
/// [`Configs::Standard`]), its dice and each seat's agent are seeded from `(seed, i)` alone.
///
/// ```
/// use tabula_sim::{parse_agents, Spec};
/// use dicecore::{pig::Pig, Game};
/// let spec = Spec::new(3, 100, 11, parse_agents("random,mc:8,random", 3).unwrap());
/// spec.check::<Pig>().unwrap();
/// // The same games, every one from one fixed config:
/// let fixed = spec.clone().with_fixed_config(Pig::standard_config(3, 0).unwrap());
/// fixed.check::<Pig>().unwrap();
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Spec<C> {
    /// Number of players (seats).
    pub players: u8,
    /// Number of games: the simulation plays game indices `0..games`.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// The agent of each seat, `players` of them.
    pub agents: Vec<AgentSpec>,
    /// The config of each game.
    pub configs: Configs<C>,
    /// A game not over after this many actions is an error ([`crate::SimError::TooLong`]).
    pub max_actions: u64,
    /// Which of Ludii's metrics to tally ([`crate::Summary::metrics`]; none by default, a plain
    /// run). Some list the legal actions or read the running scores at every decision, which a
    /// plain run never does (see [`MetricSet::needs_legal_actions`],
    /// [`MetricSet::needs_running_scores`]).
    pub metrics: MetricSet,
}

/// Why a spec cannot run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The game does not support this player count.
    #[error("{game} is played by {min} to {max} players, not {players}")]
    Players {
        /// The game's name.
        game: String,
        /// Players asked for.
        players: u8,
        /// Fewest players the game supports.
        min: u8,
        /// Most players the game supports.
        max: u8,
    },
    /// Not one agent per seat.
    #[error("{agents} agents for {players} players: give one agent per seat, or one for all")]
    Agents {
        /// Agents given.
        agents: usize,
        /// Players.
        players: u8,
    },
    /// An agent spec was not understood.
    #[error(transparent)]
    Agent(#[from] AgentSpecError),
    /// The game range asked for is not within `0..games`.
    #[error("games {start}..{end} are outside the simulation's games 0..{games}")]
    Range {
        /// First game asked for.
        start: u64,
        /// End (exclusive) of the games asked for.
        end: u64,
        /// The simulation's number of games.
        games: u64,
    },
    /// A runner by name does not know the game.
    #[error("unknown game '{game}'; known games: {known}")]
    UnknownGame {
        /// The name asked for.
        game: String,
        /// The names known, comma-separated.
        known: String,
    },
    /// The fixed config could not be read or written, or the game refused it.
    #[error("bad config: {0}")]
    Config(String),
    /// The variant's overrides do not make a config of the game.
    #[error(transparent)]
    Variant(#[from] VariantError),
}

impl<C> Spec<C> {
    /// The default limit on the length of one game, in actions.
    pub const DEFAULT_MAX_ACTIONS: u64 = 1_000_000;

    /// A spec with standard configs and the default action limit.
    pub fn new(players: u8, games: u64, seed: u64, agents: Vec<AgentSpec>) -> Spec<C> {
        Spec {
            players,
            games,
            seed,
            agents,
            configs: Configs::Standard,
            max_actions: Self::DEFAULT_MAX_ACTIONS,
            metrics: MetricSet::NONE,
        }
    }

    /// The same spec with every game starting from `config` (of any type: the game's
    /// `Config`, or its JSON form for [`crate::run_json`]).
    pub fn with_fixed_config<D>(self, config: D) -> Spec<D> {
        Spec {
            players: self.players,
            games: self.games,
            seed: self.seed,
            agents: self.agents,
            configs: Configs::Fixed(config),
            max_actions: self.max_actions,
            metrics: self.metrics,
        }
    }

    /// The seed of `stream` in game `index` (see [`crate::seeds`]).
    pub fn seed_of(&self, index: u64, stream: Stream) -> u64 {
        seed(self.seed, index, stream)
    }

    /// Checks that `range` lies within `0..games`.
    pub fn check_range(&self, range: &Range<u64>) -> Result<(), SpecError> {
        if range.start > range.end || range.end > self.games {
            return Err(SpecError::Range {
                start: range.start,
                end: range.end,
                games: self.games,
            });
        }
        Ok(())
    }
}

impl<C: Clone> Spec<C> {
    /// Checks the player count and the agents against game `G`.
    pub fn check<G: Game<Config = C>>(&self) -> Result<(), SpecError> {
        let (min, max) = (*G::SEATS.start(), *G::SEATS.end());
        if !G::SEATS.contains(&self.players) || self.players > MAX_PLAYERS {
            return Err(SpecError::Players {
                game: G::NAME.to_string(),
                players: self.players,
                min,
                max: max.min(MAX_PLAYERS),
            });
        }
        if self.agents.len() != self.players as usize {
            return Err(SpecError::Agents {
                agents: self.agents.len(),
                players: self.players,
            });
        }
        match &self.configs {
            Configs::Standard => {}
            // The first game's config stands here for all: field errors (an unknown field, a
            // wrong type) are the same in every game. `check_configs` checks every game.
            Configs::Fixed(_) => self.check_config::<G>(0)?,
            Configs::Variant(_) => self.check_config::<G>(0).map_err(|e| at_game(0, e))?,
        }
        Ok(())
    }

    /// Checks the config of game `index`: the game accepts it, with one seat per player.
    fn check_config<G: Game<Config = C>>(&self, index: u64) -> Result<(), SpecError> {
        let config = match &self.configs {
            Configs::Variant(overrides) => {
                // Every game's config has its number of seats: say so before what it breaks.
                let seats = overrides.get("seats").and_then(|v| v.as_u64());
                if let Some(seats) = seats.filter(|&s| s != self.players as u64) {
                    return Err(seats_differ(seats, self.players));
                }
                let standard =
                    G::standard_config(self.players, self.seed_of(index, Stream::Config))
                        .map_err(|e| SpecError::Config(e.to_string()))?;
                overrides::apply::<G>(&standard, overrides)?
            }
            _ => self.config_of::<G>(index).map_err(SpecError::Config)?,
        };
        let state = G::new(&config).map_err(|e| SpecError::Config(e.to_string()))?;
        if state.seats() != self.players {
            return Err(seats_differ(state.seats() as u64, self.players));
        }
        Ok(())
    }

    /// Checks the config of every game of `range` before any is played, so that a run never
    /// stops halfway on a config: with [`Configs::Variant`] every game's standard config with
    /// the overrides applied (the draws of a setup, such as the start player, differ from
    /// game to game, and a variant may suit some of them only), with [`Configs::Fixed`] the
    /// fixed config; standard configs are the game's own. The error names the lowest game
    /// index that fails. Runs on the current rayon pool.
    ///
    /// ```
    /// use tabula_sim::{parse_agents, variant::parse_overrides, Configs, Spec};
    /// use dicecore::pig::Pig;
    /// let mut spec: Spec<_> = Spec::new(4, 20, 5, parse_agents("random", 4).unwrap());
    /// // Three seats for a simulation of four players: refused, naming the first game.
    /// spec.configs = Configs::Variant(parse_overrides(r#"{"seats": 3}"#).unwrap());
    /// let e = spec.check_configs::<Pig>(&(0..20)).unwrap_err();
    /// assert!(e.to_string().starts_with("bad config: the config has 3 seats"), "{e}");
    /// // A start player every game's table has: accepted.
    /// spec.configs = Configs::Variant(parse_overrides(r#"{"start": 3}"#).unwrap());
    /// spec.check_configs::<Pig>(&(0..20)).unwrap();
    /// ```
    pub fn check_configs<G: Game<Config = C>>(&self, range: &Range<u64>) -> Result<(), SpecError>
    where
        C: Send + Sync,
    {
        use rayon::prelude::*;
        match &self.configs {
            Configs::Standard => Ok(()),
            Configs::Fixed(_) => self.check_config::<G>(0),
            Configs::Variant(_) => {
                let first_failure = range
                    .clone()
                    .into_par_iter()
                    .filter_map(|i| self.check_config::<G>(i).err().map(|e| (i, e)))
                    .min_by_key(|(i, _)| *i);
                match first_failure {
                    None => Ok(()),
                    Some((i, e)) => Err(at_game(i, e)),
                }
            }
        }
    }

    /// The config game `index` starts from, or why the game refuses it.
    pub fn config_of<G: Game<Config = C>>(&self, index: u64) -> Result<C, String> {
        let standard = || {
            G::standard_config(self.players, self.seed_of(index, Stream::Config))
                .map_err(|e| e.to_string())
        };
        match &self.configs {
            Configs::Standard => standard(),
            Configs::Fixed(config) => Ok(config.clone()),
            Configs::Variant(overrides) => {
                overrides::apply::<G>(&standard()?, overrides).map_err(|e| e.to_string())
            }
        }
    }

    /// The agents of game `index`, one per seat, each seeded with its own stream.
    pub fn agents_of<G: Game>(&self, index: u64) -> Vec<Box<dyn dicecore::Agent<G> + Send>> {
        self.agents
            .iter()
            .enumerate()
            .map(|(s, a)| a.build::<G>(self.seed_of(index, Stream::Agent(Seat(s as u8)))))
            .collect()
    }
}

/// The error of game `index`'s config, naming the game; errors of a field (unknown, or of
/// the wrong type) are the same in every game and keep their own type and words.
fn at_game(index: u64, e: SpecError) -> SpecError {
    match e {
        SpecError::Variant(VariantError::UnknownField { .. })
        | SpecError::Variant(VariantError::BadValue { .. }) => e,
        SpecError::Config(message) if message.starts_with("the config has") => {
            SpecError::Config(message)
        }
        SpecError::Config(message) => SpecError::Config(format!("game {index}: {message}")),
        SpecError::Variant(VariantError::Refused { reason, .. }) => SpecError::Config(format!(
            "game {index}: the variant makes a config the game refuses: {reason}"
        )),
        other => SpecError::Config(format!("game {index}: {other}")),
    }
}

/// A config whose seats are not the simulation's players.
fn seats_differ(seats: u64, players: u8) -> SpecError {
    SpecError::Config(format!(
        "the config has {seats} seats but the simulation has {players} players (give \
         --players {seats}, or leave the seats alone)"
    ))
}

/// Reads a comma-separated list of agent specs (each parsed by `AgentSpec::from_str`, so every
/// agent dicecore knows is accepted): one per seat, or a single spec for every seat.
///
/// ```
/// use tabula_sim::parse_agents;
/// use dicecore::AgentSpec;
/// assert_eq!(parse_agents("random", 3).unwrap(), vec![AgentSpec::Random; 3]);
/// assert_eq!(parse_agents("mc:5, random", 2).unwrap()[0], AgentSpec::MonteCarlo { playouts: 5 });
/// assert!(parse_agents("random,random", 3).is_err());
/// assert!(parse_agents("alphago", 2).is_err());
/// ```
pub fn parse_agents(text: &str, players: u8) -> Result<Vec<AgentSpec>, SpecError> {
    let specs = text
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<AgentSpec>, _>>()?;
    match specs.len() {
        1 => Ok(specs
            .iter()
            .cycle()
            .take(players as usize)
            .cloned()
            .collect()),
        n if n == players as usize => Ok(specs),
        n => Err(SpecError::Agents { agents: n, players }),
    }
}

impl<C> fmt::Display for Spec<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let agents: Vec<String> = self.agents.iter().map(|a| a.to_string()).collect();
        write!(
            f,
            "{} players · {} games · seed {} · agents {}",
            self.players,
            self.games,
            self.seed,
            agents.join(",")
        )
    }
}
