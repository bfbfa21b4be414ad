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

#[test]
fn regression_inputs_keep_the_laws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    for game in tabula_fuzz::GAMES {
        for (kind, _) in tabula_fuzz::KINDS {
            run_dir(&format!("{game}_{kind}"), &root.join(game).join(kind));
        }
    }
}
