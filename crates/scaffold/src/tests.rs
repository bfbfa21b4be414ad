//! The scaffold on a copy of the workspace's files: what it writes, where, and what it refuses.

use super::*;

/// The workspace root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch folder holding copies of the files the scaffold reads.
fn copy() -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tabula-scaffold-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut files: Vec<&str> = EDITS.iter().map(|e| e.path).collect();
    files.push("fuzz/fuzz_targets/pig_actions.rs");
    for file in files {
        let to = dir.join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(workspace().join(file), &to).unwrap();
    }
    dir
}

#[test]
fn it_writes_the_crate_and_every_line_outside_it() {
    let root = copy();
    let names = Names::new("dice-race", None).unwrap();
    let written = scaffold(&root, &names).unwrap();
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    for file in [
        "src/lib.rs",
        "src/game.rs",
        "src/load.rs",
        "tests/conformance.rs",
    ] {
        let path = PathBuf::from("crates/dice-race").join(file);
        assert!(written.created.contains(&path), "{file}");
    }
    let lib = read("crates/dice-race/src/lib.rs");
    assert!(lib.starts_with("//! # Dice Race\n"), "{lib}");
    assert!(!lib.contains("__"), "a placeholder left in lib.rs");
    assert!(
        read("crates/dice-race/src/game.rs").contains("const NAME: &'static str = \"dice-race\";")
    );
    assert!(read("crates/dice-race/tests/rules.rs").contains("use dice_race::{"));
    assert_eq!(written.changed.len(), EDITS.len());

    let manifest = read("Cargo.toml");
    assert!(manifest.contains("    \"crates/dice-race\",\n    \"crates/sim\","));
    assert!(manifest
        .contains("dice-race = { path = \"crates/dice-race\", version = \"0.2.0\" }\ntabula-sim"));
    assert!(manifest.contains("dice-race.workspace = true\ntabula-sim.workspace = true"));
    let facade = read("src/lib.rs");
    assert!(
        facade.contains("pub use alea_iacta_est;\npub use dice_race;\npub use kingdom_builder;")
    );
    assert!(facade.contains("//! | [`dice_race`] | Dice Race |"));
    let registry = read("src/games.rs");
    assert!(registry.contains(
        "            (\n                dice_race,\n                DiceRace,\n                $crate::dice_race::State,\n                \"Dice Race (2 to 4 players).\"\n            ),\n        }"
    ), "{registry}");
    let fuzz = read("fuzz/Cargo.toml");
    assert!(fuzz
        .contains("dice-race = { path = \"../crates/dice-race\", features = [\"arbitrary\"] }\n"));
    for kind in FUZZ_KINDS {
        assert!(fuzz.contains(&format!(
            "name = \"dice_race_{kind}\"\npath = \"fuzz_targets/dice_race_{kind}.rs\""
        )));
        assert_eq!(
            read(&format!("fuzz/fuzz_targets/dice_race_{kind}.rs")),
            read("fuzz/fuzz_targets/pig_actions.rs")
        );
    }
    let init = read("python/tabula/__init__.py");
    assert!(
        init.contains("    BatchResult,\n    DiceRace,\n    KingdomBuilder,"),
        "{init}"
    );
    assert!(
        init.contains("    \"ConfigError\",\n    \"DiceRace\",\n    \"GAMES\","),
        "{init}"
    );
    let stubs = read("python/tabula/_tabula.pyi");
    assert!(stubs.contains("    \"AleaIactaEst\",\n    \"DiceRace\",\n    \"Action\","));
    assert!(stubs
        .contains("@final\nclass DiceRace(_State):\n    \"\"\"Dice Race (2 to 4 players).\"\"\""));
    let readme = read("README.md");
    assert!(readme.contains(
        "| Sequence Dice | `sequence-dice` | 2–4 |\n| Dice Race | `dice-race` | 2–4 |\n"
    ));
    assert!(
        readme.contains("rules engines for six tabletop games"),
        "{readme}"
    );
    assert!(read(".ci/mutants").contains(" alea-iacta-est dice-race)\n"));
    assert!(
        read("examples/dice_race.rs").contains("use tabula::dice_race::{Config, Setup, State};")
    );
    assert!(read("docs/rules/dice-race.md").starts_with("# Dice Race — "));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_second_run_writes_nothing() {
    let root = copy();
    let names = Names::new("dice-race", None).unwrap();
    scaffold(&root, &names).unwrap();
    let before = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert_eq!(
        scaffold(&root, &names).unwrap_err(),
        ScaffoldError::Exists(PathBuf::from("crates/dice-race"))
    );
    assert_eq!(
        std::fs::read_to_string(root.join("Cargo.toml")).unwrap(),
        before
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_file_without_its_anchor_is_refused_and_nothing_is_written() {
    let root = copy();
    let games = root.join("src/games.rs");
    std::fs::write(&games, "// no registry here\n").unwrap();
    let names = Names::new("dice-race", None).unwrap();
    let e = scaffold(&root, &names).unwrap_err();
    assert!(
        matches!(&e, ScaffoldError::Edit { path, why } if path == "src/games.rs" && why.contains("for_each_game")),
        "{e}"
    );
    assert!(!root.join("crates/dice-race").exists());
    assert!(!std::fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .contains("dice-race"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_game_already_registered_is_refused() {
    let names = Names::new("mosaix", None).unwrap();
    let e = scaffold(&workspace(), &names).unwrap_err();
    assert_eq!(e, ScaffoldError::Exists(PathBuf::from("crates/mosaix")));
    // The edits alone refuse too, file by file.
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let edit = EDITS.iter().find(|e| e.path == "README.md").unwrap();
    assert!((edit.apply)(&readme, &names, "0.2.0")
        .unwrap_err()
        .contains("already holds"));
}

#[test]
fn only_the_workspace_root_is_taken() {
    let names = Names::new("dice-race", None).unwrap();
    let elsewhere = workspace().join("crates");
    assert_eq!(
        scaffold(&elsewhere, &names).unwrap_err(),
        ScaffoldError::NotTheWorkspace(elsewhere)
    );
}

#[test]
fn the_data_commands_name_the_game() {
    let names = Names::new("dice-race", None).unwrap();
    let commands = data_commands(&names, "2026-11-27");
    assert_eq!(commands[0].dir, "fuzz");
    let golden = &commands[1];
    assert_eq!(
        golden.argv.join(" "),
        "cargo test --release --test compat -- --ignored write_corpus"
    );
    assert!(golden
        .env
        .contains(&("TABULA_COMPAT_GAMES".into(), "dice-race".into())));
    assert!(golden.env.contains(&(
        "TABULA_COMPAT_WRITE".into(),
        "tests/compat/2026-11-27-dice-race".into()
    )));
}
