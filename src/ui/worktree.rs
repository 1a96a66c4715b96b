//! `/worktree`: the three choices, or the worktrees of codex's pool for this repository (each
//! with its branch, or "detached" and its commit, and its folder). Paths and branch names come
//! from the disk: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::layers::worktree::{WorktreeView, MENU};
use crate::session::state::worktree::WorktreeList;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &WorktreeView,
    session: &Session,
    palette: &Palette,
) {
    let room = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    // The rows (name, what), or the one line saying why there are none.
    let rows: Vec<(String, String)> = if !view.browsing {
        MENU.iter()
            .map(|(name, what)| ((*name).to_string(), (*what).to_string()))
            .collect()
    } else {
        let said = |text: String, style| Line::from(Span::styled(cut(&text, room), style));
        match &session.worktrees {
            WorktreeList::Unread | WorktreeList::Reading => {
                lines.push(said("Reading the worktrees…".into(), palette.dim));
                vec![]
            }
            WorktreeList::Failed(why) => {
                let text = format!("Could not list the worktrees: {}", sanitize_line(why));
                lines.push(said(text, palette.error));
                vec![]
            }
            WorktreeList::Read(list) if list.is_empty() => {
                let text = "No worktrees in this repository's pool yet.".to_string();
                lines.push(said(text, palette.dim));
                vec![]
            }
            WorktreeList::Read(list) => list
                .iter()
                .map(|w| {
                    let name = match &w.branch {
                        Some(branch) => sanitize_line(branch),
                        None => format!("detached {}", sanitize_line(&w.head)),
                    };
                    (cut(&name, room / 2), sanitize_line(&w.path))
                })
                .collect(),
        }
    };
    let name_width = rows.iter().map(|(n, _)| n.width()).max().unwrap_or(0);
    let mut selected_line = None;
    for (at, (name, what)) in rows.iter().enumerate() {
        let selected = view.selected.index(rows.len()) == Some(at);
        if selected {
            selected_line = Some(lines.len());
        }
        let pad = " ".repeat(name_width - name.width());
        let what = cut(what, room.saturating_sub(name_width + 4));
        let line = Line::from(vec![
            Span::raw(pointer(selected)),
            Span::styled(format!("{name}{pad}  "), palette.accent),
            Span::styled(what, palette.dim),
        ]);
        lines.push(menu_row(line, selected, palette));
    }
    let footer = if view.browsing {
        " Enter starts a conversation there · Esc closes "
    } else {
        " Enter selects · Esc closes "
    };
    ListBox {
        title: if view.browsing {
            "Managed worktrees"
        } else {
            "Worktrees"
        }
        .into(),
        footer: Some(Line::from(Span::styled(footer, palette.dim))),
        width: ListBox::fitting(&lines, 50, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for WorktreeView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
