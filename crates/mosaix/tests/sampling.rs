//! `Game::sample_action` draws exactly uniformly from `legal_actions_for` without listing.
mod common;

use common::*;
use dicecore::conformance::{check_uniform_at, run_sampling, Settings};
use dicecore::{Dice, Game, Seat};
use mosaix::{Action, SoloStuck, State};

/// Chi-square on fixed seeds at states spread over random games of every player count.
#[test]
fn sampling_is_uniform_every_player_count() {
    run_sampling::<State>(&Settings::default().cases(3), 4, 40);
}

/// Exact: with as many draws as a seat has actions times `k`, every listed action is drawn
/// and nothing else; arranging, entering, solo ends and passes included.
#[test]
fn sampling_draws_only_and_every_listed_action() {
    let mut positions = Vec::new();
    let mut s = State::new(&State::standard_config(3, 4).unwrap()).unwrap();
    s.apply_in_place(&Action::Roll(mosaix::Roll::new([O, T, T, X])))
        .unwrap();
    positions.push(s.clone());
    let roller = s.roller();
    s.apply_in_place(&Action::Arrange {
        seat: roller,
        formation: i_of([O, T, T, X]),
    })
    .unwrap();
    positions.push(s.clone());
    // Solo with passes allowed, on a card where only a T fits: a pass and the end to draw.
    let mut config = State::standard_config(1, 0).unwrap();
    config.solo_stuck = SoloStuck::Pass;
    let mut solo = with_solo(&State::new(&config).unwrap(), solo_t_only_card(), 7);
    roll_and_arrange(&mut solo, [O, O, T, X], i_of([O, O, T, X]));
    positions.push(solo);
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    let mut dice = Dice::from_seed(9);
    for state in &positions {
        let seat = state.turn().next_seat().unwrap_or(Seat(0));
        state.legal_actions_for(seat, &mut legal);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..legal.len() * 60 {
            let a = state.sample_action(seat, &mut dice, &mut scratch).unwrap();
            assert!(legal.contains(&a), "{a} is not listed");
            seen.insert(a);
        }
        assert_eq!(seen.len(), legal.len(), "{state}");
        check_uniform_at(state, seat, 11, 200).unwrap();
        // Nothing for a seat that is not to move.
        if let dicecore::Turn::Seat(s) = state.turn() {
            let other = s.next(state.seats());
            assert_eq!(state.sample_action(other, &mut dice, &mut scratch), None);
        }
    }
}
