//! The full-screen diff: a title row, the file list on the left, the diff on the right. Only
//! the rows on screen are painted.

use super::chrome::row_style;
use crate::app::layers::diff::{pager_areas, DiffContent, DiffPager};
use crate::render::diff::colour::{counts, status_letter};
use crate::render::diff::DiffDocument;
use crate::text::graphemes::clusters;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, pager: &DiffPager, palette: &Palette) {
    frame.render_widget(Clear, area);
    let areas = pager_areas(area);
    let mode = pager.mode(area.width);
    let mut title = vec![
        Span::styled(" Diff ", palette.badge.bold()),
        Span::raw(" "),
        sanitize_line(&pager.title()).bold(),
    ];
    let mut position = String::new();
    match &pager.content {
        DiffContent::Ready(doc) => {
            let files = doc.files();
            let added = files.iter().map(|f| f.added).sum();
            let removed = files.iter().map(|f| f.removed).sum();
            let plural = if files.len() == 1 { "" } else { "s" };
            title.push(Span::raw(format!(" · {} file{plural} ", files.len())));
            title.extend(counts(added, removed, palette));
            if pager.truncated {
                title.push(Span::styled(" · cut at the size limit", palette.warning));
            }
            let total = doc.total_rows(areas.body.width, mode);
            let top = pager.top(areas.body, area.width);
            let shown = (top + areas.body.height as usize).min(total);
            let percent = shown.saturating_mul(100).checked_div(total).unwrap_or(100);
            position = format!(
                "file {}/{} · {percent}% ",
                pager.current_file(areas.body, area.width) + 1,
                files.len()
            );
            let current = pager.current_file(areas.body, area.width);
            draw_list(frame, areas.list, doc, current, palette);
            let lines = doc.lines(areas.body.width, mode, top, areas.body.height as usize);
            frame.render_widget(Paragraph::new(lines), areas.body);
            if let Some(copy) = &pager.copy {
                // Where the position goes: what copy mode holds matters more than where.
                position = format!(" {} ", copy.status());
                mark_copy_rows(frame, areas.body, copy, top, total, palette);
            }
        }
        DiffContent::Loading => message(frame, areas.body, "Reading git diff…".dim()),
        DiffContent::Empty(text) => message(frame, areas.body, sanitize_line(text).dim()),
        DiffContent::Failed(text) => {
            let text = Span::styled(sanitize_line(text), palette.error);
            message(frame, areas.body, text)
        }
    }
    frame.render_widget(Paragraph::new(Line::from(title)), areas.title);
    let width = crate::render::fit::cells(position.width());
    if width < areas.title.width {
        let at = Rect::new(
            areas.title.right() - width,
            areas.title.y,
            width,
            areas.title.height,
        );
        let style = match pager.copy {
            Some(_) => {
                // Over the title, none of its colours showing through.
                frame.render_widget(Clear, at);
                palette.selected
            }
            None => palette.dim,
        };
        frame.render_widget(Paragraph::new(Span::styled(position, style)), at);
    }
}

/// Copy mode's cursor row and the rows it selected, in the selection's colours.
fn mark_copy_rows(
    frame: &mut Frame<'_>,
    body: Rect,
    copy: &crate::app::layers::diff_copy::DiffCopy,
    top: usize,
    total: usize,
    palette: &Palette,
) {
    for (y, row) in (body.y..body.bottom()).zip(top..total) {
        if copy.covers(row) {
            let line = Rect::new(body.x, y, body.width, 1);
            frame.buffer_mut().set_style(line, palette.selected);
        }
    }
}

fn message(frame: &mut Frame<'_>, body: Rect, text: Span<'static>) {
    let inner = Rect::new(
        body.x + 2,
        body.y + 1.min(body.height),
        body.width.saturating_sub(4),
        body.height.saturating_sub(1),
    );
    frame.render_widget(
        Paragraph::new(Line::from(text)).wrap(Wrap { trim: false }),
        inner,
    );
}

/// One row per file, the current one marked, scrolled so it is in view.
fn draw_list(
    frame: &mut Frame<'_>,
    list: Rect,
    doc: &DiffDocument,
    current: usize,
    palette: &Palette,
) {
    if list.width < 3 || list.height == 0 {
        return;
    }
    let width = usize::from(list.width).saturating_sub(2);
    let height = list.height as usize;
    let first = current.saturating_sub(height.saturating_sub(1));
    let lines: Vec<Line<'static>> = doc
        .files()
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, file)| {
            let name = sanitize_line(file.moved_to.as_deref().unwrap_or(&file.path));
            let name = left_cut(&name, width.saturating_sub(2));
            let pad = width.saturating_sub(2 + name.width());
            let spans = vec![
                status_letter(file.status, palette),
                Span::raw(" "),
                Span::raw(name + &" ".repeat(pad)),
            ];
            Line::from(spans).style(row_style(i == current, palette))
        })
        .collect();
    let inner = Rect::new(list.x + 1, list.y, list.width - 2, list.height);
    frame.render_widget(Paragraph::new(lines), inner);
    let rule: Vec<Line<'static>> = (0..height)
        .map(|_| Line::from(Span::styled("│", palette.border)))
        .collect();
    frame.render_widget(
        Paragraph::new(rule),
        Rect::new(list.right() - 1, list.y, 1, list.height),
    );
}

/// The end of a path that fits in `width` columns, `…` in front when cut: the file name is
/// what tells files apart.
fn left_cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut kept: Vec<&str> = Vec::new();
    let mut used = 1;
    let all: Vec<(&str, usize)> = clusters(text).collect();
    for &(g, w) in all.iter().rev() {
        if used + w > width {
            break;
        }
        used += w;
        kept.push(g);
    }
    std::iter::once("…").chain(kept.into_iter().rev()).collect()
}

impl super::draw::Draw for crate::app::layers::DiffPager {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
