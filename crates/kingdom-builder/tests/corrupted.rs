//! Hand-edited or corrupted serialised states are refused or, when accepted, behave: no input
//! makes the engine panic.
use dicecore::{Agent, Game, Match, RandomAgent, Turn};
use kingdom_builder::State;
use proptest::prelude::*;
use serde_json::Value;

fn sample_states() -> &'static [Value] {
    static STATES: std::sync::OnceLock<Vec<Value>> = std::sync::OnceLock::new();
    STATES.get_or_init(make_states)
}

fn make_states() -> Vec<Value> {
    let mut out = Vec::new();
    for seed in 0..3u64 {
        let seats = 2 + seed as u8;
        let config = State::standard_config(seats, seed).unwrap();
        let mut m: Match<State> = Match::new(config, seed).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
            .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
            .collect();
        let mut k = 0;
        while m.state().turn() != Turn::Over {
            if k % 37 == 0 {
                out.push(serde_json::to_value(m.state()).unwrap());
            }
            m.step(&mut agents).unwrap();
            k += 1;
        }
        out.push(serde_json::to_value(m.state()).unwrap());
    }
    out
}

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
    fn mutated_states_never_panic(which in 0usize..1000, pick in 0usize..400, value in -2i64..450) {
        let states = sample_states();
        let mut v = states[which % states.len()].clone();
        mutate(&mut v, &mut { pick }, value);
        check(v)?;
    }

    #[test]
    fn mutated_words_never_panic(which in 0usize..1000, pick in 0usize..40, word in 0usize..14) {
        let states = sample_states();
        let mut v = states[which % states.len()].clone();
        let value = match word {
            12 => Value::Null,
            13 => Value::Bool(true),
            w => Value::from(WORDS[w]),
        };
        mutate_word(&mut v, &mut { pick }, &value);
        check(v)?;
    }
}
