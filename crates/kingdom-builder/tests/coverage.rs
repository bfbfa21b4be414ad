//! Random play reaches every tile and the reshuffle, and every game ends by a supply running
//! out.
use dicecore::{Agent, Game, Match, RandomAgent, Turn};
use kingdom_builder::{Action, Phase, State, Tile};
use std::collections::BTreeMap;

#[test]
fn random_games_use_every_rule() {
    let mut tiles: BTreeMap<Tile, usize> = BTreeMap::new();
    let mut redraws = 0;
    let mut reshuffles = 0;
    let mut ends = 0;
    for seed in 0..60u64 {
        let seats = 2 + (seed % 3) as u8;
        let mut config = State::standard_config(seats, seed).unwrap();
        config.redraw_for_extra_actions = seed % 2 == 0;
        let mut m: Match<State> = Match::new(config, seed).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..seats as u64)
            .map(|i| Box::new(RandomAgent::new(seed * 10 + i)) as Box<dyn Agent<State>>)
            .collect();
        let mut last_pile = 25u8;
        while m.state().turn() != Turn::Over {
            let a = m.step(&mut agents).unwrap().unwrap();
            match a {
                Action::TileBuild { tile, .. } | Action::Lift { tile, .. } => {
                    *tiles.entry(tile).or_default() += 1;
                }
                _ => {}
            }
            if m.state().phase() == Phase::Redraw {
                redraws += 1;
            }
            let pile: u8 = m.state().deck().0.iter().sum();
            if pile > last_pile {
                reshuffles += 1;
            }
            last_pile = pile;
        }
        let s = m.state();
        assert!(s.final_round());
        assert!((0..seats).any(|p| s.supply(dicecore::Seat(p)) == 0));
        ends += 1;
    }
    assert_eq!(ends, 60);
    for t in Tile::ALL {
        assert!(
            tiles.get(&t).copied().unwrap_or(0) > 0,
            "{t} never used: {tiles:?}"
        );
    }
    // Terrains rarely run out under random play; the redraw rule has its own unit tests.
    println!("redraws: {redraws}, reshuffles: {reshuffles}, tiles: {tiles:?}");
    assert!(reshuffles > 0, "no reshuffle happened");
}
