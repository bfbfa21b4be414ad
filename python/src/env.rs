//! The reinforcement-learning environment core, in plain Rust: [`Envs`] holds `num_envs` games
//! of one type in which one seat, the learner, is played from outside and every other seat by
//! an agent ([`AgentSpec`]). Between two decisions of the learner, chance (each environment's
//! own seeded [`Dice`]) and the opponents play in Rust, the environments in parallel. The
//! Python classes (`vec_env.rs`, `tabula/vector.py`, `tabula/gymnasium.py`) only hand it numpy
//! buffers.
//!
//! Seeds: environment `i` of master seed `s` draws its setups (each episode's standard config
//! and, unless fixed, the learner's seat) from `seed(s, i, Config)`, its chance from
//! `seed(s, i, Dice)` and the agent of seat `j` from `seed(s, i, Agent(j))` (the derivation of
//! `tabula::sim::seeds`); successive episodes go on drawing from the same streams. No stream is
//! shared between environments, so the trajectories do not depend on the number of threads.
//!
//! Autoreset: gymnasium's `NEXT_STEP` mode. The step that ends an episode returns the final
//! observation, the reward and `terminated`; the next step of that environment ignores its
//! action and returns the first observation of a new episode (reward 0, not terminated).

use crate::convert::win_share;
use crate::failure::Failure;
use rayon::prelude::*;
use tabula::dicecore::{Agent, AgentSpec, Dice, Encode, Game, Seat, Turn};
use tabula::sim::seeds::{seed, Stream};

/// A game must reach the learner or its end within this many actions of the others.
const MAX_OTHER_ACTIONS: usize = 1_000_000;

/// What to build: the same for every game.
#[derive(Clone, Debug)]
pub struct EnvSpec {
    /// Player count (each episode plays the standard config of a drawn seed).
    pub players: u8,
    /// Number of environments.
    pub num_envs: usize,
    /// Master seed.
    pub seed: u64,
    /// The agent of every seat (the learner's entry is not used).
    pub opponents: Vec<AgentSpec>,
    /// The learner's seat, or `None` for a seat drawn at each reset.
    pub learner_seat: Option<u8>,
    /// Threads that step the environments (1: the calling thread only).
    pub threads: usize,
    /// Whether a finished episode restarts at the next step (else stepping it is refused).
    pub autoreset: bool,
}

/// The buffers one call writes, each holding `num_envs` rows.
pub struct Out<'a> {
    /// Observations, `observation_len` floats per environment.
    pub obs: &'a mut [f32],
    /// Legal-action masks, `num_actions` per environment.
    pub mask: &'a mut [bool],
    /// The learner's reward of this step.
    pub rewards: &'a mut [f64],
    /// Whether the episode ended at this step.
    pub terminated: &'a mut [bool],
    /// Always false: every game ends by its rules.
    pub truncated: &'a mut [bool],
}

/// Owned buffers of `num_envs` environments of one [`Shape`], allocated once and lent to every
/// call as an [`Out`] (what numpy's arrays are to the Python binding; Rust benches and tests
/// use these).
pub struct Buffers {
    /// Observations, `observation_len` floats per environment.
    pub obs: Vec<f32>,
    /// Legal-action masks, `num_actions` per environment.
    pub mask: Vec<bool>,
    /// The learner's rewards of the last step.
    pub rewards: Vec<f64>,
    /// Whether each episode ended at the last step.
    pub terminated: Vec<bool>,
    /// Always false: every game ends by its rules.
    pub truncated: Vec<bool>,
}

impl Buffers {
    /// Zeroed buffers of `num_envs` environments of `shape`.
    pub fn new(num_envs: usize, shape: &Shape) -> Buffers {
        Buffers {
            obs: vec![0.0; num_envs * shape.observation_len],
            mask: vec![false; num_envs * shape.num_actions],
            rewards: vec![0.0; num_envs],
            terminated: vec![false; num_envs],
            truncated: vec![false; num_envs],
        }
    }

    /// The buffers lent to one call.
    pub fn out(&mut self) -> Out<'_> {
        Out {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
        }
    }
}

/// The sizes of an environment's spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The observation tensor's shape.
    pub observation: Vec<usize>,
    /// Its number of entries.
    pub observation_len: usize,
    /// The number of action ids (`Discrete(num_actions)`; chance ids are never legal).
    pub num_actions: usize,
}

/// [`Envs`] of any game, as the Python class holds it.
pub trait VecEnvCore: Send {
    /// The spaces.
    fn shape(&self) -> &Shape;
    /// The number of environments.
    fn num_envs(&self) -> usize;
    /// Starts a new episode in every environment: with streams seeded anew from `seed`, or
    /// (`None`) drawing on from the current streams. Writes observations and masks.
    fn reset(&mut self, seed: Option<u64>, out: Out<'_>) -> Result<(), Failure>;
    /// Plays the learner's `actions` (one id per environment), then chance and the others
    /// until each learner is to act again or its episode ends. Refuses the whole call, with
    /// every environment unchanged, if one action is out of range or illegal.
    fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<(), Failure>;
    /// Each environment's learner seat in its current episode.
    fn learner_seats(&self) -> Vec<u8>;
    /// Writes one uniformly random legal id per environment (0 where there is none: a
    /// finished episode) drawn with dice seeded by `seed`: a random baseline without scanning
    /// the masks.
    fn sample_legal(&self, seed: u64, out: &mut [i64]) -> Result<(), Failure>;
    /// The learner's view of environment `index` as text.
    fn render(&self, index: usize) -> Option<String>;
    /// The final scores of environment `index`, once its episode is over.
    fn scores(&self, index: usize) -> Option<Vec<i32>>;
}

/// One environment.
struct Env<G: Game> {
    state: G,
    /// Each episode's config seed and (unless fixed) learner seat.
    setup: Dice,
    /// Chance.
    dice: Dice,
    /// One agent per seat (the learner's is unused).
    agents: Vec<Box<dyn Agent<G> + Send>>,
    learner: Seat,
    /// The episode ended at the last step (autoreset at the next).
    ended: bool,
    /// The sorted legal ids of the learner now.
    legal: Vec<usize>,
    scratch: Vec<G::Action>,
}

impl<G: Game + Encode> Env<G> {
    fn new(spec: &EnvSpec, index: usize) -> Result<Self, Failure> {
        let mut env = Env {
            state: Self::episode(spec, &mut Dice::from_seed(0))?,
            setup: Dice::from_seed(0),
            dice: Dice::from_seed(0),
            agents: Vec::new(),
            learner: Seat(0),
            ended: false,
            legal: Vec::new(),
            scratch: Vec::new(),
        };
        env.seed(spec, spec.seed, index);
        Ok(env)
    }

    /// Seeds every stream of environment `index` from `master`.
    fn seed(&mut self, spec: &EnvSpec, master: u64, index: usize) {
        let i = index as u64;
        self.setup = Dice::from_seed(seed(master, i, Stream::Config));
        self.dice = Dice::from_seed(seed(master, i, Stream::Dice));
        self.agents = (0..spec.players)
            .map(|s| spec.opponents[s as usize].build::<G>(seed(master, i, Stream::Agent(Seat(s)))))
            .collect();
    }

    /// The initial state of a new episode, its config seed drawn from `setup`.
    fn episode(spec: &EnvSpec, setup: &mut Dice) -> Result<G, Failure> {
        let config = G::standard_config(spec.players, setup.next_u64())
            .map_err(|e| Failure::Config(e.to_string()))?;
        G::new(&config).map_err(|e| Failure::Config(e.to_string()))
    }

    /// Starts a new episode and plays up to the learner's first decision.
    fn restart(
        &mut self,
        spec: &EnvSpec,
        obs: &mut [f32],
        mask: &mut [bool],
    ) -> Result<(), Failure> {
        self.state = Self::episode(spec, &mut self.setup)?;
        self.learner = match spec.learner_seat {
            Some(s) => Seat(s),
            None => Seat(self.setup.below(spec.players as u32) as u8),
        };
        self.ended = false;
        self.advance()?;
        self.observe(obs, mask)
    }

    /// Whether the learner decides now.
    fn learner_to_act(&self) -> bool {
        match self.state.turn() {
            Turn::Seat(s) => s == self.learner,
            Turn::Seats(set) => set.contains(self.learner),
            Turn::Chance | Turn::Over => false,
        }
    }

    /// Resolves chance and the other seats until the learner decides or the game is over. At
    /// a turn of several seats the learner decides first, so its observation never shows the
    /// others' choices of that turn.
    fn advance(&mut self) -> Result<(), Failure> {
        for _ in 0..MAX_OTHER_ACTIONS {
            let action = match self.state.turn() {
                Turn::Over => return Ok(()),
                _ if self.learner_to_act() => return Ok(()),
                Turn::Chance => self.state.sample_chance(&mut self.dice),
                turn => turn.next_seat().and_then(|seat| {
                    self.agents
                        .get_mut(seat.index())
                        .and_then(|agent| agent.choose(&self.state, seat))
                }),
            };
            let action =
                action.ok_or_else(|| Failure::Internal("a seat to move has no action".into()))?;
            self.state
                .apply_in_place(&action)
                .map_err(|e| Failure::Internal(format!("an agent's action was refused: {e}")))?;
        }
        Err(Failure::Internal(format!(
            "the learner was not asked within {MAX_OTHER_ACTIONS} actions"
        )))
    }

    /// Writes the learner's observation and legal-action mask (none once the game is over).
    fn observe(&mut self, obs: &mut [f32], mask: &mut [bool]) -> Result<(), Failure> {
        let config = self.state.config();
        G::encode_view(config, self.learner, &self.state.view(self.learner), obs);
        mask.fill(false);
        self.legal.clear();
        if self.learner_to_act() {
            self.state
                .legal_actions_for(self.learner, &mut self.scratch);
            for action in &self.scratch {
                let id = G::action_id(config, action)
                    .ok_or_else(|| Failure::Internal(format!("the action '{action}' has no id")))?;
                if let Some(m) = mask.get_mut(id) {
                    *m = true;
                }
                self.legal.push(id);
            }
            self.legal.sort_unstable();
        }
        Ok(())
    }

    /// Why the learner may not play `id` now, or `None` if it may.
    fn refusal(&self, spec: &EnvSpec, id: i64) -> Option<Failure> {
        if self.ended && spec.autoreset {
            return None;
        }
        let total = G::num_distinct_actions(self.state.config());
        let Some(index) = usize::try_from(id).ok().filter(|&i| i < total) else {
            return Some(Failure::Illegal(format!(
                "action id {id} is out of range: ids are 0 to {}",
                total.saturating_sub(1)
            )));
        };
        if self.ended || self.state.turn() == Turn::Over {
            return Some(Failure::Illegal(
                "the episode is over: call reset() to start a new one".to_string(),
            ));
        }
        if self.legal.binary_search(&index).is_ok() {
            return None;
        }
        // The engine's reason, on this error path only.
        let why = G::action_from_id(self.state.config(), self.learner, index)
            .and_then(|a| self.state.apply(&a).err().map(|e| e.to_string()))
            .unwrap_or_else(|| "it is not a legal action now".to_string());
        Some(Failure::Illegal(format!("action id {index}: {why}")))
    }

    /// One step (the action checked by [`Env::refusal`]).
    fn step(
        &mut self,
        spec: &EnvSpec,
        id: i64,
        obs: &mut [f32],
        mask: &mut [bool],
    ) -> Result<(f64, bool), Failure> {
        if self.ended {
            self.restart(spec, obs, mask)?;
            return Ok((0.0, false));
        }
        let index = usize::try_from(id).map_err(|_| Failure::Internal("unchecked id".into()))?;
        let action = G::action_from_id(self.state.config(), self.learner, index)
            .ok_or_else(|| Failure::Internal("unchecked id".into()))?;
        self.state
            .apply_in_place(&action)
            .map_err(|e| Failure::Illegal(e.to_string()))?;
        self.advance()?;
        self.observe(obs, mask)?;
        match self.state.outcome() {
            Some(outcome) => {
                self.ended = true;
                let won = outcome.winners.contains(self.learner);
                let share = win_share(outcome.scores.len(), outcome.winners.len(), won);
                Ok((share, true))
            }
            None => Ok((0.0, false)),
        }
    }
}

/// `num_envs` environments of game `G`.
pub struct Envs<G: Game> {
    spec: EnvSpec,
    shape: Shape,
    envs: Vec<Env<G>>,
    pool: Option<rayon::ThreadPool>,
}

impl<G: Game + Encode> Envs<G> {
    /// Builds the environments (their first episodes start at [`VecEnvCore::reset`]).
    pub fn new(spec: EnvSpec) -> Result<Self, Failure> {
        if !G::SEATS.contains(&spec.players) {
            return Err(Failure::Config(format!(
                "{} plays with {} to {} players, not {}",
                G::NAME,
                G::SEATS.start(),
                G::SEATS.end(),
                spec.players
            )));
        }
        if spec.num_envs == 0 {
            return Err(Failure::Config("num_envs must be at least 1".to_string()));
        }
        if spec.opponents.len() != spec.players as usize {
            return Err(Failure::Config(format!(
                "give one opponent spec, or one per seat ({} for {} players), not {}",
                spec.players,
                spec.players,
                spec.opponents.len()
            )));
        }
        if let Some(s) = spec.learner_seat.filter(|&s| s >= spec.players) {
            return Err(Failure::Seat(format!(
                "learner_seat {s} is not at this table: seats are 0 to {}",
                spec.players - 1
            )));
        }
        let first = Env::<G>::new(&spec, 0)?;
        let config = first.state.config();
        let shape = Shape {
            observation: G::observation_shape(config),
            observation_len: G::observation_len(config),
            num_actions: G::num_distinct_actions(config),
        };
        let mut envs = Vec::with_capacity(spec.num_envs);
        envs.push(first);
        for i in 1..spec.num_envs {
            envs.push(Env::new(&spec, i)?);
        }
        let pool = if spec.threads > 1 && spec.num_envs > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(spec.threads)
                    .build()
                    .map_err(|e| Failure::Internal(format!("no thread pool: {e}")))?,
            )
        } else {
            None
        };
        Ok(Envs {
            spec,
            shape,
            envs,
            pool,
        })
    }

    /// Checks the buffers' lengths.
    fn check(&self, out: &Out<'_>) -> Result<(), Failure> {
        let n = self.envs.len();
        let ok = out.obs.len() == n * self.shape.observation_len
            && out.mask.len() == n * self.shape.num_actions
            && out.rewards.len() == n
            && out.terminated.len() == n
            && out.truncated.len() == n;
        if ok {
            Ok(())
        } else {
            Err(Failure::Internal("buffers of the wrong size".to_string()))
        }
    }

    /// Runs `f` on every environment and its rows of the buffers, in parallel when a pool is
    /// set (environments in contiguous chunks; each depends on its own streams only).
    fn each<F>(&mut self, out: Out<'_>, f: F) -> Result<(), Failure>
    where
        F: Fn(&EnvSpec, usize, &mut Env<G>, Row<'_>) -> Result<(), Failure> + Sync,
    {
        self.check(&out)?;
        let (olen, alen) = (self.shape.observation_len, self.shape.num_actions);
        let spec = &self.spec;
        let Some(pool) = &self.pool else {
            let rows = out
                .obs
                .chunks_mut(olen)
                .zip(out.mask.chunks_mut(alen))
                .zip(out.rewards.iter_mut())
                .zip(out.terminated.iter_mut())
                .zip(out.truncated.iter_mut());
            for ((i, env), row) in self.envs.iter_mut().enumerate().zip(rows) {
                f(spec, i, env, Row::of(row))?;
            }
            return Ok(());
        };
        let rows = out
            .obs
            .par_chunks_mut(olen)
            .zip(out.mask.par_chunks_mut(alen))
            .zip(out.rewards.par_iter_mut())
            .zip(out.terminated.par_iter_mut())
            .zip(out.truncated.par_iter_mut());
        let work = self.envs.par_iter_mut().enumerate().zip(rows);
        // Small pieces (a step of one environment costs microseconds, a split far less): the
        // threads then finish together instead of one waiting on the other's last piece.
        let chunk = work.len().div_ceil(pool.current_num_threads() * 32).max(1);
        pool.install(|| {
            work.with_min_len(chunk)
                .try_for_each(|((i, env), row)| f(spec, i, env, Row::of(row)))
        })
    }
}

/// One environment's rows of the buffers.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    reward: &'a mut f64,
    terminated: &'a mut bool,
    truncated: &'a mut bool,
}

impl<'a> Row<'a> {
    #[allow(clippy::type_complexity)]
    fn of(
        ((((obs, mask), reward), terminated), truncated): (
            (((&'a mut [f32], &'a mut [bool]), &'a mut f64), &'a mut bool),
            &'a mut bool,
        ),
    ) -> Self {
        Row {
            obs,
            mask,
            reward,
            terminated,
            truncated,
        }
    }
}

impl<G: Game + Encode> VecEnvCore for Envs<G> {
    fn shape(&self) -> &Shape {
        &self.shape
    }

    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    fn reset(&mut self, seed: Option<u64>, out: Out<'_>) -> Result<(), Failure> {
        self.each(out, |spec, i, env, row| {
            if let Some(master) = seed {
                env.seed(spec, master, i);
            }
            *row.reward = 0.0;
            *row.terminated = false;
            *row.truncated = false;
            env.restart(spec, row.obs, row.mask)
        })
    }

    fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<(), Failure> {
        if actions.len() != self.envs.len() {
            return Err(Failure::Config(format!(
                "{} actions for {} environments",
                actions.len(),
                self.envs.len()
            )));
        }
        for (i, (env, &id)) in self.envs.iter().zip(actions).enumerate() {
            if let Some(failure) = env.refusal(&self.spec, id) {
                return Err(match failure {
                    Failure::Illegal(m) if self.envs.len() > 1 => {
                        Failure::Illegal(format!("environment {i}: {m}"))
                    }
                    other => other,
                });
            }
        }
        self.each(out, |spec, i, env, row| {
            let (reward, terminated) = env.step(spec, actions[i], row.obs, row.mask)?;
            *row.reward = reward;
            *row.terminated = terminated;
            *row.truncated = false;
            Ok(())
        })
    }

    fn learner_seats(&self) -> Vec<u8> {
        self.envs.iter().map(|e| e.learner.0).collect()
    }

    fn sample_legal(&self, seed: u64, out: &mut [i64]) -> Result<(), Failure> {
        if out.len() != self.envs.len() {
            return Err(Failure::Internal("buffers of the wrong size".to_string()));
        }
        let mut dice = Dice::from_seed(seed);
        for (env, id) in self.envs.iter().zip(out) {
            *id = match env.legal.as_slice() {
                [] => 0,
                legal => legal[dice.index(legal.len())] as i64,
            };
        }
        Ok(())
    }

    fn render(&self, index: usize) -> Option<String> {
        let env = self.envs.get(index)?;
        Some(env.state.view(env.learner).to_string())
    }

    fn scores(&self, index: usize) -> Option<Vec<i32>> {
        let env = self.envs.get(index)?;
        env.state.outcome().map(|o| o.scores)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::dicecore::pig::Pig;
    use tabula::{mosaix, sequence_dice};

    fn spec(players: u8, num_envs: usize, threads: usize) -> EnvSpec {
        EnvSpec {
            players,
            num_envs,
            seed: 9,
            opponents: vec![AgentSpec::Random; players as usize],
            learner_seat: None,
            threads,
            autoreset: true,
        }
    }

    type Bufs = Buffers;

    impl Buffers {
        /// The first legal id of each environment (0 for a finished one).
        fn first_legal(&self, a: usize) -> Vec<i64> {
            self.mask
                .chunks(a)
                .map(|m| m.iter().position(|&b| b).unwrap_or(0) as i64)
                .collect()
        }
    }

    /// Plays `steps` steps of the first legal action; returns every buffer's history.
    fn trajectory<G: Game + Encode>(spec: EnvSpec, steps: usize) -> Vec<(Vec<f32>, Vec<f64>)> {
        let mut envs = Envs::<G>::new(spec.clone()).unwrap();
        let shape = envs.shape().clone();
        let mut b = Bufs::new(spec.num_envs, &shape);
        envs.reset(None, b.out()).unwrap();
        let mut seen = Vec::new();
        for _ in 0..steps {
            let actions = b.first_legal(shape.num_actions);
            envs.step(&actions, b.out()).unwrap();
            seen.push((b.obs.clone(), b.rewards.clone()));
        }
        seen
    }

    #[test]
    fn trajectories_do_not_depend_on_the_thread_count() {
        let one = trajectory::<sequence_dice::State>(spec(2, 6, 1), 200);
        assert_eq!(one, trajectory::<sequence_dice::State>(spec(2, 6, 2), 200));
        assert_eq!(one, trajectory::<sequence_dice::State>(spec(2, 6, 3), 200));
        let mosaix = trajectory::<mosaix::State>(spec(3, 3, 1), 50);
        assert_eq!(mosaix, trajectory::<mosaix::State>(spec(3, 3, 2), 50));
    }

    #[test]
    fn episodes_end_with_the_win_share_and_restart_at_the_next_step() {
        let mut envs = Envs::<Pig>::new(spec(2, 2, 1)).unwrap();
        let shape = envs.shape().clone();
        let mut b = Bufs::new(2, &shape);
        envs.reset(Some(3), b.out()).unwrap();
        let mut ended = 0;
        for _ in 0..10_000 {
            let actions = b.first_legal(shape.num_actions);
            let was_over: Vec<bool> = b.terminated.clone();
            envs.step(&actions, b.out()).unwrap();
            for (i, &was_over) in was_over.iter().enumerate() {
                if was_over {
                    assert!(
                        !b.terminated[i] && b.rewards[i] == 0.0,
                        "a new episode starts"
                    );
                    assert!(b.mask[i * shape.num_actions..][..shape.num_actions].contains(&true));
                } else if b.terminated[i] {
                    ended += 1;
                    assert!([0.0, 0.5, 1.0].contains(&b.rewards[i]));
                    let mask = &b.mask[i * shape.num_actions..][..shape.num_actions];
                    assert!(!mask.contains(&true), "no legal action at the end");
                } else {
                    assert_eq!(b.rewards[i], 0.0);
                }
            }
        }
        assert!(ended > 10, "{ended} episodes ended");
    }

    #[test]
    fn illegal_or_out_of_range_actions_change_nothing() {
        let mut envs = Envs::<sequence_dice::State>::new(spec(2, 2, 1)).unwrap();
        let shape = envs.shape().clone();
        let mut b = Bufs::new(2, &shape);
        envs.reset(None, b.out()).unwrap();
        let before = envs.envs.iter().map(|e| e.state).collect::<Vec<_>>();
        let legal = b.first_legal(shape.num_actions);
        let illegal = b.mask[..shape.num_actions]
            .iter()
            .position(|&m| !m)
            .unwrap() as i64;
        for bad in [
            vec![legal[0], -1],
            vec![legal[0], shape.num_actions as i64],
            vec![illegal, legal[1]],
        ] {
            let Err(Failure::Illegal(m)) = envs.step(&bad, b.out()) else {
                panic!("{bad:?} accepted")
            };
            assert!(m.starts_with("environment "), "{m}");
        }
        assert!(matches!(
            envs.step(&[legal[0]], b.out()),
            Err(Failure::Config(_))
        ));
        let after = envs.envs.iter().map(|e| e.state).collect::<Vec<_>>();
        assert_eq!(before, after);
    }

    #[test]
    fn without_autoreset_a_finished_episode_refuses_steps() {
        let mut envs = Envs::<Pig>::new(EnvSpec {
            autoreset: false,
            learner_seat: Some(1),
            ..spec(2, 1, 1)
        })
        .unwrap();
        let shape = envs.shape().clone();
        let mut b = Bufs::new(1, &shape);
        envs.reset(None, b.out()).unwrap();
        assert_eq!(envs.learner_seats(), vec![1]);
        while !b.terminated[0] {
            let actions = b.first_legal(shape.num_actions);
            envs.step(&actions, b.out()).unwrap();
        }
        let Err(Failure::Illegal(m)) = envs.step(&[0], b.out()) else {
            panic!("a finished episode stepped")
        };
        assert!(m.contains("reset"), "{m}");
        envs.reset(None, b.out()).unwrap();
        assert!(!b.terminated[0]);
    }

    #[test]
    fn sampled_actions_are_legal() {
        let mut envs = Envs::<mosaix::State>::new(spec(2, 4, 1)).unwrap();
        let shape = envs.shape().clone();
        let mut b = Bufs::new(4, &shape);
        envs.reset(None, b.out()).unwrap();
        let mut actions = vec![0; 4];
        for step in 0..100 {
            envs.sample_legal(step, &mut actions).unwrap();
            for (i, &id) in actions.iter().enumerate() {
                let finished = b.terminated[i];
                assert!(finished || b.mask[i * shape.num_actions + id as usize]);
            }
            envs.step(&actions, b.out()).unwrap();
        }
    }

    /// FNV-1a over everything `steps` random legal steps of `num_envs` environments write
    /// (observations, masks, rewards, flags), the buffers reused from step to step as Python
    /// reuses them, and the number of episodes that ended.
    fn digest<G: Game + Encode>(players: u8, num_envs: usize, steps: u64) -> String {
        let mut envs = Envs::<G>::new(spec(players, num_envs, 1)).unwrap();
        let shape = envs.shape().clone();
        let mut b = Bufs::new(num_envs, &shape);
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &x in bytes {
                h = (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3);
            }
        };
        envs.reset(None, b.out()).unwrap();
        let mut actions = vec![0; num_envs];
        let mut ended = 0;
        for step in 0..steps {
            envs.sample_legal(step, &mut actions).unwrap();
            envs.step(&actions, b.out()).unwrap();
            b.obs.iter().for_each(|x| eat(&x.to_bits().to_le_bytes()));
            b.mask.iter().for_each(|&m| eat(&[u8::from(m)]));
            b.rewards
                .iter()
                .for_each(|r| eat(&r.to_bits().to_le_bytes()));
            b.terminated.iter().for_each(|&t| eat(&[u8::from(t)]));
            ended += b.terminated.iter().filter(|&&t| t).count();
        }
        format!("{h:016x} {ended}")
    }

    /// What the environments deliver is pinned: a change of speed must not change one bit of
    /// it (the ids, layouts and values are also pinned per state by `tests/compat.rs`).
    #[test]
    fn every_game_delivers_what_it_delivered() {
        use tabula::{alea_iacta_est, kingdom_builder, the_border};
        let got = [
            digest::<sequence_dice::State>(2, 3, 400),
            digest::<the_border::State>(2, 3, 200),
            digest::<kingdom_builder::State>(4, 3, 150),
            digest::<mosaix::State>(4, 3, 100),
            digest::<alea_iacta_est::State>(5, 3, 300),
        ];
        let want = [
            "c502dec6267f6629 21",
            "6f038d7c54e3a1d8 3",
            "8b0b96184b58c849 7",
            "9b6547cee39e907c 12",
            "dd5f5afc86efe91b 15",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn bad_specs_are_refused() {
        let bad = |spec: EnvSpec| Envs::<sequence_dice::State>::new(spec).err();
        assert!(matches!(bad(spec(9, 1, 1)), Some(Failure::Config(_))));
        assert!(matches!(bad(spec(2, 0, 1)), Some(Failure::Config(_))));
        let mut three = spec(2, 1, 1);
        three.opponents.push(AgentSpec::Random);
        assert!(matches!(bad(three), Some(Failure::Config(_))));
        let mut seat = spec(2, 1, 1);
        seat.learner_seat = Some(2);
        assert!(matches!(bad(seat), Some(Failure::Seat(_))));
    }
}
