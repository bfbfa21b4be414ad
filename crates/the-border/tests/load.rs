//! The loader accepts only states that could arise in play: copies of real states with one to
//! three numbers or flags changed are either refused or behave like real states, so every
//! state reached from them by legal play reloads equal through JSON.

use dicecore::strategy;
use dicecore::{Dice, Game, Turn};
use proptest::prelude::any;
use proptest::test_runner::{TestCaseError, TestRunner};
use serde_json::Value;
use std::cell::Cell;
use the_border::State;

/// The numbers and flags of a JSON value, in serialisation order.
fn leaves(v: &Value) -> usize {
    match v {
        Value::Number(_) | Value::Bool(_) => 1,
        Value::Array(a) => a.iter().map(leaves).sum(),
        Value::Object(o) => o.values().map(leaves).sum(),
        _ => 0,
    }
}

/// Changes the `target`-th number or flag (counting down) as the conformance suite does.
fn mutate(v: &mut Value, target: &mut usize, choice: u32) -> bool {
    match v {
        Value::Number(num) => {
            if *target > 0 {
                *target -= 1;
                return false;
            }
            let x = num.as_i64().unwrap_or(0);
            let options = [x + 1, x - 1, 0, 255, 65_535, 2 * x + 7, -1];
            *v = Value::from(options[choice as usize % options.len()]);
            true
        }
        Value::Bool(b) => {
            if *target > 0 {
                *target -= 1;
                return false;
            }
            *b = !*b;
            true
        }
        Value::Array(a) => a.iter_mut().any(|x| mutate(x, target, choice)),
        Value::Object(o) => o.values_mut().any(|x| mutate(x, target, choice)),
        _ => false,
    }
}

/// Plays `state` to the end with random legal actions, checking that every state reloads
/// equal through JSON.
fn play_out_reloading(state: &State, dice: &mut Dice) -> Result<(), String> {
    let mut s = state.clone();
    let mut legal = Vec::new();
    for step in 0..5_000 {
        let json = serde_json::to_string(&s).map_err(|e| e.to_string())?;
        let back: State = serde_json::from_str(&json)
            .map_err(|e| format!("after {step} actions the state is refused: {e}\n{s}"))?;
        if back != s {
            return Err(format!("after {step} actions the state reloads different"));
        }
        let action = match s.turn() {
            Turn::Over => return Ok(()),
            Turn::Chance => s.sample_chance(dice).ok_or("no roll at a chance node")?,
            _ => {
                s.legal_actions(&mut legal);
                legal[dice.index(legal.len())]
            }
        };
        s.apply_in_place(&action)
            .map_err(|e| format!("listed action {action} refused: {e}"))?;
    }
    Err("the game did not end".to_string())
}

/// States of random games (drawn by `dicecore::strategy`, so a failure shrinks to the
/// shortest game), each corrupted six times: about as many corruptions as the twelve whole
/// games walked before.
#[test]
fn corrupted_states_that_load_play_on_to_states_that_reload() {
    let (loaded, tried) = (Cell::new(0), Cell::new(0));
    let draws = (strategy::states::<State>(), any::<u64>());
    let mut runner = TestRunner::new(strategy::runner_config(2_000));
    runner
        .run(&draws, |(position, seed)| {
            let mut dice = Dice::from_seed(seed);
            let value = serde_json::to_value(position.state()).unwrap();
            let n = leaves(&value);
            for _ in 0..6 {
                let mut v = value.clone();
                for _ in 0..1 + dice.index(3) {
                    let mut target = dice.index(n);
                    mutate(&mut v, &mut target, dice.below(7));
                }
                tried.set(tried.get() + 1);
                if let Ok(s) = serde_json::from_value::<State>(v) {
                    loaded.set(loaded.get() + 1);
                    play_out_reloading(&s, &mut dice).map_err(|e| {
                        TestCaseError::fail(format!("a corrupted state loaded, then {e}"))
                    })?;
                }
            }
            Ok(())
        })
        .unwrap();
    let (loaded, tried) = (loaded.get(), tried.get());
    println!("{loaded} of {tried} corrupted states loaded and played on");
    assert!(loaded > 0 && loaded < tried, "{loaded} of {tried} loaded");
}
