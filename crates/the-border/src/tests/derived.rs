//! The fields kept up to date incrementally match a fresh derivation along random games.

use super::*;

/// The fields kept incrementally (reach, open segment counts, completed areas, scores, the
/// spaces each seat may cross in action 2) equal their recomputation from the saved fields.
fn assert_derived(s: &State) {
    let mut fresh = s.clone();
    for i in 0..s.seats() as usize {
        fresh.derive(i);
        assert_eq!(s.open_by_colour[i], fresh.open_by_colour[i]);
        assert_eq!(s.can_cross[i], fresh.can_cross[i]);
    }
    for i in 0..s.seats() as usize {
        let board = s.board(Seat(i as u8));
        assert_eq!(s.reach[i], reach_of(board, &s.crossed[i]));
        assert_eq!(s.open[i], open_of(board, &s.crossed[i]));
        let done = board
            .areas()
            .iter()
            .enumerate()
            .filter(|(_, a)| a.border.is_subset(&s.crossed[i]))
            .fold(0u16, |m, (a, _)| m | 1 << a);
        assert_eq!(s.done[i], done);
        assert_eq!(
            s.scores[i],
            s.points[i].iter().map(|&p| p as u16).sum::<u16>()
        );
    }
}

/// The incrementally kept fields equal their definitions in states of random games (drawn
/// by `dicecore::strategy`, so a mismatch shrinks to the shortest game).
#[test]
fn incremental_fields_match_along_random_games() {
    use dicecore::strategy;
    let mut runner = proptest::test_runner::TestRunner::new(strategy::runner_config(1_200));
    runner
        .run(&strategy::states::<State>(), |p| {
            assert_derived(p.state());
            Ok(())
        })
        .unwrap();
}

fn any_action() -> impl proptest::strategy::Strategy<Value = Action> {
    use proptest::prelude::*;
    let seat = (0u8..20).prop_map(Seat);
    let dice = proptest::array::uniform6(0u8..=255).prop_map(DiceSet);
    prop_oneof![
        dice.clone().prop_map(Action::Roll),
        (seat.clone(), dice).prop_map(|(seat, dice)| Action::Reroll { seat, dice }),
        seat.clone().prop_map(Action::Stop),
        (seat.clone(), any::<u8>()).prop_map(|(seat, segment)| Action::Complete { seat, segment }),
        (seat.clone(), any::<u8>()).prop_map(|(seat, space)| Action::Cross { seat, space }),
        seat.prop_map(Action::Done),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 64, failure_persistence: None, ..Default::default() })]
    /// Arbitrary actions at states along random games never panic; refused ones change nothing.
    #[test]
    fn arbitrary_actions_never_panic(
        position in dicecore::strategy::states::<State>(),
        actions in proptest::collection::vec(any_action(), 1..40),
    ) {
        let mut s = position.into_state();
        assert_derived(&s);
        for a in actions {
            let before = s.clone();
            if s.apply_in_place(&a).is_err() {
                proptest::prop_assert_eq!(&s, &before);
            }
            assert_derived(&s);
            let _ = s.to_string();
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 96, failure_persistence: None, ..Default::default() })]
    /// Hand-edited states either fail to load or behave: no panic on listing or applying.
    #[test]
    fn edited_states_load_or_fail_cleanly(
        position in dicecore::strategy::Plays::<State>::new().seats(4..=4).unwrap().states(),
        field in 0usize..14,
        value in 0u64..300,
        index in 0usize..4,
    ) {
        let mut v = serde_json::to_value(position.state()).unwrap();
        let names = [
            "active", "rolls", "pending", "claimed", "claimed_now", "to_act", "phase",
            "dice", "used", "pool", "left", "start", "crossed", "points",
        ];
        let name = names[field];
        let x = serde_json::Value::from(value);
        match &mut v[name] {
            serde_json::Value::Array(items) if !items.is_empty() => {
                let k = index % items.len();
                match &mut items[k] {
                    serde_json::Value::Array(inner) if !inner.is_empty() => {
                        let j = (value as usize) % inner.len();
                        inner[j] = x;
                    }
                    item => *item = x,
                }
            }
            slot => *slot = if name == "phase" { "Others".into() } else { x },
        }
        if let Ok(s) = serde_json::from_value::<State>(v) {
            let mut buf = Vec::new();
            s.legal_actions(&mut buf);
            for a in &buf {
                let _ = s.apply(a);
            }
            let _ = s.to_string();
            let _ = s.outcome();
        }
    }
}
