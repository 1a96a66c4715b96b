//! `/config`: a box over the transcript listing every setting in force — tern's, then
//! codex's — each with its value and where it came from, and the selected one's whole value
//! under the list. Everything in it comes from files, the environment or the server:
//! sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::layers::config_view::{codex_status, ConfigView};
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The widest a setting's name is shown (longer ones are cut, the whole name under the list).
const KEY_WIDTH: usize = 28;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &ConfigView,
    session: &Session,
    palette: &Palette,
) {
    let rows = &view.rows;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(120);
    let selected = view.selected.index(rows.len());
    let keys: Vec<String> = rows
        .iter()
        .map(|r| cut(&visible_line(&r.key), KEY_WIDTH))
        .collect();
    let key_width = keys.iter().map(|k| k.width()).max().unwrap_or(0);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected_line = None;
    let mut owner = "";
    for (i, (row, key)) in rows.iter().zip(keys).enumerate() {
        if row.owner != owner {
            owner = row.owner;
            let heading = match owner {
                "tern" => "tern's settings",
                _ => "codex's settings (config/read)",
            };
            lines.push(Line::from(Span::styled(heading, palette.heading)));
        }
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        // The source gets at most a third of the row; the value the rest.
        let source = cut(&visible_line(&row.source), (inner_width / 3).min(40));
        let room = inner_width.saturating_sub(2 + key_width + 2 + 2 + source.width());
        let value = cut(&visible_line(&row.value), room.max(4));
        let pad = " ".repeat(key_width.saturating_sub(key.width()));
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(format!("{key}{pad}  "), palette.identity),
            Span::raw(value),
            Span::raw("  "),
            Span::styled(source, palette.dim),
        ]);
        lines.push(menu_row(line, is_selected, palette));
    }
    if let Some(status) = codex_status(session) {
        lines.push(Line::from(Span::styled(visible_line(&status), palette.dim)));
    }
    // The selected setting whole: its value and its source are cut in the list.
    if let Some(row) = selected.map(|at| &rows[at]) {
        lines.push(Line::default());
        let mut whole = format!("{} = {}", visible_line(&row.key), visible_line(&row.value));
        if !row.source.is_empty() {
            whole.push_str(&format!("  ({})", visible_line(&row.source)));
        }
        lines.extend(crate::render::wrap::wrap_spans(
            &[Span::styled(whole, palette.dim)],
            inner_width.max(20),
            &[],
            &[],
        ));
    }
    let footer = Line::from(Span::styled(
        " where each setting came from · Esc closes ",
        palette.dim,
    ));
    ListBox {
        title: "Config".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for ConfigView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
