//! The Templum keep is a simultaneous turn: the tiles a player chooses stay face down until
//! every chooser has chosen (issue 28, "one meaning of a simultaneous turn").
//!
//! The rules reference, "Evaluation at round end", 1: "the player with most dice there keeps 2
//! of the Fortuna tiles drawn this round, every other player there keeps 1 (each chooses) …
//! Other drawn tiles go face up to a discard pile"; and "Hidden: drawn Fortuna tiles until kept
//! (values)". The choices are made together, so none is shown before all are made.

use alea_iacta_est::{Action, Config, Moment, PlayerSetup, State};
use dicecore::{Encode, FromSetup, Game, Seat, Turn};

/// Round 1 of a 4-player game at the Templum keep: seat 0 leads the Templum with three dice
/// and keeps 2 of its tiles 1, 2, 3; seat 1 (two dice) keeps 1 of its 1 and 3; seat 2 (one
/// die) drew one tile and kept it at once. Every other die is in the Latrina.
fn keeping() -> State {
    let config = Config::with_start(4, Seat(0)).unwrap();
    // The round's provinces and patricians, revealed by chance.
    let mut round = dicecore::Match::<State>::new(config.clone(), 7).unwrap();
    while round.state().turn() == Turn::Chance {
        round.resolve_chance().unwrap();
    }
    let mut setup = round.state().to_setup();
    setup.moment = Moment::KeepFortuna {
        to_keep: vec![2, 1, 0, 0],
    };
    let player = |templum: Vec<u8>, drawn: Vec<u8>, kept: Vec<u8>| PlayerSetup {
        latrina: 8 - templum.len() as u8,
        templum,
        fortuna_drawn: drawn,
        fortuna_kept: kept,
        ..PlayerSetup::default()
    };
    setup.players = vec![
        player(vec![6, 6, 6], vec![1, 2, 3], vec![]),
        player(vec![5, 6], vec![1, 3], vec![]),
        player(vec![2], vec![], vec![2]),
        player(vec![], vec![], vec![]),
    ];
    State::from_setup(&config, &setup).unwrap()
}

fn keep(seat: u8, value: u8) -> Action {
    Action::KeepFortuna {
        seat: Seat(seat),
        value,
    }
}

fn after(state: &State, actions: &[Action]) -> State {
    let mut s = state.clone();
    for a in actions {
        s.apply_in_place(a).unwrap();
    }
    s
}

#[test]
fn another_seats_choice_is_not_shown_until_all_have_chosen() {
    let start = keeping();
    assert_eq!(
        start.turn(),
        Turn::Seats([Seat(0), Seat(1)].into_iter().collect())
    );
    // Whatever seat 0 keeps, seat 1 sees the same table and the same observation.
    let choices = [
        after(&start, &[keep(0, 3)]),
        after(&start, &[keep(0, 1)]),
        after(&start, &[keep(0, 3), keep(0, 2)]),
        after(&start, &[keep(0, 1), keep(0, 2)]),
    ];
    for pair in [(0, 1), (2, 3)] {
        let (a, b) = (&choices[pair.0], &choices[pair.1]);
        assert_eq!(a.view(Seat(1)), b.view(Seat(1)));
        assert_eq!(
            a.observation(Seat(1)),
            b.observation(Seat(1)),
            "the observation tensor hides it too"
        );
        assert_ne!(
            a.view(Seat(0)),
            b.view(Seat(0)),
            "seat 0 sees its own choice"
        );
    }
    // Seat 1 sees three face-down tiles of seat 0 and no tile kept yet, its own choice aside.
    let v = choices[2].view(Seat(1));
    assert_eq!(v.fortuna_drawn_counts[0], 3);
    assert_eq!(v.fortuna_kept[0], [0, 0, 0]);
    assert_eq!(v.fortuna_discard, [0, 0, 0]);
    // Seat 0's own view counts its choices as kept and the rest as still drawn.
    let v = choices[2].view(Seat(0));
    assert_eq!(v.fortuna_kept[0], [0, 1, 1]);
    assert_eq!(v.my_fortuna_drawn, [1, 0, 0]);
}

#[test]
fn the_choices_are_revealed_together_and_the_rest_discarded() {
    let done = after(&keeping(), &[keep(0, 3), keep(1, 1), keep(0, 2)]);
    assert_ne!(done.turn(), Turn::Seats([Seat(0)].into_iter().collect()));
    for seat in 0..4 {
        let v = done.view(Seat(seat));
        assert_eq!(v.fortuna_kept[..3], [[0, 1, 1], [1, 0, 0], [0, 1, 0]]);
        assert_eq!(v.fortuna_discard, [1, 0, 1]);
        assert_eq!(v.fortuna_drawn_counts, [0, 0, 0, 0]);
    }
    assert_eq!(done.fortuna_kept(Seat(0)), [0, 1, 1]);
}

#[test]
fn a_state_with_a_pending_choice_saves_and_loads() {
    let s = after(&keeping(), &[keep(0, 3)]);
    assert_eq!(s.fortuna_chosen(Seat(0)), [0, 0, 1]);
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains("fortuna_chosen"));
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    assert_eq!(State::from_setup(s.config(), &s.to_setup()).unwrap(), s);
    // Without a pending choice the field is left out, as in files written before it existed.
    let json = serde_json::to_string(&keeping()).unwrap();
    assert!(!json.contains("fortuna_chosen"));
    // A choice beyond the quota is no position of play.
    let mut setup = s.to_setup();
    setup.players[1].fortuna_chosen = vec![1, 3];
    setup.players[1].fortuna_drawn = vec![];
    assert!(State::from_setup(s.config(), &setup).is_err());
}

/// A state saved mid-keep by an engine that moved a chosen tile to the kept ones at once
/// (before this change) still loads and ends the keep as it would have.
#[test]
fn a_keep_saved_by_the_older_engine_finishes_the_same() {
    let s = after(&keeping(), &[keep(0, 3)]);
    let mut json: serde_json::Value = serde_json::to_value(&s).unwrap();
    let state = json.as_object_mut().unwrap();
    state.remove("fortuna_chosen");
    state["fortuna_kept"][0] = serde_json::json!([0, 0, 1]);
    let old: State = serde_json::from_value(json).unwrap();
    let rest = [keep(1, 3), keep(0, 2)];
    let (a, b) = (after(&old, &rest), after(&s, &rest));
    assert_eq!(a, b);
    assert_eq!(a.fortuna_kept(Seat(0)), [0, 1, 1]);
    assert_eq!(a.fortuna_kept(Seat(1)), [0, 0, 1]);
}

/// A saved state mid-keep whose keep count is corrupted (past any quota, so large that adding
/// the pending choice would overflow a byte) is refused with an error, never a panic.
#[test]
fn a_corrupted_keep_count_beside_a_pending_choice_is_refused() {
    let s = after(&keeping(), &[keep(0, 3)]);
    let mut json: serde_json::Value = serde_json::to_value(&s).unwrap();
    for bad in [3, 200, 255] {
        *json
            .pointer_mut("/keep_left/0")
            .expect("a saved state keeps each seat's keep count") = serde_json::json!(bad);
        let text = json.to_string();
        assert!(
            serde_json::from_str::<State>(&text).is_err(),
            "keep_left {bad}"
        );
    }
}
