//! The board's details pane: the selected thread's name, state, server, folder, model,
//! tokens, the agent's last message (wrapped, a few rows at most), the agents under it and the
//! questions it waits on (`session::board_details`). Every text is the server's or the
//! model's: sanitised here, cut to the pane.

use super::chrome::{draw_popup, popup_box, title};
use super::list::cut;
use crate::render::numbers;
use crate::render::wrap::wrap_spans;
use crate::session::board_details::BoardDetails;
use crate::text::sanitize::{sanitize_line, sanitize_text};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Rows of the agent's last message shown at most.
const MESSAGE_ROWS: usize = 6;
/// The width of a fact's name (`folder  `).
const LABEL: usize = 8;
/// The most of an agent's name a row or the pane shows.
const AGENT_NAME_WIDTH: usize = 12;

/// The pane's lines for `details`, `width` columns wide (inside its edges).
pub(super) fn lines(details: &BoardDetails, width: usize, palette: &Palette) -> Vec<Line<'static>> {
    let room = width.saturating_sub(LABEL).max(8);
    let mut out = vec![Line::from(Span::styled(
        cut(&sanitize_line(&details.label), width.max(8)),
        palette.accent,
    ))];
    let mut fact = |name: &str, value: String| {
        out.push(Line::from(vec![
            Span::styled(format!("{name:<LABEL$}"), palette.dim),
            Span::raw(cut(&sanitize_line(&value), room)),
        ]));
    };
    fact("state", details.state.words().to_string());
    if let Some(server) = &details.server {
        fact("server", server.clone());
    }
    fact("folder", details.cwd.clone().unwrap_or_else(unknown));
    fact("model", details.model.clone().unwrap_or_else(unknown));
    fact(
        "tokens",
        details
            .tokens
            .map(|t| numbers::tokens(t).to_string())
            .unwrap_or_else(unknown),
    );
    let (agents, names) = &details.agents;
    if *agents > 0 {
        fact("under", agents_fact(*agents, names));
    }
    let (asked, asks) = &details.questions;
    if *asked > 0 {
        out.push(Line::from(Span::styled(
            format!("waits for you: {asked}"),
            palette.attention,
        )));
        for ask in asks {
            out.push(Line::from(format!(
                "  asks to {}",
                cut(&sanitize_line(ask), width.saturating_sub(10).max(8))
            )));
        }
    }
    if let Some(message) = &details.last_message {
        out.push(Line::from(Span::styled("last message", palette.dim)));
        out.extend(message_rows(message, width));
    }
    out
}

fn unknown() -> String {
    "not known".to_string()
}

/// "2 agents: Bohr, Carson", "5 agents: Bohr, Carson, Kant +2": the count, the first names
/// (sanitised, cut), and how many more: the board's row and its details pane say the same.
pub(super) fn agents_fact(count: usize, names: &[String]) -> String {
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

/// The message's first rows, sanitised and wrapped to the pane; the last says when more
/// follow.
fn message_rows(message: &str, width: usize) -> Vec<Line<'static>> {
    let indent = [Span::raw("  ")];
    let all: Vec<Line<'static>> = sanitize_text(message)
        .into_iter()
        .map(|line| line.trim_end().to_string())
        .filter(|line| !line.is_empty())
        .flat_map(|line| wrap_spans(&[Span::raw(line)], width.max(10), &indent, &indent))
        .collect();
    let more = all.len().saturating_sub(MESSAGE_ROWS);
    let mut rows: Vec<Line<'static>> = all.into_iter().take(MESSAGE_ROWS).collect();
    if more > 0 {
        let noun = if more == 1 { "row" } else { "rows" };
        rows.push(Line::from(format!("  … {more} more {noun}")));
    }
    rows
}

/// The pane, in exactly `area`.
pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    lines: Vec<Line<'static>>,
    palette: &Palette,
) {
    let border = palette.border;
    let block = popup_box(title(" Details ", border), border);
    let inner = draw_popup(frame, area, block);
    frame.render_widget(Paragraph::new(lines), inner);
}
