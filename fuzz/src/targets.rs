//! The targets by name (`<game>_<kind>`), for the seeds generator and the tests that replay
//! every seed and regression input.

use crate::{actions, records, states, Subject};

/// The games, by the name their targets start with.
pub const GAMES: [&str; 5] = [
    "sequence_dice",
    "mosaix",
    "the_border",
    "kingdom_builder",
    "alea_iacta_est",
];

/// The three kinds of target every game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Action sequences ([`actions`]).
    Actions,
    /// Saved states ([`states`]).
    States,
    /// Replays, configs and setups ([`records`]).
    Records,
}

/// The kinds by the name their targets end with.
pub const KINDS: [(&str, Kind); 3] = [
    ("actions", Kind::Actions),
    ("states", Kind::States),
    ("records", Kind::Records),
];

/// Calls `$f::<State>($args)` with the state type of the game named `$game`.
macro_rules! by_game {
    ($game:expr, $f:ident($($args:expr),*)) => {
        match $game {
            "sequence_dice" => Some($f::<sequence_dice::State>($($args),*)),
            "mosaix" => Some($f::<mosaix::State>($($args),*)),
            "the_border" => Some($f::<the_border::State>($($args),*)),
            "kingdom_builder" => Some($f::<kingdom_builder::State>($($args),*)),
            "alea_iacta_est" => Some($f::<alea_iacta_est::State>($($args),*)),
            _ => None,
        }
    };
}

/// The game and kind of a target name.
fn parse(target: &str) -> Option<(&str, Kind)> {
    KINDS.iter().find_map(|&(name, kind)| {
        let game = target.strip_suffix(name)?.strip_suffix('_')?;
        GAMES.contains(&game).then_some((game, kind))
    })
}

/// Runs the target named `target` on `data`, as the fuzzer does; `false` for an unknown name.
pub fn run(target: &str, data: &[u8]) -> bool {
    fn one<G: Subject>(kind: Kind, data: &[u8]) {
        match kind {
            Kind::Actions => actions::<G>(data),
            Kind::States => states::<G>(data),
            Kind::Records => records::<G>(data),
        }
    }
    parse(target)
        .and_then(|(game, kind)| by_game!(game, one(kind, data)))
        .is_some()
}

/// The seed inputs of the target named `target` (see [`crate::seeds::seeds`]), empty for an unknown
/// name.
pub fn seed_inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    use crate::seeds::seeds as of;
    parse(target)
        .and_then(|(game, kind)| by_game!(game, of(kind)))
        .unwrap_or_default()
}

/// Whether `data`, a seed input of the target named `target`, still loads as the real game it
/// was written from ([`crate::seeds::live`]); `false` for an unknown name.
pub fn seed_is_live(target: &str, data: &[u8]) -> bool {
    use crate::seeds::live;
    parse(target)
        .and_then(|(game, kind)| by_game!(game, live(kind, data)))
        .unwrap_or(false)
}
