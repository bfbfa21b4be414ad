//! Rule tests with access to the state's internals: the worked examples of the reference, the
//! placement rules of every building, the round evaluation, and one test per illegal case.

use crate::state::{Phase, State, Straight};
use crate::{Action, Card, Config, Error, Faces, PassedOn, Patrician, Province, SenatePass};
use dicecore::{Dice, Game, Seat, Turn};

fn config(seats: u8) -> Config {
    Config::new(seats, Seat(0)).unwrap()
}

/// A new game with the lowest-numbered provinces and patricians revealed.
fn game_with(c: &Config) -> State {
    let mut s = State::new(c).unwrap();
    let mut buf = Vec::new();
    while matches!(s.phase, Phase::RevealProvinces | Phase::RevealPatricians) {
        s.legal_actions(&mut buf);
        s.apply_in_place(&buf[0]).unwrap();
    }
    assert_eq!(s.phase, Phase::Roll);
    s
}

fn game(seats: u8) -> State {
    game_with(&config(seats))
}

fn faces(v: &[u8]) -> Faces {
    Faces::from_values(v).unwrap()
}

fn roll(s: &mut State, v: &[u8]) {
    s.apply_in_place(&Action::Roll(faces(v))).unwrap();
}

fn legal(s: &State) -> Vec<Action> {
    let mut buf = Vec::new();
    s.legal_actions(&mut buf);
    buf
}

/// The action is refused with `e`, by both `apply` and `apply_in_place`, and nothing changes.
fn refused(s: &State, a: Action, e: Error) {
    assert_eq!(s.apply(&a), Err(e.clone()), "{a}");
    let mut t = s.clone();
    assert_eq!(t.apply_in_place(&a), Err(e));
    assert_eq!(&t, s);
    assert!(!legal(s).contains(&a));
}

fn ok(s: &mut State, a: Action) {
    assert!(legal(s).contains(&a), "{a} not listed");
    s.apply_in_place(&a).unwrap();
}

fn seat(i: u8) -> Seat {
    Seat(i)
}

/// Resolves pending Fortuna draws with tiles of value `v`.
fn draw_tiles(s: &mut State, v: u8) {
    while matches!(s.phase, Phase::DrawFortuna { .. }) {
        s.apply_in_place(&Action::Fortuna(v)).unwrap();
    }
}

#[test]
fn setup_table() {
    for (n, templum, cols, shown, rounds, deck) in [
        (2u8, false, 4u8, 2u32, 6u8, 18u8),
        (3, false, 5, 3, 6, 18),
        (4, true, 6, 4, 5, 19),
        (5, true, 7, 5, 5, 19),
    ] {
        let s = game(n);
        let c = &s.config;
        assert_eq!(c.templum(), templum);
        assert_eq!(c.forum_columns(), cols);
        assert_eq!(s.provinces_shown.count_ones(), shown);
        assert_eq!(s.patricians_shown.count_ones(), cols as u32);
        assert_eq!(c.rounds(), rounds);
        assert_eq!(s.senate_deck.iter().sum::<u8>(), deck);
        assert_eq!(s.senate_deck[Card::ManyFortuna.index()], u8::from(n >= 4));
        assert_eq!(s.fortuna_stack, [8, 14, 8]);
        assert_eq!(s.pending, 8);
    }
}

#[test]
fn roll_outcomes_match_dicecore() {
    let mut s = game(2);
    for k in [1u8, 3, 8] {
        s.pending = k;
        s.hand[0] = k;
        let mine = s.chance_outcomes();
        let theirs = dicecore::chance::roll_outcomes(&dicecore::faces::D6, k as usize);
        assert_eq!(mine.len(), theirs.len());
        for ((a, p), (v, q)) in mine.iter().zip(theirs.iter()) {
            assert_eq!(*a, Action::Roll(faces(v)));
            assert_eq!(p, q);
        }
        let mut buf = Vec::new();
        s.legal_actions(&mut buf);
        assert_eq!(buf, mine.iter().map(|x| x.0).collect::<Vec<_>>());
    }
}

/// The start of the Temple example: Antonius (seat 0) places a 5 in the Templum.
fn antonius_places_a_5() -> State {
    let mut s = game(4);
    roll(&mut s, &[1, 1, 2, 2, 3, 4, 5, 6]);
    ok(
        &mut s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[5]),
        },
    );
    s
}

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
    refused(
        &s,
        Action::Templum {
            seat: seat(1),
            dice: faces(&[6]),
        },
        Error::TempleDiceCount { needed: 2 },
    );
    refused(
        &s,
        Action::Templum {
            seat: seat(1),
            dice: faces(&[1, 4]),
        },
        Error::TempleSumTooLow { to_beat: 5 },
    );
    ok(
        &mut s,
        Action::Templum {
            seat: seat(1),
            dice: faces(&[3, 6]),
        },
    );
    draw_tiles(&mut s, 1);
    assert_eq!(s.fortuna_drawn[1], [2, 0, 0]);
    for p in 2..4 {
        roll(&mut s, &[1, 1, 1, 1, 1, 1, 1, 1]);
        ok(
            &mut s,
            Action::Forum {
                seat: seat(p),
                dice: faces(&[1]),
            },
        );
    }
    roll(&mut s, &[2, 2, 3, 3, 4, 6, 6]);
    refused(
        &s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[2, 2]),
        },
        Error::TempleSumTooLow { to_beat: 9 },
    );
    refused(
        &s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[6, 6, 6]),
        },
        Error::NotRolled(faces(&[6, 6, 6])),
    );
    ok(
        &mut s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[2, 3]),
        },
    );
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
    refused(
        &s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[6]),
        },
        Error::NoTemplum,
    );
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
    ok(
        &mut s,
        Action::Senatus {
            seat: seat(0),
            dice: faces(&[3, 4, 5]),
        },
    );
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    refused(
        &s,
        Action::Senatus {
            seat: seat(1),
            dice: faces(&[3, 4, 5]),
        },
        Error::DuplicateStraight,
    );
    refused(
        &s,
        Action::Senatus {
            seat: seat(1),
            dice: faces(&[3, 5]),
        },
        Error::NotAStraight,
    );
    refused(
        &s,
        Action::Senatus {
            seat: seat(1),
            dice: faces(&[6, 6]),
        },
        Error::NotAStraight,
    );
    let l = legal(&s);
    assert!(l.contains(&Action::Senatus {
        seat: seat(1),
        dice: faces(&[4, 5, 6])
    }));
    assert!(l.contains(&Action::Senatus {
        seat: seat(1),
        dice: faces(&[3, 4, 5, 6])
    }));
    ok(
        &mut s,
        Action::Senatus {
            seat: seat(1),
            dice: faces(&[4, 5, 6]),
        },
    );
    roll(&mut s, &[1, 1, 1, 1, 1, 1, 1, 1]);
    ok(
        &mut s,
        Action::Forum {
            seat: seat(2),
            dice: faces(&[1]),
        },
    );
    roll(&mut s, &[1, 2, 3, 6, 6]);
    refused(
        &s,
        Action::Senatus {
            seat: seat(0),
            dice: faces(&[1]),
        },
        Error::NotAnExtension,
    );
    refused(
        &s,
        Action::Senatus {
            seat: seat(0),
            dice: faces(&[3]),
        },
        Error::NotAnExtension,
    );
    // Both ends at once: 2 and 6 around 3-4-5.
    assert!(legal(&s).contains(&Action::Senatus {
        seat: seat(0),
        dice: faces(&[1, 2, 6])
    }));
    ok(
        &mut s,
        Action::Senatus {
            seat: seat(0),
            dice: faces(&[2]),
        },
    );
    assert_eq!(s.straights[0], Straight { low: 2, len: 4 });
    // Seat 1 may not extend 4-5-6 to 2-3-4-5-6? It may: that is not identical to 2-3-4-5.
    roll(&mut s, &[2, 3, 3, 3, 3]);
    assert!(legal(&s).contains(&Action::Senatus {
        seat: seat(1),
        dice: faces(&[2, 3])
    }));
    assert!(legal(&s).contains(&Action::Senatus {
        seat: seat(1),
        dice: faces(&[3])
    }));
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
            assert_eq!(t.latrina[1], 1);
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
    assert_eq!(s.latrina[0], 1);
    assert_eq!(s.hand[0], 0);
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
        refused(
            &s,
            Action::Forum {
                seat: seat(0),
                dice: faces(&[1]),
            },
            Error::RerollInProgress,
        );
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

/// The pass: every player takes turns until some player has placed their last die; that pass
/// is finished up to the start player's right-hand neighbour, then the round ends.
#[test]
fn pass_and_round_end() {
    let mut s = game(3);
    // Seat 0 places all 8 dice at once in the Castrum.
    roll(&mut s, &[3, 3, 3, 3, 3, 3, 3, 3]);
    ok(
        &mut s,
        Action::Castrum {
            seat: seat(0),
            value: 3,
            count: 8,
            extend: 0,
        },
    );
    assert!(s.last_pass);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    ok(
        &mut s,
        Action::Forum {
            seat: seat(1),
            dice: faces(&[1]),
        },
    );
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    ok(
        &mut s,
        Action::Forum {
            seat: seat(2),
            dice: faces(&[2]),
        },
    );
    // Round end: the Castrum set takes a province (3 shown: a choice), seat 0 first.
    assert_eq!(s.phase, Phase::TakeProvince { seat: seat(0) });
    let prov = s.provinces_shown().into_iter().last().unwrap();
    ok(
        &mut s,
        Action::TakeProvince {
            seat: seat(0),
            province: prov,
        },
    );
    // Forum: seat 1's 1 picks first, then seat 2's 2.
    assert_eq!(s.phase, Phase::TakePatrician { seat: seat(1) });
    let t = s.patricians_shown()[0];
    let gone = Patrician(35);
    assert!(!s.patricians_shown().contains(&gone));
    refused(
        &s,
        Action::TakePatrician {
            seat: seat(1),
            patrician: gone,
        },
        Error::PatricianNotShown(gone),
    );
    ok(
        &mut s,
        Action::TakePatrician {
            seat: seat(1),
            patrician: t,
        },
    );
    assert_eq!(s.phase, Phase::TakePatrician { seat: seat(2) });
    let t2 = s.patricians_shown()[1];
    ok(
        &mut s,
        Action::TakePatrician {
            seat: seat(2),
            patrician: t2,
        },
    );
    // Latrina: 7 unplaced dice each for seats 1 and 2.
    assert_eq!(s.chips, [0, 7, 7, 0, 0]);
    assert_eq!(s.round, 1);
    assert_eq!(s.start, 1, "the start player passes to the left");
    assert_eq!(s.provinces[0], 1 << prov.0);
    assert_eq!(s.patricians[1], 1 << t.0);
    assert_eq!(s.provinces_shown, 0, "new provinces are revealed next");
    assert_eq!(s.phase, Phase::RevealProvinces);
    assert_eq!(s.hand[..3], [8, 8, 8]);
}

fn senate_position(seats: u8, straights: &[(u8, u8)]) -> State {
    let mut s = game(seats);
    s.roll = Faces::EMPTY;
    s.pending = 0;
    for p in 0..seats as usize {
        s.hand[p] = 0;
    }
    for (p, &(low, len)) in straights.iter().enumerate() {
        if len > 0 {
            s.straights[p] = Straight { low, len };
        }
    }
    s.phase = Phase::RoundEnd;
    s.advance();
    s
}

/// Senatus: ranked by length then top value; 5 players: the first keeps one of three and
/// passes two, the second keeps one, the third gets the last; dice of others go to the
/// Latrina.
#[test]
fn senate_evaluation_five_players() {
    let mut s = senate_position(5, &[(1, 3), (2, 3), (1, 4), (5, 1), (3, 2)]);
    assert_eq!(s.phase, Phase::DrawSenate { left: 3 });
    for c in [Card::ManyMen, Card::JokerProvince, Card::ManyWomen] {
        s.apply_in_place(&Action::SenateCard(c)).unwrap();
    }
    // Order: seat 2 (4 long), seat 1 (2-3-4), seat 0 (1-2-3), then seat 4, seat 3.
    assert_eq!(s.phase, Phase::KeepSenate { seat: seat(2) });
    refused(
        &s,
        Action::KeepSenateCard {
            seat: seat(2),
            card: Card::ManyCouples,
        },
        Error::CardNotOffered(Card::ManyCouples),
    );
    refused(
        &s,
        Action::KeepSenateCard {
            seat: seat(1),
            card: Card::ManyMen,
        },
        Error::NotYourTurn(seat(1)),
    );
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(2),
            card: Card::JokerProvince,
        },
    );
    assert_eq!(s.phase, Phase::KeepSenate { seat: seat(1) });
    assert_eq!(
        s.view(seat(2)).senate_offer.unwrap().len(),
        2,
        "the first saw the two passed"
    );
    assert_eq!(s.view(seat(0)).senate_offer, None);
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(1),
            card: Card::ManyWomen,
        },
    );
    assert_eq!(s.senate_hands[2][Card::JokerProvince.index()], 1);
    assert_eq!(s.senate_hands[1][Card::ManyWomen.index()], 1);
    assert_eq!(s.senate_hands[0][Card::ManyMen.index()], 1);
    assert_eq!(s.senate_bottom_len, 0);
    // The second saw which card the third got; the first only knows the pair.
    assert_eq!(s.view(seat(1)).known_senate_cards[0], vec![Card::ManyMen]);
    assert!(s
        .view(seat(2))
        .known_senate_cards
        .iter()
        .all(|k| k.is_empty()));
    // Seats 3 and 4 had no card: 1 and 2 dice to the Latrina, hence chips.
    assert_eq!(s.chips[3], 1);
    assert_eq!(s.chips[4], 2);
}

/// 3–4 players: the second keeps one of the two cards the first passed and puts the other
/// face down under the deck. The first knows the pair and where the two went, not which is
/// which; the second knows both. `determinize` for the first splits the pair again between the
/// second's hand and that place under the deck, and nothing else.
#[test]
fn senate_pass_under_the_deck_is_not_seen_by_the_first() {
    let mut s = senate_position(4, &[(1, 3), (2, 2)]);
    for c in [Card::ManyMen, Card::ManyCouples, Card::ManyWomen] {
        s.apply_in_place(&Action::SenateCard(c)).unwrap();
    }
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(0),
            card: Card::ManyMen,
        },
    );
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(1),
            card: Card::ManyWomen,
        },
    );
    let v0 = s.view(seat(0));
    assert!(v0.known_senate_cards.iter().all(|k| k.is_empty()));
    assert_eq!(v0.senate_bottom, vec![None], "put face down by the second");
    assert_eq!(
        v0.senate_passes,
        vec![SenatePass {
            to: seat(1),
            cards: [Card::ManyCouples, Card::ManyWomen],
            then: PassedOn::UnderDeck(0),
        }]
    );
    let v1 = s.view(seat(1));
    assert_eq!(v1.senate_bottom, vec![Some(Card::ManyCouples)]);
    assert!(v1.senate_passes.is_empty());
    assert!(s.view(seat(2)).senate_passes.is_empty());
    assert_eq!(s.view(seat(2)).senate_bottom, vec![None]);
    let mut dice = Dice::from_seed(9);
    let mut splits = [0; 2];
    for _ in 0..60 {
        let d = s.determinize(seat(0), &mut dice);
        assert_eq!(d.view(seat(0)), v0);
        let second = d.senate_hands[1];
        let (w, c) = (
            second[Card::ManyWomen.index()],
            second[Card::ManyCouples.index()],
        );
        assert_eq!((w + c, second.iter().sum::<u8>()), (1, 1));
        let under = d.senate_bottom[0];
        assert_eq!(
            under as usize,
            if w == 1 {
                Card::ManyCouples.index()
            } else {
                Card::ManyWomen.index()
            }
        );
        splits[w as usize] += 1;
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), d);
        // The second's knowledge holds in the resampled state too.
        for other in [2, 3] {
            let d = s.determinize(seat(other), &mut dice);
            assert_eq!(d.view(seat(other)), s.view(seat(other)));
            let json = serde_json::to_string(&d).unwrap();
            assert!(serde_json::from_str::<State>(&json).is_ok());
        }
        let d = s.determinize(seat(1), &mut dice);
        assert_eq!(d.view(seat(1)), v1);
        assert_eq!(d.senate_hands[1], s.senate_hands[1]);
    }
    assert!(splits[0] > 0 && splits[1] > 0, "both splits are sampled");
}

/// 5 players: the first knows the second and third hold the two cards he passed between
/// them; the second knows the third's card. `determinize` keeps both.
#[test]
fn senate_passes_with_five_players_known_and_kept_by_determinize() {
    let mut s = senate_position(5, &[(1, 3), (2, 3), (1, 4), (5, 1), (3, 2)]);
    for c in [Card::ManyMen, Card::JokerProvince, Card::ManyWomen] {
        s.apply_in_place(&Action::SenateCard(c)).unwrap();
    }
    // Order: seat 2 first, seat 1 second, seat 0 third.
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(2),
            card: Card::JokerProvince,
        },
    );
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(1),
            card: Card::ManyWomen,
        },
    );
    let v2 = s.view(seat(2));
    assert!(v2.known_senate_cards.iter().all(|k| k.is_empty()));
    assert_eq!(
        v2.senate_passes,
        vec![SenatePass {
            to: seat(1),
            cards: [Card::ManyWomen, Card::ManyMen],
            then: PassedOn::Seat(seat(0)),
        }]
    );
    let v1 = s.view(seat(1));
    assert_eq!(v1.known_senate_cards[0], vec![Card::ManyMen]);
    assert!(v1.senate_passes.is_empty());
    let v0 = s.view(seat(0));
    assert!(v0.known_senate_cards.iter().all(|k| k.is_empty()));
    assert!(v0.senate_passes.is_empty());
    let (men, women) = (Card::ManyMen.index(), Card::ManyWomen.index());
    let mut dice = Dice::from_seed(3);
    let mut splits = [0; 2];
    for _ in 0..60 {
        // The first: seats 1 and 0 hold ManyWomen and ManyMen, one each.
        let d = s.determinize(seat(2), &mut dice);
        assert_eq!(d.view(seat(2)), v2);
        let (h1, h0) = (d.senate_hands[1], d.senate_hands[0]);
        assert_eq!(h1[men] + h1[women], 1);
        assert_eq!(h0[men] + h0[women], 1);
        assert_eq!(h1[women], h0[men]);
        splits[h1[women] as usize] += 1;
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), d);
        // What the second knows in the resampled world matches the resampled hands.
        assert_eq!(
            d.view(seat(1)).known_senate_cards[0].len(),
            1,
            "the second still knows the third's card"
        );
        // The second: the third's card stays, its own too.
        let d = s.determinize(seat(1), &mut dice);
        assert_eq!(d.view(seat(1)), v1);
        assert_eq!(d.senate_hands[0][men], 1);
        // The third and the others: views kept, states valid.
        for other in [0, 3, 4] {
            let d = s.determinize(seat(other), &mut dice);
            assert_eq!(d.view(seat(other)), s.view(seat(other)));
            let json = serde_json::to_string(&d).unwrap();
            assert!(serde_json::from_str::<State>(&json).is_ok());
        }
    }
    assert!(splits[0] > 0 && splits[1] > 0, "both splits are sampled");
}

/// 2 players: only the first gets a card; the other two go under the deck, known to them.
#[test]
fn senate_evaluation_two_players_and_lone_player() {
    let mut s = senate_position(2, &[(1, 2), (4, 3)]);
    for c in [Card::ManyMen, Card::JokerProvince, Card::ManyWomen] {
        s.apply_in_place(&Action::SenateCard(c)).unwrap();
    }
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(1),
            card: Card::ManyMen,
        },
    );
    assert_eq!(s.senate_bottom_len, 2);
    assert_eq!(s.chips[0], 2, "seat 0's straight went to the Latrina");
    let v1 = s.view(seat(1));
    assert_eq!(
        v1.senate_bottom,
        vec![Some(Card::ManyWomen), Some(Card::JokerProvince)]
    );
    assert_eq!(s.view(seat(0)).senate_bottom, vec![None, None]);
    // A lone player in a 4-player game keeps one of three.
    let mut s = senate_position(4, &[(0, 0), (3, 1)]);
    for c in [Card::ManyMen, Card::JokerProvince, Card::JokerProvince] {
        s.apply_in_place(&Action::SenateCard(c)).unwrap();
    }
    assert_eq!(s.phase, Phase::KeepSenate { seat: seat(1) });
    assert_eq!(legal(&s).len(), 2, "two jokers are one choice");
    ok(
        &mut s,
        Action::KeepSenateCard {
            seat: seat(1),
            card: Card::JokerProvince,
        },
    );
    assert_eq!(s.senate_bottom_len, 2);
}

/// Castrum: sets ranked by size then value; each takes a province until they run out; the
/// rest go to the Latrina; leftover provinces leave the game.
#[test]
fn castrum_evaluation() {
    let mut s = game(2); // 2 provinces shown
    s.roll = Faces::EMPTY;
    s.pending = 0;
    s.hand = [0; 5];
    s.castrum[1][2] = 1; // seat 0: 2-2-2
    s.castrum[4][2] = 2; // seat 1: 5-5-5
    s.castrum[5][0] = 1; // seat 0: 6
    s.phase = Phase::RoundEnd;
    s.advance();
    assert_eq!(s.phase, Phase::TakeProvince { seat: seat(1) });
    let shown = s.provinces_shown();
    refused(
        &s,
        Action::TakeProvince {
            seat: seat(1),
            province: Province(23),
        },
        Error::ProvinceNotShown(Province(23)),
    );
    refused(
        &s,
        Action::TakeProvince {
            seat: seat(1),
            province: Province(99),
        },
        Error::ProvinceNotShown(Province(99)),
    );
    ok(
        &mut s,
        Action::TakeProvince {
            seat: seat(1),
            province: shown[1],
        },
    );
    // The last province goes to seat 0's 2-2-2 automatically; the lone 6 goes to the Latrina.
    assert_eq!(s.provinces[0], 1 << shown[0].0);
    assert_eq!(s.chips[0], 1);
}

/// Templum evaluation: the leader keeps 2 tiles, the others 1 (each chooses); a lone die
/// draws one more tile first; the rest are discarded face up.
#[test]
fn temple_evaluation() {
    let mut s = game(4);
    s.roll = Faces::EMPTY;
    s.pending = 0;
    s.hand = [0; 5];
    s.temple_dice = [3, 2, 0, 0, 0];
    s.temple_pips = [12, 9, 0, 0, 0];
    s.fortuna_stack = [6, 10, 8];
    s.fortuna_drawn[0] = [1, 2, 0];
    s.fortuna_drawn[1] = [1, 1, 0];
    s.phase = Phase::RoundEnd;
    s.advance();
    assert_eq!(s.phase, Phase::KeepFortuna);
    assert_eq!(s.keep_left, [2, 1, 0, 0, 0]);
    refused(
        &s,
        Action::KeepFortuna {
            seat: seat(0),
            value: 3,
        },
        Error::NoSuchTile(3),
    );
    refused(
        &s,
        Action::KeepFortuna {
            seat: seat(2),
            value: 1,
        },
        Error::NotYourTurn(seat(2)),
    );
    ok(
        &mut s,
        Action::KeepFortuna {
            seat: seat(1),
            value: 1,
        },
    );
    ok(
        &mut s,
        Action::KeepFortuna {
            seat: seat(0),
            value: 2,
        },
    );
    ok(
        &mut s,
        Action::KeepFortuna {
            seat: seat(0),
            value: 1,
        },
    );
    assert_eq!(s.fortuna_kept[0], [1, 1, 0]);
    assert_eq!(s.fortuna_kept[1], [1, 0, 0]);
    assert_eq!(s.fortuna_discard, [0, 2, 0]);
    assert_eq!(s.temple_dice, [0; 5]);
    // A lone die: its owner draws a second tile and keeps both.
    let mut s = game(4);
    s.roll = Faces::EMPTY;
    s.pending = 0;
    s.hand = [0; 5];
    s.temple_dice = [0, 0, 1, 0, 0];
    s.temple_pips = [0, 0, 4, 0, 0];
    s.fortuna_stack = [8, 13, 8];
    s.fortuna_drawn[2] = [0, 1, 0];
    s.phase = Phase::RoundEnd;
    s.advance();
    assert_eq!(
        s.phase,
        Phase::DrawFortuna {
            seat: seat(2),
            left: 1,
            bonus: true
        }
    );
    s.apply_in_place(&Action::Fortuna(3)).unwrap();
    assert_eq!(s.fortuna_kept[2], [0, 1, 1]);
}

/// Seat 0 places one die (a 6) in the Templum of a 4-player game whose Fortuna tiles are
/// `kept` by seat 3, in the `stack` and in the `discard` pile, under the reshuffle flag `late`:
/// the state at its first draw.
fn templum_draw(late: bool, kept: [u8; 3], stack: [u8; 3], discard: [u8; 3]) -> State {
    let mut s = game(4);
    s.config.fortuna_late_reshuffle = late;
    s.fortuna_kept[3] = kept;
    s.fortuna_stack = stack;
    s.fortuna_discard = discard;
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    ok(
        &mut s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[6]),
        },
    );
    s
}

/// When the Fortuna stack runs out, the face-up discards are reshuffled into a new stack.
#[test]
fn fortuna_reshuffle() {
    let s = templum_draw(false, [8, 14, 7], [0, 0, 0], [0, 0, 1]);
    assert_eq!(s.fortuna_stack, [0, 0, 1]);
    assert_eq!(s.fortuna_discard, [0, 0, 0]);
    refused(&s, Action::Fortuna(2), Error::NotInStack);
    assert_eq!(
        s.chance_outcomes(),
        vec![(Action::Fortuna(3), dicecore::Probability::ONE)]
    );
}

/// The state after seat 0 draws the last tile of the Fortuna stack (a 2) with one die in the
/// Templum, the discards holding a 1 and four 3s, under the reshuffle flag `late`.
fn last_fortuna_tile_drawn(late: bool) -> State {
    let mut s = templum_draw(late, [7, 13, 4], [0, 1, 0], [1, 0, 4]);
    ok(&mut s, Action::Fortuna(2));
    s
}

/// When a draw empties the Fortuna stack, the discards are reshuffled into a new stack at once
/// ("só no caso de, se as fichas abaixo do templo se esgotarem ... voltas a baralhar"), so tiles
/// discarded later (at the round's evaluation) wait for the next time the stack runs out. With
/// `fortuna_late_reshuffle` (rules versions 1 and 2) the stack stays empty until the next tile
/// must be drawn, and the later discards join the reshuffle, changing the odds.
#[test]
fn fortuna_stack_reshuffled_as_soon_as_it_runs_out() {
    let at_once = last_fortuna_tile_drawn(false);
    assert_eq!(at_once.fortuna_stack, [1, 0, 4]);
    assert_eq!(at_once.fortuna_discard, [0, 0, 0]);
    let late = last_fortuna_tile_drawn(true);
    assert_eq!(late.fortuna_stack, [0, 0, 0]);
    assert_eq!(late.fortuna_discard, [1, 0, 4]);
    // Three 2s are discarded at the round's evaluation; then the next tile is drawn.
    let next_draw = |mut s: State| {
        for v in 0..3 {
            s.fortuna_discard[v] += [0, 3, 0][v];
        }
        s.fortuna_kept[3][1] -= 3;
        s.fortuna_draws(seat(1), 1, false);
        s.chance_outcomes()
    };
    let p = dicecore::Probability::new;
    assert_eq!(
        next_draw(at_once),
        vec![(Action::Fortuna(1), p(1, 5)), (Action::Fortuna(3), p(4, 5))]
    );
    assert_eq!(
        next_draw(late),
        vec![
            (Action::Fortuna(1), p(1, 8)),
            (Action::Fortuna(2), p(3, 8)),
            (Action::Fortuna(3), p(4, 8))
        ]
    );
}

/// Draws are weighted by what is left in the stack.
#[test]
fn draws_weighted_by_stack() {
    let mut s = game(4);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    ok(
        &mut s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[6]),
        },
    );
    let o = s.chance_outcomes();
    assert_eq!(
        o[0],
        (Action::Fortuna(1), dicecore::Probability::new(8, 30))
    );
    assert_eq!(
        o[1],
        (Action::Fortuna(2), dicecore::Probability::new(14, 30))
    );
    let s = senate_position(4, &[(1, 2)]);
    let o = s.chance_outcomes();
    assert_eq!(o.len(), 18);
    assert_eq!(
        o.iter()
            .find(|x| x.0 == Action::SenateCard(Card::JokerProvince))
            .unwrap()
            .1,
        dicecore::Probability::new(2, 19)
    );
}

/// Wrong moments and wrong seats.
#[test]
fn wrong_moment_errors() {
    let mut s = game(2);
    refused(
        &s,
        Action::Forum {
            seat: seat(0),
            dice: faces(&[1]),
        },
        Error::ChancePending,
    );
    refused(&s, Action::Fortuna(1), Error::WrongOutcome);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    refused(&s, Action::Roll(faces(&[1])), Error::NoChancePending);
    refused(
        &s,
        Action::Forum {
            seat: seat(1),
            dice: faces(&[1]),
        },
        Error::NotYourTurn(seat(1)),
    );
    refused(
        &s,
        Action::KeepFortuna {
            seat: seat(0),
            value: 1,
        },
        Error::WrongDecision,
    );
    refused(
        &s,
        Action::Forum {
            seat: seat(0),
            dice: Faces::EMPTY,
        },
        Error::NoDice,
    );
    refused(
        &s,
        Action::TakePatrician {
            seat: seat(0),
            patrician: Patrician(0),
        },
        Error::WrongDecision,
    );
    let mut over = s.clone();
    over.phase = Phase::Over;
    refused(&over, Action::Roll(faces(&[1])), Error::GameOver);
}

#[test]
fn reveal_errors() {
    let s = State::new(&config(2)).unwrap();
    assert_eq!(s.phase, Phase::RevealProvinces);
    refused(&s, Action::RevealProvince(Province(40)), Error::NotInStack);
    refused(
        &s,
        Action::RevealPatrician(Patrician(3)),
        Error::WrongOutcome,
    );
    refused(
        &s,
        Action::SenateCard(Card::DoubleProvince(9)),
        Error::WrongOutcome,
    );
    let o = s.chance_outcomes();
    assert_eq!(o.len(), 25);
    assert_eq!(o[0].1, dicecore::Probability::new(1, 25));
}

#[test]
fn config_errors() {
    assert_eq!(Config::new(6, Seat(0)), Err(Error::PlayerCount(6)));
    assert_eq!(Config::new(1, Seat(0)), Err(Error::PlayerCount(1)));
    assert_eq!(Config::new(3, Seat(3)), Err(Error::StartSeat(Seat(3))));
    let mut c = config(3);
    c.double_provinces[2] = (crate::Colour::Red, crate::Colour::Red);
    assert_eq!(
        State::new(&c),
        Err(Error::DoubleProvinceColours(crate::Colour::Red))
    );
    assert_eq!(State::standard_config(7, 0), Err(Error::PlayerCount(7)));
}

/// Found by fuzzing (`fuzz/regressions/alea_iacta_est/`): two double provinces of the same
/// colours, in either order, made two senate cards of one name, which a position set up by
/// hand cannot tell apart. Refused in a config and in a saved state.
#[test]
fn double_provinces_need_their_own_colours() {
    use crate::Colour::{Blue, Red};
    let mut c = config(3);
    for pair in [(Red, Blue), (Blue, Red)] {
        c.double_provinces[1] = pair;
        assert_eq!(
            State::new(&c),
            Err(Error::DoubleProvinceTwice(pair.0, pair.1))
        );
    }
    let s = State::new(&config(3)).unwrap();
    let mut v = serde_json::to_value(&s).unwrap();
    v["config"]["double_provinces"][5] = serde_json::json!(["Red", "Blue"]);
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(e.contains("two double provinces are both red/blue"), "{e}");
}

/// Corrupted serialised states are refused, never a later panic.
#[test]
fn corrupted_states_are_refused() {
    let mut s = game(4);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut w = v.clone();
        f(&mut w);
        serde_json::from_value::<State>(w).is_err()
    };
    assert!(tamper(&|w| w["hand"][0] = 9.into()));
    assert!(tamper(&|w| w["hand"][4] = 1.into()));
    assert!(tamper(&|w| w["current"] = 4.into()));
    assert!(tamper(&|w| w["fortuna_stack"][0] = 9.into()));
    assert!(tamper(&|w| w["senate_deck"][17] = 3.into()));
    assert!(tamper(&|w| w["provinces"][1] = (1u32 << 30).into()));
    assert!(tamper(&|w| w["provinces"][1] = w["provinces_shown"].clone()));
    assert!(tamper(&|w| w["castrum"][0][0] = 9.into()));
    assert!(tamper(&|w| w["forum"][0] = 7.into()));
    assert!(tamper(&|w| w["forum_len"] = 7.into()));
    assert!(tamper(
        &|w| w["straights"][0] = serde_json::json!({"low": 5, "len": 4})
    ));
    assert!(tamper(&|w| w["phase"] = "EndTurn".into()));
    assert!(tamper(
        &|w| w["phase"] = serde_json::json!({"KeepSenate": {"seat": 0}})
    ));
    assert!(tamper(&|w| w["round"] = 9.into()));
    assert!(tamper(&|w| w["config"]["seats"] = 9.into()));
    assert!(tamper(&|w| w["chips"][0] = 31.into()));
    assert!(tamper(&|w| w["roll"][0] = 5.into()));
}

/// The hidden information: drawn Fortuna values and senate cards of others are not in a
/// view; determinize resamples them consistently with the view.
#[test]
fn hidden_information_and_determinize() {
    let mut s = game(4);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    ok(
        &mut s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[6]),
        },
    );
    s.apply_in_place(&Action::Fortuna(3)).unwrap();
    s.senate_hands[0][Card::ManyMen.index()] = 1;
    s.senate_deck[Card::ManyMen.index()] = 0;
    let v0 = s.view(seat(0));
    let v1 = s.view(seat(1));
    assert_eq!(v0.my_fortuna_drawn, [0, 0, 1]);
    assert_eq!(v1.my_fortuna_drawn, [0, 0, 0]);
    assert_eq!(v1.fortuna_drawn_counts[0], 1);
    assert_eq!(v0.my_senate_cards, vec![Card::ManyMen]);
    assert!(v1.my_senate_cards.is_empty());
    assert_eq!(v1.senate_hand_sizes[0], 1);
    assert_eq!(v1.revealed_senate_cards, None);
    // Another state differing only in seat 0's hidden values looks the same to seat 1.
    let mut t = s.clone();
    t.fortuna_drawn[0] = [1, 0, 0];
    t.fortuna_stack = [7, 14, 8];
    t.senate_hands[0] = [0; 18];
    t.senate_hands[0][Card::ManyWomen.index()] = 1;
    t.senate_deck[Card::ManyWomen.index()] = 0;
    t.senate_deck[Card::ManyMen.index()] = 1;
    assert_eq!(t.view(seat(1)), v1);
    assert_ne!(t.view(seat(0)), v0);
    // The rendering of a view shows the seat's own secrets and none of the others'.
    let shown = v1.to_string();
    assert_eq!(shown, t.view(seat(1)).to_string());
    assert!(!shown.contains("many men"), "{shown}");
    assert!(shown.contains("drawn this round: 1 face down"), "{shown}");
    assert!(shown.contains("senate cards: 1 face down"), "{shown}");
    let mine = v0.to_string();
    assert!(mine.contains("X many men"), "{mine}");
    assert!(mine.contains("drawn this round: 3"), "{mine}");
    assert!(s.to_string().contains("many men"));
    let json = serde_json::to_string(&v1).unwrap();
    assert!(json.contains("fortuna_drawn_counts"));
    // Determinize for seat 1 keeps its view and sometimes changes seat 0's secrets.
    let mut dice = Dice::from_seed(3);
    let mut changed = 0;
    for _ in 0..200 {
        let d = s.determinize(seat(1), &mut dice);
        assert_eq!(d.view(seat(1)), v1);
        assert_eq!(d.fortuna_drawn[0].iter().sum::<u8>(), 1);
        assert_eq!(d.senate_hands[0].iter().sum::<u8>(), 1);
        if d != s {
            changed += 1;
        }
        // The position is made by hand (a senate card in round 1 could not arise), so the
        // loader refuses it; determinize must not change that verdict.
        let json = serde_json::to_string(&d).unwrap();
        let verdict = |j: &str| {
            serde_json::from_str::<State>(j)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        assert_eq!(verdict(&json), verdict(&serde_json::to_string(&s).unwrap()));
    }
    assert!(changed > 100);
    // Seat 0's own determinization keeps its secrets.
    let d = s.determinize(seat(0), &mut dice);
    assert_eq!(d.fortuna_drawn[0], [0, 0, 1]);
    assert_eq!(d.senate_hands[0], s.senate_hands[0]);
}

#[test]
fn displays() {
    let mut s = game(5);
    roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
    let text = s.to_string();
    assert!(text.contains("Forum (7 columns, left to right)"), "{text}");
    assert!(text.contains("seat 0 has rolled 1-2-3-4-5-6-6-6"), "{text}");
    // Every line reads as words: no Rust debug text.
    for bad in ["Seat(", "{", "[", "Some(", "None"] {
        assert!(!text.contains(bad), "{bad} in {text}");
    }
    let a = Action::Castrum {
        seat: seat(1),
        value: 4,
        count: 2,
        extend: 3,
    };
    assert_eq!(
        a.to_string(),
        "seat 1 adds 2 × 4 to their set of 3 × 4 in the Castrum"
    );
    assert_eq!(
        Card::DoubleProvince(2).to_string(),
        "XII double province #2"
    );
    assert_eq!(Province::WILDCARD.to_string(), "grey 0");
    assert_eq!(Patrician(35).to_string(), "orange man 3");
}

/// A game of `seats` players marked over, with nothing held yet (for scoring by hand).
fn finished(seats: u8) -> State {
    let mut s = game(seats);
    s.roll = Faces::EMPTY;
    s.pending = 0;
    s.hand = [0; 5];
    s.phase = Phase::Over;
    s.round = s.config.rounds();
    s
}

/// Winner: most points; tie-break: the highest unhoused patrician; still tied: shared.
#[test]
fn outcome_tie_break() {
    let mut s = finished(3);
    // Seat 0: red 1 with a red woman 1 (2 points) and an unhoused blue man 3.
    // Seat 1: four chips (2 points) and an unhoused green woman 2.
    // Seat 2: red 2 province empty and a Fortuna tile of 2 (2 points), nothing unhoused.
    s.provinces[0] = 1 << Province::new(crate::Colour::Red, 1).0;
    s.patricians[0] = (1 << Patrician::new(crate::Colour::Red, crate::Sex::Woman, 1).0)
        | (1 << Patrician::new(crate::Colour::Blue, crate::Sex::Man, 3).0);
    s.chips[1] = 4;
    s.patricians[1] = 1 << Patrician::new(crate::Colour::Green, crate::Sex::Woman, 2).0;
    s.fortuna_kept[2] = [0, 1, 0];
    let o = s.outcome().unwrap();
    assert_eq!(o.scores, vec![2, 2, 2]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![seat(0)]);
    s.patricians[0] &= !(1 << Patrician::new(crate::Colour::Blue, crate::Sex::Man, 3).0);
    s.patricians[0] |= 1 << Patrician::new(crate::Colour::Blue, crate::Sex::Man, 2).0;
    let o = s.outcome().unwrap();
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![seat(0), seat(1)]);
}

/// The double-province colours come from the config.
#[test]
fn double_province_colours_from_config() {
    let mut s = game(2);
    s.senate_hands[0][Card::DoubleProvince(0).index()] = 1;
    s.patricians[0] = (1 << Patrician::new(crate::Colour::Green, crate::Sex::Woman, 1).0)
        | (1 << Patrician::new(crate::Colour::Yellow, crate::Sex::Man, 1).0);
    assert_eq!(s.breakdown(seat(0)).total, 0, "default #0 is red/blue");
    s.config.double_provinces[0] = (crate::Colour::Yellow, crate::Colour::Green);
    assert_eq!(s.breakdown(seat(0)).total, 3 + 2);
}

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

/// States of random games (drawn by `dicecore::strategy`): whatever a view says a seat knows
/// of others' senate cards is true, and every determinisation keeps the view and is a valid
/// state (it deserialises).
#[test]
fn senate_knowledge_is_true_and_determinize_stays_valid() {
    use dicecore::strategy::{self, Plays};
    use proptest::prelude::*;
    let passes_seen = std::cell::Cell::new(0);
    let plays = Plays::<State>::new()
        .seats(3..=5)
        .unwrap()
        .configs(|seats, _| Config::new(seats, Seat(0)))
        .unwrap();
    let draws = (plays.states(), any::<u64>());
    let mut runner = proptest::test_runner::TestRunner::new(strategy::runner_config(400));
    runner
        .run(&draws, |(p, seed)| {
            let s = p.state();
            let mut dice = Dice::from_seed(seed);
            for me in 0..s.seats() {
                let v = s.view(seat(me));
                for (q, known) in v.known_senate_cards.iter().enumerate() {
                    for c in known {
                        prop_assert!(s.senate_hands[q][c.index()] > 0);
                    }
                }
                for pass in &v.senate_passes {
                    passes_seen.set(passes_seen.get() + 1);
                    let [a, b] = pass.cards.map(|c| c.index());
                    let hand = s.senate_hands[pass.to.index()];
                    let there = |k: usize| match pass.then {
                        PassedOn::Seat(t) => s.senate_hands[t.index()][k] > 0,
                        PassedOn::UnderDeck(i) => s.senate_bottom[i as usize] as usize == k,
                    };
                    prop_assert!((hand[a] > 0 && there(b)) || (hand[b] > 0 && there(a)));
                }
                for _ in 0..3 {
                    let d = s.determinize(seat(me), &mut dice);
                    prop_assert_eq!(&d.view(seat(me)), &v);
                    let json = serde_json::to_string(&d).unwrap();
                    prop_assert_eq!(&serde_json::from_str::<State>(&json).unwrap(), &d);
                }
            }
            Ok(())
        })
        .unwrap();
    assert!(passes_seen.get() > 0);
}

/// "until a player has placed their last die; then the current pass is played out until it is
/// the start player's turn again": a player after the start player finishing ends the round
/// after the start player's right-hand neighbour, without another turn for the start player.
#[test]
fn pass_finished_by_a_middle_player_ends_before_the_start_player() {
    let mut s = game(4);
    let forum = |p: u8, v: u8| Action::Forum {
        seat: seat(p),
        dice: faces(&[v]),
    };
    // First pass: everyone places one die.
    for p in 0..4 {
        roll(&mut s, &[1, 2, 3, 4, 5, 6, 6, 6]);
        ok(&mut s, forum(p, 6 - p));
    }
    assert!(!s.last_pass);
    // Second pass: seat 0 places one die, seat 1 its last seven at once.
    roll(&mut s, &[1, 1, 2, 3, 4, 5, 6]);
    ok(
        &mut s,
        Action::Senatus {
            seat: seat(0),
            dice: faces(&[1, 2, 3]),
        },
    );
    roll(&mut s, &[2, 2, 2, 2, 2, 2, 2]);
    ok(
        &mut s,
        Action::Castrum {
            seat: seat(1),
            value: 2,
            count: 7,
            extend: 0,
        },
    );
    assert!(s.last_pass);
    // Seats 2 and 3 still play this pass.
    assert_eq!((s.phase, s.current), (Phase::Roll, 2));
    roll(&mut s, &[1, 1, 3, 4, 5, 5, 6]);
    ok(&mut s, forum(2, 1));
    assert_eq!((s.phase, s.current), (Phase::Roll, 3));
    roll(&mut s, &[1, 1, 3, 4, 5, 5, 6]);
    ok(&mut s, forum(3, 1));
    // Round over: seat 0 gets no third turn; the evaluation has begun.
    assert_ne!(s.phase, Phase::Roll);
    assert_eq!(s.round, 0);
    assert_eq!(
        s.hand[..4],
        [0, 0, 0, 0],
        "unplaced dice went to the Latrina"
    );
}

/// Provinces and patricians that left the game were seen by everyone, so the view names what
/// is still in the stacks (only their order is hidden).
#[test]
fn view_names_the_provinces_and_patricians_left_in_the_stacks() {
    let s = game(3);
    let v = s.view(seat(1));
    assert_eq!(v.provinces_in_stack.len(), 25 - 3);
    assert_eq!(v.patricians_in_stack.len(), 36 - 5);
    for p in s.provinces_shown() {
        assert!(!v.provinces_in_stack.contains(&p));
    }
    for t in s.patricians_shown() {
        assert!(!v.patricians_in_stack.contains(&t));
    }
    let mut dice = Dice::from_seed(1);
    assert_eq!(s.determinize(seat(1), &mut dice).view(seat(1)), v);
}

/// Issue 18: a lone patrician on a double province scores nothing and counts as unhoused for
/// the tie-break.
#[test]
fn tie_break_counts_a_lone_patrician_on_a_double_province() {
    use crate::{Colour, Sex};
    let mut s = finished(3);
    // Seat 0: double province #0 (red/blue) with a red woman 3 alone, and 4 chips: 2 points,
    // the red woman unhoused (3).
    s.senate_hands[0][Card::DoubleProvince(0).index()] = 1;
    s.patricians[0] = 1 << Patrician::new(Colour::Red, Sex::Woman, 3).0;
    s.chips[0] = 4;
    // Seat 1: green 1 with a green woman 1 (2 points) and an unhoused blue man 2.
    s.provinces[1] = 1 << Province::new(Colour::Green, 1).0;
    s.patricians[1] = (1 << Patrician::new(Colour::Green, Sex::Woman, 1).0)
        | (1 << Patrician::new(Colour::Blue, Sex::Man, 2).0);
    let b = s.breakdown(seat(0));
    assert_eq!((b.total, b.housed, b.tie_break), (2, 0, 3));
    let o = s.outcome().unwrap();
    assert_eq!(o.scores, vec![2, 2, 0]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![seat(0)]);
}

/// Issue 18: every Latrina die returns with a Repete chip, without limit; with
/// `repete_supply_limit` the 30 chips are shared from the round's start player clockwise.
#[test]
fn latrina_chips_one_per_die_or_from_the_supply() {
    for (limit, held, after) in [
        (false, [12, 12, 5], [19, 15, 7]),
        (true, [12, 12, 5], [12, 13, 5]),
        (false, [10, 10, 5], [17, 13, 7]),
        (true, [10, 10, 5], [10, 13, 7]),
    ] {
        let mut c = config(3);
        c.repete_supply_limit = limit;
        let mut s = game_with(&c);
        s.start = 1;
        s.chips[..3].copy_from_slice(&held);
        s.latrina[..3].copy_from_slice(&[7, 3, 2]);
        s.latrina_evaluation();
        assert_eq!(s.chips[..3], after, "limit {limit}, held {held:?}");
        assert_eq!(s.latrina, [0; 5]);
    }
}

/// Calls `f` with every state of seeded random games (`Match` and `RandomAgent`s), `games`
/// of each player count.
fn for_each_state_of_random_games(games: u64, f: &mut impl FnMut(&State)) {
    use dicecore::{Agent, Match, RandomAgent};
    for seats in 2..=5u8 {
        for seed in 0..games {
            let mut m: Match<State> =
                Match::new(State::standard_config(seats, seed).unwrap(), seed).unwrap();
            let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
                .map(|i| Box::new(RandomAgent::new(seed + i)) as Box<dyn Agent<State>>)
                .collect();
            while m.step(&mut agents).unwrap().is_some() {
                f(m.state());
            }
        }
    }
}

/// `sample_action` at a placement draws index `j` of `dice.index(len)`: each index gives a
/// different legal action and together they are exactly the legal actions, so the draw is
/// exactly uniform. Checked on every placement met in seeded random games of every player
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
    for_each_state_of_random_games(6, &mut |s| {
        if s.phase == Phase::Place && s.selected.is_empty() {
            check(s);
            met += 1;
        }
    });
    assert!(met > 1000, "{met}");
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
/// enumeration, in the same order: on every placement met in seeded random games, and with a
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
    for_each_state_of_random_games(4, &mut |s| {
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
