//! Pictures are laid out, not placed: every picture of every game (the whole table and every
//! seat's view, many random states of every player count) keeps its words apart, clear of
//! the shapes they are not written on, and inside the view box.
//!
//! What is checked, on the SVG parsed with `roxmltree`:
//!
//! - **Boxes.** A `<text>` is given the box its words could fill: as wide as
//!   [`ADVANCE`] em per character ([`BOLD_ADVANCE`] em when bold, a conservative average
//!   advance of a sans-serif font: most glyphs are narrower, digits are 0.56 em), placed by
//!   its `text-anchor`, from [`ASCENT`] em above its baseline to [`DESCENT`] em below. A
//!   shape (`rect`, `circle`, `polygon`, `path`, `line`) is given its geometric bounding box
//!   (every point of a polygon or of a path's absolute `M`/`L`/`H`/`V` commands).
//! - **Inside.** Every box lies inside the view box.
//! - **Text vs text.** No two text boxes overlap.
//! - **Text vs shape.** A text box either lies wholly inside a shape's box (a label written
//!   on a cell, a hex, a card, a panel, the background) or does not touch it: a text half on
//!   a shape is a text drawn over something.
//!
//! Boxes that only touch (overlap by less than [`SLACK`] units) do not count.
use tabula::dicecore::{Agent, AgentSpec, Match, Picture, Seat, Turn};

/// Average advance of a character, in em (a conservative estimate for sans-serif text).
const ADVANCE: f64 = 0.6;
/// The same for bold text.
const BOLD_ADVANCE: f64 = 0.66;
/// Height above the baseline, in em (capitals and ascenders).
const ASCENT: f64 = 0.75;
/// Depth below the baseline, in em (descenders).
const DESCENT: f64 = 0.22;
/// Overlaps smaller than this (SVG units) are touching, not overlapping.
const SLACK: f64 = 0.5;

#[derive(Clone, Copy, Debug)]
struct Box2 {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Box2 {
    fn overlaps(&self, o: &Box2) -> bool {
        self.x0.max(o.x0) + SLACK < self.x1.min(o.x1)
            && self.y0.max(o.y0) + SLACK < self.y1.min(o.y1)
    }

    fn inside(&self, o: &Box2) -> bool {
        self.x0 + SLACK >= o.x0
            && self.y0 + SLACK >= o.y0
            && self.x1 <= o.x1 + SLACK
            && self.y1 <= o.y1 + SLACK
    }

    fn of_points(points: &[(f64, f64)]) -> Option<Box2> {
        let first = points.first()?;
        let mut b = Box2 {
            x0: first.0,
            y0: first.1,
            x1: first.0,
            y1: first.1,
        };
        for &(x, y) in points {
            b.x0 = b.x0.min(x);
            b.y0 = b.y0.min(y);
            b.x1 = b.x1.max(x);
            b.y1 = b.y1.max(y);
        }
        Some(b)
    }
}

fn num(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .map(|v| v.trim().parse().unwrap_or_else(|_| panic!("{name}={v:?}")))
        .unwrap_or(0.0)
}

/// A length attribute of a `<rect>`: a number, or a percentage of `full`.
fn length(node: roxmltree::Node, name: &str, full: f64) -> f64 {
    match node.attribute(name).and_then(|v| v.strip_suffix('%')) {
        Some(percent) => percent.parse::<f64>().unwrap() / 100.0 * full,
        None => num(node, name),
    }
}

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap_or_else(|_| panic!("number {s:?}")))
        .collect()
}

/// The points of a path's absolute `M`, `L`, `H`, `V` and `Z` commands (the only ones the
/// pictures draw with; any other command fails the check, so that it is taught here).
fn path_points(d: &str) -> Vec<(f64, f64)> {
    let mut points = Vec::new();
    let (mut x, mut y) = (0.0, 0.0);
    let mut command = ' ';
    let mut args = String::new();
    let mut flush = |command: char, args: &str, points: &mut Vec<(f64, f64)>| {
        let n = numbers(args);
        match command {
            ' ' | 'Z' | 'z' => assert!(n.is_empty(), "path {d:?}"),
            'M' | 'L' => {
                for p in n.chunks(2) {
                    (x, y) = (p[0], p[1]);
                    points.push((x, y));
                }
            }
            'H' => {
                for &v in &n {
                    x = v;
                    points.push((x, y));
                }
            }
            'V' => {
                for &v in &n {
                    y = v;
                    points.push((x, y));
                }
            }
            other => panic!("path command {other} in {d:?}: teach the layout check"),
        }
    };
    for c in d.chars() {
        if c.is_ascii_alphabetic() {
            flush(command, &args, &mut points);
            command = c;
            args.clear();
        } else {
            args.push(c);
        }
    }
    flush(command, &args, &mut points);
    points
}

/// The words of a `<text>` and their box.
fn text_box(node: roxmltree::Node) -> (String, Box2) {
    let words: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    // The font size is the text's own or inherited (16, SVG's default, without one).
    let size = node
        .ancestors()
        .find_map(|n| n.attribute("font-size"))
        .map_or(16.0, |s| s.parse().unwrap());
    let bold = node.attribute("font-weight") == Some("bold");
    let advance = if bold { BOLD_ADVANCE } else { ADVANCE };
    let width = words.chars().count() as f64 * advance * size;
    let (x, y) = (num(node, "x"), num(node, "y"));
    let x0 = match node.attribute("text-anchor").unwrap_or("start") {
        "start" => x,
        "middle" => x - width / 2.0,
        "end" => x - width,
        other => panic!("text-anchor {other}"),
    };
    let (y0, y1) = match node.attribute("dominant-baseline") {
        None => (y - ASCENT * size, y + DESCENT * size),
        Some("middle" | "central") => (y - size / 2.0, y + size / 2.0),
        Some(other) => panic!("dominant-baseline {other}: teach the layout check"),
    };
    (
        words,
        Box2 {
            x0,
            y0,
            x1: x0 + width,
            y1,
        },
    )
}

fn shape_box(node: roxmltree::Node, view: &Box2) -> Option<Box2> {
    let b = match node.tag_name().name() {
        "rect" => {
            let x = length(node, "x", view.x1 - view.x0);
            let y = length(node, "y", view.y1 - view.y0);
            Box2 {
                x0: x,
                y0: y,
                x1: x + length(node, "width", view.x1 - view.x0),
                y1: y + length(node, "height", view.y1 - view.y0),
            }
        }
        "circle" => {
            let (x, y, r) = (num(node, "cx"), num(node, "cy"), num(node, "r"));
            Box2 {
                x0: x - r,
                y0: y - r,
                x1: x + r,
                y1: y + r,
            }
        }
        "ellipse" => {
            let (x, y) = (num(node, "cx"), num(node, "cy"));
            let (rx, ry) = (num(node, "rx"), num(node, "ry"));
            Box2 {
                x0: x - rx,
                y0: y - ry,
                x1: x + rx,
                y1: y + ry,
            }
        }
        "line" => Box2::of_points(&[
            (num(node, "x1"), num(node, "y1")),
            (num(node, "x2"), num(node, "y2")),
        ])?,
        "polygon" | "polyline" => {
            let n = numbers(node.attribute("points").unwrap_or(""));
            let points: Vec<_> = n.chunks(2).map(|p| (p[0], p[1])).collect();
            Box2::of_points(&points)?
        }
        "path" => Box2::of_points(&path_points(node.attribute("d").unwrap_or("")))?,
        _ => return None,
    };
    Some(b)
}

/// Every way `svg` breaks the layout rules (empty when it keeps them).
fn layout_faults(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    let view = numbers(root.attribute("viewBox").expect("a viewBox"));
    let view = Box2 {
        x0: view[0],
        y0: view[1],
        x1: view[0] + view[2],
        y1: view[1] + view[3],
    };
    for n in root.descendants().filter(|n| n.is_element()) {
        assert!(
            n.attribute("transform").is_none(),
            "transforms: teach the layout check"
        );
    }
    let mut texts = Vec::new();
    let mut shapes = Vec::new();
    for n in root.descendants().filter(|n| n.is_element()) {
        match n.tag_name().name() {
            "text" => texts.push(text_box(n)),
            "svg" | "g" | "title" | "desc" | "tspan" => {}
            name => shapes.push((
                name.to_string(),
                shape_box(n, &view).unwrap_or_else(|| panic!("<{name}>: teach the layout check")),
            )),
        }
    }
    let mut faults = Vec::new();
    for (words, b) in &texts {
        if !b.inside(&view) {
            faults.push(format!("text {words:?} {b:?} leaves the view box {view:?}"));
        }
    }
    for (name, b) in &shapes {
        if !b.inside(&view) {
            faults.push(format!("<{name}> {b:?} leaves the view box {view:?}"));
        }
    }
    for (i, (a, ab)) in texts.iter().enumerate() {
        for (b, bb) in &texts[i + 1..] {
            if ab.overlaps(bb) {
                faults.push(format!("texts {a:?} and {b:?} overlap"));
            }
        }
        for (name, sb) in &shapes {
            if ab.overlaps(sb) && !ab.inside(sb) {
                faults.push(format!("text {a:?} {ab:?} overlaps <{name}> {sb:?}"));
            }
        }
    }
    faults
}

/// Plays `G` with random agents from fixed seeds at every player count and checks the
/// pictures of every `stride`-th state and of the last one: the whole table and every seat's
/// view.
fn check_game<G: Picture>(seeds: u64, stride: usize) {
    let mut faults = Vec::new();
    for seats in G::SEATS {
        for seed in 0..seeds {
            let config = G::standard_config(seats, seed).unwrap();
            let mut game = Match::<G>::new(config, seed).unwrap();
            let mut agents: Vec<_> = (0..seats)
                .map(|s| {
                    AgentSpec::Random.build::<G>(seed * 10 + u64::from(s)) as Box<dyn Agent<G>>
                })
                .collect();
            let mut step = 0;
            loop {
                let over = game.state().turn() == Turn::Over || step >= 3000;
                if step % stride == 0 || over {
                    let state = game.state();
                    let mut pictures = vec![("the table".to_string(), state.picture())];
                    for s in 0..seats {
                        let view = G::view_picture(&state.view(Seat(s)));
                        pictures.push((format!("seat {s}'s view"), view));
                    }
                    for (what, svg) in pictures {
                        for fault in layout_faults(&svg) {
                            faults.push(format!(
                                "{} ({seats} seats, seed {seed}, step {step}, {what}): {fault}",
                                G::NAME
                            ));
                        }
                    }
                }
                if over {
                    break;
                }
                game.step(&mut agents).unwrap();
                step += 1;
            }
        }
    }
    let shown: Vec<_> = faults.iter().take(20).cloned().collect();
    assert!(
        faults.is_empty(),
        "{} layout faults, the first:\n{}",
        faults.len(),
        shown.join("\n")
    );
}

#[test]
fn the_checker_sees_overlaps_and_overflow() {
    let good = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
<rect width="200" height="100"/><rect x="10" y="40" width="30" height="30"/>
<text x="10" y="20" font-size="10">heading</text><text x="25" y="58" font-size="8" text-anchor="middle">1</text>
</svg>"#;
    assert_eq!(layout_faults(good), Vec::<String>::new());
    let over = good.replace(r#"y="40""#, r#"y="15""#);
    assert_eq!(layout_faults(&over).len(), 1, "{over}");
    let long = good.replace("heading", &"heading ".repeat(10));
    assert!(
        layout_faults(&long)[0].contains("leaves the view box"),
        "{long}"
    );
    let texts = good
        .replace(r#"y="58""#, r#"y="21""#)
        .replace(r#"y="40""#, r#"y="70""#);
    assert!(!layout_faults(&texts).is_empty(), "{texts}");
    assert_eq!(
        path_points("M1 2 L3 4 H5 V6 Z"),
        vec![(1.0, 2.0), (3.0, 4.0), (5.0, 4.0), (5.0, 6.0)]
    );
}

#[test]
fn pig_pictures_are_laid_out() {
    check_game::<tabula::dicecore::pig::Pig>(3, 5);
}

#[test]
fn sequence_dice_pictures_are_laid_out() {
    check_game::<tabula::sequence_dice::State>(3, 5);
}

#[test]
fn mosaix_pictures_are_laid_out() {
    check_game::<tabula::mosaix::State>(3, 5);
}

#[test]
fn the_border_pictures_are_laid_out() {
    check_game::<tabula::the_border::State>(3, 5);
}

#[test]
fn kingdom_builder_pictures_are_laid_out() {
    check_game::<tabula::kingdom_builder::State>(3, 5);
}

#[test]
fn alea_iacta_est_pictures_are_laid_out() {
    check_game::<tabula::alea_iacta_est::State>(3, 5);
}
