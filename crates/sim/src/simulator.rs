//! [`Simulator`]: every entry point of the crate for one game, behind a trait object, so that
//! programs and bindings that pick the game by name at run time (`tabula::sim::simulator`,
//! the Python package) reach them all through one value. Specs give a fixed config, if any,
//! as JSON (the game's `Config` as serde writes it).

use crate::ladder::{Ladder, Levels};
use crate::records::GameRecord;
use crate::run::{Options, SimError};
use crate::spec::{Configs, Spec, SpecError};
use crate::summary::Summary;
use crate::sweep::{Sweep, SweepResult};
use crate::variant::{Comparison, Overrides};
use dicecore::Game;
use std::marker::PhantomData;
use std::ops::Range;

/// The simulations of one game, its type erased: [`Typed`] implements it for every game.
pub trait Simulator: Sync {
    /// The game's `Game::NAME`.
    fn name(&self) -> &'static str;

    /// [`crate::run`].
    fn run(
        &self,
        spec: &Spec<serde_json::Value>,
        range: Range<u64>,
        options: &Options,
    ) -> Result<Summary, SimError>;

    /// [`crate::run_records`]: the summary and one record per game.
    fn records(
        &self,
        spec: &Spec<serde_json::Value>,
        range: Range<u64>,
        options: &Options,
    ) -> Result<(Summary, Vec<GameRecord>), SimError>;

    /// [`crate::variant::compare`] (`spec`'s configs must be standard).
    fn compare(
        &self,
        spec: &Spec<serde_json::Value>,
        overrides: &Overrides,
        range: Range<u64>,
        options: &Options,
    ) -> Result<Comparison, SimError>;

    /// [`crate::variant::compare`] with one record per game and rule set (`rules` is
    /// `standard` or `variant`), in index order, standard first.
    fn compare_records(
        &self,
        spec: &Spec<serde_json::Value>,
        overrides: &Overrides,
        range: Range<u64>,
        options: &Options,
    ) -> Result<(Comparison, Vec<GameRecord>), SimError>;

    /// [`crate::variant::changed_configs`]: checks every game's variant config and counts
    /// those it changes.
    fn changed_configs(
        &self,
        spec: &Spec<serde_json::Value>,
        overrides: &Overrides,
        range: &Range<u64>,
    ) -> Result<u64, SpecError>;

    /// Checks the spec against the game and every game's config of `range` before anything
    /// is played ([`Spec::check`], [`Spec::check_configs`]).
    fn check(&self, spec: &Spec<serde_json::Value>, range: &Range<u64>) -> Result<(), SpecError>;

    /// [`crate::sweep::check`].
    fn check_sweep(
        &self,
        spec: &Spec<serde_json::Value>,
        base: &Overrides,
        sweep: &Sweep,
        range: &Range<u64>,
    ) -> Result<(), SpecError>;

    /// [`crate::sweep::sweep`].
    fn sweep(
        &self,
        spec: &Spec<serde_json::Value>,
        base: &Overrides,
        sweep: &Sweep,
        range: Range<u64>,
        options: &Options,
    ) -> Result<SweepResult, SimError>;

    /// [`Ladder::play`] over `base` (its agents are ignored), every pair of levels meeting
    /// with `round_robin`.
    fn ladder(
        &self,
        ladder: &Ladder,
        base: &Spec<serde_json::Value>,
        round_robin: bool,
        options: &Options,
    ) -> Result<Levels, SimError>;
}

/// The [`Simulator`] of game `G`.
pub struct Typed<G>(PhantomData<fn() -> G>);

impl<G> Typed<G> {
    /// The simulator of `G` (a constant, so that registries can list them in statics).
    pub const NEW: Typed<G> = Typed(PhantomData);
}

/// `spec` with its fixed config, if any, read as `G`'s config and checked.
fn typed<G: Game>(spec: &Spec<serde_json::Value>) -> Result<Spec<G::Config>, SpecError> {
    let configs = match &spec.configs {
        Configs::Standard => Configs::Standard,
        Configs::Variant(overrides) => Configs::Variant(overrides.clone()),
        Configs::Fixed(value) => Configs::Fixed(
            serde_json::from_value::<G::Config>(value.clone())
                .map_err(|e| SpecError::Config(e.to_string()))?,
        ),
    };
    if let Configs::Fixed(config) = &configs {
        G::new(config).map_err(|e| SpecError::Config(e.to_string()))?;
    }
    Ok(Spec {
        players: spec.players,
        games: spec.games,
        seed: spec.seed,
        agents: spec.agents.clone(),
        configs,
        max_actions: spec.max_actions,
        metrics: spec.metrics,
    })
}

/// `spec` for a variant or a sweep: its configs must be standard.
fn standard<G: Game>(spec: &Spec<serde_json::Value>) -> Result<Spec<G::Config>, SpecError> {
    if spec.configs != Configs::Standard {
        return Err(SpecError::Config(
            "a variant applies to the standard configs".to_string(),
        ));
    }
    typed::<G>(spec)
}

impl<G: Game> Simulator for Typed<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run(
        &self,
        spec: &Spec<serde_json::Value>,
        range: Range<u64>,
        options: &Options,
    ) -> Result<Summary, SimError> {
        crate::run::<G>(&typed::<G>(spec)?, range, options)
    }

    fn records(
        &self,
        spec: &Spec<serde_json::Value>,
        range: Range<u64>,
        options: &Options,
    ) -> Result<(Summary, Vec<GameRecord>), SimError> {
        crate::run_records::<G>(&typed::<G>(spec)?, range, options)
    }

    fn compare(
        &self,
        spec: &Spec<serde_json::Value>,
        overrides: &Overrides,
        range: Range<u64>,
        options: &Options,
    ) -> Result<Comparison, SimError> {
        crate::variant::compare::<G>(&standard::<G>(spec)?, overrides, range, options)
    }

    fn compare_records(
        &self,
        spec: &Spec<serde_json::Value>,
        overrides: &Overrides,
        range: Range<u64>,
        options: &Options,
    ) -> Result<(Comparison, Vec<GameRecord>), SimError> {
        crate::variant::compare_records::<G>(&standard::<G>(spec)?, overrides, range, options)
    }

    fn changed_configs(
        &self,
        spec: &Spec<serde_json::Value>,
        overrides: &Overrides,
        range: &Range<u64>,
    ) -> Result<u64, SpecError> {
        let spec = standard::<G>(spec)?;
        spec.check::<G>()?;
        crate::variant::changed_configs::<G>(&spec, overrides, range)
    }

    fn check(&self, spec: &Spec<serde_json::Value>, range: &Range<u64>) -> Result<(), SpecError> {
        let spec = typed::<G>(spec)?;
        spec.check::<G>()?;
        spec.check_range(range)?;
        spec.check_configs::<G>(range)
    }

    fn check_sweep(
        &self,
        spec: &Spec<serde_json::Value>,
        base: &Overrides,
        sweep: &Sweep,
        range: &Range<u64>,
    ) -> Result<(), SpecError> {
        let spec = standard::<G>(spec)?;
        spec.check::<G>()?;
        crate::sweep::check::<G>(&spec, base, sweep, range)
    }

    fn sweep(
        &self,
        spec: &Spec<serde_json::Value>,
        base: &Overrides,
        sweep: &Sweep,
        range: Range<u64>,
        options: &Options,
    ) -> Result<SweepResult, SimError> {
        crate::sweep::sweep::<G>(&standard::<G>(spec)?, base, sweep, range, options)
    }

    fn ladder(
        &self,
        ladder: &Ladder,
        base: &Spec<serde_json::Value>,
        round_robin: bool,
        options: &Options,
    ) -> Result<Levels, SimError> {
        ladder.play::<G>(&typed::<G>(base)?, round_robin, options)
    }
}
