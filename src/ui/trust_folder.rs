//! The trust question's box: the folder (as codex will trust it), what trusting it means, and
//! the two answers, worded as the official TUI words them. The path is the file system's:
//! control characters show as marks, and a path longer than a few rows is cut with "…".

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::render::wrap::wrap_spans;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

const WIDTH: u16 = 76;
/// The most rows the path takes.
const PATH_ROWS: usize = 4;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    session: &Session,
    refused: bool,
    palette: &Palette,
) {
    let inner_width = WIDTH.min(within.width).saturating_sub(4) as usize;
    let rows = body(session, inner_width, refused, palette).len() as u16;
    let area = popup(within, WIDTH, rows + 2);
    let border = palette.border_attention;
    let block = popup_box(title(" Folder access ", border), border).padding(Padding::horizontal(1));
    let inner = draw_popup(frame, area, block);
    frame.render_widget(
        Paragraph::new(body(session, inner.width as usize, refused, palette)),
        inner,
    );
}

/// `refused`: keys were typed at the question before it could be read (they went nowhere).
fn body(session: &Session, width: usize, refused: bool, palette: &Palette) -> Vec<Line<'static>> {
    let root = session
        .config
        .folder_trust
        .as_ref()
        .map(|f| f.root.as_str())
        .unwrap_or_default();
    let mut lines = Vec::new();
    let mut path = wrap_spans(
        &[Span::styled(visible_line(root), palette.proposed)],
        width,
        &[],
        &[],
    );
    if path.len() > PATH_ROWS {
        path.truncate(PATH_ROWS);
        path.push(Line::from(Span::styled("…", palette.dim)));
    }
    lines.extend(path);
    lines.push(Line::default());
    lines.extend(wrap_spans(
        &[Span::styled(
            "Trust this folder? Codex can read, edit, and run files here, subject to your \
             permission settings. Folder settings can run code automatically, even without a \
             model request. Continue only if you trust these files. Trusting it is saved in \
             codex's config.",
            Style::default(),
        )],
        width,
        &[],
        &[],
    ));
    lines.push(Line::default());
    let key = |k: &'static str| Span::styled(k, palette.key);
    lines.push(Line::from(vec![
        key("y"),
        Span::styled("/", palette.dim),
        key("Enter"),
        Span::raw("  1. Trust and continue"),
    ]));
    lines.push(Line::from(vec![
        key("n"),
        Span::styled("/", palette.dim),
        key("Esc"),
        Span::raw("    2. No, run read-only (nothing saved; asked again next time)"),
    ]));
    if refused {
        lines.push(Line::default());
        lines.extend(wrap_spans(
            &[Span::styled(
                "Typing refused: keys typed as this appeared answer nothing and went nowhere. \
                 Pause, then press y or n.",
                palette.warning,
            )],
            width,
            &[],
            &[],
        ));
    }
    lines
}

impl super::draw::Draw for crate::app::layers::TrustFolder {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(
            frame,
            cx.areas.main,
            cx.session,
            self.gate.refused,
            cx.palette,
        );
    }
}
