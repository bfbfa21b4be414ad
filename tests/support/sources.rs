//! Reading the workspace's sources for the root integration tests that check them
//! (`module_cycles.rs`, `source_layout.rs`), included with
//! `#[path = "support/sources.rs"] mod sources;`: the packages the root manifest lists, the
//! `.rs` files of a folder, and a file's code without its comments and test items.

use std::fs;
use std::path::{Path, PathBuf};

/// The quoted strings of the array `key = [...]` in the `[workspace]` table of a manifest.
pub fn workspace_list(manifest: &str, key: &str) -> Vec<String> {
    let mut in_workspace = false;
    let mut collecting = false;
    let mut array = String::new();
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if collecting {
            array.push_str(line);
            if line.contains(']') {
                break;
            }
            continue;
        }
        if line.starts_with('[') {
            in_workspace = line == "[workspace]";
            continue;
        }
        if !in_workspace {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        if k.trim() == key {
            array.push_str(v.trim());
            if v.contains(']') {
                break;
            }
            collecting = true;
        }
    }
    array
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Whether a folder name matches one component of a glob (`*` matches any run of characters).
pub fn matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The folders under `root` a manifest path glob (`crates/*`) names, sorted.
pub fn expand(root: &Path, glob: &str) -> Vec<PathBuf> {
    let mut found = vec![root.to_path_buf()];
    for component in glob.split('/').filter(|c| !c.is_empty() && *c != ".") {
        let mut next = Vec::new();
        for dir in &found {
            if !component.contains('*') {
                next.push(dir.join(component));
                continue;
            }
            let Ok(entries) = fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                if entry.path().is_dir() && matches(component, &name) {
                    next.push(entry.path());
                }
            }
        }
        next.sort();
        found = next;
    }
    found.into_iter().filter(|d| d.is_dir()).collect()
}

/// Every `.rs` file under `dir`, sorted.
pub fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The end of the item that starts at `from`: just past its first `;` outside braces, or past
/// the brace that closes its first `{`.
pub fn item_end(code: &str, from: usize) -> usize {
    let mut depth = 0usize;
    for (i, c) in code[from..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return from + i + 1;
                }
            }
            ';' if depth == 0 => return from + i + 1,
            _ => {}
        }
    }
    code.len()
}

/// The code of a file without comments and without its `#[cfg(test)]` items (test modules,
/// inline or not, and test-only helpers).
pub fn code(text: &str) -> String {
    let text: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = at + "#[cfg(test)]".len();
        rest = &rest[item_end(rest, after)..];
    }
    out.push_str(rest);
    out
}

/// A fresh empty folder `tabula-<group>-<name>-<process>` under the system's temporary folder.
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{group}-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}
