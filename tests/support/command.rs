//! Command lines for the root integration tests that run a program's `run` or `parse`
//! (`examples/simulate.rs`, included as a module), included with
//! `#[path = "support/command.rs"] mod command;`.

/// The command line `list` (without the program's name) as a program reads it.
pub fn args(list: &[&str]) -> impl Iterator<Item = String> {
    list.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .into_iter()
}
