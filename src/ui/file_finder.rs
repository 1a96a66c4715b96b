//! The @-mention finder: a list of matching files just above the composer, the letters that
//! matched in bold. Paths come from the server and pass through `sanitize_line`.

use super::chrome::{draw_popup, popup_box, row_style, title};
use crate::controls::composer::FileFinder;
use crate::model::work;
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
        let start = finder.selected.first_shown(visible, finder.matches.len());
        finder
            .visible()
            .enumerate()
            .skip(start)
            .take(visible)
            .map(|(i, m)| {
                let indices = m.indices.as_deref().unwrap_or(&[]);
                let room = usize::from(inner.width);
                let selected = finder.selected.index(finder.matches.len()) == Some(i);
                path_line(&m.path, indices, selected, room, palette)
            })
            .collect()
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The path with the matched characters in bold; the selected row reversed. Only the
/// characters that fit in `room` columns are looked at, and the matched positions once each
/// (sorted, then walked beside the path): the work is linear in what the row shows, whatever
/// the length of the path or of the server's list of positions.
fn path_line(
    path: &str,
    indices: &[usize],
    selected: bool,
    room: usize,
    palette: &Palette,
) -> Line<'static> {
    let base = row_style(selected, palette);
    let bold = base.add_modifier(Modifier::BOLD).patch(palette.accent);
    let mut spans = vec![Span::styled(if selected { "› " } else { "  " }, base)];
    let shown: Vec<char> = path.chars().take(room).collect();
    let mut matched: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|&i| i < shown.len())
        .collect();
    matched.sort_unstable();
    matched.dedup();
    work::step(shown.len() + indices.len());
    let mut next = matched.iter().peekable();
    let mut run = String::new();
    let mut run_bold = false;
    for (i, c) in shown.into_iter().enumerate() {
        let is_bold = next.next_if(|&&m| m == i).is_some();
        if is_bold != run_bold && !run.is_empty() {
            let style = if run_bold { bold } else { base };
            spans.push(Span::styled(
                sanitize_line(&std::mem::take(&mut run)),
                style,
            ));
        }
        run_bold = is_bold;
        run.push(c);
    }
    if !run.is_empty() {
        let style = if run_bold { bold } else { base };
        spans.push(Span::styled(sanitize_line(&run), style));
    }
    Line::from(spans)
}
