//! [`Player`]: an agent of one game (`random`, `mc:N`, `ismcts:N`), seeded, as the JavaScript
//! class `Agent` holds it. It chooses for a seat of a [`Session`] of its game and leaves the
//! applying to the caller, as `Match` asks its agents.

use crate::session::{action_value, Play, Session};
use tabula::dicecore::{AgentSpec, Turn};
use tabula::games::Registered;
use tabula::table::{to_json, Failure};
use tabula::Agent;

/// An agent of one game, its type erased.
pub trait Player {
    /// The game it plays (`Game::NAME`).
    fn game(&self) -> &'static str;
    /// What it is (`mc:200`).
    fn spec(&self) -> AgentSpec;
    /// Its action for `seat` (default: the seat to move) in `session`, as an action's JSON.
    fn choose(&mut self, session: &dyn Session, seat: Option<i64>) -> Result<String, Failure>;
}

/// An agent of game `G`.
pub struct Seated<G: Registered> {
    agent: Box<dyn Agent<G> + Send>,
    spec: AgentSpec,
}

impl<G: Registered> Seated<G> {
    /// The agent `spec` names, seeded `seed`.
    pub fn new(spec: AgentSpec, seed: u64) -> Self {
        Seated {
            agent: spec.build::<G>(seed),
            spec,
        }
    }
}

impl<G: Registered> Player for Seated<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn spec(&self) -> AgentSpec {
        self.spec
    }

    fn choose(&mut self, session: &dyn Session, seat: Option<i64>) -> Result<String, Failure> {
        let play = session.as_any().downcast_ref::<Play<G>>().ok_or_else(|| {
            Failure::Illegal(format!(
                "this agent plays {}, not {}",
                G::NAME,
                session.name()
            ))
        })?;
        let table = &play.table;
        let turn = table.turn();
        let seat = match (table.seat_opt(seat)?, turn) {
            (_, Turn::Chance) => {
                return Err(Failure::Illegal(
                    "a chance event is pending: roll the dice first".to_string(),
                ))
            }
            (_, Turn::Over) => return Err(Failure::Illegal("the game is over".to_string())),
            (Some(s), Turn::Seat(to_move)) if s != to_move => {
                return Err(Failure::Illegal(format!(
                    "{s} is not to move: {to_move} is"
                )))
            }
            (Some(s), Turn::Seats(set)) if !set.contains(s) => {
                return Err(Failure::Illegal(format!(
                    "{s} is not to move: seats {set} are"
                )))
            }
            (Some(s), _) => s,
            (None, turn) => turn
                .next_seat()
                .ok_or_else(|| Failure::Internal("nobody is to move".to_string()))?,
        };
        let action = self
            .agent
            .choose(&table.state, seat)
            .ok_or_else(|| Failure::Internal(format!("the agent of {seat} has no move")))?;
        to_json(&action_value(table, &action)?)
    }
}
