//! `tabula._tabula._VecEnvCore`: the environments of `env.rs` behind one Python object, which
//! writes into numpy arrays the caller hands over (allocated once, or fresh at every call) and
//! steps with the GIL released. `tabula/vector.py` (`tabula.VecEnv`) and
//! `tabula/gymnasium.py` wrap it.

use crate::args::{NumEnvs, Seed, Threads};
use crate::env::{ActionSpace, EnvSpec, Out, Player, VecEnvCore};
use crate::failure::Failure;
use crate::games;
use numpy::{
    PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use std::sync::Mutex;
use tabula::dicecore::AgentSpec;

/// The name of the caller's seats in an opponents list.
const SELF: &str = "self";

/// One entry of an opponents list: `"self"` (or `None`) for a seat the caller plays, else an
/// agent spec.
fn player(entry: &Bound<'_, PyAny>) -> PyResult<Option<AgentSpec>> {
    if entry.is_none() {
        return Ok(None);
    }
    let text: String = entry.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "opponents are agent specs (str) or \"self\" (or None) for the caller's seats",
        )
    })?;
    let text = text.trim();
    if text == SELF {
        return Ok(None);
    }
    Ok(Some(
        text.parse::<AgentSpec>()
            .map_err(|e| Failure::Config(format!("opponents: {e}")))?,
    ))
}

/// The seats of one table: a text (one spec, or one per seat separated by commas) or a list.
fn table(value: &Bound<'_, PyAny>) -> PyResult<Vec<Option<AgentSpec>>> {
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_string_lossy();
        return text
            .split(',')
            .map(|s| player(PyString::new(value.py(), s).as_any()))
            .collect();
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        return value.try_iter()?.map(|e| player(&e?)).collect();
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "opponents is None (self-play), an agent spec, or a list of one per seat (or of one \
         such list per environment)",
    ))
}

/// The seating of a `VecEnv` from Python's `opponents`: `None` (self-play at every seat), one
/// spec or one per seat (a learner, unless some seat is `"self"`), or one list per
/// environment (self-play tables).
fn seating(opponents: Option<&Bound<'_, PyAny>>, spec: &mut EnvSpec) -> PyResult<()> {
    let players = usize::from(spec.players);
    let Some(value) = opponents.filter(|v| !v.is_none()) else {
        spec.tables = Some(vec![vec![Player::Caller; players]]);
        return Ok(());
    };
    let per_env = !value.is_instance_of::<PyString>()
        && value
            .try_iter()
            .ok()
            .and_then(|mut it| it.next())
            .and_then(Result::ok)
            .is_some_and(|first| {
                first.is_instance_of::<PyList>() || first.is_instance_of::<PyTuple>()
            });
    let tables: Vec<Vec<Option<AgentSpec>>> = if per_env {
        value
            .try_iter()?
            .map(|t| table(&t?))
            .collect::<PyResult<_>>()?
    } else {
        let one = table(value)?;
        if !one.contains(&None) {
            // A learner against these agents (one spec for every seat, or one per seat).
            spec.opponents = match one.as_slice() {
                [Some(agent)] => vec![*agent; players],
                _ => one.into_iter().flatten().collect(),
            };
            return Ok(());
        }
        vec![one]
    };
    spec.tables = Some(
        tables
            .into_iter()
            .map(|t| {
                t.into_iter()
                    .map(|p| p.map_or(Player::Caller, Player::Agent))
                    .collect()
            })
            .collect(),
    );
    Ok(())
}

/// The environments of one game, stepped from Python.
#[pyclass(module = "tabula._tabula", name = "_VecEnvCore")]
pub struct PyVecEnvCore {
    /// `None` once closed.
    core: Mutex<Option<Box<dyn VecEnvCore>>>,
    players: u8,
    self_play: bool,
}

/// The buffers of one call, borrowed writable from numpy.
struct Buffers<'py> {
    obs: numpy::PyReadwriteArray2<'py, f32>,
    mask: numpy::PyReadwriteArray2<'py, bool>,
    rewards: numpy::PyReadwriteArrayDyn<'py, f64>,
    terminated: numpy::PyReadwriteArray1<'py, bool>,
    truncated: numpy::PyReadwriteArray1<'py, bool>,
    seats: numpy::PyReadwriteArray1<'py, i64>,
}

fn slice_error(e: impl std::fmt::Display) -> Failure {
    Failure::Config(format!("buffers must be C-contiguous numpy arrays: {e}"))
}

impl<'py> Buffers<'py> {
    fn out(&mut self) -> Result<Out<'_>, Failure> {
        Ok(Out {
            obs: self.obs.as_slice_mut().map_err(slice_error)?,
            mask: self.mask.as_slice_mut().map_err(slice_error)?,
            rewards: self.rewards.as_slice_mut().map_err(slice_error)?,
            terminated: self.terminated.as_slice_mut().map_err(slice_error)?,
            truncated: self.truncated.as_slice_mut().map_err(slice_error)?,
            seats: self.seats.as_slice_mut().map_err(slice_error)?,
        })
    }
}

/// The arrays of one call, as Python hands them over.
type Arrays<'a, 'py> = (
    &'a Bound<'py, PyArray2<f32>>,
    &'a Bound<'py, PyArray2<bool>>,
    &'a Bound<'py, PyArrayDyn<f64>>,
    &'a Bound<'py, PyArray1<bool>>,
    &'a Bound<'py, PyArray1<bool>>,
    &'a Bound<'py, PyArray1<i64>>,
);

impl PyVecEnvCore {
    fn core(&self) -> Result<std::sync::MutexGuard<'_, Option<Box<dyn VecEnvCore>>>, Failure> {
        self.core
            .lock()
            .map_err(|_| Failure::Internal("an earlier call failed midway".to_string()))
    }

    /// Runs `f` on the core, or refuses if the environments are closed.
    fn with<T>(&self, f: impl FnOnce(&mut dyn VecEnvCore) -> Result<T, Failure>) -> PyResult<T> {
        let mut core = self.core()?;
        let core = core.as_deref_mut().ok_or_else(|| {
            Failure::Closed("the environments are closed: make new ones".to_string())
        })?;
        Ok(f(core)?)
    }

    /// Borrows the buffers, checking their shapes.
    fn buffers<'py>(
        core: &dyn VecEnvCore,
        (obs, mask, rewards, terminated, truncated, seats): Arrays<'_, 'py>,
    ) -> PyResult<Buffers<'py>> {
        let (n, shape) = (core.num_envs(), core.shape());
        let want = |name: &str, got: &[usize], want: &[usize]| -> Result<(), Failure> {
            if got == want {
                Ok(())
            } else {
                Err(Failure::Config(format!(
                    "{name} has shape {got:?}, expected {want:?}"
                )))
            }
        };
        want("observations", obs.shape(), &[n, shape.observation_len])?;
        want("masks", mask.shape(), &[n, shape.num_actions])?;
        if shape.rewards == 1 {
            want("rewards", rewards.shape(), &[n])?;
        } else {
            want("rewards", rewards.shape(), &[n, shape.rewards])?;
        }
        want("terminated", terminated.shape(), &[n])?;
        want("truncated", truncated.shape(), &[n])?;
        want("seats", seats.shape(), &[n])?;
        Ok(Buffers {
            obs: obs.try_readwrite()?,
            mask: mask.try_readwrite()?,
            rewards: rewards.try_readwrite()?,
            terminated: terminated.try_readwrite()?,
            truncated: truncated.try_readwrite()?,
            seats: seats.try_readwrite()?,
        })
    }

    /// Borrows the buffers and runs `f` on them with the GIL released.
    fn write<'py>(
        &self,
        py: Python<'py>,
        arrays: Arrays<'_, 'py>,
        f: impl FnOnce(&mut dyn VecEnvCore, Out<'_>) -> Result<(), Failure> + Send,
    ) -> PyResult<()> {
        let mut core = self.core()?;
        let core = core.as_deref_mut().ok_or_else(|| {
            Failure::Closed("the environments are closed: make new ones".to_string())
        })?;
        let mut buffers = Self::buffers(core, arrays)?;
        let out = buffers.out()?;
        py.detach(|| f(core, out))?;
        Ok(())
    }
}

#[pymethods]
impl PyVecEnvCore {
    /// `num_envs` environments of `game`; see `tabula.VecEnv`.
    #[new]
    #[pyo3(signature = (
        game, players, num_envs=NumEnvs(1), seed=Seed(0), opponents=None, learner_seat=None,
        threads=None, autoreset=true, action_space="flat"
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        players: i64,
        num_envs: NumEnvs,
        seed: Seed,
        opponents: Option<&Bound<'_, PyAny>>,
        learner_seat: Option<i64>,
        threads: Option<Threads>,
        autoreset: bool,
        action_space: &str,
    ) -> PyResult<Self> {
        let entry = games::entry(game)?;
        let players = u8::try_from(players).map_err(|_| {
            Failure::Config(format!(
                "players: a table has a positive number of players, not {players}"
            ))
        })?;
        let learner_seat = learner_seat
            .map(|s| {
                u8::try_from(s).map_err(|_| {
                    Failure::Seat(format!("learner_seat {s} is not a seat at this table"))
                })
            })
            .transpose()?;
        let threads = match threads {
            Some(t) => t.0,
            None => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(crate::env::MAX_THREADS),
        };
        let action_space = match action_space {
            "flat" => ActionSpace::Flat,
            "steps" => ActionSpace::Steps,
            other => {
                return Err(Failure::Config(format!(
                    "action_space is \"flat\" or \"steps\", not {other:?}"
                ))
                .into())
            }
        };
        let mut spec = EnvSpec {
            seed: seed.0,
            threads,
            autoreset,
            learner_seat,
            action_space,
            ..EnvSpec::new(players, num_envs.0, seed.0)
        };
        seating(opponents, &mut spec)?;
        if spec.tables.is_some() && learner_seat.is_some() {
            return Err(Failure::Config(
                "learner_seat: in self-play the caller's seats are those marked \"self\" in \
                 opponents, not a learner seat"
                    .to_string(),
            )
            .into());
        }
        let self_play = spec.tables.is_some();
        let core = (entry.vec_env)(spec)?;
        Ok(PyVecEnvCore {
            core: Mutex::new(Some(core)),
            players,
            self_play,
        })
    }

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        self.with(|c| Ok(c.num_envs()))
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.players
    }

    /// Whether the caller plays seats of a table (rewards per seat), not one learner.
    #[getter]
    fn self_play(&self) -> bool {
        self.self_play
    }

    /// The observation tensor's shape.
    #[getter]
    fn observation_shape(&self) -> PyResult<Vec<usize>> {
        self.with(|c| Ok(c.shape().observation.clone()))
    }

    /// The observation's number of floats.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        self.with(|c| Ok(c.shape().observation_len))
    }

    /// The number of action ids (the width of every mask).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        self.with(|c| Ok(c.shape().num_actions))
    }

    /// The true bounds of every observation entry, `(low, high)`.
    fn observation_bounds(&self) -> PyResult<(Vec<f32>, Vec<f32>)> {
        self.with(|c| Ok(c.observation_bounds()))
    }

    /// Each environment's seat to act (the learner's seat, with a learner).
    #[getter]
    fn learner_seats(&self) -> PyResult<Vec<u32>> {
        self.with(|c| Ok(c.learner_seats().into_iter().map(u32::from).collect()))
    }

    /// Starts new episodes (streams seeded anew from `seed`, or drawing on if `None`), writing
    /// every buffer.
    #[pyo3(signature = (seed, obs, mask, rewards, terminated, truncated, seats))]
    #[allow(clippy::too_many_arguments)]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<Seed>,
        obs: &Bound<'py, PyArray2<f32>>,
        mask: &Bound<'py, PyArray2<bool>>,
        rewards: &Bound<'py, PyArrayDyn<f64>>,
        terminated: &Bound<'py, PyArray1<bool>>,
        truncated: &Bound<'py, PyArray1<bool>>,
        seats: &Bound<'py, PyArray1<i64>>,
    ) -> PyResult<()> {
        let arrays = (obs, mask, rewards, terminated, truncated, seats);
        self.write(py, arrays, |core, out| core.reset(seed.map(|s| s.0), out))
    }

    /// Plays one action id per environment, writing what follows; refuses the whole call
    /// (`IllegalAction`, every environment unchanged) if one action is not legal.
    #[allow(clippy::too_many_arguments)]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
        obs: &Bound<'py, PyArray2<f32>>,
        mask: &Bound<'py, PyArray2<bool>>,
        rewards: &Bound<'py, PyArrayDyn<f64>>,
        terminated: &Bound<'py, PyArray1<bool>>,
        truncated: &Bound<'py, PyArray1<bool>>,
        seats: &Bound<'py, PyArray1<i64>>,
    ) -> PyResult<()> {
        let actions = actions.as_slice().map_err(slice_error)?;
        let arrays = (obs, mask, rewards, terminated, truncated, seats);
        self.write(py, arrays, |core, out| core.step(actions, out))
    }

    /// Writes one uniformly random legal id per environment into `out` (0 for a finished
    /// episode), drawn with dice seeded by `seed`.
    fn sample_legal(&self, seed: Seed, out: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let mut out = out.try_readwrite()?;
        let out = out.as_slice_mut().map_err(slice_error)?;
        self.with(|c| c.sample_legal(seed.0, out))
    }

    /// The view of environment `index`'s seat to act, as text.
    #[pyo3(signature = (index=0))]
    fn render(&self, index: usize) -> PyResult<String> {
        self.with(|c| {
            c.render(index)
                .ok_or_else(|| Failure::Config(format!("there is no environment {index}")))
        })
    }

    /// The final scores of environment `index` once its episode is over, else `None`.
    #[pyo3(signature = (index=0))]
    fn scores(&self, index: usize) -> PyResult<Option<Vec<i32>>> {
        self.with(|c| Ok(c.scores(index)))
    }

    /// Frees the environments; every later call raises `ClosedEnvironmentError`.
    fn close(&self) -> PyResult<()> {
        self.core()?.take();
        Ok(())
    }

    /// Whether `close()` was called.
    #[getter]
    fn closed(&self) -> PyResult<bool> {
        Ok(self.core()?.is_none())
    }
}
