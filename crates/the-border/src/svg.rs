//! Pictures: the table as SVG, every player's board as hexes in the dice colours with their
//! crossed spaces and the space numbers the actions use, the roll, and the scores.

use crate::board::{Board, Spaces};
use crate::{DiceSet, Phase, State, View};
use dicecore::faces::Colour;
use dicecore::picture::{self, escape, text_width, wrap};
use dicecore::{Game, Seat};
use std::fmt::Write;

/// Half the height of a hex (its corner radius), in pixels.
const R: i32 = 14;
/// Width of a hex (√3 · R, rounded).
const W: i32 = 24;
/// Height of a row of hexes (1.5 · R).
const ROW: i32 = 21;
/// Room above a board for its title.
const TITLE: i32 = 26;
/// Room at the top of the picture for the header and the dice.
const HEAD: i32 = 70;
/// Space between boards.
const GAP: i32 = 20;

/// The fill of a colour.
fn fill(colour: Option<Colour>) -> &'static str {
    match colour {
        None => "#ffffff",
        Some(Colour::Grey) => "#9e9e9e",
        Some(Colour::Green) => "#43a047",
        Some(Colour::Blue) => "#1e88e5",
        Some(Colour::Red) => "#e53935",
        Some(Colour::Yellow) => "#fdd835",
        Some(Colour::Orange) => "#fb8c00",
    }
}

/// Font size of the areas' legend under a board.
const LEGEND: i32 = 10;
/// Height of a line of the legend.
const LEGEND_LINE: i32 = 14;

/// The size of one board's hexes and title (its legend is under it).
fn board_size(board: &Board) -> (i32, i32) {
    let width = board.width() as i32 * W + W / 2;
    let height = TITLE + (board.height() as i32 - 1) * ROW + 2 * R;
    (width, height)
}

/// The legend of a board's areas, wrapped to `width`: each area's key (written on its
/// marker hex), name and values, and the points it scored once completed.
fn legend(board: &Board, points: &[u8], width: i32) -> Vec<String> {
    let entries: Vec<String> = board
        .areas()
        .iter()
        .enumerate()
        .map(|(a, area)| {
            let got = match points.get(a) {
                Some(&p) if p > 0 => format!(": {p} points"),
                _ => String::new(),
            };
            format!("{} {} {}/{}{got}", area.key, area.name, area.high, area.low)
        })
        .collect();
    wrap(&format!("areas: {}", entries.join(", ")), LEGEND, width)
}

/// Draws one board at `(x, y)` with its title, its crossed spaces and the points scored per
/// area.
fn draw_board(
    svg: &mut String,
    board: &Board,
    (crossed, points): (&Spaces, &[u8]),
    title: &str,
    (x, y, width): (i32, i32, i32),
) -> std::fmt::Result {
    let mut labels = Vec::new();
    writeln!(
        svg,
        r#"<text x="{}" y="{}" font-size="14" font-weight="bold">{}</text>"#,
        x,
        y + 16,
        escape(title)
    )?;
    for r in 0..board.height() {
        for c in 0..board.width() {
            let cx = x + c as i32 * W + W / 2 + if r % 2 == 1 { W / 2 } else { 0 };
            let cy = y + TITLE + r as i32 * ROW + R;
            let hex = format!(
                "{},{} {},{} {},{} {},{} {},{} {},{}",
                cx,
                cy - R,
                cx + W / 2,
                cy - R / 2,
                cx + W / 2,
                cy + R / 2,
                cx,
                cy + R,
                cx - W / 2,
                cy + R / 2,
                cx - W / 2,
                cy - R / 2
            );
            if let Some(s) = board.space_at(r, c) {
                let colour = board.space_colour(s);
                writeln!(
                    svg,
                    "<polygon points=\"{hex}\" fill=\"{}\" stroke=\"#333\" stroke-width=\"1\"/>",
                    fill(colour)
                )?;
                if crossed.contains(s) {
                    let d = R / 2;
                    writeln!(
                        svg,
                        "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#111\" stroke-width=\"2.5\"/>",
                        cx - d,
                        cy - d,
                        cx + d,
                        cy + d,
                        cx + d,
                        cy - d,
                        cx - d,
                        cy + d
                    )?;
                } else {
                    writeln!(
                        svg,
                        r#"<text x="{cx}" y="{}" font-size="9" text-anchor="middle">{s}</text>"#,
                        cy + 3
                    )?;
                }
            } else if let Some(a) = board.area_at(r, c) {
                writeln!(
                    svg,
                    "<polygon points=\"{hex}\" fill=\"#f4efdc\" stroke=\"#f4efdc\"/>"
                )?;
                if board.is_marker(r, c) {
                    labels.push((cx, cy, a));
                }
            }
        }
    }
    // Each area's key on its marker hex (bold once completed); its name, values and points
    // in the legend under the board, clear of the hexes.
    for (cx, cy, a) in labels {
        let area = &board.areas()[a];
        let done = points.get(a).is_some_and(|&p| p > 0);
        writeln!(
            svg,
            r#"<text x="{cx}" y="{}" font-size="9" text-anchor="middle" font-weight="{}">{}</text>"#,
            cy + 3,
            if done { "bold" } else { "normal" },
            escape(&area.key.to_string()),
        )?;
    }
    let top = y + board_size(board).1 + LEGEND_LINE - 2;
    for (k, line) in legend(board, points, width).iter().enumerate() {
        writeln!(
            svg,
            r#"<text x="{x}" y="{}" font-size="{LEGEND}">{}</text>"#,
            top + k as i32 * LEGEND_LINE,
            escape(line)
        )?;
    }
    Ok(())
}

/// Draws a row of dice at `(x, y)`: `solid` ones filled, `faded` ones drawn lighter.
fn draw_dice(svg: &mut String, solid: DiceSet, faded: DiceSet, (x, y): (i32, i32)) -> i32 {
    let mut at = x;
    for (dice, opacity) in [(solid, "1"), (faded, "0.35")] {
        for colour in dice.colours() {
            let _ = writeln!(
                svg,
                r##"<rect x="{at}" y="{y}" width="22" height="22" rx="4" fill="{}" fill-opacity="{opacity}" stroke="#333"/>"##,
                fill(Some(colour))
            );
            at += 28;
        }
    }
    at
}

impl State {
    /// The table as an SVG picture: every player's board (crossed spaces marked with a cross,
    /// open spaces with the number the actions use, each area with its values), the dice
    /// (those used in action 1 faded) and the scores.
    ///
    /// ```
    /// use the_border::{Config, State};
    /// use dicecore::Game;
    /// let svg = State::new(&Config::new(2)).unwrap().to_svg();
    /// assert!(svg.starts_with("<svg"));
    /// ```
    pub fn to_svg(&self) -> String {
        self.svg_with_caption("")
    }

    fn svg_with_caption(&self, caption: &str) -> String {
        let n = self.seats() as usize;
        let active = self.active();
        let titles: Vec<String> = (0..self.seats()).map(Seat).map(|s| self.title(s)).collect();
        // A board's column is as wide as its hexes or its title (bold 14: measured as a font
        // of 16), and as tall as its hexes and its legend.
        let (hexes_w, hexes_h) = board_size(self.board(Seat(0)));
        let bw = titles
            .iter()
            .map(|t| text_width(t, 16))
            .fold(hexes_w, i32::max);
        let legend_lines = (0..self.seats())
            .map(Seat)
            .map(|s| legend(self.board(s), &self.area_points(s), bw).len() as i32)
            .max()
            .unwrap_or(0);
        let bh = hexes_h + 4 + legend_lines * LEGEND_LINE;
        let cols = n.min(2) as i32;
        let rows = n.div_ceil(2) as i32;
        let line = match self.phase() {
            Phase::Over => "The Border: game over".to_string(),
            Phase::Rolling => format!(
                "{active} rolls {} dice (roll {} of 3)",
                self.rolling_dice(),
                self.rolls() + 1
            ),
            Phase::Deciding => format!("{active} re-rolls some dice or stops"),
            Phase::Crossing => format!("Action 1: {active} completes segments"),
            Phase::Others => {
                let waiting: Vec<String> = self.to_act().iter().map(|s| s.to_string()).collect();
                format!("Action 2: {} cross spaces", waiting.join(", "))
            }
        };
        let footer = self.footer(caption);
        let width = (GAP + cols * (bw + GAP))
            .max(2 * GAP + text_width(&line, 18))
            .max(2 * GAP + text_width(&footer, 13));
        let height = HEAD + rows * (bh + GAP) + 30;
        let mut svg = String::new();
        picture::open(&mut svg, width, height);
        let _ = writeln!(
            svg,
            r##"<rect width="{width}" height="{height}" fill="#fbfaf6"/>"##
        );
        let _ = writeln!(
            svg,
            r#"<text x="{GAP}" y="24" font-size="16" font-weight="bold">{}</text>"#,
            escape(&line)
        );
        let free = self.dice().minus(self.used());
        draw_dice(&mut svg, free, self.used(), (GAP, 34));
        for (i, seat) in (0..self.seats()).map(Seat).enumerate() {
            let x = GAP + (i as i32 % 2) * (bw + GAP);
            let y = HEAD + (i as i32 / 2) * (bh + GAP);
            let board = self.board(seat);
            let played = (&self.crossed(seat), &self.area_points(seat)[..]);
            let _ = draw_board(&mut svg, board, played, &titles[i], (x, y, bw));
        }
        let _ = writeln!(
            svg,
            r#"<text x="{GAP}" y="{}" font-size="13">{}</text>"#,
            height - 12,
            escape(&footer)
        );
        svg.push_str("</svg>\n");
        svg
    }

    /// The title over a seat's board: its board, its points, whether it is active and what
    /// it may still use.
    fn title(&self, seat: Seat) -> String {
        let board = self.board(seat);
        let mut title = format!(
            "{seat} (board {}): {} points",
            board.name(),
            self.total_score(seat)
        );
        if seat == self.active() && self.phase() != Phase::Over {
            title.push_str(", active");
        }
        if self.to_act().contains(seat) {
            let (pool, left) = self.available(seat);
            let _ = write!(title, ", may still use {left} of {pool}");
        }
        title
    }

    /// The line under the boards: who won, and the caption.
    fn footer(&self, caption: &str) -> String {
        let mut footer = String::new();
        if let Some(outcome) = self.outcome() {
            let winners: Vec<String> = outcome.winners.iter().map(|s| s.to_string()).collect();
            footer = format!("Won by {}", winners.join(" and "));
        }
        if !caption.is_empty() {
            if !footer.is_empty() {
                footer.push_str(" -- ");
            }
            footer.push_str(caption);
        }
        footer
    }
}

impl View {
    /// The seat's picture of the table: The Border hides nothing, so it is the table's picture
    /// with a caption saying whose view it is.
    pub fn to_svg(&self) -> String {
        self.state
            .svg_with_caption(&format!("{}'s view (nothing is hidden)", self.seat))
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

#[cfg(test)]
mod tests {
    use crate::{Action, Config, DiceSet, State};
    use dicecore::faces::Colour::*;
    use dicecore::{Agent, Game, Match, RandomAgent, Seat};

    fn well_formed(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"))
    }

    #[test]
    fn pictures_are_well_formed_along_a_game() {
        let config = State::standard_config(4, 3).unwrap();
        let mut m: Match<State> = Match::new(config, 3).unwrap();
        let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
            .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
            .collect();
        let mut step = 0;
        while m.step(&mut agents).unwrap().is_some() {
            step += 1;
            if step % 40 == 0 {
                well_formed(&m.state().to_svg());
            }
        }
        let end = m.state().to_svg();
        let doc = well_formed(&end);
        assert!(end.contains("Won by"));
        // Every space of every board is drawn.
        let hexes = doc
            .descendants()
            .filter(|n| n.has_tag_name("polygon") && n.attribute("stroke") == Some("#333"))
            .count();
        assert_eq!(hexes, 4 * 86);
    }

    #[test]
    fn open_spaces_show_their_numbers_and_crossed_ones_a_cross() {
        let s = State::new(&Config::new(2)).unwrap();
        let svg = s.to_svg();
        let doc = well_formed(&svg);
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        for space in 1..85 {
            assert!(texts.contains(&space.to_string().as_str()), "{space}");
        }
        // The two white spaces of each board are crossed.
        let crosses = doc.descendants().filter(|n| n.has_tag_name("path")).count();
        assert_eq!(crosses, 2 * 2);
    }

    #[test]
    fn the_dice_are_drawn_and_a_view_hides_nothing() {
        let mut s = State::new(&Config::new(3)).unwrap();
        let roll = DiceSet::from_colours(&[Grey, Grey, Red, Blue, Orange]);
        s.apply_in_place(&Action::Roll(roll)).unwrap();
        let svg = s.to_svg();
        let doc = well_formed(&svg);
        let dice = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(dice, 1 + 5, "the background and five dice");
        for seat in (0..3).map(Seat) {
            let view = s.view(seat).to_svg();
            well_formed(&view);
            // The same picture, with a caption.
            let caption = dicecore::picture::escape(&format!("{seat}'s view (nothing is hidden)"));
            assert_eq!(view.replace(&caption, ""), svg);
        }
    }

    #[test]
    fn names_from_a_map_are_escaped() {
        let map = crate::BoardId::A
            .map()
            .replace("area 1 villa", "area 1 <villa&co>");
        let mut config = Config::new(2);
        config.boards = vec![
            crate::BoardSource::Map(map.clone()),
            crate::BoardSource::Map(map),
        ];
        let s = State::new(&config).unwrap();
        let svg = s.to_svg();
        well_formed(&svg);
        assert!(svg.contains("&lt;villa&amp;co&gt;"));
    }
}
