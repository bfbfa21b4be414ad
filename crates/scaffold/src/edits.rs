//! The lines a new game needs outside its crate, each written into the text of one file of the
//! workspace at the place the other games' lines are. Every edit finds its place by the lines
//! already there and refuses (naming the file and what it looked for) when they have moved, so
//! that a change of one of these files shows here instead of writing in a wrong place.

use crate::{Names, ScaffoldError};

/// One file's edit: its path from the workspace root and the function that writes the game's
/// lines into its text.
pub struct Edit {
    /// The file, from the workspace root.
    pub path: &'static str,
    /// What the edit adds, in words.
    pub what: &'static str,
    /// The new text of the file.
    pub apply: fn(&str, &Names, &str) -> Result<String, String>,
}

/// Every edit, in the order they are made.
pub const EDITS: &[Edit] = &[
    Edit {
        path: "Cargo.toml",
        what: "the workspace member, its workspace dependency and the facade's dependency",
        apply: cargo_toml,
    },
    Edit {
        path: "src/lib.rs",
        what: "`pub use` of the crate and its row in the facade's table of games",
        apply: facade_lib,
    },
    Edit {
        path: "src/games.rs",
        what: "the game's line in `for_each_game!`, the registry",
        apply: registry,
    },
    Edit {
        path: "fuzz/Cargo.toml",
        what: "the crate with its `arbitrary` feature and its three fuzz targets",
        apply: fuzz_toml,
    },
    Edit {
        path: "python/tabula/__init__.py",
        what: "the Python class imported and listed in `__all__`",
        apply: python_init,
    },
    Edit {
        path: "python/tabula/_tabula.pyi",
        what: "the Python class declared with its title and listed in `__all__`",
        apply: python_stubs,
    },
    Edit {
        path: "README.md",
        what: "the game's row in the table of games",
        apply: readme,
    },
    Edit {
        path: ".ci/mutants",
        what: "the crate among the game crates mutation testing covers",
        apply: ci_mutants,
    },
];

/// The index of the first line of `lines` for which `find` holds, or an error naming `what`.
fn line_of(lines: &[String], what: &str, find: impl Fn(&str) -> bool) -> Result<usize, String> {
    lines
        .iter()
        .position(|l| find(l))
        .ok_or_else(|| format!("no line {what}"))
}

/// The index of the last line of `lines` for which `find` holds, or an error naming `what`.
fn last_line_of(
    lines: &[String],
    what: &str,
    find: impl Fn(&str) -> bool,
) -> Result<usize, String> {
    lines
        .iter()
        .rposition(|l| find(l))
        .ok_or_else(|| format!("no line {what}"))
}

fn split(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

fn join(lines: Vec<String>, text: &str) -> String {
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Refuses a file that already names the game.
fn not_there(text: &str, needle: &str) -> Result<(), String> {
    if text.contains(needle) {
        Err(format!("it already holds {needle}"))
    } else {
        Ok(())
    }
}

fn cargo_toml(text: &str, n: &Names, version: &str) -> Result<String, String> {
    not_there(text, &format!("\"crates/{}\"", n.kebab))?;
    let mut lines = split(text);
    let sim = line_of(
        &lines,
        "`    \"crates/sim\",` in [workspace] members",
        |l| l.trim() == "\"crates/sim\",",
    )?;
    lines.insert(sim, format!("    \"crates/{}\",", n.kebab));
    let dep = line_of(
        &lines,
        "`tabula-sim = { path = ...` in [workspace.dependencies]",
        |l| l.starts_with("tabula-sim = { path"),
    )?;
    lines.insert(
        dep,
        format!(
            "{} = {{ path = \"crates/{}\", version = \"{version}\" }}",
            n.kebab, n.kebab
        ),
    );
    let facade = line_of(
        &lines,
        "`tabula-sim.workspace = true` in [dependencies]",
        |l| l.trim() == "tabula-sim.workspace = true",
    )?;
    lines.insert(facade, format!("{}.workspace = true", n.kebab));
    Ok(join(lines, text))
}

fn facade_lib(text: &str, n: &Names, _: &str) -> Result<String, String> {
    not_there(text, &format!("pub use {};", n.snake))?;
    let mut lines = split(text);
    let row = last_line_of(
        &lines,
        "of the table of games (`//! | [`...`] | ... |`)",
        |l| l.starts_with("//! | [`"),
    )?;
    lines.insert(row + 1, format!("//! | [`{}`] | {} |", n.snake, n.title));
    // The crates' `pub use` lines are sorted: the new one goes before the first that sorts
    // after it, or after the last.
    let is_crate_use = |l: &str| {
        l.strip_prefix("pub use ")
            .and_then(|r| r.strip_suffix(';'))
            .is_some_and(|m| {
                m != "dicecore" && m.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            })
    };
    let last = last_line_of(&lines, "`pub use <game crate>;`", is_crate_use)?;
    let first = line_of(&lines, "`pub use <game crate>;`", is_crate_use)?;
    let new = format!("pub use {};", n.snake);
    let at = (first..=last)
        .find(|&i| is_crate_use(&lines[i]) && lines[i] > new)
        .unwrap_or(last + 1);
    lines.insert(at, new);
    Ok(join(lines, text))
}

fn registry(text: &str, n: &Names, _: &str) -> Result<String, String> {
    not_there(text, &format!("$crate::{}::State", n.snake))?;
    let mut lines = split(text);
    let start = line_of(&lines, "`macro_rules! for_each_game {`", |l| {
        l.starts_with("macro_rules! for_each_game")
    })?;
    // The list ends with the entries' closing `),` followed by the `$m!` call's `}`.
    let end = (start..lines.len().saturating_sub(1))
        .find(|&i| lines[i].trim() == ")," && lines[i + 1].trim() == "}")
        .ok_or("no end of the entries of `for_each_game!` (a `),` line, then `}`)")?;
    let indent: String = lines[end].chars().take_while(|c| *c == ' ').collect();
    let entry = [
        "(".to_string(),
        format!("    {},", n.snake),
        format!("    {},", n.camel),
        format!("    $crate::{}::State,", n.snake),
        format!("    \"{} (2 to 4 players).\"", n.title),
        "),".to_string(),
    ];
    for (k, line) in entry.iter().enumerate() {
        lines.insert(end + 1 + k, format!("{indent}{line}"));
    }
    Ok(join(lines, text))
}

fn fuzz_toml(text: &str, n: &Names, _: &str) -> Result<String, String> {
    not_there(text, &format!("\"../crates/{}\"", n.kebab))?;
    let mut lines = split(text);
    let tabula = line_of(
        &lines,
        "`tabula = { path = \"..\" }` after the game crates",
        |l| l.starts_with("tabula = { path = \"..\""),
    )?;
    let last_game = (0..tabula)
        .rev()
        .find(|&i| lines[i].contains("{ path = \"../crates/"))
        .ok_or("no game crate among the dependencies")?;
    lines.insert(
        last_game + 1,
        format!(
            "{} = {{ path = \"../crates/{}\", features = [\"arbitrary\"] }}",
            n.kebab, n.kebab
        ),
    );
    let mut out = join(lines, text);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    for kind in crate::FUZZ_KINDS {
        out.push_str(&format!(
            "\n[[bin]]\nname = \"{0}_{kind}\"\npath = \"fuzz_targets/{0}_{kind}.rs\"\ntest = false\ndoc = false\nbench = false\n",
            n.snake
        ));
    }
    Ok(out)
}

/// Inserts `line` into the sorted run of lines that `member` picks, between `open` and the
/// next line equal to `close`.
fn insert_sorted(
    lines: &mut Vec<String>,
    open: &str,
    close: &str,
    line: String,
    member: impl Fn(&str) -> bool,
) -> Result<(), String> {
    let start = line_of(lines, &format!("`{open}`"), |l| l.trim() == open)?;
    let end = (start..lines.len())
        .find(|&i| lines[i].trim() == close)
        .ok_or_else(|| format!("no `{close}` after `{open}`"))?;
    let members: Vec<usize> = (start + 1..end).filter(|&i| member(&lines[i])).collect();
    let last = *members
        .last()
        .ok_or_else(|| format!("no names between `{open}` and `{close}`"))?;
    let at = members
        .into_iter()
        .find(|&i| lines[i].to_lowercase() > line.to_lowercase())
        .unwrap_or(last + 1);
    lines.insert(at, line);
    Ok(())
}

fn python_init(text: &str, n: &Names, _: &str) -> Result<String, String> {
    not_there(text, &format!("    {},", n.camel))?;
    let mut lines = split(text);
    let capitalised = |l: &str| l.trim_start().starts_with(|c: char| c.is_ascii_uppercase());
    insert_sorted(
        &mut lines,
        "from ._tabula import (",
        ")",
        format!("    {},", n.camel),
        capitalised,
    )?;
    let quoted = |l: &str| l.trim_start().starts_with("\"") && l.contains(char::is_uppercase);
    insert_sorted(
        &mut lines,
        "__all__ = [",
        "]",
        format!("    \"{}\",", n.camel),
        quoted,
    )?;
    Ok(join(lines, text))
}

fn python_stubs(text: &str, n: &Names, _: &str) -> Result<String, String> {
    not_there(text, &format!("class {}(_State)", n.camel))?;
    let mut lines = split(text);
    let all = line_of(&lines, "`__all__ = [`", |l| l.trim() == "__all__ = [")?;
    // The games are listed in the registry's order, before "Action".
    let action = (all..lines.len())
        .find(|&i| lines[i].trim() == "\"Action\",")
        .ok_or("no `\"Action\",` in `__all__`")?;
    lines.insert(action, format!("    \"{}\",", n.camel));
    let last_class = last_line_of(&lines, "`class <Game>(_State):`", |l| {
        l.starts_with("class ") && l.ends_with("(_State):")
    })?;
    let docstring = last_class + 1;
    if !lines
        .get(docstring)
        .is_some_and(|l| l.trim_start().starts_with("\"\"\""))
    {
        return Err("the last game class has no one-line docstring".into());
    }
    let class = [
        String::new(),
        "@final".to_string(),
        format!("class {}(_State):", n.camel),
        format!("    \"\"\"{} (2 to 4 players).\"\"\"", n.title),
    ];
    for (k, line) in class.into_iter().enumerate() {
        lines.insert(docstring + 1 + k, line);
    }
    Ok(join(lines, text))
}

/// The counts README.md may write in words, from none to twelve.
const COUNTS: [&str; 13] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
];

fn readme(text: &str, n: &Names, _: &str) -> Result<String, String> {
    not_there(text, &format!("| `{}` |", n.kebab))?;
    // The one place that counts the games in words: "rules engines for five tabletop games".
    let (before, after) = ("rules engines for ", " tabletop games");
    let start = text
        .find(before)
        .map(|i| i + before.len())
        .ok_or("no \"rules engines for <count> tabletop games\"")?;
    let len = text[start..]
        .find(after)
        .ok_or("no \"rules engines for <count> tabletop games\"")?;
    let word = &text[start..start + len];
    let count = COUNTS
        .iter()
        .position(|w| *w == word)
        .map(|k| k + 1)
        .or_else(|| word.parse::<usize>().ok().map(|k| k + 1))
        .ok_or_else(|| format!("the count {word:?} is not a number"))?;
    let next = COUNTS
        .get(count)
        .map_or_else(|| count.to_string(), |w| w.to_string());
    let text = &format!("{}{next}{}", &text[..start], &text[start + len..]);
    let mut lines = split(text);
    let header = line_of(&lines, "`| game | crate | players |`", |l| {
        l.trim() == "| game | crate | players |"
    })?;
    let last = (header + 2..lines.len())
        .take_while(|&i| lines[i].starts_with('|'))
        .last()
        .ok_or("no row under the table of games")?;
    lines.insert(last + 1, format!("| {} | `{}` | 2–4 |", n.title, n.kebab));
    Ok(join(lines, text))
}

fn ci_mutants(text: &str, n: &Names, _: &str) -> Result<String, String> {
    let mut lines = split(text);
    let at = line_of(&lines, "`games=(...)`", |l| {
        l.starts_with("games=(") && l.ends_with(')')
    })?;
    if lines[at].split(['(', ')', ' ']).any(|w| w == n.kebab) {
        return Err(format!("it already holds {}", n.kebab));
    }
    let list = lines[at].trim_end_matches(')').to_string();
    lines[at] = format!("{list} {})", n.kebab);
    Ok(join(lines, text))
}

/// Applies every edit to the files' texts: `(path, new text)` per file, or the first refusal.
pub fn apply_all(
    read: impl Fn(&str) -> Result<String, ScaffoldError>,
    names: &Names,
    version: &str,
) -> Result<Vec<(&'static str, String)>, ScaffoldError> {
    EDITS
        .iter()
        .map(|e| {
            let text = read(e.path)?;
            let new = (e.apply)(&text, names, version).map_err(|why| ScaffoldError::Edit {
                path: e.path.to_string(),
                why,
            })?;
            Ok((e.path, new))
        })
        .collect()
}
