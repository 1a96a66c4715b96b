//! `/warnings`: a box over the transcript listing the warnings kept, newest first (who said
//! it, how often, what), or the selected one whole with its details. Everything in it comes
//! from the server, config files or the environment: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, say};
use crate::app::layers::warnings::WarningsView;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The widest "who said it" column.
const SOURCE_WIDTH: usize = 12;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &WarningsView,
    session: &Session,
    palette: &Palette,
) {
    let kept = &session.warnings;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(110);
    let selected = view.selected.index(kept.len());
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected_line = None;
    match selected.and_then(|at| kept.newest_first().nth(at)) {
        Some(warning) if view.details => {
            let mut head = format!("From {}", warning.source);
            if warning.count > 1 {
                head.push_str(&format!(", said {} times", warning.count));
            }
            if let Some(thread) = &warning.thread_id {
                head.push_str(&format!(", thread {}", visible_line(thread)));
            }
            lines.push(Line::from(Span::styled(head, palette.heading)));
            say(
                &mut lines,
                visible_line(&warning.summary),
                palette.warning,
                0,
                inner_width,
            );
            if let Some(details) = &warning.details {
                lines.push(Line::default());
                for part in details.lines() {
                    say(&mut lines, visible_line(part), palette.dim, 0, inner_width);
                }
            }
        }
        _ => {
            if kept.is_empty() {
                say(
                    &mut lines,
                    "No warnings this session. Warnings from tern's config, codex and the MCP \
                     servers are kept here as they come."
                        .into(),
                    palette.dim,
                    0,
                    inner_width,
                );
            }
            for (i, warning) in kept.newest_first().enumerate() {
                let is_selected = selected == Some(i);
                if is_selected {
                    selected_line = Some(lines.len());
                }
                let source = format!("{:<SOURCE_WIDTH$}", cut(warning.source, SOURCE_WIDTH));
                let count = match warning.count {
                    1 => String::new(),
                    n => format!(" (×{n})"),
                };
                let room = inner_width.saturating_sub(2 + SOURCE_WIDTH + 2 + count.width());
                let summary = cut(&visible_line(&warning.summary), room.max(10));
                let more = if warning.details.is_some() {
                    " …"
                } else {
                    ""
                };
                let line = Line::from(vec![
                    Span::raw(pointer(is_selected)),
                    Span::styled(source, palette.dim),
                    Span::raw("  "),
                    Span::styled(summary, palette.warning),
                    Span::styled(format!("{count}{more}"), palette.dim),
                ]);
                lines.push(menu_row(line, is_selected, palette));
            }
            if kept.dropped > 0 {
                lines.push(Line::from(Span::styled(
                    format!("({} older warnings let go)", kept.dropped),
                    palette.dim,
                )));
            }
        }
    }
    let keys = if view.details {
        "Enter/Esc: back to the list"
    } else {
        "newest first · Enter: details · Esc closes"
    };
    ListBox {
        title: "Warnings".into(),
        footer: Some(footer(keys, palette.dim)),
        width: ListBox::fitting(&lines, 60, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for WarningsView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
