//! The @-mention finder: a list of matching files just above the composer, the letters that
//! matched in bold. Paths come from the server and pass through `sanitize_line`.

use crate::app::composer::FileFinder;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

/// `above`: the area the list sits at the bottom of (the transcript's).
pub fn draw(frame: &mut Frame<'_>, above: Rect, finder: &FileFinder) {
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
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::Cyan))
        .title(Line::from(vec![
            " @ ".cyan().bold(),
            Span::raw(sanitize_line(&finder.query)),
            " ".into(),
        ]))
        .title_bottom(Line::from(status.dark_gray()).right_aligned());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let lines: Vec<Line<'static>> = if let Some(error) = &finder.error {
        vec![Line::from(
            format!("file search failed: {}", sanitize_line(error)).red(),
        )]
    } else if finder.matches.is_empty() {
        let text = if finder.query.is_empty() {
            "type to search the files of this directory"
        } else if finder.searching {
            "searching…"
        } else {
            "no files match"
        };
        vec![Line::from(text.dark_gray())]
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
                path_line(&m.path, indices, i == finder.selected)
            })
            .collect()
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The path with the matched characters in bold; the selected row reversed.
fn path_line(path: &str, indices: &[usize], selected: bool) -> Line<'static> {
    let base = if selected {
        Style::default().add_modifier(Modifier::REVERSED)
    } else {
        Style::default()
    };
    let mut spans = vec![Span::styled(if selected { "› " } else { "  " }, base)];
    for (i, c) in path.chars().enumerate() {
        let shown = sanitize_line(&c.to_string());
        let style = if indices.contains(&i) {
            base.add_modifier(Modifier::BOLD).fg(Color::Cyan)
        } else {
            base
        };
        spans.push(Span::styled(shown, style));
    }
    Line::from(spans)
}
