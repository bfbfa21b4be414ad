//! Setup: configs, the random standard setup, the first game's board and the opening deal.

use super::*;

#[test]
fn config_errors() {
    let mut c = Config::first_game(5);
    assert_eq!(c.validate(), Err(Error::PlayerCount(5)));
    assert_eq!(State::new(&c), Err(Error::PlayerCount(5)));
    c.seats = 1;
    assert_eq!(State::new(&c), Err(Error::PlayerCount(1)));
    let mut c = Config::first_game(2);
    c.board[1].sector = Tile::Tavern;
    assert_eq!(State::new(&c), Err(Error::DuplicateSector(Tile::Tavern)));
    let mut c = Config::first_game(2);
    c.cards[2] = Card::Fishermen;
    assert_eq!(State::new(&c), Err(Error::DuplicateCard(Card::Fishermen)));
    let mut c = Config::first_game(3);
    c.start = Seat(3);
    assert_eq!(State::new(&c), Err(Error::StartSeat(Seat(3))));
    assert_eq!(State::standard_config(7, 1), Err(Error::PlayerCount(7)));
}

#[test]
fn random_setup_is_seeded_and_valid() {
    let mut seen_rotated = [false; 2];
    for seed in 0..40 {
        let c = State::standard_config(4, seed).unwrap();
        assert_eq!(c, State::standard_config(4, seed).unwrap());
        c.validate().unwrap();
        assert!(c.start.0 < 4);
        for p in c.board {
            seen_rotated[p.rotated as usize] = true;
        }
        assert!(!c.redraw_for_extra_actions && c.lords_zero_counts);
    }
    assert_eq!(seen_rotated, [true, true]);
    assert_ne!(
        State::standard_config(4, 1).unwrap(),
        State::standard_config(4, 2).unwrap()
    );
}

#[test]
fn first_game_board_and_deal() {
    let mut s = first(3);
    let b = s.board();
    let locs: Vec<(usize, usize, Tile)> = b
        .locations()
        .iter()
        .map(|(c, t)| (c.row(), c.col(), *t))
        .collect();
    assert_eq!(
        locs,
        vec![
            (2, 18, Tile::Paddock),
            (6, 2, Tile::Tavern),
            (6, 7, Tile::Tavern),
            (6, 11, Tile::Paddock),
            (11, 17, Tile::Farm),
            (12, 7, Tile::Oasis),
            (15, 12, Tile::Farm),
            (17, 5, Tile::Oasis),
        ]
    );
    assert_eq!(b.castles.count(), 4);
    assert!(b.buildable.count() >= 277);
    assert_eq!(s.tiles_left(), &[2; 8]);
    // Dealing: 3 chance draws weighted by the pile, then seat 0 plays.
    assert_eq!(s.turn(), Turn::Chance);
    let outs = s.chance_outcomes();
    assert_eq!(outs.len(), 5);
    assert!(outs
        .iter()
        .all(|(_, p)| *p == dicecore::Probability::new(5, 25)));
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Grass));
    let outs = s.chance_outcomes();
    assert_eq!(
        outs[0],
        (
            Action::Draw(Terrain::Grass),
            dicecore::Probability::new(3, 23)
        )
    );
    ok(&mut s, Action::Draw(Terrain::Desert));
    assert_eq!(s.turn(), Turn::Seat(S0));
    assert_eq!(s.played_card(), Some(Terrain::Grass));
    assert_eq!(s.hand(Seat(2)), Some(Terrain::Desert));
}

#[test]
fn rulebook_flower_card_reaches_five_locations_on_the_first_game_board() {
    // "João has the flower field card and, with the recommended setup, can choose between 5
    // different locations for his first settlements."
    let mut s = first(2);
    s.force_turn(S0, Terrain::Flower);
    let mut locations = std::collections::BTreeSet::new();
    for (r, c) in build_targets(&s) {
        if let Some(id) = s.board().location_near(r * 20 + c) {
            locations.insert(id);
        }
    }
    assert_eq!(locations.len(), 5);
}
