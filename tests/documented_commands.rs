//! The commands docs/programs.md quotes, run as a reader runs them, with what they print compared
//! to the page.
//!
//! Every ```` ```text ```` block of the page is read as a terminal transcript: a line
//! `$ cargo run --release --example NAME -- ARGS` is a command, the lines after it (up to the
//! next command or the end of the block) what it prints, stdout and stderr together. The
//! example binaries that `cargo test` built beside this test are run from the workspace root;
//! what the reader types at a prompt (`seat 0> 33`, `dice> 3 4`) is fed to the program's input
//! in order, then `quit`. A line `...` in the page stands for any number of lines; times
//! (`0.6 ms`) are compared as times. Files the commands write outside `target/` are removed.
//! A block that shows no command (a fragment of a longer session) is not run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const PAGE: &str = "docs/programs.md";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// An example binary built by `cargo test` for this profile: `target/<profile>/examples/NAME`.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let path = profile.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds the examples before it runs the tests",
        path.display()
    );
    path
}

/// One command of the page and what the page says it prints.
#[derive(Debug)]
struct Transcript {
    line: usize,
    program: String,
    args: Vec<String>,
    expected: Vec<String>,
}

/// Splits a command line as a shell would for these commands: words, and "double-quoted words".
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

fn transcripts(page: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let mut in_text = false;
    let mut current: Option<Transcript> = None;
    for (i, line) in page.lines().enumerate() {
        if line.starts_with("```") {
            if in_text {
                found.extend(current.take());
            }
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ cargo run --release --example ") {
            found.extend(current.take());
            let mut parts = words(command);
            let program = parts.remove(0);
            if parts.first().map(String::as_str) == Some("--") {
                parts.remove(0);
            }
            current = Some(Transcript {
                line: i + 1,
                program,
                args: parts,
                expected: Vec::new(),
            });
        } else if let Some(t) = current.as_mut() {
            t.expected.push(line.to_string());
        }
    }
    found
}

/// What the reader types: the text after each prompt (`seat 0> `, `dice> `) of the page.
fn typed(expected: &[String]) -> Vec<String> {
    expected
        .iter()
        .filter_map(|l| prompt(l).map(|(_, input)| input.to_string()))
        .collect()
}

/// A prompt line of the page split into the prompt (`seat 0> `) and what was typed after it.
fn prompt(line: &str) -> Option<(&str, &str)> {
    let end = line.find("> ")?;
    let head = &line[..end];
    let is_prompt = head == "dice"
        || head
            .strip_prefix("seat ")
            .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
    is_prompt.then(|| line.split_at(end + 2))
}

/// The program's output with what was typed written after each prompt, as a terminal shows it.
fn echoed(output: &str, inputs: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut next = inputs.iter();
    for line in output.lines() {
        let mut rest = line;
        // A prompt waits on its line; the program's next output follows on the same line.
        while let Some((p, after)) = prompt(rest) {
            let input = next.next().cloned().unwrap_or_default();
            lines.push(format!("{p}{input}"));
            rest = after;
        }
        lines.push(rest.to_string());
    }
    lines
}

/// Whether `actual` reads as `expected`, where a `...` line of `expected` stands for any lines
/// and times may differ.
fn matches(expected: &[String], actual: &[String]) -> bool {
    fn same(e: &str, a: &str) -> bool {
        normal(e) == normal(a)
    }
    fn go(e: &[String], a: &[String]) -> bool {
        match e.split_first() {
            None => a.is_empty() || a.iter().all(|l| l.trim().is_empty()),
            Some((first, rest)) if first.trim() == "..." => {
                (0..=a.len()).any(|k| go(rest, &a[k..]))
            }
            Some((first, rest)) => a
                .split_first()
                .is_some_and(|(x, more)| same(first, x) && go(rest, more)),
        }
    }
    go(expected, actual)
}

/// A line with every time (`0.6 ms`, `12 s`) replaced by `TIME`.
fn normal(line: &str) -> String {
    let mut out = String::new();
    let words: Vec<&str> = line.split(' ').collect();
    let mut i = 0;
    while i < words.len() {
        let number = words[i].chars().all(|c| c.is_ascii_digit() || c == '.')
            && words[i].chars().any(|c| c.is_ascii_digit());
        let unit = words
            .get(i + 1)
            .map(|u| u.trim_end_matches([',', ')']))
            .is_some_and(|u| matches!(u, "ms" | "s" | "µs"));
        if !out.is_empty() {
            out.push(' ');
        }
        if number && unit {
            out.push_str("TIME");
            out.push_str(&words[i + 1][words[i + 1].trim_end_matches([',', ')']).len()..]);
            i += 2;
        } else {
            out.push_str(words[i]);
            i += 1;
        }
    }
    out.trim_end().to_string()
}

/// Runs one command from the workspace root; its output, stdout then stderr.
fn run(t: &Transcript) -> String {
    let inputs = typed(&t.expected);
    let mut child = Command::new(example(&t.program))
        .args(&t.args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{PAGE}:{}: cannot run {}: {e}", t.line, t.program));
    let mut stdin = child.stdin.take().expect("stdin");
    for input in &inputs {
        let _ = writeln!(stdin, "{input}");
    }
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let out = child.wait_with_output().expect("the program's output");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

/// The files a command writes in the workspace root (its `--svg` and `--save` arguments there),
/// removed after it ran.
fn written(t: &Transcript) -> Vec<PathBuf> {
    t.args
        .windows(2)
        .filter(|w| matches!(w[0].as_str(), "--svg" | "--save"))
        .map(|w| root().join(&w[1]))
        .filter(|p| !p.starts_with(root().join("target")))
        .collect()
}

/// The input a transcript's command reads that no other command writes: `broken.json`, the
/// tour's Pig replay with its action 10 changed to the one before it.
fn prepare(t: &Transcript) -> Vec<PathBuf> {
    if t.program != "replay" || t.args.first().map(String::as_str) != Some("broken.json") {
        return Vec::new();
    }
    let tour = root().join("target/tour/pig-seed42.json");
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&tour).expect("the tour's Pig replay"))
            .expect("JSON");
    let actions = replay["actions"].as_array_mut().expect("actions");
    actions[10] = actions[9].clone();
    let path = root().join("broken.json");
    std::fs::write(&path, serde_json::to_string_pretty(&replay).unwrap()).unwrap();
    vec![path]
}

#[test]
fn every_quoted_command_prints_what_the_page_says() {
    let page = std::fs::read_to_string(root().join(PAGE)).expect(PAGE);
    let all = transcripts(&page);
    assert!(all.len() >= 8, "{PAGE}: only {} commands found", all.len());
    // The tour writes the replay that later commands read: run in the page's order.
    let mut failures = Vec::new();
    for t in &all {
        let made = prepare(t);
        let output = run(t);
        for path in made.iter().chain(&written(t)) {
            let _ = std::fs::remove_file(path);
        }
        let actual = echoed(&output, &typed(&t.expected));
        if !matches(&t.expected, &actual) {
            failures.push(format!(
                "{PAGE}:{}: `{} {}` printed\n{}\n-- where the page says --\n{}",
                t.line,
                t.program,
                t.args.join(" "),
                actual.join("\n"),
                t.expected.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_transcript_reader_reads_prompts_ellipses_and_times() {
    assert_eq!(
        words(r#"--game "Sequence Dice" --seed 3"#),
        ["--game", "Sequence Dice", "--seed", "3"]
    );
    assert_eq!(prompt("seat 0> 33"), Some(("seat 0> ", "33")));
    assert_eq!(prompt("dice> 3 4"), Some(("dice> ", "3 4")));
    assert_eq!(prompt("a -> b"), None);
    let inputs = vec!["33".to_string()];
    assert_eq!(
        echoed("x\nseat 0> done\n", &inputs),
        ["x", "seat 0> 33", "done"]
    );
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\nd"), &lines("a\nb\nd")));
    assert!(matches(
        &lines("184 actions in 0.6 ms · x"),
        &lines("184 actions in 12.25 ms · x")
    ));
    assert!(!matches(&lines("184 actions"), &lines("185 actions")));
}

/// README.md's documentation list names every file and folder in docs/ (a new page is found by
/// a reader of the README, or this fails naming it).
#[test]
fn the_readme_names_every_file_in_docs() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let list = readme
        .split("## Documentation")
        .nth(1)
        .expect("README.md has a Documentation section");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("docs")).expect("docs/") {
        let entry = entry.expect("a docs/ entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        let named = if entry.path().is_dir() {
            format!("`docs/{name}/`")
        } else {
            format!("`docs/{name}`")
        };
        if !list.contains(&named) {
            missing.push(named);
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "README.md's documentation list does not name {}",
        missing.join(", ")
    );
}

/// README.md gives exactly two set-up commands: the demo and the tests.
#[test]
fn the_readme_sets_up_with_two_commands() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let setup = readme
        .split("## Set up on a fresh machine")
        .nth(1)
        .expect("README.md has a set-up section");
    let block = setup
        .split("```sh")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block in the set-up section");
    let commands: Vec<&str> = block
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(commands.len(), 2, "{commands:?}");
    assert!(commands[0].starts_with("cargo run --release --example tour"));
    assert!(commands[1].starts_with("cargo test --workspace --all-features"));
}
