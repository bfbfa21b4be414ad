//! [`Table`]: one game in progress as Python holds it, in plain Rust (no Python types), so that
//! every conversion rule of the binding is testable with `cargo test`. The game crates decide
//! everything; this module only translates arguments (seat numbers, ids, JSON) and errors.

use crate::failure::Failure;
use tabula::dicecore::{Dice, Encode, Game, Outcome, Probability, Replay, Seat, Turn};

/// A state, the actions applied to it (for replays) and a scratch buffer.
#[derive(Debug)]
pub struct Table<G: Game> {
    /// The engine's state.
    pub state: G,
    /// Every action applied since the initial state (when `complete`).
    log: Vec<G::Action>,
    /// Whether `log` holds the whole history (false for states loaded from JSON).
    complete: bool,
}

impl<G: Game> Clone for Table<G> {
    fn clone(&self) -> Self {
        Table {
            state: self.state.clone(),
            log: self.log.clone(),
            complete: self.complete,
        }
    }
}

/// A player count from Python, checked to fit the engine's type (the engine checks the range).
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

/// A config read from its JSON text.
pub fn config_from_json<G: Game>(text: &str) -> Result<G::Config, Failure> {
    serde_json::from_str(text)
        .map_err(|e| Failure::Config(format!("this is not a {} config: {e}", G::NAME)))
}

/// JSON text of any serialisable value of the engine (never fails for the engines' types).
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure::Internal(e.to_string()))
}

impl<G: Game + Encode> Table<G> {
    /// The initial state of a config (validated by the engine).
    pub fn new(config: &G::Config) -> Result<Self, Failure> {
        let state = G::new(config).map_err(|e| Failure::Config(e.to_string()))?;
        Ok(Table::started(state))
    }

    /// A table whose history starts at `state`.
    pub fn started(state: G) -> Self {
        Table {
            state,
            log: Vec::new(),
            complete: true,
        }
    }

    /// A state read from its JSON text (the engine's validated loader decides).
    pub fn from_json(text: &str) -> Result<Self, Failure> {
        let state: G = serde_json::from_str(text)
            .map_err(|e| Failure::Load(format!("not a valid {} state: {e}", G::NAME)))?;
        Ok(Table {
            state,
            log: Vec::new(),
            complete: false,
        })
    }

    /// A state and its history from their JSON texts (the form `pickle` keeps); without a
    /// history the state's history is unknown.
    pub fn restore(state: &str, history: Option<&str>) -> Result<Self, Failure> {
        let mut table = Table::from_json(state)?;
        if let Some(text) = history {
            table.log = serde_json::from_str(text)
                .map_err(|e| Failure::Load(format!("not a valid {} history: {e}", G::NAME)))?;
            table.complete = true;
        }
        Ok(table)
    }

    /// A seat number from Python, checked against the table.
    pub fn seat(&self, seat: i64) -> Result<Seat, Failure> {
        let n = self.state.seats();
        match u8::try_from(seat) {
            Ok(s) if s < n => Ok(Seat(s)),
            _ => Err(Failure::Seat(format!(
                "seat {seat} is not at this table: seats are 0 to {}",
                n.saturating_sub(1)
            ))),
        }
    }

    /// An optional seat number from Python.
    pub fn seat_opt(&self, seat: Option<i64>) -> Result<Option<Seat>, Failure> {
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
    pub fn id_of(&self, action: &G::Action) -> Result<usize, Failure> {
        G::action_id(self.state.config(), action)
            .ok_or_else(|| Failure::Internal(format!("the action '{action}' has no id")))
    }

    /// The sorted ids of the legal actions of `seat` (default: the seat to move; at a turn of
    /// several seats the seat must be given, as ids do not name it); the chance outcomes' ids
    /// at a chance node.
    pub fn legal_ids(&self, seat: Option<Seat>) -> Result<Vec<usize>, Failure> {
        let seat = match (seat, self.state.turn()) {
            (None, Turn::Seats(set)) if set.len() > 1 => {
                return Err(Failure::Seat(format!(
                    "seats {set} decide now: say whose legal action ids you want"
                )))
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
    pub fn action_of(&self, id: i64, seat: Option<Seat>) -> Result<G::Action, Failure> {
        let config = self.state.config();
        let total = G::num_distinct_actions(config);
        let index = usize::try_from(id).ok().filter(|&i| i < total);
        let out_of_range = || {
            Failure::Illegal(format!(
                "action id {id} is out of range: ids are 0 to {}",
                total.saturating_sub(1)
            ))
        };
        let index = index.ok_or_else(out_of_range)?;
        let seat = if index < G::max_chance_outcomes(config) {
            Seat(0)
        } else {
            match (seat, self.state.turn()) {
                (Some(s), _) => s,
                (None, Turn::Seats(set)) if set.len() > 1 => {
                    return Err(Failure::Illegal(format!(
                        "seats {set} decide now: say which seat takes action id {id}"
                    )))
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
                Failure::Illegal(format!(
                    "action id {id} names no action in this {} game: the ids 0 to {} serve \
                     every setup, and this setup has no action with this one",
                    G::NAME,
                    total.saturating_sub(1)
                ))
            })
    }

    /// Applies an action; on error the state is unchanged and the engine's message is kept.
    pub fn apply(&mut self, action: G::Action) -> Result<(), Failure> {
        self.state
            .apply_in_place(&action)
            .map_err(|e| Failure::Illegal(e.to_string()))?;
        self.log.push(action);
        Ok(())
    }

    /// The pending chance event's outcomes with their ids and exact probabilities, by id.
    pub fn chance_outcomes(&self) -> Result<Vec<(G::Action, usize, Probability)>, Failure> {
        let mut out = self
            .state
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| Ok((self.id_of(&a)?, a, p)))
            .collect::<Result<Vec<_>, Failure>>()?;
        out.sort_unstable_by_key(|(id, _, _)| *id);
        Ok(out.into_iter().map(|(id, a, p)| (a, id, p)).collect())
    }

    /// The outcome a person typed in (what the dice show).
    pub fn chance_from_text(&self, text: &str) -> Result<G::Action, Failure> {
        self.state
            .chance_from_text(text)
            .map_err(|e| Failure::Illegal(e.to_string()))
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
        }
    }

    /// The actions applied so far, if the whole history is known.
    pub fn history(&self) -> Result<&[G::Action], Failure> {
        if self.complete {
            Ok(&self.log)
        } else {
            Err(Failure::Load(
                "this state was loaded or resampled, not played from the start: its history is unknown"
                    .to_string(),
            ))
        }
    }

    /// The replay of the game so far (`seed`: informative, the seed that resolved chance).
    pub fn replay(&self, seed: u64) -> Result<Replay<G>, Failure> {
        let actions = self.history()?.to_vec();
        Ok(Replay::new(self.state.config().clone(), seed, actions))
    }

    /// The final state of a replay file's text, with the replay's actions as its history.
    pub fn run_replay(text: &str) -> Result<Self, Failure> {
        let replay: Replay<G> = serde_json::from_str(text).map_err(|e| Failure::Replay {
            message: format!("not a valid {} replay: {e}", G::NAME),
            index: None,
            action: None,
        })?;
        let state = replay.run().map_err(|e| {
            let (index, action) = match &e {
                tabula::dicecore::ReplayError::Action { index, action, .. } => {
                    (Some(*index), Some(action.clone()))
                }
                _ => (None, None),
            };
            Failure::Replay {
                message: e.to_string(),
                index,
                action,
            }
        })?;
        Ok(Table {
            state,
            log: replay.actions,
            complete: true,
        })
    }
}
