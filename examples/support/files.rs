//! The files the programs write (replays, pictures): checked before the work starts, so a
//! path that cannot be written is refused at once rather than after a game.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

/// Checks that `path` can be written (`what` names the file in the message), without
/// changing it: an existing file is opened for appending and left as it is, a new one is
/// created and removed again.
pub fn check_writable(path: &Path, what: &str) -> Result<(), String> {
    let refused = |why: String| format!("cannot write {what} to {}: {why}", path.display());
    if path.as_os_str().is_empty() {
        return Err(format!("cannot write {what}: the file name is empty"));
    }
    if path.is_dir() {
        return Err(refused("it is a directory".to_string()));
    }
    let existed = path.exists();
    match OpenOptions::new().append(true).create(true).open(path) {
        Ok(_) => {
            if !existed {
                let _ = std::fs::remove_file(path);
            }
            Ok(())
        }
        Err(e) => Err(refused(e.to_string())),
    }
}

/// Writes `text` to `path`, with a message naming `what` if it cannot.
pub fn write(path: &Path, what: &str, text: &str) -> Result<(), String> {
    std::fs::write(path, text)
        .map_err(|e| format!("cannot write {what} to {}: {e}", path.display()))
}

/// `path` with `-name` added to its file stem: `boards.svg` and `pig` give `boards-pig.svg`
/// (the picture of one game when several are toured).
pub fn with_name(path: &Path, name: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = match path.extension() {
        Some(ext) => format!("{stem}-{name}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{name}"),
    };
    path.with_file_name(file)
}
