//! `tabula.Action`: one action of any game as a Python object, with its rendering, its stable
//! id ([`Encode`](tabula::dicecore::Encode)) and its seat. It keeps the engine's own action, so
//! applying it needs no lookup.

use crate::convert::json_to_py;
use crate::failure::Failure;
use crate::table::to_json;
use pyo3::prelude::*;
use std::any::Any;
use std::fmt::Display;
use std::sync::Arc;
use tabula::dicecore::{Game, Seat};

/// An engine action behind a type-erased pointer.
trait Erased: Any + Send + Sync {
    fn text(&self) -> String;
    fn json(&self) -> Result<String, Failure>;
    fn as_any(&self) -> &dyn Any;
}

impl<A: Display + serde::Serialize + Send + Sync + 'static> Erased for A {
    fn text(&self) -> String {
        self.to_string()
    }
    fn json(&self) -> Result<String, Failure> {
        to_json(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// An action: a decision of a seat, or an outcome of a chance event (`seat` is `None`).
/// `str(action)` is the engine's rendering; `id` is its stable integer id.
#[pyclass(module = "tabula._tabula", name = "Action", frozen)]
pub struct PyAction {
    game: &'static str,
    id: usize,
    seat: Option<u8>,
    inner: Arc<dyn Erased>,
}

impl PyAction {
    /// The Python object of an engine action with its id.
    pub fn new<G: Game>(state: &G, action: G::Action, id: usize) -> PyAction {
        PyAction {
            game: G::NAME,
            id,
            seat: state.action_seat(&action).map(|s| s.0),
            inner: Arc::new(action),
        }
    }

    /// The engine action, if this is an action of `G`.
    pub fn engine<G: Game>(&self) -> Result<G::Action, Failure> {
        self.inner
            .as_any()
            .downcast_ref::<G::Action>()
            .filter(|_| self.game == G::NAME)
            .cloned()
            .ok_or_else(|| {
                Failure::Illegal(format!(
                    "'{}' is an action of {}, not of {}",
                    self.inner.text(),
                    self.game,
                    G::NAME
                ))
            })
    }

    /// The seat the action belongs to.
    pub fn seat(&self) -> Option<Seat> {
        self.seat.map(Seat)
    }
}

#[pymethods]
impl PyAction {
    /// The stable id (chance outcomes first, then decisions; the same for every seat).
    #[getter]
    fn id(&self) -> usize {
        self.id
    }

    /// The seat that takes this action; `None` for a chance outcome.
    #[getter(seat)]
    fn py_seat(&self) -> Option<u8> {
        self.seat
    }

    /// The game's name, e.g. `"kingdom-builder"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// Whether this is the outcome of a chance event.
    #[getter]
    fn is_chance(&self) -> bool {
        self.seat.is_none()
    }

    /// The engine's serde form of the action (as in replay files), as Python data.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.json()?)
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }

    fn __repr__(&self) -> String {
        match self.seat {
            Some(s) => format!("Action({}, seat={s}, '{}')", self.id, self.inner.text()),
            None => format!("Action({}, chance, '{}')", self.id, self.inner.text()),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyAction>().is_ok_and(|o| {
            let o = o.get();
            (o.game, o.id, o.seat) == (self.game, self.id, self.seat)
        })
    }

    fn __hash__(&self) -> u64 {
        let seat = self.seat.map_or(0, |s| u64::from(s) + 1);
        (self.id as u64) << 8 | seat
    }
}
