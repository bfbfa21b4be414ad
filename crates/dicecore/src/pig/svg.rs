//! Pig's picture as SVG ([`Picture`]).

use super::state::Pig;
use super::view::PigView;
use crate::{Game, Picture, Seat};

/// Pig's picture: each seat's banked points as a bar towards the target, and the points at
/// risk of the seat to move. A view shows the whole table (Pig hides nothing).
impl Picture for Pig {
    fn picture(&self) -> String {
        Self::view_picture(&self.view(Seat(0)))
    }

    fn view_picture(view: &PigView) -> String {
        use std::fmt::Write as _;
        let (bar, row) = (300u64, 32u64);
        let height = 50 + row * view.scores.len() as u64;
        let labels: Vec<String> = view
            .scores
            .iter()
            .enumerate()
            .map(|(i, score)| {
                if view.to_move == Some(Seat(i as u8)) {
                    format!("{score} (to move, {} at risk)", view.turn_total)
                } else {
                    score.to_string()
                }
            })
            .collect();
        // As wide as the longest label after the bars (measured at 14, the picture's font).
        let width = labels
            .iter()
            .map(|l| 80 + bar as i32 + crate::picture::text_width(l, 14) + 10)
            .fold(480, i32::max);
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"14\">\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
             <text x=\"10\" y=\"22\" font-size=\"16\">Pig to {} points</text>\n",
            view.target
        );
        for (i, (&score, label)) in view.scores.iter().zip(&labels).enumerate() {
            let y = 36 + row * i as u64;
            let filled = bar * u64::from(score.min(view.target)) / u64::from(view.target.max(1));
            let _ = write!(
                s,
                "<text x=\"10\" y=\"{}\">seat {i}</text>\n\
                 <rect x=\"70\" y=\"{y}\" width=\"{bar}\" height=\"20\" fill=\"#eee\" stroke=\"#999\"/>\n\
                 <rect x=\"70\" y=\"{y}\" width=\"{filled}\" height=\"20\" fill=\"#4a7\"/>\n\
                 <text x=\"{}\" y=\"{}\">{label}</text>\n",
                y + 15,
                80 + bar,
                y + 15,
            );
        }
        s.push_str("</svg>\n");
        s
    }
}
