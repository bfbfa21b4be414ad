//! Rules tests with access to the state's internals (a child module of `state`).

use super::*;
use crate::board::{Area, Board};
use crate::dice::ROLLS;
use crate::{Action, BoardSource, Error};
use dicecore::faces::Colour::{self, *};
use dicecore::{Agent, Game, Match, Probability, RandomAgent, Turn};

fn new(seats: u8) -> State {
    State::new(&Config::new(seats)).unwrap()
}

fn ds(cs: &[Colour]) -> DiceSet {
    DiceSet::from_colours(cs)
}

/// Puts the round at action 1: `dice` showing after the third roll, nothing used yet.
fn at_crossing(s: &mut State, active: u8, dice: DiceSet) {
    s.active = Seat(active);
    s.phase = Phase::Crossing;
    s.rolls = ROLLS;
    s.pending = 0;
    s.dice = dice;
    s.used = DiceSet::EMPTY;
    s.to_act = SeatSet::EMPTY;
}

/// Gives seat `i` exactly the crossed spaces `set` (plus the white ones).
fn set_crossed(s: &mut State, i: usize, set: Spaces) {
    let board = Arc::clone(&s.setup.boards[i]);
    s.crossed[i] = set | board.white();
    s.derive(i);
}

/// Records that seat `i` completed area `a` earlier for `points`.
fn record(s: &mut State, i: usize, a: usize, points: u8) {
    let border = s.setup.boards[i].areas()[a].border;
    let crossed = s.crossed[i] | border;
    set_crossed(s, i, crossed);
    s.points[i][a] = points;
    s.scores[i] = s.points[i].iter().map(|&p| p as u16).sum();
}

fn area(s: &State, name: &str) -> (usize, Area) {
    let areas = s.board(Seat(0)).areas();
    let i = areas.iter().position(|a| a.name == name).unwrap();
    (i, areas[i].clone())
}

fn segment_index(s: &State, seat: u8, colour: Colour, len: usize) -> usize {
    s.board(Seat(seat))
        .segments()
        .iter()
        .position(|g| g.colour == colour && g.spaces.count() == len)
        .unwrap()
}

fn apply(s: &mut State, a: Action) {
    if let Err(e) = s.apply_in_place(&a) {
        panic!("{a} refused: {e}\n{s}");
    }
}

fn refused(s: &State, a: Action, e: Error) {
    let mut copy = s.clone();
    assert_eq!(copy.apply_in_place(&a), Err(e.clone()), "{a}");
    assert_eq!(copy, *s, "a refused action changed the state");
    assert_eq!(s.apply(&a), Err(e));
}

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

/// Sara: after her third roll she has 3 grey, 1 yellow, 1 blue; she may complete the grey
/// 3-segment or the grey 2-segment, but nothing with yellow or blue.
#[test]
fn sara_completes_whole_segments_only() {
    let mut s = new(3);
    at_crossing(&mut s, 0, ds(&[Grey, Grey, Grey, Yellow, Blue]));
    let mut acts = Vec::new();
    s.legal_actions(&mut acts);
    let g2 = segment_index(&s, 0, Grey, 2) as u8;
    let g3 = segment_index(&s, 0, Grey, 3) as u8;
    let mut want = vec![
        Action::Complete {
            seat: Seat(0),
            segment: g2,
        },
        Action::Complete {
            seat: Seat(0),
            segment: g3,
        },
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    let mut got: Vec<Action> = acts
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Complete { .. }))
        .collect();
    got.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want);
    assert!(acts.contains(&Action::Done(Seat(0))));
    let y4 = segment_index(&s, 0, Yellow, 4) as u8;
    refused(
        &s,
        Action::Complete {
            seat: Seat(0),
            segment: y4,
        },
        Error::NotEnoughDice {
            colour: Yellow,
            needed: 4,
            available: 1,
        },
    );
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: g3,
        },
    );
    let seg = s.board(Seat(0)).segments()[g3 as usize].spaces;
    assert!(seg.is_subset(&s.crossed(Seat(0))));
    // Nothing else can be completed: action 2 starts with the yellow and blue dice.
    assert_eq!(s.phase(), Phase::Others);
    for seat in [Seat(1), Seat(2)] {
        assert_eq!(s.available(seat), (ds(&[Yellow, Blue]), 2));
        // Only spaces of those colours next to the white spaces.
        let board = s.board(seat);
        let want = (reach_of(board, &board.white())
            & (board.colour_spaces(Yellow) | board.colour_spaces(Blue)))
            - board.white();
        assert_eq!(s.crossable(seat.index()), want);
        assert_eq!(s.to_act.contains(seat), !want.is_empty());
    }
}

/// Rulebook, action 1: the segment "não tem de estar ligado a outros espaços já traçados" —
/// a segment far from every crossed space can be completed; a single space of it cannot be
/// crossed on its own (no `Cross` in action 1).
#[test]
fn action_1_segments_need_no_adjacency() {
    let mut s = new(2);
    let board = Arc::clone(&s.setup.boards[0]);
    let near = reach_of(&board, &board.white());
    let (k, seg) = board
        .segments()
        .iter()
        .enumerate()
        .find(|(_, g)| !g.spaces.intersects(&near) && g.spaces.count() == 5)
        .unwrap();
    at_crossing(&mut s, 0, ds(&[seg.colour; 5]));
    refused(
        &s,
        Action::Cross {
            seat: Seat(0),
            space: seg.spaces.first().unwrap() as u8,
        },
        Error::NotSecondAction,
    );
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: k as u8,
        },
    );
    assert!(seg.spaces.is_subset(&s.crossed(Seat(0))));
    assert_eq!(s.used(), ds(&[seg.colour; 5]));
}

/// Luis: 4 yellow and 1 red complete three partly crossed segments (yellow 5, yellow 4,
/// red 3); every other player then picks one of his five dice.
#[test]
fn luis_uses_all_five_dice_and_the_others_pick_one() {
    let mut s = new(4);
    let y5 = segment_index(&s, 0, Yellow, 5);
    let y4 = segment_index(&s, 0, Yellow, 4);
    let r3 = segment_index(&s, 0, Red, 3);
    let segs = s.board(Seat(0)).segments().to_vec();
    let part = |set: Spaces, keep_open: usize| -> Spaces { set.iter().skip(keep_open).collect() };
    let pre = part(segs[y5].spaces, 2) | part(segs[y4].spaces, 2) | part(segs[r3].spaces, 1);
    set_crossed(&mut s, 0, pre);
    // The others can each reach a yellow space.
    for i in 1..4 {
        let board = Arc::clone(&s.setup.boards[i]);
        let y = board.colour_spaces(Yellow).first().unwrap();
        set_crossed(&mut s, i, board.neighbours(y) - board.colour_spaces(Yellow));
    }
    at_crossing(&mut s, 0, ds(&[Yellow, Yellow, Yellow, Yellow, Red]));
    for seg in [y5, y4, r3] {
        apply(
            &mut s,
            Action::Complete {
                seat: Seat(0),
                segment: seg as u8,
            },
        );
    }
    assert_eq!(s.used(), s.dice());
    assert_eq!(s.phase(), Phase::Others);
    for i in 1..4 {
        assert_eq!(s.available(Seat(i)), (s.dice(), 1));
    }
    // Seat 1 crosses one yellow space and is done: one die only.
    let y = s
        .crossable(1)
        .iter()
        .find(|&x| s.board(Seat(1)).spaces()[x].colour == Some(Yellow))
        .unwrap();
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(1),
            space: y as u8,
        },
    );
    assert!(!s.to_act.contains(Seat(1)));
    assert_eq!(s.available(Seat(1)).1, 0);
}

#[test]
fn unused_dice_go_to_the_others() {
    let mut s = new(2);
    at_crossing(&mut s, 0, ds(&[Grey, Grey, Green, Blue, Red]));
    let g2 = segment_index(&s, 0, Grey, 2) as u8;
    // None used: all five.
    let mut none = s.clone();
    apply(&mut none, Action::Done(Seat(0)));
    assert_eq!(none.pool[1], ds(&[Grey, Grey, Green, Blue, Red]));
    assert_eq!(none.left[1], 5);
    // Some used: the rest.
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: g2,
        },
    );
    assert_eq!(s.pool[1], ds(&[Green, Blue, Red]));
    assert_eq!(s.left[1], 3);
}

/// Finds spaces x, y of seat 1's board with x next to a white space and y next to x but not
/// next to any crossed space.
fn chain_pair(s: &State) -> (usize, usize) {
    let board = s.board(Seat(1));
    let first = reach_of(board, &board.white()) - board.white();
    for x in first.iter() {
        if let Some(y) = (board.neighbours(x) - first - board.white()).first() {
            return (x, y);
        }
    }
    panic!("no chain on the board");
}

#[test]
fn chain_within_action_flag_both_ways() {
    for chain in [true, false] {
        let mut config = Config::new(2);
        config.chain_within_action = chain;
        let mut s = State::new(&config).unwrap();
        let (x, y) = chain_pair(&s);
        let board = s.board(Seat(1)).clone();
        let (cx, cy) = (
            board.spaces()[x].colour.unwrap(),
            board.spaces()[y].colour.unwrap(),
        );
        // Spare dice for other spaces next to the white ones keep seat 1 in action 2.
        let mut dice = vec![cx, cy];
        let first = reach_of(&board, &board.white()) - board.white();
        for z in first.iter().filter(|&z| z != x) {
            if dice.len() < 5 {
                dice.push(board.spaces()[z].colour.unwrap());
            }
        }
        while dice.len() < 5 {
            dice.push(cx);
        }
        at_crossing(&mut s, 0, ds(&dice));
        apply(&mut s, Action::Done(Seat(0)));
        refused(
            &s,
            Action::Cross {
                seat: Seat(1),
                space: y as u8,
            },
            Error::NotAdjacent(y as u8),
        );
        apply(
            &mut s,
            Action::Cross {
                seat: Seat(1),
                space: x as u8,
            },
        );
        let second = Action::Cross {
            seat: Seat(1),
            space: y as u8,
        };
        if chain {
            apply(&mut s, second);
            assert!(s.crossed(Seat(1)).contains(y));
        } else {
            assert_eq!(s.phase(), Phase::Others);
            refused(&s, second, Error::NotAdjacent(y as u8));
        }
    }
}

/// A segment meeting the area's border: crossed on top of the rest of the border, it
/// completes the area.
fn finishing_segment(s: &State, seat: u8, area: &Area) -> usize {
    s.board(Seat(seat))
        .segments()
        .iter()
        .position(|g| g.spaces.intersects(&area.border))
        .unwrap()
}

#[test]
fn first_and_later_completions_in_action_1() {
    let mut s = new(2);
    let (w, well) = area(&s, "well");
    for seat in 0..2u8 {
        let k = finishing_segment(&s, seat, &well);
        let seg = s.board(Seat(seat)).segments()[k].clone();
        set_crossed(&mut s, seat as usize, well.border - seg.spaces);
        let mut dice = vec![seg.colour; seg.spaces.count()];
        while dice.len() < 5 {
            dice.push(if seg.colour == Grey { Green } else { Grey });
        }
        at_crossing(&mut s, seat, ds(&dice));
        let before = s.scores();
        apply(
            &mut s,
            Action::Complete {
                seat: Seat(seat),
                segment: k as u8,
            },
        );
        let value = if seat == 0 { well.high } else { well.low };
        assert_eq!(
            s.scores()[seat as usize] - before[seat as usize],
            value as i32
        );
        assert_eq!(s.area_points(Seat(seat))[w], value);
        assert_ne!(s.taken_areas() & (1 << w), 0);
    }
    assert_eq!((well.high, well.low), (4, 2));
}

#[test]
fn simultaneous_firsts_in_one_action_2_all_score_high() {
    let mut s = new(3);
    let (w, well) = area(&s, "well");
    let x = well.border.first().unwrap();
    let mut dice = Vec::new();
    for seat in 1..3 {
        set_crossed(&mut s, seat, well.border - [x].into_iter().collect());
        dice.push(s.board(Seat(seat as u8)).spaces()[x].colour.unwrap());
    }
    while dice.len() < 5 {
        dice.push(Orange);
    }
    at_crossing(&mut s, 0, ds(&dice));
    apply(&mut s, Action::Done(Seat(0)));
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(1),
            space: x as u8,
        },
    );
    assert_eq!(s.area_points(Seat(1))[w], well.high);
    // Not taken for later actions until this action 2 ends.
    assert_eq!(s.taken_areas() & (1 << w), 0);
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(2),
            space: x as u8,
        },
    );
    assert_eq!(s.area_points(Seat(2))[w], well.high);
    for seat in [Seat(1), Seat(2)] {
        if s.to_act.contains(seat) {
            apply(&mut s, Action::Done(seat));
        }
    }
    assert_eq!(s.phase(), Phase::Rolling);
    assert_ne!(s.taken_areas() & (1 << w), 0);
    // Seat 0 completes it in a later action 2: the low value.
    set_crossed(&mut s, 0, well.border - [x].into_iter().collect());
    let c = s.board(Seat(0)).spaces()[x].colour.unwrap();
    at_crossing(&mut s, 1, ds(&[c; 5]));
    apply(&mut s, Action::Done(Seat(1)));
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(0),
            space: x as u8,
        },
    );
    assert_eq!(s.area_points(Seat(0))[w], well.low);
}

/// The rulebook's end: Luis completes his 6th area in action 1, having been first on 3 areas
/// and later on 3; action 2 is still played, then the game ends. On the stand-in values,
/// first on vineyard (8), well (4) and mill (5) and later on fields (6), forest (5) and lake
/// (5) totals 33, as in the rulebook.
#[test]
fn rulebook_end_of_game_example_totals_33() {
    let mut s = new(4);
    let (v, _) = area(&s, "vineyard");
    let (w, _) = area(&s, "well");
    let (m, _) = area(&s, "mill");
    let (f, fields) = area(&s, "fields");
    let (fo, forest) = area(&s, "forest");
    let (l, lake) = area(&s, "lake");
    // Seat 1 was first on fields, forest and lake.
    for (a, high) in [(f, fields.high), (fo, forest.high), (l, lake.high)] {
        record(&mut s, 1, a, high);
        s.claimed |= 1 << a;
    }
    // Seat 0 (Luis): first on vineyard, well, mill; later on fields and forest.
    let areas = s.board(Seat(0)).areas().to_vec();
    for a in [v, w, m] {
        record(&mut s, 0, a, areas[a].high);
        s.claimed |= 1 << a;
    }
    for a in [f, fo] {
        record(&mut s, 0, a, areas[a].low);
    }
    assert_eq!(s.done[0].count_ones(), 5);
    // The lake is open only where one segment lies; completing it completes the lake alone.
    let before = s.crossed(Seat(0));
    let (k, seg) = s
        .board(Seat(0))
        .segments()
        .iter()
        .enumerate()
        .find(|(_, g)| {
            let after = before | lake.border | g.spaces;
            g.spaces.intersects(&(lake.border - before))
                && areas
                    .iter()
                    .enumerate()
                    .filter(|&(a, _)| a != l && s.done[0] & (1 << a) == 0)
                    .all(|(_, other)| !other.border.is_subset(&after))
        })
        .map(|(k, g)| (k, g.clone()))
        .unwrap();
    set_crossed(&mut s, 0, before | (lake.border - seg.spaces));
    assert_eq!(s.done[0].count_ones(), 5, "the lake is not complete yet");
    let open = (seg.spaces - s.crossed(Seat(0))).count();
    let mut dice = vec![seg.colour; open];
    while dice.len() < 5 {
        dice.push(if seg.colour == Orange { Grey } else { Orange });
    }
    // The others can use the rest in action 2.
    for i in 1..4 {
        let board = Arc::clone(&s.setup.boards[i]);
        let spare = board.colour_spaces(Orange) | board.colour_spaces(Grey);
        let near = (reach_of(&board, &s.crossed[i]) & spare) - s.crossed[i];
        if near.is_empty() {
            let o = (spare - s.crossed[i]).first().unwrap();
            let extra = s.crossed[i] | (board.neighbours(o) - spare);
            set_crossed(&mut s, i, extra);
        }
    }
    at_crossing(&mut s, 0, ds(&dice));
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: k as u8,
        },
    );
    assert_eq!(s.done[0].count_ones(), 6);
    assert_eq!(s.area_points(Seat(0))[l], lake.low);
    assert_eq!(s.scores()[0], 33);
    // Action 2 follows: the game is not over yet.
    if s.phase() == Phase::Crossing {
        apply(&mut s, Action::Done(Seat(0)));
    }
    assert_eq!(s.phase(), Phase::Others);
    assert!(s.outcome().is_none());
    let mut buf = Vec::new();
    while let Turn::Seats(set) = s.turn() {
        let seat = set.first().unwrap();
        s.legal_actions_for(seat, &mut buf);
        let a = *buf
            .iter()
            .find(|a| matches!(a, Action::Cross { .. }))
            .unwrap_or(&buf[0]);
        apply(&mut s, a);
    }
    assert_eq!(s.turn(), Turn::Over);
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.scores[0], 33);
}

/// Rulebook "Pontuando as Áreas": one space can close two areas; each is scored on its own —
/// here one was completed before by someone else (low value), the other is new (high value).
#[test]
fn one_space_completing_two_areas_scores_both() {
    let mut s = new(3);
    let board = Arc::clone(&s.setup.boards[1]);
    let areas = board.areas().to_vec();
    // A coloured space on the border of two areas, next to the rest of both borders, such that
    // crossing everything but it completes nothing yet.
    let (a, b, x) = (0..AREAS)
        .flat_map(|a| (a + 1..AREAS).map(move |b| (a, b)))
        .find_map(|(a, b)| {
            let both = areas[a].border | areas[b].border;
            (areas[a].border & areas[b].border)
                .iter()
                .filter(|&x| board.spaces()[x].colour.is_some())
                .find(|&x| {
                    let mut rest = both;
                    rest.remove(x);
                    areas
                        .iter()
                        .all(|ar| !ar.border.is_subset(&(rest | board.white())))
                })
                .map(|x| (a, b, x))
        })
        .expect("the stand-in board has a space shared by two areas");
    let mut rest = areas[a].border | areas[b].border;
    rest.remove(x);
    set_crossed(&mut s, 1, rest);
    assert_eq!(s.done[1], 0);
    // Area `a` was completed earlier by seat 2; area `b` by nobody.
    record(&mut s, 2, a, areas[a].high);
    s.claimed |= 1 << a;
    let c = board.spaces()[x].colour.unwrap();
    at_crossing(&mut s, 0, ds(&[c; 5]));
    apply(&mut s, Action::Done(Seat(0)));
    let before = s.scores()[1];
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(1),
            space: x as u8,
        },
    );
    assert_eq!(s.completed(Seat(1)), (1 << a) | (1 << b));
    assert_eq!(s.area_points(Seat(1))[a], areas[a].low);
    assert_eq!(s.area_points(Seat(1))[b], areas[b].high);
    assert_eq!(
        s.scores()[1] - before,
        (areas[a].low + areas[b].high) as i32
    );
}

/// Rulebook: those who complete an area "numa ação ou ronda seguinte" score the low value —
/// the active player's first completion in action 1 makes a completion in the same round's
/// action 2 a later one.
#[test]
fn first_in_action_1_makes_action_2_of_the_same_round_later() {
    let mut s = new(2);
    let (w, well) = area(&s, "well");
    // Seat 0: the well and a segment through it crossed but for one space z of both.
    let board0 = Arc::clone(&s.setup.boards[0]);
    let (k, z) = board0
        .segments()
        .iter()
        .enumerate()
        .find_map(|(k, g)| (g.spaces & well.border).first().map(|z| (k, z)))
        .unwrap();
    let mut pre = well.border | board0.segments()[k].spaces;
    pre.remove(z);
    set_crossed(&mut s, 0, pre);
    assert_eq!(s.done[0], 0);
    // Seat 1: the well but for one coloured space y.
    let board1 = Arc::clone(&s.setup.boards[1]);
    let y = (well.border - board1.white()).first().unwrap();
    let mut pre1 = well.border;
    pre1.remove(y);
    set_crossed(&mut s, 1, pre1);
    assert_eq!(s.done[1], 0);
    let cz = board0.spaces()[z].colour.unwrap();
    let cy = board1.spaces()[y].colour.unwrap();
    at_crossing(&mut s, 0, ds(&[cz, cy, cy, cy, cy]));
    apply(
        &mut s,
        Action::Complete {
            seat: Seat(0),
            segment: k as u8,
        },
    );
    assert_eq!(s.area_points(Seat(0))[w], well.high);
    if s.phase() == Phase::Crossing {
        apply(&mut s, Action::Done(Seat(0)));
    }
    assert_eq!(s.phase(), Phase::Others);
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(1),
            space: y as u8,
        },
    );
    assert_eq!(s.area_points(Seat(1))[w], well.low);
}

/// End of the game when the 6th area comes in action 2: the other players still finish that
/// action 2 (and score), then the game ends instead of a new round starting.
#[test]
fn sixth_area_in_action_2_ends_the_game_after_that_action_2() {
    let mut s = new(3);
    let board1 = Arc::clone(&s.setup.boards[1]);
    // Seat 1 has five areas; the villa is open at one space only.
    let names = ["well", "mill", "orchard", "meadow", "vineyard"];
    for name in names {
        let (a, ar) = area(&s, name);
        record(&mut s, 1, a, ar.high);
        s.claimed |= 1 << a;
    }
    assert_eq!(s.done[1].count_ones(), 5);
    let (v, villa) = area(&s, "villa");
    let x = (villa.border - s.crossed[1])
        .iter()
        .find(|&x| board1.spaces()[x].colour.is_some())
        .unwrap();
    let mut pre = s.crossed[1] | villa.border;
    pre.remove(x);
    let points = s.points[1];
    set_crossed(&mut s, 1, pre);
    s.points[1] = points;
    assert_eq!(s.done[1].count_ones(), 5);
    let cx = board1.spaces()[x].colour.unwrap();
    // Seat 2 can cross something with the same dice.
    let board2 = Arc::clone(&s.setup.boards[2]);
    let near2 = (reach_of(&board2, &s.crossed[2]) & board2.colour_spaces(cx)) - s.crossed[2];
    if near2.is_empty() {
        let o = (board2.colour_spaces(cx) - s.crossed[2]).first().unwrap();
        let extra = s.crossed[2] | board2.neighbours(o);
        set_crossed(&mut s, 2, extra - board2.colour_spaces(cx));
    }
    at_crossing(&mut s, 0, ds(&[cx; 5]));
    apply(&mut s, Action::Done(Seat(0)));
    assert_eq!(s.to_act, SeatSet::from_bits(0b110));
    apply(
        &mut s,
        Action::Cross {
            seat: Seat(1),
            space: x as u8,
        },
    );
    assert_eq!(s.done[1].count_ones(), 6);
    assert_eq!(s.area_points(Seat(1))[v], villa.high);
    if s.to_act.contains(Seat(1)) {
        apply(&mut s, Action::Done(Seat(1)));
    }
    // Seat 2 still plays its action 2.
    assert_eq!(s.turn(), Turn::Seats(SeatSet::single(Seat(2))));
    let before = s.crossed(Seat(2));
    let mut buf = Vec::new();
    s.legal_actions(&mut buf);
    let cross = *buf
        .iter()
        .find(|a| matches!(a, Action::Cross { .. }))
        .unwrap();
    apply(&mut s, cross);
    assert_ne!(s.crossed(Seat(2)), before);
    if s.to_act.contains(Seat(2)) {
        apply(&mut s, Action::Done(Seat(2)));
    }
    assert_eq!(s.turn(), Turn::Over);
    let total: u16 =
        names.iter().map(|n| area(&s, n).1.high as u16).sum::<u16>() + villa.high as u16;
    assert_eq!(s.scores()[1] as u16, total);
}

#[test]
fn game_ends_after_the_action_2_in_which_a_6th_area_is_completed() {
    // Random games: once someone has 6 areas, no new round starts, and the game ends.
    for seed in 0..6 {
        let config = State::standard_config(3, seed).unwrap();
        let mut m: Match<State> = Match::new(config, seed).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..3)
            .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
            .collect();
        loop {
            let before = m.state().clone();
            m.step(&mut agents).unwrap();
            let s = m.state();
            let six = (0..3).any(|i| s.done[i].count_ones() >= END_AREAS);
            let was_six = (0..3).any(|i| before.done[i].count_ones() >= END_AREAS);
            if was_six {
                assert_ne!(s.phase(), Phase::Rolling);
            }
            if s.turn() == Turn::Over {
                assert!(six);
                break;
            }
        }
    }
}

#[test]
fn tie_break_by_best_single_area() {
    let mut s = new(3);
    s.phase = Phase::Over;
    s.points[0] = [9, 4, 0, 0, 0, 0, 0, 0, 0];
    s.points[1] = [12, 1, 0, 0, 0, 0, 0, 0, 0];
    s.points[2] = [6, 6, 1, 0, 0, 0, 0, 0, 0];
    for i in 0..3 {
        s.scores[i] = s.points[i].iter().map(|&p| p as u16).sum();
    }
    let o = s.outcome().unwrap();
    assert_eq!(o.scores, vec![13, 13, 13]);
    assert_eq!(o.winners, SeatSet::single(Seat(1)));
    s.points[1] = [9, 4, 0, 0, 0, 0, 0, 0, 0];
    let o = s.outcome().unwrap();
    assert_eq!(o.winners.len(), 2, "still tied: shared");
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let s = new(2);
    // At the roll.
    refused(&s, Action::Stop(Seat(0)), Error::DiceRolling);
    refused(
        &s,
        Action::Roll(ds(&[Grey, Grey])),
        Error::WrongDiceCount {
            expected: 5,
            found: 2,
        },
    );
    let mut s1 = s.clone();
    apply(&mut s1, Action::Roll(ds(&[Grey, Grey, Red, Blue, Orange])));
    refused(&s1, Action::Roll(ds(&[Grey])), Error::NoRollPending);
    refused(&s1, Action::Stop(Seat(1)), Error::NotYourTurn(Seat(1)));
    refused(&s1, Action::Stop(Seat(9)), Error::NotYourTurn(Seat(9)));
    refused(
        &s1,
        Action::Reroll {
            seat: Seat(0),
            dice: DiceSet::EMPTY,
        },
        Error::EmptyReroll,
    );
    refused(
        &s1,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Yellow]),
        },
        Error::NotShowing(ds(&[Yellow])),
    );
    refused(&s1, Action::Done(Seat(0)), Error::StillRolling);
    refused(
        &s1,
        Action::Complete {
            seat: Seat(0),
            segment: 0,
        },
        Error::NotFirstAction,
    );
    refused(
        &s1,
        Action::Cross {
            seat: Seat(1),
            space: 1,
        },
        Error::NotSecondAction,
    );
    // Action 1.
    let mut s2 = s.clone();
    at_crossing(&mut s2, 0, ds(&[Grey, Grey, Red, Blue, Orange]));
    refused(
        &s2,
        Action::Complete {
            seat: Seat(0),
            segment: 99,
        },
        Error::NoSuchSegment(99),
    );
    let g2 = segment_index(&s2, 0, Grey, 2);
    let mut done = s2.clone();
    let seg = done.board(Seat(0)).segments()[g2].spaces;
    set_crossed(&mut done, 0, seg);
    refused(
        &done,
        Action::Complete {
            seat: Seat(0),
            segment: g2 as u8,
        },
        Error::SegmentComplete(g2 as u8),
    );
    refused(
        &s2,
        Action::Complete {
            seat: Seat(1),
            segment: g2 as u8,
        },
        Error::NotYourTurn(Seat(1)),
    );
    refused(&s2, Action::Done(Seat(1)), Error::NotYourTurn(Seat(1)));
    refused(
        &s2,
        Action::Reroll {
            seat: Seat(0),
            dice: ds(&[Red]),
        },
        Error::NotRolling,
    );
    // Action 2.
    let mut s3 = s2.clone();
    apply(&mut s3, Action::Done(Seat(0)));
    assert_eq!(s3.phase(), Phase::Others);
    refused(
        &s3,
        Action::Cross {
            seat: Seat(0),
            space: 1,
        },
        Error::NotYourTurn(Seat(0)),
    );
    refused(
        &s3,
        Action::Cross {
            seat: Seat(1),
            space: 200,
        },
        Error::NoSuchSpace(200),
    );
    refused(
        &s3,
        Action::Cross {
            seat: Seat(1),
            space: 0,
        },
        Error::AlreadyCrossed(0),
    );
    let board = s3.board(Seat(1)).clone();
    let far = (board.all() - reach_of(&board, &board.white()))
        .iter()
        .find(|&x| {
            board.spaces()[x]
                .colour
                .is_some_and(|c| s3.pool[1].count(c) > 0)
        })
        .unwrap();
    refused(
        &s3,
        Action::Cross {
            seat: Seat(1),
            space: far as u8,
        },
        Error::NotAdjacent(far as u8),
    );
    let no_die = (reach_of(&board, &board.white()) - board.white())
        .iter()
        .find(|&x| {
            board.spaces()[x]
                .colour
                .is_some_and(|c| s3.pool[1].count(c) == 0)
        })
        .unwrap();
    let c = board.spaces()[no_die].colour.unwrap();
    refused(
        &s3,
        Action::Cross {
            seat: Seat(1),
            space: no_die as u8,
        },
        Error::NoDieOfColour(c),
    );
    let mut empty = s3.clone();
    empty.left[1] = 0;
    refused(
        &empty,
        Action::Cross {
            seat: Seat(1),
            space: no_die as u8,
        },
        Error::NoDiceLeft,
    );
    refused(&s3, Action::Stop(Seat(1)), Error::NotRolling);
    // Over.
    let mut over = s.clone();
    over.phase = Phase::Over;
    refused(&over, Action::Done(Seat(0)), Error::GameOver);
    refused(&over, Action::Roll(ds(&[Grey; 5])), Error::GameOver);
}

#[test]
fn bad_configs_are_refused() {
    assert_eq!(State::new(&Config::new(1)), Err(Error::PlayerCount(1)));
    assert_eq!(State::standard_config(5, 0), Err(Error::PlayerCount(5)));
    let mut c = Config::new(2);
    c.first_player = Seat(2);
    assert_eq!(State::new(&c), Err(Error::FirstPlayer(Seat(2))));
    let mut c = Config::new(3);
    c.boards.pop();
    assert_eq!(
        State::new(&c),
        Err(Error::BoardCount {
            seats: 3,
            boards: 2
        })
    );
    let mut c = Config::new(2);
    c.boards[1] = BoardSource::Map("map\nww".into());
    assert!(matches!(
        State::new(&c),
        Err(Error::Map { seat: Seat(1), .. })
    ));
    // A valid map with other values is another geometry.
    let mut c = Config::new(2);
    c.boards[1] = BoardSource::Map(
        crate::BoardId::B
            .map()
            .replace("area 6 well 4 2", "area 6 well 3 1"),
    );
    assert_eq!(State::new(&c), Err(Error::BoardsDiffer(Seat(1))));
    // A custom map with the same geometry is accepted.
    let mut c = Config::new(2);
    c.boards[1] = BoardSource::Map(crate::BoardId::D.map().to_string());
    assert!(State::new(&c).is_ok());
}

#[test]
fn serde_round_trip_and_corrupted_states() {
    let config = State::standard_config(4, 3).unwrap();
    let mut m: Match<State> = Match::new(config, 3).unwrap();
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
        .collect();
    for _ in 0..200 {
        m.step(&mut agents).unwrap();
    }
    let s = m.state().clone();
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let corrupt = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        f(&mut v);
        serde_json::from_value::<State>(v).is_err()
    };
    assert!(corrupt(&|v| v["active"] = 7.into()));
    assert!(corrupt(&|v| v["crossed"][0] = serde_json::json!([1, 2])));
    assert!(corrupt(
        &|v| v["crossed"][0] = serde_json::json!([0, 85, 200])
    ));
    assert!(corrupt(&|v| v["points"][1][0] = 99.into()));
    assert!(corrupt(&|v| v["pending"] = 9.into()));
    assert!(corrupt(&|v| v["phase"] = "Over".into()));
    assert!(corrupt(&|v| v["claimed"] = 4096.into()));
    assert!(corrupt(&|v| {
        v["pool"].as_array_mut().unwrap().pop();
    }));
    assert!(corrupt(&|v| v["config"]["seats"] = 9.into()));
}

/// The segments touching `spaces`, whole: a set of crossed spaces that action 1 alone can
/// produce.
fn whole_segments(board: &Board, spaces: Spaces) -> Spaces {
    board
        .segments()
        .iter()
        .filter(|g| !(g.spaces & spaces).is_empty())
        .fold(board.white(), |m, g| m | g.spaces)
}

/// Gives seat `i` the crossed spaces `set` and the first value of every area they complete,
/// marked as taken.
fn first_on_all(s: &mut State, i: usize, set: Spaces) {
    set_crossed(s, i, set);
    let board = Arc::clone(&s.setup.boards[i]);
    for (a, area) in board.areas().iter().enumerate() {
        if s.done[i] & (1 << a) != 0 {
            s.points[i][a] = area.high;
            s.claimed |= 1 << a;
        }
    }
    s.scores[i] = s.points[i].iter().map(|&p| p as u16).sum();
}

/// A deserialised state in which someone completed an area that is not marked as taken would
/// give the next completer the high value: refused.
#[test]
fn completed_areas_must_be_marked_taken_in_loaded_states() {
    let mut s = new(2);
    let (_, well) = area(&s, "well");
    let board = Arc::clone(&s.setup.boards[1]);
    first_on_all(&mut s, 1, whole_segments(&board, well.border));
    let value = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(value.clone()).unwrap(), s);
    let mut v = value.clone();
    v["claimed"] = 0.into();
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(
        e.contains("was completed, but it is not marked as taken"),
        "{e}"
    );
    // A finished game may not be resumed at the dice.
    let mut v = value;
    v["phase"] = "Deciding".into();
    v["rolls"] = 1.into();
    v["pending"] = 0.into();
    v["dice"] = serde_json::json!([5, 0, 0, 0, 0, 0]);
    serde_json::from_value::<State>(v.clone()).unwrap();
    let six = board.areas()[..6]
        .iter()
        .fold(Spaces::EMPTY, |acc, a| acc | a.border);
    let mut ended = s.clone();
    first_on_all(&mut ended, 1, whole_segments(&board, six));
    let e = serde_json::to_value(&ended).unwrap();
    for field in ["crossed", "points", "claimed"] {
        v[field] = e[field].clone();
    }
    assert!(serde_json::from_value::<State>(v)
        .unwrap_err()
        .to_string()
        .contains("phase"));
}

#[test]
fn views_show_everything() {
    let mut s = new(3);
    apply(&mut s, Action::Roll(ds(&[Grey, Grey, Red, Blue, Orange])));
    for seat in 0..3 {
        let v = s.view(Seat(seat));
        assert_eq!(v.seat, Seat(seat));
        assert_eq!(v.state, s, "no hidden information");
    }
}

#[test]
fn displays() {
    let s = new(2);
    let text = s.to_string();
    assert!(text.contains("seat 0 (board A)"));
    assert!(text.contains("seat 1 (board B)"));
    assert_eq!(
        Action::Reroll {
            seat: Seat(1),
            dice: ds(&[Red, Grey])
        }
        .to_string(),
        "seat 1 re-rolls grey red"
    );
    assert_eq!(Action::Roll(ds(&[Blue])).to_string(), "the dice show blue");
    assert_eq!(
        Action::Cross {
            seat: Seat(0),
            space: 3
        }
        .to_string(),
        "seat 0 crosses space 3"
    );
}

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
