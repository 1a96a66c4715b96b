//! `/memories`: a box over the transcript with this thread's memory mode, codex's memory status,
//! and the summary codex holds for the thread, one line a row (scrolled in the list view). The
//! summary was written by a model from past conversations: shown with its controls as visible
//! markers (in
//! `layers::memories::summary_lines`, kept by the view) and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, heading};
use crate::app::layers::memories::{MemoriesView, SUMMARY_WIDTH};
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &MemoriesView,
    session: &Session,
    palette: &Palette,
) {
    let memories = &session.plugins.memories;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(SUMMARY_WIDTH + 2);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mode = match (session.thread_id(), memories.mode) {
        (None, _) => "no thread open".to_string(),
        (Some(_), Some(true)) => "on (set here): codex uses and keeps memories of it".into(),
        (Some(_), Some(false)) => {
            "off (set here): codex neither uses nor keeps memories of it".into()
        }
        (Some(_), None) => "as codex's config says (codex cannot tell which)".into(),
    };
    lines.push(Line::from(vec![
        Span::styled("This thread: ", palette.heading),
        Span::raw(cut(&mode, inner_width.saturating_sub(13))),
    ]));
    let status = match &memories.status {
        Some(s) => format!(
            "{}, {} thread{} consolidated",
            if s.v2_ready { "ready" } else { "not ready" },
            s.v2_consolidated_threads,
            if s.v2_consolidated_threads == 1 {
                ""
            } else {
                "s"
            }
        ),
        None if memories.loading > 0 => "reading…".into(),
        None => "unknown".into(),
    };
    lines.push(Line::from(vec![
        Span::styled("codex's memory: ", palette.heading),
        Span::raw(cut(&status, inner_width.saturating_sub(16))),
    ]));
    if let Some(e) = &memories.error {
        lines.push(Line::from(Span::styled(
            cut(&format!("Could not read: {}", visible_line(e)), inner_width),
            palette.error,
        )));
    }
    let summary = &view.summary;
    let said = match &memories.summary {
        None if memories.loading > 0 => Some("Reading the thread's memory…"),
        None => Some("No memory read (no thread open)."),
        Some(None) => Some("codex holds no memory summary for this thread."),
        Some(Some(_)) => None,
    };
    let mut selected_line = None;
    match said {
        Some(text) => {
            lines.push(Line::default());
            lines.push(Line::from(Span::styled(text, palette.dim)));
        }
        None => {
            heading(&mut lines, "What codex remembers:", palette.heading);
            let selected = view.selected.index(summary.len());
            for (i, text) in summary.iter().enumerate() {
                let is_selected = selected == Some(i);
                if is_selected {
                    selected_line = Some(lines.len());
                }
                let line = Line::from(vec![
                    Span::raw(pointer(is_selected)),
                    Span::raw(cut(text, inner_width.saturating_sub(2))),
                ]);
                lines.push(menu_row(line, is_selected, palette));
            }
        }
    }
    let footer = footer(
        "m memory on/off for this thread · r reset (asks first) · Esc closes",
        palette.dim,
    );
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Memories".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for MemoriesView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
