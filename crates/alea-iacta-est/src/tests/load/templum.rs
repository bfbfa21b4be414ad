//! The loader's refusals in the Templum: with two or three players it is not in play, and with
//! four or five its dice, pips and Fortuna tiles follow the evaluation.

use super::{find, placing, refused, Change};
use crate::state::{Phase, State};
use crate::{Error, PositionError as P};
use dicecore::Seat;

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
