//! The new crate's files and the new files outside it, from the model game in `template/`:
//! complete placeholder rules (a dice race) laid out as every game crate is, so that the new
//! crate passes the conformance suite before its own rules are written.

/// `(path in the new crate, template)` for every file of the crate.
pub const CRATE_FILES: &[(&str, &str)] = &[
    ("Cargo.toml", include_str!("../template/Cargo.toml.tmpl")),
    ("README.md", include_str!("../template/README.md.tmpl")),
    ("src/lib.rs", include_str!("../template/src/lib.rs.tmpl")),
    (
        "src/action.rs",
        include_str!("../template/src/action.rs.tmpl"),
    ),
    (
        "src/config.rs",
        include_str!("../template/src/config.rs.tmpl"),
    ),
    (
        "src/encode.rs",
        include_str!("../template/src/encode.rs.tmpl"),
    ),
    (
        "src/error.rs",
        include_str!("../template/src/error.rs.tmpl"),
    ),
    ("src/game.rs", include_str!("../template/src/game.rs.tmpl")),
    ("src/load.rs", include_str!("../template/src/load.rs.tmpl")),
    (
        "src/setup.rs",
        include_str!("../template/src/setup.rs.tmpl"),
    ),
    (
        "src/state.rs",
        include_str!("../template/src/state.rs.tmpl"),
    ),
    ("src/svg.rs", include_str!("../template/src/svg.rs.tmpl")),
    ("src/view.rs", include_str!("../template/src/view.rs.tmpl")),
    (
        "tests/conformance.rs",
        include_str!("../template/tests/conformance.rs.tmpl"),
    ),
    (
        "tests/rules.rs",
        include_str!("../template/tests/rules.rs.tmpl"),
    ),
];

/// The embedding example, `examples/<snake>.rs` of the facade.
pub const EXAMPLE: &str = include_str!("../template/outside/example.rs.tmpl");

/// The rules page, `docs/rules/<kebab>.md`.
pub const RULES: &str = include_str!("../template/outside/rules.md.tmpl");
