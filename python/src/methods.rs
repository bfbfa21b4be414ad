//! The Python methods of every game class, written once, generically over the game: the
//! `game_class!` macro of `games.rs` gives each game its class and forwards to these.

use crate::action::PyAction;
use crate::convert::{fraction, json_arg, json_to_py, PyOutcome, Turn};
use crate::failure::Failure;
use crate::table::{config_from_json, standard_config, to_json, Table};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyTuple};
use tabula::dicecore::{self, Dice, Encode, Game, Outcome};

/// A game type the Python package exposes: a [`Game`] with [`Encode`] and its Python class.
pub trait Binding: Game + Encode {
    /// The Python object (of this game's class) holding `table`.
    fn object(py: Python<'_>, table: Table<Self>) -> PyResult<Py<PyAny>>;
    /// The table inside a Python object of this game's class, if it is one.
    fn table_of(obj: &Bound<'_, PyAny>) -> Option<Table<Self>>;
}

/// A new table: the standard config of `players` and `seed`, or a given config (a dict or
/// its JSON text).
pub fn create<G: Binding>(
    players: Option<i64>,
    seed: u64,
    config: Option<&Bound<'_, PyAny>>,
) -> Result<Table<G>, Failure> {
    let config = match (players, config) {
        (None, Some(c)) => config_from_json::<G>(&json_arg(c)?)?,
        (Some(p), None) => standard_config::<G>(p, seed)?,
        (Some(_), Some(_)) => {
            return Err(Failure::Config(
                "give either players (and a seed) or a config, not both".to_string(),
            ))
        }
        (None, None) => {
            return Err(Failure::Config(format!(
                "how many players? {} plays with {} to {}",
                G::NAME,
                G::SEATS.start(),
                G::SEATS.end()
            )))
        }
    };
    Table::new(&config)
}

/// The standard config as Python data.
pub fn standard<G: Binding>(py: Python<'_>, players: i64, seed: u64) -> PyResult<Py<PyAny>> {
    let config = standard_config::<G>(players, seed)?;
    Ok(json_to_py(py, &to_json(&config)?)?.unbind())
}

/// Action objects of engine actions.
fn objects<G: Binding>(t: &Table<G>, actions: Vec<G::Action>) -> Result<Vec<PyAction>, Failure> {
    actions
        .into_iter()
        .map(|a| Ok(PyAction::new(&t.state, a.clone(), t.id_of(&a)?)))
        .collect()
}

/// `legal_actions(seat=None)`.
pub fn legal_actions<G: Binding>(t: &Table<G>, seat: Option<i64>) -> PyResult<Vec<PyAction>> {
    let seat = t.seat_opt(seat)?;
    Ok(objects(t, t.legal_actions(seat))?)
}

/// `legal_action_ids(seat=None)`.
pub fn legal_ids<G: Binding>(t: &Table<G>, seat: Option<i64>) -> PyResult<Vec<usize>> {
    let seat = t.seat_opt(seat)?;
    Ok(t.legal_ids(seat)?)
}

/// The engine action of an `Action` object or an id (with an optional seat).
pub fn engine_action<G: Binding>(
    t: &Table<G>,
    action: &Bound<'_, PyAny>,
    seat: Option<i64>,
) -> PyResult<G::Action> {
    if let Ok(obj) = action.cast::<PyAction>() {
        let obj = obj.get();
        if let Some(s) = seat {
            if obj.seat() != Some(t.seat(s)?) {
                return Err(Failure::Illegal(format!(
                    "'{obj}' is not an action of seat {s}",
                    obj = obj_text(action)
                ))
                .into());
            }
        }
        return Ok(obj.engine::<G>()?);
    }
    let not_an_id = || {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "an action is a tabula.Action or an integer id, not {}",
            action
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    };
    // A bool is no id; a numpy integer is one (`__index__`).
    if action.is_instance_of::<PyBool>() {
        return Err(not_an_id());
    }
    let id = match action.extract::<i64>() {
        Ok(id) => id,
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(action.py()) => {
            let (total, _) = t.id_space();
            return Err(Failure::Illegal(format!(
                "action id {} is out of range: ids are 0 to {}",
                obj_text(action),
                total.saturating_sub(1)
            ))
            .into());
        }
        Err(_) => return Err(not_an_id()),
    };
    Ok(t.action_of(id, t.seat_opt(seat)?)?)
}

fn obj_text(obj: &Bound<'_, PyAny>) -> String {
    obj.str().map(|s| s.to_string()).unwrap_or_default()
}

/// `apply(action, seat=None)`.
pub fn apply<G: Binding>(
    t: &mut Table<G>,
    action: &Bound<'_, PyAny>,
    seat: Option<i64>,
) -> PyResult<()> {
    let action = engine_action(t, action, seat)?;
    Ok(t.apply(action)?)
}

/// `action_from_id(id, seat=None)`.
pub fn action_from_id<G: Binding>(t: &Table<G>, id: i64, seat: Option<i64>) -> PyResult<PyAction> {
    let action = t.action_of(id, t.seat_opt(seat)?)?;
    let id = t.id_of(&action)?;
    Ok(PyAction::new(&t.state, action, id))
}

/// `chance_outcomes()`: (action, Fraction) pairs.
pub fn chance_outcomes<'py, G: Binding>(
    py: Python<'py>,
    t: &Table<G>,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for (action, id, p) in t.chance_outcomes()? {
        let action = Bound::new(py, PyAction::new(&t.state, action, id))?;
        list.append(PyTuple::new(py, [action.into_any(), fraction(py, p)?])?)?;
    }
    Ok(list)
}

/// `chance_outcome_ids()`: (id, float) pairs.
pub fn chance_ids<G: Binding>(t: &Table<G>) -> PyResult<Vec<(usize, f64)>> {
    Ok(t.chance_outcomes()?
        .into_iter()
        .map(|(_, id, p)| (id, p.numerator as f64 / p.denominator as f64))
        .collect())
}

/// `chance_from_text(text)`.
pub fn chance_from_text<G: Binding>(t: &Table<G>, text: &str) -> PyResult<PyAction> {
    let action = t.chance_from_text(text)?;
    let id = t.id_of(&action)?;
    Ok(PyAction::new(&t.state, action, id))
}

/// `turn`.
pub fn turn<G: Binding>(t: &Table<G>) -> Turn {
    t.turn().into()
}

/// `outcome()`.
pub fn outcome<G: Binding>(t: &Table<G>) -> Option<PyOutcome> {
    t.outcome().map(PyOutcome::from)
}

/// `random_playout(seed)`.
pub fn random_playout<G: Binding>(py: Python<'_>, t: &Table<G>, seed: u64) -> PyResult<PyOutcome> {
    let state = t.state.clone();
    let outcome = py.detach(|| play_out(state, seed))?;
    Ok(PyOutcome::from(outcome))
}

/// A random playout must end within this many actions (the engines' games end far sooner).
const MAX_ACTIONS: usize = 10_000_000;

/// Plays `state` to its end at random (`random_playout`): chance through `sample_chance`,
/// every seat through the engine's `sample_action`, both with dice seeded by `seed`, seats of a
/// simultaneous turn asked in seat order.
fn play_out<G: Game>(mut state: G, seed: u64) -> Result<Outcome, Failure> {
    let mut dice = Dice::from_seed(seed);
    let mut scratch = Vec::new();
    for _ in 0..MAX_ACTIONS {
        let action = match state.turn() {
            dicecore::Turn::Over => {
                return state
                    .outcome()
                    .ok_or_else(|| Failure::Internal("a finished game has no outcome".into()));
            }
            dicecore::Turn::Chance => state.sample_chance(&mut dice),
            turn => turn
                .next_seat()
                .and_then(|seat| state.sample_action(seat, &mut dice, &mut scratch)),
        };
        let action =
            action.ok_or_else(|| Failure::Internal("a seat to move has no action".into()))?;
        state
            .apply_in_place(&action)
            .map_err(|e| Failure::Internal(format!("a sampled action was refused: {e}")))?;
    }
    Err(Failure::Internal(format!(
        "a game did not end within {MAX_ACTIONS} actions"
    )))
}

/// `view(seat)` as Python data.
pub fn view<'py, G: Binding>(
    py: Python<'py>,
    t: &Table<G>,
    seat: i64,
) -> PyResult<Bound<'py, PyAny>> {
    json_to_py(py, &view_json(t, seat)?)
}

/// `view_json(seat)`.
pub fn view_json<G: Binding>(t: &Table<G>, seat: i64) -> PyResult<String> {
    Ok(to_json(&t.state.view(t.seat(seat)?))?)
}

/// `view_text(seat)`.
pub fn view_text<G: Binding>(t: &Table<G>, seat: i64) -> PyResult<String> {
    Ok(t.state.view(t.seat(seat)?).to_string())
}

/// `observation(seat)`.
pub fn observation<G: Binding>(t: &Table<G>, seat: i64) -> PyResult<Vec<f32>> {
    Ok(t.observation(t.seat(seat)?))
}

/// `write_observation(seat, out)`: the tensor written straight into a numpy array.
pub fn write_observation<G: Binding>(
    t: &Table<G>,
    seat: i64,
    out: &Bound<'_, numpy::PyArrayDyn<f32>>,
) -> PyResult<()> {
    use numpy::{PyArrayMethods, PyUntypedArrayMethods};
    let seat = t.seat(seat)?;
    let config = t.state.config();
    let len = G::observation_len(config);
    if out.len() != len {
        return Err(Failure::Config(format!(
            "out has {} entries, the observation {len}",
            out.len()
        ))
        .into());
    }
    let mut out = out.try_readwrite()?;
    let out = out.as_slice_mut().map_err(|e| {
        Failure::Config(format!(
            "out must be a C-contiguous float32 numpy array: {e}"
        ))
    })?;
    G::encode_view(config, seat, &t.state.view(seat), out);
    Ok(())
}

/// `config` as Python data.
pub fn config<'py, G: Binding>(py: Python<'py>, t: &Table<G>) -> PyResult<Bound<'py, PyAny>> {
    json_to_py(py, &to_json(t.state.config())?)
}

/// `history()`: every action applied since the start.
pub fn history<G: Binding>(t: &Table<G>) -> PyResult<Vec<PyAction>> {
    let actions = t.history()?.to_vec();
    Ok(objects(t, actions)?)
}

/// `replay(seed=0)`: the replay file's JSON text.
pub fn replay<G: Binding>(t: &Table<G>, seed: u64) -> PyResult<String> {
    Ok(to_json(&t.replay(seed)?)?)
}

/// `determinize(seat, seed)`.
pub fn determinize<G: Binding>(
    py: Python<'_>,
    t: &Table<G>,
    seat: i64,
    seed: u64,
) -> PyResult<Py<PyAny>> {
    let seat = t.seat(seat)?;
    G::object(py, t.determinize(seat, seed))
}

/// `__reduce__`: rebuild through `tabula._tabula._restore(name, state_json, history_json)`.
pub fn reduce<'py, G: Binding>(py: Python<'py>, t: &Table<G>) -> PyResult<Bound<'py, PyTuple>> {
    let restore = py.import("tabula._tabula")?.getattr("_restore")?;
    let history = match t.history() {
        Ok(log) => Some(to_json(&log)?),
        Err(_) => None,
    };
    let args = (G::NAME, to_json(&t.state)?, history).into_pyobject(py)?;
    PyTuple::new(py, [restore, args.into_any()])
}

/// `__eq__`: equal states of the same game.
pub fn equal<G: Binding>(t: &Table<G>, other: &Bound<'_, PyAny>) -> bool {
    G::table_of(other).is_some_and(|o| o.state == t.state)
}

/// `__repr__`.
pub fn repr<G: Binding>(class: &str, t: &Table<G>) -> String {
    let turn: Turn = t.turn().into();
    format!(
        "<tabula.{class}: {} players, {}>",
        t.state.seats(),
        turn_words(&turn)
    )
}

fn turn_words(turn: &Turn) -> String {
    match turn.kind_str() {
        "seat" | "seats" => format!("to move: {:?}", turn.seat_list()),
        "chance" => "chance to resolve".to_string(),
        _ => "over".to_string(),
    }
}
