//! Action 2: the others cross single adjacent spaces, chained within the action or not (the flag both ways).

use super::*;

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
        refused(&s, cross(1, y as u8), Error::NotAdjacent(y as u8));
        apply(&mut s, cross(1, x as u8));
        let second = cross(1, y as u8);
        if chain {
            apply(&mut s, second);
            assert!(s.crossed(Seat(1)).contains(y));
        } else {
            assert_eq!(s.phase(), Phase::Others);
            refused(&s, second, Error::NotAdjacent(y as u8));
        }
    }
}
