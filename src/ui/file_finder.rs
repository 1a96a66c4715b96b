//! The @-mention finder: a list of matching files just above the composer, the letters that
//! matched in bold. Paths come from the server and pass through `sanitize_line`.

use super::chrome::row_style;
use super::draw::{Draw, DrawCx};
use super::finder::{self, Found};
use super::list::pointer;
use crate::controls::composer::FileFinder;
use crate::model::work;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::Frame;

impl Draw for FileFinder {
    fn draw(&self, frame: &mut Frame<'_>, cx: &DrawCx<'_>) {
        draw(frame, cx.areas.transcript, self, cx.palette);
    }
}

/// `above`: the area the list sits at the bottom of (the transcript's).
fn draw(frame: &mut Frame<'_>, above: Rect, finder: &FileFinder, palette: &Palette) {
    let reading = if finder.searching { "searching…" } else { "" };
    let room = finder::inner_width(above);
    let row = |i: usize, selected: bool| {
        let m = &finder.matches[i];
        let indices = m.indices.as_deref().unwrap_or(&[]);
        path_line(&m.path, indices, selected, room, palette)
    };
    let count = finder.matches.len();
    let found = if let Some(error) = &finder.error {
        let text = format!("file search failed: {}", sanitize_line(error));
        Found::Nothing(text, palette.error)
    } else if count == 0 {
        let text = if finder.query.is_empty() {
            "type to search the files of this directory"
        } else if finder.searching {
            "searching…"
        } else {
            "no files match"
        };
        Found::Nothing(text.into(), palette.dim)
    } else {
        Found::Rows(count, finder.selected.index(count), &row)
    };
    let heading = ("@", finder.query.as_str());
    finder::draw(
        frame,
        above,
        heading,
        reading,
        finder.rows(),
        found,
        palette,
    );
}

/// The path with the matched characters in bold; the selected row reversed. Only the
/// characters that fit in `room` columns are looked at, and the matched positions once each
/// (sorted, then walked beside the path): the work is linear in what the row shows, whatever
/// the length of the path or of the server's list of positions.
fn path_line(
    path: &str,
    indices: &[usize],
    selected: bool,
    room: usize,
    palette: &Palette,
) -> Line<'static> {
    let base = row_style(selected, palette);
    let bold = base.add_modifier(Modifier::BOLD).patch(palette.accent);
    let mut spans = vec![Span::styled(pointer(selected), base)];
    let shown: Vec<char> = path.chars().take(room).collect();
    let mut matched: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|&i| i < shown.len())
        .collect();
    matched.sort_unstable();
    matched.dedup();
    work::step(shown.len() + indices.len());
    let mut next = matched.iter().peekable();
    let mut run = String::new();
    let mut run_bold = false;
    for (i, c) in shown.into_iter().enumerate() {
        let is_bold = next.next_if(|&&m| m == i).is_some();
        if is_bold != run_bold && !run.is_empty() {
            let style = if run_bold { bold } else { base };
            spans.push(Span::styled(
                sanitize_line(&std::mem::take(&mut run)),
                style,
            ));
        }
        run_bold = is_bold;
        run.push(c);
    }
    if !run.is_empty() {
        let style = if run_bold { bold } else { base };
        spans.push(Span::styled(sanitize_line(&run), style));
    }
    Line::from(spans)
}
