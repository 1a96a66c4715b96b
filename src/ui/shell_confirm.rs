//! The question before the session's first `!` command: what runs, and that it runs outside
//! the sandbox. The command is the person's own text, shown with control characters as marks.

use super::chrome::{popup_box, title};
use crate::app::layers::ShellConfirm;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, confirm: &ShellConfirm, palette: &Palette) {
    let border = palette.border_attention;
    let block = popup_box(title(" Run a shell command? ", border), border);
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let mut command = confirm.command.trim().lines();
    let first = visible_line(command.next().unwrap_or(""));
    let more = if command.next().is_some() {
        " ⏎…"
    } else {
        ""
    };
    let lines = vec![
        Line::from(vec![
            Span::styled("! ", palette.warning),
            Span::styled(first, palette.proposed),
            Span::styled(more, palette.dim),
        ]),
        Line::from(Span::styled(
            "Runs in your shell unsandboxed, with full access (not in codex's sandbox).",
            palette.warning,
        )),
        Line::from(vec![
            Span::styled("y", palette.key),
            Span::styled("/", palette.dim),
            Span::styled("Enter", palette.key),
            Span::styled(
                " run it, and later ! commands without asking · ",
                palette.dim,
            ),
            Span::styled("n", palette.key),
            Span::styled("/", palette.dim),
            Span::styled("Esc", palette.key),
            Span::styled(" back to the composer", palette.dim),
        ]),
    ];
    frame.render_widget(Paragraph::new(lines), inner);
}

impl super::draw::Draw for crate::app::layers::ShellConfirm {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.bottom, self, cx.palette);
    }
}
