//! No import circles: in every crate of the workspace (and the Python binding, the fuzz
//! harness and the programs' support code), the top-level modules form a hierarchy — no module
//! reaches, through `crate::` or `super::` paths outside comments and test modules, a module
//! that reaches it (docs/architecture.md, "Crate layout").

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The source folders whose top-level modules must form a hierarchy.
const SOURCES: &[&str] = &[
    "src",
    "crates/dicecore/src",
    "crates/kingdom-builder/src",
    "crates/alea-iacta-est/src",
    "crates/the-border/src",
    "crates/mosaix/src",
    "crates/sequence-dice/src",
    "crates/sim/src",
    "crates/wasm/src",
    "python/src",
    "fuzz/src",
    "examples/support",
];

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`None` for the crate root and unit-test files).
fn top_module(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    let is_test = name == "tests" || name.ends_with("_tests");
    (!matches!(name, "lib" | "main" | "mod") && !is_test).then(|| name.to_string())
}

/// The code of a file without comments and without its `#[cfg(test)] mod tests` block.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names a path prefix (`crate::`, `super::`) reaches in `code`: `prefix::name` and
/// every name of `prefix::{a, b::c}` (the first segment of each).
fn reached(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let first = item.trim().split("::").next().unwrap_or("");
                out.insert(first.trim().to_string());
            }
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.insert(rest[..end].to_string());
        }
    }
    out
}

/// The circles among the top-level modules of one source folder, each as its modules.
fn circles(root: &Path) -> Vec<Vec<String>> {
    let mut list = Vec::new();
    files(root, &mut list);
    let modules: BTreeSet<String> = list.iter().filter_map(|f| top_module(root, f)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &list {
        let Some(from) = top_module(root, file) else {
            continue;
        };
        let text = code(&fs::read_to_string(file).unwrap());
        let mut to = reached(&text, "crate::");
        // `super::` of a top-level file is the crate root's own module list.
        if file.parent() == Some(root) {
            to.extend(reached(&text, "super::"));
        }
        let targets = edges.entry(from.clone()).or_default();
        targets.extend(to.into_iter().filter(|m| modules.contains(m) && *m != from));
    }
    // A circle exists exactly when a module reaches itself; report each once.
    let mut found: Vec<Vec<String>> = Vec::new();
    for start in &modules {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = edges.get(start).into_iter().flatten().collect();
        while let Some(m) = stack.pop() {
            if seen.insert(m.clone()) {
                stack.extend(edges.get(m).into_iter().flatten());
            }
        }
        if seen.contains(start) {
            let mut circle: Vec<String> = seen
                .iter()
                .filter(|m| {
                    let mut back = BTreeSet::new();
                    let mut stack: Vec<&String> = edges.get(*m).into_iter().flatten().collect();
                    while let Some(x) = stack.pop() {
                        if back.insert(x.clone()) {
                            stack.extend(edges.get(x).into_iter().flatten());
                        }
                    }
                    back.contains(start)
                })
                .cloned()
                .collect();
            circle.sort();
            if !found.contains(&circle) {
                found.push(circle);
            }
        }
    }
    found
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for source in SOURCES {
        let root = workspace.join(source);
        assert!(root.is_dir(), "{source} is not a folder");
        for circle in circles(&root) {
            problems.push(format!("{source}: {}", circle.join(" ↔ ")));
        }
    }
    assert!(
        problems.is_empty(),
        "import circles:\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_circle_is_found() {
    let dir = std::env::temp_dir().join(format!("tabula-cycles-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    fs::write(dir.join("a.rs"), "use crate::b::B;\n// use crate::c;\n").unwrap();
    fs::write(dir.join("b.rs"), "use crate::{c::C, Thing};\n").unwrap();
    fs::write(dir.join("c.rs"), "fn f() { crate::a::g() }\n").unwrap();
    let found = circles(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a", "b", "c"]]);
}
