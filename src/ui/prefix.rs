//! The prefix chooser's box, in place of the question it was opened from.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::layers::PrefixChooser;
use crate::render::prefix::chooser_lines;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, chooser: &PrefixChooser, palette: &Palette) {
    let refused = chooser.refusal().is_some();
    let border = if refused {
        palette.error
    } else {
        palette.border_attention
    };
    let keys = if refused {
        " Esc: back "
    } else {
        " Enter: write rule · Esc: back "
    };
    let block = popup_box(title(" Always allow ", border), border)
        .title_bottom(Span::styled(keys, palette.dim));
    let inner = draw_popup(frame, area, block);
    let lines = chooser_lines(&chooser.offer, chooser.len, area.width, palette);
    frame.render_widget(Paragraph::new(lines), inner);
}

impl super::draw::Draw for crate::app::layers::PrefixChooser {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.bottom, self, cx.palette);
    }
}
