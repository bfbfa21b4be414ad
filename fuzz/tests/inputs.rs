//! Every seed input (`seeds/<target>/`) and every regression input
//! (`regressions/<game>/<kind>/`) through the fuzz targets' harness, as the fuzzer runs them:
//! a broken law or a panic fails the test with the file's name.

use std::path::Path;

/// Runs `target` on every file of `dir`; returns how many ran.
fn run_dir(target: &str, dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut files: Vec<_> = entries
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    let mut n = 0;
    for file in files {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.ends_with(".md") {
            continue;
        }
        let data = std::fs::read(&file).expect("a readable input");
        let ran = std::panic::catch_unwind(|| tabula_fuzz::run(target, &data));
        assert!(ran.is_ok(), "{target} crashes on {}", file.display());
        assert_eq!(ran.ok(), Some(true), "{target} is not a target");
        n += 1;
    }
    n
}

#[test]
fn seed_inputs_keep_the_laws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for game in tabula_fuzz::GAMES {
        for (kind, _) in tabula_fuzz::KINDS {
            let target = format!("{game}_{kind}");
            let n = run_dir(&target, &root.join("seeds").join(&target));
            assert!(n > 0, "{target} has no seed inputs");
        }
    }
}

/// The seeds written from real games still load as those games: a state's JSON, a replay, a
/// config, a setup file (a change of a saved format makes them fail; rewrite them with
/// `cargo run --release --example seeds`).
#[test]
fn seed_inputs_still_load() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let mut dead = Vec::new();
    for game in tabula_fuzz::GAMES {
        for (kind, _) in tabula_fuzz::KINDS {
            let target = format!("{game}_{kind}");
            for entry in std::fs::read_dir(root.join(&target)).expect("a seed directory") {
                let path = entry.expect("a directory entry").path();
                let data = std::fs::read(&path).expect("a readable seed");
                if !tabula_fuzz::seed_is_live(&target, &data) {
                    dead.push(path.display().to_string());
                }
            }
        }
    }
    assert!(dead.is_empty(), "seeds that no longer load: {dead:#?}");
}

#[test]
fn regression_inputs_keep_the_laws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    for game in tabula_fuzz::GAMES {
        for (kind, _) in tabula_fuzz::KINDS {
            run_dir(&format!("{game}_{kind}"), &root.join(game).join(kind));
        }
    }
}
