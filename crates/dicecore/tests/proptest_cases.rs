//! `PROPTEST_CASES` is honoured by the strategies' runner config and by `check_states`, as
//! proptest honours it over its own defaults (a test binary of its own: it sets the variable).
use dicecore::pig::Pig;
use dicecore::strategy::{self, Plays};

#[test]
fn proptest_cases_replaces_the_cases_asked_for() {
    std::env::set_var("PROPTEST_CASES", "3");
    assert_eq!(strategy::runner_config(50).cases, 3);
    let mut met = 0;
    Plays::<Pig>::new().check_states(50, |_| {
        met += 1;
        Ok(())
    });
    assert_eq!(met, 3);
    std::env::remove_var("PROPTEST_CASES");
    assert_eq!(strategy::runner_config(50).cases, 50);
}
