//! The action ids and the observation tensor: the conformance laws for every player count, and
//! the layout checked by hand in one position of the first game.
use dicecore::conformance::{run_encode, Settings};
use dicecore::{Encode, Game, Seat};
use kingdom_builder::{Action, Cell, Config, State, Terrain, Tile};

#[test]
fn encode_laws() {
    run_encode::<State>(&Settings::default().cases(8).deep_every(3));
}

fn at(r: usize, c: usize) -> Cell {
    Cell::at(r, c).unwrap()
}

#[test]
fn action_ids_by_hand() {
    let config = Config::first_game(3);
    let id = |a: Action| State::action_id(&config, &a);
    let s1 = Seat(1);
    assert_eq!(id(Action::Draw(Terrain::Desert)), Some(4));
    assert_eq!(
        id(Action::Build {
            seat: s1,
            cell: at(7, 10)
        }),
        Some(155)
    );
    let lift = Action::Lift {
        seat: s1,
        tile: Tile::Paddock,
        from: at(7, 10),
    };
    assert_eq!(id(lift), Some(2405 + 2 * 400 + 150));
    assert_eq!(
        id(Action::MoveTo {
            seat: s1,
            cell: at(0, 0)
        }),
        Some(3605)
    );
    assert_eq!(id(Action::EndTurn(s1)), Some(4005));
    let tavern = Action::TileBuild {
        seat: s1,
        tile: Tile::Tavern,
        cell: at(0, 0),
    };
    assert_eq!(id(tavern), Some(405 + 4 * 400));
    // Impossible under this config: a mountain hex, a location hex, a sector not on the board,
    // a moving tile used to build, a hex off the board, the Tower off the edge.
    assert_eq!(
        id(Action::Build {
            seat: s1,
            cell: at(0, 3)
        }),
        None
    );
    assert_eq!(
        id(Action::MoveTo {
            seat: s1,
            cell: at(6, 2)
        }),
        None
    );
    assert_eq!(
        id(Action::Lift {
            seat: s1,
            tile: Tile::Barn,
            from: at(0, 0)
        }),
        None
    );
    assert_eq!(
        id(Action::TileBuild {
            seat: s1,
            tile: Tile::Paddock,
            cell: at(0, 0)
        }),
        None
    );
    assert_eq!(
        id(Action::Build {
            seat: s1,
            cell: Cell(400)
        }),
        None
    );
    for id in 0..State::num_distinct_actions(&config) {
        if let Some(a) = State::action_from_id(&config, s1, id) {
            assert_eq!(State::action_id(&config, &a), Some(id));
        }
    }
    assert_eq!(State::action_from_id(&config, s1, 4006), None);
    assert_eq!(State::action_from_id(&config, s1, 5 + 3), None); // (0, 3) is a mountain
}

#[test]
fn observation_layout_by_hand() {
    let config = Config::first_game(3);
    let mut s = State::new(&config).unwrap();
    for t in [Terrain::Grass, Terrain::Forest, Terrain::Desert] {
        s.apply_in_place(&Action::Draw(t)).unwrap();
    }
    // Seat 0 builds on grass next to the Paddock at (6, 11) and takes a tile there.
    s.apply_in_place(&Action::Build {
        seat: Seat(0),
        cell: at(7, 10),
    })
    .unwrap();
    let o = s.observation(Seat(1));
    assert_eq!(o.len(), 12112);
    assert_eq!(State::observation_shape(&config), vec![12112]);
    let hex = |plane: usize, r: usize, c: usize| o[plane * 400 + r * 20 + c];
    assert_eq!(hex(0, 7, 10), 1.0); // grass
    assert_eq!(hex(1, 0, 0), 1.0); // flower field
    assert_eq!(hex(6, 0, 3), 1.0); // mountain
    assert_eq!(hex(7, 3, 3), 1.0); // castle
    assert_eq!(hex(15, 6, 11), 1.0); // a Paddock location
    assert_eq!(hex(12, 6, 2), 1.0); // a Tavern location
    assert_eq!(hex(16, 6, 11), 0.5); // one tile left there
    assert_eq!(hex(16, 2, 18), 1.0); // two at the other Paddock
                                     // Seat 1 observes: seat 1 is k = 0, seat 2 k = 1, seat 0 k = 2.
    assert_eq!(hex(17 + 2, 7, 10), 1.0);
    assert_eq!(hex(17, 7, 10), 0.0);
    assert_eq!(hex(21 + 2, 6, 11), 1.0); // seat 0 holds that Paddock's tile
    assert_eq!(hex(25 + 2, 6, 11), 1.0); // and took it
    assert_eq!(o[12040 + 8 * 2 + 7], 0.5); // one Paddock held by seat 0
    assert_eq!(o[12000 + 2], 1.0); // seat 1's own card: forest
    assert_eq!(o[12000..12005].iter().sum::<f32>(), 1.0);
    assert_eq!(o[12005], 1.0); // the active player's card: grass
    assert_eq!(o[12011], 1.0); // phase: play
    assert_eq!(o[12017], 1.0); // seat 0 (k = 2) is active
    assert_eq!(o[12019], 2.0 / 3.0); // two mandatory placements left
    assert_eq!(&o[12020..12028], &[0.0; 8]); // a tile gained this turn is not usable yet
    assert_eq!(o[12032], 1.0); // seat 1's supply: 40
    assert_eq!(o[12034], 39.0 / 40.0); // seat 0's supply
    assert_eq!(o[12038], 0.02); // seat 0's score: 2 (Knights)
    assert_eq!(&o[12072..12076], &[0.0, 1.0, 0.0, 0.0]); // only seat 2's card is hidden
                                                         // Unseen: the pile (grass 4, flower 5, forest 4, canyon 5, desert 4) and seat 2's card.
    assert_eq!(&o[12085..12090], &[0.8, 1.0, 0.8, 1.0, 1.0]);
    assert_eq!(o[12090], 22.0 / 25.0);
    assert_eq!(&o[12096..12106], &[1., 1., 0., 0., 0., 0., 0., 1., 0., 0.]);
    assert_eq!(&o[12106..12108], &[0.0, 1.0]);
    assert_eq!(&o[12108..12112], &[1.0, 1.0, 1.0, 0.0]);
    // Seat 2's card never shows in seat 1's tensor.
    let mut other = State::new(&config).unwrap();
    for t in [Terrain::Grass, Terrain::Forest, Terrain::Canyon] {
        other.apply_in_place(&Action::Draw(t)).unwrap();
    }
    other
        .apply_in_place(&Action::Build {
            seat: Seat(0),
            cell: at(7, 10),
        })
        .unwrap();
    assert_eq!(other.observation(Seat(1)), o);
    assert_ne!(other.observation(Seat(2)), s.observation(Seat(2)));
}

/// Every id of every seat decodes to nothing or to an action whose id it is, on the first
/// game's board and on standard boards of every player count (issue 29: an id this config
/// cannot produce is no action).
#[test]
fn every_id_decodes_to_an_action_with_that_id_or_to_nothing() {
    for seats in 2..=4 {
        let first = Config::first_game(seats);
        dicecore::conformance::check_id_table::<State>(&first, seats).unwrap();
        for seed in 0..3 {
            let config = State::standard_config(seats, seed).unwrap();
            dicecore::conformance::check_id_table::<State>(&config, seats).unwrap();
        }
    }
}
