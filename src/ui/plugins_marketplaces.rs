//! `/plugins`' lines about the search and the marketplaces: codex's search under way or
//! failed, a marketplace change under way or what it came to, and Ctrl+A's source line. Every
//! text from codex (names, paths, errors) and the source typed are shown with their controls
//! as visible markers, wrapped to the box.

use super::list::cut;
use crate::controls::line_input::LineInput;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

fn wrapped(text: String, style: Style, width: usize) -> Vec<Line<'static>> {
    crate::render::wrap::wrap_spans(&[Span::styled(text, style)], width.max(20), &[], &[])
}

/// Below the search line: the search's and the marketplaces' news.
pub(super) fn news(session: &Session, width: usize, palette: &Palette) -> Vec<Line<'static>> {
    let search = &session.plugins.search;
    let marketplaces = &session.plugins.marketplaces;
    let mut lines = vec![];
    if let Some(e) = &search.error {
        lines.extend(wrapped(
            format!("codex's search failed: {}", visible_line(e)),
            palette.warning,
            width,
        ));
    }
    if let Some(busy) = &marketplaces.busy {
        lines.extend(wrapped(visible_line(busy), palette.dim, width));
    } else if let Some((ok, said)) = &marketplaces.said {
        let style = if *ok {
            palette.success
        } else {
            palette.warning
        };
        lines.extend(wrapped(visible_line(said), style, width));
    }
    lines
}

/// What the search line says after the query while codex searches.
pub(super) fn searching(session: &Session) -> &'static str {
    if session.plugins.search.searching {
        "  searching…"
    } else {
        ""
    }
}

/// Ctrl+A's line: the source typed, and what it may be.
pub(super) fn source(line: &LineInput, width: usize, palette: &Palette) -> Vec<Line<'static>> {
    let label = "Add a marketplace from: ";
    let mut lines = vec![Line::from(vec![
        Span::styled(label, palette.heading),
        Span::raw(cut(
            &visible_line(line.as_str()),
            width.saturating_sub(label.len() + 1),
        )),
        Span::styled("▏", palette.accent),
    ])];
    lines.extend(wrapped(
        "owner/repo (GitHub), a git URL, or a local folder holding \
         .agents/plugins/marketplace.json (./ and ../ start from this folder)."
            .into(),
        palette.dim,
        width,
    ));
    lines.push(Line::default());
    lines
}
