//! The scaffold of a new game: `cargo run -p tabula-scaffold -- NAME` writes a game crate in
//! the workspace's model layout (docs/architecture.md, "Crate layout") with complete
//! placeholder rules, its tests and docs, and every line outside the crate that registers the
//! game: the workspace, the facade and its registry (`for_each_game!`), the fuzz targets, the
//! Python names and stubs, the README's table and mutation testing. With `--data` it then
//! writes what only the built engine can: the fuzz seeds and the golden-corpus folder of the
//! new game.
//!
//! ```no_run
//! use tabula_scaffold::{scaffold, Names};
//! let names = Names::new("knucklebones", None).unwrap();
//! let written = scaffold(std::path::Path::new("."), &names).unwrap();
//! for path in written.created.iter().chain(&written.changed) {
//!     println!("{}", path.display());
//! }
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod edits;
mod names;
mod template;

pub use edits::{Edit, EDITS};
pub use names::Names;
use std::path::{Path, PathBuf};

/// The kinds of fuzz target every game has (`<snake>_<kind>`), as the fuzz harness names them.
pub const FUZZ_KINDS: [&str; 3] = ["actions", "states", "records"];

/// Why the scaffold wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScaffoldError {
    /// A name that cannot be a crate's.
    #[error("{0:?} cannot name a game: use lower-case words of letters and digits joined by '-', starting with a letter (at most 40 characters), such as knuckle-bones")]
    Name(String),
    /// A name the workspace already uses.
    #[error("{0:?} is a Rust keyword or a name the workspace already uses")]
    Reserved(String),
    /// A title with characters that cannot go into the registry's string or a doc heading.
    #[error("the title {0:?} must be 1 to 60 letters, digits, spaces and - ' ! & .")]
    Title(String),
    /// The folder is not the workspace's root.
    #[error(
        "{0} is not the tabula workspace's root (no Cargo.toml with [workspace] and src/games.rs)"
    )]
    NotTheWorkspace(PathBuf),
    /// The game's crate already exists.
    #[error("{0} already exists")]
    Exists(PathBuf),
    /// A file could not be read or written.
    #[error("{path}: {why}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        why: String,
    },
    /// A file outside the crate does not have the lines the edit places the game's beside.
    #[error("{path}: {why}; edit it by hand (docs/architecture.md, \"Adding a game\") or update tabula-scaffold")]
    Edit {
        /// The file, from the workspace root.
        path: String,
        /// What the edit looked for.
        why: String,
    },
}

/// What [`scaffold`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The files created, from the workspace root.
    pub created: Vec<PathBuf>,
    /// The files changed, from the workspace root.
    pub changed: Vec<PathBuf>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> ScaffoldError + '_ {
    move |e| ScaffoldError::Io {
        path: path.to_path_buf(),
        why: e.to_string(),
    }
}

/// The workspace's version (`[workspace.package] version`), which the new crate takes.
fn workspace_version(manifest: &str) -> Option<String> {
    let package = manifest.split("[workspace.package]").nth(1)?;
    package
        .lines()
        .take_while(|l| !l.starts_with('['))
        .find_map(|l| l.trim().strip_prefix("version")?.trim().strip_prefix('='))
        .map(|v| v.trim().trim_matches('"').to_string())
}

/// Every file the scaffold writes for `names`, as `(path from the root, text, created)`,
/// without writing any: the new files and the edited ones. Fails, and writes nothing, if any
/// edit cannot find its place.
pub fn plan(root: &Path, names: &Names) -> Result<Vec<(PathBuf, String, bool)>, ScaffoldError> {
    let manifest_path = root.join("Cargo.toml");
    let manifest = std::fs::read_to_string(&manifest_path)
        .map_err(|_| ScaffoldError::NotTheWorkspace(root.to_path_buf()))?;
    if !manifest.contains("[workspace]") || !root.join("src/games.rs").exists() {
        return Err(ScaffoldError::NotTheWorkspace(root.to_path_buf()));
    }
    let version = workspace_version(&manifest)
        .ok_or_else(|| ScaffoldError::NotTheWorkspace(root.to_path_buf()))?;
    let crate_dir = PathBuf::from("crates").join(&names.kebab);
    if root.join(&crate_dir).exists() {
        return Err(ScaffoldError::Exists(crate_dir));
    }
    let mut out = Vec::new();
    for (path, text) in template::CRATE_FILES {
        out.push((crate_dir.join(path), names.fill(text), true));
    }
    let example = PathBuf::from("examples").join(format!("{}.rs", names.snake));
    let rules = PathBuf::from("docs/rules").join(format!("{}.md", names.kebab));
    out.push((example, names.fill(template::EXAMPLE), true));
    out.push((rules, names.fill(template::RULES), true));
    // Every fuzz target is the same file (the harness picks the target by its name).
    let targets = root.join("fuzz/fuzz_targets");
    let model = std::fs::read_dir(&targets)
        .map_err(io(&targets))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .min()
        .ok_or_else(|| ScaffoldError::Edit {
            path: "fuzz/fuzz_targets".into(),
            why: "no target file to copy".into(),
        })?;
    let source = std::fs::read_to_string(&model).map_err(io(&model))?;
    for kind in FUZZ_KINDS {
        let path = PathBuf::from("fuzz/fuzz_targets").join(format!("{}_{kind}.rs", names.snake));
        out.push((path, source.clone(), true));
    }
    for (path, _, _) in &out {
        if root.join(path).exists() {
            return Err(ScaffoldError::Exists(path.clone()));
        }
    }
    let read = |path: &str| {
        let full = root.join(path);
        std::fs::read_to_string(&full).map_err(io(&full))
    };
    for (path, text) in edits::apply_all(read, names, &version)? {
        out.push((PathBuf::from(path), text, false));
    }
    Ok(out)
}

/// Writes the new game's crate and every line outside it (see the crate documentation) under
/// the workspace root `root`. Nothing is written unless every file can be.
pub fn scaffold(root: &Path, names: &Names) -> Result<Written, ScaffoldError> {
    let plan = plan(root, names)?;
    let mut written = Written::default();
    for (path, text, created) in plan {
        let full = root.join(&path);
        if let Some(dir) = full.parent() {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        std::fs::write(&full, text).map_err(io(&full))?;
        if created {
            written.created.push(path);
        } else {
            written.changed.push(path);
        }
    }
    Ok(written)
}

/// A command that writes what only the built engine can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataCommand {
    /// What it writes, in words.
    pub what: String,
    /// Where it runs, from the workspace root.
    pub dir: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Its environment (a path is from the workspace root).
    pub env: Vec<(String, String)>,
}

/// The commands that write the game's data, run from the workspace root in this order: its
/// fuzz seeds (the seeds example writes only the files whose bytes change) and its first
/// golden-corpus folder, `tests/compat/<date>-<kebab>`.
pub fn data_commands(names: &Names, date: &str) -> Vec<DataCommand> {
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    vec![
        DataCommand {
            what: "the fuzz seeds (fuzz/seeds/<target>/, only the new game's change)".into(),
            dir: "fuzz".into(),
            argv: words("cargo run --release --example seeds"),
            env: vec![],
        },
        DataCommand {
            what: format!(
                "the golden-corpus folder tests/compat/{date}-{}",
                names.kebab
            ),
            dir: ".".into(),
            argv: words("cargo test --release --test compat -- --ignored write_corpus"),
            env: vec![
                (
                    "TABULA_COMPAT_WRITE".into(),
                    format!("tests/compat/{date}-{}", names.kebab),
                ),
                ("TABULA_COMPAT_GAMES".into(), names.kebab.clone()),
            ],
        },
    ]
}

#[cfg(test)]
mod tests;
