//! `/daemon`: a box with the daemon command running or last run and what it printed — the
//! version and status JSON, or the error and its output — every line sanitised (a child
//! process's output is as hostile as any server string) and cut to the box.

use super::list::{cut, ListBox};
use super::report_lines::{footer, say};
use crate::app::layers::daemon::DaemonView;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

/// The most output lines shown (the rest are counted).
const MAX_LINES: usize = 400;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &DaemonView,
    session: &Session,
    palette: &Palette,
) {
    let state = &session.account_tools.daemon;
    let width = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Some(sub) = &state.running {
        say(
            &mut lines,
            format!("Running codex app-server daemon {sub}…"),
            palette.working,
            0,
            width,
        );
    }
    let mut selected_line = None;
    match &state.last {
        None if state.running.is_none() => {
            say(&mut lines, "Nothing run yet.".into(), palette.dim, 0, width)
        }
        None => {}
        Some(run) => {
            let (verdict, style) = if run.ok {
                (
                    format!("codex app-server daemon {}:", run.command),
                    palette.success,
                )
            } else {
                (
                    format!("codex app-server daemon {} did not succeed:", run.command),
                    palette.error,
                )
            };
            say(&mut lines, verdict, style, 0, width);
            let all: Vec<&str> = run.output.lines().collect();
            let at = view.scrolled.index(all.len());
            for (i, line) in all.iter().take(MAX_LINES).enumerate() {
                if at == Some(i) {
                    selected_line = Some(lines.len());
                }
                lines.push(Line::from(Span::styled(
                    format!("  {}", cut(&visible_line(line), width.saturating_sub(2))),
                    Style::default(),
                )));
            }
            if all.len() > MAX_LINES {
                say(
                    &mut lines,
                    format!("… and {} more lines", all.len() - MAX_LINES),
                    palette.dim,
                    2,
                    width,
                );
            }
            if run.output.trim().is_empty() {
                say(
                    &mut lines,
                    "(it printed nothing)".into(),
                    palette.dim,
                    2,
                    width,
                );
            }
        }
    }
    let footer = footer("v version · s start · t stop · Esc closes", palette.dim);
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "codex daemon".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for DaemonView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
