//! The locked-thread box: the thread is open in another codex, and what can be done about it.
//! The error and the thread id come from the server: sanitised.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::LockedThread;
use crate::render::wrap::wrap_spans;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

const WIDTH: u16 = 72;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    locked: &LockedThread,
    session: &Session,
    palette: &Palette,
) {
    let inner_width = WIDTH.min(within.width).saturating_sub(4) as usize;
    // The local codex service can open it for this window too (`session::join`).
    let join = locked.thread_id.is_some() && crate::session::join::can_join(session);
    let lines = body(locked, join, inner_width, palette);
    let area = popup(within, WIDTH, lines.len() as u16 + 2);
    let border = palette.border_attention;
    let block = popup_box(title(" 🔒 Thread open elsewhere ", border), border)
        .padding(Padding::horizontal(1));
    let inner = draw_popup(frame, area, block);
    frame.render_widget(
        Paragraph::new(body(locked, join, inner.width as usize, palette)),
        inner,
    );
}

fn body(locked: &LockedThread, join: bool, width: usize, palette: &Palette) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut say = |text: String, style| {
        lines.extend(wrap_spans(&[Span::styled(text, style)], width, &[], &[]));
    };
    let which = locked
        .thread_id
        .as_deref()
        .map(|id| format!("Thread {}", sanitize_line(id)))
        .unwrap_or_else(|| "This thread".into());
    say(
        format!(
            "{which} is open in another codex (another window, or another tern): only one may \
             write to it at a time."
        ),
        ratatui::style::Style::default(),
    );
    say(
        format!("codex said: {}", sanitize_line(&locked.error)),
        palette.dim,
    );
    lines.push(Line::default());
    let mut keys = Vec::new();
    if locked.thread_id.is_some() {
        keys.push("r  try again, once it is closed there");
        keys.push("f  continue here in a fork (a copy of the thread)");
    }
    if join {
        keys.push("j  join it over the codex service (both windows follow it)");
    }
    keys.push("n  start a new thread");
    for key in keys {
        lines.push(Line::from(Span::styled(key.to_string(), palette.key)));
    }
    if let Some(busy) = locked.busy {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled(busy.to_string(), palette.working)));
    }
    lines
}

impl super::draw::Draw for crate::app::layers::LockedThread {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
