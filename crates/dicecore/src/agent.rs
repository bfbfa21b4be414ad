//! Players that choose actions, and [`AgentSpec`], the short text that names one (`random`,
//! `mc:200`, `ismcts:1000`) on command lines, in simulation summaries and from Python.

use crate::{ismcts::IsmctsAgent, mcagent::MonteCarloAgent, Dice, Game, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Something that chooses an action for a seat: a bot, a network peer, a person at a prompt.
pub trait Agent<G: Game> {
    /// An action for `seat` in `state` (where `seat` is to move), or `None` if it has none.
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action>;
}

/// Chooses uniformly among the seat's legal actions with its own seeded [`Dice`], through
/// [`Game::sample_action`] (the games' fast path, which draws without listing every action).
///
/// ```
/// use dicecore::{pig::Pig, Agent, Game, RandomAgent, Seat, Turn};
/// let mut state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
/// let mut agent = RandomAgent::new(5);
/// if let Turn::Seat(seat) = state.turn() {
///     let action = agent.choose(&state, seat).unwrap();
///     state.apply_in_place(&action).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct RandomAgent<A> {
    dice: Dice,
    buf: Vec<A>,
}

impl<A> RandomAgent<A> {
    /// A random agent seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            dice: Dice::from_seed(seed),
            buf: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G::Action> {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        state.sample_action(seat, &mut self.dice, &mut self.buf)
    }
}

/// Which agent plays a seat, as a short text: `random`; `mc` / `mc:N` for the
/// [`MonteCarloAgent`] with `N` play-outs per decision (default
/// [`MonteCarloAgent::DEFAULT_PLAYOUTS`]); `ismcts` / `ismcts:N` for the [`IsmctsAgent`] with
/// `N` iterations (each one play-out) per decision (default
/// [`IsmctsAgent::DEFAULT_ITERATIONS`]). Parsed with [`str::parse`], rendered by `Display` in
/// the same form (so specs round-trip), serialised as that text.
///
/// ```
/// use dicecore::{pig::Pig, Agent, AgentSpec, Game, Seat};
/// let spec: AgentSpec = "mc:50".parse().unwrap();
/// assert_eq!(spec, AgentSpec::MonteCarlo { playouts: 50 });
/// assert_eq!(spec.to_string(), "mc:50");
/// assert_eq!("ismcts:400".parse(), Ok(AgentSpec::Ismcts { iterations: 400 }));
/// assert!("mcts".parse::<AgentSpec>().is_err());
/// let mut agent = spec.build::<Pig>(7);
/// let state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
/// let seat = state.turn().next_seat().unwrap();
/// assert!(agent.choose(&state, seat).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
#[non_exhaustive]
pub enum AgentSpec {
    /// [`RandomAgent`]: uniform over the legal actions.
    Random,
    /// [`MonteCarloAgent`] with this many play-outs per decision.
    MonteCarlo {
        /// Play-outs per decision (at least 1).
        playouts: u32,
    },
    /// [`IsmctsAgent`] with this many iterations per decision.
    Ismcts {
        /// Iterations (play-outs) per decision (at least 1).
        iterations: u32,
    },
}

/// Why an agent spec was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AgentSpecError {
    /// Not the name of any agent.
    #[error(
        "unknown agent '{0}': expected random, mc or mc:N (N play-outs per decision), \
         ismcts or ismcts:N (N iterations per decision)"
    )]
    Unknown(String),
    /// The budget after the colon is not a positive whole number.
    #[error("bad budget in agent '{0}': expected a whole number of at least 1 after the colon")]
    Budget(String),
}

impl AgentSpec {
    /// The agent this spec names, seeded with `seed`.
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Agent<G> + Send> {
        match *self {
            AgentSpec::Random => Box::new(RandomAgent::<G::Action>::new(seed)),
            AgentSpec::MonteCarlo { playouts } => {
                Box::new(MonteCarloAgent::<G::Action>::new(seed).with_playouts(playouts))
            }
            AgentSpec::Ismcts { iterations } => {
                Box::new(IsmctsAgent::<G::Action>::new(seed).with_iterations(iterations))
            }
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::MonteCarlo { playouts } => write!(f, "mc:{playouts}"),
            AgentSpec::Ismcts { iterations } => write!(f, "ismcts:{iterations}"),
        }
    }
}

/// The budget after `name:` in a spec, if there is a colon.
fn budget(text: &str, rest: Option<&str>, default: u32) -> Result<u32, AgentSpecError> {
    match rest {
        None => Ok(default),
        Some(n) => match n.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(AgentSpecError::Budget(text.to_string())),
        },
    }
}

impl FromStr for AgentSpec {
    type Err = AgentSpecError;
    fn from_str(text: &str) -> Result<AgentSpec, AgentSpecError> {
        let trimmed = text.trim();
        let (name, rest) = match trimmed.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (trimmed, None),
        };
        match name.to_ascii_lowercase().as_str() {
            "random" if rest.is_none() => Ok(AgentSpec::Random),
            "mc" | "montecarlo" | "monte-carlo" => Ok(AgentSpec::MonteCarlo {
                playouts: budget(text, rest, MonteCarloAgent::<()>::DEFAULT_PLAYOUTS)?,
            }),
            "ismcts" | "is-mcts" => Ok(AgentSpec::Ismcts {
                iterations: budget(text, rest, IsmctsAgent::<()>::DEFAULT_ITERATIONS)?,
            }),
            _ => Err(AgentSpecError::Unknown(text.to_string())),
        }
    }
}

impl From<AgentSpec> for String {
    fn from(spec: AgentSpec) -> String {
        spec.to_string()
    }
}

impl TryFrom<String> for AgentSpec {
    type Error = AgentSpecError;
    fn try_from(text: String) -> Result<AgentSpec, AgentSpecError> {
        text.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_render_and_refuse() {
        assert_eq!("random".parse(), Ok(AgentSpec::Random));
        assert_eq!(
            " MC ".parse(),
            Ok(AgentSpec::MonteCarlo {
                playouts: MonteCarloAgent::<()>::DEFAULT_PLAYOUTS
            })
        );
        assert_eq!("mc:7".parse(), Ok(AgentSpec::MonteCarlo { playouts: 7 }));
        assert_eq!(
            "ISMCTS".parse(),
            Ok(AgentSpec::Ismcts {
                iterations: IsmctsAgent::<()>::DEFAULT_ITERATIONS
            })
        );
        assert_eq!(
            "is-mcts:30".parse(),
            Ok(AgentSpec::Ismcts { iterations: 30 })
        );
        for bad in ["mc:0", "mc:", "mc:x", "mc:-3", "ismcts:0", "ismcts:1.5"] {
            assert_eq!(
                bad.parse::<AgentSpec>(),
                Err(AgentSpecError::Budget(bad.to_string()))
            );
        }
        for bad in ["", "rand", "random:3", "alphazero", "mcts:10"] {
            assert_eq!(
                bad.parse::<AgentSpec>(),
                Err(AgentSpecError::Unknown(bad.to_string()))
            );
        }
        for spec in [
            AgentSpec::Random,
            AgentSpec::MonteCarlo { playouts: 12 },
            AgentSpec::Ismcts { iterations: 5 },
        ] {
            assert_eq!(spec.to_string().parse(), Ok(spec));
            let json = serde_json::to_string(&spec).unwrap();
            assert_eq!(serde_json::from_str::<AgentSpec>(&json).unwrap(), spec);
        }
        assert!(serde_json::from_str::<AgentSpec>("\"mc:0\"").is_err());
    }
}
