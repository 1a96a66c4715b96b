//! The prefix chooser's lines: the command's words with the chosen prefix marked, the exact
//! rule that will be written, and why it is refused when it is.

use super::wrap::wrap_spans;
use crate::model::execpolicy::{refusal, rule_text, Offer};
use crate::text::sanitize::visible_line;
use crate::theme::{Palette, Theme};
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};

pub(crate) fn chooser_lines(
    offer: &Offer,
    len: usize,
    width: u16,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let w = width.saturating_sub(2).max(10) as usize;
    let mut lines = Vec::new();
    let mut text = |span: Span<'static>, indent: &'static str| {
        lines.extend(wrap_spans(
            &[span],
            w,
            &[Span::raw(indent)],
            &[Span::raw(indent)],
        ));
    };
    let (words, prefix): (Vec<String>, Vec<String>) = match offer {
        Offer::Prefix { words, .. } => (words.clone(), words[..len.min(words.len())].to_vec()),
        Offer::ExactScript { words } => (words.clone(), words.clone()),
        Offer::Mismatch(why) => {
            text(Span::styled(visible_line(why), palette.warning), "");
            return lines;
        }
    };
    let refused = refusal(&prefix);
    if let Some(why) = refused {
        text(
            Span::styled(
                format!("Refused: {why}. Lengthen it (→) or go back (Esc)."),
                palette.error.bold(),
            ),
            "",
        );
    }
    match offer {
        Offer::ExactScript { .. } => text(
            "Always allow exactly this script (it matches nothing else):".bold(),
            "",
        ),
        _ => text("Always allow every command that starts with:".bold(), ""),
    }
    let mut spans = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        let shown = shell_word(word);
        spans.push(if i < prefix.len() {
            Span::styled(shown, palette.attention.bold())
        } else {
            shown.dim()
        });
    }
    let mut lines_out = std::mem::take(&mut lines);
    lines_out.extend(wrap_spans(
        &spans,
        w,
        &[Span::raw("  ")],
        &[Span::raw("  ")],
    ));
    let mut text = |span: Span<'static>, indent: &'static str| {
        lines_out.extend(wrap_spans(
            &[span],
            w,
            &[Span::raw(indent)],
            &[Span::raw(indent)],
        ));
    };
    text("This rule is written to codex's exec policy:".dim(), "");
    text(
        Span::styled(visible_line(&rule_text(&prefix)), palette.accent),
        "  ",
    );
    if refused.is_none() {
        text(
            "It applies to this thread and to threads started from now on.".dim(),
            "",
        );
    }
    lines_out
}

/// How many rows [`chooser_lines`] takes (colours do not change it).
pub(crate) fn chooser_rows(offer: &Offer, len: usize, width: u16) -> usize {
    chooser_lines(offer, len, width, Theme::default().palette()).len()
}

/// A word as it would be typed, quoted when it needs to be, control characters shown.
fn shell_word(word: &str) -> String {
    let quoted = shlex::try_quote(word)
        .map(|q| q.into_owned())
        .unwrap_or_else(|_| format!("{word:?}"));
    visible_line(&quoted)
}
