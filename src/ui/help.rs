//! The help overlay: each layer's keys, the one on top first.

use crate::app::geometry::popup;
use crate::app::layers::Help;
use crate::render::fit::{cells, window};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Padding, Paragraph};
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, within: Rect, help: &Help) {
    let key_column = help
        .sections
        .iter()
        .flat_map(|(_, hints)| hints)
        .map(|hint| unicode_width::UnicodeWidthStr::width(hint.keys.as_str()) + 2)
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (i, (title, hints)) in help.sections.iter().enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        lines.push(Line::from(title.clone().bold()));
        for hint in hints {
            let pad = key_column
                .saturating_sub(unicode_width::UnicodeWidthStr::width(hint.keys.as_str()));
            lines.push(Line::from(vec![
                Span::styled(format!("  {}", hint.keys), Style::default().fg(Color::Cyan)),
                Span::raw(" ".repeat(pad.max(1))),
                Span::raw(hint.action.clone()),
            ]));
        }
    }
    let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
    let area = popup(
        within,
        widest.saturating_add(4),
        cells(lines.len()).saturating_add(2),
    );
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::Cyan))
        .padding(Padding::horizontal(1))
        .title(" Keys ".cyan().bold())
        .title_bottom(" Esc closes ".dark_gray());
    let inner = block.inner(area);
    let rows = usize::from(inner.height);
    let last_offset = lines.len().saturating_sub(rows);
    let shown = window(&lines, help.offset.min(last_offset), rows).to_vec();
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(shown), inner);
}
