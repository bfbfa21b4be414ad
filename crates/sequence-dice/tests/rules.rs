//! The rules, case by case: every roll, the sides, winning, the flags, and every refusal.

use dicecore::{chance::d6_sums, Game, Probability, Seat, SeatSet, Turn};
use sequence_dice::board::{numbered, Cells, NUMBERS, PROTECTED};
use sequence_dice::{
    roll_probability, Action, Colour, Config, Error, Phase, PositionError, Space, State,
    MAX_TURNS_LIMIT,
};

fn sp(name: &str) -> Space {
    Space::parse(name).unwrap_or_else(|| panic!("bad space {name}"))
}

fn cells(names: &[&str]) -> Cells {
    names.iter().map(|n| sp(n).index()).collect()
}

fn config(seats: u8) -> Config {
    Config::with_start(seats, Seat(0)).unwrap()
}

fn position(c: &Config, green: &[&str], blue: &[&str], red: &[&str], to_move: u8) -> State {
    State::from_position(c, [cells(green), cells(blue), cells(red)], Seat(to_move)).unwrap()
}

fn place(seat: u8, name: &str) -> Action {
    Action::Place {
        seat: Seat(seat),
        space: sp(name),
    }
}

fn remove(seat: u8, name: &str) -> Action {
    Action::Remove {
        seat: Seat(seat),
        space: sp(name),
    }
}

fn legal(s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

fn rolled(mut s: State, roll: u8) -> State {
    s.apply_in_place(&Action::Roll(roll)).unwrap();
    s
}

/// The names of every space numbered `n`.
fn names_of(n: u8) -> Vec<String> {
    numbered(n)
        .iter()
        .map(|i| Space(i as u8).to_string())
        .collect()
}

// ---------------------------------------------------------------- components and chance

#[test]
fn the_roll_is_a_chance_action_with_the_36_outcome_distribution() {
    let s = State::new(&config(2)).unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.len(), 11);
    let expected: Vec<(Action, Probability)> = d6_sums(2)
        .into_iter()
        .map(|(t, p)| (Action::Roll(t as u8), p))
        .collect();
    assert_eq!(outcomes, expected);
    // 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways out of 36.
    for (total, ways) in (2..=12).zip([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) {
        assert_eq!(roll_probability(total), Probability::new(ways, 36));
        assert!(outcomes.contains(&(Action::Roll(total), Probability::new(ways, 36))));
    }
    assert_eq!(roll_probability(1), Probability::ZERO);
    assert_eq!(roll_probability(13), Probability::ZERO);
    assert_eq!(
        Probability::sum(outcomes.iter().map(|(_, p)| *p)),
        Some(Probability::ONE)
    );
    let acts = legal(&s);
    assert_eq!(acts, (2..=12).map(Action::Roll).collect::<Vec<_>>());
    assert!(acts.iter().all(|a| s.action_seat(a).is_none()));
}

#[test]
fn sampled_rolls_follow_the_distribution() {
    let s = State::new(&config(2)).unwrap();
    let mut dice = dicecore::Dice::from_seed(3);
    let mut counts = [0u32; 13];
    let n = 36_000;
    for _ in 0..n {
        let Some(Action::Roll(t)) = s.sample_chance(&mut dice) else {
            panic!("not a roll")
        };
        counts[t as usize] += 1;
    }
    // Within ±20% of the exact expectation 1000 × ways.
    for (total, ways) in (2..=12).zip([1u32, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) {
        let c = counts[total];
        assert!(
            c * 5 > ways * 1000 * 4 && c * 5 < ways * 1000 * 6,
            "{total}: {c}"
        );
    }
    let after = rolled(s, 7);
    assert_eq!(after.sample_chance(&mut dice), None);
    assert!(after.chance_outcomes().is_empty());
}

#[test]
fn board_numbers() {
    assert_eq!(NUMBERS.iter().filter(|&&n| n == 10 || n == 11).count(), 0);
    assert_eq!(names_of(2), ["a1", "f1", "a6", "f6"]);
    assert_eq!(names_of(12), ["c3", "d3", "c4", "d4"]);
    assert_eq!(names_of(7), ["b2", "e2", "b5", "e5"]);
    assert_eq!(PROTECTED.count(), 8);
}

/// The rules reference's board, row 0 on top, as printed there.
const REFERENCE_BOARD: &str = "
 2  3  4  5  6  2
 6  7  8  9  7  3
 5  9 12 12  8  4
 4  8 12 12  9  5
 3  7  9  8  7  6
 2  6  5  4  3  2
";

#[test]
fn the_board_is_the_reference_layout_space_by_space() {
    let reference: Vec<u8> = REFERENCE_BOARD
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(reference.len(), 36);
    for (i, &n) in reference.iter().enumerate() {
        let space = Space(i as u8);
        assert_eq!(space.number(), Some(n), "{space}");
        assert!(numbered(n).contains(i), "{space}");
        // A 10 cannot remove from the 2 and 12 spaces, and from no other.
        assert_eq!(PROTECTED.contains(i), n == 2 || n == 12, "{space}");
    }
    // A quarter turn either way leaves every number where it was.
    for r in 0..6 {
        for c in 0..6 {
            assert_eq!(reference[r * 6 + c], reference[(5 - c) * 6 + r]);
            assert_eq!(reference[r * 6 + c], reference[c * 6 + (5 - r)]);
        }
    }
}

// ---------------------------------------------------------------- sides and setup

#[test]
fn sides_and_colours() {
    let two = config(2);
    assert_eq!(two.sides(), 2);
    assert_eq!(two.colour_of(Seat(1)), Colour::Blue);
    let three = config(3);
    assert_eq!(three.sequence_length, 5);
    assert_eq!(
        [0, 1, 2].map(|s| three.colour_of(Seat(s))),
        [Colour::Green, Colour::Blue, Colour::Red]
    );
    let four = config(4);
    assert_eq!(four.sequence_length, 6);
    assert_eq!(
        [0, 1, 2, 3].map(|s| four.colour_of(Seat(s))),
        [Colour::Green, Colour::Blue, Colour::Green, Colour::Blue]
    );
    assert_eq!(
        four.seats_of(Colour::Green),
        [Seat(0), Seat(2)].into_iter().collect()
    );
    assert_eq!(four.seats_of(Colour::Red), SeatSet::EMPTY);
    assert_eq!(two.chips_per_colour, 20);
    assert_eq!(two.max_turns, 1000);
    assert!(!two.bonus_without_placement);
}

#[test]
fn standard_config_draws_the_start_player_from_the_seed() {
    let mut starts = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let c = State::standard_config(4, seed).unwrap();
        assert_eq!(c, State::standard_config(4, seed).unwrap());
        assert!(c.start.0 < 4);
        starts.insert(c.start.0);
        let s = State::new(&c).unwrap();
        assert_eq!(s.to_move(), c.start);
    }
    assert_eq!(starts.len(), 4);
}

#[test]
fn turn_order_goes_round_the_seats() {
    let c = Config::with_start(4, Seat(2)).unwrap();
    let mut s = State::new(&c).unwrap();
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(s.to_move().0);
        s = rolled(s, 10); // nothing to remove on an empty board: the turn ends
    }
    assert_eq!(order, [2, 3, 0, 1, 2]);
    assert_eq!(s.turns_played(), 5);
}

// ---------------------------------------------------------------- placing

#[test]
fn placing_on_a_free_space_of_the_roll() {
    let c = config(2);
    let s = position(&c, &["b2"], &["e2"], &[], 0);
    let s = rolled(s, 7);
    assert_eq!(s.turn(), Turn::Seat(Seat(0)));
    assert_eq!(legal(&s), vec![place(0, "b5"), place(0, "e5")]);
    let before = s.supply(Colour::Green);
    let s = s.apply(&place(0, "e5")).unwrap();
    assert_eq!(s.chip_at(sp("e5")), Some(Colour::Green));
    assert_eq!(s.supply(Colour::Green), before - 1);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.to_move(), Seat(1));
}

#[test]
fn replacing_when_the_four_spaces_are_taken() {
    let c = config(2);
    let s = position(&c, &["b2", "b5"], &["e2", "e5"], &[], 0);
    let s = rolled(s, 7);
    assert_eq!(legal(&s), vec![place(0, "e2"), place(0, "e5")]);
    let s = s.apply(&place(0, "e2")).unwrap();
    assert_eq!(s.chip_at(sp("e2")), Some(Colour::Green));
    // The replaced chip is back in its owner's supply.
    assert_eq!(s.supply(Colour::Blue), 19);
    assert_eq!(s.supply(Colour::Green), 17);
}

#[test]
fn replacing_on_2_and_12_spaces_too() {
    let c = config(2);
    let s = position(&c, &["c3", "d3", "c4"], &["d4"], &[], 0);
    let s = rolled(s, 12);
    assert_eq!(legal(&s), vec![place(0, "d4")]);
    let s = position(&c, &["a1"], &["f1", "a6", "f6"], &[], 0);
    let s = rolled(s, 2);
    assert_eq!(legal(&s).len(), 3);
}

#[test]
fn nothing_when_all_four_spaces_are_your_sides() {
    let c = config(2);
    let s = position(&c, &["b2", "b5", "e2", "e5"], &[], &[], 0);
    let s = rolled(s, 7);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.to_move(), Seat(1));
    assert_eq!(s.turns_played(), 1);
    assert_eq!(s.chips(Colour::Green).count(), 4);
    // In the team game a partner's chips are your side's too.
    let c = config(4);
    let s = position(&c, &["b2", "b5", "e2", "e5"], &[], &[], 2);
    let s = rolled(s, 7);
    assert_eq!(s.to_move(), Seat(3));
    assert_eq!(s.turn(), Turn::Chance);
}

#[test]
fn with_three_players_either_opponent_may_be_replaced() {
    let c = config(3);
    let s = position(&c, &["b2", "e5"], &["e2"], &["b5"], 0);
    let s = rolled(s, 7);
    assert_eq!(legal(&s), vec![place(0, "e2"), place(0, "b5")]);
    let s = s.apply(&place(0, "b5")).unwrap();
    assert_eq!(s.chip_at(sp("b5")), Some(Colour::Green));
    assert_eq!(s.supply(Colour::Red), 20);
    assert_eq!(s.supply(Colour::Blue), 19);
    assert_eq!(s.to_move(), Seat(1));
}

#[test]
fn in_the_team_game_a_partners_chips_are_never_replaced_or_removed() {
    let c = config(4);
    // Seat 0 laid green on b2, b5 and a1; its partner, seat 2, is to move.
    let s = position(&c, &["b2", "b5", "a1"], &["e2", "e5", "b3"], &[], 2);
    let seven = rolled(s, 7);
    assert_eq!(legal(&seven), vec![place(2, "e2"), place(2, "e5")]);
    refused(&seven, place(2, "b2"), Error::OwnChip(sp("b2")));
    let ten = rolled(s, 10);
    assert_eq!(
        legal(&ten),
        vec![remove(2, "e2"), remove(2, "b3"), remove(2, "e5")]
    );
    refused(&ten, remove(2, "b5"), Error::OwnChip(sp("b5")));
}

// ---------------------------------------------------------------- 10: defensive

#[test]
fn ten_removes_an_opponent_chip_but_not_from_2_or_12_spaces() {
    let c = config(3);
    let s = position(&c, &["b2"], &["a1", "c3", "e5"], &["c2"], 0);
    let s = rolled(s, 10);
    assert_eq!(legal(&s), vec![remove(0, "c2"), remove(0, "e5")]);
    let s = s.apply(&remove(0, "c2")).unwrap();
    assert_eq!(s.chip_at(sp("c2")), None);
    assert_eq!(s.supply(Colour::Red), 20);
    assert_eq!(s.to_move(), Seat(1));
    assert_eq!(s.turn(), Turn::Chance);
}

#[test]
fn ten_with_nothing_to_remove_ends_the_turn() {
    let c = config(2);
    // Blue's chips are all on 2 and 12 spaces; green's own chips are never removed.
    let s = position(&c, &["b2"], &["a1", "d4"], &[], 0);
    let s = rolled(s, 10);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.to_move(), Seat(1));
    assert_eq!(s.occupied().count(), 3);
}

// ---------------------------------------------------------------- 11: wild

#[test]
fn eleven_places_on_any_free_space() {
    let c = config(2);
    let s = position(&c, &["b2"], &["e2"], &[], 0);
    let s = rolled(s, 11);
    assert_eq!(legal(&s).len(), 34);
    let s = s.apply(&place(0, "c3")).unwrap();
    assert_eq!(s.chip_at(sp("c3")), Some(Colour::Green));
    assert_eq!(s.to_move(), Seat(1)); // 11 is not a bonus roll
}

#[test]
fn eleven_on_a_full_board_replaces_any_opponent_chip() {
    let c = config(2);
    // A full board with no sequence: columns alternate, shifted every two rows.
    let mut green = Vec::new();
    let mut blue = Vec::new();
    for i in 0..36u8 {
        let (r, col) = (i / 6, i % 6);
        let name = Space(i).to_string();
        if (r / 2 + col) % 2 == 0 {
            green.push(name);
        } else {
            blue.push(name);
        }
    }
    let g: Vec<&str> = green.iter().map(String::as_str).collect();
    let b: Vec<&str> = blue.iter().map(String::as_str).collect();
    let s = position(&c, &g, &b, &[], 0);
    assert_eq!(s.occupied().count(), 36);
    let s = rolled(s, 11);
    let acts = legal(&s);
    assert_eq!(acts.len(), 18);
    assert!(acts.iter().all(
        |a| matches!(a, Action::Place { space, .. } if s.chip_at(*space) == Some(Colour::Blue))
    ));
    // 2 and 12 spaces included.
    let corner_blue = b.iter().find(|n| sp(n).number() == Some(2)).unwrap();
    let after = s.apply(&place(0, corner_blue)).unwrap();
    assert_eq!(after.chip_at(sp(corner_blue)), Some(Colour::Green));
    assert_eq!(after.supply(Colour::Blue), 3);
    // Never one's own chip.
    refused(&s, place(0, g[0]), Error::OwnChip(sp(g[0])));
}

// ---------------------------------------------------------------- 2 and 12: bonus turn

#[test]
fn two_and_twelve_give_another_turn_after_placing() {
    let c = config(2);
    let s = State::new(&c).unwrap();
    let s = rolled(s, 2);
    let s = s.apply(&place(0, "a1")).unwrap();
    assert_eq!(s.to_move(), Seat(0));
    assert_eq!(s.turn(), Turn::Chance);
    let s = rolled(s, 12);
    let s = s.apply(&place(0, "d4")).unwrap();
    assert_eq!(s.to_move(), Seat(0));
    assert_eq!(s.turns_played(), 2);
    let s = rolled(s, 5);
    let s = s.apply(&place(0, "a3")).unwrap();
    assert_eq!(s.to_move(), Seat(1));
}

#[test]
fn no_bonus_turn_when_nothing_was_placed_unless_the_flag_says_so() {
    let corners = ["a1", "f1", "a6", "f6"];
    let c = config(2);
    let s = rolled(position(&c, &corners, &[], &[], 0), 2);
    assert_eq!(s.to_move(), Seat(1));
    let c = {
        let mut c = config(2);
        c.bonus_without_placement = true;
        c
    };
    let s = rolled(position(&c, &corners, &[], &[], 0), 2);
    assert_eq!(s.to_move(), Seat(0));
    assert_eq!(s.turn(), Turn::Chance);
    // An empty supply also places nothing.
    let c = {
        let mut c = config(2);
        c.chips_per_colour = 1;
        c
    };
    let s = rolled(position(&c, &["b2"], &[], &[], 0), 12);
    assert_eq!(s.to_move(), Seat(1));
    let c = {
        let mut c = config(2);
        c.chips_per_colour = 1;
        c.bonus_without_placement = true;
        c
    };
    let s = rolled(position(&c, &["b2"], &[], &[], 0), 12);
    assert_eq!(s.to_move(), Seat(0));
    // A 10 never gives a bonus turn, flag or not.
    let s = rolled(position(&c, &["b2"], &[], &[], 0), 10);
    assert_eq!(s.to_move(), Seat(1));
}

#[test]
fn a_replacement_on_a_2_or_12_space_also_gives_the_extra_turn() {
    // "o jogador coloca uma ficha normalmente, E ENTÃO TEM OUTRA JOGADA": a replacement is
    // the normal placement when the four spaces are taken.
    let c = config(2);
    let s = rolled(position(&c, &["a1", "f1"], &["a6", "f6"], &[], 0), 2);
    assert_eq!(legal(&s), vec![place(0, "a6"), place(0, "f6")]);
    let s = s.apply(&place(0, "f6")).unwrap();
    assert_eq!(s.chip_at(sp("f6")), Some(Colour::Green));
    assert_eq!(s.supply(Colour::Blue), 19);
    assert_eq!((s.turn(), s.to_move()), (Turn::Chance, Seat(0)));
    let s = rolled(position(&c, &["c3", "d3"], &["c4", "d4"], &[], 1), 12);
    assert_eq!(legal(&s), vec![place(1, "c3"), place(1, "d3")]);
    let s = s.apply(&place(1, "d3")).unwrap();
    assert_eq!((s.turn(), s.to_move()), (Turn::Chance, Seat(1)));
    assert_eq!(s.turns_played(), 1);
}

#[test]
fn all_four_12_spaces_your_own_no_extra_turn_unless_the_flag_says_so() {
    let centre = ["c3", "d3", "c4", "d4"];
    let s = rolled(position(&config(2), &centre, &[], &[], 0), 12);
    assert_eq!((s.turn(), s.to_move()), (Turn::Chance, Seat(1)));
    assert_eq!(s.occupied(), cells(&centre));
    let c = {
        let mut c = config(2);
        c.bonus_without_placement = true;
        c
    };
    let s = rolled(position(&c, &centre, &[], &[], 0), 12);
    assert_eq!((s.turn(), s.to_move()), (Turn::Chance, Seat(0)));
    assert_eq!(s.turns_played(), 1);
    // In the team game the partner's chips count as one's own here too.
    let c = config(4);
    let s = rolled(position(&c, &centre, &[], &[], 2), 12);
    assert_eq!((s.turn(), s.to_move()), (Turn::Chance, Seat(3)));
}

// ---------------------------------------------------------------- supply

#[test]
fn an_empty_supply_cannot_place_or_replace() {
    let c = {
        let mut c = config(2);
        c.chips_per_colour = 3;
        c
    };
    let s = position(&c, &["b2", "b5", "a1"], &["e2", "e5"], &[], 0);
    assert_eq!(s.supply(Colour::Green), 0);
    assert_eq!(s.supply(Colour::Blue), 1);
    assert_eq!(s.supply(Colour::Red), 0);
    for roll in [3, 7, 11, 12] {
        let after = rolled(s, roll);
        assert_eq!(after.turn(), Turn::Chance, "roll {roll}");
        assert_eq!(after.to_move(), Seat(1));
        assert_eq!(after.occupied(), s.occupied());
    }
    // Removing needs no chip from the supply.
    let after = rolled(s, 10);
    assert_eq!(after.turn(), Turn::Seat(Seat(0)));
    let after = after.apply(&remove(0, "e2")).unwrap();
    assert_eq!(after.supply(Colour::Blue), 2);
    // A chip coming back makes the supply usable again.
    let mut s = position(&c, &["b2", "b5", "a1"], &["e2", "e5"], &[], 1);
    s = rolled(s, 7);
    assert_eq!(legal(&s), vec![place(1, "b2"), place(1, "b5")]);
    s = s.apply(&place(1, "b2")).unwrap();
    assert_eq!(s.supply(Colour::Green), 1);
    assert_eq!(s.supply(Colour::Blue), 0);
    s = rolled(s, 3);
    assert_eq!(s.turn(), Turn::Seat(Seat(0)));
}

// ---------------------------------------------------------------- winning

/// Places the last chip of a line and checks the result.
fn finish_line(c: &Config, line: &[&str], seat: u8, others: &[&str]) -> State {
    let side = c.colour_of(Seat(seat)).index();
    let (last, rest) = line.split_last().unwrap();
    let mut chips = [Cells::EMPTY; 3];
    chips[side] = cells(rest);
    chips[(side + 1) % c.sides()] = cells(others);
    let s = State::from_position(c, chips, Seat(seat)).unwrap();
    let s = rolled(s, 11);
    s.apply(&place(seat, last)).unwrap()
}

#[test]
fn sequences_of_six_in_all_four_directions() {
    let c = config(2);
    let lines: [&[&str]; 4] = [
        &["a3", "b3", "c3", "d3", "e3", "f3"],
        &["d1", "d2", "d3", "d4", "d5", "d6"],
        &["a1", "b2", "c3", "d4", "e5", "f6"],
        &["f1", "e2", "d3", "c4", "b5", "a6"],
    ];
    for line in lines {
        // Last chip at either end and in the middle.
        for k in [0, 2, 5] {
            let mut l: Vec<&str> = line.to_vec();
            let last = l.remove(k);
            l.push(last);
            let s = finish_line(&c, &l, 1, &[]);
            assert_eq!(s.phase(), Phase::Won(Colour::Blue), "{l:?}");
            assert_eq!(s.turn(), Turn::Over);
            let o = s.outcome().unwrap();
            assert_eq!(o.winners, SeatSet::single(Seat(1)));
            assert_eq!(o.scores, vec![0, 1]);
        }
        // Five of six is not enough for a game to six.
        let s = finish_line(&c, &line[..5], 1, &[]);
        assert_eq!(s.phase(), Phase::Playing, "{line:?}");
    }
}

#[test]
fn sequences_of_five_in_all_four_directions() {
    let c = config(3);
    let lines: [&[&str]; 6] = [
        &["b6", "c6", "d6", "e6", "f6"],
        &["a2", "a3", "a4", "a5", "a6"],
        &["b1", "c2", "d3", "e4", "f5"],
        &["a2", "b3", "c4", "d5", "e6"],
        &["e1", "d2", "c3", "b4", "a5"],
        &["f2", "e3", "d4", "c5", "b6"],
    ];
    for line in lines {
        let s = finish_line(&c, line, 2, &[]);
        assert_eq!(s.winner(), Some(Colour::Red), "{line:?}");
        assert_eq!(s.outcome().unwrap().winners, SeatSet::single(Seat(2)));
        let s = finish_line(&c, &line[..4], 2, &[]);
        assert_eq!(s.winner(), None);
    }
}

#[test]
fn a_longer_line_also_counts() {
    let c = {
        let mut c = config(2);
        c.sequence_length = 5;
        c
    };
    // a3..c3 and e3..f3 are green; filling d3 makes six in a row.
    let s = finish_line(&c, &["a3", "b3", "c3", "e3", "f3", "d3"], 0, &[]);
    assert_eq!(s.winner(), Some(Colour::Green));
}

#[test]
fn sequence_length_flag_both_ways() {
    let five = {
        let mut c = config(2);
        c.sequence_length = 5;
        c
    };
    let six = config(2);
    let line = ["b2", "c2", "d2", "e2", "f2"];
    assert_eq!(
        finish_line(&five, &line, 0, &[]).winner(),
        Some(Colour::Green)
    );
    assert_eq!(finish_line(&six, &line, 0, &[]).winner(), None);
    let three_six = {
        let mut c = config(3);
        c.sequence_length = 6;
        c
    };
    assert_eq!(finish_line(&three_six, &line, 0, &[]).winner(), None);
}

#[test]
fn gaps_and_other_colours_break_a_line() {
    let c = config(2);
    // Blue sits in the middle of green's row.
    let s = finish_line(&c, &["a3", "b3", "d3", "e3", "f3"], 0, &["c3"]);
    assert_eq!(s.winner(), None);
    // Not in a straight line: a knight's-move kink.
    let s = finish_line(&c, &["a1", "b2", "c3", "d4", "e5", "e6"], 0, &[]);
    assert_eq!(s.winner(), None);
}

#[test]
fn the_team_shares_a_colour_and_wins_together() {
    let c = config(4);
    // Seat 0 laid five green chips; seat 2 completes the line for the team.
    let s = finish_line(&c, &["a4", "b4", "c4", "d4", "e4", "f4"], 2, &[]);
    assert_eq!(s.winner(), Some(Colour::Green));
    let o = s.outcome().unwrap();
    assert_eq!(o.winners, [Seat(0), Seat(2)].into_iter().collect());
    assert_eq!(o.scores, vec![1, 0, 1, 0]);
    let s = finish_line(&c, &["a4", "b4", "c4", "d4", "e4", "f4"], 3, &[]);
    assert_eq!(
        s.outcome().unwrap().winners,
        [Seat(1), Seat(3)].into_iter().collect()
    );
}

#[test]
fn a_replacement_can_win_and_the_win_comes_before_the_bonus_turn() {
    let c = config(2);
    // Green holds b2..f6 on the a1-f6 diagonal and the other 2 spaces; blue holds a1.
    let s = position(
        &c,
        &["b2", "c3", "d4", "e5", "f6", "f1", "a6"],
        &["a1"],
        &[],
        0,
    );
    let s = rolled(s, 2);
    assert_eq!(legal(&s), vec![place(0, "a1")]);
    let s = s.apply(&place(0, "a1")).unwrap();
    assert_eq!(s.winner(), Some(Colour::Green));
    assert_eq!(s.turn(), Turn::Over);
    assert_eq!(s.supply(Colour::Blue), 20);
}

#[test]
fn a_sequence_already_on_the_board_is_refused_as_a_position() {
    let c = config(2);
    let err = State::from_position(
        &c,
        [
            cells(&["a1", "b1", "c1", "d1", "e1", "f1"]),
            Cells::EMPTY,
            Cells::EMPTY,
        ],
        Seat(0),
    );
    assert_eq!(
        err,
        Err(Error::Position(PositionError::UnclaimedSequence(
            Colour::Green
        )))
    );
}

#[test]
fn a_sequence_on_a_2_or_12_roll_ends_the_game_before_the_extra_turn_with_either_flag() {
    // Row 3 is 5 9 12 12 8 4: green fills the gap at c3 with a 12 on a free space.
    for bonus_without_placement in [false, true] {
        let c = {
            let mut c = config(2);
            c.bonus_without_placement = bonus_without_placement;
            c
        };
        let s = position(&c, &["a3", "b3", "d3", "e3", "f3"], &["c4"], &[], 0);
        let s = rolled(s, 12);
        assert_eq!(legal(&s), vec![place(0, "c3"), place(0, "d4")]);
        let s = s.apply(&place(0, "c3")).unwrap();
        assert_eq!(s.phase(), Phase::Won(Colour::Green));
        assert_eq!(s.turn(), Turn::Over);
        assert_eq!(s.turns_played(), 1);
        assert_eq!(s.apply(&Action::Roll(7)), Err(Error::GameOver));
    }
}

#[test]
fn a_removal_never_makes_a_sequence() {
    // Row 2 is 6 7 8 9 7 3: blue's chip on c2 (an 8) splits green's row; a 10 takes it away,
    // which leaves a gap, not a line.
    let c = {
        let mut c = config(2);
        c.sequence_length = 5;
        c
    };
    let s = position(&c, &["a2", "b2", "d2", "e2", "f2"], &["c2"], &[], 0);
    let s = rolled(s, 10);
    assert_eq!(legal(&s), vec![remove(0, "c2")]);
    let s = s.apply(&remove(0, "c2")).unwrap();
    assert_eq!(s.phase(), Phase::Playing);
    assert_eq!((s.turn(), s.to_move()), (Turn::Chance, Seat(1)));
    assert_eq!(s.supply(Colour::Blue), 20);
}

// ---------------------------------------------------------------- turn limit

#[test]
fn the_game_is_drawn_after_max_turns() {
    let c = {
        let mut c = config(2);
        c.max_turns = 3;
        c
    };
    let mut s = State::new(&c).unwrap();
    s = rolled(s, 2);
    s = s.apply(&place(0, "a1")).unwrap(); // turn 1, bonus
    s = rolled(s, 10); // turn 2: nothing to remove
    assert_eq!(s.turns_played(), 2);
    assert_eq!(s.to_move(), Seat(1));
    s = rolled(s, 7);
    assert_eq!(s.turn(), Turn::Seat(Seat(1)));
    s = s.apply(&place(1, "b2")).unwrap(); // turn 3
    assert_eq!(s.phase(), Phase::Drawn);
    assert_eq!(s.turn(), Turn::Over);
    let o = s.outcome().unwrap();
    assert_eq!(o.scores, vec![0, 0]);
    assert_eq!(o.winners, SeatSet::all(2));
    assert_eq!(s.apply(&Action::Roll(7)), Err(Error::GameOver));
    // A win on the last turn is still a win.
    let c = {
        let mut c = config(2);
        c.max_turns = 1;
        c
    };
    let s = finish_line(&c, &["a1", "b1", "c1", "d1", "e1", "f1"], 0, &[]);
    assert_eq!(s.phase(), Phase::Won(Colour::Green));
}

#[test]
fn the_turn_limit_counts_turns_with_nothing_placed_and_cuts_off_an_extra_turn() {
    let c = {
        let mut c = config(2);
        c.max_turns = 1;
        c
    };
    // A 10 on an empty board: nothing to remove, but the turn is played.
    let s = rolled(State::new(&c).unwrap(), 10);
    assert_eq!(s.phase(), Phase::Drawn);
    assert_eq!(s.turns_played(), 1);
    // A placed 2 would give another turn, but the limit comes first.
    let s = rolled(State::new(&c).unwrap(), 2)
        .apply(&place(0, "a1"))
        .unwrap();
    assert_eq!(s.phase(), Phase::Drawn);
    assert_eq!(s.outcome().unwrap().winners, SeatSet::all(2));
    let c = {
        let mut c = c;
        c.bonus_without_placement = true;
        c
    };
    let s = rolled(position(&c, &["a1", "f1", "a6", "f6"], &[], &[], 0), 2);
    assert_eq!(s.phase(), Phase::Drawn);
}

// ---------------------------------------------------------------- refusals

/// Applies an illegal action both ways and checks the error and that nothing changed.
fn refused(s: &State, a: Action, e: Error) {
    assert_eq!(s.apply(&a), Err(e.clone()), "{a}");
    let mut copy = *s;
    assert_eq!(copy.apply_in_place(&a), Err(e));
    assert_eq!(copy, *s);
}

#[test]
fn every_illegal_action_has_its_own_error_and_changes_nothing() {
    let c = config(3);
    let base = position(&c, &["b2", "a1"], &["e2", "c3"], &["b5"], 0);
    // Before the roll.
    refused(&base, place(0, "e5"), Error::MustRoll);
    refused(&base, remove(0, "e2"), Error::MustRoll);
    refused(&base, Action::Roll(1), Error::NoSuchRoll(1));
    refused(&base, Action::Roll(13), Error::NoSuchRoll(13));
    // After a 7.
    let seven = rolled(base, 7);
    refused(&seven, Action::Roll(7), Error::AlreadyRolled(7));
    refused(&seven, place(1, "e5"), Error::NotYourTurn(Seat(1)));
    refused(&seven, place(7, "e5"), Error::NotYourTurn(Seat(7)));
    refused(
        &seven,
        Action::Place {
            seat: Seat(0),
            space: Space(36),
        },
        Error::NoSuchSpace(Space(36)),
    );
    refused(
        &seven,
        place(0, "c2"),
        Error::WrongNumber {
            space: sp("c2"),
            number: 8,
            roll: 7,
        },
    );
    refused(&seven, place(0, "e2"), Error::SpaceTaken(sp("e2")));
    refused(&seven, place(0, "b5"), Error::SpaceTaken(sp("b5")));
    refused(&seven, place(0, "b2"), Error::OwnChip(sp("b2")));
    refused(&seven, remove(0, "e2"), Error::MustPlace(7));
    // After an 11: any free space, but a taken one only on a full board.
    let eleven = rolled(base, 11);
    refused(&eleven, place(0, "c3"), Error::SpaceTaken(sp("c3")));
    refused(&eleven, place(0, "a1"), Error::OwnChip(sp("a1")));
    // After a 10.
    let ten = rolled(base, 10);
    refused(&ten, place(0, "e5"), Error::MustRemove);
    refused(&ten, remove(0, "d2"), Error::NoChip(sp("d2")));
    refused(&ten, remove(0, "b2"), Error::OwnChip(sp("b2")));
    refused(&ten, remove(0, "c3"), Error::Protected(sp("c3")));
    refused(&ten, remove(2, "e2"), Error::NotYourTurn(Seat(2)));
    refused(
        &ten,
        Action::Remove {
            seat: Seat(0),
            space: Space(255),
        },
        Error::NoSuchSpace(Space(255)),
    );
    // After the end.
    let won = finish_line(&config(2), &["a1", "b1", "c1", "d1", "e1", "f1"], 0, &[]);
    refused(&won, Action::Roll(7), Error::GameOver);
    refused(&won, place(1, "b2"), Error::GameOver);
    refused(&won, remove(1, "b2"), Error::GameOver);
}

#[test]
fn bad_configs_are_refused() {
    let good = config(2);
    let cases = [
        (
            {
                let mut c = good;
                c.seats = 1;
                c
            },
            Error::PlayerCount(1),
        ),
        (
            {
                let mut c = good;
                c.seats = 5;
                c
            },
            Error::PlayerCount(5),
        ),
        (
            {
                let mut c = good;
                c.start = Seat(2);
                c
            },
            Error::StartSeat(Seat(2)),
        ),
        (
            {
                let mut c = good;
                c.sequence_length = 4;
                c
            },
            Error::SequenceLength(4),
        ),
        (
            {
                let mut c = good;
                c.sequence_length = 7;
                c
            },
            Error::SequenceLength(7),
        ),
        (
            {
                let mut c = good;
                c.max_turns = 0;
                c
            },
            Error::MaxTurns(0),
        ),
        (
            {
                let mut c = good;
                c.max_turns = MAX_TURNS_LIMIT + 1;
                c
            },
            Error::MaxTurns(MAX_TURNS_LIMIT + 1),
        ),
        (
            {
                let mut c = good;
                c.chips_per_colour = 0;
                c
            },
            Error::ChipsPerColour(0),
        ),
        (
            {
                let mut c = good;
                c.chips_per_colour = 37;
                c
            },
            Error::ChipsPerColour(37),
        ),
    ];
    for (c, e) in cases {
        assert_eq!(State::new(&c), Err(e.clone()), "{c:?}");
        assert_eq!(c.validate(), Err(e));
    }
    assert_eq!(State::standard_config(5, 0), Err(Error::PlayerCount(5)));
    assert_eq!(Config::with_start(1, Seat(0)), Err(Error::PlayerCount(1)));
}

// ---------------------------------------------------------------- serialised states

#[test]
fn corrupted_states_are_refused_when_read() {
    let c = config(2);
    let s = rolled(position(&c, &["b2", "a1"], &["c3"], &[], 0), 7);
    let json = serde_json::to_value(s).unwrap();
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, s);
    let edits: Vec<(&str, serde_json::Value)> = vec![
        ("/chips/0", serde_json::json!([7, 40])), // off the board
        ("/chips/0", serde_json::json!([7, 70])), // outside the set
        ("/chips/1", serde_json::json!([7])),     // stacked with green
        ("/chips/2", serde_json::json!([9])),     // red in a two-player game
        ("/chips/0", serde_json::json!((0..21).collect::<Vec<_>>())), // too many chips
        ("/chips/0", serde_json::json!([0, 1, 2, 3, 4, 5])), // a sequence, no winner
        ("/to_move", serde_json::json!(2)),
        ("/turns", serde_json::json!(1001)),
        ("/turns", serde_json::json!(1000)), // at the limit but playing
        ("/roll", serde_json::json!(13)),
        ("/roll", serde_json::json!(10)), // nothing to remove: no choice
        ("/status", serde_json::json!("Drawn")),
        ("/status", serde_json::json!({"Won": "Blue"})),
        ("/config/seats", serde_json::json!(9)),
        ("/config/sequence_length", serde_json::json!(3)),
    ];
    for (path, value) in edits {
        let mut bad = json.clone();
        *bad.pointer_mut(path).unwrap() = value.clone();
        let r: Result<State, _> = serde_json::from_value(bad);
        assert!(r.is_err(), "{path} = {value} was accepted");
    }
    // A finished game reads back; its winner must hold a sequence.
    let won = finish_line(&c, &["a1", "b1", "c1", "d1", "e1", "f1"], 0, &[]);
    let json = serde_json::to_value(won).unwrap();
    assert_eq!(serde_json::from_value::<State>(json.clone()).unwrap(), won);
    let mut bad = json.clone();
    *bad.pointer_mut("/roll").unwrap() = serde_json::json!(7);
    assert!(serde_json::from_value::<State>(bad).is_err());
    let mut bad = json;
    *bad.pointer_mut("/chips/0").unwrap() = serde_json::json!([0, 1]);
    assert!(serde_json::from_value::<State>(bad).is_err());
    assert!(serde_json::from_str::<State>("{}").is_err());
    assert!(serde_json::from_str::<State>("[1,2,3]").is_err());
}

// ---------------------------------------------------------------- view and display

#[test]
fn views_hide_nothing_and_differ_only_in_whose_they_are() {
    let c = config(4);
    let s = rolled(position(&c, &["b2", "a1"], &["e2"], &[], 1), 7);
    let views: Vec<_> = (0..4).map(|i| s.view(Seat(i))).collect();
    for (i, v) in views.iter().enumerate() {
        assert_eq!(v.seat, Seat(i as u8));
        assert_eq!(v.colour, c.colour_of(Seat(i as u8)));
        assert_eq!(
            v.chips,
            [cells(&["b2", "a1"]), cells(&["e2"]), Cells::EMPTY]
        );
        assert_eq!(v.supply, [18, 19, 0]);
        assert_eq!(v.roll, Some(7));
        assert_eq!(v.to_move, Seat(1));
        assert_eq!(v.config, c);
        let mut same = *v;
        same.seat = Seat(0);
        same.colour = Colour::Green;
        assert_eq!(same, views[0]);
    }
    // Determinizing is a plain copy: there is nothing hidden to resample.
    let mut dice = dicecore::Dice::from_seed(1);
    assert_eq!(s.determinize(Seat(0), &mut dice), s);
}

#[test]
fn display_shows_the_board() {
    let c = config(2);
    let s = rolled(position(&c, &["b2", "a1"], &["e2"], &[], 0), 7);
    let text = s.to_string();
    assert!(text.contains(" 1    2G  3.  4.  5.  6.  2."), "{text}");
    assert!(text.contains(" 2    6.  7G  8.  9.  7B  3."), "{text}");
    assert!(
        text.contains("seat 0 (green) rolled 7: place a chip on a free 7 space"),
        "{text}"
    );
    assert!(
        text.contains("green (G): seat 0, 2 on the board, 18 in supply"),
        "{text}"
    );
    assert_eq!(place(0, "e5").to_string(), "seat 0 places a chip on e5");
    assert_eq!(remove(1, "c2").to_string(), "seat 1 removes the chip on c2");
    assert_eq!(Action::Roll(9).to_string(), "the dice show 9");
}
