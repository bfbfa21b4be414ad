//! The combined benchmark table of every game and player count (`cargo bench --bench
//! all_games`): `apply_in_place` ns/op and `legal_actions` ns/op over states sampled from seeded
//! random games; full random games per second on the engine alone through `legal_actions` +
//! `apply_in_place` and through the `sample_action` fast path, and through `Match` with seeded
//! `RandomAgent`s; the cost of an action against a ply of random chess with shakmaty's move
//! generator, measured in the same run. `docs/performance.md` records its figures.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

#[path = "support/chess.rs"]
mod chess;

fn main() {
    timing::header("all games (rows per measurement; the summary table follows)");
    let anchor = chess::measure_chess_anchor();
    let mut rows = Vec::new();
    rows.extend(games::bench_all_counts::<tabula::sequence_dice::State>(30));
    rows.extend(games::bench_all_counts::<tabula::mosaix::State>(10));
    rows.extend(games::bench_all_counts::<tabula::the_border::State>(6));
    rows.extend(games::bench_all_counts::<tabula::kingdom_builder::State>(4));
    rows.extend(games::bench_all_counts::<tabula::alea_iacta_est::State>(4));
    games::print_table(&rows, anchor);
}
