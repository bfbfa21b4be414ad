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
