//! Validated loading: corrupted saved states are refused.

use super::*;

#[test]
fn corrupted_states_are_refused() {
    let mut s = first(2);
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, build(S0, 7, 8));
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("supply", serde_json::json!([40, 40, 0, 0])),
        ("settlements", serde_json::json!([[3], [], [], []])),
        ("occupied", serde_json::json!([])),
        ("pile", serde_json::json!([5, 5, 5, 5, 5])),
        ("active", serde_json::json!(3)),
        ("mandatory_left", serde_json::json!(9)),
        ("tiles_left", serde_json::json!([2, 2, 2, 2, 2, 2, 2, 1])),
        ("held", serde_json::json!([1, 0, 0, 0])),
        ("uses_left", serde_json::json!([0, 0, 0, 0, 0, 0, 0, 3])),
        ("turn_tiles", serde_json::json!(1)),
        ("hand_age", serde_json::json!([0, 0, 1, 0])),
        ("step", serde_json::json!("Over")),
        ("lifted", serde_json::json!(["Oracle", 0])),
    ];
    for (field, bad) in cases {
        let keep = v[field].clone();
        v[field] = bad;
        let r: Result<State, _> = serde_json::from_value(v.clone());
        assert!(r.is_err(), "{field} accepted");
        v[field] = keep;
    }
    v["config"]["seats"] = serde_json::json!(9);
    let r: Result<State, _> = serde_json::from_value(v);
    assert!(r.unwrap_err().to_string().contains("2 to 4 players"));
}
