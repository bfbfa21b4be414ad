//! Pictures: the terminal rendering and the SVG.

use super::*;

#[test]
fn display_and_svg() {
    let mut s = first(2);
    s.force_settle(S0, &[(7, 8)]);
    s.force_settle(S1, &[(0, 0)]);
    s.force_turn(S0, Terrain::Grass);
    let text = s.to_string();
    assert!(text.contains("seat 0 (1)"));
    assert!(text.lines().count() > 22);
    let svg = s.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), 400);
    assert_eq!(svg.matches("r=\"7\"").count(), 2 + 2);
    assert_eq!(build(S0, 1, 2).to_string(), "seat 0 builds at (1, 2)");
}

/// The SVG is a well-formed document (every element closed, in order) showing each hex, each
/// settlement, and the tiles left on each location.
#[test]
fn svg_is_well_formed_and_shows_tiles_left() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6)]); // takes an Oasis tile from (12,7)
    s.force_settle(S1, &[(13, 7), (0, 0)]); // takes the second one
    s.force_turn(S0, Terrain::Grass);
    let svg = s.to_svg();
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg.as_str();
    while let Some(open) = rest.find('<') {
        let close = open + rest[open..].find('>').expect("tag closed");
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "{tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().expect("element name"));
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    assert_eq!(svg.matches("<polygon").count(), 400);
    assert_eq!(svg.matches("r=\"7\"").count(), 3 + 2);
    // Tiles left: 0 on the Oasis (12,7), 2 on the other locations.
    let labels: Vec<&str> = svg
        .lines()
        .filter(|l| l.starts_with("<text") && l.contains("font-size=\"10\""))
        .map(|l| &l[l.find('>').unwrap() + 1..l.find("</").unwrap()])
        .collect();
    assert_eq!(labels, ["P2", "V2", "V2", "P2", "A2", "S0", "A2", "S2"]);
    assert!(svg.contains("tiles: Oasis"));
}
