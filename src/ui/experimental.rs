//! `/experimental`: a box over the transcript listing codex's beta features as a checklist —
//! `[x]` when on, the name, the stage, and what it does on the line under it. Names and
//! descriptions come from the server: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, say};
use crate::app::layers::experimental::ExperimentalView;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &ExperimentalView,
    session: &Session,
    palette: &Palette,
) {
    let features = &session.plugins.features;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let status = match (&features.error, features.loading, features.loaded) {
        (Some(e), _, _) => Some((
            format!("Could not list the experimental features: {}", visible_line(e)),
            palette.error,
        )),
        (None, true, false) => Some(("Reading codex's features…".into(), palette.dim)),
        (None, false, true) if features.list.is_empty() => {
            Some(("codex offers no beta features.".into(), palette.dim))
        }
        _ => Some((
            "Checked features are on in codex's config.toml. Some take effect only in a new thread or after codex restarts.".into(),
            palette.dim,
        )),
    };
    if let Some((text, style)) = status {
        say(&mut lines, text, style, 0, inner_width);
    }
    let selected = view.selected.index(features.list.len());
    let mut selected_line = None;
    for (i, feature) in features.list.iter().enumerate() {
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let name = visible_line(feature.display_name.as_deref().unwrap_or(&feature.name));
        let checked = view.checked(feature);
        let mark = if checked { "[x] " } else { "[ ] " };
        let stage = format!("  {}", cut(&visible_line(&feature.stage), 12));
        let room = inner_width.saturating_sub(2 + mark.len() + stage.len());
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(
                mark,
                if checked {
                    palette.success
                } else {
                    palette.dim
                },
            ),
            Span::styled(cut(&name, room), Style::default()),
            Span::styled(stage, palette.dim),
        ]);
        lines.push(menu_row(line, is_selected, palette));
        let description = feature.description.as_deref().unwrap_or_default();
        let key = format!("{} · ", visible_line(&feature.name));
        lines.push(Line::from(Span::styled(
            format!(
                "      {}",
                cut(
                    &format!("{key}{}", visible_line(description)),
                    inner_width.saturating_sub(6)
                )
            ),
            palette.dim,
        )));
    }
    let footer = footer(
        "Space checks · Enter saves in codex's config.toml · Esc cancels",
        palette.dim,
    );
    ListBox {
        title: "Experimental features".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 70, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for ExperimentalView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
