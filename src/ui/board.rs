//! The board (`/threads`): a box over the transcript, one row per thread loaded on the server
//! — where it stands, its name, what it is doing, its tokens, its agents — the selected one
//! highlighted. Names and activities come from the server and the model: sanitised.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::layers::BoardView;
use crate::render::numbers;
use crate::session::board::{rows, ThreadState};
use crate::text::sanitize::sanitize_line;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The most of a thread's name a row shows.
const NAME_WIDTH: usize = 28;
/// The widest the box's inside gets.
const MAX_WIDTH: u16 = 110;
/// The most of an agent's name a row shows.
const AGENT_NAME_WIDTH: usize = 12;

/// "2 agents: Bohr, Carson", "5 agents: Bohr, Carson, Kant +2": the count, the first names
/// (sanitised, cut), and how many more.
fn agents_fact(count: usize, names: &[String]) -> String {
    let noun = if count == 1 { "agent" } else { "agents" };
    let named: Vec<String> = names
        .iter()
        .map(|name| cut(&sanitize_line(name), AGENT_NAME_WIDTH))
        .collect();
    let more = count.saturating_sub(named.len());
    let mut fact = format!("{count} {noun}");
    if !named.is_empty() {
        fact.push_str(&format!(": {}", named.join(", ")));
    }
    if more > 0 && !named.is_empty() {
        fact.push_str(&format!(" +{more}"));
    }
    fact
}

impl super::draw::Draw for BoardView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let session = cx.session;
        let palette = cx.palette;
        let rows = rows(session);
        let inner = usize::from(cx.areas.main.width.saturating_sub(6).min(MAX_WIDTH));
        let mut lines: Vec<Line<'static>> = Vec::new();
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
            lines.push(Line::from(Span::styled(
                "No thread is loaded.",
                palette.dim,
            )));
        }
        let first_row = lines.len();
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
        let selected = self.selected.index(rows.len());
        for (i, (row, name)) in rows.iter().zip(&names).enumerate() {
            let on = selected == Some(i);
            let style = |s: Style| if on { Style::default() } else { s };
            let state_style = match row.state {
                ThreadState::WaitingForYou => palette.attention,
                ThreadState::Running => palette.working,
                ThreadState::Failed => palette.error,
                ThreadState::Idle | ThreadState::NotLoaded | ThreadState::Unknown => palette.dim,
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
        if board.cut {
            lines.push(Line::from(Span::styled(
                "More threads are loaded than the board lists.",
                palette.dim,
            )));
        }
        ListBox {
            title: format!("Threads on the server: {}", rows.len()),
            footer: Some(Line::from(Span::styled(
                " Enter opens · Tab next waiting · r refresh · Esc closes ",
                palette.dim,
            ))),
            width: ListBox::fitting(&lines, 60, MAX_WIDTH + 2),
            selected_line: selected.map(|at| first_row + at),
            lines,
        }
        .draw(frame, cx.areas.main, palette);
    }
}
