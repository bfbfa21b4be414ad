//! Replays, configs and setups: every one that is accepted gives states that keep the laws.

use crate::play::{check_config, chosen_game, json, play_out, PLAY_OUT};
use crate::{laws, mutate, Subject};
use arbitrary::Unstructured;
use dicecore::{Dice, Replay, ReplayError, Seat};
use serde_json::Value;

/// The records target. The first byte says what the rest is:
/// - `R`: a replay's JSON text; `C`: a config's JSON text; `S`: a setup file's JSON text,
///   `{"config": ..., "setup": ...}` (games with setups);
/// - any other byte (by its value modulo 3): an arbitrary config; a real replay (standard
///   config, seed, how far) with up to four edits (actions removed, inserted, replaced,
///   swapped, cut off, or a mutation of its JSON); a real state's setup with up to eight
///   mutations of its JSON (and maybe of its config's).
///
/// A config that makes a game reloads equal and its initial state keeps the laws along a random
/// play-out; a replay that runs does so from its final state, and one that stops at an action
/// ran every action before it and does not list the refused one; a setup that builds a state
/// gives one that keeps the laws.
pub fn records<G: Subject>(data: &[u8]) {
    let Some((&tag, rest)) = data.split_first() else {
        return;
    };
    let mut dice = Dice::from_seed(data.len() as u64);
    match tag {
        b'R' => {
            if let Ok(replay) = serde_json::from_slice::<Replay<G>>(rest) {
                check_replay(&replay, &mut dice);
            }
        }
        b'C' => {
            if let Ok(config) = serde_json::from_slice::<G::Config>(rest) {
                check_new::<G>(&config, &mut dice);
            }
        }
        b'S' => {
            if let Ok(Value::Object(mut file)) = serde_json::from_slice::<Value>(rest) {
                let (Some(config), Some(setup)) = (file.remove("config"), file.remove("setup"))
                else {
                    return;
                };
                if let Ok(config) = serde_json::from_value::<G::Config>(config) {
                    check_setup_value::<G>(&config, setup, &mut dice);
                }
            }
        }
        _ => {
            let mut u = Unstructured::new(rest);
            match tag % 3 {
                0 => {
                    if let Ok(config) = G::arbitrary_config(&mut u) {
                        check_new::<G>(&config, &mut dice);
                    }
                }
                1 => {
                    let _ = mutated_replay::<G>(&mut u, &mut dice);
                }
                _ => {
                    let _ = mutated_setup::<G>(&mut u, &mut dice);
                }
            }
        }
    }
}

/// A config that makes a game: it reloads equal, the state keeps it, and the initial state
/// keeps the laws along a random play-out.
fn check_new<G: Subject>(config: &G::Config, dice: &mut Dice) {
    let made = G::new(config);
    trace!(
        "a game of the config {}: {}",
        json(config),
        made.as_ref()
            .map_or_else(|e| e.to_string(), |_| "made".into())
    );
    if let Ok(state) = made {
        check_config::<G>(config);
        assert!(
            state.config() == config,
            "the new state does not keep its config"
        );
        play_out(state, PLAY_OUT, dice);
    }
}

/// A replay reloads equal from its JSON; if it runs, its final state keeps the laws; if it
/// stops at an action, the actions before it applied and the state there does not list it.
fn check_replay<G: Subject>(replay: &Replay<G>, dice: &mut Dice) {
    let json = serde_json::to_string(replay).expect("a replay does not serialise");
    let back: Replay<G> = serde_json::from_str(&json).expect("a replay does not reload");
    assert!(back == *replay, "the replay's JSON round trip changes it");
    let ran = replay.run();
    trace!(
        "the replay {json}\n: {}",
        ran.as_ref()
            .map_or_else(|e| e.to_string(), |_| "ran".into())
    );
    match ran {
        Ok(state) => play_out(state, PLAY_OUT, dice),
        Err(ReplayError::Action { index, .. }) => {
            let mut state = G::new(&replay.config).expect("the replay's config was accepted");
            for a in &replay.actions[..index] {
                state
                    .apply_in_place(a)
                    .expect("an action before the refused one fails");
            }
            let legal = laws::check_state(&state, dice);
            let refused = &replay.actions[index];
            assert!(
                !legal.contains(refused),
                "the replay refused the listed action {refused}"
            );
            laws::check_action(&state, refused, false);
        }
        Err(_) => {}
    }
}

/// A config and a setup read from JSON: a state built from them keeps the laws.
fn check_setup_value<G: Subject>(config: &G::Config, setup: Value, dice: &mut Dice) {
    trace!("the setup {setup}\nof the config {}", json(config));
    match G::from_setup_value(config, setup) {
        Some(Ok(state)) => play_out(state, PLAY_OUT, dice),
        Some(Err(e)) => trace!(": refused: {e}"),
        None => trace!(": not a setup"),
    }
}

/// An action chosen by the input: arbitrary, or what an arbitrary id decodes to.
fn some_action<G: Subject>(
    u: &mut Unstructured<'_>,
    config: &G::Config,
) -> arbitrary::Result<G::Action> {
    if u.arbitrary()? {
        return G::arbitrary_action(u);
    }
    let id = u.choose_index(G::num_distinct_actions(config).max(1))?;
    let seat = Seat(u.int_in_range(0..=*G::SEATS.end())?);
    G::action_from_id(config, seat, id).ok_or(arbitrary::Error::IncorrectFormat)
}

/// A real replay with up to four edits.
fn mutated_replay<G: Subject>(u: &mut Unstructured<'_>, dice: &mut Dice) -> arbitrary::Result<()> {
    let game = chosen_game::<G>(u).ok_or(arbitrary::Error::IncorrectFormat)?;
    let mut replay = game.replay();
    for _ in 0..u.int_in_range(1..=4)? {
        let n = replay.actions.len();
        let i = u.choose_index(n + 1)?;
        match u.int_in_range(0..=5)? {
            0 if i < n => {
                replay.actions.remove(i);
            }
            1 => {
                let a = some_action::<G>(u, &replay.config)?;
                replay.actions.insert(i, a);
            }
            2 if i < n => replay.actions[i] = some_action::<G>(u, &replay.config)?,
            3 if i < n => {
                let j = u.choose_index(n)?;
                replay.actions.swap(i, j);
            }
            4 => replay.actions.truncate(i),
            _ => {
                let mut value = serde_json::to_value(&replay).expect("a replay serialises");
                mutate::mutate(&mut value, u)?;
                if let Ok(r) = serde_json::from_str(&value.to_string()) {
                    replay = r;
                }
            }
        }
    }
    check_replay(&replay, dice);
    Ok(())
}

/// A real state's setup with up to eight mutations of its JSON, and sometimes of its config's.
fn mutated_setup<G: Subject>(u: &mut Unstructured<'_>, dice: &mut Dice) -> arbitrary::Result<()> {
    let game = chosen_game::<G>(u).ok_or(arbitrary::Error::IncorrectFormat)?;
    let Some(mut setup) = game.state().setup_value() else {
        return Ok(());
    };
    let mut config = game.config().clone();
    if u.ratio(1, 4)? {
        let mut value = serde_json::to_value(&config).expect("a config serialises");
        mutate::mutate(&mut value, u)?;
        config = serde_json::from_str(&value.to_string())
            .map_err(|_| arbitrary::Error::IncorrectFormat)?;
    }
    for _ in 0..u.int_in_range(0..=8)? {
        mutate::mutate(&mut setup, u)?;
    }
    check_setup_value::<G>(&config, setup, dice);
    Ok(())
}
