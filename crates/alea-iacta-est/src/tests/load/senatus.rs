//! The loader's refusals in the Senatus: its straights, the senate deck and the cards passed
//! under it.

use super::{find, placing, refused, Change};
use crate::state::{Phase, State};
use crate::PositionError as P;
use dicecore::Seat;

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
