//! Structured mutations of a real state's (or setup's, replay's) JSON, chosen by fuzzer bytes:
//! the kind of corruption a hand edit or a damaged file makes, while keeping the document
//! well-formed so that it reaches the loader's checks rather than the JSON parser's.

use arbitrary::Unstructured;
use serde_json::Value;

/// Applies one mutation to a node of `value` chosen by the input (nodes counted in document
/// order, the root first):
/// - a number: one more or less, 0, -1, an edge of `u8`/`u16`/`u32`, doubled, or any `i64`;
/// - a flag: flipped;
/// - a string: emptied, replaced by another string of the document, or by arbitrary text;
/// - an array: an element removed, duplicated, moved, or replaced by a copy of a sibling;
///   emptied; reversed;
/// - an object: a field removed, or its value replaced by a copy of another field's;
/// - any node: replaced by a copy of another node of the document (of any kind, at most 64
///   nodes).
pub fn mutate(value: &mut Value, u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let n = count(value);
    let target = u.choose_index(n)?;
    let op: u8 = u.arbitrary()?;
    if op >= 0xf0 {
        let source = nth(value, u.choose_index(n)?).clone();
        // Small subtrees only, so that repeated copies cannot blow the document up.
        if count(&source) <= 64 {
            *nth(value, target) = source;
        }
        return Ok(());
    }
    let strings = if matches!(nth(value, target), Value::String(_)) {
        strings(value)
    } else {
        Vec::new()
    };
    match nth(value, target) {
        Value::Null => *nth(value, target) = Value::from(0),
        Value::Bool(b) => *b = !*b,
        Value::Number(x) => *nth(value, target) = number(x.as_i64().unwrap_or(0), op, u)?,
        Value::String(s) => {
            *s = match op % 3 {
                0 => String::new(),
                1 if !strings.is_empty() => u.choose(&strings)?.clone(),
                _ => u.arbitrary()?,
            }
        }
        Value::Array(a) => array(a, op, u)?,
        Value::Object(o) => {
            if o.is_empty() {
                return Ok(());
            }
            let keys: Vec<String> = o.keys().cloned().collect();
            let key = u.choose(&keys)?;
            if op.is_multiple_of(2) {
                o.remove(key);
            } else {
                let other = o[u.choose(&keys)?].clone();
                o[key] = other;
            }
        }
    }
    Ok(())
}

/// A changed number.
fn number(x: i64, op: u8, u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    Ok(Value::from(match op % 12 {
        0 | 1 => x.saturating_add(1),
        2 | 3 => x.saturating_sub(1),
        4 => 0,
        5 => -1,
        6 => i64::from(u8::MAX) + i64::from(u.arbitrary::<bool>()?),
        7 => i64::from(u16::MAX) + i64::from(u.arbitrary::<bool>()?),
        8 => i64::from(u32::MAX) + i64::from(u.arbitrary::<bool>()?),
        9 => x.saturating_mul(2),
        10 => i64::from(u.arbitrary::<u8>()?),
        _ => u.arbitrary()?,
    }))
}

/// A changed array.
fn array(a: &mut Vec<Value>, op: u8, u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    if a.is_empty() {
        a.push(Value::from(u.arbitrary::<u8>()?));
        return Ok(());
    }
    let i = u.choose_index(a.len())?;
    match op % 7 {
        0 | 1 => {
            a.remove(i);
        }
        2 => a.insert(i, a[i].clone()),
        3 => {
            let v = a.remove(i);
            let j = u.choose_index(a.len() + 1)?;
            a.insert(j, v);
        }
        4 => a[i] = a[u.choose_index(a.len())?].clone(),
        5 => a.clear(),
        _ => a.reverse(),
    }
    Ok(())
}

/// The number of nodes of a document.
fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(o) => o.values().map(count).sum(),
        _ => 0,
    }
}

/// The `i`-th node in document order (the root is node 0); `i` below [`count`].
fn nth(v: &mut Value, i: usize) -> &mut Value {
    if i == 0 {
        return v;
    }
    let mut i = i - 1;
    let children: Vec<&mut Value> = match v {
        Value::Array(a) => a.iter_mut().collect(),
        Value::Object(o) => o.values_mut().collect(),
        _ => unreachable!("node index beyond the document"),
    };
    for child in children {
        let n = count(child);
        if i < n {
            return nth(child, i);
        }
        i -= n;
    }
    unreachable!("node index beyond the document")
}

/// Every string of a document (the names a game uses: terrains, buildings, phases, ...).
fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().flat_map(strings).collect(),
        Value::Object(o) => o.values().flat_map(strings).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_counted_and_found_in_document_order() {
        let mut v: Value = serde_json::json!({"a": [1, {"b": true}], "c": "x"});
        assert_eq!(count(&v), 6);
        assert_eq!(*nth(&mut v, 2), Value::from(1));
        assert_eq!(*nth(&mut v, 4), Value::from(true));
        assert_eq!(*nth(&mut v, 5), Value::from("x"));
    }

    #[test]
    fn mutations_keep_the_document_well_formed() {
        let bytes: Vec<u8> = (0..4000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        let mut v: Value = serde_json::json!({"a": [1, 2, 3], "b": {"c": false, "d": "e"}});
        while mutate(&mut v, &mut u).is_ok() && !u.is_empty() {}
        assert!(serde_json::from_str::<Value>(&v.to_string()).is_ok());
    }
}
