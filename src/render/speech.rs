//! Screen-reader mode: a transcript cell as linear text for a screen reader. Each cell opens
//! with its speaker (`you:`, `codex:`, `tool:`), then its text from the same renderers as the
//! screen, with ornaments read as ASCII (`speech_glyphs`); a message's tables become sentences
//! (`speech_table`) and a file change reads as added and removed lines (`speech_diff`).

use super::cells::cell_lines;
use super::markdown::render_markdown;
use super::speech_glyphs::plain;
use super::wrap::wrap_spans;
use crate::model::{CellKind, LayoutKey, NoticeLevel};
use crate::text::sanitize::sanitize_text;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};

/// Who speaks in a cell; `None` for what is tern's own marker (a turn's end).
pub(crate) fn speaker(kind: &CellKind) -> Option<&'static str> {
    Some(match kind {
        CellKind::User { .. } => "you:",
        CellKind::Agent { .. }
        | CellKind::Reasoning { .. }
        | CellKind::Plan { .. }
        | CellKind::ProposedPlan { .. } => "codex:",
        CellKind::Command(_)
        | CellKind::FileChange { .. }
        | CellKind::Tool { .. }
        | CellKind::AgentCall(_)
        | CellKind::Item(_) => "tool:",
        CellKind::Notice { level, .. } => match level {
            NoticeLevel::Info => "note:",
            NoticeLevel::Warning => "warning:",
            NoticeLevel::Error => "error:",
        },
        CellKind::TurnEnd { .. } => return None,
    })
}

/// The cell's lines as a screen reader should read them, `key.width` columns wide.
pub(crate) fn cell_speech(
    kind: &CellKind,
    key: LayoutKey,
    cwd: Option<&str>,
) -> Vec<Line<'static>> {
    let width = key.width.max(10) as usize;
    let mut lines: Vec<Line<'static>> = speaker(kind)
        .map(|who| Line::from(who.bold()))
        .into_iter()
        .collect();
    let body: Vec<Line<'static>> = match kind {
        CellKind::User { text } => sanitize_text(text)
            .into_iter()
            .flat_map(|line| wrap_spans(&[Span::raw(line)], width, &[], &[]))
            .collect(),
        CellKind::Agent { markdown, .. } => {
            let source = super::speech_table::tables_as_sentences(markdown.as_str());
            render_markdown(&source, key.width.max(10), key.theme)
        }
        CellKind::FileChange { changes, .. } => {
            // The status and counts as the screen says them, then each file line by line.
            let mut said: Vec<Line<'static>> = cell_lines(kind, key).into_iter().take(1).collect();
            for change in changes {
                let path = super::diff::relative_path(&change.path, cwd);
                for sentence in super::speech_diff::change_sentences(change, &path) {
                    said.extend(wrap_spans(&[Span::raw(sentence)], width, &[], &[]));
                }
            }
            said
        }
        other => cell_lines(other, key),
    };
    lines.extend(body.into_iter().map(plain_line));
    lines
}

/// A laid-out line with its ornaments read as ASCII and its trailing blanks gone.
pub(crate) fn plain_line(line: Line<'static>) -> Line<'static> {
    let spans: Vec<Span<'static>> = line
        .spans
        .into_iter()
        .map(|span| match plain(&span.content) {
            std::borrow::Cow::Borrowed(_) => span,
            std::borrow::Cow::Owned(text) => Span::styled(text, span.style),
        })
        .collect();
    let mut line = Line::from(spans).style(line.style);
    // Borders and rules read as blanks: a line of nothing else is an empty line.
    if line.spans.iter().all(|span| span.content.trim().is_empty()) {
        line.spans.clear();
    } else if let Some(last) = line.spans.last_mut() {
        let trimmed = last.content.trim_end().to_string();
        last.content = trimmed.into();
    }
    line
}
