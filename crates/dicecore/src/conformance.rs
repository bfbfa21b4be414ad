//! The generic property suite every game crate runs (feature `testing`).
//!
//! In the spirit of OpenSpiel's random-simulation test, [`check_game`] plays one game with
//! seeded random choices and checks at every step:
//! - `outcome()` is `Some` exactly when the turn is [`Turn::Over`], and `scores()` has one entry
//!   per seat;
//! - `legal_actions` clears its buffer, lists no action twice, and is non-empty unless over;
//!   every action names a seat that is to move ([`Game::action_seat`]), and at [`Turn::Seats`]
//!   every deciding seat has an action;
//! - at [`Turn::Chance`] the outcomes are exactly the legal actions, have positive probabilities
//!   summing to exactly 1, `sample_chance` only yields listed outcomes, and `chance_from_text`
//!   reads back an outcome's own `Display` text; elsewhere there are no outcomes,
//!   `sample_chance` is `None` and `chance_from_text` refuses;
//! - `sample_action` draws only legal actions of the seat asked, and nothing for a seat that is
//!   not to move; `legal_action_count` is the length of each seat's listing;
//!   `config()` stays the config the game started from;
//! - listed actions apply, and `apply` and `apply_in_place` agree;
//! - actions seen elsewhere in the game that are not legal now are refused by both and leave
//!   the state unchanged;
//! - the state survives a JSON round trip unchanged, and copies of its JSON with a few numbers
//!   or flags changed are either refused or give a state on which every method and a stretch
//!   of random play run without a panic (corrupted files are errors, never crashes);
//! - `determinize(seat)` keeps `view(seat)` and the turn, and the seat to move keeps its legal
//!   actions (so views depend only on what a seat may know);
//! - `running_scores()` has one entry per seat, equals what `running_scores_into` writes, and
//!   equals the outcome's scores at the end;
//! - the game ends within `max_actions`, with winners among the seats, and the recorded
//!   [`Replay`] (also after a JSON round trip) reproduces the final state.
//!
//! [`run`] drives it as a proptest over seeds and every supported player count:
//!
//! ```
//! use dicecore::{conformance::{run, Settings}, pig::Pig};
//! run::<Pig>(&Settings::default().cases(4));
//! ```

use crate::{Dice, Encode, FromSetup, Game, Match, Probability, Replay, Seat, Turn};
pub use corruption::{corrupt, count_leaves, leaf_mut, mutate_leaf, play_out_reloading};
pub use golden::golden_game;
pub use pictures::{check_pictures, run_pictures};
use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestCaseError, TestRunner};
pub use running::check_kept_running_scores;
use std::collections::HashSet;

mod corruption;
mod golden;
pub mod pictures;
mod running;

/// How hard [`run`] and [`check_game`] look.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Settings {
    /// Games per player count.
    pub cases: u32,
    /// A game must end within this many actions.
    pub max_actions: usize,
    /// Legal actions applied both ways per state (a random sample when there are more).
    pub probes: usize,
    /// Illegal actions tried per state (from actions seen elsewhere in the game).
    pub illegal_probes: usize,
    /// Check the serde round trip and determinisation every `deep_every` steps (1 = always).
    pub deep_every: usize,
    /// Corrupted JSON copies of the state tried at each deep step.
    pub corruptions: usize,
    /// Decision states per game, spread over it, at which [`run_encode`] checks the whole id
    /// space ([`check_id_space`]); one chance node is checked besides.
    pub id_space_states: usize,
}

/// Settings are built from [`Settings::default`] and these setters, one per field, so that a
/// field added later does not break the code that builds them (the struct is
/// `#[non_exhaustive]`):
///
/// ```
/// use dicecore::conformance::Settings;
/// let settings = Settings::default().cases(4).max_actions(5_000);
/// assert_eq!((settings.cases, settings.max_actions), (4, 5_000));
/// ```
impl Settings {
    /// Sets [`Settings::cases`].
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = cases;
        self
    }

    /// Sets [`Settings::max_actions`].
    pub fn max_actions(mut self, max_actions: usize) -> Self {
        self.max_actions = max_actions;
        self
    }

    /// Sets [`Settings::probes`].
    pub fn probes(mut self, probes: usize) -> Self {
        self.probes = probes;
        self
    }

    /// Sets [`Settings::illegal_probes`].
    pub fn illegal_probes(mut self, illegal_probes: usize) -> Self {
        self.illegal_probes = illegal_probes;
        self
    }

    /// Sets [`Settings::deep_every`].
    pub fn deep_every(mut self, deep_every: usize) -> Self {
        self.deep_every = deep_every;
        self
    }

    /// Sets [`Settings::corruptions`].
    pub fn corruptions(mut self, corruptions: usize) -> Self {
        self.corruptions = corruptions;
        self
    }

    /// Sets [`Settings::id_space_states`].
    pub fn id_space_states(mut self, id_space_states: usize) -> Self {
        self.id_space_states = id_space_states;
        self
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            cases: 16,
            max_actions: 100_000,
            probes: 8,
            illegal_probes: 8,
            deep_every: 1,
            corruptions: 1,
            id_space_states: 3,
        }
    }
}

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// Runs the suite on `G::standard_config(seats, seed)` for every supported player count and
/// `settings.cases` seeds each. Panics with the failing seed and the broken law.
pub fn run<G: Game>(settings: &Settings) {
    run_with::<G>(settings, standard::<G>);
}

/// Like [`run`] with configs from `make_config(seats, seed)` (for variant flags).
pub fn run_with<G: Game>(
    settings: &Settings,
    make_config: impl Fn(u8, u64) -> Result<G::Config, String>,
) {
    run_games::<G>(settings, "conformance", make_config, |config, seed| {
        check_game::<G>(config, seed, settings).map(|_| ())
    });
}

/// Runs `check(config, seed)` as a proptest over seeds and every supported player count, with
/// configs from `make_config(seats, seed)`. Panics with the failing seed and the broken law.
fn run_games<G: Game>(
    settings: &Settings,
    what: &str,
    make_config: impl Fn(u8, u64) -> Result<G::Config, String>,
    check: impl Fn(&G::Config, u64) -> Result<(), String>,
) {
    let mut runner = TestRunner::new(RunnerConfig {
        cases: settings.cases,
        failure_persistence: None,
        ..RunnerConfig::default()
    });
    let strategy = (G::SEATS, any::<u64>());
    let result = runner.run(&strategy, |(seats, seed)| {
        let config = make_config(seats, seed).map_err(TestCaseError::fail)?;
        check(&config, seed)
            .map_err(|e| TestCaseError::fail(format!("{seats} seats, seed {seed}: {e}")))
    });
    if let Err(e) = result {
        panic!("{} {what} failed: {e}", G::NAME);
    }
}

/// `G::standard_config(seats, seed)` with the error as text.
fn standard<G: Game>(seats: u8, seed: u64) -> Result<G::Config, String> {
    G::standard_config(seats, seed).map_err(|e| format!("standard config: {e}"))
}

/// Plays one game of `config` with choices drawn from `seed`, checking every law listed in the
/// module documentation. Returns the first violation.
pub fn check_game<G: Game>(
    config: &G::Config,
    seed: u64,
    settings: &Settings,
) -> Result<G, String> {
    let mut game: Match<G> =
        Match::new(config.clone(), seed).map_err(|e| format!("config refused: {e}"))?;
    let mut choices = Dice::from_seed(seed ^ 0x5eed_5eed_5eed_5eed);
    let mut pool: Vec<G::Action> = Vec::new();
    let mut pool_set: HashSet<G::Action> = HashSet::new();
    let mut legal: Vec<G::Action> = Vec::new();
    let mut again: Vec<G::Action> = Vec::new();
    for step in 0..=settings.max_actions {
        let state = game.state().clone();
        ensure!(
            state.config() == config,
            "after {step} actions: config() is not the config the game started from"
        );
        let deep = settings.deep_every <= 1 || step % settings.deep_every == 0;
        check_state(&state, &mut legal, &mut again, settings, &mut choices, deep)
            .map_err(|e| format!("after {step} actions: {e}"))?;
        // Illegal actions from elsewhere in the game.
        let legal_set: HashSet<&G::Action> = legal.iter().collect();
        let candidates: Vec<&G::Action> = pool.iter().filter(|a| !legal_set.contains(a)).collect();
        for _ in 0..settings.illegal_probes.min(candidates.len()) {
            let a = candidates[choices.index(candidates.len())];
            ensure!(
                state.apply(a).is_err(),
                "after {step} actions: illegal action {a} was accepted by apply"
            );
            let mut copy = state.clone();
            ensure!(
                copy.apply_in_place(a).is_err(),
                "after {step} actions: illegal action {a} was accepted by apply_in_place"
            );
            ensure!(
                copy == state,
                "after {step} actions: refused action {a} changed the state"
            );
        }
        for a in &legal {
            if pool_set.len() < 4096 && pool_set.insert(a.clone()) {
                pool.push(a.clone());
            }
        }
        match state.turn() {
            Turn::Over => {
                let outcome = state.outcome().ok_or("over without outcome")?;
                ensure!(
                    outcome.scores.len() == state.seats() as usize,
                    "outcome has {} scores for {} seats",
                    outcome.scores.len(),
                    state.seats()
                );
                ensure!(!outcome.winners.is_empty(), "nobody won");
                ensure!(
                    state.running_scores() == outcome.scores,
                    "the running score at the end {:?} is not the final score {:?}",
                    state.running_scores(),
                    outcome.scores
                );
                ensure!(
                    outcome.winners.iter().all(|s| s.0 < state.seats()),
                    "a winner is not at the table"
                );
                let replay = game.replay();
                let rerun = replay.run().map_err(|e| format!("replay failed: {e}"))?;
                ensure!(
                    rerun == state,
                    "the replay does not reproduce the final state"
                );
                let json = serde_json::to_string(&replay)
                    .map_err(|e| format!("replay serialisation: {e}"))?;
                let back: Replay<G> = serde_json::from_str(&json)
                    .map_err(|e| format!("replay deserialisation: {e}"))?;
                ensure!(back == replay, "replay JSON round trip differs");
                return Ok(state);
            }
            Turn::Chance => {
                game.resolve_chance().map_err(|e| format!("chance: {e}"))?;
            }
            Turn::Seat(_) | Turn::Seats(_) => {
                let a = legal[choices.index(legal.len())].clone();
                game.apply(a.clone())
                    .map_err(|e| format!("listed action {a} refused: {e}"))?;
            }
        }
    }
    Err(format!(
        "the game did not end within {} actions",
        settings.max_actions
    ))
}

fn check_state<G: Game>(
    state: &G,
    legal: &mut Vec<G::Action>,
    again: &mut Vec<G::Action>,
    settings: &Settings,
    dice: &mut Dice,
    deep: bool,
) -> Result<(), String> {
    let turn = state.turn();
    let seats = state.seats();
    ensure!(
        G::SEATS.contains(&seats),
        "{seats} seats is not a supported count"
    );
    ensure!(
        state.outcome().is_some() == (turn == Turn::Over),
        "outcome() is {:?} at {turn:?}",
        state.outcome().map(|_| ())
    );
    ensure!(
        state.scores().len() == seats as usize,
        "scores() has {} entries for {seats} seats",
        state.scores().len()
    );
    let running = state.running_scores();
    ensure!(
        running.len() == seats as usize,
        "running_scores() has {} entries for {seats} seats",
        running.len()
    );
    let mut written = vec![i32::MIN; 9];
    state.running_scores_into(&mut written);
    ensure!(
        written == running,
        "running_scores_into wrote {written:?}, but running_scores() is {running:?}"
    );
    state.legal_actions(legal);
    again.clone_from(legal);
    state.legal_actions(again);
    ensure!(
        again == legal,
        "legal_actions does not clear its buffer or is not deterministic"
    );
    let set: HashSet<&G::Action> = legal.iter().collect();
    ensure!(
        set.len() == legal.len(),
        "legal_actions lists an action twice"
    );
    let outcomes = state.chance_outcomes();
    match turn {
        Turn::Over => {
            ensure!(legal.is_empty(), "legal actions after the end");
            ensure!(outcomes.is_empty(), "chance outcomes after the end");
        }
        Turn::Chance => {
            ensure!(!outcomes.is_empty(), "a chance node without outcomes");
            ensure!(
                outcomes
                    .iter()
                    .all(|(_, p)| p.numerator > 0 && p.denominator > 0),
                "an outcome has probability 0"
            );
            let total = Probability::sum(outcomes.iter().map(|(_, p)| *p));
            ensure!(
                total == Some(Probability::ONE),
                "chance outcomes sum to {total:?}, not exactly 1"
            );
            let oset: HashSet<&G::Action> = outcomes.iter().map(|(a, _)| a).collect();
            ensure!(
                oset.len() == outcomes.len(),
                "a chance outcome is listed twice"
            );
            ensure!(
                oset == set,
                "legal_actions at a chance node differ from chance_outcomes"
            );
            for _ in 0..4 {
                let s = state
                    .sample_chance(dice)
                    .ok_or("sample_chance gave None at a chance node")?;
                ensure!(
                    oset.contains(&s),
                    "sample_chance gave {s}, which is not a listed outcome"
                );
                let typed = state.chance_from_text(&s.to_string());
                ensure!(
                    typed.as_ref() == Ok(&s),
                    "chance_from_text does not read back the outcome's own text '{s}': {typed:?}"
                );
            }
            for a in legal.iter() {
                ensure!(
                    state.action_seat(a).is_none(),
                    "chance outcome {a} names a seat"
                );
            }
        }
        Turn::Seat(s) => {
            ensure!(!legal.is_empty(), "{s} is to move but has no legal action");
            ensure!(
                state.chance_from_text("1").is_err(),
                "chance_from_text reads an outcome at a player's turn"
            );
            ensure!(outcomes.is_empty(), "chance outcomes at a player's turn");
            ensure!(
                state.sample_chance(dice).is_none(),
                "sample_chance at a player's turn"
            );
            for a in legal.iter() {
                ensure!(
                    state.action_seat(a) == Some(s),
                    "action {a} does not belong to {s}, who is to move"
                );
            }
        }
        Turn::Seats(set_) => {
            ensure!(!set_.is_empty(), "Turn::Seats with nobody to move");
            ensure!(outcomes.is_empty(), "chance outcomes at a players' turn");
            for a in legal.iter() {
                let seat = state.action_seat(a);
                ensure!(
                    seat.is_some_and(|s| set_.contains(s)),
                    "action {a} belongs to {seat:?}, not to a seat to move"
                );
            }
            for s in set_.iter() {
                ensure!(
                    legal.iter().any(|a| state.action_seat(a) == Some(s)),
                    "{s} is to move but has no legal action"
                );
            }
        }
    }
    // The fast path draws only listed actions of the seat it is asked for.
    if let Some(first) = turn.next_seat() {
        let seats_to_ask = match turn {
            Turn::Seats(set_) => set_,
            _ => crate::SeatSet::single(first),
        };
        let mut mine = Vec::new();
        let mut scratch = Vec::new();
        for seat in seats_to_ask.iter() {
            state.legal_actions_for(seat, &mut mine);
            for _ in 0..4 {
                let drawn = state.sample_action(seat, dice, &mut scratch);
                ensure!(
                    drawn.as_ref().is_some_and(|a| mine.contains(a)),
                    "sample_action({seat}) gave {}, which is not one of {seat}'s legal actions",
                    drawn.map_or("nothing".to_string(), |a| a.to_string())
                );
            }
        }
    }
    let mut scratch = Vec::new();
    let mut mine = Vec::new();
    for seat in (0..seats).map(Seat) {
        state.legal_actions_for(seat, &mut mine);
        let count = state.legal_action_count(seat, &mut scratch);
        ensure!(
            count == mine.len(),
            "legal_action_count({seat}) is {count}, but {seat} has {} legal actions",
            mine.len()
        );
        if turn.next_seat().is_none()
            || !matches!(turn, Turn::Seat(s) if s == seat)
                && !matches!(turn, Turn::Seats(set_) if set_.contains(seat))
        {
            ensure!(
                state.sample_action(seat, dice, &mut scratch).is_none(),
                "sample_action({seat}) drew an action for a seat that is not to move"
            );
        }
    }
    // Listed actions apply, both ways, identically.
    let n = legal.len();
    let probes: Vec<usize> = if n <= settings.probes {
        (0..n).collect()
    } else {
        (0..settings.probes).map(|_| dice.index(n)).collect()
    };
    for i in probes {
        let a = &legal[i];
        let next = state
            .apply(a)
            .map_err(|e| format!("listed action {a} refused: {e}"))?;
        let mut copy = state.clone();
        copy.apply_in_place(a)
            .map_err(|e| format!("listed action {a} refused in place: {e}"))?;
        ensure!(copy == next, "apply and apply_in_place disagree on {a}");
    }
    if deep {
        let json = serde_json::to_string(state).map_err(|e| format!("serialisation: {e}"))?;
        let back: G =
            serde_json::from_str(&json).map_err(|e| format!("deserialising a valid state: {e}"))?;
        ensure!(back == *state, "the JSON round trip changes the state");
        check_corruptions(state, dice, settings.corruptions)?;
        let _ = state.to_string();
        for seat in (0..seats).map(Seat) {
            let view = state.view(seat);
            serde_json::to_string(&view).map_err(|e| format!("view serialisation: {e}"))?;
            let _ = view.to_string();
            let det = state.determinize(seat, dice);
            ensure!(
                det.view(seat) == view,
                "determinize({seat}) changes what {seat} sees"
            );
            ensure!(det.turn() == turn, "determinize({seat}) changes the turn");
            if turn == Turn::Seat(seat) || matches!(turn, Turn::Seats(s) if s.contains(seat)) {
                let mut mine = Vec::new();
                let mut theirs = Vec::new();
                state.legal_actions_for(seat, &mut mine);
                det.legal_actions_for(seat, &mut theirs);
                ensure!(
                    mine == theirs,
                    "{seat}'s legal actions depend on what {seat} cannot see"
                );
            }
        }
    }
    Ok(())
}

/// Tries `n` copies of the state's JSON with one to three numbers or flags changed
/// ([`corrupt`]). A copy may be refused; a copy that is accepted must survive every method and
/// some random play without a panic (a panic fails the enclosing test).
fn check_corruptions<G: Game>(state: &G, dice: &mut Dice, n: usize) -> Result<(), String> {
    if n == 0 {
        return Ok(());
    }
    let value = serde_json::to_value(state).map_err(|e| format!("serialisation: {e}"))?;
    if count_leaves(&value) == 0 {
        return Ok(());
    }
    for _ in 0..n {
        if let Ok(s) = serde_json::from_value::<G>(corrupt(&value, dice)) {
            exercise(&s, dice, 20);
        }
    }
    Ok(())
}

/// Calls every read-only method, then plays up to `steps` random legal actions.
fn exercise<G: Game>(state: &G, dice: &mut Dice, steps: usize) {
    let mut s = state.clone();
    let mut legal = Vec::new();
    for _ in 0..steps {
        let _ = (s.turn(), s.scores(), s.outcome(), s.chance_outcomes());
        let _ = s.sample_chance(dice);
        let _ = s.to_string();
        for seat in (0..s.seats().min(16)).map(Seat) {
            let _ = s.view(seat).to_string();
            let _ = s.determinize(seat, dice);
            s.legal_actions_for(seat, &mut legal);
            let _ = s.sample_action(seat, dice, &mut legal);
        }
        s.legal_actions(&mut legal);
        if legal.is_empty() {
            return;
        }
        let a = legal[dice.index(legal.len())].clone();
        let _ = s.apply(&a);
        if s.apply_in_place(&a).is_err() {
            return;
        }
    }
}

/// Plays one seeded random game of `config` and calls `check` on every state met: the 0.1.0
/// helper, kept until the next breaking release (`docs/releases.md`). Property tests draw
/// their states from [`crate::strategy`] instead, whose failing cases shrink to short games.
#[deprecated(
    since = "0.2.0",
    note = "use `dicecore::strategy::Plays::check_states`, whose failures shrink"
)]
pub fn for_each_state<G: Game>(
    config: &G::Config,
    seed: u64,
    max_actions: usize,
    check: impl FnMut(&G) -> Result<(), String>,
) -> Result<(), String> {
    play_states(config, seed, max_actions, check)
}

/// Plays one seeded random game of `config` (chance resolved by a [`Match`] seeded with `seed`,
/// decisions drawn from the listed legal actions) and calls `check` on every state met, the
/// first and the last included. Returns the first error, with the number of actions applied.
fn play_states<G: Game>(
    config: &G::Config,
    seed: u64,
    max_actions: usize,
    mut check: impl FnMut(&G) -> Result<(), String>,
) -> Result<(), String> {
    let mut game: Match<G> =
        Match::new(config.clone(), seed).map_err(|e| format!("config refused: {e}"))?;
    let mut choices = Dice::from_seed(seed ^ 0x5eed_5eed_5eed_5eed);
    let mut legal = Vec::new();
    for step in 0..=max_actions {
        check(game.state()).map_err(|e| format!("after {step} actions: {e}"))?;
        match game.state().turn() {
            Turn::Over => return Ok(()),
            Turn::Chance => {
                game.resolve_chance().map_err(|e| format!("chance: {e}"))?;
            }
            Turn::Seat(_) | Turn::Seats(_) => {
                game.state().legal_actions(&mut legal);
                ensure!(
                    !legal.is_empty(),
                    "no legal action at {:?}",
                    game.state().turn()
                );
                let a = legal[choices.index(legal.len())].clone();
                game.apply(a.clone())
                    .map_err(|e| format!("listed action {a} refused: {e}"))?;
            }
        }
    }
    Err(format!("the game did not end within {max_actions} actions"))
}

/// [`check_simultaneous_secrecy`] at every state of `settings.cases` seeded random games per
/// player count (standard configs). The law holds in every game but The Border, whose rules
/// document argues that its simultaneous turn (action 2, where each player crosses on its own
/// sheet) shows nothing that could change another player's decision.
///
/// ```
/// use dicecore::{conformance::{run_simultaneous_secrecy, Settings}, pig::Pig};
/// run_simultaneous_secrecy::<Pig>(&Settings::default().cases(2));
/// ```
pub fn run_simultaneous_secrecy<G: Game>(settings: &Settings) {
    run_games::<G>(
        settings,
        "simultaneous secrecy",
        standard::<G>,
        |config, seed| {
            play_states::<G>(
                config,
                seed,
                settings.max_actions,
                check_simultaneous_secrecy,
            )
        },
    );
}

/// The law of a simultaneous turn: at [`Turn::Seats`], no deciding seat's view tells which of
/// its legal actions another deciding seat has taken until all have decided. For every two
/// deciding seats `s` and `t`, `t`'s views after each legal action of `s` are equal among the
/// actions after which the turn is the same (whether `s` is still deciding may show, not what
/// it chose).
pub fn check_simultaneous_secrecy<G: Game>(state: &G) -> Result<(), String> {
    let Turn::Seats(deciding) = state.turn() else {
        return Ok(());
    };
    let mut actions = Vec::new();
    for s in deciding {
        state.legal_actions_for(s, &mut actions);
        let after: Vec<(&G::Action, G)> = actions
            .iter()
            .filter_map(|a| state.apply(a).ok().map(|next| (a, next)))
            .collect();
        for t in deciding.iter().filter(|&t| t != s) {
            // One representative per resulting turn; every other action is compared with it.
            let mut seen: Vec<(Turn, &G::Action, G::View)> = Vec::new();
            for (a, next) in &after {
                let (turn, view) = (next.turn(), next.view(t));
                match seen.iter().find(|(u, _, _)| *u == turn) {
                    Some((_, b, first)) => ensure!(
                        *first == view,
                        "at a simultaneous turn, {t}'s view tells {s}'s choice {a} from {b}"
                    ),
                    None => seen.push((turn, a, view)),
                }
            }
        }
    }
    Ok(())
}

/// [`check_setup`] on standard configs of every player count, `settings.cases` seeds each.
///
/// ```
/// use dicecore::{conformance::{run_setup, Settings}, pig::Pig};
/// run_setup::<Pig>(&Settings::default().cases(4));
/// ```
pub fn run_setup<G: FromSetup>(settings: &Settings) {
    run_games::<G>(
        settings,
        "setup round trip",
        standard::<G>,
        |config, seed| check_setup::<G>(config, seed, settings),
    );
}

/// The laws of [`FromSetup`] along one random game: at every state (every `deep_every`-th),
/// `from_setup(s.config(), &s.to_setup()) == s`, also after a JSON round trip of the setup.
pub fn check_setup<G: FromSetup>(
    config: &G::Config,
    seed: u64,
    settings: &Settings,
) -> Result<(), String> {
    let mut step = 0usize;
    play_states::<G>(config, seed, settings.max_actions, |state| {
        step += 1;
        if settings.deep_every > 1 && !(step - 1).is_multiple_of(settings.deep_every) {
            return Ok(());
        }
        let setup = state.to_setup();
        let back = G::from_setup(state.config(), &setup)
            .map_err(|e| format!("from_setup refuses the setup of a real state: {e}"))?;
        ensure!(back == *state, "from_setup(to_setup(s)) differs from s");
        let json = serde_json::to_string(&setup).map_err(|e| format!("setup to JSON: {e}"))?;
        let read: G::Setup =
            serde_json::from_str(&json).map_err(|e| format!("setup from JSON: {e}"))?;
        ensure!(read == setup, "the setup's JSON round trip changes it");
        let back = G::from_setup(state.config(), &read)
            .map_err(|e| format!("from_setup refuses a setup read from JSON: {e}"))?;
        ensure!(
            back == *state,
            "from_setup of the setup read from JSON differs from s"
        );
        Ok(())
    })
}

/// [`check_encode`] on standard configs of every player count, `settings.cases` seeds each.
///
/// ```
/// use dicecore::{conformance::{run_encode, Settings}, pig::Pig};
/// run_encode::<Pig>(&Settings::default().cases(4));
/// ```
pub fn run_encode<G: Encode>(settings: &Settings) {
    run_games::<G>(settings, "encoding", standard::<G>, |config, seed| {
        check_encode::<G>(config, seed, settings)
    });
}

/// The laws of [`Encode`] along one random game: every legal action has an id in range
/// (chance outcomes below `max_chance_outcomes`, decisions from it up to
/// `num_distinct_actions`) that decodes back to it for its seat; two legal actions of one seat
/// never share an id; every seat's tensor has `observation_len` finite entries, all written
/// and all within `observation_bounds` (whose low lies below its high), and is the same for
/// the state determinised for that seat (so it reads nothing the seat may not know). At `settings.id_space_states` decision states spread over the game and at one
/// chance node, the laws over the whole id space ([`check_id_space`]).
pub fn check_encode<G: Encode>(
    config: &G::Config,
    seed: u64,
    settings: &Settings,
) -> Result<(), String> {
    let chance = G::max_chance_outcomes(config);
    let total = G::num_distinct_actions(config);
    ensure!(
        chance <= total,
        "max_chance_outcomes {chance} exceeds num_distinct_actions {total}"
    );
    let len = G::observation_len(config);
    ensure!(len > 0, "an empty observation tensor");
    let (low, high) = G::observation_bounds(config);
    ensure!(
        low.len() == len && high.len() == len,
        "observation_bounds has {} and {} entries, not {len}",
        low.len(),
        high.len()
    );
    if let Some(i) = (0..len).find(|&i| low[i].is_nan() || low[i] >= high[i]) {
        return Err(format!(
            "observation_bounds of entry {i}: {} is not below {}",
            low[i], high[i]
        ));
    }
    check_id_table::<G>(config, config_seats::<G>(config)?)?;
    let mut dice = Dice::from_seed(seed ^ 0xe4c0_de00);
    let mut legal = Vec::new();
    let mut ids = HashSet::new();
    let mut tensor = vec![0.0f32; len];
    let mut step = 0usize;
    let (mut decisions, mut chances) = (Vec::new(), Vec::new());
    play_states::<G>(config, seed, settings.max_actions, |state| {
        step += 1;
        match state.turn() {
            Turn::Chance => chances.push(state.clone()),
            Turn::Seat(_) | Turn::Seats(_) => decisions.push(state.clone()),
            Turn::Over => {}
        }
        state.legal_actions(&mut legal);
        let is_chance = state.turn() == Turn::Chance;
        ids.clear();
        for a in &legal {
            let id =
                G::action_id(config, a).ok_or_else(|| format!("legal action {a} has no id"))?;
            ensure!(id < total, "{a} has id {id}, not below {total}");
            ensure!(
                (id < chance) == is_chance,
                "{a} has id {id}: chance outcomes take the ids below {chance}, decisions the rest"
            );
            let seat = state.action_seat(a);
            ensure!(
                ids.insert((seat, id)),
                "two legal actions of {seat:?} share the id {id}"
            );
            let back = G::action_from_id(config, seat.unwrap_or(Seat(0)), id);
            ensure!(
                back.as_ref() == Some(a),
                "id {id} of {a} decodes to {}",
                back.map_or("nothing".to_string(), |b| b.to_string())
            );
        }
        ensure!(
            G::action_from_id(config, Seat(0), total).is_none(),
            "id {total} (out of range) decodes to an action"
        );
        if settings.deep_every > 1 && !(step - 1).is_multiple_of(settings.deep_every) {
            return Ok(());
        }
        for seat in (0..state.seats()).map(Seat) {
            tensor.fill(f32::NAN);
            G::encode_view(config, seat, &state.view(seat), &mut tensor);
            ensure!(
                tensor.iter().all(|x| x.is_finite()),
                "{seat}'s observation has an entry that was not written or is not finite"
            );
            if let Some(i) = (0..len).find(|&i| !(low[i]..=high[i]).contains(&tensor[i])) {
                return Err(format!(
                    "{seat}'s observation entry {i} is {}, outside its bounds {} to {}",
                    tensor[i], low[i], high[i]
                ));
            }
            let det = state.determinize(seat, &mut dice);
            let other = det.observation(seat);
            ensure!(
                other == tensor,
                "{seat}'s observation changes when what {seat} cannot see is resampled"
            );
        }
        Ok(())
    })?;
    let n = settings.id_space_states.min(decisions.len());
    let picked = (0..n).map(|k| &decisions[(2 * k + 1) * decisions.len() / (2 * n)]);
    for state in picked.chain(chances.get(chances.len() / 2)) {
        check_id_space(state, &mut dice)
            .map_err(|e| format!("at a state of the game: {e}\n{state}"))?;
    }
    Ok(())
}

/// The seats of a config: those of its first state.
fn config_seats<G: Game>(config: &G::Config) -> Result<u8, String> {
    G::new(config)
        .map(|s| s.seats())
        .map_err(|e| format!("config refused: {e}"))
}

/// The id table of a config with `seats` seats, whatever the state: every id in
/// `0..num_distinct_actions`, for every seat at the table, decodes to nothing (an id this
/// config cannot produce) or to an action whose id it is, and an id out of range decodes to
/// nothing.
///
/// ```
/// use dicecore::{conformance::check_id_table, pig::Pig, Game};
/// check_id_table::<Pig>(&Pig::standard_config(3, 0).unwrap(), 3).unwrap();
/// ```
pub fn check_id_table<G: Encode>(config: &G::Config, seats: u8) -> Result<(), String> {
    let total = G::num_distinct_actions(config);
    for seat in (0..seats).map(Seat) {
        for id in 0..total {
            decode::<G>(config, seat, id)?;
        }
        ensure!(
            G::action_from_id(config, seat, total).is_none(),
            "id {total} (out of range) decodes to an action"
        );
    }
    Ok(())
}

/// The action `id` decodes to for `seat`, which must have that id back.
fn decode<G: Encode>(
    config: &G::Config,
    seat: Seat,
    id: usize,
) -> Result<Option<G::Action>, String> {
    let Some(a) = G::action_from_id(config, seat, id) else {
        return Ok(None);
    };
    let back = G::action_id(config, &a);
    ensure!(
        back == Some(id),
        "id {id} decodes for {seat} to {a}, whose id is {back:?}"
    );
    Ok(Some(a))
}

/// Listings of at most this many actions are checked to be drawn whole by
/// [`check_id_space`].
pub const SMALL_LISTING: usize = 64;

/// The laws of [`Encode`] over the whole id space at one state, so that an action never listed
/// cannot go unnoticed: for every id in `0..num_distinct_actions` and every seat at the table
/// (chance ids once, as they name no seat), the action the id decodes to (if any) has that id
/// back and names that seat (no seat for a chance outcome), and it is listed by
/// `legal_actions` exactly when `apply` accepts it; an id that decodes to nothing is an id the
/// config cannot produce. And `sample_action` draws every legal action of each seat to move
/// whose listing has at most [`SMALL_LISTING`] actions, within 32 draws per action.
///
/// ```
/// use dicecore::{conformance::check_id_space, pig::Pig, Dice, Game};
/// let state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
/// check_id_space(&state, &mut Dice::from_seed(1)).unwrap();
/// ```
pub fn check_id_space<G: Encode>(state: &G, dice: &mut Dice) -> Result<(), String> {
    let config = state.config();
    let chance = G::max_chance_outcomes(config);
    let total = G::num_distinct_actions(config);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let listed: HashSet<&G::Action> = legal.iter().collect();
    for seat in (0..state.seats()).map(Seat) {
        let first = if seat.0 == 0 { 0 } else { chance };
        for id in first..total {
            let Some(a) = decode::<G>(config, seat, id)? else {
                continue;
            };
            let owner = state.action_seat(&a);
            ensure!(
                owner == (id >= chance).then_some(seat),
                "id {id} decodes for {seat} to {a}, an action of {owner:?}"
            );
            let accepted = state.apply(&a);
            ensure!(
                accepted.is_ok() == listed.contains(&a),
                "id {id}: {a} is {} but {} by apply{}",
                if listed.contains(&a) {
                    "listed"
                } else {
                    "not listed"
                },
                if accepted.is_ok() {
                    "accepted"
                } else {
                    "refused"
                },
                accepted.err().map_or(String::new(), |e| format!(" ({e})"))
            );
        }
    }
    let mut mine = Vec::new();
    let mut scratch = Vec::new();
    for seat in (0..state.seats()).map(Seat) {
        state.legal_actions_for(seat, &mut mine);
        if mine.is_empty() || mine.len() > SMALL_LISTING {
            continue;
        }
        let mut missing: HashSet<&G::Action> = mine.iter().collect();
        for _ in 0..32 * mine.len() {
            if let Some(a) = state.sample_action(seat, dice, &mut scratch) {
                missing.remove(&a);
            }
        }
        if let Some(a) = mine.iter().find(|a| missing.contains(a)) {
            return Err(format!(
                "sample_action({seat}) never drew {a} in {} draws ({} legal actions)",
                32 * mine.len(),
                mine.len()
            ));
        }
    }
    Ok(())
}

/// [`check_sampling`] on standard configs of every player count, `settings.cases` seeds each.
///
/// ```
/// use dicecore::{conformance::{run_sampling, Settings}, pig::Pig};
/// run_sampling::<Pig>(&Settings::default().cases(2), 3, 200);
/// ```
pub fn run_sampling<G: Game>(settings: &Settings, states_per_game: usize, per_action: usize) {
    run_games::<G>(
        settings,
        "uniform sampling",
        standard::<G>,
        |config, seed| check_sampling::<G>(config, seed, states_per_game, per_action),
    );
}

/// Along one random game, picks up to `states` decision states spread over the game where the
/// seat to move has at least two legal actions, and checks at each with
/// [`check_uniform_at`] that [`Game::sample_action`] is uniform over
/// [`Game::legal_actions_for`].
pub fn check_sampling<G: Game>(
    config: &G::Config,
    seed: u64,
    states: usize,
    per_action: usize,
) -> Result<(), String> {
    let mut candidates: Vec<G> = Vec::new();
    let mut legal = Vec::new();
    play_states::<G>(config, seed, 1_000_000, |state| {
        if let Some(seat) = state.turn().next_seat() {
            state.legal_actions_for(seat, &mut legal);
            if legal.len() >= 2 {
                candidates.push(state.clone());
            }
        }
        Ok(())
    })?;
    let n = candidates.len();
    for k in 0..states.min(n) {
        let state = &candidates[k * n / states.min(n)];
        let seat = state.turn().next_seat().ok_or("no seat to move")?;
        check_uniform_at(state, seat, seed.wrapping_add(k as u64), per_action)?;
    }
    Ok(())
}

/// Draws `per_action` times as many actions as `seat` has legal actions with
/// [`Game::sample_action`] (dice seeded with `seed`) and checks that every draw is listed and
/// that the counts pass Pearson's chi-square test of uniformity at a significance of 10⁻⁶ (a
/// fixed seed makes the test repeatable; a sampler that doubles or halves one action's chance
/// fails it at the default budgets).
pub fn check_uniform_at<G: Game>(
    state: &G,
    seat: Seat,
    seed: u64,
    per_action: usize,
) -> Result<(), String> {
    let mut legal = Vec::new();
    state.legal_actions_for(seat, &mut legal);
    let n = legal.len();
    ensure!(n >= 1, "{seat} has no legal action to sample");
    let index: std::collections::HashMap<&G::Action, usize> =
        legal.iter().enumerate().map(|(i, a)| (a, i)).collect();
    let mut counts = vec![0u64; n];
    let mut dice = Dice::from_seed(seed);
    let mut scratch = Vec::new();
    let draws = per_action.max(1) * n;
    for _ in 0..draws {
        let a = state
            .sample_action(seat, &mut dice, &mut scratch)
            .ok_or_else(|| format!("sample_action({seat}) gave nothing with {n} legal actions"))?;
        let i = *index
            .get(&a)
            .ok_or_else(|| format!("sample_action({seat}) gave {a}, which is not listed"))?;
        counts[i] += 1;
    }
    if n == 1 {
        return Ok(());
    }
    let expected = draws as f64 / n as f64;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let df = (n - 1) as f64;
    // Wilson–Hilferty: the chi-square quantile from the normal quantile z(1 - 10⁻⁶) = 4.753.
    let z = 4.753;
    let h = 2.0 / (9.0 * df);
    let critical = df * (1.0 - h + z * h.sqrt()).powi(3);
    let uniform = chi2 <= critical;
    ensure!(
        uniform,
        "sample_action({seat}) is not uniform over {n} actions: chi-square {chi2:.1} > \
         {critical:.1} (counts {counts:?})"
    );
    Ok(())
}
