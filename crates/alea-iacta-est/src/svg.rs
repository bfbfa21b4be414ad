//! Pictures of the table as SVG: the five buildings with the dice in them (each die in its
//! player's colour, showing its face), the provinces and patricians to take, and a row per
//! player with dice in hand, Repete chips, Fortuna tiles, provinces, patricians and senate
//! cards. A view's picture shows only what its seat may know.

use crate::components::{Colour, Patrician, Province, Sex};
use crate::display::{card_name, count, list, now, tiles, Private};
use crate::state::State;
use crate::view::View;
use dicecore::picture::{self, escape, wrap};
use dicecore::Seat;
use std::fmt::Write;

/// The players' dice colours (grey, brown, blue, green, yellow).
const SEAT_FILL: [&str; 5] = ["#9a9a9a", "#8b5a2b", "#3a6fd8", "#3a9d4a", "#e0c020"];
const WIDTH: i32 = 980;
const DIE: i32 = 18;

fn colour_fill(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::Red) => "#d43d3d",
        Some(Colour::Blue) => "#3f6fd0",
        Some(Colour::Green) => "#3c9e4c",
        Some(Colour::Yellow) => "#e3c21d",
        Some(Colour::Purple) => "#8a4fc4",
        Some(Colour::Orange) => "#f0872a",
        None => "#a0a0a0",
    }
}

/// An SVG document being written.
struct Svg(String);

impl Svg {
    fn text(&mut self, x: i32, y: i32, size: i32, weight: &str, text: &str) {
        let _ = writeln!(
            self.0,
            r#"<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}">{}</text>"#,
            escape(text)
        );
    }

    fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.0,
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="{fill}" stroke="{stroke}"/>"#
        );
    }

    /// A die of `seat` showing `face` (0: face not shown).
    fn die(&mut self, x: i32, y: i32, seat: usize, face: u8) {
        self.rect(x, y, DIE, DIE, SEAT_FILL[seat % 5], "#333");
        // Dark faces on the light dice (grey, yellow), white on the others.
        let ink = if matches!(seat % 5, 0 | 4) {
            "#222"
        } else {
            "white"
        };
        if face > 0 {
            let _ = writeln!(
                self.0,
                r#"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="{ink}" font-weight="bold">{face}</text>"#,
                x + DIE / 2,
                y + 13
            );
        }
    }

    /// A province card with its value.
    fn province(&mut self, x: i32, y: i32, p: Province) {
        self.rect(x, y, 26, 20, colour_fill(p.colour()), "#333");
        let _ = writeln!(
            self.0,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="white">{}</text>"#,
            x + 13,
            y + 14,
            p.value()
        );
    }

    /// A patrician: W or M and the value on a disc of its colour.
    fn patrician(&mut self, x: i32, y: i32, t: Patrician) {
        let sex = match t.sex() {
            Sex::Woman => 'W',
            Sex::Man => 'M',
        };
        let _ = writeln!(
            self.0,
            r##"<circle cx="{}" cy="{}" r="11" fill="{}" stroke="#333"/><text x="{}" y="{}" font-size="9" text-anchor="middle" fill="white">{sex}{}</text>"##,
            x + 11,
            y + 11,
            colour_fill(Some(t.colour())),
            x + 11,
            y + 14,
            t.value()
        );
    }

    /// A panel with a title.
    fn panel(&mut self, x: i32, y: i32, w: i32, h: i32, title: &str) {
        self.rect(x, y, w, h, "#f6f1e4", "#b8a98a");
        self.text(x + 8, y + 18, 14, "bold", title);
    }
}

/// The picture of a view, with the per-seat secrets from `private` (as the terminal
/// rendering); `viewer` names whose picture it is.
fn render(v: &View, private: &dyn Fn(usize) -> Private, viewer: Option<Seat>) -> String {
    let n = v.seats as usize;
    let templum = n >= 4;
    let buildings = if templum { 5 } else { 4 };
    let bw = (WIDTH - 20 - 10 * (buildings - 1)) / buildings;
    // Tall enough for the longest column of dice rows, the cards under it and a footer.
    let temple_rows = v.temple.iter().filter(|t| t.0 > 0).count() as i32;
    let rows = (v.castrum.len() as i32)
        .max(temple_rows * 2)
        .max(v.straights.iter().flatten().count() as i32)
        .max(v.latrina.iter().filter(|&&d| d > 0).count() as i32);
    let bh = (30 + rows * (DIE + 6) + 66).max(230);
    // The picture is drawn first and its height taken from where the last line ends.
    let mut s = Svg(String::new());
    let title = format!(
        "Alea Iacta Est: {} players, round {} of {}, start player {}",
        v.seats, v.round, v.rounds, v.start
    );
    s.text(10, 24, 18, "bold", &title);
    let mut y = 48;
    for line in wrap(&now(v), 14, WIDTH - 20) {
        s.text(10, y, 14, "normal", &line);
        y += 18;
    }
    let mut x = 10;
    let y = y - 6;
    if templum {
        s.panel(x, y, bw, bh, "I Templum");
        let mut yy = y + 30;
        for p in 0..n {
            let (d, pips) = v.temple.get(p).copied().unwrap_or((0, 0));
            if d == 0 {
                continue;
            }
            for i in 0..d as i32 {
                s.die(x + 8 + i * (DIE + 2), yy, p, 0);
            }
            s.text(
                x + 8,
                yy + DIE + 12,
                11,
                "normal",
                &format!("seat {p}: {pips} pips"),
            );
            yy += DIE + 20;
        }
        let stack = format!("Fortuna: {} in the stack", v.fortuna_stack_size);
        let discards = format!("discarded: {}", tiles(v.fortuna_discard));
        let mut lines = wrap(&stack, 10, bw - 16);
        lines.extend(wrap(&discards, 10, bw - 16));
        let mut ly = y + bh - 8 - 14 * (lines.len() as i32 - 1);
        for line in &lines {
            s.text(x + 8, ly, 10, "normal", line);
            ly += 14;
        }
        x += bw + 10;
    }
    s.panel(x, y, bw, bh, "II Senatus");
    let mut yy = y + 30;
    for (p, st) in v.straights.iter().enumerate() {
        if let Some(st) = st {
            for i in 0..st.len {
                s.die(x + 8 + i as i32 * (DIE + 2), yy, p, st.low + i);
            }
            yy += DIE + 6;
        }
    }
    x += bw + 10;
    s.panel(x, y, bw, bh, "III Castrum");
    let mut yy = y + 30;
    for (o, val, c) in &v.castrum {
        for i in 0..*c as i32 {
            s.die(x + 8 + i * (DIE + 2), yy, o.index(), *val);
        }
        yy += DIE + 6;
    }
    for (i, p) in v.provinces_shown.iter().enumerate() {
        s.province(x + 8 + i as i32 * 30, y + bh - 30, *p);
    }
    x += bw + 10;
    s.panel(x, y, bw, bh, "IV Forum");
    let cols = v.seats as i32 + 2;
    for c in 0..cols {
        let cx = x + 8 + c * (DIE + 4);
        s.rect(cx - 1, y + 30, DIE + 2, DIE + 2, "none", "#b8a98a");
        if let Some((val, o)) = v.forum.get(c as usize) {
            s.die(cx, y + 31, o.index(), *val);
        }
    }
    for (i, t) in v.patricians_shown.iter().enumerate() {
        let (row, col) = (i as i32 / 4, i as i32 % 4);
        s.patrician(x + 8 + col * 26, y + bh - 56 + row * 26, *t);
    }
    x += bw + 10;
    s.panel(x, y, bw, bh, "V Latrina");
    let mut yy = y + 30;
    for (p, &d) in v.latrina.iter().enumerate() {
        if d > 0 {
            for i in 0..d as i32 {
                s.die(x + 8 + i * (DIE + 2), yy, p, 0);
            }
            yy += DIE + 6;
        }
    }
    let mut y = y + bh + 20;
    for p in 0..n {
        let secret = private(p);
        let panel_at = s.0.len();
        s.rect(18, y + 8, 14, 14, SEAT_FILL[p % 5], "#333");
        let at = |x: &[u8]| x.get(p).copied().unwrap_or(0);
        let mut head = format!(
            "seat {p}{}: {} in hand, {}",
            if viewer == Some(Seat(p as u8)) {
                " (you)"
            } else {
                ""
            },
            count(at(&v.hands), "die"),
            count(at(&v.chips), "Repete chip")
        );
        if templum {
            let kept = tiles(v.fortuna_kept.get(p).copied().unwrap_or([0; 3]));
            let _ = write!(
                head,
                "; Fortuna kept {kept}, drawn this round {}",
                secret.drawn
            );
        }
        if let Some(score) = secret.score {
            let _ = write!(head, "; score {score}");
        }
        // The heading (bold: measured as a font of 15, wider than 1.1 times 13), wrapped;
        // the row under it.
        let head = wrap(&head, 15, WIDTH - 10 - 40 - 8);
        for (k, line) in head.iter().enumerate() {
            s.text(40, y + 20 + 17 * k as i32, 13, "bold", line);
        }
        let top = y + 17 * (head.len() as i32 - 1);
        let none = Vec::new();
        for (i, pr) in v.provinces.get(p).unwrap_or(&none).iter().enumerate() {
            s.province(18 + i as i32 * 30, top + 30, *pr);
        }
        let none = Vec::new();
        for (i, t) in v.patricians.get(p).unwrap_or(&none).iter().enumerate() {
            s.patrician(18 + i as i32 * 25, top + 54, *t);
        }
        let senate = format!("senate cards: {}", secret.senate);
        let senate = wrap(&senate, 11, WIDTH / 2 - 20);
        for (k, line) in senate.iter().enumerate() {
            s.text(WIDTH / 2, top + 44 + 14 * k as i32, 11, "normal", line);
        }
        let row_h = (top - y + 92).max(top - y + 44 + 14 * senate.len() as i32 + 6);
        let mut panel = Svg(String::new());
        panel.panel(10, y, WIDTH - 20, row_h - 6, "");
        s.0.insert_str(panel_at, &panel.0);
        y += row_h;
    }
    let under: Vec<String> = v
        .senate_bottom
        .iter()
        .map(|c| {
            c.map_or("face down".to_string(), |c| {
                card_name(c, &v.double_provinces)
            })
        })
        .collect();
    let deck = format!(
        "Senate deck: {} face down; under it: {}",
        count(v.senate_deck_size, "card"),
        list(&under, "none")
    );
    let mut lines = wrap(&deck, 12, WIDTH - 20);
    let pairs: Vec<String> = v
        .double_provinces
        .iter()
        .enumerate()
        .map(|(i, (a, b))| format!("#{i} {a}/{b}"))
        .collect();
    let doubles = format!("Double provinces (XII): {}", pairs.join(", "));
    lines.extend(wrap(&doubles, 12, WIDTH - 20));
    if let Some(seat) = viewer {
        lines.push(format!("{seat}'s view"));
    }
    for line in &lines {
        s.text(10, y + 16, 12, "normal", line);
        y += 18;
    }
    let height = y + 16;
    let mut out = String::new();
    picture::open(&mut out, WIDTH, height);
    let mut background = Svg(out);
    background.rect(0, 0, WIDTH, height, "#fffdf7", "none");
    let mut out = background.0;
    out.push_str(&s.0);
    out.push_str("</svg>\n");
    out
}

impl State {
    /// A picture of the whole table, every secret included (for spectators and logs; show a
    /// player [`View::to_svg`]).
    ///
    /// ```
    /// use alea_iacta_est::State;
    /// use dicecore::Game;
    /// let s = State::new(&State::standard_config(4, 1).unwrap()).unwrap();
    /// assert!(s.to_svg().starts_with("<svg"));
    /// ```
    pub fn to_svg(&self) -> String {
        render(&View::of(self, Seat(0)), &|p| self.private_of(p), None)
    }
}

impl View {
    /// The table as this seat sees it: its own drawn Fortuna tiles and senate cards, of the
    /// others only how many (and the cards it knows they hold).
    pub fn to_svg(&self) -> String {
        render(self, &|p| self.private_of(p), Some(self.seat))
    }
}

/// The pictures the programs draw (`--svg`): [`State::to_svg`] and [`View::to_svg`].
impl dicecore::Picture for State {
    fn picture(&self) -> String {
        self.to_svg()
    }

    fn view_picture(view: &View) -> String {
        view.to_svg()
    }
}
