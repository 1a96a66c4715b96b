//! A huge open block laid out in kept chunks, as an open code block is (see `message`).

use super::markdown::render_markdown;
use super::message_lead::{append_block, lead};
use crate::model::{Laid, Theme};
use ratatui::text::Line;

/// An open block (not code) longer than this is laid out in chunks of about
/// [`TEXT_CHUNK_BYTES`], each kept once laid out, so that an endless paragraph or a line that
/// never ends costs each delta a chunk, not everything so far. Each chunk starts on a new line
/// and is read on its own (markup spanning a cut is not joined): a price paid only by blocks
/// far longer than anyone reads as one. Once a later block starts, the block is laid out whole.
pub(crate) const HUGE_TAIL_BYTES: usize = 64 << 10;
const TEXT_CHUNK_BYTES: usize = 16 << 10;

/// Lays out `tail` in kept chunks (see [`HUGE_TAIL_BYTES`]); the chunk still growing goes in
/// `laid.tail`.
pub(crate) fn layout_text_chunks(tail: &str, body: u16, theme: Theme, laid: &mut Laid) {
    while let Some(len) = text_chunk_end(&tail[laid.text_done..]) {
        let chunk = &tail[laid.text_done..laid.text_done + len];
        if laid.text_done == 0 {
            append_block(&mut laid.head, render_markdown(chunk, body, theme), theme);
        } else {
            let lines = render_markdown(&carried_on(chunk), body, theme);
            laid.head.extend(lead(lines, false, theme));
        }
        laid.text_done += len;
    }
    let rest = &tail[laid.text_done..];
    laid.tail.clear();
    if laid.text_done > 0 {
        let lines = render_markdown(&carried_on(rest), body, theme);
        laid.tail.extend(lead(lines, false, theme));
    } else {
        let lines = render_markdown(rest, body, theme);
        if !lines.is_empty() {
            let first = laid.head.is_empty();
            if !first {
                laid.tail.push(Line::default());
            }
            laid.tail.extend(lead(lines, first, theme));
        }
    }
}

/// The length of the next whole chunk of `text`: up to the first space or line end after
/// [`TEXT_CHUNK_BYTES`], or, in text without one for as long again, at a character boundary.
/// It depends only on text that has arrived, so the cuts fall in the same places however
/// the text was split into deltas.
fn text_chunk_end(text: &str) -> Option<usize> {
    if text.len() <= TEXT_CHUNK_BYTES {
        return None;
    }
    let window_end = (2 * TEXT_CHUNK_BYTES).min(text.len());
    let window = &text.as_bytes()[TEXT_CHUNK_BYTES..window_end];
    match window.iter().position(|b| matches!(b, b' ' | b'\n')) {
        Some(i) => Some(TEXT_CHUNK_BYTES + i + 1),
        None if text.len() > 2 * TEXT_CHUNK_BYTES => {
            Some(floor_char_boundary(text, 2 * TEXT_CHUNK_BYTES))
        }
        None => None,
    }
}

/// The largest character boundary of `text` at or before `at` (at most its length).
pub(crate) fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut cut = at.min(text.len());
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    cut
}

/// A chunk after the first, made to read as more of the same text: its leading white space
/// dropped, and a first character that would start a block (`#`, `>`, `-`, `1.`, `|`…)
/// escaped.
fn carried_on(chunk: &str) -> String {
    let text = chunk.trim_start_matches([' ', '\t', '\n']);
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    match text.as_bytes().get(digits) {
        Some(b'.' | b')') if digits > 0 => format!("{}\\{}", &text[..digits], &text[digits..]),
        Some(c) if digits == 0 && c.is_ascii_punctuation() => format!("\\{text}"),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::markdown::render_markdown;
    use super::super::message::layout_message;
    use super::*;
    use crate::model::MarkdownText;

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    /// A long paragraph with markup and block-like words everywhere, lines or not.
    fn paragraph(bytes: usize, newlines: bool) -> String {
        let words = [
            "plain",
            "**bold**",
            "# not",
            "- not",
            "1. not",
            "> not",
            "|",
            "`code`",
            "日本語",
            "[link](http://e.com)",
            "\u{1b}[31mred",
        ];
        let mut text = String::from("Start ");
        let mut i = 0;
        while text.len() < bytes {
            text.push_str(words[i % words.len()]);
            i += 1;
            // Lines start with a plain word: the others would start blocks of their own.
            text.push(if newlines && i % words.len() == 0 {
                '\n'
            } else {
                ' '
            });
        }
        text
    }

    #[test]
    fn cuts_depend_only_on_the_text_and_fall_after_white_space() {
        let text = paragraph(3 * TEXT_CHUNK_BYTES, false);
        let cut = text_chunk_end(&text).unwrap();
        assert!(text[..cut].ends_with(' '));
        assert_eq!(text_chunk_end(&text[..cut + 3]), Some(cut));
        assert_eq!(text_chunk_end(&text[..TEXT_CHUNK_BYTES]), None);
        let solid = "é".repeat(TEXT_CHUNK_BYTES + 3);
        assert_eq!(text_chunk_end(&solid[..TEXT_CHUNK_BYTES + 10]), None);
        let cut = text_chunk_end(&solid).unwrap();
        assert!(solid.is_char_boundary(cut) && cut <= 2 * TEXT_CHUNK_BYTES);
        assert_eq!(carried_on("  # not"), "\\# not");
        assert_eq!(carried_on("12. x"), "12\\. x");
        assert_eq!(carried_on("word"), "word");
    }

    #[test]
    fn a_huge_paragraph_streamed_in_pieces_is_laid_out_as_it_is_at_once() {
        for newlines in [false, true] {
            let source = paragraph(HUGE_TAIL_BYTES + 3 * TEXT_CHUNK_BYTES, newlines);
            let mut streamed = MarkdownText::default();
            let mut laid = Laid::default();
            let mut step = 0;
            let mut at = 0;
            while at < source.len() {
                let mut end = (at + 997 + step % 5000).min(source.len());
                while !source.is_char_boundary(end) {
                    end += 1;
                }
                streamed.append(&source[at..end]);
                layout_message(&streamed, 80, Theme::Dark, &mut laid);
                if step % 7 == 0 || end == source.len() {
                    let mut whole = Laid::default();
                    layout_message(&streamed.unfollowed(), 80, Theme::Dark, &mut whole);
                    let (a, b): (Vec<_>, Vec<_>) = (laid.iter().collect(), whole.iter().collect());
                    assert!(a == b, "at {} bytes (newlines: {newlines})", end);
                }
                at = end;
                step += 1;
            }
            assert!(
                laid.text_done > 3 * TEXT_CHUNK_BYTES,
                "laid out in kept chunks"
            );
            assert!(
                laid.tail.len() < 1000,
                "only the last chunk is laid out again"
            );
            for line in laid.iter() {
                for span in &line.spans {
                    assert!(!span.content.chars().any(char::is_control));
                }
            }
            // Once a block follows, the paragraph is laid out whole.
            streamed.append("\n\nAfter.\n");
            layout_message(&streamed, 80, Theme::Dark, &mut laid);
            let mut whole = render_markdown(&source, 78, Theme::Dark);
            whole.push(Line::default());
            whole.extend(render_markdown("After.", 78, Theme::Dark));
            let laid_text: Vec<String> = text(&laid.iter().cloned().collect::<Vec<_>>())
                .into_iter()
                .map(|l| l.chars().skip(2).collect::<String>().trim_end().to_string())
                .collect();
            let whole_text: Vec<String> = text(&whole)
                .into_iter()
                .map(|l| l.trim_end().to_string())
                .collect();
            assert_eq!(laid_text, whole_text);
            assert_eq!(laid.text_done, 0);
        }
    }
}
