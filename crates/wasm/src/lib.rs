//! # tabula-wasm
//!
//! The engines of tabula for JavaScript, through wasm-bindgen: every game of the registry
//! (`tabula::for_each_game!`) behind one API — the class `Game`, the class `Agent` and a few
//! functions — with the JSON formats of Rust and Python (a config, a state, a view, an action's
//! serde form and a replay file are the engines' own). It converts and nothing more: the game
//! crates decide every rule, and no rule is written in JavaScript. `docs/web.md` describes the
//! API, the npm package and the companion page in `web/`.
//!
//! ```text
//! import init, { Game, Agent } from "tabula-wasm";
//! await init();
//! const game = new Game("sequence-dice", 2, 7);      // the standard setup of seed 7
//! game.roll();                                        // chance, from dice seeded 7
//! const agent = new Agent("sequence-dice", "mc:50", 8);
//! game.apply(agent.choose(game));
//! try { game.apply(9999); } catch (e) { console.log(e.name, e.message); } // IllegalAction, ...
//! const file = game.replay();                         // the replay file `replay` verifies
//! ```
//!
//! Every method is written twice only in name: [`session::Session`] (plain Rust, tested with
//! `cargo test`) does the work with the facade's [`tabula::table::Table`], shared with the
//! Python package; this module turns JavaScript values into its arguments and its JSON text and
//! [`tabula::table::Failure`]s into thrown `Error`s whose `name` is the failure's kind
//! (`IllegalAction`, `ConfigError`, ...) and whose `message` is the engine's one-line reason.
//!
//! ## Layout
//!
//! - [`session`]: one game in progress, whatever the game (the class `Game`);
//! - [`agents`]: an agent of one game (the class `Agent`);
//! - [`registry`]: the registry's games by name;
//! - [`pad`]: the faces a person clicks to enter a roll;
//! - [`places`]: the actions a click on a place of the picture means;
//! - `js` (private): JavaScript values in and out, errors thrown.
//!
//! ## Feature flags
//!
//! None. The crate builds natively too (for `cargo test` and clippy); only the wasm32 build
//! is a JavaScript module.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agents;
mod js;
pub mod pad;
pub mod places;
pub mod registry;
pub mod session;
#[cfg(test)]
mod tests;

use agents::Player;
pub use js::Thrown;
use js::{int_arg, json_arg, parse, seed_arg, text_arg};
use session::Session;
use tabula::table::Failure;
use wasm_bindgen::prelude::*;

/// The most games one call of `playRandomGames` plays: every result is kept, in a module's
/// memory of at most 4 GB (a million games' results take about 100 MB).
pub const MAX_GAMES: u64 = 1_000_000;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** An action: a decision of a seat, or a chance outcome (`seat` is null). */
export interface Action {
  /** The stable id (chance outcomes first, then decisions; the same for every seat). */
  id: number;
  /** The seat that takes it; null for a chance outcome. */
  seat: number | null;
  /** The engine's rendering, e.g. "seat 1 places a chip on e4". */
  text: string;
  /** The engine's serde form, as in replay files. */
  json: unknown;
}
/** Who acts next. */
export interface Turn {
  kind: "seat" | "seats" | "chance" | "over";
  /** The deciding seats (empty at chance and at the end). */
  seats: number[];
}
/** A chance outcome with its exact probability. */
export interface ChanceOutcome extends Action {
  /** "1/6", exact. */
  probability: string;
  numerator: number;
  denominator: number;
}
/** The result of a finished game. */
export interface Outcome {
  scores: number[];
  /** The winning seats, in increasing order (ties share). */
  winners: number[];
}
/** A registered game. */
export interface GameInfo {
  /** The name of replay files, e.g. "kingdom-builder". */
  name: string;
  /** The name of the Python class, e.g. "KingdomBuilder". */
  camel: string;
  /** A one-line description. */
  title: string;
  minPlayers: number;
  maxPlayers: number;
}
/** The faces to click for the pending chance event: `count` of them make one outcome. */
export interface DicePad {
  faces: string[];
  count: number;
}
/** The actions of a seat that name a place of the picture. */
export interface PlaceActions {
  /** Legal now. */
  legal: Action[];
  /** Not legal now (applying one brings the engine's reason). */
  other: Action[];
}
/** The games of `playRandomGames`, game by game. */
export interface RandomGames {
  scores: number[][];
  winners: number[][];
  lengths: number[];
}
/** An error of tabula: `name` is its kind, `message` the engine's reason. */
export interface TabulaError extends Error {
  name: "UnknownGame" | "ConfigError" | "IllegalAction" | "LoadError" | "ReplayError" | "TabulaError";
  /** ReplayError: the 0-based index of the refused action, if an action was refused. */
  index?: number;
  /** ReplayError: that action, rendered. */
  action?: string;
}
"#;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Runs when the module is instantiated: a panic (a bug: the tests feed every call corrupted
/// input to show there is none) is written to the console before the module traps.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!(
            "tabula-wasm panicked (a bug, please report it): {info}"
        ));
    }));
}

/// The version of the package (the crates' version).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Every registered game, in the registry's order.
#[wasm_bindgen(unchecked_return_type = "GameInfo[]")]
pub fn games() -> Result<JsValue, Thrown> {
    let list: Vec<serde_json::Value> = tabula::games::GAMES
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name,
                "camel": g.camel,
                "title": g.title,
                "minPlayers": g.seats.start(),
                "maxPlayers": g.seats.end(),
            })
        })
        .collect();
    parse(&serde_json::Value::from(list).to_string())
}

/// The standard config of `game` for `players` and `seed`, as the engine's JSON (an object to
/// edit and pass to `Game.fromConfig`).
#[wasm_bindgen(js_name = standardConfig)]
pub fn standard_config(
    game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] players: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    let (_, entry) = registry::entry(&text_arg(&game, "a game's name")?)?;
    let players = players_arg(&players)?;
    parse(&(entry.standard_config)(players, seed_arg(&seed)?)?)
}

/// Plays games `0..games` of `game` with random agents at every seat, on this thread: game
/// `i` is game `i` of the `simulate` program (and of Python's `play_random_games`) with the
/// same seed. For speed checks, and as a worked use of the registry.
#[wasm_bindgen(js_name = playRandomGames, unchecked_return_type = "RandomGames")]
pub fn play_random_games(
    game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] players: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] games: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    let (_, entry) = registry::entry(&text_arg(&game, "a game's name")?)?;
    let players = players_arg(&players)?;
    let games = int_arg(&games, Failure::Config, "a number of games")?.unwrap_or(1);
    let games = u64::try_from(games)
        .ok()
        .filter(|&g| g <= MAX_GAMES)
        .ok_or_else(|| {
            Failure::Config(format!(
                "the number of games is 0 to {MAX_GAMES}, not {games}"
            ))
        })?;
    let results = (entry.random_games)(players, games, seed_arg(&seed)?)?;
    let value = serde_json::json!({
        "scores": results.iter().map(|r| &r.scores).collect::<Vec<_>>(),
        "winners": results
            .iter()
            .map(|r| r.winners.iter().map(|s| s.0).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        "lengths": results.iter().map(|r| r.length).collect::<Vec<_>>(),
    });
    parse(&value.to_string())
}

/// A player count: a whole number.
fn players_arg(players: &JsValue) -> Result<i64, Failure> {
    int_arg(players, Failure::Config, "a number of players")?
        .ok_or_else(|| Failure::Config("how many players? give a number".to_string()))
}

/// The final position of a replay file's text, of whichever game it records: the replay is
/// verified as the `replay` program verifies it (a refused action throws a `ReplayError` with
/// its `index`).
#[wasm_bindgen(js_name = runReplay)]
pub fn run_replay(text: JsValue) -> Result<Game, Thrown> {
    Game::from_replay(text)
}

/// One game in progress, of any registered game: its state, its history and the seeded dice
/// that resolve its chance events (as the Rust `Match` does).
#[wasm_bindgen]
pub struct Game {
    inner: Box<dyn Session>,
}

#[wasm_bindgen]
impl Game {
    /// A new game of `game` (its name as in replay files, or as people write it: "Kingdom
    /// Builder"): the standard setup for `players` from `seed`, its chance resolved by dice
    /// seeded `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] players: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<Game, Thrown> {
        let (_, entry) = registry::entry(&text_arg(&game, "a game's name")?)?;
        let inner = (entry.create)(players_arg(&players)?, seed_arg(&seed)?)?;
        Ok(Game { inner })
    }

    /// A new game of a config (an object, or its JSON text), dice seeded `seed` (default 0).
    #[wasm_bindgen(js_name = fromConfig)]
    pub fn from_config(
        game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "object | string")] config: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
    ) -> Result<Game, Thrown> {
        let (_, entry) = registry::entry(&text_arg(&game, "a game's name")?)?;
        let config = json_arg(&config, Failure::Config, "a config")?;
        let inner = (entry.with_config)(&config, seed_arg(&seed)?)?;
        Ok(Game { inner })
    }

    /// A game at a saved state (the text of `toJson()`), checked as a saved file is; its
    /// history is unknown. Dice seeded `seed` (default 0).
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(
        game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] state: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
    ) -> Result<Game, Thrown> {
        let (_, entry) = registry::entry(&text_arg(&game, "a game's name")?)?;
        let state = text_arg(&state, "a saved state")?;
        let inner = (entry.load)(&state, seed_arg(&seed)?)?;
        Ok(Game { inner })
    }

    /// The final position of a replay file's text (see `runReplay`), with the replay's
    /// actions as its history and its seed's dice where the recorded game left them.
    #[wasm_bindgen(js_name = fromReplay)]
    pub fn from_replay(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game, Thrown> {
        let text = text_arg(&text, "a replay file").map_err(|e| Failure::Replay {
            message: e.to_string(),
            index: None,
            action: None,
        })?;
        Ok(Game {
            inner: registry::from_replay(&text)?,
        })
    }

    /// The game's name, as in replay files.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The number of players.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u8 {
        self.inner.players()
    }

    /// The seed of the dice that resolve chance (recorded in the replay).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The config the game was set up from, as the engine's JSON.
    pub fn config(&self) -> Result<JsValue, Thrown> {
        parse(&self.inner.config_json()?)
    }

    /// Who acts next.
    #[wasm_bindgen(unchecked_return_type = "Turn")]
    pub fn turn(&self) -> Result<JsValue, Thrown> {
        parse(&self.inner.turn_json())
    }

    /// Whether a chance event (a roll, a draw) is to be resolved.
    #[wasm_bindgen(getter, js_name = isChance)]
    pub fn is_chance(&self) -> bool {
        self.inner.turn() == tabula::Turn::Chance
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.inner.turn() == tabula::Turn::Over
    }

    /// The seat a sequential driver asks next (the lowest of several deciding seats);
    /// undefined at chance and at the end.
    #[wasm_bindgen(getter, js_name = nextSeat)]
    pub fn next_seat(&self) -> Option<u8> {
        self.inner.next_seat()
    }

    /// The legal actions: of every seat to move, or of `seat`; the chance outcomes at a chance
    /// event.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Action[]")]
    pub fn legal_actions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, Thrown> {
        let seat = int_arg(&seat, Failure::Seat, "a seat")?;
        parse(&self.inner.legal_actions_json(seat)?)
    }

    /// The sorted ids of the legal actions of `seat` (default: the seat to move; needed when
    /// several seats decide); the chance outcomes' ids at a chance event.
    #[wasm_bindgen(js_name = legalActionIds)]
    pub fn legal_action_ids(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<Vec<u32>, Thrown> {
        let seat = int_arg(&seat, Failure::Seat, "a seat")?;
        let ids = self.inner.legal_ids(seat)?;
        Ok(ids.into_iter().map(|id| id as u32).collect())
    }

    /// The action of an id, taken by `seat` (default: the seat to move), without applying it.
    #[wasm_bindgen(unchecked_return_type = "Action")]
    pub fn action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, Thrown> {
        let (id, seat) = js::action_arg(&id, &seat)?;
        parse(&self.inner.action_json(id, seat)?)
    }

    /// Applies an action: an `Action` (as the other methods return them) or an id, taken by
    /// `seat` (default: the action's seat, or the seat to move). An illegal action throws an
    /// `IllegalAction` with the engine's reason, and nothing changes. Returns the action.
    #[wasm_bindgen(unchecked_return_type = "Action")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, Thrown> {
        let (id, seat) = js::action_arg(&action, &seat)?;
        parse(&self.inner.apply_id(id, seat)?)
    }

    /// Resolves the pending chance event with the game's seeded dice, as `Match` does, and
    /// returns the outcome applied.
    #[wasm_bindgen(unchecked_return_type = "Action")]
    pub fn roll(&mut self) -> Result<JsValue, Thrown> {
        parse(&self.inner.roll()?)
    }

    /// The pending chance event's outcomes with exact probabilities, by id.
    #[wasm_bindgen(js_name = chanceOutcomes, unchecked_return_type = "ChanceOutcome[]")]
    pub fn chance_outcomes(&self) -> Result<JsValue, Thrown> {
        parse(&self.inner.chance_outcomes_json()?)
    }

    /// The chance outcome a person typed in: what the dice on the table show ("3 4", "grey
    /// grey blue", ...), read by the game. Not applied.
    #[wasm_bindgen(js_name = chanceFromText, unchecked_return_type = "Action")]
    pub fn chance_from_text(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsValue, Thrown> {
        let text = text_arg(&text, "what the dice show")?;
        parse(&self.inner.chance_from_text(&text)?)
    }

    /// The faces a person clicks to enter the pending roll or draw; null when nothing is
    /// rolled.
    #[wasm_bindgen(js_name = dicePad, unchecked_return_type = "DicePad | null")]
    pub fn dice_pad(&self) -> Result<JsValue, Thrown> {
        parse(&self.inner.dice_pad_json()?)
    }

    /// The chance outcome of the faces clicked (in any order). Not applied.
    #[wasm_bindgen(js_name = chanceFromFaces, unchecked_return_type = "Action")]
    pub fn chance_from_faces(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] faces: JsValue,
    ) -> Result<JsValue, Thrown> {
        let faces = js::strings_arg(&faces, "the faces clicked")?;
        parse(&self.inner.chance_from_faces(&faces)?)
    }

    /// The actions of `seat` (default: the seat to move) that name `place`, a place of the
    /// picture: the text before the colon of the `<title>` of the shape clicked (`a1`).
    #[wasm_bindgen(js_name = placeActions, unchecked_return_type = "PlaceActions")]
    pub fn place_actions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] place: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, Thrown> {
        let place = text_arg(&place, "a place")?;
        let seat = int_arg(&seat, Failure::Seat, "a seat")?;
        parse(&self.inner.place_json(&place, seat)?)
    }

    /// All that `seat` may know, as the engine's JSON.
    pub fn view(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
    ) -> Result<JsValue, Thrown> {
        parse(&self.inner.view_json(js::seat_arg(&seat)?)?)
    }

    /// `seat`'s view rendered as text (the terminal board).
    #[wasm_bindgen(js_name = viewText)]
    pub fn view_text(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
    ) -> Result<String, Thrown> {
        Ok(self.inner.view_text(js::seat_arg(&seat)?)?)
    }

    /// `seat`'s view as an SVG picture.
    #[wasm_bindgen(js_name = viewSvg)]
    pub fn view_svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
    ) -> Result<String, Thrown> {
        Ok(self.inner.view_svg(js::seat_arg(&seat)?)?)
    }

    /// The whole table rendered as text.
    pub fn text(&self) -> String {
        self.inner.text()
    }

    /// The whole table as an SVG picture.
    pub fn svg(&self) -> String {
        self.inner.svg()
    }

    /// Every seat's score as the game goes (the final scores once it is over).
    pub fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }

    /// The result once the game is over; null before.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, Thrown> {
        match self.inner.outcome_json() {
            Some(text) => parse(&text),
            None => Ok(JsValue::NULL),
        }
    }

    /// The state as JSON text (read back with `Game.fromJson`).
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Result<String, Thrown> {
        Ok(self.inner.state_json()?)
    }

    /// Every action applied since the start (a `LoadError` for a loaded state).
    #[wasm_bindgen(unchecked_return_type = "Action[]")]
    pub fn history(&self) -> Result<JsValue, Thrown> {
        parse(&self.inner.history_json()?)
    }

    /// The replay file of the game so far, byte for byte as the Rust `Match` and the
    /// programs write it; `seed`: the dice seed it records (default: this game's).
    pub fn replay(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
    ) -> Result<String, Thrown> {
        let seed = match seed.is_undefined() || seed.is_null() {
            true => None,
            false => Some(seed_arg(&seed)?),
        };
        Ok(self.inner.replay_file(seed)?)
    }

    /// Takes back the last action (and restores the dice as they were before it); returns
    /// it.
    #[wasm_bindgen(unchecked_return_type = "Action")]
    pub fn undo(&mut self) -> Result<JsValue, Thrown> {
        parse(&self.inner.undo()?)
    }

    /// The first of `seats` (the people watching this screen) who cannot tell the last action
    /// from another legal one (another player's card, a tile drawn face down, an entry made at
    /// the same time): show it to them without its details. Undefined when all of them may see
    /// it.
    #[wasm_bindgen(js_name = lastHiddenFrom)]
    pub fn last_hidden_from(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] seats: JsValue,
    ) -> Result<Option<u8>, Thrown> {
        let seats = js::seats_arg(&seats)?;
        Ok(self.inner.last_hidden_from(&seats))
    }

    /// `seat`'s observation tensor, flat (row-major), from its view.
    pub fn observation(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
    ) -> Result<Vec<f32>, Thrown> {
        Ok(self.inner.observation(js::seat_arg(&seat)?)?.0)
    }

    /// The shape of the observation tensor.
    #[wasm_bindgen(getter, js_name = observationShape)]
    pub fn observation_shape(&self) -> Vec<u32> {
        let seat = 0;
        self.inner
            .observation(seat)
            .map(|(_, shape)| shape.into_iter().map(|d| d as u32).collect())
            .unwrap_or_default()
    }

    /// An independent copy (history and dice included).
    #[wasm_bindgen(js_name = clone)]
    pub fn boxed_clone(&self) -> Game {
        Game {
            inner: self.inner.boxed_clone(),
        }
    }
}

/// An agent of one game, seeded: `random`, `mc:N` (flat Monte-Carlo, N play-outs per
/// decision) or `ismcts:N` (information-set MCTS, N iterations), as on the programs' command
/// lines.
#[wasm_bindgen]
pub struct Agent {
    inner: Box<dyn Player>,
}

#[wasm_bindgen]
impl Agent {
    /// The agent `spec` names for `game`, seeded `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] spec: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<Agent, Thrown> {
        let (_, entry) = registry::entry(&text_arg(&game, "a game's name")?)?;
        let spec = text_arg(&spec, "an agent")?
            .parse::<tabula::dicecore::AgentSpec>()
            .map_err(|e| Failure::Config(e.to_string()))?;
        Ok(Agent {
            inner: (entry.agent)(spec, seed_arg(&seed)?),
        })
    }

    /// The game it plays.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.inner.game().to_string()
    }

    /// What it is (`mc:200`).
    #[wasm_bindgen(getter)]
    pub fn spec(&self) -> String {
        self.inner.spec().to_string()
    }

    /// Its action for `seat` (default: the seat to move) in `game`; not applied.
    #[wasm_bindgen(unchecked_return_type = "Action")]
    pub fn choose(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, Thrown> {
        let seat = int_arg(&seat, Failure::Seat, "a seat")?;
        parse(&self.inner.choose(game.inner.as_ref(), seat)?)
    }
}
