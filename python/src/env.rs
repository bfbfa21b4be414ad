//! The reinforcement-learning environment core, in plain Rust: [`Envs`] holds `num_envs` games
//! of one type. Some seats are played from outside (the *caller's* seats), the others by agents
//! ([`AgentSpec`]). Between two decisions of a caller's seat, chance (each environment's own
//! seeded [`Dice`]) and the agents play in Rust, the environments in parallel. The Python
//! classes (`vec_env.rs`, `tabula/vector.py`, `tabula/gymnasium.py`) only hand it numpy buffers.
//!
//! Two ways to seat the caller:
//!
//! - **A learner** (`EnvSpec::tables` is `None`): one seat per environment, fixed or drawn at
//!   each reset, against the agents of `opponents`; the reward is the learner's.
//! - **Self-play** (`EnvSpec::tables`): per environment, each seat is the caller's or an
//!   agent's. Each step plays one action for the caller's seat to move in each environment
//!   (`Out::seats`); observations and masks are that seat's; rewards are every seat's.
//!
//! Seeds: environment `i` of master seed `s` draws its setups (each episode's standard config
//! and, unless fixed, the learner's seat) from `seed(s, i, Config)`, its chance from
//! `seed(s, i, Dice)` and the agent of seat `j` from `seed(s, i, Agent(j))` (the derivation of
//! `tabula::sim::seeds`); successive episodes go on drawing from the same streams. No stream is
//! shared between environments, so the trajectories do not depend on the number of threads.
//!
//! Autoreset: gymnasium's `NEXT_STEP` mode. The step that ends an episode returns the final
//! observation, the rewards and `terminated`; the next step of that environment ignores its
//! action and returns the first observation of a new episode (rewards 0, not terminated).
//!
//! Every entry of every buffer is written by every call, so the buffers may be fresh,
//! uninitialised arrays (what `tabula.VecEnv` hands over with `copy=True`).

use crate::convert::win_share;
use crate::failure::Failure;
use crate::steps::{steps_of, Path, Steps};
use rayon::prelude::*;
use tabula::dicecore::{Agent, AgentSpec, Dice, Encode, Game, Seat, SeatSet, Turn};
use tabula::sim::seeds::{seed, Stream};

/// A game must reach a caller's seat or its end within this many actions of the others.
const MAX_OTHER_ACTIONS: usize = 1_000_000;

/// The most environments one [`Envs`] holds (checked before anything is allocated).
pub const MAX_NUM_ENVS: usize = 1 << 16;

/// The most threads that step the environments.
pub const MAX_THREADS: usize = 256;

/// Who plays a seat in self-play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The caller (Python's `"self"`).
    Caller,
    /// An agent, played in Rust.
    Agent(AgentSpec),
}

/// The action space of the environments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ActionSpace {
    /// The game's flat ids ([`Encode`]).
    #[default]
    Flat,
    /// The game's steps (`steps.rs`; Mosaix only).
    Steps,
}

/// What to build: the same for every game.
#[derive(Clone, Debug)]
pub struct EnvSpec {
    /// Player count (each episode plays the standard config of a drawn seed).
    pub players: u8,
    /// Number of environments (1 to [`MAX_NUM_ENVS`]).
    pub num_envs: usize,
    /// Master seed.
    pub seed: u64,
    /// With a learner: the agent of every seat (the learner's entry is not used).
    pub opponents: Vec<AgentSpec>,
    /// With a learner: its seat, or `None` for a seat drawn at each reset.
    pub learner_seat: Option<u8>,
    /// Threads that step the environments (1: the calling thread only; at most
    /// [`MAX_THREADS`]).
    pub threads: usize,
    /// Whether a finished episode restarts at the next step (else stepping it is refused).
    pub autoreset: bool,
    /// Self-play: who plays each seat, one table for every environment or one per
    /// environment, each with at least one of the caller's seats. `None`: one learner
    /// (`opponents`, `learner_seat`).
    pub tables: Option<Vec<Vec<Player>>>,
    /// Flat ids or steps.
    pub action_space: ActionSpace,
}

impl EnvSpec {
    /// `num_envs` environments of a learner at a drawn seat against `random` agents: flat ids,
    /// autoreset, one thread.
    pub fn new(players: u8, num_envs: usize, seed: u64) -> EnvSpec {
        EnvSpec {
            players,
            num_envs,
            seed,
            opponents: vec![AgentSpec::Random; usize::from(players)],
            learner_seat: None,
            threads: 1,
            autoreset: true,
            tables: None,
            action_space: ActionSpace::Flat,
        }
    }

    /// Self-play: the caller plays every seat.
    pub fn self_play(self) -> EnvSpec {
        let table = vec![Player::Caller; usize::from(self.players)];
        EnvSpec {
            tables: Some(vec![table]),
            ..self
        }
    }

    /// The table of environment `index` (self-play only).
    fn table(&self, index: usize) -> Option<&[Player]> {
        let tables = self.tables.as_ref()?;
        tables.get(index).or(tables.first()).map(Vec::as_slice)
    }
}

/// The buffers one call writes, each holding `num_envs` rows.
pub struct Out<'a> {
    /// Observations, `observation_len` floats per environment.
    pub obs: &'a mut [f32],
    /// Legal-action masks, `num_actions` per environment.
    pub mask: &'a mut [bool],
    /// Rewards of this step: the learner's (one per environment) or, in self-play, every
    /// seat's (`players` per environment).
    pub rewards: &'a mut [f64],
    /// Whether the episode ended at this step.
    pub terminated: &'a mut [bool],
    /// Always false: every game ends by its rules.
    pub truncated: &'a mut [bool],
    /// The seat whose observation and mask these are: the caller's seat to act (after the
    /// last step of an episode, the seat that took it).
    pub seats: &'a mut [i64],
}

/// Owned buffers of `num_envs` environments of one [`Shape`], allocated once and lent to every
/// call as an [`Out`] (what numpy's arrays are to the Python binding; Rust benches and tests
/// use these).
pub struct Buffers {
    /// Observations, `observation_len` floats per environment.
    pub obs: Vec<f32>,
    /// Legal-action masks, `num_actions` per environment.
    pub mask: Vec<bool>,
    /// The rewards of the last step, `rewards` per environment.
    pub rewards: Vec<f64>,
    /// Whether each episode ended at the last step.
    pub terminated: Vec<bool>,
    /// Always false: every game ends by its rules.
    pub truncated: Vec<bool>,
    /// The seat of each environment's observation.
    pub seats: Vec<i64>,
}

impl Buffers {
    /// Zeroed buffers of `num_envs` environments of `shape`.
    pub fn new(num_envs: usize, shape: &Shape) -> Buffers {
        Buffers {
            obs: vec![0.0; num_envs * shape.observation_len],
            mask: vec![false; num_envs * shape.num_actions],
            rewards: vec![0.0; num_envs * shape.rewards],
            terminated: vec![false; num_envs],
            truncated: vec![false; num_envs],
            seats: vec![0; num_envs],
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
            seats: &mut self.seats,
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
    /// The number of action ids, flat (`Discrete(num_actions)`; chance ids are never legal)
    /// or steps: the width of every mask.
    pub num_actions: usize,
    /// Rewards per environment: 1 (the learner's), or in self-play one per seat.
    pub rewards: usize,
}

/// [`Envs`] of any game, as the Python class holds it.
pub trait VecEnvCore: Send {
    /// The spaces.
    fn shape(&self) -> &Shape;
    /// The number of environments.
    fn num_envs(&self) -> usize;
    /// The true bounds of every observation entry, `(low, high)` (the game's
    /// [`Encode::observation_bounds`], then 0 to 1 for the steps' extra entries).
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>);
    /// Starts a new episode in every environment: with streams seeded anew from `seed`, or
    /// (`None`) drawing on from the current streams. Writes every buffer.
    fn reset(&mut self, seed: Option<u64>, out: Out<'_>) -> Result<(), Failure>;
    /// Plays `actions` (one id per environment, for its caller's seat to act), then chance
    /// and the agents until a caller's seat is to act again or the episode ends. Refuses the
    /// whole call, with every environment unchanged, if one action is out of range or illegal,
    /// or before the first reset.
    fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<(), Failure>;
    /// Each environment's seat to act (the learner's seat, with a learner).
    fn learner_seats(&self) -> Vec<u8>;
    /// Writes one uniformly random legal id per environment (0 where there is none: a
    /// finished episode) drawn with dice seeded by `seed`: a random baseline without scanning
    /// the masks.
    fn sample_legal(&self, seed: u64, out: &mut [i64]) -> Result<(), Failure>;
    /// The view of environment `index`'s seat to act, as text.
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
    /// One agent per seat (`None` for a caller's seat in self-play; with a learner, the
    /// learner's agent is unused).
    agents: Vec<Option<Box<dyn Agent<G> + Send>>>,
    /// The seats the caller plays in this episode.
    callers: SeatSet,
    /// The caller's seat to act (or that took the last step).
    to_act: Seat,
    /// The episode ended at the last step (autoreset at the next).
    ended: bool,
    /// The sorted legal ids of `to_act` now, in the action space.
    legal: Vec<usize>,
    scratch: Vec<G::Action>,
    /// Steps: the path of every legal action of `to_act`, and the chosen first step.
    paths: Vec<Path>,
    pending: Option<u16>,
}

/// What every environment's call shares: the spec and the action space.
struct Context<'a, G: Game> {
    spec: &'a EnvSpec,
    steps: Option<&'a dyn Steps<G>>,
    /// Entries of the game's own tensor (the steps' extra entries follow).
    game_len: usize,
}

impl<G: Game + Encode> Env<G> {
    fn new(spec: &EnvSpec, index: usize) -> Result<Self, Failure> {
        let mut env = Env {
            state: Self::episode(spec, &mut Dice::from_seed(0))?,
            setup: Dice::from_seed(0),
            dice: Dice::from_seed(0),
            agents: Vec::new(),
            callers: SeatSet::EMPTY,
            to_act: Seat(0),
            ended: false,
            legal: Vec::new(),
            scratch: Vec::new(),
            paths: Vec::new(),
            pending: None,
        };
        env.seed(spec, spec.seed, index);
        Ok(env)
    }

    /// Seeds every stream of environment `index` from `master`.
    fn seed(&mut self, spec: &EnvSpec, master: u64, index: usize) {
        let i = index as u64;
        self.setup = Dice::from_seed(seed(master, i, Stream::Config));
        self.dice = Dice::from_seed(seed(master, i, Stream::Dice));
        let table = spec.table(index);
        self.agents = (0..spec.players)
            .map(|s| {
                let agent = match table {
                    Some(table) => match table.get(usize::from(s)) {
                        Some(Player::Agent(agent)) => *agent,
                        _ => return None,
                    },
                    None => spec.opponents[usize::from(s)],
                };
                Some(agent.build::<G>(seed(master, i, Stream::Agent(Seat(s)))))
            })
            .collect();
    }

    /// The initial state of a new episode, its config seed drawn from `setup`.
    fn episode(spec: &EnvSpec, setup: &mut Dice) -> Result<G, Failure> {
        let config = G::standard_config(spec.players, setup.next_u64())
            .map_err(|e| Failure::Config(e.to_string()))?;
        G::new(&config).map_err(|e| Failure::Config(e.to_string()))
    }

    /// Starts a new episode and plays up to the first decision of a caller's seat.
    fn restart(&mut self, cx: &Context<'_, G>, row: &mut Row<'_>) -> Result<(), Failure> {
        let spec = cx.spec;
        self.state = Self::episode(spec, &mut self.setup)?;
        self.callers = match &spec.tables {
            Some(_) => {
                self.agents
                    .iter()
                    .enumerate()
                    .fold(SeatSet::EMPTY, |mut set, (s, agent)| {
                        if agent.is_none() {
                            set.insert(Seat(s as u8));
                        }
                        set
                    })
            }
            None => SeatSet::single(match spec.learner_seat {
                Some(s) => Seat(s),
                None => Seat(self.setup.below(u32::from(spec.players)) as u8),
            }),
        };
        self.to_act = self.callers.first().unwrap_or(Seat(0));
        self.ended = false;
        self.pending = None;
        self.advance()?;
        row.rewards.fill(0.0);
        *row.terminated = false;
        *row.truncated = false;
        self.observe(cx, row)
    }

    /// The caller's seat that decides now: at a turn of several seats, the lowest of the
    /// caller's among them (so the caller decides before the agents, and its observation
    /// never shows their choices of that turn).
    fn caller_to_act(&self) -> Option<Seat> {
        match self.state.turn() {
            Turn::Seat(s) => self.callers.contains(s).then_some(s),
            Turn::Seats(set) => SeatSet::from_bits(set.bits() & self.callers.bits()).first(),
            Turn::Chance | Turn::Over => None,
        }
    }

    /// Resolves chance and the agents' seats until a caller's seat decides or the game is
    /// over.
    fn advance(&mut self) -> Result<(), Failure> {
        for _ in 0..MAX_OTHER_ACTIONS {
            let turn = self.state.turn();
            if turn == Turn::Over {
                return Ok(());
            }
            if let Some(seat) = self.caller_to_act() {
                self.to_act = seat;
                return Ok(());
            }
            let action = match turn {
                Turn::Chance => self.state.sample_chance(&mut self.dice),
                turn => turn.next_seat().and_then(|seat| {
                    self.agents
                        .get_mut(seat.index())
                        .and_then(Option::as_mut)
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
            "no seat of the caller was asked within {MAX_OTHER_ACTIONS} actions"
        )))
    }

    /// Writes the observation of the seat to act, its legal-action mask (none once the game
    /// is over) and the seat.
    fn observe(&mut self, cx: &Context<'_, G>, row: &mut Row<'_>) -> Result<(), Failure> {
        let config = self.state.config();
        let seat = self.to_act;
        let (game, extra) = row.obs.split_at_mut(cx.game_len);
        G::encode_view(config, seat, &self.state.view(seat), game);
        extra.fill(0.0);
        *row.seat = i64::from(seat.0);
        row.mask.fill(false);
        self.legal.clear();
        if self.caller_to_act() == Some(seat) {
            match (cx.steps, self.pending) {
                (None, _) => {
                    self.state.legal_actions_for(seat, &mut self.scratch);
                    for action in &self.scratch {
                        let id = G::action_id(config, action).ok_or_else(|| {
                            Failure::Internal(format!("the action '{action}' has no id"))
                        })?;
                        self.legal.push(id);
                    }
                }
                (Some(steps), None) => {
                    self.state.legal_actions_for(seat, &mut self.scratch);
                    steps.paths(&self.state, seat, &self.scratch, &mut self.paths)?;
                    self.legal
                        .extend(self.paths.iter().map(|p| usize::from(p.first)));
                    self.legal.dedup();
                }
                (Some(steps), Some(first)) => {
                    let at = usize::from(first - steps.openers().start);
                    if let Some(x) = extra.get_mut(at) {
                        *x = 1.0;
                    }
                    self.legal.extend(
                        self.paths
                            .iter()
                            .filter(|p| p.first == first)
                            .filter_map(|p| p.second.map(usize::from)),
                    );
                }
            }
            self.legal.sort_unstable();
            for &id in &self.legal {
                if let Some(m) = row.mask.get_mut(id) {
                    *m = true;
                }
            }
        }
        Ok(())
    }

    /// Why the caller may not play `id` now, or `None` if it may.
    fn refusal(&self, cx: &Context<'_, G>, width: usize, id: i64) -> Option<Failure> {
        if self.ended && cx.spec.autoreset {
            return None;
        }
        let Some(index) = usize::try_from(id).ok().filter(|&i| i < width) else {
            return Some(Failure::Illegal(format!(
                "action id {id} is out of range: ids are 0 to {}",
                width.saturating_sub(1)
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
        if cx.steps.is_some() {
            let stage = if self.pending.is_some() {
                "a second step (where to put the turned formation)"
            } else {
                "a first step"
            };
            return Some(Failure::Illegal(format!(
                "step id {index} is not a legal step now: {stage} is to be chosen"
            )));
        }
        // The engine's reason, on this error path only.
        let why = G::action_from_id(self.state.config(), self.to_act, index)
            .and_then(|a| self.state.apply(&a).err().map(|e| e.to_string()))
            .unwrap_or_else(|| "it is not a legal action now".to_string());
        Some(Failure::Illegal(format!("action id {index}: {why}")))
    }

    /// The flat id that step `id` completes, or `None` if it opens a second step.
    fn take_step(&mut self, id: usize) -> Result<Option<usize>, Failure> {
        let unchecked = || Failure::Internal("unchecked step".into());
        let id = u16::try_from(id).map_err(|_| unchecked())?;
        match self.pending.take() {
            None => {
                let path = self
                    .paths
                    .iter()
                    .find(|p| p.first == id)
                    .ok_or_else(unchecked)?;
                if path.second.is_some() {
                    self.pending = Some(id);
                    return Ok(None);
                }
                Ok(Some(path.flat))
            }
            Some(first) => self
                .paths
                .iter()
                .find(|p| p.first == first && p.second == Some(id))
                .map(|p| Some(p.flat))
                .ok_or_else(unchecked),
        }
    }

    /// One step (the action checked by [`Env::refusal`]).
    fn step(&mut self, cx: &Context<'_, G>, id: i64, row: &mut Row<'_>) -> Result<(), Failure> {
        if self.ended {
            return self.restart(cx, row);
        }
        row.rewards.fill(0.0);
        *row.terminated = false;
        *row.truncated = false;
        let index = usize::try_from(id).map_err(|_| Failure::Internal("unchecked id".into()))?;
        let flat = match cx.steps {
            None => index,
            Some(_) => match self.take_step(index)? {
                Some(flat) => flat,
                None => return self.observe(cx, row),
            },
        };
        let action = G::action_from_id(self.state.config(), self.to_act, flat)
            .ok_or_else(|| Failure::Internal("unchecked id".into()))?;
        self.state
            .apply_in_place(&action)
            .map_err(|e| Failure::Illegal(e.to_string()))?;
        self.advance()?;
        self.observe(cx, row)?;
        if let Some(outcome) = self.state.outcome() {
            self.ended = true;
            *row.terminated = true;
            let (n, k) = (outcome.scores.len(), outcome.winners.len());
            match cx.spec.tables {
                Some(_) => {
                    for (s, r) in row.rewards.iter_mut().enumerate() {
                        *r = win_share(n, k, outcome.winners.contains(Seat(s as u8)));
                    }
                }
                None => row
                    .rewards
                    .fill(win_share(n, k, outcome.winners.contains(self.to_act))),
            }
        }
        Ok(())
    }
}

/// `num_envs` environments of game `G`.
pub struct Envs<G: Game> {
    spec: EnvSpec,
    shape: Shape,
    envs: Vec<Env<G>>,
    pool: Option<rayon::ThreadPool>,
    steps: Option<Box<dyn Steps<G>>>,
    /// Whether the environments were reset (stepping needs it).
    started: bool,
}

/// Checks a spec against `G` before anything is allocated.
fn check_spec<G: Game>(spec: &EnvSpec) -> Result<(), Failure> {
    if !G::SEATS.contains(&spec.players) {
        return Err(Failure::Config(format!(
            "players: {} plays with {} to {} players, not {}",
            G::NAME,
            G::SEATS.start(),
            G::SEATS.end(),
            spec.players
        )));
    }
    if !(1..=MAX_NUM_ENVS).contains(&spec.num_envs) {
        return Err(Failure::Config(format!(
            "num_envs must be from 1 to {MAX_NUM_ENVS}, not {}",
            spec.num_envs
        )));
    }
    if !(1..=MAX_THREADS).contains(&spec.threads) {
        return Err(Failure::Config(format!(
            "threads must be from 1 to {MAX_THREADS}, not {}",
            spec.threads
        )));
    }
    let players = usize::from(spec.players);
    match &spec.tables {
        None => {
            if spec.opponents.len() != players {
                return Err(Failure::Config(format!(
                    "opponents: give one agent spec, or one per seat ({players} for {players} \
                     players), not {}",
                    spec.opponents.len()
                )));
            }
            if let Some(s) = spec.learner_seat.filter(|&s| s >= spec.players) {
                return Err(Failure::Seat(format!(
                    "learner_seat {s} is not at this table: seats are 0 to {}",
                    spec.players - 1
                )));
            }
        }
        Some(tables) => {
            if tables.len() != 1 && tables.len() != spec.num_envs {
                return Err(Failure::Config(format!(
                    "opponents: give one table for every environment or one per environment \
                     ({}), not {}",
                    spec.num_envs,
                    tables.len()
                )));
            }
            for (i, table) in tables.iter().enumerate() {
                let which = if tables.len() == 1 {
                    String::new()
                } else {
                    format!(" of environment {i}")
                };
                if table.len() != players {
                    return Err(Failure::Config(format!(
                        "opponents: the table{which} has {} seats, not {players}",
                        table.len()
                    )));
                }
                if !table.contains(&Player::Caller) {
                    return Err(Failure::Config(format!(
                        "opponents: the table{which} has no seat played by the caller \
                         (\"self\")"
                    )));
                }
            }
        }
    }
    Ok(())
}

impl<G: Game + Encode + 'static> Envs<G> {
    /// Builds the environments (their first episodes start at [`VecEnvCore::reset`]).
    pub fn new(spec: EnvSpec) -> Result<Self, Failure> {
        check_spec::<G>(&spec)?;
        let steps = match spec.action_space {
            ActionSpace::Flat => None,
            ActionSpace::Steps => Some(steps_of::<G>().ok_or_else(|| {
                Failure::Config(format!(
                    "action_space: {} has no stepwise action space (only Mosaix has: the \
                     others' flat spaces are narrow enough, docs/rl.md)",
                    G::NAME
                ))
            })?),
        };
        let first = Env::<G>::new(&spec, 0)?;
        let config = first.state.config();
        let game_len = G::observation_len(config);
        let extra = steps.as_ref().map_or(0, |s| s.openers().len());
        let shape = Shape {
            observation: if extra == 0 {
                G::observation_shape(config)
            } else {
                vec![game_len + extra]
            },
            observation_len: game_len + extra,
            num_actions: steps
                .as_ref()
                .map_or(G::num_distinct_actions(config), |s| s.width()),
            rewards: if spec.tables.is_some() {
                usize::from(spec.players)
            } else {
                1
            },
        };
        let mut envs = Vec::new();
        envs.try_reserve_exact(spec.num_envs).map_err(|_| {
            Failure::Config(format!(
                "num_envs: not enough memory for {} environments",
                spec.num_envs
            ))
        })?;
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
            steps,
            started: false,
        })
    }
}

impl<G: Game + Encode> Envs<G> {
    /// Checks the buffers' lengths.
    fn check(&self, out: &Out<'_>) -> Result<(), Failure> {
        let n = self.envs.len();
        let ok = out.obs.len() == n * self.shape.observation_len
            && out.mask.len() == n * self.shape.num_actions
            && out.rewards.len() == n * self.shape.rewards
            && out.terminated.len() == n
            && out.truncated.len() == n
            && out.seats.len() == n;
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
        F: Fn(&Context<'_, G>, usize, &mut Env<G>, Row<'_>) -> Result<(), Failure> + Sync,
    {
        self.check(&out)?;
        let (olen, alen, rlen) = (
            self.shape.observation_len,
            self.shape.num_actions,
            self.shape.rewards,
        );
        let game_len = olen - self.steps.as_ref().map_or(0, |s| s.openers().len());
        let cx = Context {
            spec: &self.spec,
            steps: self.steps.as_deref(),
            game_len,
        };
        let Some(pool) = &self.pool else {
            let rows = out
                .obs
                .chunks_mut(olen)
                .zip(out.mask.chunks_mut(alen))
                .zip(out.rewards.chunks_mut(rlen))
                .zip(out.terminated.iter_mut())
                .zip(out.truncated.iter_mut())
                .zip(out.seats.iter_mut());
            for ((i, env), row) in self.envs.iter_mut().enumerate().zip(rows) {
                f(&cx, i, env, Row::of(row))?;
            }
            return Ok(());
        };
        let rows = out
            .obs
            .par_chunks_mut(olen)
            .zip(out.mask.par_chunks_mut(alen))
            .zip(out.rewards.par_chunks_mut(rlen))
            .zip(out.terminated.par_iter_mut())
            .zip(out.truncated.par_iter_mut())
            .zip(out.seats.par_iter_mut());
        let work = self.envs.par_iter_mut().enumerate().zip(rows);
        // Small pieces (a step of one environment costs microseconds, a split far less): the
        // threads then finish together instead of one waiting on the other's last piece.
        let chunk = work.len().div_ceil(pool.current_num_threads() * 32).max(1);
        pool.install(|| {
            work.with_min_len(chunk)
                .try_for_each(|((i, env), row)| f(&cx, i, env, Row::of(row)))
        })
    }
}

/// One environment's rows of the buffers.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    rewards: &'a mut [f64],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    seat: &'a mut i64,
}

/// The rows of one environment as the zipped iterators give them.
type Zipped<'a> = (
    (
        (
            ((&'a mut [f32], &'a mut [bool]), &'a mut [f64]),
            &'a mut bool,
        ),
        &'a mut bool,
    ),
    &'a mut i64,
);

impl<'a> Row<'a> {
    fn of((((((obs, mask), rewards), terminated), truncated), seat): Zipped<'a>) -> Self {
        Row {
            obs,
            mask,
            rewards,
            terminated,
            truncated,
            seat,
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

    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        let config = self.envs[0].state.config();
        let (mut low, mut high) = G::observation_bounds(config);
        low.resize(self.shape.observation_len, 0.0);
        high.resize(self.shape.observation_len, 1.0);
        (low, high)
    }

    fn reset(&mut self, seed: Option<u64>, out: Out<'_>) -> Result<(), Failure> {
        self.each(out, |cx, i, env, mut row| {
            if let Some(master) = seed {
                env.seed(cx.spec, master, i);
            }
            env.restart(cx, &mut row)
        })?;
        self.started = true;
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<(), Failure> {
        if !self.started {
            return Err(Failure::ResetNeeded(
                "the environments have not started: call reset() first".to_string(),
            ));
        }
        if actions.len() != self.envs.len() {
            return Err(Failure::Config(format!(
                "{} actions for {} environments",
                actions.len(),
                self.envs.len()
            )));
        }
        let cx = Context {
            spec: &self.spec,
            steps: self.steps.as_deref(),
            game_len: 0,
        };
        for (i, (env, &id)) in self.envs.iter().zip(actions).enumerate() {
            if let Some(failure) = env.refusal(&cx, self.shape.num_actions, id) {
                return Err(match failure {
                    Failure::Illegal(m) if self.envs.len() > 1 => {
                        Failure::Illegal(format!("environment {i}: {m}"))
                    }
                    other => other,
                });
            }
        }
        self.each(out, |cx, i, env, mut row| {
            env.step(cx, actions[i], &mut row)
        })
    }

    fn learner_seats(&self) -> Vec<u8> {
        self.envs.iter().map(|e| e.to_act.0).collect()
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
        Some(env.state.view(env.to_act).to_string())
    }

    fn scores(&self, index: usize) -> Option<Vec<i32>> {
        let env = self.envs.get(index)?;
        env.state.outcome().map(|o| o.scores)
    }
}

#[cfg(test)]
#[path = "env_tests.rs"]
mod tests;
