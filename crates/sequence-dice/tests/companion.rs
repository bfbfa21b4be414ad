//! Companion play beside a real table: typed-in rolls, the text a player reads, and the SVG
//! pictures.

use dicecore::{ChanceTextError, Game, Seat};
use sequence_dice::board::Cells;
use sequence_dice::{Action, Colour, Config, Phase, Space, State};

fn cells(names: &[&str]) -> Cells {
    names
        .iter()
        .map(|n| Space::parse(n).unwrap().index())
        .collect()
}

fn position(c: &Config, green: &[&str], blue: &[&str], to_move: u8) -> State {
    State::from_position(c, [cells(green), cells(blue), Cells::EMPTY], Seat(to_move)).unwrap()
}

#[test]
fn a_roll_is_typed_as_its_total_or_its_two_faces() {
    let s = State::new(&Config::with_start(2, Seat(0)).unwrap()).unwrap();
    for (text, total) in [
        ("7", 7),
        (" 12 ", 12),
        ("2", 2),
        ("3 4", 7),
        ("4 3", 7),
        ("6+6", 12),
        ("1, 1", 2),
        ("5  5", 10),
        ("the dice show 11", 11),
        ("The dice show 9", 9),
    ] {
        assert_eq!(s.chance_from_text(text), Ok(Action::Roll(total)), "{text}");
    }
    for text in ["1", "13", "0 7", "7 0", "3 4 5", "seven", "", "3 7", "-1"] {
        match s.chance_from_text(text) {
            Err(ChanceTextError::Unreadable { text: t, expected }) => {
                assert_eq!(t, text.trim());
                assert!(expected.contains("2 to 12") && expected.contains("3 4"));
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // After the roll a player chooses: nothing is being rolled.
    let rolled = s.apply(&Action::Roll(7)).unwrap();
    assert_eq!(rolled.chance_from_text("7"), Err(ChanceTextError::NoChance));
}

#[test]
fn the_table_reads_as_a_player_would_say_it() {
    let team = Config::with_start(4, Seat(0)).unwrap();
    let s = position(&team, &["b2", "e2"], &["b5", "e5"], 0)
        .apply(&Action::Roll(7))
        .unwrap();
    let text = s.to_string();
    for expected in [
        "green (G): seats 0 and 2, 2 on the board, 18 in supply",
        "blue (B): seats 1 and 3, 2 on the board, 18 in supply",
        "seat 0 (green) rolled 7: all four 7 spaces are taken, replace an opponent's chip on one",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
    for debug in ["Seat(", "Some(", "Cells", "{", "Won("] {
        assert!(!text.contains(debug), "{debug}\n{text}");
    }
    let view = s.view(Seat(3)).to_string();
    assert!(view.ends_with("  you are seat 3 (blue)\n"), "{view}");
    let c = Config::with_start(2, Seat(0)).unwrap();
    let cases = [
        (
            10,
            "seat 0 (green) rolled 10: remove an opponent's chip (not from a 2 or 12 space)",
        ),
        (
            11,
            "seat 0 (green) rolled 11, wild: place a chip on any free space",
        ),
        (5, "seat 0 (green) rolled 5: place a chip on a free 5 space"),
    ];
    for (roll, line) in cases {
        let s = position(&c, &["a1"], &["b2"], 0)
            .apply(&Action::Roll(roll))
            .unwrap();
        assert!(s.to_string().contains(line), "{s}");
    }
    assert_eq!(Phase::Won(Colour::Blue).to_string(), "blue won");
    assert_eq!(Phase::Playing.to_string(), "playing");
    assert_eq!(Phase::Drawn.to_string(), "drawn");
}

#[test]
fn a_finished_game_names_the_winning_side() {
    let team = Config::with_start(4, Seat(0)).unwrap();
    let s = position(&team, &[], &["a2", "b2", "c2", "d2", "e2"], 1)
        .apply(&Action::Roll(3))
        .unwrap()
        .apply(&Action::Place {
            seat: Seat(1),
            space: Space::parse("f2").unwrap(),
        })
        .unwrap();
    assert!(
        s.to_string()
            .contains("blue (seats 1 and 3) wins with a sequence"),
        "{s}"
    );
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

/// The `<title>` texts of the chips drawn, like `b2: green`.
fn chips_drawn(svg: &str) -> Vec<String> {
    let doc = parse(svg);
    doc.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .filter_map(|n| n.children().find(|t| t.has_tag_name("title")))
        .filter_map(|t| t.text().map(str::to_string))
        .collect()
}

#[test]
fn the_svg_is_well_formed_and_shows_the_board() {
    let c = Config::with_start(3, Seat(0)).unwrap();
    let s = State::from_position(
        &c,
        [cells(&["b2", "e2"]), cells(&["b5"]), cells(&["e5"])],
        Seat(0),
    )
    .unwrap()
    .apply(&Action::Roll(7))
    .unwrap();
    let svg = s.to_svg();
    let doc = parse(&svg);
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(
        chips_drawn(&svg),
        ["b2: green", "e2: green", "b5: blue", "e5: red"]
    );
    // 36 spaces with their numbers, column letters and row numbers.
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for label in ["a", "f", "1", "6", "12"] {
        assert!(texts.contains(&label), "{label}");
    }
    assert!(texts
        .iter()
        .any(|t| t.contains("red: seat 2, 1 on the board, 19 in supply")));
    let caption = texts.join(" ");
    assert!(
        caption.contains("rolled 7: all four 7 spaces are taken, replace an opponent's chip"),
        "{caption}"
    );
    assert!(caption.contains("(outlined)"), "{caption}");
    // The two spaces the 7 offers (replacing blue's or red's chip) are outlined.
    let outlined = doc
        .descendants()
        .filter(|n| n.attribute("stroke-dasharray").is_some())
        .count();
    assert_eq!(outlined, 2);
    // Every state of a random game draws.
    let mut game = dicecore::Match::<State>::new(c, 3).unwrap();
    let mut agents: Vec<Box<dyn dicecore::Agent<State>>> = (0..3)
        .map(|i| Box::new(dicecore::RandomAgent::new(i)) as Box<dyn dicecore::Agent<State>>)
        .collect();
    while game.state().turn() != dicecore::Turn::Over {
        parse(&game.state().to_svg());
        game.step(&mut agents).unwrap();
    }
    let end = game.state().to_svg();
    assert!(parse(&end)
        .descendants()
        .any(|n| n.text().is_some_and(|t| t.contains("wins with a sequence"))));
}

#[test]
fn a_views_svg_is_the_same_board_and_says_whose_it_is() {
    // Nothing is hidden in Sequence Dice: every seat's picture shows every chip.
    let c = Config::with_start(2, Seat(0)).unwrap();
    let s = position(&c, &["a1", "c3"], &["d4"], 1);
    let board = chips_drawn(&s.to_svg());
    for seat in [Seat(0), Seat(1)] {
        let svg = s.view(seat).to_svg();
        let drawn = chips_drawn(&svg);
        assert!(board.iter().all(|chip| drawn.contains(chip)), "{svg}");
        let colour = c.colour_of(seat);
        assert!(svg.contains(&format!("you are {seat} ({colour})")), "{svg}");
    }
    assert!(!s.to_svg().contains("you are"));
}
