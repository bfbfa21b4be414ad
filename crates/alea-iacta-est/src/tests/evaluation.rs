//! The evaluation at the round's end, building by building (Senatus, Castrum, Templum and its Fortuna tiles, Latrina).

use super::*;

fn senate_position(seats: u8, straights: &[(u8, u8)]) -> State {
    let mut s = cleared(seats);
    for (p, &(low, len)) in straights.iter().enumerate() {
        if len > 0 {
            s.straights[p] = Straight { low, len };
        }
    }
    end_round(&mut s);
    s
}

/// Senatus: ranked by length then top value; 5 players: the first keeps one of three and
/// passes two, the second keeps one, the third gets the last; dice of others go to the
/// Latrina.
#[test]
fn senate_evaluation_five_players() {
    let mut s = senate_position(5, &[(1, 3), (2, 3), (1, 4), (5, 1), (3, 2)]);
    assert_eq!(s.phase, Phase::DrawSenate { left: 3 });
    deal_senate(
        &mut s,
        [Card::ManyMen, Card::JokerProvince, Card::ManyWomen],
    );
    // Order: seat 2 (4 long), seat 1 (2-3-4), seat 0 (1-2-3), then seat 4, seat 3.
    assert_eq!(s.phase, Phase::KeepSenate { seat: seat(2) });
    assert_eq!(s.senate_recipients(), vec![seat(2), seat(1), seat(0)]);
    assert_eq!(
        s.senate_offer(),
        vec![Card::ManyMen, Card::JokerProvince, Card::ManyWomen]
    );
    refused(
        &s,
        keep_senate(2, Card::ManyCouples),
        Error::CardNotOffered(Card::ManyCouples),
    );
    refused(
        &s,
        keep_senate(1, Card::ManyMen),
        Error::NotYourTurn(seat(1)),
    );
    ok(&mut s, keep_senate(2, Card::JokerProvince));
    assert_eq!(s.phase, Phase::KeepSenate { seat: seat(1) });
    assert_eq!(
        s.view(seat(2)).senate_offer.unwrap().len(),
        2,
        "the first saw the two passed"
    );
    assert_eq!(s.view(seat(0)).senate_offer, None);
    ok(&mut s, keep_senate(1, Card::ManyWomen));
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
    assert_eq!((s.chips(seat(3)), s.chips(seat(4))), (1, 2));
    assert!(s.senate_recipients().is_empty(), "the evaluation is over");
}

/// 3–4 players: the second keeps one of the two cards the first passed and puts the other
/// face down under the deck. The first knows the pair and where the two went, not which is
/// which; the second knows both. `determinize` for the first splits the pair again between the
/// second's hand and that place under the deck, and nothing else.
#[test]
fn senate_pass_under_the_deck_is_not_seen_by_the_first() {
    let mut s = senate_position(4, &[(1, 3), (2, 2)]);
    deal_senate(&mut s, [Card::ManyMen, Card::ManyCouples, Card::ManyWomen]);
    ok(&mut s, keep_senate(0, Card::ManyMen));
    ok(&mut s, keep_senate(1, Card::ManyWomen));
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
    deal_senate(
        &mut s,
        [Card::ManyMen, Card::JokerProvince, Card::ManyWomen],
    );
    // Order: seat 2 first, seat 1 second, seat 0 third.
    ok(&mut s, keep_senate(2, Card::JokerProvince));
    ok(&mut s, keep_senate(1, Card::ManyWomen));
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

/// docs/rules/alea-iacta-est.md: "When both passed cards are the same kind (the two jokers),
/// the first knows both places exactly (`known_senate_cards`)": with 5 players the second's
/// and the third's hands, with 4 the second's (the other joker is under the deck). Nobody
/// else learns anything.
#[test]
fn a_pair_of_one_kind_tells_the_first_where_both_went() {
    let joker = vec![Card::JokerProvince];
    // The first keeps Many Men and passes the two jokers; the second keeps one.
    let pass_jokers = |seats: u8, straights: &[(u8, u8)], first: u8, second: u8| {
        let mut s = senate_position(seats, straights);
        deal_senate(
            &mut s,
            [Card::ManyMen, Card::JokerProvince, Card::JokerProvince],
        );
        ok(&mut s, keep_senate(first, Card::ManyMen));
        ok(&mut s, keep_senate(second, Card::JokerProvince));
        s
    };
    // 5 players: seat 2 first, seat 1 second, seat 0 third.
    let s = pass_jokers(5, &[(1, 3), (2, 3), (1, 4), (5, 1), (3, 2)], 2, 1);
    let known = s.view(seat(2)).known_senate_cards;
    assert_eq!(known[1], joker, "the second's joker");
    assert_eq!(known[0], joker, "the third's joker");
    assert!([2, 3, 4].iter().all(|&q| known[q].is_empty()));
    assert_eq!(s.view(seat(1)).known_senate_cards[0], joker);
    for q in [0, 3, 4] {
        let v = s.view(seat(q));
        let nothing = v.known_senate_cards.iter().all(|k| k.is_empty());
        assert!(nothing, "seat {q}");
    }
    // 4 players: seat 0 first, seat 1 second, who puts the other joker under the deck.
    let s = pass_jokers(4, &[(1, 3), (2, 2)], 0, 1);
    let known = s.view(seat(0)).known_senate_cards;
    assert_eq!(known[1], joker, "the second's joker");
    assert!([0, 2, 3].iter().all(|&q| known[q].is_empty()));
}

/// 2 players: only the first gets a card; the other two go under the deck, known to them.
#[test]
fn senate_evaluation_two_players_and_lone_player() {
    let mut s = senate_position(2, &[(1, 2), (4, 3)]);
    deal_senate(
        &mut s,
        [Card::ManyMen, Card::JokerProvince, Card::ManyWomen],
    );
    ok(&mut s, keep_senate(1, Card::ManyMen));
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
    deal_senate(
        &mut s,
        [Card::ManyMen, Card::JokerProvince, Card::JokerProvince],
    );
    assert_eq!(s.phase, Phase::KeepSenate { seat: seat(1) });
    assert_eq!(legal(&s).len(), 2, "two jokers are one choice");
    ok(&mut s, keep_senate(1, Card::JokerProvince));
    assert_eq!(s.senate_bottom_len, 2);
}

/// Castrum: sets ranked by size then value; each takes a province until they run out; the
/// rest go to the Latrina; leftover provinces leave the game.
#[test]
fn castrum_evaluation() {
    let mut s = cleared(2); // 2 provinces shown
    s.castrum[1][2] = 1; // seat 0: 2-2-2
    s.castrum[4][2] = 2; // seat 1: 5-5-5
    s.castrum[5][0] = 1; // seat 0: 6
    end_round(&mut s);
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
    let mut s = cleared(4);
    s.temple_dice = [3, 2, 0, 0, 0];
    s.temple_pips = [12, 9, 0, 0, 0];
    s.fortuna_stack = [6, 10, 8];
    s.fortuna_drawn[0] = [1, 2, 0];
    s.fortuna_drawn[1] = [1, 1, 0];
    end_round(&mut s);
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
    assert_eq!(s.fortuna_discards(), [0, 2, 0]);
    assert_eq!(s.temple(seat(0)), (0, 0), "the Templum is emptied");
    // A lone die: its owner draws a second tile and keeps both.
    let mut s = cleared(4);
    s.temple_dice = [0, 0, 1, 0, 0];
    s.temple_pips = [0, 0, 4, 0, 0];
    s.fortuna_stack = [8, 13, 8];
    s.fortuna_drawn[2] = [0, 1, 0];
    end_round(&mut s);
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
    ok(&mut s, templum(0, &[6]));
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
    ok(&mut s, templum(0, &[6]));
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
