//! How a diff line is coloured: the change tint, the emphasised words, the syntax colours it
//! was given, and what follows its text (a cut, a changed line ending).

use super::file::{FileStatus, ShownLine};
use super::pair::emphasis;
use super::parse::LineKind;
use crate::render::highlight::Theme;
use crate::render::restyle::restyle;
use ratatui::style::{Color, Style};
use ratatui::text::Span;
use unicode_width::UnicodeWidthStr;

/// Backgrounds of changed lines and of the words that changed in them.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    pub added: Color,
    pub added_word: Color,
    pub removed: Color,
    pub removed_word: Color,
}

pub fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Dark => Palette {
            added: Color::Rgb(22, 52, 34),
            added_word: Color::Rgb(40, 110, 62),
            removed: Color::Rgb(62, 26, 30),
            removed_word: Color::Rgb(130, 42, 50),
        },
        Theme::Light => Palette {
            added: Color::Rgb(230, 255, 236),
            added_word: Color::Rgb(165, 240, 183),
            removed: Color::Rgb(255, 235, 233),
            removed_word: Color::Rgb(255, 188, 188),
        },
    }
}

pub(super) fn number_style() -> Style {
    Style::default().fg(Color::DarkGray)
}

/// The row background of a line, if it is a change.
pub(super) fn tint(kind: LineKind, palette: &Palette) -> Option<Color> {
    match kind {
        LineKind::Added => Some(palette.added),
        LineKind::Removed => Some(palette.removed),
        _ => None,
    }
}

pub(super) fn sign(kind: LineKind) -> Span<'static> {
    match kind {
        LineKind::Added => Span::styled("+", Style::default().fg(Color::Green).bold()),
        LineKind::Removed => Span::styled("-", Style::default().fg(Color::Red).bold()),
        _ => Span::raw(" "),
    }
}

/// `+N −M` in colour.
pub fn counts(added: usize, removed: usize) -> Vec<Span<'static>> {
    vec![
        Span::styled(format!("+{added}"), Style::default().fg(Color::Green)),
        Span::raw(" "),
        Span::styled(format!("−{removed}"), Style::default().fg(Color::Red)),
    ]
}

/// What follows a line's text: how much was cut, and a visible `␍` when the line's ending is
/// what changed.
pub(super) fn suffix(line: &ShownLine, partner: Option<&ShownLine>) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    if line.cut > 0 {
        out.push(Span::styled(
            format!(" … {} more characters", line.cut),
            Style::default().dim(),
        ));
    }
    if line.cr && partner.is_some_and(|p| !p.cr) {
        out.push(Span::styled("␍", Style::default().fg(Color::Yellow)));
    }
    out
}

pub(super) fn suffix_width(line: &ShownLine, partner: Option<&ShownLine>) -> usize {
    suffix(line, partner)
        .iter()
        .map(|s| s.content.width())
        .sum()
}

/// The line's text with its colours: `highlighted` (the syntax colours, same text) if given,
/// the change tint, the emphasised words, then the suffix.
pub fn content(
    line: &ShownLine,
    partner: Option<&ShownLine>,
    highlighted: Option<&[Span<'static>]>,
    palette: &Palette,
) -> Vec<Span<'static>> {
    if line.kind == LineKind::NoNewline {
        return vec![Span::styled(
            line.text.clone(),
            Style::default().dim().italic(),
        )];
    }
    let mut spans: Vec<Span<'static>> = match highlighted {
        Some(h) if h.iter().map(|s| s.content.len()).sum::<usize>() == line.text.len() => {
            h.to_vec()
        }
        _ => vec![Span::raw(line.text.clone())],
    };
    if let Some(bg) = tint(line.kind, palette) {
        for span in &mut spans {
            span.style = span.style.bg(bg);
        }
        let word = match line.kind {
            LineKind::Added => palette.added_word,
            _ => palette.removed_word,
        };
        let ranges = partner.and_then(|p| match line.kind {
            LineKind::Removed => emphasis(&line.text, &p.text).map(|(old, _)| old),
            _ => emphasis(&p.text, &line.text).map(|(_, new)| new),
        });
        for range in ranges.unwrap_or_default() {
            spans = restyle(spans, range, Style::default().bg(word));
        }
        // Same text, different bytes: the change is in what sanitising hides (tabs, controls).
        if partner.is_some_and(|p| p.text == line.text && p.cr == line.cr) {
            spans = restyle(spans, 0..line.text.len(), Style::default().bg(word));
        }
    }
    spans.retain(|s| !s.content.is_empty());
    spans.extend(suffix(line, partner));
    spans
}

pub(super) fn fill_style(kind: LineKind, palette: &Palette) -> Style {
    tint(kind, palette).map_or(Style::default(), |bg| Style::default().bg(bg))
}

pub(super) fn line_width(line: &ShownLine, partner: Option<&ShownLine>) -> (usize, bool) {
    let extra = suffix_width(line, partner);
    (line.cols + extra, extra > 0)
}

pub(super) fn with_suffix(line: &ShownLine, partner: Option<&ShownLine>) -> String {
    let mut text = line.text.clone();
    for span in suffix(line, partner) {
        text.push_str(&span.content);
    }
    text
}

/// The status word of a file, coloured, for lists.
pub fn status_letter(status: FileStatus) -> Span<'static> {
    match status {
        FileStatus::Added => Span::styled("A", Style::default().fg(Color::Green)),
        FileStatus::Deleted => Span::styled("D", Style::default().fg(Color::Red)),
        FileStatus::Updated => Span::styled("M", Style::default().fg(Color::Yellow)),
        FileStatus::Moved => Span::styled("R", Style::default().fg(Color::Magenta)),
    }
}
