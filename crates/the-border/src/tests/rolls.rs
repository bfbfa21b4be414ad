//! The active player's rolls: up to three, stopping early.

use super::*;

#[test]
fn the_active_player_rolls_up_to_three_times() {
    let mut s = new(2);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.chance_outcomes().len(), 252);
    let total = Probability::sum(s.chance_outcomes().iter().map(|(_, p)| *p));
    assert_eq!(total, Some(Probability::ONE));
    apply(&mut s, Action::Roll(ds(&[Grey, Grey, Red, Blue, Orange])));
    assert_eq!((s.turn(), s.rolls()), (Turn::Seat(Seat(0)), 1));
    // Every non-empty part of the dice may be re-rolled, or none (stop).
    let mut acts = Vec::new();
    s.legal_actions(&mut acts);
    assert_eq!(acts.len(), 3 * 2 * 2 * 2 - 1 + 1);
    apply(
        &mut s,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Red, Blue]),
        },
    );
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.chance_outcomes().len(), 21);
    apply(&mut s, Action::Roll(ds(&[Green, Green])));
    assert_eq!(s.dice(), ds(&[Grey, Grey, Green, Green, Orange]));
    // Dice kept before may be re-rolled now.
    apply(
        &mut s,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Grey, Orange]),
        },
    );
    apply(&mut s, Action::Roll(ds(&[Yellow, Yellow])));
    assert_eq!(s.rolls(), 3);
    // After the third roll there is no more re-rolling.
    assert!(matches!(s.phase(), Phase::Crossing | Phase::Others));
    refused(
        &s,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Yellow]),
        },
        Error::NotRolling,
    );
}

#[test]
fn stopping_early_moves_on_to_action_1() {
    let mut s = new(2);
    apply(&mut s, Action::Roll(ds(&[Grey, Grey, Grey, Red, Blue])));
    apply(&mut s, Action::Stop(Seat(0)));
    assert_eq!(s.rolls(), 1);
    assert_eq!(s.phase(), Phase::Crossing);
}

/// At the deciding point every roll of five dice lists `Stop`, then each part of the dice that
/// may be re-rolled in [`crate::dice::rerolls`]'s order, and `sample_action` draws what picking
/// from that list draws: the per-roll table kept for speed agrees with the rule for all 252
/// rolls, the rare ones included (cargo-mutants: a table emptied for one roll went unnoticed).
#[test]
fn every_roll_of_five_offers_stop_and_each_part_to_reroll() {
    let mut scratch = Vec::new();
    for &(roll, _) in crate::dice::roll_table(crate::dice::DICE) {
        let mut s = new(2);
        apply(&mut s, Action::Roll(roll));
        assert_eq!(s.turn(), Turn::Seat(Seat(0)));
        let mut listed = Vec::new();
        s.legal_actions(&mut listed);
        let parts = crate::dice::rerolls(roll).expect("five dice have parts");
        let mut expected = vec![Action::Stop(Seat(0))];
        expected.extend(parts.iter().map(|&dice| Action::Reroll {
            seat: Seat(0),
            dice,
        }));
        assert_eq!(listed, expected, "{roll:?}");
        for seed in 0..4 {
            let (mut drawn, mut picked) = (Dice::from_seed(seed), Dice::from_seed(seed));
            let action = s.sample_action(Seat(0), &mut drawn, &mut scratch);
            assert_eq!(action, Some(listed[picked.index(listed.len())]), "{roll:?}");
            assert_eq!(drawn, picked);
        }
    }
}
