//! `/keymap`: a box over the transcript listing every action the config file can give keys
//! to, under its table's heading, with its keys now and where they come from (its own, or the
//! config file); the filter above, what the last key did (or the key awaited) below. Action
//! names and help are tern's own; the keys come from the config file, so they are shown as
//! tern labels them, never as written.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, say};
use crate::app::layers::keymap_view::KeymapView;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &KeymapView,
    session: &Session,
    palette: &Palette,
) {
    let keymap = &session.config.keymap;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(110);
    let shown = view.shown();
    let selected = view.selected.index(shown.len());
    let name_width = shown
        .iter()
        .map(|&i| view.rows[i].action.width())
        .max()
        .unwrap_or(0);
    // The keys' column: as wide as the widest keys shown, at most 24 (16 when narrow).
    let keys_width = shown
        .iter()
        .map(|&i| view.rows[i].keys.width())
        .max()
        .unwrap_or(0)
        .min(if inner_width < 90 { 16 } else { 24 });
    let mut lines: Vec<Line<'static>> = Vec::new();
    lines.push(Line::from(vec![
        Span::styled("Filter: ", palette.dim),
        Span::raw(visible_line(&view.filter)),
        Span::styled(
            if view.filter.is_empty() {
                "(/ to filter)"
            } else {
                ""
            },
            palette.dim,
        ),
    ]));
    let mut selected_line = None;
    let mut table: Option<&str> = None;
    for (at, &i) in shown.iter().enumerate() {
        let row = &view.rows[i];
        if table != Some(row.table) {
            table = Some(row.table);
            let heading = match row.table {
                "" => format!("{} [keys]", row.title),
                name => format!("{} [keys.{name}]", row.title),
            };
            lines.push(Line::from(Span::styled(heading, palette.heading)));
        }
        let is_selected = selected == Some(at);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let from_file = keymap.binding(row.table, row.action).is_some();
        let source = if from_file { "config file" } else { "default" };
        let keys = cut(&row.keys, keys_width);
        let pad = " ".repeat(keys_width.saturating_sub(keys.width()));
        let room = inner_width.saturating_sub(2 + name_width + 2 + keys_width + 2 + 12);
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(format!("{:<name_width$}  ", row.action), palette.identity),
            Span::raw(format!("{keys}{pad}  ")),
            Span::styled(
                format!("{source:<11} "),
                if from_file {
                    palette.success
                } else {
                    palette.dim
                },
            ),
            Span::styled(cut(&row.help, room.max(8)), palette.dim),
        ]);
        lines.push(menu_row(line, is_selected, palette));
    }
    if shown.is_empty() {
        lines.push(Line::from(Span::styled(
            "No action matches the filter.",
            palette.dim,
        )));
    }
    lines.push(Line::default());
    let said = match (view.waiting_for(), &view.said) {
        (Some(row), _) => Some((
            format!("Press the new key for {}… Esc cancels", row.action),
            palette.warning,
        )),
        (None, Some((ok, said))) => Some((
            visible_line(said),
            if *ok { palette.success } else { palette.error },
        )),
        (None, None) => None,
    };
    if let Some((text, style)) = said {
        say(&mut lines, text, style, 0, inner_width);
    }
    let footer = footer(
        "Enter new key · d reset · / filter · Esc closes",
        palette.dim,
    );
    ListBox {
        title: "Keymap".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for KeymapView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
