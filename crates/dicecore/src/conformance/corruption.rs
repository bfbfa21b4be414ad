//! Corrupted saved states: JSON copies of a state with a few numbers or flags changed, as the
//! suite tries them on every state and as each game crate's own loader tests do, and the law
//! a corrupted copy that loads must keep ([`play_out_reloading`]).

use crate::{Dice, Game, Turn};
use serde_json::Value;

/// A copy of `value` with one to three of its numbers or flags changed by [`mutate_leaf`], the
/// leaves and changes drawn from `dice`: the corruption the suite tries on every state, for a
/// crate's own tests of corrupted files. A value without numbers or flags comes back unchanged
/// (and draws nothing).
///
/// ```
/// use dicecore::{conformance::corrupt, Dice};
/// let value = serde_json::json!({ "score": [3, 4], "over": false, "name": "x" });
/// let changed = corrupt(&value, &mut Dice::from_seed(1));
/// assert_ne!(changed, value);
/// assert_eq!(changed["name"], "x");
/// ```
pub fn corrupt(value: &Value, dice: &mut Dice) -> Value {
    let mut corrupted = value.clone();
    let leaves = count_leaves(value);
    if leaves == 0 {
        return corrupted;
    }
    for _ in 0..1 + dice.index(3) {
        let mut target = dice.index(leaves);
        let choice = dice.below(7);
        mutate_leaf(&mut corrupted, &mut target, choice);
    }
    corrupted
}

/// The numbers and flags (JSON booleans) in `v`: the leaves [`mutate_leaf`] can change.
///
/// ```
/// let value = serde_json::json!({ "a": [1, 2, true], "b": "text", "c": null });
/// assert_eq!(dicecore::conformance::count_leaves(&value), 3);
/// ```
pub fn count_leaves(v: &Value) -> usize {
    match v {
        Value::Number(_) | Value::Bool(_) => 1,
        Value::Array(a) => a.iter().map(count_leaves).sum(),
        Value::Object(o) => o.values().map(count_leaves).sum(),
        _ => 0,
    }
}

/// Changes the `target`-th number or flag of `v` (counted from 0 in serialisation order;
/// `target` counts down as leaves are passed) and says whether one was changed. A flag is
/// negated; a number `x` becomes, by `choice % 7`: `x + 1`, `x - 1`, 0, 255, 65,535,
/// `2x + 7` or -1 (saturating).
///
/// ```
/// use dicecore::conformance::mutate_leaf;
/// let mut value = serde_json::json!([5, true, 9]);
/// assert!(mutate_leaf(&mut value, &mut 2, 1));
/// assert_eq!(value, serde_json::json!([5, true, 8]));
/// assert!(mutate_leaf(&mut value, &mut 1, 0));
/// assert_eq!(value, serde_json::json!([5, false, 8]));
/// let mut target = 3;
/// assert!(!mutate_leaf(&mut value, &mut target, 0));
/// assert_eq!(target, 0);
/// ```
pub fn mutate_leaf(v: &mut Value, target: &mut usize, choice: u32) -> bool {
    let leaves = count_leaves(v);
    let Some(leaf) = leaf_mut(v, *target) else {
        *target -= leaves;
        return false;
    };
    *target = 0;
    *leaf = match leaf {
        Value::Bool(b) => Value::Bool(!*b),
        _ => {
            let x = leaf.as_i64().unwrap_or(0);
            let options = [
                x.saturating_add(1),
                x.saturating_sub(1),
                0,
                255,
                65_535,
                x.saturating_mul(2).saturating_add(7),
                -1,
            ];
            Value::from(options[choice as usize % options.len()])
        }
    };
    true
}

/// The `index`-th number or flag of `v` (counted from 0 in serialisation order, as
/// [`count_leaves`] counts them), or `None` past the last: for a crate's own corruption tests
/// that try values of their game (a board's size, a turn limit) beside [`mutate_leaf`]'s.
///
/// ```
/// use dicecore::conformance::leaf_mut;
/// let mut value = serde_json::json!({ "a": [5, "x", true], "b": 9 });
/// *leaf_mut(&mut value, 1).unwrap() = false.into();
/// assert_eq!(value, serde_json::json!({ "a": [5, "x", false], "b": 9 }));
/// assert!(leaf_mut(&mut value, 3).is_none());
/// ```
pub fn leaf_mut(v: &mut Value, index: usize) -> Option<&mut Value> {
    /// Counts `left` down past each leaf until it is the one.
    fn find<'a>(v: &'a mut Value, left: &mut usize) -> Option<&'a mut Value> {
        match v {
            Value::Number(_) | Value::Bool(_) if *left == 0 => Some(v),
            Value::Number(_) | Value::Bool(_) => {
                *left -= 1;
                None
            }
            Value::Array(a) => a.iter_mut().find_map(|x| find(x, left)),
            Value::Object(o) => o.values_mut().find_map(|x| find(x, left)),
            _ => None,
        }
    }
    find(v, &mut { index })
}

/// Plays `state` on to the end with random actions (chance outcomes drawn by
/// [`Game::sample_chance`], decisions from the listed legal actions), checking that every state
/// met, the first and the last included, reloads equal through JSON: a corrupted copy that a
/// loader accepts must be a state that could arise in play. Returns the number of actions
/// played, or what went wrong (with the state); not ending within `max_actions` is an error.
///
/// ```
/// use dicecore::{conformance::play_out_reloading, pig::Pig, Dice, Game};
/// let state = Pig::new(&Pig::standard_config(2, 1).unwrap()).unwrap();
/// let actions = play_out_reloading(&state, &mut Dice::from_seed(1), 10_000).unwrap();
/// assert!(actions > 0);
/// ```
pub fn play_out_reloading<G: Game>(
    state: &G,
    dice: &mut Dice,
    max_actions: usize,
) -> Result<usize, String> {
    let mut s = state.clone();
    let mut legal = Vec::new();
    for step in 0..=max_actions {
        let json = serde_json::to_string(&s).map_err(|e| format!("serialisation: {e}"))?;
        match serde_json::from_str::<G>(&json) {
            Ok(back) if back == s => {}
            Ok(_) => {
                return Err(format!(
                    "after {step} actions the state reloads different\n{s}"
                ))
            }
            Err(e) => {
                return Err(format!(
                    "after {step} actions the state is refused: {e}\n{s}"
                ))
            }
        }
        let action = match s.turn() {
            Turn::Over => return Ok(step),
            Turn::Chance => s.sample_chance(dice),
            Turn::Seat(_) | Turn::Seats(_) => {
                s.legal_actions(&mut legal);
                (!legal.is_empty()).then(|| legal[dice.index(legal.len())].clone())
            }
        };
        let Some(a) = action else {
            return Err(format!("after {step} actions nothing can be played\n{s}"));
        };
        s.apply_in_place(&a)
            .map_err(|e| format!("after {step} actions the listed {a} is refused: {e}\n{s}"))?;
    }
    Err(format!(
        "the game did not end within {max_actions} actions\n{s}"
    ))
}
