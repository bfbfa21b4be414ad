//! Playing: fuzzer-chosen action sequences ([`actions`]), random play-outs that check the laws
//! at every state, and the loading of saved states ([`states`]).

use crate::laws::{
    check_action, check_id, check_id_space, check_reload, check_state, check_turn, deciding,
    id_space_due,
};
use crate::{mutate, Subject};
use arbitrary::Unstructured;
use dicecore::{Dice, Game, Match, Seat, Turn};

/// At most this many actions per input of the actions target (a whole game of every game fits).
const MAX_ACTIONS: usize = 4000;
/// The actions target reloads every this many states from their JSON (the play-outs reload
/// every state).
const RELOAD_EVERY: usize = 16;
/// Listed actions (and actions of arbitrary ids) tried at every state of a play-out besides
/// the one played.
pub const PROBES: usize = 2;
/// Steps of the random play-out from every state that loads (all laws checked at each).
pub const PLAY_OUT: usize = 12;

/// The config an input asks for: a standard config (player count and seed from the input),
/// or an arbitrary one when the first byte is 0xe0 or more.
pub(crate) fn config<G: Subject>(u: &mut Unstructured<'_>) -> arbitrary::Result<G::Config> {
    if u.arbitrary::<u8>()? >= 0xe0 {
        return G::arbitrary_config(u);
    }
    let seats = u.int_in_range(*G::SEATS.start()..=*G::SEATS.end())?;
    let seed = u.arbitrary()?;
    G::standard_config(seats, seed).map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// A config that made a game reloads equal from its JSON.
pub(crate) fn check_config<G: Game>(config: &G::Config) {
    let json = serde_json::to_string(config).expect("a config does not serialise");
    let back: G::Config = serde_json::from_str(&json).expect("a config does not reload");
    assert!(back == *config, "the config's JSON round trip changes it");
}

/// The actions target. The input chooses a config, then at every step either one of the listed
/// actions (seven times in eight) or, at the chosen points, an arbitrary action, an action
/// listed earlier in the game, or the action an arbitrary id decodes to. Every action must be
/// accepted exactly when listed, both ways alike, leave the state unchanged when refused and
/// give a next state that reloads (checked every [`RELOAD_EVERY`] states); the cheap laws
/// hold after every action, all of them at the end (the whole id space too when due:
/// [`check_id_space`]), and arbitrary ids decode or are `None`.
pub fn actions<G: Subject>(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config::<G>(&mut u) else {
        return;
    };
    let Ok(mut state) = G::new(&config) else {
        return;
    };
    check_config::<G>(&config);
    trace!("actions from the config {}", json(&config));
    let seats = state.seats();
    let mut dice = Dice::from_seed(data.len() as u64);
    let mut seen: Vec<G::Action> = Vec::new();
    let mut accepted = 0usize;
    for _ in 0..MAX_ACTIONS {
        let legal = check_turn(&state, &mut dice, false);
        if state.turn() == Turn::Over || u.is_empty() {
            break;
        }
        let Ok(pick) = u.arbitrary::<u8>() else { break };
        let action = match pick {
            0..=0xdf => match u.choose(&legal) {
                Ok(a) => a.clone(),
                Err(_) => break,
            },
            0xe0..=0xef => match G::arbitrary_action(&mut u) {
                Ok(a) => a,
                Err(_) => break,
            },
            0xf0..=0xf7 if !seen.is_empty() => {
                seen[u.choose_index(seen.len()).unwrap_or(0)].clone()
            }
            _ => {
                let total = G::num_distinct_actions(&config);
                let id = u.int_in_range(0..=total + 1).unwrap_or(0);
                let seat = Seat(u.int_in_range(0..=seats).unwrap_or(0));
                check_id::<G>(&config, seats, seat, id);
                match G::action_from_id(&config, seat, id) {
                    Some(a) => a,
                    None => continue,
                }
            }
        };
        let listed = legal.contains(&action);
        if let Some(next) = check_action(&state, &action, listed) {
            state = next;
            accepted += 1;
            if accepted.is_multiple_of(RELOAD_EVERY) {
                check_reload(&state);
            }
        }
        if seen.len() < 256 {
            seen.extend(legal.into_iter().take(4));
        }
    }
    let legal = check_state(&state, &mut dice);
    if id_space_due(&state, &mut dice) {
        check_id_space(&state, &legal, &mut dice);
    }
}

/// Plays up to `steps` random actions from `state`, checking all the laws at every state met
/// (its reload included), and those over the whole id space at the first when due
/// ([`check_id_space`], [`id_space_due`]: a loaded or rebuilt state is where an unlisted action
/// would hide). At every state it also
/// tries [`PROBES`] other listed actions, whose next states must reload too, and as many
/// actions that arbitrary ids decode to (accepted exactly when listed).
pub fn play_out<G: Subject>(mut state: G, steps: usize, dice: &mut Dice) {
    trace!("play-out of {steps} steps from the state\n{state}");
    let config = state.config().clone();
    let total = G::num_distinct_actions(&config);
    for step in 0..=steps {
        let legal = check_state(&state, dice);
        if step == 0 && id_space_due(&state, dice) {
            check_id_space(&state, &legal, dice);
        }
        if step == steps {
            return;
        }
        for _ in 0..PROBES {
            if let Some(a) = legal.get(dice.index(legal.len().max(1))) {
                let next = check_action(&state, a, true).expect("checked above");
                check_reload(&next);
            }
            let id = dice.index(total.max(1));
            let seat = Seat(dice.below(u32::from(state.seats())) as u8);
            if let Some(a) = G::action_from_id(&config, seat, id) {
                check_action(&state, &a, legal.contains(&a));
            }
        }
        let action = match state.turn() {
            Turn::Over => return,
            Turn::Chance => state
                .sample_chance(dice)
                .expect("no outcome at a chance node"),
            _ => legal[dice.index(legal.len())].clone(),
        };
        trace!(" played:");
        state = check_action(&state, &action, true).expect("checked above");
    }
}

/// A real state: `steps` actions into a seeded random game of `config` (fewer if it ends).
pub(crate) fn real_state<G: Game>(config: &G::Config, seed: u64, steps: usize) -> Option<Match<G>> {
    let mut game: Match<G> = Match::new(config.clone(), seed).ok()?;
    let mut choices = Dice::from_seed(seed.rotate_left(17) ^ 0x5eed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        match game.state().turn() {
            Turn::Over => break,
            Turn::Chance => {
                game.resolve_chance().ok()?;
            }
            turn => {
                let seat = deciding(turn).first()?;
                game.state().legal_actions_for(seat, &mut legal);
                let a = legal.get(choices.index(legal.len().max(1)))?.clone();
                game.apply(a).ok()?;
            }
        }
    }
    Some(game)
}

/// A real state chosen by the input: a standard config, a seed and how far to play.
pub(crate) fn chosen_game<G: Subject>(u: &mut Unstructured<'_>) -> Option<Match<G>> {
    let seats = u.int_in_range(*G::SEATS.start()..=*G::SEATS.end()).ok()?;
    let seed: u64 = u.arbitrary().ok()?;
    let steps = usize::from(u.arbitrary::<u16>().ok()? % 1024);
    let config = G::standard_config(seats, seed).ok()?;
    real_state(&config, seed, steps)
}

/// The states target. An input starting with `{` is a saved state's JSON text; any other
/// input chooses a real state (standard config, seed, how far into a random game) and up to
/// eight structured mutations of its JSON ([`mutate`]). Every state that loads keeps the laws
/// along a random play-out of [`PLAY_OUT`] steps.
pub fn states<G: Subject>(data: &[u8]) {
    let mut dice = Dice::from_seed(data.len() as u64);
    if data.first() == Some(&b'{') {
        load_and_play::<G>(&String::from_utf8_lossy(data), &mut dice);
        return;
    }
    let mut u = Unstructured::new(data.get(1..).unwrap_or_default());
    let Some(game) = chosen_game::<G>(&mut u) else {
        return;
    };
    let mut value = serde_json::to_value(game.state()).expect("a state does not serialise");
    let Ok(n) = u.int_in_range(1..=8) else { return };
    for _ in 0..n {
        if mutate::mutate(&mut value, &mut u).is_err() {
            break;
        }
    }
    load_and_play::<G>(&value.to_string(), &mut dice);
}

/// Loads a saved state from `text` and, if it loads, plays it out checking the laws.
fn load_and_play<G: Subject>(text: &str, dice: &mut Dice) {
    let loaded = serde_json::from_str::<G>(text);
    trace!(
        "loading the state {text}\n: {}",
        loaded
            .as_ref()
            .map_or_else(|e| e.to_string(), |_| "loaded".into())
    );
    if let Ok(state) = loaded {
        play_out(state, PLAY_OUT, dice);
    }
}

/// A value's JSON text, for tracing.
pub(crate) fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("(no JSON: {e})"))
}
