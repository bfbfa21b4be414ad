//! Pictures and companion play: the terminal rendering, the SVG, and card draws typed in.

use super::*;
use dicecore::ChanceTextError;

/// A 2-player first game, seat 0 to play a grass card: settlements at (7, 8) and (12, 6)
/// (which takes an Oasis tile from (12, 7)) for seat 0, (13, 7) (the second Oasis tile) and
/// (0, 0) for seat 1, who holds a desert card.
fn table() -> State {
    let mut s = first(2);
    s.force_settle(S0, &[(7, 8), (12, 6)]);
    s.force_settle(S1, &[(13, 7), (0, 0)]);
    s.force_turn(S0, Terrain::Grass);
    let t = s.hands[1].take().unwrap();
    s.pile[t as usize] += 1;
    s.pile[Terrain::Desert as usize] -= 1;
    s.hands[1] = Some(Terrain::Desert);
    s
}

#[test]
fn the_terminal_board_explains_its_letters_and_numbers_seats_from_0() {
    let s = table();
    let text = s.to_string();
    assert!(text.contains("terrain: g grass  f flower field  t forest  c canyon  d desert"));
    // Every location of the board is named.
    assert!(text.contains("locations: A Farm  S Oasis  V Tavern  P Paddock"));
    // Settlements show their seat's number, as "seat 0" everywhere else.
    let row7 = text.lines().find(|l| l.starts_with(" 7 ")).unwrap();
    assert_eq!(row7.chars().nth(4 + 2 * 8), Some('0'));
    let row0 = text.lines().find(|l| l.starts_with(" 0 ")).unwrap();
    assert_eq!(row0.chars().nth(3), Some('1'));
    assert!(text.contains("> seat 0: "));
    assert!(text.contains("  seat 1: "));
    assert!(text.contains("seat 0 to play, card grass, 3 mandatory placements left"));
    // One placement left is said in the singular (issue 29).
    let mut one = s.clone();
    let mut legal = Vec::new();
    for _ in 0..2 {
        one.legal_actions(&mut legal);
        let build = *legal
            .iter()
            .find(|a| matches!(a, Action::Build { .. }))
            .unwrap();
        one.apply_in_place(&build).unwrap();
    }
    assert!(
        one.to_string().contains(", 1 mandatory placement left"),
        "{one}"
    );
    // The whole state shows every card; no Rust debug text anywhere.
    assert!(text.contains("card desert"));
    assert!(!text.contains("Seat(") && !text.contains("Some("));
    assert_eq!(build(S0, 1, 2).to_string(), "seat 0 builds at (1, 2)");
    let gold = s.breakdown(S0).to_string();
    assert!(gold.ends_with("gold (castles 0, Fishermen 0, Knights 2, Merchants 0)"));
}

#[test]
fn a_view_shows_its_own_card_and_hides_the_others() {
    let s = table();
    let seat1 = s.view(S1).to_string();
    assert!(seat1.contains("seat 1: ") && seat1.contains("card desert"));
    assert!(seat1.contains("seat 0: ") && seat1.contains("card grass")); // public while playing
    assert!(seat1.contains("seat 1's view"));
    let seat0 = s.view(S0).to_string();
    assert!(seat0.contains("card hidden"));
    assert!(!seat0.contains("card desert"));
    // Another card in seat 1's hand changes nothing seat 0 sees.
    let mut other = s.clone();
    other.hands[1] = Some(Terrain::Canyon);
    other.pile[Terrain::Canyon as usize] -= 1;
    other.pile[Terrain::Desert as usize] += 1;
    assert_eq!(other.view(S0).to_string(), seat0);
    assert_eq!(other.view(S0).to_svg(), s.view(S0).to_svg());
    assert_ne!(other.view(S1).to_svg(), s.view(S1).to_svg());
}

/// The SVG parses as XML and shows each hex, each settlement with its seat's number, the
/// tiles left on each location, row and column numbers, the sector borders and the legend.
#[test]
fn svg_is_well_formed_xml_with_labels_borders_and_legend() {
    let s = table();
    for svg in [s.to_svg(), s.view(S0).to_svg(), s.view(S1).to_svg()] {
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let count = |name: &str| root.descendants().filter(|n| n.has_tag_name(name)).count();
        assert_eq!(count("polygon"), 400);
        assert_eq!(count("circle"), 4 + 2); // settlements, and the seats' discs
        let texts: Vec<&str> = root
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        // Tiles left: none on the Oasis (12,7), 2 on the other locations, in board order.
        let labels: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| t.len() == 2 && t.as_bytes()[0].is_ascii_uppercase())
            .collect();
        assert_eq!(labels, ["P2", "V2", "V2", "P2", "A2", "S0", "A2", "S2"]);
        // Row and column numbers 0 to 19 (columns first), as the terminal shows them.
        let numbers: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| t.parse::<usize>().is_ok_and(|n| n < 20))
            .collect();
        assert!(numbers.len() >= 40 && numbers[..20] == numbers[20..40]);
        assert!(texts
            .iter()
            .any(|t| t.contains("locations (letter, tiles left): A Farm")));
        assert!(texts.contains(&"flower field"));
        // Sector borders: one line per side on the board's edge or between two sectors.
        let quadrant = |i: usize| (i / 200) * 2 + (i % 20) / 10;
        let sides = (0..400)
            .flat_map(|i| (0..6).map(move |d| (i, crate::geometry::step(i, d))))
            .filter(|&(i, j)| j.is_none_or(|j| j > i && quadrant(j) != quadrant(i)))
            .count();
        assert_eq!(count("line"), sides);
        assert!(sides > 2 * 80);
    }
    let whole = s.to_svg();
    assert!(whole.contains("card desert") && whole.contains("card grass"));
    let seat0 = s.view(S0).to_svg();
    assert!(seat0.contains("card hidden") && !seat0.contains("card desert"));
    assert!(seat0.contains("seat 0&#39;s view"));
}

#[test]
fn a_card_drawn_is_typed_in_by_name_or_letter() {
    let mut s = first(2);
    let draw = |t| Ok(Action::Draw(t));
    for (text, t) in [
        ("grass", Terrain::Grass),
        ("G", Terrain::Grass),
        ("Flower", Terrain::Flower),
        ("flower field", Terrain::Flower),
        ("flowers", Terrain::Flower),
        ("f", Terrain::Flower),
        ("FOREST", Terrain::Forest),
        ("t", Terrain::Forest),
        ("canyons", Terrain::Canyon),
        (" c ", Terrain::Canyon),
        ("desert", Terrain::Desert),
        ("d", Terrain::Desert),
        ("a desert card is drawn", Terrain::Desert),
        ("desert card", Terrain::Desert),
    ] {
        assert_eq!(s.chance_from_text(text), draw(t), "{text}");
    }
    for word in ["mountain", "w", "grasss", "", "7"] {
        let Err(ChanceTextError::Unreadable { expected, .. }) = s.chance_from_text(word) else {
            panic!("{word} accepted");
        };
        assert!(expected.contains("grass (g), flower field (f), forest (t)"));
    }
    // A terrain with no card left in the pile is refused.
    s.force_pile([5, 5, 5, 5, 0]);
    let e = s.chance_from_text("desert").unwrap_err();
    assert!(e.to_string().contains("left in the draw pile"));
    assert!(!e.to_string().contains("desert (d)"));
    // Nothing is drawn during a turn.
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Grass));
    assert_eq!(s.chance_from_text("grass"), Err(ChanceTextError::NoChance));
}
