//! The dicecore conformance suite, with the standard config and with every flag changed.

use dicecore::conformance::{run, run_with, Settings};
use dicecore::{Game, Seat};
use sequence_dice::{Config, State};

fn settings(cases: u32) -> Settings {
    Settings::default()
        .cases(cases)
        .max_actions(5_000)
        .deep_every(4)
}

#[test]
fn standard_config() {
    run::<State>(&settings(48));
}

#[test]
fn bonus_without_placement_and_other_lengths() {
    run_with::<State>(&settings(16), |seats, seed| {
        let c = State::standard_config(seats, seed).map_err(|e| e.to_string())?;
        Ok({
            let mut c = c;
            c.bonus_without_placement = true;
            c.sequence_length = 11 - c.sequence_length;
            c
        })
    });
}

#[test]
fn small_supplies_and_a_short_turn_limit() {
    // Few chips: supplies run dry and turns end with nothing placed; the turn limit draws.
    run_with::<State>(&settings(16), |seats, seed| {
        Ok({
            let mut c = Config::with_start(seats, Seat(0)).map_err(|e| e.to_string())?;
            c.chips_per_colour = 4 + (seed % 4) as u8;
            c.max_turns = 40 + (seed % 60) as u32;
            c.start = Seat((seed % seats as u64) as u8);
            c
        })
    });
}

#[test]
fn action_ids_and_observation_tensors() {
    dicecore::conformance::run_encode::<State>(&settings(16));
}

#[test]
fn observation_counts_sides_from_the_observer() {
    use dicecore::Encode;
    use sequence_dice::{Action, Space};
    let config = Config::with_start(3, Seat(0)).unwrap();
    let mut s = State::new(&config).unwrap();
    s.apply_in_place(&Action::Roll(7)).unwrap();
    s.apply_in_place(&Action::Place {
        seat: Seat(0),
        space: Space(7),
    })
    .unwrap();
    s.apply_in_place(&Action::Roll(5)).unwrap();
    // Seat 1 to move with a 5 pending; green (seat 0) has a chip on space 7 (b2).
    let mine = s.observation(Seat(1));
    let theirs = s.observation(Seat(0));
    let last = s.observation(Seat(2));
    assert_eq!(mine.len(), 128);
    assert_eq!(theirs[7], 1.0, "own chips first");
    assert_eq!(mine[2 * 36 + 7], 1.0, "green is two sides after blue");
    assert_eq!(last[36 + 7], 1.0, "green is the side after red");
    assert_eq!(
        mine.iter().take(108).sum::<f32>(),
        1.0,
        "one chip on the board"
    );
    assert_eq!(mine[108 + 3], 1.0, "the pending 5");
    assert_eq!(mine[108..119].iter().sum::<f32>(), 1.0);
    // The seat to move, counted from the observer: seat 1 is the observer itself for seat 1,
    // the next seat for seat 0 and the seat after next for seat 2.
    assert_eq!(&mine[119..123], &[1.0, 0.0, 0.0, 0.0]);
    assert_eq!(&theirs[119..123], &[0.0, 1.0, 0.0, 0.0]);
    assert_eq!(&last[119..123], &[0.0, 0.0, 1.0, 0.0]);
    assert_eq!(&theirs[123..126], &[19.0 / 20.0, 1.0, 1.0], "supplies");
    assert_eq!(&mine[123..126], &[1.0, 1.0, 19.0 / 20.0]);
    assert_eq!(theirs[126], 1.0 / 1000.0, "one turn of 1000 played");
    assert_eq!(theirs[127], 0.0, "not over");
}

#[test]
fn action_ids_cover_exactly_the_actions_that_can_be_listed() {
    use dicecore::Encode;
    use sequence_dice::{Action, Space};
    let config = Config::with_start(2, Seat(0)).unwrap();
    assert_eq!(State::max_chance_outcomes(&config), 11);
    assert_eq!(State::num_distinct_actions(&config), 75);
    let remove = |name: &str| Action::Remove {
        seat: Seat(1),
        space: Space::parse(name).unwrap(),
    };
    // The 2 and 12 spaces are safe from a 10: no removal id for them.
    for name in ["a1", "f1", "c3", "d3", "c4", "d4", "a6", "f6"] {
        assert_eq!(State::action_id(&config, &remove(name)), None, "{name}");
    }
    for (name, id) in [("b1", 47), ("a2", 51), ("f3", 60), ("f5", 70), ("e6", 74)] {
        assert_eq!(State::action_id(&config, &remove(name)), Some(id), "{name}");
        assert_eq!(
            State::action_from_id(&config, Seat(1), id),
            Some(remove(name))
        );
    }
    assert_eq!(State::action_from_id(&config, Seat(1), 75), None);
    let off_table = Action::Place {
        seat: Seat(2),
        space: Space(0),
    };
    assert_eq!(State::action_id(&config, &off_table), None);
    assert_eq!(State::action_id(&config, &Action::Roll(1)), None);
    assert_eq!(State::action_id(&config, &Action::Roll(12)), Some(10));
    // Every id decodes to an action whose id it is.
    for id in 0..75 {
        let a = State::action_from_id(&config, Seat(0), id).unwrap();
        assert_eq!(State::action_id(&config, &a), Some(id));
    }
}

/// Every id of every seat decodes to nothing or to an action whose id it is, with other
/// lengths and supplies (issue 29: an id this config cannot produce is no action).
#[test]
fn every_id_decodes_to_an_action_with_that_id_or_to_nothing() {
    for seats in State::SEATS {
        let c = State::standard_config(seats, 5).unwrap();
        dicecore::conformance::check_id_table::<State>(&c, seats).unwrap();
        let other = {
            let mut c = c;
            c.bonus_without_placement = true;
            c.sequence_length = 11 - c.sequence_length;
            c.chips_per_colour = 4;
            c
        };
        dicecore::conformance::check_id_table::<State>(&other, seats).unwrap();
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
