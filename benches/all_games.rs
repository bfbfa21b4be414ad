//! The combined benchmark table of every game and player count (`cargo bench --bench
//! all_games`): `apply_in_place` ns/op and `legal_actions` ns/op over states sampled from seeded
//! random games, and full random games per second through `Match` with seeded `RandomAgent`s.
//! `docs/performance.md` records its figures.
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

fn main() {
    timing::header("all games (rows per measurement; the summary table follows)");
    let mut rows = Vec::new();
    rows.extend(games::bench_all_counts::<tabula::sequence_dice::State>(30));
    rows.extend(games::bench_all_counts::<tabula::mosaix::State>(10));
    rows.extend(games::bench_all_counts::<tabula::the_border::State>(6));
    rows.extend(games::bench_all_counts::<tabula::kingdom_builder::State>(4));
    rows.extend(games::bench_all_counts::<tabula::alea_iacta_est::State>(4));
    games::print_table(&rows);
}
