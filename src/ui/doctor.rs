//! `/doctor`'s box: the report's sections, label and value, scrolled. Values come from the
//! server, the environment and files: sanitised (and redacted by the layer).

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::doctor_view::sections;
use crate::app::layers::DoctorView;
use crate::render::wrap::wrap_spans;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

const WIDTH: u16 = 100;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, view: &DoctorView, session: &Session) {
    let palette = session.config.theme.palette();
    let width = WIDTH.min(within.width).saturating_sub(4) as usize;
    let lines = body(session, width, palette);
    let area = popup(within, WIDTH, lines.len() as u16 + 2);
    let border = palette.border_focused;
    let footer = if view.copied {
        " Copied · Esc closes "
    } else {
        " c copies it all · Esc closes "
    };
    let block = popup_box(title(" Doctor ", border), border)
        .padding(Padding::horizontal(1))
        .title_bottom(Span::styled(footer, palette.dim));
    let inner = draw_popup(frame, area, block);
    let lines = body(session, inner.width as usize, palette);
    let last = lines.len().saturating_sub(inner.height as usize);
    let offset = view.offset.min(last) as u16;
    frame.render_widget(Paragraph::new(lines).scroll((offset, 0)), inner);
}

fn body(session: &Session, width: usize, palette: &crate::theme::Palette) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (i, section) in sections(session).iter().enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        lines.push(Line::from(sanitize_line(&section.title).bold()));
        let label_width = section
            .rows
            .iter()
            .map(|(label, _)| label.chars().count())
            .max()
            .unwrap_or(0)
            .min(24);
        let indent = " ".repeat(label_width + 4);
        for (label, value) in &section.rows {
            let first = [Span::styled(
                format!("  {:<label_width$}  ", sanitize_line(label)),
                palette.accent,
            )];
            let rest = [Span::raw(indent.clone())];
            lines.extend(wrap_spans(
                &[Span::raw(sanitize_line(value))],
                width,
                &first,
                &rest,
            ));
        }
    }
    lines
}

impl super::draw::Draw for crate::app::layers::DoctorView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session);
    }
}
