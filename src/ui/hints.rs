//! The hint bar: the keys of whatever is on top, from the same list the help overlay shows.
//!
//! The list comes most useful first. When it does not fit, hints are dropped whole (a cut-off
//! hint would name a key without what it does, or cut a word: "Ctrl+R res"), from the least
//! useful, and the bar ends by saying where the rest is: "… ? more" names the key that opens
//! help over this view.

use crate::app::layer_types::Hint;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Between two hints.
const SEPARATOR: &str = " · ";

/// Draws `hints` in `area`; `help` is the key that opens help over the view on top, if one does.
/// When it is not `?` (which the bar lists where it opens help), the bar always ends with it
/// ("F1 help"): in a view where `?` is typed, that is how help is found.
pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    hints: &[Hint],
    help: Option<&str>,
    palette: &Palette,
) {
    if area.height == 0 {
        return;
    }
    let line = bar(hints, help, usize::from(area.width), palette);
    frame.render_widget(Paragraph::new(line), area);
}

/// The columns a hint takes: its keys, a space, its words.
fn width(hint: &Hint) -> usize {
    hint.keys.width() + 1 + hint.action.width()
}

/// The most useful of `hints` that fit in `columns` with `marker` after them, in order: once
/// one does not fit, none after it shows (a less useful hint never takes the place of a more
/// useful one). Returns them, and whether the marker fits too.
fn fill<'a>(hints: &[&'a Hint], marker: &Hint, columns: usize) -> (Vec<&'a Hint>, bool) {
    let sep = SEPARATOR.width();
    let marker_width = if marker.action.is_empty() {
        marker.keys.width()
    } else {
        width(marker)
    };
    let budget = columns.saturating_sub(marker_width + sep);
    let mut used = 0;
    let mut shown = Vec::new();
    for &hint in hints {
        let needs = width(hint) + if shown.is_empty() { 0 } else { sep };
        if used + needs > budget {
            break;
        }
        shown.push(hint);
        used += needs;
    }
    let fits = used + marker_width + if shown.is_empty() { 0 } else { sep } <= columns;
    (shown, fits)
}

/// The bar's line for `hints` in `columns`.
pub(super) fn bar(
    hints: &[Hint],
    help: Option<&str>,
    columns: usize,
    palette: &Palette,
) -> Line<'static> {
    let sep = SEPARATOR.width();
    let listed = help.is_some_and(|key| hints.iter().any(|h| h.keys == key));
    // Help named at the end when the bar does not list it.
    let tail = help
        .filter(|_| !listed)
        .map(|key| Hint::new(key.to_string(), "help"));
    let all: usize = hints.iter().chain(&tail).map(width).sum::<usize>()
        + sep * (hints.len() + tail.iter().count()).saturating_sub(1);
    let (shown, more) = if all <= columns {
        (hints.iter().collect::<Vec<_>>(), tail)
    } else {
        // The marker takes its room first; the hints fill what is left, most useful first,
        // each whole or not at all. Help's own hint is in the marker.
        let marker = match help {
            Some(key) => Hint::new(format!("… {key}"), "more"),
            None => Hint::new("…", ""),
        };
        let candidates: Vec<&Hint> = hints
            .iter()
            .filter(|h| Some(h.keys.as_str()) != help)
            .collect();
        let (shown, fits) = fill(&candidates, &marker, columns);
        // The marker never pushes out the most useful hint: then a bare "…" ends the bar.
        let bare = Hint::new("…", "");
        match fill(&candidates, &bare, columns) {
            (first, bare_fits) if shown.is_empty() && !first.is_empty() => {
                (first, bare_fits.then_some(bare))
            }
            _ => (shown, fits.then_some(marker)),
        }
    };
    let mut spans: Vec<Span<'static>> = Vec::new();
    for hint in shown.into_iter().chain(more.as_ref()) {
        if !spans.is_empty() {
            spans.push(Span::styled(SEPARATOR, palette.dim));
        }
        spans.push(hint.keys.clone().bold());
        if !hint.action.is_empty() {
            spans.push(Span::styled(format!(" {}", hint.action), palette.dim));
        }
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(hints: &[Hint], help: Option<&str>, columns: usize) -> String {
        let line = bar(hints, help, columns, crate::theme::Theme::Dark.palette());
        assert!(line.width() <= columns, "{columns}: {line:?}");
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    fn hints() -> Vec<Hint> {
        vec![
            Hint::new("Enter", "open"),
            Hint::new("Ctrl+R", "rename"),
            Hint::new("?", "keys"),
            Hint::new("Ctrl+X", "archive"),
            Hint::new("Esc", "close"),
        ]
    }

    #[test]
    fn all_hints_when_they_fit() {
        assert_eq!(
            plain(&hints(), Some("?"), 80),
            "Enter open · Ctrl+R rename · ? keys · Ctrl+X archive · Esc close"
        );
    }

    #[test]
    fn hints_drop_whole_from_the_least_useful_and_say_where_the_rest_is() {
        assert_eq!(
            plain(&hints(), Some("?"), 50),
            "Enter open · Ctrl+R rename · … ? more"
        );
        assert_eq!(plain(&hints(), Some("?"), 30), "Enter open · … ? more");
        assert_eq!(plain(&hints(), Some("F1"), 30), "Enter open · … F1 more");
        assert_eq!(
            plain(&hints()[..2], Some("F1"), 80),
            "Enter open · Ctrl+R rename · F1 help",
            "help is named where the bar does not list it"
        );
        assert_eq!(plain(&hints(), None, 30), "Enter open · Ctrl+R rename · …");
        assert_eq!(plain(&hints(), Some("?"), 8), "… ? more");
        assert_eq!(
            plain(&hints(), Some("F1"), 16),
            "Enter open · …",
            "the marker never pushes out the most useful hint"
        );
        assert_eq!(plain(&hints(), Some("?"), 3), "");
    }
}
