//! cargo-fuzz needs one bin per target: `Cargo.toml` and `fuzz_targets/` must hold exactly the
//! three targets of every game of tabula's registry, each file the same
//! (`tabula_fuzz::TARGET_SOURCE`), so a game registered is a game fuzzed.

use std::collections::BTreeSet;
use std::path::Path;

/// `<game>_<kind>` for every registered game and kind.
fn wanted() -> BTreeSet<String> {
    let registry: Vec<&str> = tabula::games::GAMES.iter().map(|g| g.snake).collect();
    assert_eq!(tabula_fuzz::GAMES, registry.as_slice());
    tabula_fuzz::GAMES
        .iter()
        .flat_map(|game| {
            tabula_fuzz::KINDS
                .iter()
                .map(move |(kind, _)| format!("{game}_{kind}"))
        })
        .collect()
}

#[test]
fn the_bins_are_the_registrys_targets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let mut bins = BTreeSet::new();
    for bin in manifest.split("[[bin]]").skip(1) {
        let field = |key: &str| {
            bin.lines()
                .find_map(|l| l.trim().strip_prefix(key)?.trim().strip_prefix('='))
                .map(|v| v.trim().trim_matches('"').to_string())
                .unwrap_or_else(|| panic!("a [[bin]] without {key}: {bin}"))
        };
        let name = field("name");
        assert_eq!(field("path"), format!("fuzz_targets/{name}.rs"));
        assert!(bins.insert(name.clone()), "{name} twice in Cargo.toml");
    }
    assert_eq!(
        bins,
        wanted(),
        "Cargo.toml's [[bin]]s are not the registry's targets"
    );
}

#[test]
fn the_target_files_are_the_registrys_targets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz_targets");
    let mut files = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("fuzz_targets/") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("a readable target");
        assert_eq!(text, tabula_fuzz::TARGET_SOURCE, "{}", path.display());
        files.insert(name.to_string());
    }
    assert_eq!(
        files,
        wanted(),
        "fuzz_targets/ does not hold the registry's targets"
    );
    for target in wanted() {
        assert!(tabula_fuzz::run(&target, b""), "{target} does not run");
    }
}
