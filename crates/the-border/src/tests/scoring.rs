//! Completing areas (first and later), the end of the game and the tie-break, with the rulebook's examples.

use super::*;

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
    apply(&mut s, cross(1, x as u8));
    assert_eq!(s.area_points(Seat(1))[w], well.high);
    // Not taken for later actions until this action 2 ends.
    assert_eq!(s.taken_areas() & (1 << w), 0);
    apply(&mut s, cross(2, x as u8));
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
    apply(&mut s, cross(0, x as u8));
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
    apply(&mut s, cross(1, x as u8));
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
    apply(&mut s, cross(1, y as u8));
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
    apply(&mut s, cross(1, x as u8));
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
