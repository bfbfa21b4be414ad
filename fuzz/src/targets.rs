//! The targets by name (`<game>_<kind>`), for the target files, the seeds generator and the
//! tests that replay every seed and regression input. The games are tabula's registry
//! (`tabula::for_each_game!`), by their snake-case names.

use crate::{actions, records, states, Subject};

/// Something done with the state type of one game: [`by_game`] calls [`Visit::visit`] with
/// the type of the game it is given by name.
trait Visit {
    /// What the visit returns.
    type Out;
    /// Does it for game `G`.
    fn visit<G: Subject>(self) -> Self::Out;
}

macro_rules! registry {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        /// The games, by the name their targets start with (the registry's snake-case names,
        /// in its order).
        pub const GAMES: &[&str] = &[$(stringify!($snake)),*];

        /// `visit.visit::<State>()` with the state type of the game named `game`.
        fn by_game<V: Visit>(game: &str, visit: V) -> Option<V::Out> {
            $(if game == stringify!($snake) {
                return Some(visit.visit::<$ty>());
            })*
            None
        }
    };
}
tabula::for_each_game!(registry);

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

/// The text of every file in `fuzz_targets/` (`<game>_<kind>.rs`, as `cargo fmt` leaves it):
/// the target finds its game and kind from its own name.
pub const TARGET_SOURCE: &str = "#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    assert!(
        tabula_fuzz::run(env!(\"CARGO_BIN_NAME\"), data),
        \"not a target\"
    );
});
";

/// The game and kind of a target name.
fn parse(target: &str) -> Option<(&str, Kind)> {
    KINDS.iter().find_map(|&(name, kind)| {
        let game = target.strip_suffix(name)?.strip_suffix('_')?;
        GAMES.contains(&game).then_some((game, kind))
    })
}

/// Runs the target named `target` on `data`, as the fuzzer does; `false` for an unknown name.
pub fn run(target: &str, data: &[u8]) -> bool {
    struct Run<'a>(Kind, &'a [u8]);
    impl Visit for Run<'_> {
        type Out = ();
        fn visit<G: Subject>(self) {
            match self.0 {
                Kind::Actions => actions::<G>(self.1),
                Kind::States => states::<G>(self.1),
                Kind::Records => records::<G>(self.1),
            }
        }
    }
    parse(target)
        .and_then(|(game, kind)| by_game(game, Run(kind, data)))
        .is_some()
}

/// The seed inputs of the target named `target` (see [`crate::seeds::seeds`]), empty for an
/// unknown name.
pub fn seed_inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    struct Seeds(Kind);
    impl Visit for Seeds {
        type Out = Vec<(String, Vec<u8>)>;
        fn visit<G: Subject>(self) -> Self::Out {
            crate::seeds::seeds::<G>(self.0)
        }
    }
    parse(target)
        .and_then(|(game, kind)| by_game(game, Seeds(kind)))
        .unwrap_or_default()
}

/// Whether `data`, a seed input of the target named `target`, still loads as the real game it
/// was written from ([`crate::seeds::live`]); `false` for an unknown name.
pub fn seed_is_live(target: &str, data: &[u8]) -> bool {
    struct Live<'a>(Kind, &'a [u8]);
    impl Visit for Live<'_> {
        type Out = bool;
        fn visit<G: Subject>(self) -> bool {
            crate::seeds::live::<G>(self.0, self.1)
        }
    }
    parse(target)
        .and_then(|(game, kind)| by_game(game, Live(kind, data)))
        .unwrap_or(false)
}
