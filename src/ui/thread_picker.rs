//! The resume picker, full screen: a title row with the listing's filters, the filter (or
//! rename, or question) row, then one row per thread — when, what, where, which branch — and,
//! on a wide screen, the selected thread's details on the right. Row texts were sanitized when
//! the rows were made (`ThreadRow::from_thread`); the query is sanitized here.

use super::chrome::row_style;
use crate::app::layers::thread_picker::{Pending, SortBy, ThreadPicker};
use crate::model::thread_list::{relative_time, short_path, ThreadRow};
use crate::text::graphemes::clusters;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Columns of the time: "yesterday", "12 min ago", "2026-11-30".
const TIME_WIDTH: usize = 11;
/// Screens at least this wide show the details pane.
const PANE_FROM: u16 = 110;

/// `now_unix` is the wall clock now, when known (relative times need it).
pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    picker: &ThreadPicker,
    now_unix: Option<i64>,
    palette: &Palette,
) {
    frame.render_widget(Clear, area);
    if area.height < 3 {
        return;
    }
    let rows = picker.visible();
    frame.render_widget(
        Paragraph::new(title_line(picker, rows.len(), palette)),
        Rect::new(area.x, area.y, area.width, 1),
    );
    frame.render_widget(
        Paragraph::new(input_line(picker, palette)),
        Rect::new(area.x, area.y + 1, area.width, 1),
    );
    let body = Rect::new(area.x, area.y + 2, area.width, area.height - 2);
    let (list, pane) = if area.width >= PANE_FROM {
        let list_width = area.width * 3 / 5;
        (
            Rect::new(body.x, body.y, list_width, body.height),
            Some(Rect::new(
                body.x + list_width,
                body.y,
                body.width - list_width,
                body.height,
            )),
        )
    } else {
        (body, None)
    };
    if rows.is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(empty_text(picker), palette.dim))
                .wrap(Wrap { trim: false }),
            Rect::new(
                list.x + 2,
                list.y + 1.min(list.height),
                list.width.saturating_sub(4),
                list.height.saturating_sub(1),
            ),
        );
    } else {
        let height = list.height as usize;
        let offset = picker.selected.first_shown(height, rows.len());
        let lines: Vec<Line<'static>> = rows
            .iter()
            .enumerate()
            .skip(offset)
            .take(height)
            .map(|(i, row)| {
                let selected = picker.selected.index(rows.len()) == Some(i);
                row_line(picker, row, selected, list.width, now_unix, palette)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list);
    }
    if let (Some(pane), Some(row)) = (pane, picker.selected_row()) {
        draw_details(frame, pane, picker, row, now_unix, palette);
    }
}

fn title_line(picker: &ThreadPicker, count: usize, palette: &Palette) -> Line<'static> {
    let place = if picker.all_dirs {
        "all directories".to_string()
    } else {
        short_path(&visible_line(&picker.cwd), picker.home.as_deref())
    };
    let mut spans = vec![
        Span::styled(
            if picker.archived {
                " Archived threads "
            } else {
                " Resume a thread "
            },
            palette.badge.bold(),
        ),
        Span::raw(format!(" {place} · ")),
        Span::styled(
            match picker.sort {
                SortBy::Updated => "by last update",
                SortBy::Created => "by creation",
            },
            palette.dim,
        ),
    ];
    let more = if picker.next_cursor.is_some() && picker.query.is_empty() {
        "+"
    } else {
        ""
    };
    spans.push(Span::styled(format!(" · {count}{more} shown"), palette.dim));
    if picker.loading || picker.searching {
        spans.push(Span::styled(" · loading…", palette.warning));
    }
    Line::from(spans)
}

fn input_line(picker: &ThreadPicker, palette: &Palette) -> Line<'static> {
    let title = picker
        .selected_row()
        .map(|row| row.title().to_string())
        .unwrap_or_default();
    if let Some(name) = &picker.renaming {
        let mut spans = vec![
            " New name: ".bold(),
            Span::raw(visible_line(name)),
            Span::styled("▏", palette.accent),
        ];
        if let Some(message) = &picker.message {
            spans.push(Span::styled(
                format!("  {}", visible_line(message)),
                palette.error,
            ));
        }
        return Line::from(spans);
    }
    if let Some(pending) = picker.confirm {
        let verb = match pending {
            Pending::Fork => "Fork",
            Pending::Archive if picker.archived => "Unarchive",
            Pending::Archive => "Archive",
            Pending::Delete => "Delete",
        };
        // A delete names what is lost.
        let lost = if pending == Pending::Delete {
            " Its conversation and saved history are lost for good."
        } else {
            ""
        };
        let question = format!(" {verb} “{title}”?{lost} y/Enter: yes, any other key: no");
        return Line::from(Span::styled(question, palette.warning));
    }
    if let Some(opening) = &picker.opening {
        return Line::from(Span::styled(
            format!(" Opening {opening}…"),
            palette.warning,
        ));
    }
    if let Some(message) = &picker.message {
        let style = if message.starts_with("Could not") || message.contains("failed") {
            palette.error
        } else {
            palette.success
        };
        return Line::from(Span::styled(format!(" {}", visible_line(message)), style));
    }
    if picker.query.is_empty() {
        return Line::from(Span::styled(" Type to filter", palette.dim));
    }
    Line::from(vec![
        " Filter: ".bold(),
        Span::raw(visible_line(&picker.query)),
        Span::styled("▏", palette.accent),
    ])
}

fn empty_text(picker: &ThreadPicker) -> String {
    if !picker.answered {
        return "Loading threads…".into();
    }
    if !picker.query.is_empty() {
        return if picker.searching {
            "No loaded thread matches; asking codex…".into()
        } else {
            format!(
                "No thread matches “{}”. Esc clears the filter.",
                visible_line(&picker.query)
            )
        };
    }
    match (picker.archived, picker.all_dirs) {
        (true, _) => "No archived threads. Ctrl+T lists the live ones.".into(),
        (false, false) => {
            "No threads in this directory yet. Tab lists all directories; Esc starts a new thread."
                .into()
        }
        (false, true) => "No threads yet. Esc starts a new one.".into(),
    }
}

fn when(picker: &ThreadPicker, row: &ThreadRow, now_unix: Option<i64>) -> String {
    let at = match picker.sort {
        SortBy::Updated => row.updated_at.or(row.created_at),
        SortBy::Created => row.created_at,
    };
    match (at, now_unix) {
        (Some(at), Some(now)) => relative_time(now, at),
        (Some(at), None) => relative_time(at, at),
        _ => String::new(),
    }
}

fn row_line(
    picker: &ThreadPicker,
    row: &ThreadRow,
    selected: bool,
    width: u16,
    now_unix: Option<i64>,
    palette: &Palette,
) -> Line<'static> {
    let width = width as usize;
    let marker = if selected { "› " } else { "  " };
    let time = fit(&when(picker, row, now_unix), TIME_WIDTH - 1);
    let mut tail: Vec<Span<'static>> = Vec::new();
    let mut tail_width = 0;
    if picker.all_dirs && width >= 60 {
        let cwd = left_fit(&short_path(&row.cwd, picker.home.as_deref()), width / 4);
        tail_width += cwd.width() + 1;
        tail.push(Span::styled(format!(" {cwd}"), palette.dim));
    }
    if crate::session::worktree::in_pool(&row.cwd, picker.codex_home.as_deref()) {
        tail_width += " worktree".len();
        tail.push(Span::styled(" worktree", palette.identity));
    }
    if let Some(branch) = &row.branch {
        let branch = fit(branch, 16);
        tail_width += branch.width() + 1;
        tail.push(Span::styled(format!(" {branch}"), palette.identity));
    }
    if row.active {
        tail_width += 8;
        tail.push(Span::styled(" running", palette.success));
    } else if row.live {
        // Open in a window right now (a shared service): opening it here follows it live.
        tail_width += 5;
        tail.push(Span::styled(" live", palette.accent));
    }
    let title_width = width.saturating_sub(2 + TIME_WIDTH + tail_width + 1);
    let title = fit(row.title(), title_width);
    let pad = title_width.saturating_sub(title.width());
    let mut spans = vec![
        Span::raw(marker),
        Span::styled(format!("{time:<w$}", w = TIME_WIDTH), palette.dim),
        if row.name.is_some() {
            Span::raw(title).bold()
        } else {
            Span::raw(title)
        },
        Span::raw(" ".repeat(pad + 1)),
    ];
    spans.extend(tail);
    Line::from(spans).style(row_style(selected, palette))
}

fn draw_details(
    frame: &mut Frame<'_>,
    pane: Rect,
    picker: &ThreadPicker,
    row: &ThreadRow,
    now_unix: Option<i64>,
    palette: &Palette,
) {
    let block = Block::default()
        .borders(Borders::LEFT)
        .border_style(palette.border);
    let inner = block.inner(pane);
    frame.render_widget(block, pane);
    let time = |at: Option<i64>| match (at, now_unix) {
        (Some(at), Some(now)) => relative_time(now, at),
        (Some(at), None) => relative_time(at, at),
        _ => "unknown".into(),
    };
    let mut lines = vec![
        Line::from(Span::raw(row.title().to_string()).bold()),
        Line::from(""),
        Line::from(vec![
            Span::styled("id      ", palette.dim),
            Span::raw(row.id.clone()),
        ]),
        Line::from(vec![
            Span::styled(
                if crate::session::worktree::in_pool(&row.cwd, picker.codex_home.as_deref()) {
                    "worktree "
                } else {
                    "dir     "
                },
                palette.dim,
            ),
            Span::raw(short_path(&row.cwd, picker.home.as_deref())),
        ]),
    ];
    if let Some(branch) = &row.branch {
        lines.push(Line::from(vec![
            Span::styled("branch  ", palette.dim),
            Span::styled(branch.clone(), palette.identity),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled("updated ", palette.dim),
        Span::raw(time(row.updated_at)),
        Span::styled(" · created ", palette.dim),
        Span::raw(time(row.created_at)),
    ]));
    if row.name.is_some() && !row.preview.is_empty() {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled("first message", palette.dim)));
        lines.push(Line::from(row.preview.clone()));
    }
    match picker.exchanges.get(&row.id) {
        Some(Some(exchange)) => {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled("last exchange", palette.dim)));
            if !exchange.question.is_empty() {
                lines.push(Line::from(vec![
                    Span::styled("› ", palette.user),
                    Span::raw(exchange.question.clone()),
                ]));
            }
            if !exchange.answer.is_empty() {
                lines.push(Line::from(vec![
                    Span::styled("• ", palette.dim),
                    Span::raw(exchange.answer.clone()),
                ]));
            }
        }
        Some(None) => {}
        None => {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled("last exchange…", palette.dim)));
        }
    }
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }),
        Rect::new(
            inner.x + 1,
            inner.y,
            inner.width.saturating_sub(1),
            inner.height,
        ),
    );
}

/// `text` cut to `width` columns, with `…` when cut.
fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for (g, w) in clusters(text) {
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push_str(g);
    }
    if width > 0 {
        out.push('…');
    }
    out
}

/// `text` cut from the left to `width` columns: the end of a path says most.
fn left_fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut kept: Vec<&str> = Vec::new();
    let mut used = 0;
    let all: Vec<(&str, usize)> = clusters(text).collect();
    for &(g, w) in all.iter().rev() {
        if used + w + 1 > width {
            break;
        }
        used += w;
        kept.push(g);
    }
    let mut out = String::from("…");
    out.extend(kept.into_iter().rev());
    out
}

impl super::draw::Draw for ThreadPicker {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let now_unix = cx
            .session
            .config
            .wall_clock
            .map(|clock| clock.unix_at(cx.now));
        draw(frame, cx.areas.main, self, now_unix, cx.palette);
    }
}
