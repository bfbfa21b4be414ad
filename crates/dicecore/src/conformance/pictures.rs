//! Pictures are laid out, not placed: [`check_layout`] reads one SVG picture and finds the
//! words that overlap, that half cover a shape or that leave the view box; [`run_pictures`]
//! checks the whole table and every seat's view along random games of every player count.
//!
//! What is checked, on the SVG parsed with `roxmltree`:
//!
//! - **Boxes.** A `<text>` is given the box its words could fill: as wide as [`ADVANCE`] em
//!   per character ([`BOLD_ADVANCE`] em when bold, a conservative average advance of a
//!   sans-serif font: most glyphs are narrower, digits are 0.56 em), placed by its
//!   `text-anchor`, from [`ASCENT`] em above its baseline to [`DESCENT`] em below. A shape
//!   (`rect`, `circle`, `ellipse`, `line`, `polygon`, `polyline`, `path`) is given its
//!   geometric bounding box (every point of a polygon or of a path's absolute `M`/`L`/`H`/`V`
//!   commands).
//! - **Inside.** Every box lies inside the view box.
//! - **Text vs text.** No two text boxes overlap.
//! - **Text vs shape.** A text box either lies wholly inside a shape's box (a label written on
//!   a cell, a hex, a card, a panel, the background) or does not touch it: a text half on a
//!   shape is a text drawn over something.
//!
//! Boxes that only touch (overlap by less than [`SLACK`] units) do not count. A picture the
//! check cannot read (a transform, another path command or element) is an error that names
//! what to teach it.

use super::{run_games, standard, Settings};
use crate::{Agent, AgentSpec, Match, Picture, Seat, Turn};

/// Average advance of a character, in em (a conservative estimate for sans-serif text; the
/// pictures measure their lines with the same figure, [`crate::picture::ADVANCE`]).
pub const ADVANCE: f64 = 0.6;
/// The same for bold text.
pub const BOLD_ADVANCE: f64 = 0.66;
/// Height above the baseline, in em (capitals and ascenders).
pub const ASCENT: f64 = 0.75;
/// Depth below the baseline, in em (descenders).
pub const DESCENT: f64 = 0.22;
/// Overlaps smaller than this (SVG units) are touching, not overlapping.
pub const SLACK: f64 = 0.5;

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

/// A number attribute (0 when absent).
fn num(node: roxmltree::Node, name: &str) -> Result<f64, String> {
    match node.attribute(name) {
        None => Ok(0.0),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| format!("{name}={v:?} is not a number")),
    }
}

/// A length attribute of a `<rect>`: a number, or a percentage of `full`.
fn length(node: roxmltree::Node, name: &str, full: f64) -> Result<f64, String> {
    match node.attribute(name).and_then(|v| v.strip_suffix('%')) {
        Some(percent) => percent
            .parse::<f64>()
            .map(|p| p / 100.0 * full)
            .map_err(|_| format!("{name}={percent:?}% is not a percentage")),
        None => num(node, name),
    }
}

/// The numbers of a list separated by commas or spaces.
fn numbers(text: &str) -> Result<Vec<f64>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| format!("{s:?} is not a number")))
        .collect()
}

/// Pairs of numbers as points (an odd one out is an error).
fn points(n: &[f64]) -> Result<Vec<(f64, f64)>, String> {
    if n.len() % 2 == 1 {
        return Err(format!("an odd count of coordinates: {n:?}"));
    }
    Ok(n.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// The points of a path's absolute `M`, `L`, `H`, `V` and `Z` commands (the only ones the
/// pictures draw with; any other command is an error, so that it is taught here).
fn path_points(d: &str) -> Result<Vec<(f64, f64)>, String> {
    let mut out = Vec::new();
    let (mut x, mut y) = (0.0, 0.0);
    let mut commands = Vec::new();
    let mut command = ' ';
    let mut args = String::new();
    for c in d.chars() {
        if c.is_ascii_alphabetic() {
            commands.push((command, std::mem::take(&mut args)));
            command = c;
        } else {
            args.push(c);
        }
    }
    commands.push((command, args));
    for (command, args) in commands {
        let n = numbers(&args)?;
        match command {
            ' ' | 'Z' | 'z' if n.is_empty() => {}
            'M' | 'L' => {
                for p in points(&n)? {
                    (x, y) = p;
                    out.push(p);
                }
            }
            'H' => {
                for &v in &n {
                    x = v;
                    out.push((x, y));
                }
            }
            'V' => {
                for &v in &n {
                    y = v;
                    out.push((x, y));
                }
            }
            other => return Err(format!("path {d:?}: teach the layout check its {other:?}")),
        }
    }
    Ok(out)
}

/// The words of a `<text>` and their box.
fn text_box(node: roxmltree::Node) -> Result<(String, Box2), String> {
    let words: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    // The font size is the text's own or inherited (16, SVG's default, without one).
    let size = match node.ancestors().find_map(|n| n.attribute("font-size")) {
        None => 16.0,
        Some(s) => s
            .parse()
            .map_err(|_| format!("font-size={s:?} is not a number"))?,
    };
    let bold = node.attribute("font-weight") == Some("bold");
    let advance = if bold { BOLD_ADVANCE } else { ADVANCE };
    let width = words.chars().count() as f64 * advance * size;
    let (x, y) = (num(node, "x")?, num(node, "y")?);
    let x0 = match node.attribute("text-anchor").unwrap_or("start") {
        "start" => x,
        "middle" => x - width / 2.0,
        "end" => x - width,
        other => return Err(format!("text-anchor {other}: teach the layout check")),
    };
    let (y0, y1) = match node.attribute("dominant-baseline") {
        None => (y - ASCENT * size, y + DESCENT * size),
        Some("middle" | "central") => (y - size / 2.0, y + size / 2.0),
        Some(other) => return Err(format!("dominant-baseline {other}: teach the layout check")),
    };
    let b = Box2 {
        x0,
        y0,
        x1: x0 + width,
        y1,
    };
    Ok((words, b))
}

/// The box of a shape element (`None` for an element that is not one).
fn shape_box(node: roxmltree::Node, view: &Box2) -> Result<Option<Box2>, String> {
    let (w, h) = (view.x1 - view.x0, view.y1 - view.y0);
    let b = match node.tag_name().name() {
        "rect" => {
            let (x, y) = (length(node, "x", w)?, length(node, "y", h)?);
            Some(Box2 {
                x0: x,
                y0: y,
                x1: x + length(node, "width", w)?,
                y1: y + length(node, "height", h)?,
            })
        }
        "circle" => {
            let (x, y, r) = (num(node, "cx")?, num(node, "cy")?, num(node, "r")?);
            Some(Box2 {
                x0: x - r,
                y0: y - r,
                x1: x + r,
                y1: y + r,
            })
        }
        "ellipse" => {
            let (x, y) = (num(node, "cx")?, num(node, "cy")?);
            let (rx, ry) = (num(node, "rx")?, num(node, "ry")?);
            Some(Box2 {
                x0: x - rx,
                y0: y - ry,
                x1: x + rx,
                y1: y + ry,
            })
        }
        "line" => Box2::of_points(&[
            (num(node, "x1")?, num(node, "y1")?),
            (num(node, "x2")?, num(node, "y2")?),
        ]),
        "polygon" | "polyline" => {
            Box2::of_points(&points(&numbers(node.attribute("points").unwrap_or(""))?)?)
        }
        "path" => Box2::of_points(&path_points(node.attribute("d").unwrap_or(""))?),
        _ => None,
    };
    Ok(b)
}

/// Every way `svg` breaks the layout rules of the module documentation, one line each (empty
/// when it keeps them); an error when the picture cannot be read.
///
/// ```
/// use dicecore::conformance::pictures::layout_faults;
/// let good = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
/// <rect x="10" y="40" width="30" height="30"/>
/// <text x="10" y="20" font-size="10">heading</text></svg>"#;
/// assert_eq!(layout_faults(good).unwrap(), Vec::<String>::new());
/// let long = good.replace("heading", &"heading ".repeat(10));
/// assert!(layout_faults(&long).unwrap()[0].contains("leaves the view box"));
/// ```
pub fn layout_faults(svg: &str) -> Result<Vec<String>, String> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| format!("not SVG: {e}"))?;
    let root = doc.root_element();
    let view = numbers(
        root.attribute("viewBox")
            .ok_or("the picture has no viewBox")?,
    )?;
    let [x, y, w, h] = view[..] else {
        return Err(format!("a viewBox of {} numbers", view.len()));
    };
    let view = Box2 {
        x0: x,
        y0: y,
        x1: x + w,
        y1: y + h,
    };
    let mut texts = Vec::new();
    let mut shapes = Vec::new();
    for n in root.descendants().filter(|n| n.is_element()) {
        if n.attribute("transform").is_some() {
            return Err("a transform: teach the layout check".into());
        }
        match n.tag_name().name() {
            "text" => texts.push(text_box(n)?),
            "svg" | "g" | "title" | "desc" | "tspan" => {}
            name => match shape_box(n, &view)? {
                Some(b) => shapes.push((name, b)),
                None => return Err(format!("<{name}>: teach the layout check")),
            },
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
    Ok(faults)
}

/// [`layout_faults`] as a law: `Err` with the faults (at most 10 shown) when there is one.
pub fn check_layout(svg: &str) -> Result<(), String> {
    let faults = layout_faults(svg)?;
    if faults.is_empty() {
        return Ok(());
    }
    let shown: Vec<_> = faults.iter().take(10).cloned().collect();
    Err(format!(
        "{} layout faults, the first: {}",
        faults.len(),
        shown.join("; ")
    ))
}

/// Plays one game of `config` with random agents seeded from `seed` and checks the layout of
/// the whole table's picture and of every seat's view every `settings.deep_every` actions and
/// at the end.
pub fn check_pictures<G: Picture>(
    config: &G::Config,
    seed: u64,
    settings: &Settings,
) -> Result<(), String> {
    let mut game = Match::<G>::new(config.clone(), seed).map_err(|e| format!("config: {e}"))?;
    let seats = game.state().seats();
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
        .map(|s| -> Box<dyn Agent<G>> {
            AgentSpec::Random.build::<G>(seed.wrapping_mul(10).wrapping_add(u64::from(s)))
        })
        .collect();
    let every = settings.deep_every.max(1);
    for step in 0..=settings.max_actions {
        let state = game.state();
        let over = state.turn() == Turn::Over;
        if step % every == 0 || over {
            check_layout(&state.picture())
                .map_err(|e| format!("after {step} actions, the table: {e}"))?;
            for s in 0..seats {
                check_layout(&G::view_picture(&state.view(Seat(s))))
                    .map_err(|e| format!("after {step} actions, seat {s}'s view: {e}"))?;
            }
        }
        if over {
            return Ok(());
        }
        game.step(&mut agents)
            .map_err(|e| format!("after {step} actions: {e}"))?;
    }
    Err(format!(
        "the game did not end within {} actions",
        settings.max_actions
    ))
}

/// [`check_pictures`] on `settings.cases` standard configs, each of a player count and seed
/// drawn by proptest.
///
/// ```
/// use dicecore::{conformance::{run_pictures, Settings}, pig::Pig};
/// run_pictures::<Pig>(&Settings::default().cases(2));
/// ```
pub fn run_pictures<G: Picture>(settings: &Settings) {
    run_games::<G>(settings, "picture layout", standard::<G>, |config, seed| {
        check_pictures::<G>(config, seed, settings)
    });
}

/// The golden pictures of `G`: the whole table at the start, half way and at the end of its
/// golden game for `seats` players ([`super::golden_game`], seed 42), and seat 0's view half
/// way, compared byte for byte with `<seats>p-start.svg`, `<seats>p-middle.svg`,
/// `<seats>p-middle-seat0.svg` and `<seats>p-end.svg` in `dir`. They pin every coordinate and
/// word of a picture, so that a change of a picture is seen (and reviewed in the files' diff)
/// as a change of a rule is. With `TABULA_BLESS=1` in the environment the files are written
/// instead.
///
/// ```no_run
/// use dicecore::{conformance::pictures::check_golden_pictures, pig::Pig};
/// check_golden_pictures::<Pig>(std::path::Path::new("tests/data/pictures"), 2).unwrap();
/// ```
pub fn check_golden_pictures<G: Picture>(dir: &std::path::Path, seats: u8) -> Result<(), String> {
    let game = super::golden_game::<G>(seats, 42, 100_000)?;
    let replay = game.replay();
    let actions = &replay.actions;
    let mut state = G::new(&replay.config).map_err(|e| format!("config: {e}"))?;
    let mut pictures = vec![(format!("{seats}p-start.svg"), state.picture())];
    for (i, action) in actions.iter().enumerate() {
        if i == actions.len() / 2 {
            pictures.push((format!("{seats}p-middle.svg"), state.picture()));
            let view = G::view_picture(&state.view(Seat(0)));
            pictures.push((format!("{seats}p-middle-seat0.svg"), view));
        }
        state
            .apply_in_place(action)
            .map_err(|e| format!("the golden game's action {i}: {e}"))?;
    }
    pictures.push((format!("{seats}p-end.svg"), state.picture()));
    let bless = std::env::var("TABULA_BLESS").is_ok_and(|v| v == "1");
    for (name, svg) in pictures {
        let path = dir.join(&name);
        if bless {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            std::fs::write(&path, &svg).map_err(|e| format!("{}: {e}", path.display()))?;
            continue;
        }
        let recorded = std::fs::read_to_string(&path).map_err(|e| {
            format!(
                "{}: {e} (write the golden pictures with TABULA_BLESS=1)",
                path.display()
            )
        })?;
        if recorded != svg {
            let line = recorded
                .lines()
                .zip(svg.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| recorded.lines().count().min(svg.lines().count()));
            return Err(format!(
                "{} ({} picture) differs from the recorded one from line {}: {:?} now {:?}; if \
                 the change is meant, write the files again with TABULA_BLESS=1 and review them",
                path.display(),
                G::NAME,
                line + 1,
                recorded.lines().nth(line).unwrap_or(""),
                svg.lines().nth(line).unwrap_or(""),
            ));
        }
    }
    Ok(())
}

/// [`check_golden_pictures`] for the smallest player count, 2 players (when `G` plays with 2)
/// and the largest count, panicking with the difference: what every game crate runs on its
/// `tests/data/pictures/`.
pub fn run_golden_pictures<G: Picture>(dir: &std::path::Path) {
    // The smallest table, 2 players and the largest table: a picture's size and places depend
    // on the player count, so each of its measures is pinned where it matters.
    let counts: std::collections::BTreeSet<u8> = [*G::SEATS.start(), 2, *G::SEATS.end()]
        .into_iter()
        .filter(|n| G::SEATS.contains(n))
        .collect();
    for seats in counts {
        if let Err(e) = check_golden_pictures::<G>(dir, seats) {
            panic!("{} golden pictures: {e}", G::NAME);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
<rect width="200" height="100"/><rect x="10" y="40" width="30" height="30"/>
<text x="10" y="20" font-size="10">heading</text><text x="25" y="58" font-size="8" text-anchor="middle">1</text>
</svg>"#;

    #[test]
    fn a_picture_laid_out_has_no_fault() {
        assert_eq!(layout_faults(GOOD).unwrap(), Vec::<String>::new());
        assert!(check_layout(GOOD).is_ok());
    }

    #[test]
    fn a_shape_under_half_a_text_is_a_fault() {
        let over = GOOD.replace(r#"y="40""#, r#"y="15""#);
        let faults = layout_faults(&over).unwrap();
        assert_eq!(faults.len(), 1, "{faults:?}");
        assert!(faults[0].contains("overlaps <rect>"), "{faults:?}");
    }

    #[test]
    fn a_line_past_the_edge_is_a_fault() {
        let long = GOOD.replace("heading", &"heading ".repeat(10));
        let faults = layout_faults(&long).unwrap();
        assert!(faults[0].contains("leaves the view box"), "{faults:?}");
        assert!(check_layout(&long)
            .unwrap_err()
            .contains("layout faults, the first: text"));
    }

    #[test]
    fn two_texts_on_each_other_are_a_fault() {
        let texts = GOOD
            .replace(r#"y="58""#, r#"y="21""#)
            .replace(r#"y="40""#, r#"y="70""#);
        let faults = layout_faults(&texts).unwrap();
        assert!(
            faults
                .iter()
                .any(|f| f.contains("overlap") && f.starts_with("texts")),
            "{faults:?}"
        );
    }

    #[test]
    fn the_bold_and_anchored_boxes_are_measured() {
        // 5 bold characters of 10 units: 33 wide, centred on 100.
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><g font-size="10">
<text x="100" y="50" font-weight="bold" text-anchor="middle">abcde</text>
<rect x="117" y="40" width="10" height="10"/><rect x="72" y="40" width="10" height="10"/>
</g></svg>"#;
        assert_eq!(layout_faults(svg).unwrap(), Vec::<String>::new());
        let near = svg.replace(r#"x="117""#, r#"x="115""#);
        assert_eq!(layout_faults(&near).unwrap().len(), 1);
        let end = svg
            .replace("middle", "end")
            .replace(r#"x="72""#, r#"x="60""#);
        assert_eq!(layout_faults(&end).unwrap().len(), 1);
    }

    #[test]
    fn paths_read_their_absolute_commands() {
        assert_eq!(
            path_points("M1 2 L3 4 H5 V6 Z").unwrap(),
            vec![(1.0, 2.0), (3.0, 4.0), (5.0, 4.0), (5.0, 6.0)]
        );
        assert!(path_points("M1 2 c3 4 5 6 7 8")
            .unwrap_err()
            .contains("teach"));
        assert!(path_points("M1 2 3").is_err());
    }

    #[test]
    fn what_it_cannot_read_is_an_error_not_a_pass() {
        assert!(layout_faults("<svg").is_err());
        assert!(layout_faults(r#"<svg xmlns="http://www.w3.org/2000/svg"/>"#).is_err());
        let turned = GOOD.replace("<rect width", r#"<rect transform="rotate(9)" width"#);
        assert!(layout_faults(&turned).unwrap_err().contains("transform"));
        let image = GOOD.replace("</svg>", "<image/></svg>");
        assert!(layout_faults(&image).unwrap_err().contains("<image>"));
        let anchor = GOOD.replace("middle", "left");
        assert!(layout_faults(&anchor).is_err());
    }
}
