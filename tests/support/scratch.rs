//! Scratch directories for the root integration tests, included with
//! `#[path = "support/scratch.rs"] mod scratch;` by each test that writes files.

use std::path::{Path, PathBuf};

/// A fresh, empty scratch directory `target/<group>/<name>` in the workspace: `group` names
/// the test file, `name` the test.
pub fn dir(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}
