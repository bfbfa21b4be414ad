//! The placement rules of each building, with the rulebook's worked examples, and re-rolls.

use super::*;

/// The Temple example: Antonius places a 5 (one tile); Brutus must place exactly two dice
/// beating 5 and places 3+6 = 9 (two tiles); Antonius then adds two dice to his 5 for a total
/// above 9 (two tiles).
#[test]
fn temple_example() {
    let mut s = antonius_places_a_5();
    assert!(matches!(s.phase, Phase::DrawFortuna { left: 1, .. }));
    draw_tiles(&mut s, 2);
    assert_eq!(s.fortuna_drawn[0], [0, 1, 0]);
    roll(&mut s, &[1, 1, 2, 3, 4, 5, 6, 6]);
    refused(&s, templum(1, &[6]), Error::TempleDiceCount { needed: 2 });
    refused(
        &s,
        templum(1, &[1, 4]),
        Error::TempleSumTooLow { to_beat: 5 },
    );
    ok(&mut s, templum(1, &[3, 6]));
    assert_eq!(s.temple(seat(1)), (2, 9));
    draw_tiles(&mut s, 1);
    assert_eq!(s.fortuna_drawn[1], [2, 0, 0]);
    for p in 2..4 {
        roll(&mut s, &[1, 1, 1, 1, 1, 1, 1, 1]);
        ok(&mut s, forum(p, &[1]));
    }
    roll(&mut s, &[2, 2, 3, 3, 4, 6, 6]);
    refused(
        &s,
        templum(0, &[2, 2]),
        Error::TempleSumTooLow { to_beat: 9 },
    );
    refused(
        &s,
        templum(0, &[6, 6, 6]),
        Error::NotRolled(faces(&[6, 6, 6])),
    );
    ok(&mut s, templum(0, &[2, 3]));
    assert_eq!(s.temple(seat(0)), (3, 10));
    assert!(matches!(s.phase, Phase::DrawFortuna { left: 2, .. }));
    draw_tiles(&mut s, 3);
    assert_eq!(s.temple_dice[0], 3);
    assert_eq!(s.temple_pips[0], 10);
    assert_eq!(s.fortuna_drawn[0], [0, 1, 2]);
    // The leader may add again: one die of any value.
    assert_eq!(s.temple_need(0), (1, 10));
    assert_eq!(s.temple_need(1), (2, 10));
}

#[test]
fn templum_not_with_two_or_three_players() {
    let mut s = game(3);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    refused(&s, templum(0, &[6]), Error::NoTemplum);
    assert!(!legal(&s)
        .iter()
        .any(|a| matches!(a, Action::Templum { .. })));
}

/// The Senatus example: Claudius places 3-4-5; nobody may place 3-4-5 again, but 4-5-6 or
/// 3-4-5-6 are fine; Claudius may later extend with a 2.
#[test]
fn senatus_example() {
    let mut s = game(3);
    roll(&mut s, &[1, 3, 4, 5, 5, 6, 6, 6]);
    ok(&mut s, senatus(0, &[3, 4, 5]));
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    refused(&s, senatus(1, &[3, 4, 5]), Error::DuplicateStraight);
    refused(&s, senatus(1, &[3, 5]), Error::NotAStraight);
    refused(&s, senatus(1, &[6, 6]), Error::NotAStraight);
    let l = legal(&s);
    assert!(l.contains(&senatus(1, &[4, 5, 6])));
    assert!(l.contains(&senatus(1, &[3, 4, 5, 6])));
    ok(&mut s, senatus(1, &[4, 5, 6]));
    roll(&mut s, &[1, 1, 1, 1, 1, 1, 1, 1]);
    ok(&mut s, forum(2, &[1]));
    roll(&mut s, &[1, 2, 3, 6, 6]);
    refused(&s, senatus(0, &[1]), Error::NotAnExtension);
    refused(&s, senatus(0, &[3]), Error::NotAnExtension);
    // Both ends at once: 2 and 6 around 3-4-5.
    assert!(legal(&s).contains(&senatus(0, &[1, 2, 6])));
    ok(&mut s, senatus(0, &[2]));
    assert_eq!(s.straights[0], Straight { low: 2, len: 4 });
    // Seat 1 may not extend 4-5-6 to 2-3-4-5-6? It may: that is not identical to 2-3-4-5.
    roll(&mut s, &[2, 3, 3, 3, 3]);
    assert!(legal(&s).contains(&senatus(1, &[2, 3])));
    assert!(legal(&s).contains(&senatus(1, &[3])));
}

/// The Castrum examples: Darius places 4-4-4, Antonius 4-4. Darius, rolling 4-4-5-5, may add
/// one or two 4s to his set or place 5-5, but not both, and not a new 4-4. Antonius may not
/// add a single 4 (it would copy 4-4-4) but may add two.
#[test]
fn castrum_examples() {
    let mut s = game(2);
    roll(&mut s, &[1, 2, 3, 4, 4, 4, 4, 5]);
    let c = |p: u8, value, count, extend| Action::Castrum {
        seat: seat(p),
        value,
        count,
        extend,
    };
    ok(&mut s, c(0, 4, 3, 0));
    roll(&mut s, &[1, 1, 2, 2, 3, 4, 4, 5]);
    ok(&mut s, c(1, 4, 2, 0));
    roll(&mut s, &[4, 4, 5, 5, 6]);
    let l = legal(&s);
    assert!(l.contains(&c(0, 4, 1, 3)));
    assert!(l.contains(&c(0, 4, 2, 3)));
    assert!(l.contains(&c(0, 5, 2, 0)));
    refused(
        &s,
        c(0, 4, 2, 0),
        Error::DuplicateSet { value: 4, count: 2 },
    );
    refused(&s, c(0, 4, 2, 2), Error::NoSuchSet { value: 4, count: 2 });
    refused(&s, c(0, 4, 3, 3), Error::NotRolled(faces(&[4, 4, 4])));
    refused(&s, c(0, 7, 1, 0), Error::NotASet);
    // Reference: "8 dice per player" (docs/rules/alea-iacta-est.md), and a set is one die or
    // more: a set of 0 or of 9 is not a set.
    refused(&s, c(0, 4, 0, 0), Error::NotASet);
    refused(&s, c(0, 4, 9, 0), Error::NotASet);
    ok(&mut s, c(0, 5, 2, 0));
    roll(&mut s, &[1, 4, 4, 6, 6, 6]);
    refused(
        &s,
        c(1, 4, 1, 2),
        Error::DuplicateSet { value: 4, count: 3 },
    );
    assert!(legal(&s).contains(&c(1, 4, 2, 2)));
    // Against 5-5-5: 5-5 or 5-5-5-5, not 5-5-5.
    let mut s = game(2);
    roll(&mut s, &[5, 5, 5, 1, 1, 1, 1, 1]);
    ok(&mut s, c(0, 5, 3, 0));
    roll(&mut s, &[5, 5, 5, 5, 1, 1, 1, 1]);
    assert!(legal(&s).contains(&c(1, 5, 2, 0)));
    assert!(legal(&s).contains(&c(1, 5, 4, 0)));
    refused(
        &s,
        c(1, 5, 3, 0),
        Error::DuplicateSet { value: 5, count: 3 },
    );
}

/// "A player may own several sets but per turn makes one placement: a new set or an extension
/// of one own set with dice of its value. No two sets in the Castrum may ever be identical":
/// holding 4 and 4-4, a player may add to either, but not make a second 4-4.
#[test]
fn castrum_two_sets_of_one_value_each_grow() {
    let mut s = game(2);
    let c = |p: u8, value, count, extend| Action::Castrum {
        seat: seat(p),
        value,
        count,
        extend,
    };
    roll(&mut s, &[4, 1, 2, 3, 5, 6, 6, 6]);
    ok(&mut s, c(0, 4, 1, 0));
    roll(&mut s, &[1, 1, 2, 2, 3, 3, 5, 5]);
    ok(&mut s, c(1, 5, 2, 0));
    roll(&mut s, &[4, 4, 1, 2, 3, 6, 6]);
    ok(&mut s, c(0, 4, 2, 0));
    roll(&mut s, &[1, 1, 2, 2, 3, 3]);
    ok(&mut s, c(1, 1, 2, 0));
    roll(&mut s, &[4, 4, 1, 2, 3]);
    let l = legal(&s);
    assert!(l.contains(&c(0, 4, 2, 2)), "4-4 grown to 4-4-4-4");
    assert!(l.contains(&c(0, 4, 1, 2)), "4-4 grown to 4-4-4");
    assert!(l.contains(&c(0, 4, 2, 1)), "4 grown to 4-4-4");
    assert!(!l.contains(&c(0, 4, 1, 1)), "4 grown to a second 4-4");
}

/// Forum: one die or a pair summing to 5; new dice go left of equal or higher dice; dice
/// pushed past the last column go to the Latrina; a new die may not land past it (flag).
#[test]
fn forum_order_push_out_and_overflow() {
    for allow in [false, true] {
        let mut c = config(2); // 4 columns
        c.forum_allow_direct_overflow = allow;
        let mut s = game_with(&c);
        let f = |p: u8, d: &[u8]| Action::Forum {
            seat: seat(p),
            dice: faces(d),
        };
        roll(&mut s, &[1, 2, 3, 4, 4, 6, 6, 6]);
        refused(&s, f(0, &[1, 2]), Error::ForumDice);
        refused(&s, f(0, &[2, 4]), Error::ForumDice);
        ok(&mut s, f(0, &[4]));
        roll(&mut s, &[1, 2, 3, 4, 4, 6, 6, 6]);
        ok(&mut s, f(1, &[4]));
        assert_eq!(s.forum(), vec![(4, seat(1)), (4, seat(0))]);
        roll(&mut s, &[1, 2, 3, 4, 5, 6, 6]);
        ok(&mut s, f(0, &[2, 3]));
        assert_eq!(
            s.forum(),
            vec![(2, seat(0)), (3, seat(0)), (4, seat(1)), (4, seat(0))]
        );
        roll(&mut s, &[1, 2, 3, 4, 5, 6, 6]);
        // A 6 would land in column 5 of 4.
        if allow {
            assert!(legal(&s).contains(&f(1, &[6])));
            let mut t = s.clone();
            ok(&mut t, f(1, &[6]));
            assert_eq!((t.latrina(seat(0)), t.latrina(seat(1))), (0, 1));
            assert_eq!(t.forum_len, 4);
        } else {
            refused(&s, f(1, &[6]), Error::ForumOverflow);
        }
        // A 1 and a 4 push seat 0's last 4 and seat 1's 4 out.
        ok(&mut s, f(1, &[1, 4]));
        assert_eq!(
            s.forum(),
            vec![(1, seat(1)), (2, seat(0)), (3, seat(0)), (4, seat(1))]
        );
        assert_eq!(s.latrina[0], 1);
        assert_eq!(s.latrina[1], 1);
    }
}

/// The Latrina is legal exactly when no die fits anywhere else.
#[test]
fn latrina_only_when_nothing_else() {
    let mut s = game(2);
    roll(&mut s, &[1, 1, 1, 1, 1, 1, 1, 2]);
    refused(
        &s,
        Action::Latrina { seat: seat(0) },
        Error::LatrinaNotAllowed,
    );
    // Build a position where seat 0's single 2 fits nowhere.
    let mut s = game(2);
    s.hand[0] = 1;
    s.pending = 0;
    s.roll = faces(&[2]);
    s.phase = Phase::Place;
    s.forum = [1 | 1 << 4; 7];
    s.forum_len = 4;
    s.straights[1] = Straight { low: 2, len: 1 };
    s.castrum[1][0] = 2; // seat 1 owns a set of one 2
    assert_eq!(legal(&s), vec![Action::Latrina { seat: seat(0) }]);
    s.apply_in_place(&Action::Latrina { seat: seat(0) })
        .unwrap();
    assert_eq!(s.latrina(seat(0)), 1);
    assert_eq!(s.dice_in_hand(seat(0)), 0);
}

/// Re-rolls: select dice one by one, then spend a chip; the chip re-rolls any subset (or one
/// die with the flag).
#[test]
fn rerolls_both_ways() {
    for one in [false, true] {
        let mut c = config(2);
        c.reroll_one_die_per_chip = one;
        let mut s = game_with(&c);
        roll(&mut s, &[1, 1, 2, 3, 4, 5, 6, 6]);
        refused(
            &s,
            Action::SelectReroll {
                seat: seat(0),
                value: 1,
            },
            Error::NoRepeteChip(seat(0)),
        );
        s.chips[0] = 2;
        refused(&s, Action::Reroll { seat: seat(0) }, Error::EmptyReroll);
        ok(
            &mut s,
            Action::SelectReroll {
                seat: seat(0),
                value: 1,
            },
        );
        refused(&s, forum(0, &[1]), Error::RerollInProgress);
        if one {
            refused(
                &s,
                Action::SelectReroll {
                    seat: seat(0),
                    value: 1,
                },
                Error::OneDiePerChip,
            );
            assert_eq!(legal(&s), vec![Action::Reroll { seat: seat(0) }]);
        } else {
            ok(
                &mut s,
                Action::SelectReroll {
                    seat: seat(0),
                    value: 1,
                },
            );
            refused(
                &s,
                Action::SelectReroll {
                    seat: seat(0),
                    value: 1,
                },
                Error::NotRolled(faces(&[1, 1, 1])),
            );
        }
        ok(&mut s, Action::Reroll { seat: seat(0) });
        assert_eq!(s.chips[0], 1);
        let k = if one { 1 } else { 2 };
        assert_eq!(s.turn(), Turn::Chance);
        assert_eq!(s.pending, k);
        refused(
            &s,
            Action::Roll(faces(&[6, 6, 6])),
            Error::RollSize {
                expected: k,
                found: 3,
            },
        );
        s.apply_in_place(&Action::Roll(
            Faces::from_values(&[6, 6][..k as usize]).unwrap(),
        ))
        .unwrap();
        assert_eq!(s.roll.count(6), 2 + k);
        assert_eq!(s.roll.len(), 8);
    }
}

/// A placement decision's count (`legal_action_count`) is kept until the next action, and
/// `sample_action` then draws from it: the same action as without the count, from the same
/// dice; and an action clears it, so the next decision counts its own choices.
#[test]
fn a_placement_counted_first_is_drawn_as_if_not_counted() {
    let mut counted_places = 0;
    for_each_random_state(64, |s| {
        let Turn::Seat(seat) = s.turn() else { return };
        let mut scratch = Vec::new();
        let counted = s.clone();
        let n = counted.legal_action_count(seat, &mut scratch);
        s.legal_actions_for(seat, &mut scratch);
        assert_eq!(n, scratch.len());
        let placing = matches!(s.phase, Phase::Place) && s.selected.is_empty();
        assert_eq!(counted.choices.get().is_some(), placing);
        counted_places += placing as u32;
        for seed in 0..8 {
            let drawn = |state: &State| {
                state.sample_action(seat, &mut Dice::from_seed(seed), &mut Vec::new())
            };
            assert_eq!(drawn(&counted), drawn(s), "seed {seed}");
        }
        if let Some(action) = counted.sample_action(seat, &mut Dice::from_seed(1), &mut scratch) {
            let mut next = counted.clone();
            next.apply_in_place(&action).unwrap();
            assert!(next.choices.get().is_none(), "kept after {action:?}");
        }
    });
    assert!(counted_places > 0, "no placement decision met");
}

/// The counts a placement decision keeps for `sample_action` read in a debug print: the
/// re-roll selections (one per value rolled, with a chip), the Templum placements and the
/// Senatus, Castrum and Forum placements, which together are the legal actions.
#[test]
fn place_choices_read_in_a_debug_print() {
    let mut s = game(4);
    s.chips[0] = 1;
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    let c = s.place_choices();
    assert_eq!(c.len(), legal(&s).len());
    // Six values rolled: six re-rolls and six Templum placements (one die of each value), and
    // every one of the 21 straights in the Senatus.
    assert_eq!(
        format!("{c:?}"),
        "PlaceChoices { rerolls: 6, templum: 6, sizes: [21, 8, 8] }"
    );
}
