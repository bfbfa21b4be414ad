//! Hand-edited states: mutate one number of a serialised state; the result is either refused
//! on deserialisation or a state the engine plays on without panicking.

use alea_iacta_est::State;
use dicecore::conformance::{count_leaves, leaf_mut};
use dicecore::strategy;
use dicecore::{Dice, Game, Seat, Turn};
use proptest::prelude::any;
use proptest::test_runner::{TestCaseError, TestRunner};
use serde_json::Value;
use std::cell::Cell;

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

/// States of random games (drawn by `dicecore::strategy`, so a failure shrinks to the
/// shortest game) with one number or flag changed, twelve times each.
#[test]
fn mutated_states_never_panic() {
    let draws = (strategy::states::<State>(), any::<u64>());
    let mut runner = TestRunner::new(strategy::runner_config(220));
    runner
        .run(&draws, |(position, seed)| {
            let mut dice = Dice::from_seed(seed);
            let v = serde_json::to_value(position.state()).unwrap();
            let leaves = count_leaves(&v);
            for _ in 0..12 {
                let mut w = v.clone();
                let leaf = leaf_mut(&mut w, dice.index(leaves)).unwrap();
                *leaf = match leaf {
                    Value::Bool(b) => Value::Bool(!*b),
                    _ => Value::from([0u64, 1, 2, 3, 5, 7, 8, 9, 24, 36, 255][dice.index(11)]),
                };
                if let Ok(s) = serde_json::from_value::<State>(w) {
                    exercise(s, &mut dice);
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Changes one to three numbers or flags of a state's JSON, as the conformance suite's
/// [`corrupt`](dicecore::conformance::corrupt) does, with 1, 2 and 8 (a player's dice) also
/// among the values tried.
fn corrupt(v: &Value, dice: &mut Dice) -> Value {
    let mut w = v.clone();
    let leaves = count_leaves(v);
    for _ in 0..1 + dice.index(3) {
        let leaf = leaf_mut(&mut w, dice.index(leaves)).unwrap();
        *leaf = match leaf {
            Value::Bool(b) => Value::Bool(!*b),
            _ => {
                let x = leaf.as_i64().unwrap_or(0);
                let options = [x + 1, x - 1, 0, 255, 65_535, 2 * x + 7, -1, 1, 2, 8];
                Value::from(options[dice.index(options.len())])
            }
        };
    }
    w
}

/// A state that loads is one that could arise in play: playing it to the end, every state
/// met reloads equal through JSON, and determinising for any seat keeps that seat's view and
/// gives a state that loads too (the determinisations are what this adds to
/// `dicecore::conformance::play_out_reloading`).
fn play_to_the_end(mut s: State, dice: &mut Dice) -> Result<usize, String> {
    let mut buf = Vec::new();
    for step in 0..5_000 {
        let json = serde_json::to_string(&s).unwrap();
        match serde_json::from_str::<State>(&json) {
            Ok(back) if back == s => {}
            Ok(_) => return Err(format!("step {step}: reloads different\n{s}")),
            Err(e) => return Err(format!("step {step}: refused on reload: {e}\n{s}")),
        }
        for p in 0..s.seats() {
            let d = s.determinize(Seat(p), dice);
            if d.view(Seat(p)) != s.view(Seat(p)) {
                return Err(format!(
                    "step {step}: determinize changes seat {p}'s view\n{s}"
                ));
            }
            let json = serde_json::to_string(&d).unwrap();
            if let Err(e) = serde_json::from_str::<State>(&json) {
                return Err(format!(
                    "step {step}: seat {p}'s determinisation refused: {e}\n{s}"
                ));
            }
        }
        let action = match s.turn() {
            Turn::Over => return Ok(step),
            Turn::Chance => s.sample_chance(dice),
            _ => {
                s.legal_actions(&mut buf);
                (!buf.is_empty()).then(|| buf[dice.index(buf.len())])
            }
        };
        let Some(a) = action else {
            return Err(format!("step {step}: nothing to play\n{s}"));
        };
        if let Err(e) = s.apply_in_place(&a) {
            return Err(format!("step {step}: listed action {a} refused: {e}\n{s}"));
        }
    }
    Err("the game did not end".into())
}

/// States of random games (drawn by `dicecore::strategy`), corrupted `AIE_CORRUPTIONS` times
/// each (6 by default): every copy that loads plays on consistently.
#[test]
fn corrupted_states_that_load_play_on_consistently() {
    let corruptions: usize = std::env::var("AIE_CORRUPTIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let (tried, loaded) = (Cell::new(0), Cell::new(0));
    let draws = (strategy::states::<State>(), any::<u64>());
    let mut runner = TestRunner::new(strategy::runner_config(900));
    runner
        .run(&draws, |(position, seed)| {
            let mut dice = Dice::from_seed(seed);
            let v = serde_json::to_value(position.state()).unwrap();
            for _ in 0..corruptions {
                let w = corrupt(&v, &mut dice);
                tried.set(tried.get() + 1);
                if let Ok(s) = serde_json::from_value::<State>(w) {
                    loaded.set(loaded.get() + 1);
                    play_to_the_end(s, &mut dice).map_err(TestCaseError::fail)?;
                }
            }
            Ok(())
        })
        .unwrap();
    let (tried, loaded) = (tried.get(), loaded.get());
    println!("{loaded} of {tried} corrupted states loaded and played on consistently");
    assert!(loaded > 0);
}

/// docs/rules/alea-iacta-est.md, "Round evaluation, in order", 3. Senatus: "Three cards are
/// drawn ... The first recipient keeps one, the second keeps one of the two passed": a recipient
/// holds a card of this evaluation only once it has kept one, so while the cards are being
/// drawn nobody holds one from it yet. A saved state in which a card went from the deck
/// into a hand then could not arise (the corrupted-state test found one that loaded, and whose
/// play then gave that hand a second card in the first round).
#[test]
fn a_senate_card_held_before_the_evaluation_gives_one_is_refused() {
    use alea_iacta_est::{Error, Phase, PositionError};
    let mut found = None;
    'games: for seed in 0..200 {
        let mut dice = Dice::from_seed(seed);
        let mut s = State::new(&State::standard_config(2, seed).unwrap()).unwrap();
        let mut buf = Vec::new();
        while s.turn() != Turn::Over {
            if matches!(s.phase(), Phase::DrawSenate { left: 3 }) && s.round() == 1 {
                found = Some(s);
                break 'games;
            }
            let a = match s.turn() {
                Turn::Chance => s.sample_chance(&mut dice).unwrap(),
                _ => {
                    s.legal_actions(&mut buf);
                    buf[dice.index(buf.len())]
                }
            };
            s.apply_in_place(&a).unwrap();
        }
    }
    let s = found.expect("a first-round Senatus evaluation in 200 games");
    let v = serde_json::to_value(&s).unwrap();
    let kind = (0..v["senate_deck"].as_array().unwrap().len())
        .find(|&k| v["senate_deck"][k].as_u64().unwrap() > 0)
        .unwrap();
    for seat in 0..2 {
        let mut w = v.clone();
        w["senate_deck"][kind] = (v["senate_deck"][kind].as_u64().unwrap() - 1).into();
        w["senate_hands"][seat][kind] = 1.into();
        let e = serde_json::from_value::<State>(w).unwrap_err().to_string();
        let expected = Error::Position(PositionError::SenateHand(Seat(seat as u8)));
        assert!(e.contains(&expected.to_string()), "{e}");
    }
}
