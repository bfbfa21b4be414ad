//! Hand-edited states: mutate one number of a serialised state; the result is either refused
//! on deserialisation or a state the engine plays on without panicking.

use alea_iacta_est::State;
use dicecore::{Agent, Dice, Game, Match, RandomAgent, Seat, Turn};
use serde_json::Value;

fn leaves(v: &Value, path: String, out: &mut Vec<String>) {
    match v {
        Value::Number(_) | Value::Bool(_) => out.push(path),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{path}/{i}"), out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                leaves(x, format!("{path}/{k}"), out);
            }
        }
        _ => {}
    }
}

fn exercise(mut s: State, dice: &mut Dice) {
    let mut buf = Vec::new();
    for _ in 0..40 {
        let _ = s.to_string();
        let _ = s.scores();
        for p in 0..s.seats() {
            let _ = s.view(Seat(p));
            let _ = s.determinize(Seat(p), dice);
        }
        match s.turn() {
            Turn::Over => return,
            Turn::Chance => {
                let _ = s.chance_outcomes();
                let Some(a) = s.sample_chance(dice) else {
                    return;
                };
                if s.apply_in_place(&a).is_err() {
                    return;
                }
            }
            _ => {
                s.legal_actions(&mut buf);
                if buf.is_empty() {
                    return;
                }
                let a = buf[dice.index(buf.len())];
                if s.apply_in_place(&a).is_err() {
                    return;
                }
            }
        }
    }
}

#[test]
fn mutated_states_never_panic() {
    let mut dice = Dice::from_seed(11);
    for seats in 2..=5u8 {
        let mut m: Match<State> = Match::new(State::standard_config(seats, 5).unwrap(), 5).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
            .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
            .collect();
        let mut step = 0;
        while m.step(&mut agents).unwrap().is_some() {
            step += 1;
            if step % 7 != 0 {
                continue;
            }
            let v = serde_json::to_value(m.state()).unwrap();
            let mut paths = Vec::new();
            leaves(&v, String::new(), &mut paths);
            for _ in 0..12 {
                let path = &paths[dice.index(paths.len())];
                let mut w = v.clone();
                let leaf = w.pointer_mut(path).unwrap();
                *leaf = match leaf {
                    Value::Bool(b) => Value::Bool(!*b),
                    _ => Value::from([0u64, 1, 2, 3, 5, 7, 8, 9, 24, 36, 255][dice.index(11)]),
                };
                if let Ok(s) = serde_json::from_value::<State>(w) {
                    exercise(s, &mut dice);
                }
            }
        }
    }
}
