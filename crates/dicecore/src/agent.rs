//! Players that choose actions.

use crate::{Dice, Game, Seat};

/// Something that chooses an action for a seat: a bot, a network peer, a person at a prompt.
pub trait Agent<G: Game> {
    /// An action for `seat` in `state` (where `seat` is to move), or `None` if it has none.
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action>;
}

/// Chooses uniformly among the seat's legal actions, with its own seeded [`Dice`].
///
/// ```
/// use dicecore::{pig::Pig, Agent, Game, RandomAgent, Seat, Turn};
/// let mut state = Pig::new(&Pig::standard_config(2, 0).unwrap()).unwrap();
/// let mut agent = RandomAgent::new(5);
/// if let Turn::Seat(seat) = state.turn() {
///     let action = agent.choose(&state, seat).unwrap();
///     state.apply_in_place(&action).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct RandomAgent<A> {
    dice: Dice,
    buf: Vec<A>,
}

impl<A> RandomAgent<A> {
    /// A random agent seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            dice: Dice::from_seed(seed),
            buf: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G::Action> {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        state.legal_actions_for(seat, &mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        let i = self.dice.index(self.buf.len());
        Some(self.buf.swap_remove(i))
    }
}
