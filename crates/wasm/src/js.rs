//! JavaScript values in and out: arguments read into what [`crate::session::Session`] takes
//! (a wrong type or range is a [`Failure`] with a reason, never a panic), JSON text parsed into
//! JavaScript values, and failures thrown as `Error`s whose `name` is the failure's kind.

use tabula::table::Failure;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What a call of the API throws: a JavaScript `Error` whose `name` is a
/// [`Failure::kind`] and whose `message` is the engine's reason.
pub struct Thrown(JsValue);

impl From<Thrown> for JsValue {
    fn from(thrown: Thrown) -> JsValue {
        thrown.0
    }
}

impl From<Failure> for Thrown {
    fn from(failure: Failure) -> Thrown {
        Thrown(error(&failure))
    }
}

/// The `Error` of a failure: `name` its kind, `message` its reason; a `ReplayError` also
/// has `index` and `action` when an action was refused.
pub fn error(failure: &Failure) -> JsValue {
    let e = js_sys::Error::new(&failure.to_string());
    e.set_name(failure.kind());
    if let Failure::Replay {
        index: Some(index),
        action,
        ..
    } = failure
    {
        let _ = js_sys::Reflect::set(&e, &"index".into(), &JsValue::from_f64(*index as f64));
        if let Some(action) = action {
            let _ = js_sys::Reflect::set(&e, &"action".into(), &JsValue::from_str(action));
        }
    }
    e.into()
}

/// A JavaScript value of JSON text (the engines' own, so it always parses).
pub fn parse(text: &str) -> Result<JsValue, Thrown> {
    js_sys::JSON::parse(text).map_err(|_| {
        Thrown::from(Failure::Internal(
            "a value of the engine is not JSON".to_string(),
        ))
    })
}

/// The largest whole number a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A text argument.
pub fn text_arg(value: &JsValue, what: &str) -> Result<String, Failure> {
    value
        .as_string()
        .ok_or_else(|| Failure::Config(format!("{what} is given as a string of text")))
}

/// A config or state argument: a string is taken as JSON text as it is, an object is written
/// with `JSON.stringify`. `fail` words the refusal.
pub fn json_arg(
    value: &JsValue,
    fail: fn(String) -> Failure,
    what: &str,
) -> Result<String, Failure> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if value.is_object() {
        if let Some(text) = js_sys::JSON::stringify(value)
            .ok()
            .and_then(|s| s.as_string())
        {
            return Ok(text);
        }
    }
    Err(fail(format!("{what} is an object or its JSON text")))
}

/// A whole-number argument: undefined or null is `None`; a number must be whole and exact, a
/// BigInt must fit. `fail` words the refusal.
pub fn int_arg(
    value: &JsValue,
    fail: fn(String) -> Failure,
    what: &str,
) -> Result<Option<i64>, Failure> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if let Some(n) = value.as_f64() {
        if n.fract() == 0.0 && n.abs() <= MAX_SAFE {
            return Ok(Some(n as i64));
        }
        return Err(fail(format!("{what} is a whole number, not {n}")));
    }
    if let Some(big) = value.dyn_ref::<js_sys::BigInt>() {
        let text = big.to_string(10).ok().and_then(|s| s.as_string());
        if let Some(n) = text.as_deref().and_then(|t| t.parse::<i64>().ok()) {
            return Ok(Some(n));
        }
        return Err(fail(format!(
            "{what} is a whole number, not {}",
            text.unwrap_or_default()
        )));
    }
    Err(fail(format!("{what} is a number")))
}

/// A seat number (required).
pub fn seat_arg(value: &JsValue) -> Result<i64, Failure> {
    int_arg(value, Failure::Seat, "a seat")?
        .ok_or_else(|| Failure::Seat("which seat? give its number".to_string()))
}

/// A seed: a whole number from 0 to 2^53 - 1, a BigInt from 0 to 2^64 - 1, or its decimal
/// text; undefined is 0.
pub fn seed_arg(value: &JsValue) -> Result<u64, Failure> {
    let bad = |shown: String| {
        Failure::Config(format!(
            "a seed is a whole number from 0 to 18446744073709551615 (a BigInt past 2^53), not {shown}"
        ))
    };
    if value.is_undefined() || value.is_null() {
        return Ok(0);
    }
    if let Some(n) = value.as_f64() {
        return match n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(&n) {
            true => Ok(n as u64),
            false => Err(bad(n.to_string())),
        };
    }
    let text = match value.dyn_ref::<js_sys::BigInt>() {
        Some(big) => big.to_string(10).ok().and_then(|s| s.as_string()),
        None => value.as_string(),
    };
    let text = text.ok_or_else(|| bad("a value of another type".to_string()))?;
    text.trim()
        .parse::<u64>()
        .map_err(|_| bad(format!("'{text}'")))
}

/// An action argument: an id (with the optional seat) or an object with an `id` (and a
/// `seat`, used when no seat is given).
pub fn action_arg(action: &JsValue, seat: &JsValue) -> Result<(i64, Option<i64>), Failure> {
    let given_seat = int_arg(seat, Failure::Seat, "a seat")?;
    if action.is_object() && !action.is_bigint() {
        let field = |name: &str| js_sys::Reflect::get(action, &name.into()).unwrap_or_default();
        let id = int_arg(&field("id"), Failure::Illegal, "an action's id")?
            .ok_or_else(|| Failure::Illegal("an action has an id".to_string()))?;
        let seat = match given_seat {
            Some(s) => Some(s),
            None => int_arg(&field("seat"), Failure::Seat, "an action's seat")?,
        };
        return Ok((id, seat));
    }
    let id = int_arg(action, Failure::Illegal, "an action")?
        .ok_or_else(|| Failure::Illegal("which action? give an Action or its id".to_string()))?;
    Ok((id, given_seat))
}

/// An array of strings.
pub fn strings_arg(value: &JsValue, what: &str) -> Result<Vec<String>, Failure> {
    let refused = || Failure::Illegal(format!("{what} are given as an array of strings"));
    if !js_sys::Array::is_array(value) {
        return Err(refused());
    }
    js_sys::Array::from(value)
        .iter()
        .map(|v| v.as_string().ok_or_else(refused))
        .collect()
}

/// An array of seat numbers (seats not at the table are left out by the callee).
pub fn seats_arg(value: &JsValue) -> Result<Vec<u8>, Failure> {
    let refused = || Failure::Seat("seats are given as an array of seat numbers".to_string());
    if !js_sys::Array::is_array(value) {
        return Err(refused());
    }
    js_sys::Array::from(value)
        .iter()
        .map(|v| {
            int_arg(&v, Failure::Seat, "a seat")?
                .and_then(|s| u8::try_from(s).ok())
                .ok_or_else(refused)
        })
        .collect()
}
