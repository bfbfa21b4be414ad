//! The dicecore conformance suite, hidden information, and the golden replay.
mod common;

use common::*;
use dicecore::conformance::{golden_game, run, run_encode, run_with, Settings};
use dicecore::{Agent, Dice, Game, Match, Replay, Seat, Turn};
use mosaix::{Card, Cell, Config, SoloStuck, State, Symbol};
use serde::{Deserialize, Serialize};

fn settings(cases: u32) -> Settings {
    Settings::default().cases(cases)
}

#[test]
fn conformance_standard_every_player_count() {
    run::<State>(&settings(24));
}

/// Every legal action met has an id that decodes back to it; observations are read from the
/// view only (determinising changes nothing a seat sees).
#[test]
fn action_ids_and_observation_tensors() {
    run_encode::<State>(&settings(12));
}

/// The reference's decision (`start_cell`/`start_symbol` per card) the other way: blank cards
/// and printed symbols elsewhere; and both solo readings of a formation that cannot be entered.
#[test]
fn conformance_with_other_cards() {
    run_with::<State>(&Settings::default().cases(12), |seats, seed| {
        let mut dice = Dice::from_seed(seed);
        let cards = (0..seats)
            .map(|_| {
                if dice.below(3) == 0 {
                    Card::BLANK
                } else {
                    let cell = Cell::new(dice.below(7) as u8, dice.below(7) as u8);
                    Card::printed(cell, Symbol::ALL[dice.index(3)])
                }
            })
            .collect();
        let mut config = Config::with_start(seats, Seat(dice.below(seats as u32) as u8))
            .map_err(|e| e.to_string())?;
        config.cards = cards;
        config.solo_stuck = if dice.below(2) == 0 {
            SoloStuck::EndGame
        } else {
            SoloStuck::Pass
        };
        Ok(config)
    });
}

/// Solo games that do not end early: the agent never ends the game by choice, so the scale
/// fills up and the all-boxes-crossed rule is exercised.
#[test]
fn solo_games_run_to_the_end_of_the_scale() {
    struct Stubborn(Dice);
    impl Agent<State> for Stubborn {
        fn choose(&mut self, state: &State, seat: Seat) -> Option<mosaix::Action> {
            let mut legal = Vec::new();
            state.legal_actions_for(seat, &mut legal);
            if legal.len() > 1 {
                legal.retain(|a| !matches!(a, mosaix::Action::End { .. }));
            }
            Some(legal[self.0.index(legal.len())])
        }
    }
    let mut crossed_out = 0;
    for seed in 0..12 {
        let mut config = State::standard_config(1, seed).unwrap();
        if seed % 2 == 1 {
            config.solo_stuck = SoloStuck::Pass;
        }
        let mut m: Match<State> = Match::new(config, seed).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> =
            vec![Box::new(Stubborn(Dice::from_seed(seed)))];
        m.play_out(&mut agents, 10_000).unwrap();
        let s = m.state();
        assert_eq!(s.turn(), Turn::Over);
        if s.free_boxes() == Some(0) {
            crossed_out += 1;
        }
        assert_eq!(m.replay().run().unwrap(), *s);
    }
    assert!(crossed_out > 0);
}

#[test]
fn others_entries_stay_hidden_until_the_turn_ends() {
    let mut s = State::new(&State::standard_config(3, 1).unwrap()).unwrap();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let before: Vec<_> = (0..3).map(|i| s.view(Seat(i))).collect();
    let mut legal = Vec::new();
    s.legal_actions_for(Seat(0), &mut legal);
    s.apply_in_place(&legal[5]).unwrap();
    // Seat 0 sees its entry; seats 1 and 2 still see seat 0's card as it was.
    let v0 = s.view(Seat(0));
    let v1 = s.view(Seat(1));
    assert_eq!(v0.grids[0].filled_count(), 5);
    assert_eq!(v1.grids[0], before[1].grids[0]);
    assert_eq!(v1.grids[0].filled_count(), 1);
    // A state with another entry of seat 0 looks the same to seat 1.
    let mut alt = State::new(&State::standard_config(3, 1).unwrap()).unwrap();
    roll_and_arrange(&mut alt, [O, O, T, X], i_of([O, O, T, X]));
    let mut alt_legal = Vec::new();
    alt.legal_actions_for(Seat(0), &mut alt_legal);
    alt.apply_in_place(&alt_legal[9]).unwrap();
    assert_ne!(alt, s);
    assert_eq!(alt.view(Seat(1)), s.view(Seat(1)));
    assert_eq!(alt.view(Seat(2)), s.view(Seat(2)));
    assert_ne!(alt.view(Seat(0)), s.view(Seat(0)));
    // So does its rendering, which does not show seat 0's entry as the state's does.
    let shown = s.view(Seat(1)).to_string();
    assert_eq!(shown, alt.view(Seat(1)).to_string());
    assert_ne!(s.to_string(), alt.to_string());
    assert!(shown.contains("seat 1's view"), "{shown}");
    assert_ne!(s.view(Seat(0)).to_string(), alt.view(Seat(0)).to_string());
    // determinize keeps what seat 1 sees.
    let mut dice = Dice::from_seed(3);
    let d = s.determinize(Seat(1), &mut dice);
    assert_eq!(d.view(Seat(1)), s.view(Seat(1)));
    // When the turn ends everything is revealed.
    for seat in [Seat(1), Seat(2)] {
        s.legal_actions_for(seat, &mut legal);
        s.apply_in_place(&legal[0]).unwrap();
    }
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.view(Seat(1)).grids[0].filled_count(), 5);
}

/// `determinize(seat)` resamples exactly what `seat` cannot see: the other players' entries of
/// this turn, as legal entries of the same formation on their cards as the turn began; the
/// seat's own entry, the pending players and everything else stay.
#[test]
fn determinize_resamples_only_the_hidden_entries() {
    let mut s = State::new(&State::standard_config(3, 1).unwrap()).unwrap();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let start = s.clone();
    let mut legal = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        s.legal_actions_for(seat, &mut legal);
        s.apply_in_place(&legal[7]).unwrap();
    }
    let mut changed = 0;
    for seed in 0..20 {
        let mut dice = Dice::from_seed(seed);
        let d = s.determinize(Seat(1), &mut dice);
        assert_eq!(d.view(Seat(1)), s.view(Seat(1)));
        assert_eq!(d.entry(Seat(1)), s.entry(Seat(1)));
        assert_eq!(d.grid(Seat(1)), s.grid(Seat(1)));
        assert_eq!(d.grid(Seat(2)), s.grid(Seat(2)));
        assert_eq!(d.turn(), s.turn());
        // Seat 0's entry is one it could have made.
        start.legal_actions_for(Seat(0), &mut legal);
        let e = *d.entry(Seat(0)).unwrap();
        assert!(legal.contains(&mosaix::Action::Enter {
            seat: Seat(0),
            marks: e
        }));
        if d.entry(Seat(0)) != s.entry(Seat(0)) {
            changed += 1;
        }
        // A determinized state is a valid state.
        let back: State = serde_json::from_value(serde_json::to_value(&d).unwrap()).unwrap();
        assert_eq!(back, d);
    }
    assert!(changed > 0);
    // Seat 2 has not entered: its own view is everything it may know, nothing to resample of it.
    let d = s.determinize(Seat(2), &mut Dice::from_seed(1));
    assert_eq!(d.grid(Seat(2)), s.grid(Seat(2)));
    assert_eq!(d.view(Seat(2)), s.view(Seat(2)));
}

/// The checked-in golden replay: seed 42, random agents with seeds 0..seats.
#[derive(Serialize, Deserialize)]
struct Golden {
    seats: u8,
    scores: Vec<i32>,
    replay: Replay<State>,
}

fn play_golden(seats: u8) -> Golden {
    let m = golden_game::<State>(seats, 42, 100_000).unwrap();
    Golden {
        seats,
        scores: m.state().scores(),
        replay: m.replay(),
    }
}

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden-seed42.json");

#[test]
fn golden_replay_seed_42() {
    if std::env::var("TABULA_BLESS").as_deref() == Ok("1") {
        let all: Vec<Golden> = (1..=4).map(play_golden).collect();
        std::fs::write(GOLDEN, serde_json::to_string_pretty(&all).unwrap() + "\n").unwrap();
    }
    let text = std::fs::read_to_string(GOLDEN).expect("golden file (bless with TABULA_BLESS=1)");
    let all: Vec<Golden> = serde_json::from_str(&text).unwrap();
    assert_eq!(all.len(), 4);
    for g in all {
        let state = g.replay.run().unwrap();
        assert_eq!(state.turn(), Turn::Over);
        assert_eq!(state.scores(), g.scores, "{} seats", g.seats);
        // Playing again with the same seeds gives the same game.
        let again = play_golden(g.seats);
        assert_eq!(again.replay, g.replay, "{} seats", g.seats);
    }
}

/// At a simultaneous turn no seat's view tells what another deciding seat chose (issue 28).
#[test]
fn simultaneous_turns_keep_choices_secret() {
    dicecore::conformance::run_simultaneous_secrecy::<State>(&Settings::default().cases(3));
}

/// The whole table's picture and every seat's view keep their words apart, clear of the
/// shapes they are not written on and inside the picture, along random games of every player
/// count (`dicecore::conformance::pictures`).
#[test]
fn pictures_are_laid_out() {
    dicecore::conformance::run_pictures::<State>(&Settings::default().cases(6).deep_every(5));
}

/// The pictures of the golden game, the table and a view, are the recorded files
/// (`tests/data/pictures/`; `TABULA_BLESS=1` writes them after a change meant to be seen).
#[test]
fn golden_pictures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pictures");
    dicecore::conformance::pictures::run_golden_pictures::<State>(std::path::Path::new(dir));
}
