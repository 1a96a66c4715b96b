//! The board (`/threads`): a box over the transcript, one row per thread loaded on the server
//! — where it stands, its name, what it is doing, its tokens, its agents — the selected one
//! highlighted, the filters counted on its top row — and the selected thread's details beside
//! it (at [`WIDE`] columns and more) or under it. Names and activities come from the server
//! and the model: sanitised.

use super::board_details::agents_fact;
use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::geometry::popup;
use crate::app::layers::BoardView;
use crate::render::numbers;
use crate::session::board::{rows, BoardRow, ThreadState};
use crate::session::board_details::details;
use crate::session::board_filter::counts;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The most of a thread's name a row shows.
const NAME_WIDTH: usize = 28;
/// The widest the box's inside gets.
const MAX_WIDTH: u16 = 110;
/// The most of an agent's name a row shows.
/// From this many columns the details stand beside the list; below, under it.
pub(crate) const WIDE: u16 = 100;
/// The details pane's width beside the list, edges included: a third of the screen, within
/// these bounds.
const DETAILS_WIDTH: (u16, u16) = (32, 48);
/// The details pane's height under the list at least (when the screen has it), edges included.
const DETAILS_BELOW_AT_LEAST: u16 = 6;

impl super::draw::Draw for BoardView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let session = cx.session;
        let palette = cx.palette;
        let main = cx.areas.main;
        let all = rows(session);
        let counted = counts(&all);
        let rows = self.filter.keep(all);
        let selected = self.selected.index(rows.len());
        let wide = main.width >= WIDE;
        let beside = if wide {
            (main.width / 3).clamp(DETAILS_WIDTH.0, DETAILS_WIDTH.1)
        } else {
            0
        };
        let inner = usize::from(main.width.saturating_sub(6 + beside).min(MAX_WIDTH));
        let mut lines: Vec<Line<'static>> = vec![filters_line(&counted, self, palette)];
        let board = &session.board;
        if board.listing {
            lines.push(Line::from(Span::styled("Asking the server…", palette.dim)));
        }
        if let Some(error) = &board.error {
            lines.push(Line::from(Span::styled(
                format!(
                    "The server could not list its threads: {}",
                    sanitize_line(error)
                ),
                palette.error,
            )));
        }
        if rows.is_empty() && !board.listing {
            let none = if counted.first().is_some_and(|(_, n)| *n > 0) {
                "No thread under this filter (f: the next)."
            } else {
                "No thread is loaded."
            };
            lines.push(Line::from(Span::styled(none, palette.dim)));
        }
        let first_row = lines.len();
        lines.extend(row_lines(&rows, selected, inner, palette));
        if board.cut {
            lines.push(Line::from(Span::styled(
                "More threads are loaded than the board lists.",
                palette.dim,
            )));
        }
        let mut list = ListBox {
            title: format!(
                "Threads on the server: {}",
                counted.first().map_or(0, |c| c.1)
            ),
            footer: Some(Line::from(Span::styled(
                " Enter opens · Tab next waiting · f filter · Esc ",
                palette.dim,
            ))),
            width: 0,
            selected_line: selected.map(|at| first_row + at),
            lines,
        };
        list.width = ListBox::fitting(&list.lines, 60, MAX_WIDTH + 2)
            .min(main.width.saturating_sub(4 + beside).max(20));
        let Some(at) = selected else {
            list.draw(frame, main, palette);
            return;
        };
        let facts = details(session, &rows[at].key);
        if wide {
            let detail_lines =
                super::board_details::lines(&facts, usize::from(beside - 2), palette);
            let detail_height = u16::try_from(detail_lines.len()).unwrap_or(u16::MAX) + 2;
            let outer = popup(main, list.width + beside, list.height().max(detail_height));
            let list_width = outer.width.saturating_sub(beside);
            let left = Rect::new(
                outer.x,
                outer.y,
                list_width,
                list.height().min(outer.height),
            );
            let right = Rect::new(
                outer.x + list_width,
                outer.y,
                outer.width - list_width,
                detail_height.min(outer.height),
            );
            list.draw_at(frame, left, palette);
            super::board_details::draw(frame, right, detail_lines, palette);
        } else {
            let outer_width = popup(main, list.width, 1).width;
            let detail_lines = super::board_details::lines(
                &facts,
                usize::from(outer_width.saturating_sub(2)),
                palette,
            );
            let detail_height = u16::try_from(detail_lines.len()).unwrap_or(u16::MAX) + 2;
            let outer = popup(main, list.width, list.height() + detail_height);
            // The list keeps its height while the details keep at least a few rows.
            let top_height = list.height().min(
                outer
                    .height
                    .saturating_sub(DETAILS_BELOW_AT_LEAST)
                    .max(outer.height / 2),
            );
            let top = Rect::new(outer.x, outer.y, outer.width, top_height);
            let bottom = Rect::new(
                outer.x,
                outer.y + top_height,
                outer.width,
                outer.height - top_height,
            );
            list.draw_at(frame, top, palette);
            super::board_details::draw(frame, bottom, detail_lines, palette);
        }
    }
}

/// The filters and how many threads each keeps, the one in use marked: "[All 6] · Needs you 2 …".
fn filters_line(
    counted: &[(crate::session::board_filter::BoardFilter, usize)],
    view: &BoardView,
    palette: &Palette,
) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (filter, n)) in counted.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", palette.dim));
        }
        let words = format!("{} {n}", filter.words());
        if *filter == view.filter {
            spans.push(Span::styled(format!("[{words}]"), palette.accent));
        } else {
            spans.push(Span::styled(words, palette.dim));
        }
    }
    Line::from(spans)
}

/// One line per row: pointer, state, name, what it does, its tokens and agents.
fn row_lines(
    rows: &[BoardRow],
    selected: Option<usize>,
    inner: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let names: Vec<String> = rows
        .iter()
        .map(|r| {
            // Cut before "(shown)" is added, so a long name never hides which is shown.
            let name = cut(&sanitize_line(&r.label), NAME_WIDTH);
            if r.shown {
                format!("{name} (shown)")
            } else {
                name
            }
        })
        .collect();
    let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let mut lines = Vec::with_capacity(rows.len());
    for (i, (row, name)) in rows.iter().zip(&names).enumerate() {
        let on = selected == Some(i);
        let style = |s: Style| if on { Style::default() } else { s };
        let state_style = match row.state {
            ThreadState::WaitingForYou => palette.attention,
            ThreadState::Running => palette.working,
            ThreadState::Failed | ThreadState::Unreadable => palette.error,
            ThreadState::Idle
            | ThreadState::NotLoaded
            | ThreadState::Unknown
            | ThreadState::Reading => palette.dim,
        };
        let mut facts = Vec::new();
        if let Some(tokens) = row.tokens {
            facts.push(format!("{} tok", numbers::tokens(tokens)));
        }
        if row.agents > 0 {
            facts.push(agents_fact(row.agents, &row.agent_names));
        }
        let facts = facts.join(" · ");
        let pad = " ".repeat(name_width.saturating_sub(name.width()));
        let used = 2 + 16 + name_width + 2 + facts.width() + 2;
        let activity = cut(
            &sanitize_line(&row.activity),
            inner.saturating_sub(used).max(8),
        );
        let line = Line::from(vec![
            Span::raw(pointer(on)),
            Span::styled(format!("{:<16}", row.state.words()), style(state_style)),
            Span::styled(format!("{name}{pad}  "), style(palette.accent)),
            Span::raw(activity),
            Span::styled(
                if facts.is_empty() {
                    String::new()
                } else {
                    format!("  {facts}")
                },
                style(palette.dim),
            ),
        ]);
        lines.push(menu_row(line, on, palette));
    }
    lines
}
