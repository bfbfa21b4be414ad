//! `sample_action`, the fast path of random play: exactly the draw of listing the legal actions
//! and picking one with the same dice (so exactly uniform), and uniform by a chi-square test.

use dicecore::conformance::{run_sampling, Settings};
use dicecore::strategy::Plays;
use dicecore::{Dice, Game, Seat, Turn};
use sequence_dice::board::Cells;
use sequence_dice::{Action, Config, Space, State};

#[test]
fn uniform_over_the_legal_actions_at_every_player_count() {
    let settings = Settings::default().cases(8);
    run_sampling::<State>(&settings, 4, 200);
}

/// At `state`, for a few dice seeds: `sample_action` gives the action that listing and picking
/// with `Dice::index` gives, and leaves the dice where listing and picking leaves them.
fn same_draw_as_listing(state: &State, seeds: std::ops::Range<u64>) -> Result<(), String> {
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    for seat in (0..state.seats()).map(Seat) {
        state.legal_actions_for(seat, &mut legal);
        for seed in seeds.clone() {
            let mut fast = Dice::from_seed(seed);
            let mut listed = Dice::from_seed(seed);
            let drawn = state.sample_action(seat, &mut fast, &mut scratch);
            let picked = (!legal.is_empty()).then(|| legal[listed.index(legal.len())]);
            if drawn != picked || fast.next_u32() != listed.next_u32() {
                return Err(format!(
                    "{seat}, dice seed {seed}: drew {drawn:?}, listing picks {picked:?}"
                ));
            }
        }
    }
    Ok(())
}

/// At states of random games (drawn by `dicecore::strategy`, so a failure shrinks to the
/// shortest game) with 5 to 16 chips of each colour.
#[test]
fn the_same_draw_as_listing_and_picking_in_random_games() {
    Plays::<State>::new()
        .configs(|seats, seed| {
            Ok({
                let mut c = State::standard_config(seats, seed)?;
                c.chips_per_colour = 5 + (seed % 12) as u8;
                c
            })
        })
        .unwrap()
        .check_states(2_000, |s| same_draw_as_listing(s, 0..4));
}

#[test]
fn exact_counts_on_small_positions() {
    // Each i in 0..n is the i-th listed action: over every outcome of `Dice::index(n)` the
    // draws are the listed actions, each once. Checked by enumerating the seeds until every
    // index has appeared, with the index the listing would use.
    let c = Config::with_start(2, Seat(0)).unwrap();
    let cells = |names: &[&str]| -> Cells {
        names
            .iter()
            .map(|n| Space::parse(n).unwrap().index())
            .collect()
    };
    let positions = [
        // A 7 with two free 7 spaces (b5, e5).
        (
            State::from_position(&c, [cells(&["b2"]), cells(&["e2"]), Cells::EMPTY], Seat(0))
                .unwrap(),
            7,
        ),
        // A 10 with three removable blue chips and one on a protected 12 space.
        (
            State::from_position(
                &c,
                [
                    cells(&["a1"]),
                    cells(&["b2", "e2", "b3", "c3"]),
                    Cells::EMPTY,
                ],
                Seat(0),
            )
            .unwrap(),
            10,
        ),
        // A 12 with every 12 space taken: replace one of blue's two.
        (
            State::from_position(
                &c,
                [cells(&["c3", "d3"]), cells(&["c4", "d4"]), Cells::EMPTY],
                Seat(0),
            )
            .unwrap(),
            12,
        ),
    ];
    for (position, roll) in positions {
        let s = position.apply(&Action::Roll(roll)).unwrap();
        assert_eq!(s.turn(), Turn::Seat(Seat(0)));
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let n = legal.len();
        let mut seen = vec![0u32; n];
        for seed in 0..2000u64 {
            let mut index = Dice::from_seed(seed);
            let i = index.index(n);
            let drawn = s.sample_action(Seat(0), &mut Dice::from_seed(seed), &mut Vec::new());
            assert_eq!(drawn, Some(legal[i]));
            seen[i] += 1;
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
        // Nothing for the seat that is not to move, nor before the roll.
        assert_eq!(
            s.sample_action(Seat(1), &mut Dice::from_seed(1), &mut Vec::new()),
            None
        );
        assert_eq!(
            position.sample_action(Seat(0), &mut Dice::from_seed(1), &mut Vec::new()),
            None
        );
    }
}
