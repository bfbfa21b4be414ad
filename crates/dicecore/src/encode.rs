//! Fixed action ids and observation tensors: the [`Encode`] contract, for learning agents,
//! OpenSpiel and any host that needs numbers instead of Rust values.
//!
//! Every action of a game, chance outcomes included, has a stable integer id in
//! `0..num_distinct_actions(config)`. Chance outcomes come first, in
//! `0..max_chance_outcomes(config)`; the decisions of the players follow. An id does not name
//! the seat (the same move by two seats has one id), so turning an id back into an action takes
//! the seat that acts. A seat's observation is a fixed-size `f32` tensor written from its
//! [`Game::view`] alone, so it can never show what the seat may not know; each game documents
//! its layout.
//!
//! ```
//! use dicecore::{pig::{Pig, PigAction}, Encode, Game, Seat};
//! let config = Pig::standard_config(2, 0).unwrap();
//! // Pig: the six faces of the die (chance, ids 0-5), then roll (6) and hold (7).
//! assert_eq!(Pig::max_chance_outcomes(&config), 6);
//! assert_eq!(Pig::num_distinct_actions(&config), 8);
//! assert_eq!(Pig::action_id(&config, &PigAction::Hold(Seat(1))), Some(7));
//! assert_eq!(Pig::action_from_id(&config, Seat(1), 7), Some(PigAction::Hold(Seat(1))));
//! let state = Pig::new(&config).unwrap();
//! assert_eq!(state.observation(Seat(0)).len(), Pig::observation_len(&config));
//! ```

use crate::{Game, Seat};

/// A game with fixed action ids and observation tensors.
///
/// Laws (checked by `check_encode` of the `conformance` suite, feature `testing`, along random
/// games): every legal action has an id in range (chance outcomes below `max_chance_outcomes`,
/// decisions at or above it), and `action_from_id` of that id and the acting seat gives the
/// action back; an id decodes to an action whose id it is, or to nothing; over the whole id
/// space, the action an id decodes to is listed exactly when `apply` accepts it
/// (`check_id_space`); the
/// tensor has `observation_len` entries, all finite, all written by `encode_view` and all
/// within `observation_bounds`; the tensor of `determinize(seat)`'s view equals the real one.
pub trait Encode: Game {
    /// How many ids chance outcomes use: they are `0..max_chance_outcomes`.
    fn max_chance_outcomes(config: &Self::Config) -> usize;

    /// How many ids there are in all (chance outcomes included).
    fn num_distinct_actions(config: &Self::Config) -> usize;

    /// The id of an action; `None` for an action no state of this config could list (a cell
    /// off the board, a face no die has).
    fn action_id(config: &Self::Config, action: &Self::Action) -> Option<usize>;

    /// The action of an id, taken by `seat` (ignored for chance outcomes); `None` for an id out
    /// of range and for an id this config cannot produce (whose action `action_id` gives no
    /// id, such as a cell printed on every card), so that an action decoded for a seat at the
    /// table always has its id back.
    fn action_from_id(config: &Self::Config, seat: Seat, id: usize) -> Option<Self::Action>;

    /// The shape of the observation tensor (row-major).
    fn observation_shape(config: &Self::Config) -> Vec<usize>;

    /// Writes `seat`'s observation, read from its view, into `out` (of
    /// [`Encode::observation_len`] entries; every entry is written).
    fn encode_view(config: &Self::Config, seat: Seat, view: &Self::View, out: &mut [f32]);

    /// The number of entries of the observation tensor.
    fn observation_len(config: &Self::Config) -> usize {
        Self::observation_shape(config).iter().product()
    }

    /// The bounds of every entry of the tensor, `(low, high)`, each of
    /// [`Encode::observation_len`] entries: every tensor [`Encode::encode_view`] writes for
    /// this config lies within them (a law of the conformance suite), so a host can declare
    /// honest observation spaces (Gymnasium's `Box(low, high)`). Each game derives them from
    /// its documented layout; the default is unbounded.
    fn observation_bounds(config: &Self::Config) -> (Vec<f32>, Vec<f32>) {
        let n = Self::observation_len(config);
        (vec![f32::NEG_INFINITY; n], vec![f32::INFINITY; n])
    }

    /// `seat`'s observation tensor of this state (from `view(seat)`).
    fn observation(&self, seat: Seat) -> Vec<f32> {
        let config = self.config();
        let mut out = vec![0.0; Self::observation_len(config)];
        Self::encode_view(config, seat, &self.view(seat), &mut out);
        out
    }
}

/// Bounds of `len` entries that all lie in 0..=1 (one-hots, flags and fractions, as most
/// layouts are), for an [`Encode::observation_bounds`] to start from and raise where an entry
/// can pass 1.
pub fn unit_bounds(len: usize) -> (Vec<f32>, Vec<f32>) {
    (vec![0.0; len], vec![1.0; len])
}
