//! The @-mention finder: a list of matching files just above the composer, the letters that
//! matched in bold. Paths come from the server and pass through `sanitize_line`.

use super::chrome::{draw_popup, popup_box, row_style, title};
use crate::app::layers::FileFinder;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// `above`: the area the list sits at the bottom of (the transcript's).
pub fn draw(frame: &mut Frame<'_>, above: Rect, finder: &FileFinder, palette: &Palette) {
    let height = (finder.rows() as u16 + 2).min(above.height);
    if height < 3 {
        return;
    }
    let area = Rect::new(above.x, above.bottom() - height, above.width, height);
    let status = if finder.searching {
        " searching… "
    } else {
        ""
    };
    let border = palette.border_focused;
    let heading = Line::from(vec![
        title(" @ ", border),
        Span::raw(sanitize_line(&finder.query)),
        " ".into(),
    ]);
    let block = popup_box(heading, border)
        .title_bottom(Line::from(Span::styled(status, palette.dim)).right_aligned());
    let inner = draw_popup(frame, area, block);
    let lines: Vec<Line<'static>> = if let Some(error) = &finder.error {
        vec![Line::from(Span::styled(
            format!("file search failed: {}", sanitize_line(error)),
            palette.error,
        ))]
    } else if finder.matches.is_empty() {
        let text = if finder.query.is_empty() {
            "type to search the files of this directory"
        } else if finder.searching {
            "searching…"
        } else {
            "no files match"
        };
        vec![Line::from(Span::styled(text, palette.dim))]
    } else {
        let visible = inner.height as usize;
        let start = (finder.selected + 1).saturating_sub(visible);
        finder
            .visible()
            .enumerate()
            .skip(start)
            .take(visible)
            .map(|(i, m)| {
                let indices = m.indices.as_deref().unwrap_or(&[]);
                path_line(&m.path, indices, i == finder.selected, palette)
            })
            .collect()
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The path with the matched characters in bold; the selected row reversed.
fn path_line(path: &str, indices: &[usize], selected: bool, palette: &Palette) -> Line<'static> {
    let base = row_style(selected, palette);
    let mut spans = vec![Span::styled(if selected { "› " } else { "  " }, base)];
    for (i, c) in path.chars().enumerate() {
        let shown = sanitize_line(&c.to_string());
        let style = if indices.contains(&i) {
            base.add_modifier(Modifier::BOLD).patch(palette.accent)
        } else {
            base
        };
        spans.push(Span::styled(shown, style));
    }
    Line::from(spans)
}
