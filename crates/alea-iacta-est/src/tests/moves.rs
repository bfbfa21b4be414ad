//! The legal actions listed and drawn: generator and validator agree, uniform sampling, the branch-free helpers.

use super::*;

/// Every sub-multiset of `roll`, the empty one included.
fn subsets(roll: Faces) -> Vec<Faces> {
    let mut out = vec![Faces::EMPTY];
    for v in 0..6 {
        let mut next = Vec::new();
        for f in &out {
            for c in 0..=roll.0[v] {
                let mut g = *f;
                g.0[v] = c;
                next.push(g);
            }
        }
        out = next;
    }
    out
}

/// At placements of random games (drawn by `dicecore::strategy`, so a disagreement shrinks to
/// the shortest game), the generated actions are exactly the candidate actions that `apply`
/// accepts (generator and validator agree).
#[test]
fn generated_placements_equal_validated_candidates() {
    use dicecore::strategy;
    use std::collections::BTreeSet;
    let placements = std::cell::Cell::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(strategy::runner_config(600));
    runner
        .run(&strategy::states::<State>(), |p| {
            let s = p.state();
            if s.phase != Phase::Place {
                return Ok(());
            }
            placements.set(placements.get() + 1);
            let st = Seat(s.current);
            let mut cands = Vec::new();
            for d in subsets(s.roll) {
                cands.push(Action::Templum { seat: st, dice: d });
                cands.push(Action::Senatus { seat: st, dice: d });
                cands.push(Action::Forum { seat: st, dice: d });
            }
            for value in 1..=6 {
                for count in 1..=8 {
                    for extend in 0..8 {
                        cands.push(Action::Castrum {
                            seat: st,
                            value,
                            count,
                            extend,
                        });
                    }
                }
                cands.push(Action::SelectReroll { seat: st, value });
            }
            cands.push(Action::Latrina { seat: st });
            cands.push(Action::Reroll { seat: st });
            let ok: BTreeSet<String> = cands
                .iter()
                .filter(|a| s.apply(a).is_ok())
                .map(|a| format!("{a:?}"))
                .collect();
            let listed: BTreeSet<String> = legal(s).iter().map(|a| format!("{a:?}")).collect();
            proptest::prop_assert_eq!(ok, listed);
            Ok(())
        })
        .unwrap();
    assert!(placements.get() > 100, "{} placements", placements.get());
}

/// `sample_action` at a placement draws index `j` of `dice.index(len)`: each index gives a
/// different legal action and together they are exactly the legal actions, so the draw is
/// exactly uniform. Checked on the placements met in seeded random games of every player
/// count, and on the rulebook's Templum example.
#[test]
fn sampled_placements_are_the_legal_actions_one_each() {
    use std::collections::HashSet;
    let check = |s: &State| {
        let choices = s.place_choices();
        let drawn: Vec<Action> = (0..choices.len())
            .map(|j| s.place_choice(&choices, j))
            .collect();
        let listed = legal(s);
        let set: HashSet<Action> = drawn.iter().copied().collect();
        assert_eq!(set.len(), drawn.len(), "an action drawn at two indices");
        assert_eq!(set, listed.iter().copied().collect::<HashSet<_>>());
        assert_eq!(drawn.len(), listed.len());
    };
    let mut met = 0;
    for_each_random_state(1_000, |s| {
        if s.phase == Phase::Place && s.selected.is_empty() {
            check(s);
            met += 1;
        }
    });
    assert!(met > 200, "{met}");
    // The Templum example: Brutus must place exactly two dice beating 5.
    let mut s = antonius_places_a_5();
    draw_tiles(&mut s, 2);
    roll(&mut s, &[1, 2, 3, 3, 4, 5, 6, 6]);
    check(&s);
    let templum = s.templum_placements(1, s.roll);
    assert!(!templum.any(|d| d.len() != 2 || d.pips() <= 5));
    assert_eq!(templum.len(), 13, "pairs of 1-2-3-3-4-5-6-6 above 5");
}

/// The branch-free helpers of the placement listing: the mask of the bytes not zero, and a
/// roll's faces as bits and back.
#[test]
fn byte_masks_and_presence() {
    use crate::components::nonzero_bytes;
    let mut dice = Dice::from_seed(3);
    for _ in 0..20_000 {
        let mut bytes = [0u8; 8];
        for b in &mut bytes {
            *b = if dice.below(3) == 0 {
                0
            } else {
                dice.below(256) as u8
            };
        }
        let want = (0..8).fold(0u8, |m, i| m | ((bytes[i] != 0) as u8) << i);
        assert_eq!(nonzero_bytes(u64::from_le_bytes(bytes)), want, "{bytes:?}");
    }
    assert_eq!(nonzero_bytes(0), 0);
    assert_eq!(nonzero_bytes(u64::MAX), 0xff);
    assert_eq!(nonzero_bytes(0x8000_0000_0000_0001), 0x81);
    for m in 0..64u8 {
        assert_eq!(Faces::from_presence(m).presence(), m);
    }
    assert_eq!(faces(&[1, 1, 3, 6, 6, 6]).presence(), 0b100101);
}

/// A roll is read off one draw below `6^k` as `k` base-6 digits: the table reading agrees
/// with reading the digits one by one, for every draw of every number of dice.
#[test]
fn rolls_read_off_a_draw_digit_by_digit() {
    for k in 1..=8u32 {
        for x in 0..6u32.pow(k) {
            let mut f = Faces::EMPTY;
            let mut y = x;
            for _ in 0..k {
                f.0[(y % 6) as usize] += 1;
                y /= 6;
            }
            assert_eq!(crate::game::faces_of_draw(x, k), f, "{x} of {k} dice");
        }
    }
}

/// The Castrum placements read off the per-value bit lanes are those of the value-by-value
/// enumeration, in the same order: on the placements met in seeded random games, and with a
/// player holding two and three sets of one value.
#[test]
fn castrum_lanes_agree_with_value_by_value() {
    let both = |s: &State, p: usize, roll: Faces| {
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        s.for_each_castrum(p, roll, &mut |a| {
            fast.push(a);
            false
        });
        s.for_each_castrum_by_value(p, roll, &mut |a| {
            slow.push(a);
            false
        });
        assert_eq!(fast, slow, "{roll}");
        fast.len()
    };
    let mut met = 0;
    for_each_random_state(1_000, |s| {
        if s.phase == Phase::Place {
            met += both(s, s.current as usize, s.roll);
        }
    });
    assert!(met > 1000, "{met}");
    let mut s = game(3);
    s.castrum[2] = [2, 1, 2, 0, 2, 0, 0, 0];
    s.castrum[4] = [0, 2, 0, 2, 0, 0, 0, 0];
    for roll in [faces(&[3, 3, 3, 5, 5, 1]), faces(&[3, 5, 5, 5, 5, 5, 5, 5])] {
        assert!(both(&s, 1, roll) > 1);
        assert!(both(&s, 0, roll) > 1);
    }
}
