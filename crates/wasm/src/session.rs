//! [`Session`]: one game in progress, whatever the game, as the JavaScript class `Game` holds
//! it: the facade's [`Table`] (state and history), the seeded dice that resolve chance as
//! [`tabula::Match`] does, and the dice as they were before each action (for take-backs). Every
//! method speaks plain Rust, with values as the engines' JSON, so that everything JavaScript
//! sees is tested with `cargo test`.

use crate::pad::Pad;
use crate::places::Places;
use serde_json::{json, Value};
use std::any::Any;
use tabula::dicecore::{ChanceTextError, Outcome, Seat, Turn};
use tabula::games::Registered;
use tabula::table::{hidden_from, to_json, Failure, Table};
use tabula::Dice;

/// One game in progress, its type erased (the methods of the JavaScript class `Game`).
///
/// Values go out as JSON text in the engines' serde forms: an action is
/// `{"id", "seat", "text", "json"}` (its stable id, the seat that takes it or `null` for a
/// chance outcome, the engine's rendering, and its serde form as in replay files).
pub trait Session: Any {
    /// The game's name (`Game::NAME`).
    fn name(&self) -> &'static str;
    /// The number of players.
    fn players(&self) -> u8;
    /// The seed of the dice that resolve chance (recorded in replays).
    fn seed(&self) -> u64;
    /// The config, as JSON text.
    fn config_json(&self) -> Result<String, Failure>;
    /// Who acts next.
    fn turn(&self) -> Turn;
    /// Who acts next: `{"kind": "seat" | "seats" | "chance" | "over", "seats": [...]}`.
    fn turn_json(&self) -> String;
    /// The seat a sequential driver asks next (the lowest of several deciding seats).
    fn next_seat(&self) -> Option<u8>;
    /// The sorted ids of the legal actions of `seat` (default: the seat to move).
    fn legal_ids(&self, seat: Option<i64>) -> Result<Vec<usize>, Failure>;
    /// The legal actions (of every seat to move, or of `seat`), as a JSON array of actions.
    fn legal_actions_json(&self, seat: Option<i64>) -> Result<String, Failure>;
    /// The action of an id, taken by `seat` (default: the seat to move), without applying it.
    fn action_json(&self, id: i64, seat: Option<i64>) -> Result<String, Failure>;
    /// Applies the action of an id; returns it. A refusal leaves everything unchanged.
    fn apply_id(&mut self, id: i64, seat: Option<i64>) -> Result<String, Failure>;
    /// Resolves the pending chance event with the seeded dice (as `Match` does); returns the
    /// outcome applied.
    fn roll(&mut self) -> Result<String, Failure>;
    /// The pending chance event's outcomes with exact probabilities, by id:
    /// `[{"id", "seat": null, "text", "json", "probability": "1/6", "numerator", "denominator"}]`.
    fn chance_outcomes_json(&self) -> Result<String, Failure>;
    /// The chance outcome a person typed in (what the dice on the table show).
    fn chance_from_text(&self, text: &str) -> Result<String, Failure>;
    /// The faces to click for the pending chance event ([`Pad`]), as JSON, or `null`.
    fn dice_pad_json(&self) -> Result<String, Failure>;
    /// The chance outcome of the faces clicked, in any order.
    fn chance_from_faces(&self, faces: &[String]) -> Result<String, Failure>;
    /// The actions of `seat` (default: the seat to move) that name `place`, a place of the
    /// picture ([`Places`]), as JSON.
    fn place_json(&self, place: &str, seat: Option<i64>) -> Result<String, Failure>;
    /// All that `seat` may know, as the engine's JSON.
    fn view_json(&self, seat: i64) -> Result<String, Failure>;
    /// `seat`'s view rendered as text.
    fn view_text(&self, seat: i64) -> Result<String, Failure>;
    /// `seat`'s view as an SVG picture.
    fn view_svg(&self, seat: i64) -> Result<String, Failure>;
    /// The whole table rendered as text.
    fn text(&self) -> String;
    /// The whole table as an SVG picture.
    fn svg(&self) -> String;
    /// Every seat's score as the game goes (the final scores once it is over).
    fn scores(&self) -> Vec<i32>;
    /// `{"scores", "winners"}` once the game is over.
    fn outcome_json(&self) -> Option<String>;
    /// The state as JSON text (read back with [`crate::registry::Entry::load`]).
    fn state_json(&self) -> Result<String, Failure>;
    /// Every action applied since the start, as a JSON array of actions.
    fn history_json(&self) -> Result<String, Failure>;
    /// The replay file of the game so far, byte for byte as `Match` and the programs write it
    /// (`seed`: the dice seed it records, by default this game's).
    fn replay_file(&self, seed: Option<u64>) -> Result<String, Failure>;
    /// Takes back the last action (and the dice roll it used); returns it.
    fn undo(&mut self) -> Result<String, Failure>;
    /// The first of the seats `watching` who cannot tell the last action from another
    /// ([`tabula::table::hidden_from`]): a page shows it to them without its details. `None`
    /// when all may see it, or when the last action is not known.
    fn last_hidden_from(&self, watching: &[u8]) -> Option<u8>;
    /// `seat`'s observation tensor, flat, and its shape.
    fn observation(&self, seat: i64) -> Result<(Vec<f32>, Vec<usize>), Failure>;
    /// An independent copy.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// The session as `Any`, for agents of the same game.
    fn as_any(&self) -> &dyn Any;
}

/// A [`Table`] with the seeded dice that resolve its chance events.
pub struct Play<G: Registered> {
    /// The state and its history.
    pub table: Table<G>,
    /// The seed of `dice`.
    seed: u64,
    /// The dice that resolve chance.
    dice: Dice,
    /// The dice as they were before each action of the history.
    dice_before: Vec<Dice>,
    /// The state before the last action applied here (for [`Session::last_hidden_from`]).
    before: Option<G>,
}

impl<G: Registered> Clone for Play<G> {
    fn clone(&self) -> Self {
        Play {
            table: self.table.clone(),
            seed: self.seed,
            dice: self.dice.clone(),
            dice_before: self.dice_before.clone(),
            before: self.before.clone(),
        }
    }
}

/// An action as JavaScript sees it: `{"id", "seat", "text", "json"}`.
pub fn action_value<G: Registered>(table: &Table<G>, action: &G::Action) -> Result<Value, Failure> {
    let json = serde_json::to_value(action).map_err(|e| Failure::Internal(e.to_string()))?;
    Ok(json!({
        "id": table.id_of(action)?,
        "seat": table.state.action_seat(action).map(|s| s.0),
        "text": action.to_string(),
        "json": json,
    }))
}

/// A JSON array of actions.
fn actions_json<G: Registered>(table: &Table<G>, actions: &[G::Action]) -> Result<String, Failure> {
    let values = actions
        .iter()
        .map(|a| action_value(table, a))
        .collect::<Result<Vec<_>, _>>()?;
    to_json(&values)
}

/// `{"scores", "winners"}`.
pub fn outcome_value(outcome: &Outcome) -> Value {
    let winners: Vec<u8> = outcome.winners.iter().map(|s| s.0).collect();
    json!({ "scores": outcome.scores, "winners": winners })
}

impl<G: Registered> Play<G> {
    /// A game of `config`, its chance resolved by dice seeded `seed`.
    pub fn new(config: &G::Config, seed: u64) -> Result<Self, Failure> {
        Ok(Play::started(Table::new(config)?, seed))
    }

    /// A game whose history starts at `table`, with fresh dice seeded `seed`.
    pub fn started(table: Table<G>, seed: u64) -> Self {
        Play {
            table,
            seed,
            dice: Dice::from_seed(seed),
            dice_before: Vec::new(),
            before: None,
        }
    }

    /// The final position of a replay file's text, with its actions as the history and its
    /// seed's dice where the recorded game's seeded dice would be: each chance outcome of the
    /// history is drawn again (and set aside) at the state it was drawn at, so a game recorded
    /// with seeded dice goes on with the rolls `Match` would have made.
    pub fn from_replay(text: &str) -> Result<Self, Failure> {
        let (table, replay) = Table::<G>::run_replay_file(text)?;
        let mut state = G::new(&replay.config)
            .map_err(|e| Failure::Internal(format!("a replayed config is refused: {e}")))?;
        let mut dice = Dice::from_seed(replay.seed);
        let mut dice_before = Vec::with_capacity(replay.actions.len());
        for action in &replay.actions {
            dice_before.push(dice.clone());
            if state.turn() == Turn::Chance {
                let _ = state.sample_chance(&mut dice);
            }
            state
                .apply_in_place(action)
                .map_err(|e| Failure::Internal(format!("a replayed action is refused: {e}")))?;
        }
        Ok(Play {
            table,
            seed: replay.seed,
            dice,
            dice_before,
            before: None,
        })
    }

    /// Applies an action, keeping the dice as they were before it.
    fn apply(&mut self, action: G::Action) -> Result<String, Failure> {
        let applied = action_value(&self.table, &action)?;
        let before = self.table.state.clone();
        self.table.apply(action)?;
        self.dice_before.push(self.dice.clone());
        self.before = Some(before);
        to_json(&applied)
    }

    /// The seat of an optional seat argument, by default the seat to move.
    fn seat_or_next(&self, seat: Option<i64>) -> Result<Option<Seat>, Failure> {
        Ok(self
            .table
            .seat_opt(seat)?
            .or_else(|| self.table.turn().next_seat()))
    }

    fn pad(&self) -> Result<Option<Pad>, Failure> {
        if self.table.turn() != Turn::Chance {
            return Ok(None);
        }
        let outcomes = self
            .table
            .chance_outcomes()?
            .into_iter()
            .map(|(action, id, _)| (id, action.to_string()))
            .collect::<Vec<_>>();
        Ok(Some(Pad::new(&outcomes)))
    }
}

impl<G: Registered> Session for Play<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> u8 {
        self.table.state.seats()
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn config_json(&self) -> Result<String, Failure> {
        to_json(self.table.state.config())
    }

    fn turn(&self) -> Turn {
        self.table.turn()
    }

    fn turn_json(&self) -> String {
        let (kind, seats): (&str, Vec<u8>) = match self.table.turn() {
            Turn::Seat(s) => ("seat", vec![s.0]),
            Turn::Seats(set) => ("seats", set.iter().map(|s| s.0).collect()),
            Turn::Chance => ("chance", Vec::new()),
            Turn::Over => ("over", Vec::new()),
        };
        json!({ "kind": kind, "seats": seats }).to_string()
    }

    fn next_seat(&self) -> Option<u8> {
        self.table.turn().next_seat().map(|s| s.0)
    }

    fn legal_ids(&self, seat: Option<i64>) -> Result<Vec<usize>, Failure> {
        let seat = self.table.seat_opt(seat)?;
        self.table.legal_ids(seat)
    }

    fn legal_actions_json(&self, seat: Option<i64>) -> Result<String, Failure> {
        let seat = self.table.seat_opt(seat)?;
        actions_json(&self.table, &self.table.legal_actions(seat))
    }

    fn action_json(&self, id: i64, seat: Option<i64>) -> Result<String, Failure> {
        let seat = self.table.seat_opt(seat)?;
        let action = self.table.action_of(id, seat)?;
        to_json(&action_value(&self.table, &action)?)
    }

    fn apply_id(&mut self, id: i64, seat: Option<i64>) -> Result<String, Failure> {
        let seat = self.table.seat_opt(seat)?;
        let action = self.table.action_of(id, seat)?;
        self.apply(action)
    }

    fn roll(&mut self) -> Result<String, Failure> {
        if self.table.turn() != Turn::Chance {
            return Err(Failure::Illegal(ChanceTextError::NoChance.to_string()));
        }
        let mut dice = self.dice.clone();
        let action = self
            .table
            .state
            .sample_chance(&mut dice)
            .ok_or_else(|| Failure::Internal("the chance event has no outcome".to_string()))?;
        let applied = self.apply(action)?;
        self.dice = dice;
        Ok(applied)
    }

    fn chance_outcomes_json(&self) -> Result<String, Failure> {
        let values = self
            .table
            .chance_outcomes()?
            .iter()
            .map(|(action, _, p)| {
                let mut value = action_value(&self.table, action)?;
                value["probability"] = json!(p.to_string());
                value["numerator"] = json!(p.numerator);
                value["denominator"] = json!(p.denominator);
                Ok(value)
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        to_json(&values)
    }

    fn chance_from_text(&self, text: &str) -> Result<String, Failure> {
        let action = self.table.chance_from_text(text)?;
        to_json(&action_value(&self.table, &action)?)
    }

    fn dice_pad_json(&self) -> Result<String, Failure> {
        match self.pad()? {
            Some(pad) => to_json(&pad.to_value()),
            None => Ok("null".to_string()),
        }
    }

    fn chance_from_faces(&self, faces: &[String]) -> Result<String, Failure> {
        let pad = self
            .pad()?
            .ok_or_else(|| Failure::Illegal(ChanceTextError::NoChance.to_string()))?;
        match pad.outcome(faces) {
            Ok(id) => self.action_json(id as i64, None),
            // Not one outcome's faces: the engine decides, reading them as typed text.
            Err(_) => self.chance_from_text(&faces.join(" ")),
        }
    }

    fn place_json(&self, place: &str, seat: Option<i64>) -> Result<String, Failure> {
        let seat = self.seat_or_next(seat)?;
        let places = Places::find(&self.table, place, seat)?;
        let value = json!({
            "legal": places
                .legal
                .iter()
                .map(|a| action_value(&self.table, a))
                .collect::<Result<Vec<_>, _>>()?,
            "other": places
                .other
                .iter()
                .map(|a| action_value(&self.table, a))
                .collect::<Result<Vec<_>, _>>()?,
        });
        to_json(&value)
    }

    fn view_json(&self, seat: i64) -> Result<String, Failure> {
        to_json(&self.table.state.view(self.table.seat(seat)?))
    }

    fn view_text(&self, seat: i64) -> Result<String, Failure> {
        Ok(self.table.state.view(self.table.seat(seat)?).to_string())
    }

    fn view_svg(&self, seat: i64) -> Result<String, Failure> {
        let view = self.table.state.view(self.table.seat(seat)?);
        Ok(G::view_picture(&view))
    }

    fn text(&self) -> String {
        self.table.state.to_string()
    }

    fn svg(&self) -> String {
        self.table.state.picture()
    }

    fn scores(&self) -> Vec<i32> {
        self.table.state.running_scores()
    }

    fn outcome_json(&self) -> Option<String> {
        self.table.outcome().map(|o| outcome_value(&o).to_string())
    }

    fn state_json(&self) -> Result<String, Failure> {
        to_json(&self.table.state)
    }

    fn history_json(&self) -> Result<String, Failure> {
        actions_json(&self.table, self.table.history()?)
    }

    fn replay_file(&self, seed: Option<u64>) -> Result<String, Failure> {
        self.table.replay_file(seed.unwrap_or(self.seed))
    }

    fn undo(&mut self) -> Result<String, Failure> {
        let action = self.table.undo()?;
        if let Some(dice) = self.dice_before.pop() {
            self.dice = dice;
        }
        self.before = None;
        to_json(&action_value(&self.table, &action)?)
    }

    fn last_hidden_from(&self, watching: &[u8]) -> Option<u8> {
        let before = self.before.as_ref()?;
        let last = self.table.history().ok()?.last()?;
        hidden_from(before, last, &self.table.state, watching).map(|s| s.0)
    }

    fn observation(&self, seat: i64) -> Result<(Vec<f32>, Vec<usize>), Failure> {
        let seat = self.table.seat(seat)?;
        Ok((self.table.observation(seat), self.table.observation_shape()))
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
