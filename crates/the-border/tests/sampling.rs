//! `sample_action` draws without listing, exactly as listing and picking would: the same
//! action from the same numbers of the dice, so it is exactly uniform over the legal actions.

use dicecore::conformance::{run_sampling, Settings};
use dicecore::strategy::Plays;
use dicecore::{Dice, Game, Seat};
use the_border::State;

/// At states of random games (drawn by `dicecore::strategy`, so a failure shrinks to the
/// shortest game), for every seat: `sample_action` with a copy of the dice gives what listing
/// the seat's actions and picking `dice.index(len)` gives, and leaves the dice in the same
/// state; a seat with no action gets `None`.
#[test]
fn sampling_is_listing_and_picking() {
    let mut dice = Dice::from_seed(0);
    let (mut legal, mut scratch) = (Vec::new(), Vec::new());
    Plays::<State>::new().check_states(400, |s| {
        for seat in (0..s.config().seats).map(Seat) {
            for _ in 0..3 {
                let mut a = dice.fork();
                let mut b = a.clone();
                let drawn = s.sample_action(seat, &mut a, &mut scratch);
                s.legal_actions_for(seat, &mut legal);
                let picked = (!legal.is_empty()).then(|| legal[b.index(legal.len())]);
                if drawn != picked {
                    return Err(format!("{seat}: drew {drawn:?}, listing picks {picked:?}"));
                }
                if a.next_u64() != b.next_u64() {
                    return Err(format!("{seat}: the draw took other numbers"));
                }
            }
        }
        Ok(())
    });
}

/// Every action of a small listing is drawn, each about as often (exact enumeration of the
/// draw: `dice.index(n)` is uniform, and each index names one action), at states of random
/// games of 3 players.
#[test]
fn every_listed_action_is_drawn() {
    let mut legal = Vec::new();
    let plays = Plays::<State>::new().seats(3..=3).unwrap();
    plays.check_states(100, |s| {
        let Some(seat) = s.turn().next_seat() else {
            return Ok(());
        };
        s.legal_actions_for(seat, &mut legal);
        if legal.len() < 2 || legal.len() > 6 {
            return Ok(());
        }
        let mut counts = vec![0u32; legal.len()];
        let mut dice = Dice::from_seed(9);
        let mut scratch = Vec::new();
        for _ in 0..600 * legal.len() {
            let a = s.sample_action(seat, &mut dice, &mut scratch).unwrap();
            let i = legal
                .iter()
                .position(|l| *l == a)
                .ok_or("an unlisted action")?;
            counts[i] += 1;
        }
        if counts.iter().any(|&c| !(450..=750).contains(&c)) {
            return Err(format!("counts {counts:?} for {legal:?}"));
        }
        Ok(())
    });
}

#[test]
fn sampling_is_uniform() {
    run_sampling::<State>(&Settings::default().cases(4), 4, 200);
}
