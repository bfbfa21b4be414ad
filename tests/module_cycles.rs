//! No import circles: in every crate of the workspace (found from the root manifest's
//! `[workspace]` `members` and `exclude`, so the Python binding and the fuzz harness too, and the
//! programs' shared module folders), the modules under each module form a hierarchy — no module
//! reaches, through `crate::`, `super::` or `self::` paths outside comments and test code, a
//! sibling module that reaches it, directly or through other siblings. Nested modules are
//! checked as the top-level ones are: `a::b` reaching `a::c` that reaches `a::b` is a circle,
//! and a reach into another parent counts for the two ancestors that are siblings (`a::b`
//! reaching `c::d` is `a` reaching `c`). A module reaching its own parent or child is not a
//! circle (docs/architecture.md, "Crate layout").

#[path = "support/sources.rs"]
mod sources;

use sources::{code, expand, files, item_end, matches, workspace_list};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path below its crate root (`[]` is the root itself).
type ModPath = Vec<String>;

/// The source folders to check under a workspace, relative to it and sorted: the `src` of the
/// root package and of every package the `[workspace]` table lists as a member or excludes
/// (Cargo refuses to build a package inside a workspace's folder that is neither, so these are
/// all of its packages), and each package's shared module folders of its programs
/// (`examples/<name>/mod.rs`, `tests/<name>/mod.rs`).
fn sources(workspace: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(workspace.join("Cargo.toml")).unwrap_or_default();
    let mut packages = BTreeSet::new();
    if manifest.lines().any(|l| l.trim() == "[package]") {
        packages.insert(workspace.to_path_buf());
    }
    for key in ["members", "exclude"] {
        for glob in workspace_list(&manifest, key) {
            packages.extend(
                expand(workspace, &glob)
                    .into_iter()
                    .filter(|d| d.join("Cargo.toml").is_file()),
            );
        }
    }
    let mut out = BTreeSet::new();
    for package in &packages {
        let mut folders = vec![package.join("src")];
        for programs in ["examples", "tests"] {
            folders.extend(
                expand(package, &format!("{programs}/*"))
                    .into_iter()
                    .filter(|d| d.join("mod.rs").is_file()),
            );
        }
        for folder in folders.into_iter().filter(|f| f.is_dir()) {
            if let Ok(rel) = folder.strip_prefix(workspace) {
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.insert(parts.join("/"));
            }
        }
    }
    out.into_iter().collect()
}

/// The module a file is (`lib.rs`, `main.rs` and a top `mod.rs` are the root `[]`, `a/mod.rs`
/// and `a.rs` are `[a]`, `a/b.rs` is `[a, b]`); `None` for test files (`tests.rs`, `*_tests.rs`,
/// anything under a `tests/` folder).
fn module_of(root: &Path, file: &Path) -> Option<ModPath> {
    let rel = file.strip_prefix(root).ok()?;
    let mut path: ModPath = Vec::new();
    for component in rel.components() {
        let name = component.as_os_str().to_str()?;
        path.push(name.strip_suffix(".rs").unwrap_or(name).to_string());
    }
    if path
        .iter()
        .any(|name| name == "tests" || name.ends_with("_tests"))
    {
        return None;
    }
    let last = path.pop()?;
    let is_root = path.is_empty() && matches!(last.as_str(), "lib" | "main");
    if last != "mod" && !is_root {
        path.push(last);
    }
    Some(path)
}

/// Whether `c` can be part of an identifier.
fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths of a use tree at the start of `text` (after a `prefix::`): `a::b` is one path,
/// `{a, b::{c, d}}` three; `self` segments are left out and `*` ends a path.
fn tree(text: &str) -> Vec<ModPath> {
    fn parse(text: &str) -> (Vec<ModPath>, usize) {
        let start = text.len() - text.trim_start().len();
        let rest = &text[start..];
        if rest.starts_with('{') {
            let mut paths = Vec::new();
            let mut at = start + 1;
            loop {
                let (mut inner, used) = parse(&text[at..]);
                paths.append(&mut inner);
                at += used;
                let tail = &text[at..];
                let skipped = tail.len() - tail.trim_start().len();
                at += skipped;
                match text[at..].chars().next() {
                    Some(',') => at += 1,
                    Some('}') => return (paths, at + 1),
                    _ => return (paths, at),
                }
            }
        }
        let len = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
        if len == 0 {
            return (vec![Vec::new()], start);
        }
        let ident = rest[..len].to_string();
        let after = &rest[len..];
        let gap = after.len() - after.trim_start().len();
        if let Some(next) = after[gap..].strip_prefix("::") {
            let (inner, used) = parse(next);
            let consumed = start + len + gap + 2 + used;
            let paths = inner
                .into_iter()
                .map(|mut p| {
                    p.insert(0, ident.clone());
                    p
                })
                .collect();
            return (paths, consumed);
        }
        (vec![vec![ident]], start + len)
    }
    parse(text).0
}

/// The inline modules of `code` (`mod name { ... }`) as (name, start, end) byte ranges.
fn inline_modules(code: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("mod ") {
        if code[..i].chars().next_back().is_some_and(ident_char) {
            continue;
        }
        let rest = &code[i + 4..];
        let len = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
        if len > 0 && rest[len..].trim_start().starts_with('{') {
            out.push((rest[..len].to_string(), i, item_end(code, i)));
        }
    }
    out
}

/// The absolute paths that the `crate::`, `super::` and `self::` paths of a file's code name,
/// from the module `here` (the file's module; inside an inline module, that module).
fn reached(code: &str, here: &[String]) -> Vec<ModPath> {
    let inline = inline_modules(code);
    let mut out = Vec::new();
    for keyword in ["crate", "super", "self"] {
        let pattern = format!("{keyword}::");
        for (i, _) in code.match_indices(&pattern) {
            let before = &code[..i];
            if before.chars().next_back().is_some_and(ident_char) || before.ends_with("::") {
                continue;
            }
            let mut module: ModPath = here.to_vec();
            for (name, start, end) in &inline {
                if *start < i && i < *end {
                    module.push(name.clone());
                }
            }
            for path in tree(&code[i + pattern.len()..]) {
                let mut at: ModPath = match keyword {
                    "crate" => Vec::new(),
                    "super" => module[..module.len().saturating_sub(1)].to_vec(),
                    _ => module.clone(),
                };
                for segment in path {
                    match segment.as_str() {
                        "super" => {
                            at.pop();
                        }
                        "self" => {}
                        _ => at.push(segment),
                    }
                }
                out.push(at);
            }
        }
    }
    out
}

/// The circles among sibling modules of one source folder, each as its modules' paths
/// (`a::b`), sorted.
fn circles(root: &Path) -> Vec<Vec<String>> {
    let mut list = Vec::new();
    files(root, &mut list);
    let modules: BTreeSet<ModPath> = list.iter().filter_map(|f| module_of(root, f)).collect();
    // Per parent module, the reaches between its children.
    let mut edges: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in &list {
        let Some(from) = module_of(root, file) else {
            continue;
        };
        let Ok(text) = fs::read_to_string(file) else {
            continue;
        };
        for path in reached(&code(&text), &from) {
            // The module a path names: its longest prefix that is a module.
            let Some(to) = (0..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| modules.contains(p))
            else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            // Reaching oneself, an ancestor or a descendant is no circle.
            if common == from.len() || common == to.len() {
                continue;
            }
            edges
                .entry(from[..common].to_vec())
                .or_default()
                .entry(from[common].clone())
                .or_default()
                .insert(to[common].clone());
        }
    }
    let mut found = Vec::new();
    for (parent, children) in &edges {
        let reach = |start: &String| {
            let mut seen = BTreeSet::new();
            let mut stack: Vec<&String> = children.get(start).into_iter().flatten().collect();
            while let Some(m) = stack.pop() {
                if seen.insert(m.clone()) {
                    stack.extend(children.get(m).into_iter().flatten());
                }
            }
            seen
        };
        let mut reported: BTreeSet<String> = BTreeSet::new();
        for start in children.keys() {
            if reported.contains(start) || !reach(start).contains(start) {
                continue;
            }
            // The circle through `start`: the modules it reaches that reach it back.
            let circle: Vec<String> = reach(start)
                .into_iter()
                .filter(|m| reach(m).contains(start))
                .collect();
            reported.extend(circle.iter().cloned());
            found.push(
                circle
                    .into_iter()
                    .map(|m| {
                        let mut path = parent.clone();
                        path.push(m);
                        path.join("::")
                    })
                    .collect(),
            );
        }
    }
    found.sort();
    found
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = sources(workspace);
    // The discovery works: the facade, every game crate, the bindings and the programs.
    for known in [
        "src",
        "crates/dicecore/src",
        "crates/sim/src",
        "python/src",
        "fuzz/src",
    ] {
        assert!(
            sources.iter().any(|s| s == known),
            "{known} not found in {sources:?}"
        );
    }
    assert!(sources.iter().any(|s| s == "examples/support"));
    let mut problems = Vec::new();
    for source in &sources {
        for circle in circles(&workspace.join(source)) {
            problems.push(format!("{source}: {}", circle.join(" ↔ ")));
        }
    }
    assert!(
        problems.is_empty(),
        "import circles:\n{}",
        problems.join("\n")
    );
}

/// A fresh empty folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    sources::scratch("cycles", name)
}

#[test]
fn a_circle_is_found() {
    let dir = scratch("top");
    fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    fs::write(dir.join("a.rs"), "use crate::b::B;\n// use crate::c;\n").unwrap();
    fs::write(dir.join("b.rs"), "use crate::{c::C, Thing};\n").unwrap();
    fs::write(dir.join("c.rs"), "fn f() { crate::a::g() }\n").unwrap();
    let found = circles(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a", "b", "c"]]);
}

#[test]
fn a_nested_circle_is_found_and_parents_and_children_are_not_circles() {
    let dir = scratch("nested");
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod d;\n").unwrap();
    // The parent reaches its children and they reach it: no circle.
    fs::write(
        dir.join("a/mod.rs"),
        "mod b;\nmod c;\npub use self::b::B;\nuse c::C;\npub struct A;\n",
    )
    .unwrap();
    fs::write(
        dir.join("a/b.rs"),
        "use super::{A, c::{self, C}};\nuse crate::d::D;\n",
    )
    .unwrap();
    fs::write(
        dir.join("a/c.rs"),
        "fn f() -> crate::a::b::B { todo!() }\n\
         #[cfg(test)]\nmod tests {\n    use crate::d::D;\n}\n",
    )
    .unwrap();
    // `d` reaches `a` only from test code: no circle at the top.
    fs::write(
        dir.join("d.rs"),
        "pub struct D;\n#[cfg(test)]\nfn t() { crate::a::A; }\n",
    )
    .unwrap();
    let found = circles(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a::b", "a::c"]]);
}

#[test]
fn a_circle_through_other_parents_is_found_at_the_siblings() {
    let dir = scratch("across");
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::create_dir_all(dir.join("e")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod e;\n").unwrap();
    fs::write(dir.join("a.rs"), "mod b;\n").unwrap();
    fs::write(dir.join("a/b.rs"), "use crate::e::f::F;\n").unwrap();
    fs::write(dir.join("e/mod.rs"), "mod f;\n").unwrap();
    fs::write(
        dir.join("e/f.rs"),
        "mod g { use super::super::super::a::b; }\n",
    )
    .unwrap();
    let found = circles(&dir);
    fs::remove_dir_all(&dir).unwrap();
    // `e::f::g`'s `super::super::super` is the crate root.
    assert_eq!(found, vec![vec!["a", "e"]]);
}

#[test]
fn the_workspace_crates_are_found() {
    let dir = scratch("discovery");
    fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"root\"\n\n[workspace]\nmembers = [\n    \"crates/*\", # every crate\n    \"tools/one\",\n]\nexclude = [\"fuzz\"]\n\n[dependencies]\nmembers = 1\n",
    )
    .unwrap();
    for folder in [
        "src",
        "crates/new-game/src",
        "crates/core/src",
        "crates/notes",
        "tools/one/src",
        "tools/two/src",
        "fuzz/src",
        "examples/support",
        "examples/lonely",
    ] {
        fs::create_dir_all(dir.join(folder)).unwrap();
    }
    for manifest in [
        "crates/new-game",
        "crates/core",
        "tools/one",
        "tools/two",
        "fuzz",
    ] {
        fs::write(dir.join(manifest).join("Cargo.toml"), "[package]\n").unwrap();
    }
    fs::write(dir.join("examples/support/mod.rs"), "").unwrap();
    fs::write(dir.join("examples/lonely/x.rs"), "").unwrap();
    let found = sources(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        found,
        vec![
            "crates/core/src",
            "crates/new-game/src",
            "examples/support",
            "fuzz/src",
            "src",
            "tools/one/src",
        ]
    );
}

#[test]
fn a_glob_component_matches_names() {
    assert!(matches("*", "sim"));
    assert!(matches("game-*", "game-one"));
    assert!(!matches("game-*", "sim"));
    assert!(matches("*-dice", "sequence-dice"));
    assert!(matches("a*c*e", "abcde"));
    assert!(!matches("a*c*e", "abcd"));
    assert!(matches("sim", "sim"));
    assert!(!matches("sim", "sims"));
}
