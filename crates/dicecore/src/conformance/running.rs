//! The running score of a game that keeps what it is read from: checked against the game's
//! count from scratch after every action of random games.

use crate::{Dice, Game, Turn};

/// Plays the games of seeds `0..games`, game `seed` from `config(seed)` (chance by
/// [`Game::sample_chance`], decisions by [`Game::sample_action`] of the seat to move, dice
/// seeded by the game's seed), and after every action checks that
/// [`Game::running_scores`] equals `full(state)`, the game's count from scratch (where the
/// running score may read counts it keeps up to date as the game goes). Every `reload_every`
/// actions it also checks that the state read back from its saved text (which has kept nothing
/// yet) and a determinised copy for the seat to move agree with their own full counts, and the
/// game goes on from the copy read back, so that counts made in the middle of a game are kept
/// up to date too. Panics on a difference, naming the game, seed and action. Returns the
/// number of actions played.
///
/// ```
/// use dicecore::{conformance::check_kept_running_scores, pig::Pig, Game};
/// let config = |seed| Pig::standard_config(2, seed).unwrap();
/// let actions = check_kept_running_scores::<Pig>(config, 3, 5, |s| s.scores());
/// assert!(actions > 0);
/// ```
pub fn check_kept_running_scores<G: Game>(
    config: impl Fn(u64) -> G::Config,
    games: u64,
    reload_every: usize,
    full: impl Fn(&G) -> Vec<i32>,
) -> usize {
    let mut played = 0;
    for seed in 0..games {
        let mut s = G::new(&config(seed)).expect("a valid config");
        let seats = s.seats();
        let mut dice = Dice::from_seed(seed);
        let mut scratch = Vec::new();
        for n in 0.. {
            let at = || format!("{} {seats}p game {seed}, action {n}", G::NAME);
            assert_eq!(s.running_scores(), full(&s), "{}", at());
            if n % reload_every.max(1) == 0 {
                let text = serde_json::to_string(&s).expect("a saved state");
                let loaded: G = serde_json::from_str(&text).expect("a saved state read back");
                assert_eq!(
                    loaded.running_scores(),
                    full(&loaded),
                    "read back: {}",
                    at()
                );
                if let Some(seat) = s.turn().next_seat() {
                    let other = s.determinize(seat, &mut dice);
                    assert_eq!(
                        other.running_scores(),
                        full(&other),
                        "determinised: {}",
                        at()
                    );
                }
                s = loaded;
            }
            let action = match s.turn() {
                Turn::Over => break,
                Turn::Chance => s.sample_chance(&mut dice),
                turn => turn
                    .next_seat()
                    .and_then(|seat| s.sample_action(seat, &mut dice, &mut scratch)),
            };
            let action = action.unwrap_or_else(|| panic!("nothing to play: {}", at()));
            s.apply_in_place(&action)
                .unwrap_or_else(|e| panic!("{action} refused: {e}: {}", at()));
            played += 1;
        }
    }
    played
}
