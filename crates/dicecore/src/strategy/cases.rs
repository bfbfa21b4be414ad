//! What the strategies yield: a [`Position`] of a played game, and the cases built on one.

use crate::ismcts::fingerprint::FoldBuild;
use crate::{AgentSpec, FromSetup, Game, Outcome, Probability, Replay, Seat, Turn};
use std::collections::HashSet;
use std::fmt;

/// A state reached by playing a seeded game, with the record that reaches it.
///
/// Its `Debug` (what proptest prints for a counterexample) gives the game's size, the replay
/// as one line of JSON and the state's `Display`.
#[derive(Clone, PartialEq)]
pub struct Position<G: Game> {
    pub(crate) seats: u8,
    pub(crate) agent: AgentSpec,
    pub(crate) replay: Replay<G>,
    pub(crate) state: G,
}

impl<G: Game> Position<G> {
    /// The state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The state, taken out.
    pub fn into_state(self) -> G {
        self.state
    }

    /// The record of the game up to this state: its config, seed and actions (running it gives
    /// [`Position::state`]).
    pub fn replay(&self) -> &Replay<G> {
        &self.replay
    }

    /// The actions played to reach the state, chance outcomes included.
    pub fn history(&self) -> &[G::Action] {
        &self.replay.actions
    }

    /// The config the game was played with.
    pub fn config(&self) -> &G::Config {
        &self.replay.config
    }

    /// The number of players.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The seed the game was played from (its config, chance and agents).
    pub fn seed(&self) -> u64 {
        self.replay.seed
    }

    /// The agent that played every seat.
    pub fn agent(&self) -> AgentSpec {
        self.agent
    }

    /// The replay as JSON, the format the `replay` program reads (`docs/replay-format.md`).
    pub fn replay_json(&self) -> String {
        serde_json::to_string(&self.replay)
            .unwrap_or_else(|e| format!("(the replay does not serialise: {e})"))
    }
}

impl<G: Game> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} after {} actions ({} players, seed {}, every seat played by {})",
            G::NAME,
            self.history().len(),
            self.seats,
            self.seed(),
            self.agent
        )?;
        writeln!(
            f,
            "replay (save it as a file, then `cargo run --example replay -- FILE --svg out.svg`):"
        )?;
        writeln!(f, "{}", self.replay_json())?;
        writeln!(f, "state:")?;
        write!(f, "{}", self.state)
    }
}

/// What a strategy of this module yields: a case built at a position of a played game.
/// Implemented by [`Position`], [`Decision`], [`IllegalAction`], [`ChanceNode`],
/// [`SetupCase`] and [`Finished`]; the strategies call it, tests need not.
pub trait Case<G: Game>: Clone + fmt::Debug + Sized {
    /// What a case is, in words ("a decision").
    const WHAT: &'static str;
    /// Whether [`Case::choices`] looks at the earlier actions (if not, it gets an empty list,
    /// and play-outs list no actions but judge positions by [`Case::may_fit`] alone).
    const EARLIER: bool = false;

    /// Whether `state` may hold a case, judged by the state alone (without listing actions);
    /// [`Case::choices`] has the last word.
    fn may_fit(state: &G) -> bool {
        let _ = state;
        true
    }

    /// How many cases `state` holds (0: none; each alternative is one), given its legal actions
    /// and `earlier`, the distinct actions legal at earlier positions of its game.
    fn choices(state: &G, legal: &[G::Action], earlier: &[G::Action]) -> usize;

    /// Case number `index` (below [`Case::choices`]) at `position`; `None` past the last.
    fn build(
        position: Position<G>,
        legal: &[G::Action],
        earlier: &[G::Action],
        index: usize,
    ) -> Option<Self>;
}

// One impl of `Case` per kind of case below: the signatures are the trait's, the bodies each
// kind's own.
impl<G: Game> Case<G> for Position<G> {
    const WHAT: &'static str = "state";

    fn choices(_: &G, _: &[G::Action], _: &[G::Action]) -> usize {
        1
    }

    fn build(position: Position<G>, _: &[G::Action], _: &[G::Action], _: usize) -> Option<Self> {
        Some(position)
    }
}

/// A position where a seat decides, and one of the legal actions there.
#[derive(Clone)]
pub struct Decision<G: Game> {
    /// Where the decision is taken.
    pub position: Position<G>,
    /// The seat the action belongs to.
    pub seat: Seat,
    /// One of the legal actions.
    pub action: G::Action,
}

impl<G: Game> Case<G> for Decision<G> {
    const WHAT: &'static str = "decision";

    fn may_fit(state: &G) -> bool {
        matches!(state.turn(), Turn::Seat(_) | Turn::Seats(_))
    }

    fn choices(state: &G, legal: &[G::Action], _: &[G::Action]) -> usize {
        match state.turn() {
            Turn::Seat(_) | Turn::Seats(_) => legal.len(),
            Turn::Chance | Turn::Over => 0,
        }
    }

    fn build(
        position: Position<G>,
        legal: &[G::Action],
        _: &[G::Action],
        index: usize,
    ) -> Option<Self> {
        let action = legal.get(index)?.clone();
        let seat = position
            .state
            .action_seat(&action)
            .or(position.state.turn().next_seat())
            .unwrap_or(Seat(0));
        Some(Decision {
            position,
            seat,
            action,
        })
    }
}

impl<G: Game> fmt::Debug for Decision<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} chooses {} at:", self.seat, self.action)?;
        self.position.fmt(f)
    }
}

/// A position and an action that is not legal there, one that was legal at an earlier position
/// of the game: the position just before, the first one, or positions 1, 4, 16, 64, ... (a
/// fixed handful, so that drawing one costs about what drawing a state does).
#[derive(Clone)]
pub struct IllegalAction<G: Game> {
    /// The position.
    pub position: Position<G>,
    /// An action that is not legal at the position.
    pub action: G::Action,
}

/// The actions of `earlier` that are not in `legal`, in the order of `earlier`.
fn not_legal<'a, A: Eq + std::hash::Hash>(
    legal: &'a [A],
    earlier: &'a [A],
) -> impl Iterator<Item = &'a A> {
    let legal: HashSet<&A, FoldBuild> = legal.iter().collect();
    earlier.iter().filter(move |a| !legal.contains(a))
}

impl<G: Game> Case<G> for IllegalAction<G> {
    const WHAT: &'static str = "illegal action";
    const EARLIER: bool = true;

    fn choices(_: &G, legal: &[G::Action], earlier: &[G::Action]) -> usize {
        not_legal(legal, earlier).count()
    }

    fn build(
        position: Position<G>,
        legal: &[G::Action],
        earlier: &[G::Action],
        index: usize,
    ) -> Option<Self> {
        let action = not_legal(legal, earlier).nth(index)?.clone();
        Some(IllegalAction { action, position })
    }
}

impl<G: Game> fmt::Debug for IllegalAction<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} (not legal) at:", self.action)?;
        self.position.fmt(f)
    }
}

/// A chance node: a position at [`Turn::Chance`], its outcomes and one of them.
#[derive(Clone)]
pub struct ChanceNode<G: Game> {
    /// The position.
    pub position: Position<G>,
    /// Every outcome with its exact probability ([`Game::chance_outcomes`]).
    pub outcomes: Vec<(G::Action, Probability)>,
    /// One of the outcomes (chosen by the strategy, not weighted by probability).
    pub outcome: G::Action,
}

impl<G: Game> Case<G> for ChanceNode<G> {
    const WHAT: &'static str = "chance node";

    fn may_fit(state: &G) -> bool {
        state.turn() == Turn::Chance
    }

    fn choices(state: &G, legal: &[G::Action], _: &[G::Action]) -> usize {
        if state.turn() == Turn::Chance {
            legal.len()
        } else {
            0
        }
    }

    fn build(
        position: Position<G>,
        legal: &[G::Action],
        _: &[G::Action],
        index: usize,
    ) -> Option<Self> {
        Some(ChanceNode {
            outcomes: position.state.chance_outcomes(),
            outcome: legal.get(index)?.clone(),
            position,
        })
    }
}

impl<G: Game> fmt::Debug for ChanceNode<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chance node with outcomes")?;
        for (a, p) in &self.outcomes {
            write!(f, " {a} ({p})")?;
        }
        writeln!(f, "; outcome {} at:", self.outcome)?;
        self.position.fmt(f)
    }
}

/// A reachable state and its setup ([`FromSetup::to_setup`]).
#[derive(Clone)]
pub struct SetupCase<G: FromSetup> {
    /// The position.
    pub position: Position<G>,
    /// The state's setup.
    pub setup: G::Setup,
}

impl<G: FromSetup> Case<G> for SetupCase<G> {
    const WHAT: &'static str = "setup";

    fn choices(_: &G, _: &[G::Action], _: &[G::Action]) -> usize {
        1
    }

    fn build(position: Position<G>, _: &[G::Action], _: &[G::Action], _: usize) -> Option<Self> {
        Some(SetupCase {
            setup: position.state.to_setup(),
            position,
        })
    }
}

impl<G: FromSetup> fmt::Debug for SetupCase<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "setup {:?} of:", self.setup)?;
        self.position.fmt(f)
    }
}

/// A game played to its end: the final position and its outcome.
#[derive(Clone)]
#[non_exhaustive]
pub struct Finished<G: Game> {
    /// The final position (its state is at [`Turn::Over`], its replay the whole game).
    pub position: Position<G>,
    /// The state's [`Game::outcome`].
    pub outcome: Outcome,
}

impl<G: Game> Case<G> for Finished<G> {
    const WHAT: &'static str = "finished game";

    fn may_fit(state: &G) -> bool {
        state.turn() == Turn::Over
    }

    fn choices(state: &G, _: &[G::Action], _: &[G::Action]) -> usize {
        usize::from(state.turn() == Turn::Over && state.outcome().is_some())
    }

    fn build(position: Position<G>, _: &[G::Action], _: &[G::Action], _: usize) -> Option<Self> {
        Some(Finished {
            outcome: position.state.outcome()?,
            position,
        })
    }
}

impl<G: Game> fmt::Debug for Finished<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scores: Vec<String> = self.outcome.scores.iter().map(i32::to_string).collect();
        writeln!(
            f,
            "finished with scores {} (winners {}) at:",
            scores.join(", "),
            self.outcome.winners
        )?;
        self.position.fmt(f)
    }
}
