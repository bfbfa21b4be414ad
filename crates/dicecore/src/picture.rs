//! [`Picture`]: a game drawn as SVG, the whole table and what one seat may see. Every game of
//! the workspace implements it (the programs' `--svg` draws through it), usually by forwarding
//! to the game's own `to_svg` methods.
//!
//! ```
//! use dicecore::{pig::Pig, Game, Picture, Seat};
//! let pig = Pig::new(&Pig::standard_config(2, 1).unwrap()).unwrap();
//! assert!(pig.picture().starts_with("<svg"));
//! assert_eq!(Pig::view_picture(&pig.view(Seat(0))), pig.picture());
//! ```

use crate::Game;
use std::fmt::{Display, Write};

/// A game that draws itself as SVG (a whole `<svg>` document, UTF-8 text).
pub trait Picture: Game {
    /// The whole table, everything hidden from the players shown.
    fn picture(&self) -> String;

    /// What `view` shows: the table as one seat may know it.
    fn view_picture(view: &Self::View) -> String;
}

/// Starts an SVG document on `out`: the opening `<svg>` tag of a `width` × `height` picture
/// (its `viewBox` the same, sans-serif text) and a line break. The picture ends with
/// `</svg>`.
///
/// ```
/// let mut svg = String::new();
/// dicecore::picture::open(&mut svg, 300, 200);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\""));
/// assert!(svg.ends_with("viewBox=\"0 0 300 200\" font-family=\"sans-serif\">\n"));
/// ```
pub fn open(out: &mut String, width: impl Display, height: impl Display) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
}

/// Writes an SVG `<text>` element and a line break on `out`: `text` ([`escape`]d) at
/// (`x`, `y`) in a font of `size`, anchored at its `anchor` (`start`, `middle` or `end`).
///
/// ```
/// let mut svg = String::new();
/// dicecore::picture::text(&mut svg, 10, 20, 12, "middle", "Tom & Jerry");
/// assert_eq!(
///     svg,
///     "<text x=\"10\" y=\"20\" font-size=\"12\" text-anchor=\"middle\">Tom &amp; Jerry</text>\n"
/// );
/// ```
pub fn text(out: &mut String, x: i32, y: i32, size: impl Display, anchor: &str, text: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}">{}</text>"#,
        escape(text)
    );
}

/// `text` made safe inside an SVG (or HTML) element or quoted attribute: the five characters
/// XML gives a meaning (`&`, `<`, `>`, `"`, `'`) written as entities. Every picture of the
/// workspace writes its words through it.
///
/// ```
/// assert_eq!(
///     dicecore::picture::escape("<a href=\"x\">Tom & 'Jerry'</a>"),
///     "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
/// );
/// assert_eq!(dicecore::picture::escape("Castle 3"), "Castle 3");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The advance of one character, in em, that [`text_width`] counts: a conservative average
/// for sans-serif text (most glyphs are narrower; digits are 0.56 em in common fonts), so
/// that a line measured with it fits wherever the viewer's font is.
pub const ADVANCE: f64 = 0.6;

/// How wide `text` may be drawn in a font of `size` (SVG units), by [`ADVANCE`] per
/// character: what pictures lay their lines out by, rounded up.
///
/// ```
/// assert_eq!(dicecore::picture::text_width("seat 0", 10), 36);
/// ```
pub fn text_width(text: &str, size: i32) -> i32 {
    (text.chars().count() as f64 * ADVANCE * f64::from(size)).ceil() as i32
}

/// `text` broken at spaces into lines at most `width` units wide in a font of `size` (a word
/// wider than that stays whole, on a line of its own).
///
/// ```
/// let lines = dicecore::picture::wrap("senate deck: 3 cards, 2 discarded", 10, 100);
/// assert_eq!(lines, ["senate deck: 3", "cards, 2", "discarded"]);
/// ```
pub fn wrap(text: &str, size: i32, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&longer, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = longer;
        }
    }
    lines.push(line);
    lines
}
