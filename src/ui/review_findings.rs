//! A `/review`'s findings: each with keep or drop, its `path:line` and title, and the person's
//! comment under it (or the comment being written). Titles and paths are the reviewer's and
//! the comment is typed: shown with their control characters as visible markers.

use super::chrome::menu_row;
use super::list::{pointer, ListBox};
use crate::app::layers::ReviewFindings;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

fn draw(frame: &mut Frame<'_>, within: Rect, list: &ReviewFindings, cwd: &str, palette: &Palette) {
    let selected = list.selected.index(list.findings.len());
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected_line = None;
    for (i, finding) in list.findings.iter().enumerate() {
        let on = Some(i) == selected;
        if on {
            selected_line = Some(lines.len());
        }
        let (mark, style) = if finding.keep {
            ("[keep]", palette.success)
        } else {
            ("[drop]", palette.dim)
        };
        let row = Line::from(vec![
            Span::raw(pointer(on)),
            Span::styled(format!("{mark} "), style),
            Span::styled(visible_line(&finding.place(cwd)), palette.link),
            Span::raw("  "),
            Span::styled(visible_line(&finding.title), palette.heading),
        ]);
        lines.push(menu_row(row, on, palette));
        match (&list.editing, on) {
            (Some(input), true) => lines.push(Line::from(vec![
                Span::styled("      ✎ ", palette.accent),
                Span::raw(visible_line(input.as_str())),
                Span::styled("▏", palette.accent),
            ])),
            _ if !finding.comment.is_empty() => lines.push(Line::from(vec![
                Span::styled("      ✎ ", palette.accent),
                Span::styled(visible_line(&finding.comment), palette.quote),
            ])),
            _ => {}
        }
    }
    let footer = match &list.note {
        Some(note) => Line::from(Span::styled(
            format!(" {} ", visible_line(note)),
            palette.warning,
        )),
        None if list.editing.is_some() => Line::from(Span::styled(
            " Enter save comment · Esc cancel ",
            palette.dim,
        )),
        None => Line::from(Span::styled(
            " x keep/drop · c comment · Enter send review · Esc close, unsent ",
            palette.dim,
        )),
    };
    let kept = list.findings.iter().filter(|f| f.keep).count();
    ListBox {
        title: format!("Review findings: {kept} of {} kept", list.findings.len()),
        footer: Some(footer),
        lines,
        selected_line,
        width: within.width,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for ReviewFindings {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let cwd = crate::session::threads::current_cwd(cx.session);
        draw(frame, cx.areas.main, self, &cwd, cx.palette);
    }
}
