//! One source layout: every registered game (the games of the facade's registry,
//! `tabula::for_each_game!` in `src/games.rs`) keeps each concept in the same file, so that a
//! reader who knows one game finds the same file in the others (docs/architecture.md, "Crate
//! layout"). A game crate's files are under its `src/` (the crate root `lib.rs`); a game that
//! is a module of another crate (`dicecore::pig`) has them in its module folder (`pig/`, the
//! module root `pig.rs` or `pig/mod.rs`).
//!
//! For every game, checked on the code outside comments and `#[cfg(test)]` items:
//!
//! - each file of [`CONCEPTS`] exists and holds its concept, and no other file holds it: the
//!   `Game`, `FromSetup`, `Encode` and `Picture` impls, the `validated_serde!` wiring, and the
//!   definitions of the state, config, action, view and error types (the types the `Game` impl
//!   names);
//! - `Game::new`'s helper is `opening`, defined in `state.rs`;
//! - no module is mounted from elsewhere with a `#[path]` attribute;
//! - no file is longer than [`MAX_LINES`] lines.
//!
//! The games are found from the registry and the root manifest's `[workspace]` `members`: a
//! game added to the registry is checked with no edit of this test.

#[path = "support/sources.rs"]
mod sources;

use sources::{code, expand, files, workspace_list};
use std::fs;
use std::path::{Path, PathBuf};

/// Longer files are split along the rules (docs/architecture.md, "Crate layout").
const MAX_LINES: usize = 800;

/// What a concept is found by in the code.
#[derive(Clone, Copy, Debug)]
enum Mark {
    /// `impl <Trait> for` (the trait named by its last path segment).
    Impl(&'static str),
    /// A macro call, `name!`.
    Macro(&'static str),
    /// The definition (`pub struct` or `pub enum`) of the type the `Game` impl names for
    /// this associated type (`Self` for the state type).
    Type(&'static str),
}

/// Each concept: the file that holds it, the concept in words, and how it is found.
const CONCEPTS: &[(&str, &str, Mark)] = &[
    ("state.rs", "the state type", Mark::Type("Self")),
    ("config.rs", "the config type", Mark::Type("Config")),
    ("action.rs", "the action type", Mark::Type("Action")),
    ("game.rs", "the `Game` impl", Mark::Impl("Game")),
    ("view.rs", "the view type", Mark::Type("View")),
    (
        "load.rs",
        "validated loading (`validated_serde!`)",
        Mark::Macro("validated_serde"),
    ),
    ("setup.rs", "the `FromSetup` impl", Mark::Impl("FromSetup")),
    ("encode.rs", "the `Encode` impl", Mark::Impl("Encode")),
    ("svg.rs", "the `Picture` impl", Mark::Impl("Picture")),
    ("error.rs", "the error type", Mark::Type("Error")),
];

/// One registered game's sources.
#[derive(Debug)]
struct Tree {
    /// The game as the registry names it (`the_border`, `dicecore::pig`).
    name: String,
    /// The folder of its files (`crates/the-border/src`, `crates/dicecore/src/pig`).
    folder: PathBuf,
    /// Its root file (`lib.rs`, or the module's `pig.rs` beside the folder).
    root: PathBuf,
    /// The state type's name (`State`, `Pig`).
    state: String,
}

/// The state types of the registry's entries (`$crate::the_border::State`), as paths below the
/// facade (`["the_border", "State"]`), in the registry's order.
fn registered(games_rs: &str) -> Vec<Vec<String>> {
    let Some(at) = games_rs.find("macro_rules! for_each_game") else {
        return Vec::new();
    };
    let body = &games_rs[at..];
    let body = &body[..sources::item_end(body, 0)];
    body.split("$crate::")
        .skip(1)
        .filter_map(|rest| {
            let path = rest.split(|c: char| c == ',' || c.is_whitespace()).next()?;
            let parts: Vec<String> = path.split("::").map(str::to_string).collect();
            (parts.len() >= 2).then_some(parts)
        })
        .collect()
}

/// The `name` of a package manifest, with `-` read as `_` (as Rust names the crate).
fn crate_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            if in_package && key.trim() == "name" {
                return Some(value.trim().trim_matches('"').replace('-', "_"));
            }
        }
    }
    None
}

/// The sources of every registered game of the workspace at `workspace`, and a line for each
/// entry of the registry whose crate or module cannot be found.
fn trees(workspace: &Path) -> (Vec<Tree>, Vec<String>) {
    let manifest = fs::read_to_string(workspace.join("Cargo.toml")).unwrap_or_default();
    let games = fs::read_to_string(workspace.join("src/games.rs")).unwrap_or_default();
    let packages: Vec<(String, PathBuf)> = workspace_list(&manifest, "members")
        .iter()
        .flat_map(|glob| expand(workspace, glob))
        .filter_map(|dir| {
            let text = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
            Some((crate_name(&text)?, dir))
        })
        .collect();
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for path in registered(&games) {
        let (krate, rest) = path.split_first().expect("a path of at least two segments");
        let (state, modules) = rest.split_last().expect("a path of at least two segments");
        let Some((_, dir)) = packages.iter().find(|(name, _)| name == krate) else {
            missing.push(format!(
                "{}: no workspace member is the crate `{krate}`",
                path.join("::")
            ));
            continue;
        };
        let mut folder = dir.join("src");
        let mut root = folder.join("lib.rs");
        for module in modules {
            let file = folder.join(format!("{module}.rs"));
            folder = folder.join(module);
            root = if file.is_file() {
                file
            } else {
                folder.join("mod.rs")
            };
        }
        let mut name = vec![krate.clone()];
        name.extend(modules.iter().cloned());
        found.push(Tree {
            name: name.join("::"),
            folder,
            root,
            state: state.clone(),
        });
    }
    (found, missing)
}

/// Whether `c` can be part of an identifier.
fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `code` holds `word` with no identifier character right after it.
fn has_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let before_ok =
            !code[..i].chars().next_back().is_some_and(ident_char) || !word.starts_with(ident_char);
        before_ok && !code[i + word.len()..].starts_with(ident_char)
    })
}

/// Whether `code` has an `impl` of the trait `name` (by its last path segment, so
/// `impl dicecore::Game for` counts), generic or not.
fn has_impl(code: &str, name: &str) -> bool {
    code.match_indices("impl").any(|(i, _)| {
        if code[..i].chars().next_back().is_some_and(ident_char) {
            return false;
        }
        let rest = &code[i + 4..];
        let Some(head) = rest.split('{').next() else {
            return false;
        };
        let Some((path, _)) = head.split_once(" for ") else {
            return false;
        };
        let path = path.trim();
        // Leave out the impl's own generics (`impl<T: X> Trait for`).
        let path = match path.strip_prefix('<') {
            Some(generic) => generic.rsplit_once('>').map_or("", |(_, p)| p.trim()),
            None => path,
        };
        let path = path.split('<').next().unwrap_or("").trim();
        path.rsplit("::").next() == Some(name)
    })
}

/// The type the `Game` impl of `code` names for the associated type `assoc` (`type View =
/// PigView;`).
fn associated(code: &str, assoc: &str) -> Option<String> {
    let at = code.find(&format!("type {assoc} ="))?;
    let rest = &code[at + assoc.len() + 7..];
    let name = rest.split(';').next()?.trim();
    Some(name.rsplit("::").next()?.to_string())
}

/// Whether `code` defines the public type `name`.
fn defines(code: &str, name: &str) -> bool {
    ["pub struct ", "pub enum "]
        .iter()
        .any(|kind| has_word(code, &format!("{kind}{name}")))
}

/// What is out of place in one game's sources: one line per problem, naming the game, the
/// concept and the file it belongs in.
fn problems(tree: &Tree) -> Vec<String> {
    let name = &tree.name;
    let mut out = Vec::new();
    let rel = |p: &Path| {
        p.strip_prefix(tree.folder.parent().unwrap_or(&tree.folder))
            .unwrap_or(p)
            .display()
            .to_string()
    };
    let place = |file: &str| rel(&tree.folder.join(file));
    if !tree.root.is_file() {
        out.push(format!(
            "{name}: the root (its modules and re-exports) belongs in {}, which does not exist",
            rel(&tree.root)
        ));
    }
    let mut list = Vec::new();
    files(&tree.folder, &mut list);
    if tree.root.is_file() && !list.contains(&tree.root) {
        list.push(tree.root.clone());
    }
    let sources: Vec<(PathBuf, String, String)> = list
        .into_iter()
        .map(|file| {
            let text = fs::read_to_string(&file).unwrap_or_default();
            let code = code(&text);
            (file, text, code)
        })
        .collect();
    let code_of = |file: &str| {
        let path = tree.folder.join(file);
        sources
            .iter()
            .find(|(f, _, _)| *f == path)
            .map(|(_, _, c)| c)
    };
    let game = code_of("game.rs").cloned().unwrap_or_default();
    for &(file, concept, mark) in CONCEPTS {
        let target = tree.folder.join(file);
        let holds = |code: &str| match mark {
            Mark::Impl(name) => has_impl(code, name),
            Mark::Macro(name) => has_word(code, &format!("{name}!")),
            Mark::Type("Self") => defines(code, &tree.state),
            Mark::Type(assoc) => associated(&game, assoc).is_some_and(|ty| defines(code, &ty)),
        };
        match code_of(file) {
            None => out.push(format!(
                "{name}: {concept} belongs in {}, which does not exist",
                place(file)
            )),
            Some(code) if !holds(code) => out.push(format!(
                "{name}: {concept} belongs in {}, which does not hold it",
                place(file)
            )),
            Some(_) => {}
        }
        for (other, _, code) in &sources {
            if *other != target && holds(code) {
                out.push(format!(
                    "{name}: {concept} belongs in {}, not in {}",
                    place(file),
                    rel(other)
                ));
            }
        }
    }
    if !code_of("state.rs").is_some_and(|code| has_word(code, "fn opening")) {
        out.push(format!(
            "{name}: `Game::new`'s helper `opening` belongs in {}, which does not define it",
            place("state.rs")
        ));
    }
    for (file, text, _) in &sources {
        if text.lines().any(|l| l.trim_start().starts_with("#[path")) {
            out.push(format!(
                "{name}: {} mounts a module with `#[path]`; modules belong in the file their name gives",
                rel(file)
            ));
        }
        let lines = text.lines().count();
        if lines > MAX_LINES {
            out.push(format!(
                "{name}: {} has {lines} lines; a file past {MAX_LINES} is split along the rules",
                rel(file)
            ));
        }
    }
    out
}

#[test]
fn every_registered_game_keeps_each_concept_in_its_file() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (trees, missing) = trees(workspace);
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let names: Vec<&str> = trees.iter().map(|t| t.name.as_str()).collect();
    // The discovery works: every game of the registry, dicecore's Pig included.
    for known in [
        "dicecore::pig",
        "sequence_dice",
        "mosaix",
        "the_border",
        "kingdom_builder",
        "alea_iacta_est",
    ] {
        assert!(names.contains(&known), "{known} not found in {names:?}");
    }
    let problems: Vec<String> = trees.iter().flat_map(problems).collect();
    assert!(
        problems.is_empty(),
        "out of place:\n{}",
        problems.join("\n")
    );
}

/// A fresh empty folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    sources::scratch("layout", name)
}

/// A fake workspace with one registered game crate `toy` laid out as the rules say, and the
/// game `core::toy2`, a module of the crate `core`.
fn fake_workspace(name: &str) -> PathBuf {
    let dir = scratch(name);
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write(
        "Cargo.toml",
        "[package]\nname = \"root\"\n\n[workspace]\nmembers = [\"crates/*\"]\n",
    );
    write(
        "src/games.rs",
        "macro_rules! for_each_game {\n    ($m:ident) => {\n        $m! {\n            \
         (toy, Toy, $crate::toy::State, \"Toy.\"),\n            \
         (toy2, Toy2, $crate::core::toy2::Toy, \"Toy 2.\"),\n        }\n    };\n}\n",
    );
    write("crates/toy/Cargo.toml", "[package]\nname = \"toy\"\n");
    write("crates/core/Cargo.toml", "[package]\nname = \"core\"\n");
    write("crates/core/src/lib.rs", "pub mod toy2;\n");
    for (folder, root, state, prefix) in [
        ("crates/toy/src", "crates/toy/src/lib.rs", "State", ""),
        (
            "crates/core/src/toy2",
            "crates/core/src/toy2.rs",
            "Toy",
            "Toy",
        ),
    ] {
        write(root, "//! A toy.\nmod game;\n");
        let files = [
            (
                "state.rs",
                format!(
                    "pub struct {state} {{}}\nimpl {state} {{ pub(crate) fn opening() {{}} }}\n"
                ),
            ),
            ("config.rs", format!("pub struct {prefix}Config {{}}\n")),
            ("action.rs", format!("pub enum {prefix}Action {{}}\n")),
            (
                "game.rs",
                format!(
                    "impl dicecore::Game for {state} {{\n    type Config = {prefix}Config;\n    \
                     type Action = {prefix}Action;\n    type View = {prefix}View;\n    \
                     type Error = {prefix}Error;\n}}\n"
                ),
            ),
            ("view.rs", format!("pub struct {prefix}View {{}}\n")),
            (
                "load.rs",
                format!("dicecore::validated_serde!({state}, {state}::checked, versioned);\n"),
            ),
            ("setup.rs", format!("impl FromSetup for {state} {{}}\n")),
            ("encode.rs", format!("impl Encode for {state} {{}}\n")),
            (
                "svg.rs",
                format!("impl dicecore::Picture for {state} {{}}\n"),
            ),
            ("error.rs", format!("pub enum {prefix}Error {{}}\n")),
        ];
        for (file, text) in files {
            write(&format!("{folder}/{file}"), &text);
        }
    }
    dir
}

/// The problems of every game of the fake workspace at `dir` (which it then removes).
fn fake_problems(dir: &Path) -> Vec<String> {
    let (trees, missing) = trees(dir);
    let mut out: Vec<String> = missing;
    out.extend(trees.iter().flat_map(problems));
    fs::remove_dir_all(dir).unwrap();
    out
}

#[test]
fn a_game_laid_out_as_the_rules_say_passes() {
    let dir = fake_workspace("clean");
    let (trees, _) = trees(&dir);
    let names: Vec<&str> = trees.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["toy", "core::toy2"]);
    assert_eq!(trees[1].state, "Toy");
    assert!(trees[1].root.ends_with("crates/core/src/toy2.rs"));
    assert_eq!(fake_problems(&dir), Vec::<String>::new());
}

#[test]
fn a_missing_file_is_reported_with_the_game_the_concept_and_the_file() {
    let dir = fake_workspace("missing");
    fs::remove_file(dir.join("crates/toy/src/load.rs")).unwrap();
    fs::remove_file(dir.join("crates/core/src/toy2/view.rs")).unwrap();
    assert_eq!(
        fake_problems(&dir),
        [
            "toy: validated loading (`validated_serde!`) belongs in src/load.rs, which does not exist",
            "core::toy2: the view type belongs in toy2/view.rs, which does not exist",
        ]
    );
}

#[test]
fn a_concept_in_another_file_is_reported() {
    let dir = fake_workspace("misplaced");
    let state = dir.join("crates/toy/src/state.rs");
    let text = fs::read_to_string(&state).unwrap();
    // The `Game` impl and the view beside the state (the comment does not count).
    fs::write(
        &state,
        format!("{text}// impl Game for State is in game.rs\nimpl Game for State {{}}\npub struct View {{}}\n"),
    )
    .unwrap();
    fs::write(dir.join("crates/toy/src/svg.rs"), "pub fn picture() {}\n").unwrap();
    assert_eq!(
        fake_problems(&dir),
        [
            "toy: the `Game` impl belongs in src/game.rs, not in src/state.rs",
            "toy: the view type belongs in src/view.rs, not in src/state.rs",
            "toy: the `Picture` impl belongs in src/svg.rs, which does not hold it",
        ]
    );
}

#[test]
fn a_path_attribute_a_long_file_and_a_missing_helper_are_reported() {
    let dir = fake_workspace("path");
    let root = dir.join("crates/toy/src/lib.rs");
    fs::write(
        &root,
        "#[cfg(test)]\n#[path = \"tests/mod.rs\"]\nmod tests;\n",
    )
    .unwrap();
    fs::write(
        dir.join("crates/toy/src/board.rs"),
        "// a line\n".repeat(MAX_LINES + 1),
    )
    .unwrap();
    fs::write(
        dir.join("crates/core/src/toy2/state.rs"),
        "pub struct Toy {}\nimpl Toy { fn initial() {} }\n",
    )
    .unwrap();
    assert_eq!(
        fake_problems(&dir),
        [
            format!("toy: src/board.rs has {} lines; a file past {MAX_LINES} is split along the rules", MAX_LINES + 1),
            "toy: src/lib.rs mounts a module with `#[path]`; modules belong in the file their name gives".to_string(),
            "core::toy2: `Game::new`'s helper `opening` belongs in toy2/state.rs, which does not define it".to_string(),
        ]
    );
}

#[test]
fn a_registered_game_without_its_crate_is_reported() {
    let dir = fake_workspace("unlisted");
    fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"root\"\n\n[workspace]\nmembers = [\"crates/core\"]\n",
    )
    .unwrap();
    assert_eq!(
        fake_problems(&dir),
        ["toy::State: no workspace member is the crate `toy`"]
    );
}

#[test]
fn impls_and_types_are_read_by_their_names() {
    assert!(has_impl("impl Game for State {", "Game"));
    assert!(has_impl("impl dicecore::Game for State {", "Game"));
    assert!(has_impl("impl<T: Copy> crate::Encode for X<T> {", "Encode"));
    assert!(!has_impl("impl GameLike for State {", "Game"));
    assert!(!has_impl(
        "impl State {\n fn f() { for x in y {} } }",
        "Game"
    ));
    assert!(defines("pub struct View {", "View"));
    assert!(defines("pub enum Error {", "Error"));
    assert!(!defines("pub struct ViewTable {", "View"));
    assert!(!defines("pub struct MyView {", "View"));
    assert_eq!(
        associated("impl Game for Pig {\n type View = PigView;", "View").as_deref(),
        Some("PigView")
    );
}
