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
    let label = speaker(kind);
    for line in body.into_iter().map(plain_line) {
        // A mark read as a word (`⚠` as "warning:") makes a laid-out line longer than the
        // width it was wrapped to: wrapped again, so the terminal cuts none of it off.
        let line = drop_repeated_label(line, label);
        if line.width() > width {
            let spans = line.spans;
            lines.extend(wrap_spans(&spans, width, &[], &[]));
        } else {
            lines.push(line);
        }
    }
    lines
}

/// A notice's own mark, read as its level ("warning:"), repeats the speaker line above it.
fn drop_repeated_label(mut line: Line<'static>, label: Option<&str>) -> Line<'static> {
    let Some(label) = label else { return line };
    if let Some(first) = line.spans.first_mut() {
        if let Some(rest) = first.content.trim_start().strip_prefix(label) {
            first.content = rest.trim_start().to_string().into();
        }
    }
    line
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;

    #[test]
    fn a_long_warning_is_said_whole_within_the_width_and_labelled_once() {
        let text = "Codex could not find bubblewrap on PATH. Install bubblewrap with your OS \
                    package manager. See the sandbox prerequisites.";
        let kind = CellKind::Notice {
            level: NoticeLevel::Warning,
            text: text.into(),
        };
        let key = LayoutKey {
            width: 40,
            expanded: false,
            theme: Theme::Dark,
            images: None,
        };
        let said: Vec<String> = cell_speech(&kind, key, None)
            .iter()
            .map(|line| line.to_string())
            .collect();
        assert!(said.iter().all(|l| l.chars().count() <= 40), "{said:#?}");
        let joined = said.join(" ");
        let words: Vec<&str> = joined.split_whitespace().collect();
        let expected: Vec<&str> = text.split_whitespace().collect();
        assert!(
            words
                .windows(expected.len())
                .any(|w| w == expected.as_slice()),
            "every word, in order: {said:#?}"
        );
        assert_eq!(joined.matches("warning:").count(), 1, "{said:#?}");
    }
}
