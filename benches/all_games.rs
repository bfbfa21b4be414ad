//! The combined benchmark table of every registered game (`tabula::games`, Pig included) and
//! player count (`cargo bench --bench all_games`): `apply_in_place` ns/op and `legal_actions`
//! ns/op over states sampled from seeded random games; full random games per second on the
//! engine alone through `legal_actions` + `apply_in_place` and through the `sample_action` fast path, and through `Match` with seeded
//! `RandomAgent`s; the cost of an action against a ply of random chess with shakmaty's move
//! generator, measured in the same run. `docs/performance.md` records its figures.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

#[path = "support/random_chess.rs"]
mod random_chess;

#[path = "support/chess.rs"]
mod chess;

/// How many seeded random games a game's states are sampled from: fewer for long games (a
/// game registered later gets the default until it is given its own number here).
fn sample_games(game: &str) -> u64 {
    match game {
        "pig" | "sequence_dice" => 30,
        "mosaix" => 10,
        "the_border" => 6,
        _ => 4,
    }
}

/// The rows of every registered game (`tabula::for_each_game!`), in the registry's order, each
/// measured through its own monomorphised code.
macro_rules! bench_every_game {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {{
        let mut rows = Vec::new();
        $(rows.extend(games::bench_all_counts::<$ty>(sample_games(stringify!($snake))));)*
        rows
    }};
}

fn main() {
    timing::header("all games (rows per measurement; the summary table follows)");
    let anchor = chess::measure_chess_anchor();
    let rows = tabula::for_each_game!(bench_every_game);
    games::print_table(&rows, anchor);
}
