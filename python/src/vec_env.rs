//! `tabula._tabula._VecEnvCore`: the environments of `env.rs` behind one Python object, which
//! writes into numpy arrays the caller allocated once and steps with the GIL released.
//! `tabula/vector.py` (`tabula.VecEnv`) and `tabula/gymnasium.py` wrap it.

use crate::env::{EnvSpec, Out, VecEnvCore};
use crate::failure::Failure;
use crate::games;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::Mutex;
use tabula::dicecore::AgentSpec;

/// Agent specs from Python: one for every seat, or one per seat separated by commas.
fn opponents(text: &str, players: u8) -> Result<Vec<AgentSpec>, Failure> {
    let specs = text
        .split(',')
        .map(|s| {
            s.parse::<AgentSpec>()
                .map_err(|e| Failure::Config(e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    match specs.as_slice() {
        [one] => Ok(vec![*one; players as usize]),
        _ => Ok(specs),
    }
}

/// The environments of one game, stepped from Python.
#[pyclass(module = "tabula._tabula", name = "_VecEnvCore")]
pub struct PyVecEnvCore {
    core: Mutex<Box<dyn VecEnvCore>>,
    players: u8,
}

/// The buffers of one call, borrowed writable from numpy.
struct Buffers<'py> {
    obs: numpy::PyReadwriteArray2<'py, f32>,
    mask: numpy::PyReadwriteArray2<'py, bool>,
    rewards: numpy::PyReadwriteArray1<'py, f64>,
    terminated: numpy::PyReadwriteArray1<'py, bool>,
    truncated: numpy::PyReadwriteArray1<'py, bool>,
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
        })
    }
}

impl PyVecEnvCore {
    fn core(&self) -> Result<std::sync::MutexGuard<'_, Box<dyn VecEnvCore>>, Failure> {
        self.core
            .lock()
            .map_err(|_| Failure::Internal("an earlier call failed midway".to_string()))
    }

    /// Borrows the buffers, checking their shapes.
    #[allow(clippy::too_many_arguments)]
    fn buffers<'py>(
        &self,
        obs: &Bound<'py, PyArray2<f32>>,
        mask: &Bound<'py, PyArray2<bool>>,
        rewards: &Bound<'py, PyArray1<f64>>,
        terminated: &Bound<'py, PyArray1<bool>>,
        truncated: &Bound<'py, PyArray1<bool>>,
    ) -> PyResult<Buffers<'py>> {
        let core = self.core()?;
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
        want("rewards", rewards.shape(), &[n])?;
        want("terminated", terminated.shape(), &[n])?;
        want("truncated", truncated.shape(), &[n])?;
        Ok(Buffers {
            obs: obs.try_readwrite()?,
            mask: mask.try_readwrite()?,
            rewards: rewards.try_readwrite()?,
            terminated: terminated.try_readwrite()?,
            truncated: truncated.try_readwrite()?,
        })
    }
}

#[pymethods]
impl PyVecEnvCore {
    /// `num_envs` environments of `game`; see `tabula.VecEnv`.
    #[new]
    #[pyo3(signature = (game, players, num_envs=1, seed=0, opponents="random", learner_seat=None, threads=None, autoreset=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        players: i64,
        num_envs: usize,
        seed: u64,
        opponents: &str,
        learner_seat: Option<i64>,
        threads: Option<usize>,
        autoreset: bool,
    ) -> PyResult<Self> {
        let entry = games::entry(game)?;
        let players = u8::try_from(players).map_err(|_| {
            Failure::Config(format!(
                "a table has a positive number of players, not {players}"
            ))
        })?;
        let learner_seat = learner_seat
            .map(|s| {
                u8::try_from(s).map_err(|_| {
                    Failure::Seat(format!("learner_seat {s} is not a seat at this table"))
                })
            })
            .transpose()?;
        let threads = threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, 256);
        let spec = EnvSpec {
            players,
            num_envs,
            seed,
            opponents: self::opponents(opponents, players)?,
            learner_seat,
            threads,
            autoreset,
        };
        let core = (entry.vec_env)(spec)?;
        Ok(PyVecEnvCore {
            core: Mutex::new(core),
            players,
        })
    }

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        Ok(self.core()?.num_envs())
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.players
    }

    /// The observation tensor's shape.
    #[getter]
    fn observation_shape(&self) -> PyResult<Vec<usize>> {
        Ok(self.core()?.shape().observation.clone())
    }

    /// The observation's number of floats.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        Ok(self.core()?.shape().observation_len)
    }

    /// The number of action ids.
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.core()?.shape().num_actions)
    }

    /// Each environment's learner seat in its current episode.
    #[getter]
    fn learner_seats(&self) -> PyResult<Vec<u32>> {
        Ok(self
            .core()?
            .learner_seats()
            .into_iter()
            .map(u32::from)
            .collect())
    }

    /// Starts new episodes (streams seeded anew from `seed`, or drawing on if `None`), writing
    /// the first observations and masks.
    #[pyo3(signature = (seed, obs, mask, rewards, terminated, truncated))]
    #[allow(clippy::too_many_arguments)]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
        obs: &Bound<'py, PyArray2<f32>>,
        mask: &Bound<'py, PyArray2<bool>>,
        rewards: &Bound<'py, PyArray1<f64>>,
        terminated: &Bound<'py, PyArray1<bool>>,
        truncated: &Bound<'py, PyArray1<bool>>,
    ) -> PyResult<()> {
        let mut buffers = self.buffers(obs, mask, rewards, terminated, truncated)?;
        let out = buffers.out()?;
        let mut core = self.core()?;
        let core = &mut **core;
        py.detach(|| core.reset(seed, out))?;
        Ok(())
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
        rewards: &Bound<'py, PyArray1<f64>>,
        terminated: &Bound<'py, PyArray1<bool>>,
        truncated: &Bound<'py, PyArray1<bool>>,
    ) -> PyResult<()> {
        let actions = actions.as_slice().map_err(slice_error)?;
        let mut buffers = self.buffers(obs, mask, rewards, terminated, truncated)?;
        let out = buffers.out()?;
        let mut core = self.core()?;
        let core = &mut **core;
        py.detach(|| core.step(actions, out))?;
        Ok(())
    }

    /// Writes one uniformly random legal id per environment into `out` (0 for a finished
    /// episode), drawn with dice seeded by `seed`.
    fn sample_legal(&self, seed: u64, out: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let mut out = out.try_readwrite()?;
        let out = out.as_slice_mut().map_err(slice_error)?;
        Ok(self.core()?.sample_legal(seed, out)?)
    }

    /// The learner's view of environment `index`, as text.
    #[pyo3(signature = (index=0))]
    fn render(&self, index: usize) -> PyResult<String> {
        self.core()?
            .render(index)
            .ok_or_else(|| Failure::Config(format!("there is no environment {index}")).into())
    }

    /// The final scores of environment `index` once its episode is over, else `None`.
    #[pyo3(signature = (index=0))]
    fn scores(&self, index: usize) -> PyResult<Option<Vec<i32>>> {
        Ok(self.core()?.scores(index))
    }
}
