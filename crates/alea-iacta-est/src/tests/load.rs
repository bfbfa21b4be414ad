//! The loader's refusals, one test per reason: positions met in seeded random games, changed
//! by hand into positions that could not arise in play. The first three are the states the
//! fuzzing campaign of issue 14 found accepted.

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

/// Found by fuzzing (`fuzz/regressions/alea_iacta_est/states/`): Templum pips without Templum
/// dice in a game of 3 players, which no position set up by hand could express.
#[test]
fn templum_pips_without_the_templum() {
    let mut s = find(3, placing);
    s.temple_pips[1] = 1;
    refused(&s, P::TemplumOutOfPlay);
}

/// "Templum (4–5 players)" (the rules reference, "Placement legality"): with two or three
/// players the Templum is not in play, and each sign of it alone is refused (a
/// Fortuna tile out of the stack, pips in the Templum, a die there, tiles to keep, the keep of
/// the Templum's evaluation under way). A draw follows a placement there, so it is refused by
/// the turn first.
#[test]
fn refuses_each_sign_of_the_templum_with_two_or_three_players() {
    fn second_pass(s: &State) -> Option<usize> {
        (0..3).find(|&p| p != s.current as usize && (2..8).contains(&s.hand[p]))
    }
    let later = find(3, |s| placing(s) && second_pass(s).is_some());
    let placing = find(3, placing);
    // The Senatus draw, with the dice its evaluation took back from the recipients' straights
    // put in the Latrina instead: every die is on the table, as at the Templum's evaluation.
    let mut evaluating = find(3, |s| s.phase == Phase::DrawSenate { left: 3 });
    for p in 0..3 {
        let castrum: u8 = (0..6)
            .flat_map(|v| (0..8).map(move |k| (v, k)))
            .filter(|&(v, k)| usize::from(evaluating.castrum[v][k]) == p + 1)
            .map(|(_, k)| k as u8 + 1)
            .sum();
        let forum = evaluating.forum[..usize::from(evaluating.forum_len)]
            .iter()
            .filter(|&&d| usize::from(d >> 4) == p)
            .count() as u8;
        let s = &evaluating;
        let on_table = s.hand[p] + s.straights[p].len + s.latrina[p] + castrum + forum;
        evaluating.latrina[p] += 8 - on_table;
    }
    let signs: [(&str, &State, Change); 5] = [
        ("a tile out of the stack", &placing, |s| {
            s.fortuna_stack[0] -= 1;
            s.fortuna_discard[0] += 1;
        }),
        ("Templum pips", &placing, |s| s.temple_pips[0] = 3),
        ("tiles to keep", &placing, |s| s.keep_left[0] = 1),
        ("a keep", &evaluating, |s| s.phase = Phase::KeepFortuna),
        // A die from the hand of a player who has placed already and is not rolling, put in
        // the Templum without pips: the die alone, not its pips, is the sign.
        ("a die in the Templum", &later, |s| {
            let p = second_pass(s).unwrap();
            s.hand[p] -= 1;
            s.temple_dice[p] = 1;
        }),
    ];
    for (what, base, put) in signs {
        let mut s = base.clone();
        put(&mut s);
        assert_eq!(
            s.clone().checked(),
            Err(Error::Position(P::TemplumOutOfPlay)),
            "{what}"
        );
    }
}

#[test]
fn templum_and_fortuna() {
    let mut s = find(3, placing);
    s.fortuna_stack[0] -= 1;
    s.fortuna_discard[0] += 1;
    refused(&s, P::TemplumOutOfPlay);
    let mut s = find(4, |s| placing(s) && s.temple_dice.iter().any(|&d| d > 0));
    let p = s.temple_dice.iter().position(|&d| d > 0).unwrap();
    s.temple_pips[p] = 6 * s.temple_dice[p] + 1;
    refused(&s, P::TemplePips(Seat(p as u8)));
    // Fewer Templum dice with as many pips as the leader: the leader did not beat them.
    let holders = |s: &State| -> Vec<usize> {
        let mut h: Vec<usize> = (0..4).filter(|&p| s.temple_dice[p] > 0).collect();
        h.sort_by_key(|&p| s.temple_dice[p]);
        h
    };
    let mut s = find(4, |s| {
        let h = holders(s);
        placing(s) && h.len() >= 2 && 6 * s.temple_dice[h[0]] >= s.temple_pips[h[1]]
    });
    let h = holders(&s);
    s.temple_pips[h[0]] = 6 * s.temple_dice[h[0]];
    refused(&s, P::TempleRace);
    // The first placement of a round in the Templum with 2 dice.
    let mut s = find(4, |s| {
        matches!(
            s.phase,
            Phase::DrawFortuna {
                left: 1,
                bonus: false,
                ..
            }
        ) && s.current == s.start
            && s.hand.iter().filter(|&&h| h == 8).count() == 3
    });
    let p = s.current as usize;
    s.temple_dice[p] += 1;
    s.temple_pips[p] += 1;
    s.hand[p] -= 1;
    s.phase = Phase::DrawFortuna {
        seat: Seat(p as u8),
        left: 2,
        bonus: false,
    };
    refused(&s, P::TempleTooFull);
    let mut s = find(4, placing);
    s.fortuna_stack[1] += 1;
    refused(&s, P::FortunaCount);
    let mut s = find(4, |s| {
        placing(s) && s.fortuna_drawn.iter().flatten().any(|&d| d > 0)
    });
    let p = (0..4).find(|&p| s.fortuna_drawn[p] != [0; 3]).unwrap();
    let v = (0..3).find(|&v| s.fortuna_drawn[p][v] > 0).unwrap();
    s.fortuna_drawn[p][v] -= 1;
    s.fortuna_stack[v] += 1;
    refused(&s, P::FortunaDrawn(Seat(p as u8)));
    let mut s = find(4, |s| {
        matches!(s.phase, Phase::DrawFortuna { bonus: false, .. })
    });
    s.phase = Phase::DrawFortuna {
        seat: Seat((s.current + 1) % 4),
        left: 1,
        bonus: false,
    };
    refused(&s, P::FortunaDraw);
    // "P draws one Fortuna tile per new die": a draw of no tile, or of more tiles than a player
    // has dice.
    let drawing = find(4, |s| {
        matches!(s.phase, Phase::DrawFortuna { bonus: false, .. })
    });
    for left in [0, 9] {
        let mut s = drawing.clone();
        if let Phase::DrawFortuna { left: l, .. } = &mut s.phase {
            *l = left;
        }
        refused(&s, P::FortunaDraw);
    }
    // "If only one die was placed there in total, its owner draws one more tile first": the
    // bonus draw is one tile.
    let mut s = find(4, |s| {
        matches!(s.phase, Phase::DrawFortuna { bonus: true, .. })
    });
    if let Phase::DrawFortuna { left, .. } = &mut s.phase {
        *left = 2;
    }
    refused(&s, P::FortunaDraw);
    // "If only one die was placed there in total": the bonus draw is refused to the owner of
    // a lone die once another player holds two dice there (beating it, with two tiles drawn).
    let other_latrina = |s: &State| {
        let Phase::DrawFortuna { seat, .. } = s.phase else {
            return None;
        };
        (0..4).find(|&q| q != seat.index() && s.latrina[q] >= 2)
    };
    let mut s = find(4, |s| {
        matches!(s.phase, Phase::DrawFortuna { bonus: true, .. }) && other_latrina(s).is_some()
    });
    let q = other_latrina(&s).unwrap();
    s.latrina[q] -= 2;
    s.temple_dice[q] = 2;
    s.temple_pips[q] = 12;
    for _ in 0..2 {
        let v = (0..3).find(|&v| s.fortuna_stack[v] > 0).unwrap();
        s.fortuna_stack[v] -= 1;
        s.fortuna_drawn[q][v] += 1;
    }
    refused(&s, P::FortunaDraw);
    // Tiles to keep while no keep is under way.
    let mut s = find(4, |s| {
        placing(s) && s.fortuna_drawn.iter().any(|d| d.iter().sum::<u8>() >= 2)
    });
    let p = (0..4)
        .find(|&p| s.fortuna_drawn[p].iter().sum::<u8>() >= 2)
        .unwrap();
    s.keep_left[p] = 1;
    refused(&s, P::FortunaKeep);
    // "the player with most dice there keeps 2 of the Fortuna tiles drawn this round, every
    // other player there keeps 1": a tile chosen beyond the quota (the quota's tiles still to
    // keep, and one more chosen).
    let over_quota = |s: &State, p: usize| {
        let k = s.keep_left[p];
        k > 0 && s.fortuna_chosen[p] == [0; 3] && s.fortuna_drawn[p].iter().sum::<u8>() >= k + 2
    };
    let mut s = find(4, |s| {
        s.phase == Phase::KeepFortuna && (0..4).any(|p| over_quota(s, p))
    });
    let p = (0..4).find(|&p| over_quota(&s, p)).unwrap();
    let v = (0..3).find(|&v| s.fortuna_drawn[p][v] > 0).unwrap();
    s.fortuna_drawn[p][v] -= 1;
    s.fortuna_chosen[p][v] += 1;
    refused(&s, P::FortunaKeep);
    let mut s = find(4, |s| s.phase == Phase::KeepFortuna);
    let p = (0..4).find(|&p| s.keep_left[p] > 0).unwrap();
    s.keep_left[p] = 3;
    refused(&s, P::FortunaKeep);
    // "keep choices only at the evaluation, within the quota": each choice takes one drawn
    // tile, so a player still to keep holds more drawn tiles than they keep, and one drawn
    // tile per tile to keep (the others discarded) is refused.
    let mut s = find(4, |s| {
        s.phase == Phase::KeepFortuna
            && (0..4).any(|p| {
                s.keep_left[p] > 0 && s.fortuna_drawn[p].iter().sum::<u8>() > s.keep_left[p]
            })
    });
    let p = (0..4).find(|&p| s.keep_left[p] > 0).unwrap();
    while s.fortuna_drawn[p].iter().sum::<u8>() > s.keep_left[p] {
        let v = (0..3).find(|&v| s.fortuna_drawn[p][v] > 0).unwrap();
        s.fortuna_drawn[p][v] -= 1;
        s.fortuna_discard[v] += 1;
    }
    refused(&s, P::FortunaKeep);
    let mut s = find(4, |s| placing(s) && s.round == 0);
    let v = (0..3).find(|&v| s.fortuna_stack[v] > 0).unwrap();
    s.fortuna_stack[v] -= 1;
    s.fortuna_kept[0][v] += 1;
    refused(&s, P::FortunaKept);
}

#[test]
fn senatus_and_senate_cards() {
    let mut s = find(4, |s| placing(s) && s.straights.iter().any(|t| t.len > 0));
    let p = s.straights.iter().position(|t| t.len > 0).unwrap();
    s.straights[p].low = 7;
    refused(&s, P::Straight(Seat(p as u8)));
    // "Senatus: straights of faces 1–6" (the reference's loader rules): one starting at 0 is
    // refused, however short.
    s.straights[p].low = 0;
    refused(&s, P::Straight(Seat(p as u8)));
    let same_length = |s: &State| {
        (0..4).find_map(|a| {
            (a + 1..4)
                .find(|&b| s.straights[a].len > 0 && s.straights[b].len == s.straights[a].len)
                .map(|b| (a, b))
        })
    };
    let mut s = find(4, |s| placing(s) && same_length(s).is_some());
    let (a, b) = same_length(&s).unwrap();
    s.straights[b] = s.straights[a];
    refused(&s, P::DuplicateStraight);
    let mut s = find(4, placing);
    s.senate_deck[0] += 1;
    refused(&s, P::SenateCardCount);
    let mut s = find(4, |s| {
        placing(s) && s.round == 1 && s.senate_hands.iter().any(|h| h.iter().sum::<u8>() == 1)
    });
    let k = (0..18).find(|&k| s.senate_deck[k] > 0).unwrap();
    let p = (0..4)
        .find(|&p| s.senate_hands[p].iter().sum::<u8>() == 1)
        .unwrap();
    s.senate_deck[k] -= 1;
    s.senate_hands[p][k] += 1;
    refused(&s, P::SenateHand(Seat(p as u8)));
    let mut s = find(4, |s| matches!(s.phase, Phase::DrawSenate { .. }));
    s.senate_step = 1;
    refused(&s, P::SenateProgress);
    // "the evaluation's progress (cards drawn and on offer, the chooser, who has seen the
    // offer) matching its phase": outside the Senatus evaluation, each sign of it alone is
    // refused (a recipient listed, a card on offer drawn from the deck, a recipient's step). An evaluation without a recipient
    // drew no card, so the deck has a card to spare both ways (one more may have left it,
    // one fewer still serves the evaluations to come).
    let spare = |s: &State| {
        let count = |cards: &[u8]| cards.iter().map(|&k| u32::from(k)).sum::<u32>();
        let deck = count(&s.senate_deck);
        let out =
            s.senate_hands.iter().map(|h| count(h)).sum::<u32>() + u32::from(s.senate_bottom_len);
        let rounds = u32::from(s.config.rounds());
        let round = u32::from(s.round);
        out < 3 * round && deck > 3 * (rounds - round)
    };
    let outside = find(4, |s| placing(s) && spare(s));
    let signs: [Change; 3] = [
        |s| {
            s.senate_order[0] = 0;
            s.senate_order_len = 1;
        },
        |s| {
            let k = (0..18).find(|&k| s.senate_deck[k] > 0).unwrap();
            s.senate_deck[k] -= 1;
            s.offer[0] = k as u8;
            s.offer_len = 1;
        },
        |s| s.senate_step = 1,
    ];
    for put in signs {
        let mut s = outside.clone();
        put(&mut s);
        refused(&s, P::SenateProgress);
    }
    // "Three cards are drawn": a draw with no card left to draw, the three on offer.
    let mut s = find(4, |s| matches!(s.phase, Phase::DrawSenate { left: 1 }));
    let k = (0..18).find(|&k| s.senate_deck[k] > 0).unwrap();
    s.senate_deck[k] -= 1;
    s.offer[2] = k as u8;
    s.offer_len = 3;
    s.phase = Phase::DrawSenate { left: 0 };
    refused(&s, P::SenateProgress);
    let mut s = find(4, |s| matches!(s.phase, Phase::KeepSenate { .. }));
    s.offer_seen = 0b1111;
    refused(&s, P::OfferSeen);
    let mut s = find(4, |s| matches!(s.phase, Phase::DrawSenate { .. }));
    let deck = s.senate_deck;
    s.senate_deck = [0; 18];
    // Every card of the deck moves under it, seen by one player: nothing left to draw.
    let mut i = s.senate_bottom_len as usize;
    for (k, &c) in deck.iter().enumerate() {
        for _ in 0..c {
            s.senate_bottom[i] = k as u8;
            s.senate_bottom_seen[i] = 1;
            i += 1;
        }
    }
    s.senate_bottom_len = i as u8;
    refused(&s, P::SenateDraw);
}

#[test]
fn the_senate_deck_holds_three_cards_per_evaluation() {
    // Reference: "19 senate cards", and at each Senatus "Three cards are drawn"
    // (docs/rules/alea-iacta-est.md): the deck holds three per round of the game and one to
    // spare. A card moved from the deck under it:
    let under = |s: &mut State| {
        let k = (0..18).find(|&k| s.senate_deck[k] > 0).unwrap();
        s.senate_deck[k] -= 1;
        let i = s.senate_bottom_len as usize;
        s.senate_bottom[i] = k as u8;
        s.senate_bottom_seen[i] = 1;
        s.senate_bottom_len += 1;
    };
    // Before the first evaluation, no card has left the deck.
    let mut s = find(4, |s| s.round == 0 && placing(s));
    under(&mut s);
    refused(&s, P::SenateProgress);
    // Two players, six rounds: as an evaluation begins drawing, the deck keeps three cards
    // for it and each evaluation still to come.
    let s = find(2, |s| matches!(s.phase, Phase::DrawSenate { left: 3 }));
    let deck: u32 = s.senate_deck.iter().map(|&k| k as u32).sum();
    let to_come = 6 - s.round as u32 - 1;
    let spare = deck - 3 * (to_come + 1);
    let mut fits = s.clone();
    for _ in 0..spare {
        under(&mut fits);
    }
    assert_eq!(fits.clone().checked(), Ok(fits.clone()));
    under(&mut fits);
    refused(&fits, P::SenateProgress);
    // Three cards are drawn, so the first recipient chooses among three, the second among
    // two: a card put back into the deck leaves too few on offer.
    let s = find(4, |s| {
        matches!(s.phase, Phase::KeepSenate { .. }) && s.senate_step == 0
    });
    assert_eq!(s.offer_len, 3);
    let mut back = s.clone();
    back.offer_len = 2;
    let k = back.offer[2] as usize;
    back.offer[2] = 0;
    back.senate_deck[k] += 1;
    refused(&back, P::SenateProgress);
    // The choice is the recipient's whose step it is.
    let mut other = s.clone();
    let Phase::KeepSenate { seat } = s.phase else {
        unreachable!()
    };
    other.phase = Phase::KeepSenate {
        seat: Seat((seat.0 + 1) % 4),
    };
    refused(&other, P::SenateProgress);
}

#[test]
fn senate_passes() {
    let find_pass = |under: bool| {
        find(if under { 4 } else { 5 }, move |s| {
            s.passes[..s.passes_len as usize]
                .iter()
                .any(|r| (r.other >= crate::state::UNDER_DECK) == under)
                && placing(s)
        })
    };
    let mut s = find_pass(true);
    s.passes[0].to = s.passes[0].from;
    refused(&s, P::Pass);
    let mut s = find_pass(false);
    let i = s.passes[..s.passes_len as usize]
        .iter()
        .position(|r| r.other < crate::state::UNDER_DECK)
        .unwrap();
    s.passes[i].other = s.passes[i].to;
    refused(&s, P::Pass);
    // "5 players: the third gets the last" card, passed between "different recipients": the
    // third recipient named at a seat beyond the table.
    s.passes[i].other = 5;
    refused(&s, P::Pass);
    // "each card where the pass says": the card passed to the third recipient is no longer in
    // their hand (back in the deck).
    let mut s = find_pass(false);
    let r = s.passes[i];
    s.senate_hands[r.other as usize][r.passed as usize] -= 1;
    s.senate_deck[r.passed as usize] += 1;
    refused(&s, P::PassNotInHand);
    // With two recipients the passed card "goes under the deck": a pass naming a third player
    // is refused.
    let mut s = find_pass(true);
    let r = s.passes[0];
    s.passes[0].other = (0..4).find(|&p| p != r.from && p != r.to).unwrap();
    refused(&s, P::Pass);
    let mut s = find_pass(true);
    let i = s.passes[..s.passes_len as usize]
        .iter()
        .position(|r| r.other >= crate::state::UNDER_DECK)
        .unwrap();
    // A place under the deck beyond the cards there, or beyond the 19 cards of the game.
    for place in [18, 19] {
        s.passes[i].other = crate::state::UNDER_DECK + place;
        refused(&s, P::PassNotUnderDeck);
    }
    let mut s = find_pass(true);
    let to = s.passes[0].to as usize;
    let other = (0..18u8)
        .find(|&k| s.senate_hands[to][k as usize] == 0)
        .unwrap();
    s.passes[0].kept = other;
    refused(&s, P::PassNotInHand);
    // A card under the deck (not the first) claimed by two passes.
    let later_under = |s: &State| {
        s.passes[..s.passes_len as usize]
            .iter()
            .position(|r| r.other > crate::state::UNDER_DECK)
    };
    let mut s = find(4, |s| {
        placing(s) && s.passes_len >= 2 && later_under(s).is_some()
    });
    let i = later_under(&s).unwrap();
    s.passes[(i + 1) % 2] = s.passes[i];
    refused(&s, P::PassNotUnderDeck);
    let mut s = find(4, |s| placing(s) && s.round == 1 && s.passes_len == 1);
    s.passes[1] = s.passes[0];
    s.passes_len = 2;
    refused(&s, P::PassCount);
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
