//! The page around the sections: the document, its style, the header facts and the tables.

use super::{svg, Section, Table};
// The escape of the engines' pictures, as the SVG charts use it.
use dicecore::picture::escape;
use std::fmt::Write;

/// The page's style: a plain, printable layout in the reader's own sans-serif font (nothing
/// is fetched), tables with right-aligned numbers, charts that scale with the page.
const STYLE: &str = "\
body{margin:0;background:#fff;color:#1b1b1b;font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif}
main{max-width:980px;margin:0 auto;padding:24px 28px 40px}
h1{font-size:26px;margin:0 0 12px}
h2{font-size:19px;margin:0 0 4px;padding-top:6px;border-top:2px solid #d9dde3}
section{margin:28px 0;break-inside:avoid;page-break-inside:avoid}
p.note{margin:0 0 10px;color:#4a4f57;font-size:14px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0;font-size:14px}
dl.facts dt{color:#4a4f57}
dl.facts dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;font-size:13.5px;font-variant-numeric:tabular-nums}
th,td{padding:3px 10px;border-bottom:1px solid #e3e6ea;text-align:left;white-space:nowrap}
th{background:#f3f5f7;font-weight:600}
td.num{text-align:right}
.scroll{overflow-x:auto}
svg{display:block;max-width:100%;height:auto}
svg text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:8px 18px}
.grid h3{font-size:14px;margin:4px 0 0;font-weight:600}
footer{margin-top:36px;color:#6a707a;font-size:12px}
@media print{main{max-width:none;padding:0}body{font-size:12px}}
";

/// Whether a cell reads as a number (to align it right): `12`, `-3.5`, `48.20%`, `1.2 – 3.4`,
/// a number in a unit (`124.86 decisions`, `+0.51 pp`, `12 of 40 (30.00%)`); not a label that
/// starts with one (`1st win rate`).
fn numeric(cell: &str) -> bool {
    let first = cell.split_whitespace().next().unwrap_or("");
    let mut chars = first.trim_start_matches(['-', '+', '−']).chars();
    chars.next().is_some_and(|c| c.is_ascii_digit())
        && first
            .chars()
            .all(|c| c.is_ascii_digit() || ".,%+-−".contains(c))
}

/// The whole document.
pub(crate) fn page(title: &str, facts: &[(String, String)], sections: &[Section]) -> String {
    let mut out = String::new();
    let title = escape(title);
    // `default-src 'none'`: the page may load nothing and run nothing; only its inline style.
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; img-src data:\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <h1>{title}</h1>\n"
    );
    if !facts.is_empty() {
        out.push_str("<dl class=\"facts\">\n");
        for (name, value) in facts {
            let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", escape(name), escape(value));
        }
        out.push_str("</dl>\n");
    }
    for (i, section) in sections.iter().enumerate() {
        let (heading, note) = match section {
            Section::Table(t) => (&t.title, &t.note),
            Section::Intervals(i, _) => (&i.title, &i.note),
            Section::Histograms(h) => (&h.title, &h.note),
        };
        let _ = writeln!(
            out,
            "<section id=\"section-{}\">\n<h2>{}</h2>",
            i + 1,
            escape(heading)
        );
        if !note.is_empty() {
            let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
        }
        match section {
            Section::Table(t) => table(&mut out, t),
            Section::Intervals(rows, scale) => out.push_str(&svg::intervals(rows, *scale)),
            Section::Histograms(h) => out.push_str(&svg::histograms(h)),
        }
        out.push_str("</section>\n");
    }
    let _ = write!(
        out,
        "<footer>Written by tabula-sim {}: exact counts of seeded games; the same \
         simulation gives the same page.</footer>\n</main>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    out
}

/// A table section's table.
fn table(out: &mut String, t: &Table) {
    out.push_str("<div class=\"scroll\"><table>\n<thead><tr>");
    for c in &t.columns {
        let _ = write!(out, "<th>{}</th>", escape(c));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for cell in row {
            let class = if numeric(cell) { " class=\"num\"" } else { "" };
            let _ = write!(out, "<td{class}>{}</td>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_special_character() {
        assert_eq!(
            escape(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn numbers_are_recognised() {
        for yes in [
            "12",
            "-3.5",
            "48.20%",
            "40.38% – 59.62%",
            "+1",
            "−2",
            "124.86 decisions",
            "-0.15 – +0.21 pp",
        ] {
            assert!(numeric(yes), "{yes}");
        }
        for no in [
            "",
            "-",
            "seat",
            "mc:8",
            "1st win rate",
            "2nd",
            "mc:8 (level 2)",
        ] {
            assert!(!numeric(no), "{no}");
        }
    }
}
