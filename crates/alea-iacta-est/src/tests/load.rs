//! The loader's refusals, one test per reason: positions met in seeded random games, changed
//! by hand into positions that could not arise in play. The first three are the states the
//! fuzzing campaign of issue 14 found accepted. The Senatus and the Templum have their own
//! files.

mod senatus;
mod templum;

use crate::state::{Phase, State};
use crate::{Error, PositionError as P};
use dicecore::strategy::Plays;
use dicecore::Seat;

/// The first state of the seeded random games of `seats` players (dicecore's strategies) for
/// which `pred` holds.
fn find(seats: u8, pred: impl Fn(&State) -> bool) -> State {
    let plays = Plays::<State>::new().seats(seats..=seats).unwrap();
    let found = plays.find_state(500, pred).unwrap();
    let s = found
        .unwrap_or_else(|| panic!("no state of {seats} players found"))
        .into_state();
    assert_eq!(s.clone().checked(), Ok(s.clone()), "a real state loads");
    s
}

/// The position is refused for `why`, by the loader and through JSON.
fn refused(s: &State, why: P) {
    assert_eq!(s.clone().checked(), Err(Error::Position(why.clone())));
    let json = serde_json::to_string(s).unwrap();
    let e = serde_json::from_str::<State>(&json)
        .unwrap_err()
        .to_string();
    assert!(e.contains(&why.to_string()), "{e}");
}

fn placing(s: &State) -> bool {
    s.phase == Phase::Place && s.selected.is_empty()
}

/// Issue 14 (a): a die of seat 0 left in the Castrum while the Forum is evaluated. The engine
/// would hand it back on top of 8 dice in the next round.
#[test]
fn dice_in_an_evaluated_building() {
    let mut s = find(4, |s| matches!(s.phase, Phase::TakePatrician { .. }));
    s.castrum[0][0] = 1;
    refused(&s, P::EvaluatedBuildingHoldsDice("Castrum"));
    let mut s = find(4, |s| matches!(s.phase, Phase::DrawSenate { .. }));
    s.temple_dice[0] = 1;
    s.temple_pips[0] = 1;
    refused(&s, P::EvaluatedBuildingHoldsDice("Templum"));
    let mut s = find(4, |s| matches!(s.phase, Phase::TakeProvince { .. }));
    // "The first takes their dice back ... Dice of players without a card go to the Latrina":
    // no straight is left once the Senatus is evaluated.
    s.straights[0] = crate::state::Straight { low: 3, len: 1 };
    refused(&s, P::EvaluatedBuildingHoldsDice("Senatus"));
    let mut s = find(3, |s| s.phase == Phase::RevealProvinces && s.round == 1);
    s.hand[0] = 7;
    s.latrina[0] = 1;
    refused(&s, P::EvaluatedBuildingHoldsDice("Latrina"));
    // "From the leftmost die, its owner takes it back": a 4 of seat 0 left in the Forum after
    // its evaluation.
    let mut s = find(3, |s| s.phase == Phase::RevealProvinces && s.round == 1);
    s.hand[0] = 7;
    s.forum[0] = 4;
    s.forum_len = 1;
    refused(&s, P::EvaluatedBuildingHoldsDice("Forum"));
}

/// Issue 14 (b): a seat listed twice among the senate recipients.
#[test]
fn senate_recipients_listed_twice() {
    let mut s = find(5, |s| {
        matches!(s.phase, Phase::KeepSenate { .. }) && s.senate_order_len == 3
    });
    s.senate_order = [2, 4, 4];
    s.senate_step = 0;
    s.phase = Phase::KeepSenate { seat: Seat(2) };
    refused(&s, P::SenateOrder(3));
    let mut s = find(4, |s| matches!(s.phase, Phase::DrawSenate { .. }));
    s.senate_order[s.senate_order_len as usize] = s.senate_order[0];
    s.senate_order_len += 1;
    refused(&s, P::SenateOrder(2));
}

/// Issue 14 (c): who has seen a card under the senate deck disagrees with the passes (the
/// first recipient cannot have seen which card the second put there).
#[test]
fn seen_masks_that_disagree_with_the_passes() {
    let mut s = find(4, |s| {
        s.passes[..s.passes_len as usize]
            .iter()
            .any(|r| r.other >= crate::state::UNDER_DECK)
    });
    let r = s.passes[..s.passes_len as usize]
        .iter()
        .copied()
        .find(|r| r.other >= crate::state::UNDER_DECK)
        .unwrap();
    let i = (r.other - crate::state::UNDER_DECK) as usize;
    s.senate_bottom_seen[i] = 1 << r.from;
    refused(&s, P::BottomSeen(i));
    s.senate_bottom_seen[i] |= 1 << r.to;
    refused(&s, P::BottomSeen(i));
    let mut s = find(2, |s| s.senate_bottom_len > 0);
    s.senate_bottom_seen[0] = 0;
    refused(&s, P::BottomSeen(0));
}

#[test]
fn dice_conserved_per_seat() {
    let mut s = find(4, placing);
    s.latrina[1] += 1;
    refused(
        &s,
        P::DiceCount {
            seat: Seat(1),
            found: 9,
            expected: 8,
        },
    );
    let mut s = find(4, |s| matches!(s.phase, Phase::TakeProvince { .. }));
    s.latrina[2] = 9;
    assert!(matches!(
        s.clone().checked(),
        Err(Error::Position(P::DiceCount { .. }))
    ));
}

/// A change made by hand to a position.
type Change = fn(&mut State);

/// A test of a position.
type Test = fn(&State) -> bool;

/// A seat beyond the table holds nothing: each of its holdings alone is refused.
#[test]
fn refuses_each_holding_at_an_empty_seat() {
    let base = find(3, placing);
    let holdings: [(&str, Change); 12] = [
        ("dice in hand", |s| s.hand[3] = 1),
        ("chips", |s| s.chips[3] = 1),
        ("Templum dice", |s| s.temple_dice[3] = 1),
        ("Templum pips", |s| s.temple_pips[3] = 4),
        ("Fortuna tiles drawn", |s| s.fortuna_drawn[3] = [0, 1, 0]),
        ("Fortuna tiles kept", |s| s.fortuna_kept[3] = [1, 0, 0]),
        ("Fortuna tiles to keep", |s| s.keep_left[3] = 1),
        ("a Senatus straight", |s| {
            s.straights[3] = crate::state::Straight { low: 2, len: 1 }
        }),
        ("a senate card", |s| s.senate_hands[3][0] = 1),
        ("a province", |s| s.provinces[3] = 1),
        ("a patrician", |s| s.patricians[3] = 1),
        ("Latrina dice", |s| s.latrina[3] = 1),
    ];
    for (what, put) in holdings {
        let mut s = base.clone();
        put(&mut s);
        assert_eq!(
            s.clone().checked(),
            Err(Error::Position(P::EmptySeatHolds(Seat(3)))),
            "{what}"
        );
    }
}

/// The player a resting phase waits for sits at the table, in every phase that names one.
#[test]
fn refuses_a_phase_waiting_for_a_seat_beyond_the_table() {
    let cases: [(&str, Test, Change); 4] = [
        (
            "player drawing Fortuna tiles",
            |s| matches!(s.phase, Phase::DrawFortuna { .. }),
            |s| {
                if let Phase::DrawFortuna { seat, .. } = &mut s.phase {
                    *seat = Seat(4);
                }
            },
        ),
        (
            "player keeping a senate card",
            |s| matches!(s.phase, Phase::KeepSenate { .. }),
            |s| s.phase = Phase::KeepSenate { seat: Seat(4) },
        ),
        (
            "player taking a province",
            |s| matches!(s.phase, Phase::TakeProvince { .. }),
            |s| s.phase = Phase::TakeProvince { seat: Seat(4) },
        ),
        (
            "player taking a patrician",
            |s| matches!(s.phase, Phase::TakePatrician { .. }),
            |s| s.phase = Phase::TakePatrician { seat: Seat(4) },
        ),
    ];
    for (role, at, wait_for_seat_4) in cases {
        let mut s = find(4, at);
        wait_for_seat_4(&mut s);
        refused(
            &s,
            P::SeatOffTable {
                role,
                seat: Seat(4),
            },
        );
    }
}

#[test]
fn round_start_and_seats() {
    let mut s = find(3, placing);
    s.round = 6;
    refused(
        &s,
        P::RoundAndEnd {
            rounds: 6,
            round: 6,
        },
    );
    let mut s = find(3, placing);
    s.current = 3;
    refused(
        &s,
        P::SeatOffTable {
            role: "player in turn",
            seat: Seat(3),
        },
    );
    let mut s = find(3, placing);
    s.chips[4] = 1;
    refused(&s, P::EmptySeatHolds(Seat(4)));
    let mut s = find(3, placing);
    s.castrum[2][0] = 4;
    refused(
        &s,
        P::SeatOffTable {
            role: "owner of a Castrum set",
            seat: Seat(3),
        },
    );
    let mut s = find(3, placing);
    s.phase = Phase::EndTurn;
    refused(&s, P::TransientPhase);
    let mut s = find(3, |s| placing(s) && s.round == 2);
    let expected = Seat(s.start);
    s.start = (s.start + 1) % 3;
    refused(
        &s,
        P::StartPlayer {
            round: 3,
            expected,
            found: Seat(s.start),
        },
    );
    let mut s = find(3, |s| matches!(s.phase, Phase::TakeProvince { .. }));
    s.current = (s.start + 1) % 3;
    refused(&s, P::CurrentNotStart);
    let mut s = find(3, placing);
    s.offer[1] = 4;
    refused(&s, P::UnusedEntries("the senate offer"));
    // A mark of who saw a card under the senate deck, past the cards there.
    let mut s = find(3, placing);
    let beyond = usize::from(s.senate_bottom_len);
    s.senate_bottom_seen[beyond] = 1;
    refused(&s, P::UnusedEntries("the cards under the senate deck"));
}

/// Dice are selected for a re-roll only with a Repete chip to pay for it ("You may spend
/// Repete chips: each chip re-rolls any subset of the dice just rolled", the rules reference,
/// "A round").
#[test]
fn refuses_a_reroll_selection_without_a_chip() {
    let mut s = find(4, |s| placing(s) && s.chips[s.current as usize] == 0);
    let rolled = (1..=6u8).find(|&v| s.roll.count(v) > 0).unwrap();
    s.selected.0[rolled as usize - 1] = 1;
    refused(&s, P::RerollSelection);
}

#[test]
fn rolls_hands_and_passes() {
    let mut s = find(4, placing);
    s.pending = 1;
    refused(&s, P::Roll);
    // "A turn: roll all your unplaced dice": dice rolled, pending or selected outside a turn,
    // each alone.
    let evaluating = find(4, |s| matches!(s.phase, Phase::TakeProvince { .. }));
    let outside: [Change; 3] = [
        |s| s.roll.0[2] = 1,
        |s| s.pending = 1,
        |s| s.selected.0[2] = 1,
    ];
    for put in outside {
        let mut s = evaluating.clone();
        put(&mut s);
        refused(&s, P::Roll);
    }
    let mut s = find(4, |s| {
        placing(s) && s.chips[s.current as usize] > 0 && s.roll.0.contains(&0)
    });
    let missing = (1..=6u8).find(|&v| s.roll.count(v) == 0).unwrap();
    s.selected.0[missing as usize - 1] = 1;
    refused(&s, P::RerollSelection);
    let mut s = find(4, |s| s.phase == Phase::RevealPatricians);
    s.hand[1] = 7;
    s.latrina[1] = 1;
    refused(&s, P::EvaluatedBuildingHoldsDice("Latrina"));
    let mut s = find(4, |s| matches!(s.phase, Phase::TakePatrician { .. }));
    s.hand[1] = 1;
    refused(
        &s,
        P::HandOutsideTurns {
            seat: Seat(1),
            dice: 1,
        },
    );
    // The start player has had a turn but holds all 8 dice: their lone Castrum die goes back.
    let mut s = find(4, |s| {
        let p = s.start as usize;
        placing(s)
            && s.current != s.start
            && s.hand[p] == 7
            && s.castrum.iter().any(|row| row[0] == p as u8 + 1)
    });
    let p = s.start as usize;
    for row in s.castrum.iter_mut() {
        if row[0] == p as u8 + 1 {
            row[0] = 0;
            break;
        }
    }
    s.hand[p] = 8;
    refused(&s, P::HandAfterTurn(Seat(p as u8)));
    let mut s = find(4, placing);
    s.last_pass = !s.last_pass;
    refused(&s, P::LastPass);
}

#[test]
fn choosers_and_reveals() {
    let mut s = find(4, |s| matches!(s.phase, Phase::TakeProvince { .. }));
    let Phase::TakeProvince { seat } = s.phase else {
        unreachable!()
    };
    s.phase = Phase::TakeProvince {
        seat: Seat((seat.0 + 1) % 4),
    };
    refused(&s, P::ProvinceChooser);
    let mut s = find(4, |s| matches!(s.phase, Phase::TakePatrician { .. }));
    let Phase::TakePatrician { seat } = s.phase else {
        unreachable!()
    };
    let other = (0..4u8).find(|&p| p != seat.0).unwrap();
    s.phase = Phase::TakePatrician { seat: Seat(other) };
    refused(&s, P::PatricianChooser);
    // "the patrician chooser the leftmost Forum die": another player is refused even with a
    // patrician shown for every die left in the Forum.
    let mut s = find(4, |s| {
        matches!(s.phase, Phase::TakePatrician { .. })
            && s.patricians_shown.count_ones() >= u32::from(s.forum_len)
    });
    s.phase = Phase::TakePatrician {
        seat: Seat(((s.forum[0] >> 4) + 1) % 4),
    };
    refused(&s, P::PatricianChooser);
    // "provinces and patricians: each in one place": a patrician both in the stack and in a
    // hand, or both shown and in a hand, is refused.
    let mut s = find(4, placing);
    s.patricians[1] |= s.patrician_stack & s.patrician_stack.wrapping_neg();
    refused(&s, P::ComponentPlace("patrician"));
    let mut s = find(4, |s| matches!(s.phase, Phase::TakePatrician { .. }));
    s.patricians[1] |= s.patricians_shown & s.patricians_shown.wrapping_neg();
    refused(&s, P::ComponentPlace("patrician"));
    // "exactly one province per player and one patrician per Forum column revealed each
    // round" (six columns with four players): while either is revealed, one more is refused.
    let provinces = find(4, |s| {
        s.phase == Phase::RevealProvinces && s.provinces_shown.count_ones() == 3
    });
    let patricians = find(4, |s| {
        s.phase == Phase::RevealPatricians && s.patricians_shown.count_ones() == 5
    });
    // The lowest card or tile of a stack turned up among those shown.
    let turn_up = |stack: u64, shown: u64| {
        let bit = stack & stack.wrapping_neg();
        (stack & !bit, shown | bit)
    };
    let mut s = provinces;
    let (stack, shown) = turn_up(s.province_stack.into(), s.provinces_shown.into());
    (s.province_stack, s.provinces_shown) = (stack as u32, shown as u32);
    refused(&s, P::Revealed("provinces"));
    let mut s = patricians;
    (s.patrician_stack, s.patricians_shown) = turn_up(s.patrician_stack, s.patricians_shown);
    refused(&s, P::Revealed("patricians"));
    let mut s = find(4, |s| placing(s) && s.forum_len >= 2);
    s.forum.swap(0, 1);
    if s.forum[0] & 15 == s.forum[1] & 15 {
        s.forum[0] = (s.forum[0] & !15) | 6;
    }
    refused(&s, P::Forum);
    let mut s = find(4, placing);
    s.provinces[0] |= s.provinces_shown & s.provinces_shown.wrapping_neg();
    refused(&s, P::ComponentPlace("province"));
    let mut s = find(4, placing);
    let t = s.patrician_stack.trailing_zeros();
    s.patrician_stack &= !(1 << t);
    s.patricians[1] |= 1 << t;
    refused(&s, P::Revealed("patricians"));
    let mut s = find(4, placing);
    let t = s.province_stack.trailing_zeros();
    s.province_stack &= !(1 << t);
    refused(&s, P::Revealed("provinces"));
}

#[test]
fn repete_chips() {
    let mut s = find(4, |s| placing(s) && s.round == 1);
    s.chips[0] = 9;
    refused(&s, P::Chips(Seat(0)));
    let mut s = find(5, |s| placing(s) && s.round == 4);
    for p in 0..5 {
        s.chips[p] = 7;
    }
    assert_eq!(s.clone().checked(), Ok(s.clone()), "no limit by default");
    s.config.repete_supply_limit = true;
    refused(&s, P::ChipSupply);
}
