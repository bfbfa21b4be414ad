//! Pictures from the programs: `tour`, `play` and `replay` draw the board as SVG
//! (`--svg FILE`), well-formed XML; `play` draws a person's view while they play, never the
//! whole table, and the whole table at the end.
#[path = "support/scratch.rs"]
mod scratch;
#[path = "../examples/support/mod.rs"]
mod support;

use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use support::play::PlayOptions;
use support::registry::verify_file;
use support::registry::{self, GAMES};
use support::verify::Verdict;
use tabula::dicecore::AgentSpec;
use tabula::games::Registered;
use tabula::{Picture, Replay, Seat, Turn};

/// A fresh scratch directory under `target/` for one test.
fn scratch(name: &str) -> PathBuf {
    scratch::dir("test-pictures", name)
}

/// Checks that `svg` is well-formed XML with an `<svg>` root that has a size.
fn well_formed(svg: &str, what: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{what}: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{what}");
    assert!(
        root.attribute("viewBox").is_some() || root.attribute("width").is_some(),
        "{what}: no size"
    );
}

#[test]
fn tour_and_replay_draw_the_same_final_board() {
    let dir = scratch("tour");
    for entry in GAMES {
        let report = (entry.tour)(11, &dir).unwrap();
        let picture = report.picture;
        well_formed(&picture, entry.name);
        match verify_file(&report.path) {
            Verdict::Verified { picture: again, .. } => {
                assert_eq!(again, picture, "{}", entry.name)
            }
            other => panic!("{}: {other:?}", entry.name),
        }
    }
}

/// Scripted input that, before each line is read, keeps what the picture file holds then:
/// the board of the moment the person is asked.
struct Watching {
    lines: VecDeque<String>,
    current: Vec<u8>,
    at: usize,
    svg: PathBuf,
    seen: Vec<String>,
}

impl Watching {
    fn new(input: &str, svg: &Path) -> Watching {
        Watching {
            lines: input.lines().map(|l| format!("{l}\n")).collect(),
            current: Vec::new(),
            at: 0,
            svg: svg.to_path_buf(),
            seen: Vec::new(),
        }
    }
}

impl Read for Watching {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Watching {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.current.len() {
            self.seen
                .push(std::fs::read_to_string(&self.svg).unwrap_or_default());
            self.current = self.lines.pop_front().unwrap_or_default().into_bytes();
            self.at = 0;
        }
        Ok(&self.current[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// Plays `G` as seat 0 against random agents with `--svg` and `--save`, and checks the
/// picture: seat 0's view at its first decision (not the whole table), the whole table when
/// the game stops.
fn a_person_sees_their_view<G>(seed: u64, input: &str)
where
    G: Registered,
{
    let dir = scratch(G::NAME);
    let (svg, save) = (dir.join("board.svg"), dir.join("game.json"));
    let options = PlayOptions {
        seed,
        agent: AgentSpec::Random,
        svg: Some(svg.clone()),
        save: Some(save.clone()),
        ..PlayOptions::default()
    };
    let mut input = Watching::new(input, &svg);
    let mut out = Vec::new();
    let entry = registry::find(G::NAME).unwrap();
    (entry.play)(&options, &mut input, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Picture of the board: "), "{out}");

    let replay: Replay<G> = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let mut state = G::new(&replay.config).unwrap();
    for action in &replay.actions {
        let asked = match state.turn() {
            Turn::Seat(s) => s == Seat(0),
            Turn::Seats(set) => set.contains(Seat(0)),
            _ => false,
        };
        if asked {
            break;
        }
        state.apply_in_place(action).unwrap();
    }
    let first = &input.seen[0];
    well_formed(first, G::NAME);
    assert_eq!(
        first,
        &G::view_picture(&state.view(Seat(0))),
        "{}: the picture at the first decision is not seat 0's view",
        G::NAME
    );
    let end = std::fs::read_to_string(&svg).unwrap();
    well_formed(&end, G::NAME);
    assert_eq!(end, replay.run().unwrap().picture(), "{}", G::NAME);
}

#[test]
fn play_draws_the_persons_view_and_the_whole_table_at_the_end() {
    a_person_sees_their_view::<tabula::mosaix::State>(3, "1\n0 0\n1\n1\n1\n1\nquit\n");
    a_person_sees_their_view::<tabula::sequence_dice::State>(3, "1\n1\n1\nquit\n");
    a_person_sees_their_view::<tabula::dicecore::pig::Pig>(3, "1\n2\n1\n2\nquit\n");
    a_person_sees_their_view::<tabula::the_border::State>(3, "1\n1\n1\n1\nquit\n");
    a_person_sees_their_view::<tabula::kingdom_builder::State>(3, "1\n1\n1\n1\nquit\n");
    a_person_sees_their_view::<tabula::alea_iacta_est::State>(3, "1\n1\n1\n1\nquit\n");
}

#[test]
fn agents_alone_draw_the_whole_table() {
    let dir = scratch("watch");
    let (svg, save) = (dir.join("board.svg"), dir.join("game.json"));
    let options = PlayOptions {
        seed: 4,
        humans: vec![],
        agent: AgentSpec::Random,
        svg: Some(svg.clone()),
        save: Some(save.clone()),
        max_actions: 30,
        ..PlayOptions::default()
    };
    let (report, _) = registry::play_scripted("mosaix", &options, "");
    assert_eq!(report.unwrap().actions, 30);
    let picture = std::fs::read_to_string(&svg).unwrap();
    well_formed(&picture, "mosaix");
    let text = std::fs::read_to_string(&save).unwrap();
    let replay: Replay<tabula::mosaix::State> = serde_json::from_str(&text).unwrap();
    assert_eq!(picture, replay.run().unwrap().picture());
}
