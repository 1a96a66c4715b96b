//! The inbox: a box over the transcript listing every waiting question (age, thread, what it
//! asks, one row each, the selected one highlighted), and under the list the selected
//! question whole, as the question itself draws it — every grant, the command as it runs, its
//! answers. Thread names and questions come from the server and the model: sanitised.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::layers::InboxView;
use crate::render::question::question_lines;
use crate::render::question_summary::{age, summary};
use crate::text::sanitize::sanitize_line;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

/// The most of a thread's name a row shows.
const THREAD_WIDTH: usize = 24;
/// The widest the box's inside gets.
const MAX_WIDTH: u16 = 100;

impl super::draw::Draw for InboxView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let session = cx.session;
        let palette = cx.palette;
        let within = cx.areas.main;
        let waiting = session.questions.waiting();
        let inner = within.width.saturating_sub(6).min(MAX_WIDTH);
        let mut lines: Vec<Line<'static>> = Vec::new();
        if waiting.is_empty() {
            lines.push(Line::from(Span::styled(
                "Nothing waits for you: no question is open in any thread.",
                palette.dim,
            )));
        }
        let selected = self.selected.index(waiting.len());
        let names: Vec<String> = waiting
            .iter()
            .map(|q| {
                let label = crate::session::inbox::thread_label(session, q.question.thread_id());
                cut(&sanitize_line(&label), THREAD_WIDTH)
            })
            .collect();
        let name_width = names
            .iter()
            .map(|n| unicode_width::UnicodeWidthStr::width(n.as_str()))
            .max()
            .unwrap_or(0);
        for (i, (queued, name)) in waiting.iter().zip(&names).enumerate() {
            let on = selected == Some(i);
            let waited = age(cx.now.saturating_duration_since(queued.asked_at));
            let pad = " ".repeat(
                name_width.saturating_sub(unicode_width::UnicodeWidthStr::width(name.as_str())),
            );
            let what_width = usize::from(inner).saturating_sub(2 + 5 + name_width + 2);
            let mut what = summary(&queued.question);
            if queued.stale {
                what.push_str(" (asked before the reconnect)");
            }
            let line = Line::from(vec![
                Span::raw(pointer(on)),
                Span::styled(
                    format!("{waited:>4} "),
                    if on { Style::default() } else { palette.dim },
                ),
                Span::styled(
                    format!("{name}{pad}  "),
                    if on { Style::default() } else { palette.accent },
                ),
                Span::raw(cut(&sanitize_line(&what), what_width.max(8))),
            ]);
            lines.push(menu_row(line, on, palette));
        }
        let selected_line = selected.map(|at| at + usize::from(waiting.is_empty()));
        if let Some(queued) = selected.and_then(|at| waiting.get(at)) {
            lines.push(Line::default());
            let whole = question_lines(
                &queued.question,
                queued.selected,
                queued.form.as_ref(),
                inner.saturating_add(2),
                session.question_look(),
            );
            lines.extend(whole.body);
            lines.push(Line::default());
            lines.extend(whole.options);
        }
        ListBox {
            title: format!("Inbox: {} waiting", waiting.len()),
            footer: Some(Line::from(Span::styled(
                " letters answer · Enter opens · Esc closes ",
                palette.dim,
            ))),
            width: ListBox::fitting(&lines, 50, MAX_WIDTH + 2),
            selected_line,
            lines,
        }
        .draw(frame, within, palette);
    }
}
