//! How a diff line is coloured: the change tint, the emphasised words, the syntax colours it
//! was given, and what follows its text (a cut, a changed line ending).

use super::file::{FileStatus, ShownLine};
use super::pair::emphasis;
use super::parse::LineKind;
use crate::render::highlight::Theme;
use crate::render::restyle::restyle;
use crate::theme::{DiffPalette, Palette};
use ratatui::style::{Style, Stylize};
use ratatui::text::Span;
use unicode_width::UnicodeWidthStr;

/// The diff colours of `theme`.
pub fn palette(theme: Theme) -> &'static DiffPalette {
    &theme.palette().diff
}

/// The row tint of a line (a background, or a text colour), if it is a change.
pub(super) fn tint(kind: LineKind, palette: &Palette) -> Option<Style> {
    match kind {
        LineKind::Added => Some(palette.diff.added),
        LineKind::Removed => Some(palette.diff.removed),
        _ => None,
    }
}

pub(super) fn sign(kind: LineKind, palette: &Palette) -> Span<'static> {
    match kind {
        LineKind::Added => Span::styled("+", palette.diff.added_mark.bold()),
        LineKind::Removed => Span::styled("-", palette.diff.removed_mark.bold()),
        _ => Span::raw(" "),
    }
}

/// `+N −M` in colour.
pub(crate) fn counts(added: usize, removed: usize, palette: &Palette) -> Vec<Span<'static>> {
    vec![
        Span::styled(format!("+{added}"), palette.diff.added_mark),
        Span::raw(" "),
        Span::styled(format!("−{removed}"), palette.diff.removed_mark),
    ]
}

/// What follows a line's text: how much was cut, and a visible `␍` when the line's ending is
/// what changed.
fn suffix_parts(line: &ShownLine, partner: Option<&ShownLine>) -> (Option<String>, bool) {
    let cut = (line.cut > 0).then(|| format!(" … {} more characters", line.cut));
    (cut, line.cr && partner.is_some_and(|p| !p.cr))
}

/// The suffix (see [`suffix_parts`]) as spans.
pub(super) fn suffix(
    line: &ShownLine,
    partner: Option<&ShownLine>,
    palette: &Palette,
) -> Vec<Span<'static>> {
    let (cut, cr) = suffix_parts(line, partner);
    let mut out = Vec::new();
    if let Some(cut) = cut {
        out.push(cut.dim());
    }
    if cr {
        out.push(Span::styled("␍", palette.diff.changed_ending));
    }
    out
}

/// The suffix's text, to measure it and wrap it.
fn suffix_text(line: &ShownLine, partner: Option<&ShownLine>) -> String {
    let (cut, cr) = suffix_parts(line, partner);
    let mut text = cut.unwrap_or_default();
    if cr {
        text.push('␍');
    }
    text
}

pub(super) fn suffix_width(line: &ShownLine, partner: Option<&ShownLine>) -> usize {
    suffix_text(line, partner).width()
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
        return vec![line.text.clone().dim().italic()];
    }
    let colours = &palette.diff;
    let mut spans: Vec<Span<'static>> = match highlighted {
        Some(h) if h.iter().map(|s| s.content.len()).sum::<usize>() == line.text.len() => {
            h.to_vec()
        }
        _ => vec![Span::raw(line.text.clone())],
    };
    if let Some(tint) = tint(line.kind, palette) {
        for span in &mut spans {
            span.style = span.style.patch(tint);
        }
        let word = match line.kind {
            LineKind::Added => colours.added_word,
            _ => colours.removed_word,
        };
        let ranges = partner.and_then(|p| match line.kind {
            LineKind::Removed => emphasis(&line.text, &p.text).map(|(old, _)| old),
            _ => emphasis(&p.text, &line.text).map(|(_, new)| new),
        });
        for range in ranges.unwrap_or_default() {
            spans = restyle(spans, range, word);
        }
        // Same text, different bytes: the change is in what sanitising hides (tabs, controls).
        if partner.is_some_and(|p| p.text == line.text && p.cr == line.cr) {
            spans = restyle(spans, 0..line.text.len(), word);
        }
    }
    spans.retain(|s| !s.content.is_empty());
    spans.extend(suffix(line, partner, palette));
    spans
}

pub(super) fn fill_style(kind: LineKind, palette: &Palette) -> Style {
    tint(kind, palette).unwrap_or_default()
}

pub(super) fn line_width(line: &ShownLine, partner: Option<&ShownLine>) -> (usize, bool) {
    let extra = suffix_width(line, partner);
    (line.cols + extra, extra > 0)
}

pub(super) fn with_suffix(line: &ShownLine, partner: Option<&ShownLine>) -> String {
    line.text.clone() + &suffix_text(line, partner)
}

/// The status word of a file, coloured, for lists.
pub(crate) fn status_letter(status: FileStatus, palette: &Palette) -> Span<'static> {
    let colours = &palette.diff;
    match status {
        FileStatus::Added => Span::styled("A", colours.added_mark),
        FileStatus::Deleted => Span::styled("D", colours.removed_mark),
        FileStatus::Updated => Span::styled("M", colours.updated_mark),
        FileStatus::Moved => Span::styled("R", colours.moved_mark),
    }
}
