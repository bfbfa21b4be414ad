//! `docs/testing.md` is written for a crate of your own: its examples run as doc tests of the
//! facade, and this test checks that every crate their code names is one its Cargo snippet
//! adds (`dicecore` with the `testing` feature), so that the snippet and the examples, copied
//! as they are, compile outside this workspace.
use std::collections::BTreeSet;

/// The code blocks of `text` in the language `lang`.
fn blocks<'a>(text: &'a str, lang: &str) -> Vec<&'a str> {
    let fence = format!("```{lang}\n");
    text.split(fence.as_str())
        .skip(1)
        .filter_map(|rest| rest.split("\n```").next())
        .collect()
}

/// The crate a `use` line starts from, for every `use` of `code`.
fn used_crates(code: &str) -> BTreeSet<String> {
    code.lines()
        .filter_map(|line| {
            line.trim_start()
                .trim_start_matches("# ")
                .strip_prefix("use ")
        })
        .filter_map(|path| path.split(|c: char| c == ':' || c == ';').next())
        .map(|root| root.trim().to_string())
        .filter(|root| !["std", "core", "alloc", "crate", "self", "super"].contains(&root.as_str()))
        .collect()
}

#[test]
fn the_examples_use_only_the_crates_the_cargo_snippet_adds() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/testing.md");
    let text = std::fs::read_to_string(path).unwrap();
    let snippet = blocks(&text, "toml");
    assert_eq!(snippet.len(), 1, "one Cargo snippet");
    let lines: Vec<&str> = snippet[0].lines().collect();
    assert_eq!(lines[0], "[dev-dependencies]");
    let added: BTreeSet<String> = lines[1..]
        .iter()
        .filter_map(|l| l.split(" = ").next())
        .map(|name| name.replace('-', "_"))
        .collect();
    let dicecore = lines.iter().find(|l| l.starts_with("dicecore = ")).unwrap();
    assert!(dicecore.contains(r#"features = ["testing"]"#), "{dicecore}");
    let rust = blocks(&text, "rust");
    assert!(rust.len() >= 4, "the examples: {}", rust.len());
    for code in rust {
        let used = used_crates(code);
        assert!(used.contains("dicecore"), "{code}");
        for krate in used {
            assert!(
                added.contains(&krate),
                "{krate} is not in the snippet:\n{code}"
            );
        }
        assert!(
            !code.contains("tabula::"),
            "the facade is not in the snippet:\n{code}"
        );
    }
}
