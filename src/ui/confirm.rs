//! The yes/no box of `layers::confirm`: the question (a path in it is the person's or the
//! server's: sanitised) and its keys.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::Confirm;
use crate::app::layers::LayerView;
use crate::render::wrap::wrap_spans;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    confirm: &Confirm,
    session: &Session,
    palette: &Palette,
) {
    let width = within.width.saturating_sub(4).clamp(20, 76);
    let mut lines = wrap_spans(
        &[Span::raw(sanitize_line(&confirm.question()))],
        width as usize - 2,
        &[],
        &[],
    );
    lines.push(Line::from(""));
    // Its keys as its table has them now (the config file may have moved them).
    let keys = crate::app::layers::confirm::KEYS.list(confirm, &session.config.keymap);
    let mut spans = Vec::new();
    for (i, hint) in keys.bar().into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" · "));
        }
        spans.push(Span::styled(sanitize_line(&hint.keys), palette.key));
        spans.push(Span::raw(format!(" {}", hint.action)));
    }
    lines.push(Line::from(spans));
    let area = popup(within, width, lines.len() as u16 + 2);
    let border = palette.border_attention;
    let block = popup_box(
        title(format!(" {} ", confirm.title(session)), border),
        border,
    );
    let inner = draw_popup(frame, area, block);
    frame.render_widget(Paragraph::new(lines), inner);
}

impl super::draw::Draw for crate::app::layers::Confirm {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
