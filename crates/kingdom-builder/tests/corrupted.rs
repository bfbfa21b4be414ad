//! Hand-edited or corrupted serialised states are refused or, when accepted, behave: no input
//! makes the engine panic.
use dicecore::conformance::{corrupt, play_out_reloading};
use dicecore::strategy;
use dicecore::{Game, Turn};
use kingdom_builder::State;
use proptest::prelude::*;
use serde_json::Value;
use std::cell::Cell;

/// Replaces the `pick`-th number found in the JSON tree with `value`.
fn mutate(v: &mut Value, pick: &mut usize, value: i64) -> bool {
    match v {
        Value::Number(_) => {
            if *pick == 0 {
                *v = Value::from(value);
                return true;
            }
            *pick -= 1;
            false
        }
        Value::Array(a) => a.iter_mut().any(|x| mutate(x, pick, value)),
        Value::Object(o) => o.values_mut().any(|x| mutate(x, pick, value)),
        _ => false,
    }
}

/// Replaces the `pick`-th string or null found in the JSON tree with `value`.
fn mutate_word(v: &mut Value, pick: &mut usize, value: &Value) -> bool {
    match v {
        Value::String(_) | Value::Null | Value::Bool(_) => {
            if *pick == 0 {
                *v = value.clone();
                return true;
            }
            *pick -= 1;
            false
        }
        Value::Array(a) => a.iter_mut().any(|x| mutate_word(x, pick, value)),
        Value::Object(o) => o.values_mut().any(|x| mutate_word(x, pick, value)),
        _ => false,
    }
}

const WORDS: [&str; 12] = [
    "Over", "Play", "Deal", "Redraw", "Refill", "Grass", "Desert", "Oracle", "Paddock", "Barn",
    "Lords", "Tavern",
];

fn check(v: Value) -> Result<(), TestCaseError> {
    if let Ok(s) = serde_json::from_value::<State>(v) {
        let mut acts = Vec::new();
        s.legal_actions(&mut acts);
        prop_assert!(s.turn() == Turn::Over || !acts.is_empty());
        for a in acts.iter().take(20) {
            prop_assert!(s.apply(a).is_ok());
        }
        let _ = s.scores();
        let _ = s.to_string();
        let _ = s.to_svg();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn mutated_states_never_panic(
        position in strategy::states::<State>(),
        pick in 0usize..400,
        value in -2i64..450,
    ) {
        let mut v = serde_json::to_value(position.state()).unwrap();
        mutate(&mut v, &mut { pick }, value);
        check(v)?;
    }

    #[test]
    fn mutated_words_never_panic(
        position in strategy::states::<State>(),
        pick in 0usize..40,
        word in 0usize..14,
    ) {
        let mut v = serde_json::to_value(position.state()).unwrap();
        let value = match word {
            12 => Value::Null,
            13 => Value::Bool(true),
            w => Value::from(WORDS[w]),
        };
        mutate_word(&mut v, &mut { pick }, &value);
        check(v)?;
    }
}

/// Corrupted copies of real states (drawn by `dicecore::strategy`, four copies each) that load
/// are positions that could arise in play: played to the end, every state met reloads equal
/// through JSON.
#[test]
fn loaded_corruptions_play_on_and_every_state_reloads() {
    let (loaded, steps) = (Cell::new(0), Cell::new(0));
    let draws = (strategy::states::<State>(), any::<u64>());
    let mut runner = proptest::test_runner::TestRunner::new(strategy::runner_config(500));
    runner
        .run(&draws, |(position, seed)| {
            let mut dice = dicecore::Dice::from_seed(seed);
            let value = serde_json::to_value(position.state()).unwrap();
            for _ in 0..4 {
                let Ok(s) = serde_json::from_value::<State>(corrupt(&value, &mut dice)) else {
                    continue;
                };
                loaded.set(loaded.get() + 1);
                let played =
                    play_out_reloading(&s, &mut dice, 2_000).map_err(TestCaseError::fail)?;
                steps.set(steps.get() + played);
            }
            Ok(())
        })
        .unwrap();
    let (loaded, steps) = (loaded.get(), steps.get());
    assert!(
        loaded >= 20 && steps > 1_000,
        "{loaded} loaded, {steps} steps"
    );
}
