//! `cargo run -p tabula-scaffold -- NAME [--title TITLE] [--data]`: writes a new game into the
//! tabula workspace (see the crate documentation and docs/architecture.md, "Adding a game").
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use tabula_scaffold::{data_commands, scaffold, DataCommand, Names};

const USAGE: &str =
    "usage: cargo run -p tabula-scaffold -- NAME [--title TITLE] [--data] [--root DIR]

Writes a new game crate, crates/NAME, from the workspace's model layout (placeholder rules: a
dice race, complete, that passes the conformance suite), and every line outside it that
registers the game: Cargo.toml, src/lib.rs, src/games.rs (for_each_game!), fuzz/Cargo.toml and
fuzz/fuzz_targets/, python/tabula/__init__.py and _tabula.pyi, README.md's table, .ci/mutants,
examples/NAME.rs and docs/rules/NAME.md.

  NAME          lower-case words joined by '-' (knuckle-bones): the crate and Game::NAME
  --title TEXT  the title people read (default: NAME's words capitalised)
  --data        then build the engine and write the game's fuzz seeds and its folder of the
                golden corpus (tests/compat/<date>-NAME) with its README row; for a game
                already written, only that
  --root DIR    the workspace root (default: found from the current folder upwards)";

fn main() {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => {}
        Err(e) => {
            eprintln!("tabula-scaffold: {e}");
            std::process::exit(1);
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let (mut name, mut title, mut data, mut root) = (None, None, false, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            "--title" => title = Some(args.next().ok_or("--title needs a text")?),
            "--root" => root = Some(PathBuf::from(args.next().ok_or("--root needs a folder")?)),
            "--data" => data = true,
            flag if flag.starts_with('-') => {
                return Err(format!("unknown option {flag}\n\n{USAGE}"))
            }
            _ if name.is_some() => return Err(format!("one NAME only, not also {arg}\n\n{USAGE}")),
            _ => name = Some(arg),
        }
    }
    let name = name.ok_or_else(|| format!("a NAME is needed\n\n{USAGE}"))?;
    let names = Names::new(&name, title.as_deref()).map_err(|e| e.to_string())?;
    let root = match root {
        Some(r) => r,
        None => find_root()?,
    };
    if data && root.join("crates").join(&names.kebab).exists() {
        // The game is there already: write its data again (after a change of its rules).
        println!("{} exists: writing its data only", names.kebab);
        return write_data(&root, &names);
    }
    let written = scaffold(&root, &names).map_err(|e| e.to_string())?;
    println!(
        "{} ({}) written into {}:",
        names.title,
        names.kebab,
        root.display()
    );
    for path in &written.created {
        println!("  new      {}", path.display());
    }
    for path in &written.changed {
        println!("  changed  {}", path.display());
    }
    // The templates' lines are as long as their placeholders: rustfmt lays them out for the
    // game's names (the workspace is formatted, so only the new files change).
    match Command::new("cargo")
        .args(["fmt", "--all"])
        .current_dir(&root)
        .status()
    {
        Ok(status) if status.success() => println!("  formatted with cargo fmt"),
        _ => println!("  (cargo fmt did not run: run it before committing)"),
    }
    if data {
        write_data(&root, &names)?;
    }
    let k = &names.kebab;
    println!("\nNext:");
    println!("  cargo test -p {k}        # its rules and the conformance suite");
    println!("  cargo run --release --example tour -- --game {k}");
    if !data {
        println!(
            "  cargo run -p tabula-scaffold -- {k} --data   # its fuzz seeds and golden corpus"
        );
    }
    println!("\nWhat the scaffold cannot know (docs/architecture.md, \"Adding a game\"):");
    println!("  - the rules: replace the placeholder dice race in crates/{k}/src, module by");
    println!("    module, with a test per rule and per worked example of the rulebook, and each");
    println!("    Config flag tested both ways;");
    println!(
        "  - the player counts (Game::SEATS and the titles' \"2 to 4 players\"), the picture,"
    );
    println!("    the ids and tensors, docs/rules/{k}.md and a CHANGELOG line;");
    println!("  - the optional parts: a stepwise action space, an OpenSpiel registration, a menu");
    println!("    in steps for `play`;");
    println!("  - once its rules are written, its data again: `--data` on the existing game");
    println!(
        "    writes the fuzz seeds and a new golden-corpus folder (remove the placeholder's)."
    );
    Ok(())
}

/// The workspace root: the first folder from the current one upwards with a `Cargo.toml`
/// holding `[workspace]` and a `src/games.rs`.
fn find_root() -> Result<PathBuf, String> {
    let here = std::env::current_dir().map_err(|e| e.to_string())?;
    here.ancestors()
        .find(|d| {
            d.join("src/games.rs").exists()
                && std::fs::read_to_string(d.join("Cargo.toml"))
                    .is_ok_and(|m| m.contains("[workspace]"))
        })
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            format!(
                "no tabula workspace in {} or above it (give --root DIR)",
                here.display()
            )
        })
}

/// Runs the data commands, then adds the golden-corpus folder's row to its README.
fn write_data(root: &Path, names: &Names) -> Result<(), String> {
    let date = today();
    for DataCommand {
        what,
        dir,
        argv,
        env,
    } in data_commands(names, &date)
    {
        println!("\nwriting {what}: {}", argv.join(" "));
        let status = Command::new(&argv[0])
            .args(&argv[1..])
            .current_dir(root.join(&dir))
            .envs(env.iter().map(|(k, v)| {
                let v = if k == "TABULA_COMPAT_WRITE" {
                    root.join(v).display().to_string()
                } else {
                    v.clone()
                };
                (k.clone(), v)
            }))
            .status()
            .map_err(|e| format!("{}: {e}", argv[0]))?;
        if !status.success() {
            return Err(format!("writing {what} failed ({status})"));
        }
    }
    let readme = root.join("tests/compat/README.md");
    let text =
        std::fs::read_to_string(&readme).map_err(|e| format!("{}: {e}", readme.display()))?;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("| `"))
        .ok_or("tests/compat/README.md has no table of folders")?;
    lines.insert(
        last + 1,
        format!(
            "| `{date}-{0}` | the engines of {date}, {0} only (written by tabula-scaffold) | {1}, rules version 1, its placeholder rules |",
            names.kebab, names.title
        ),
    );
    std::fs::write(&readme, lines.join("\n") + "\n")
        .map_err(|e| format!("{}: {e}", readme.display()))?;
    println!("  changed  tests/compat/README.md");
    Ok(())
}

/// Today's date in UTC, `YYYY-MM-DD` (the corpus folders are named by the day they were
/// written).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
