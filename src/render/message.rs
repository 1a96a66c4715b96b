//! An agent message laid out block by block: complete blocks are rendered once into the head of
//! the cell's layout and kept; only the open tail block is rendered again when a delta arrives,
//! so a delta costs the same at the end of a long message as at the start of a short one.

use super::markdown::render_markdown_plain_code;
use super::message_lead::{append_block, lead};
use super::table_stream::layout_open_table;
use super::text_chunks::{floor_char_boundary, layout_text_chunks, HUGE_TAIL_BYTES};
use crate::model::{Laid, ListPart, MarkdownText, PlainCode, Theme};
use ratatui::text::Line;
use std::borrow::Cow;

/// Lines of an open code block laid out together and kept while it streams. Each chunk is
/// highlighted on its own; the block is highlighted whole once its closing fence arrives.
const CODE_CHUNK_LINES: usize = 16;
const CODE_CHUNK_BYTES: usize = 32 << 10;

/// Brings `laid` up to date with `markdown` at `width` columns; `laid` may hold the head of an
/// earlier, shorter version of the same message. Code blocks are laid out plain and listed in
/// `laid.plain_code`: the screen colours those it draws (`lazy_code`).
pub(crate) fn layout_message(markdown: &MarkdownText, width: usize, theme: Theme, laid: &mut Laid) {
    let body = width.saturating_sub(2).max(8) as u16;
    if laid.blocks_done > markdown.complete_blocks() {
        *laid = Laid::default();
    }
    let code_chunks = markdown.open_code().is_some();
    let text_chunks = !code_chunks && is_huge_text(markdown);
    let stale_chunks = match (code_chunks, text_chunks) {
        (true, _) => laid.text_done > 0,
        (_, true) => laid.code_done > 0,
        _ => true,
    };
    if laid.blocks_done < markdown.complete_blocks() || stale_chunks {
        // Chunks of a block that has closed (or is no longer chunked) give way to the block.
        laid.head.truncate(laid.head_blocks_len);
        let rows = laid.head.len();
        forget_plain_code_past(laid, rows);
        laid.code_done = 0;
        laid.text_done = 0;
    }
    while laid.blocks_done < markdown.complete_blocks() {
        let block = markdown.block(laid.blocks_done);
        match markdown.block_part(laid.blocks_done) {
            Some(part) => {
                let (lines, code) =
                    render_markdown_plain_code(&renumbered(block, part), body, theme);
                let at = laid.head.len();
                note_plain_code(laid, code, at);
                laid.head.extend(lead(lines, false, theme));
            }
            None => {
                let (lines, code) = render_markdown_plain_code(block, body, theme);
                let at = laid.head.len() + usize::from(!laid.head.is_empty() && !lines.is_empty());
                note_plain_code(laid, code, at);
                append_block(&mut laid.head, lines, theme);
            }
        }
        laid.blocks_done += 1;
        laid.head_blocks_len = laid.head.len();
        laid.block_rows.push(laid.head.len());
    }
    // The tail is laid out again below: its plain code goes with it.
    let rows = laid.head.len();
    forget_plain_code_past(laid, rows);
    if let Some(table) = markdown.open_table() {
        if laid.text_done > 0 {
            // A table whose last line was too long to lay out whole is back to rows.
            laid.head.truncate(laid.head_blocks_len);
            let rows = laid.head.len();
            forget_plain_code_past(laid, rows);
            laid.text_done = 0;
        }
        if layout_open_table(
            table,
            markdown.complete_blocks(),
            body as usize,
            theme,
            laid,
        ) {
            return;
        }
    }
    laid.table = None;
    if text_chunks {
        layout_text_chunks(markdown.tail(), body, theme, laid);
        return;
    }
    let tail = match markdown.open_code() {
        Some((fence, code)) => {
            while let Some(chunk_len) = chunk_end(&code[laid.code_done..]) {
                let chunk = &code[laid.code_done..laid.code_done + chunk_len];
                let (lines, code) =
                    render_markdown_plain_code(&format!("{fence}{chunk}"), body, theme);
                let gap = laid.code_done == 0 && !laid.head.is_empty() && !lines.is_empty();
                let at = laid.head.len() + usize::from(gap);
                note_plain_code(laid, code, at);
                if laid.code_done == 0 {
                    append_block(&mut laid.head, lines, theme);
                } else {
                    laid.head.extend(lead(lines, false, theme));
                }
                laid.code_done += chunk_len;
            }
            let (rest, plain_code) = render_markdown_plain_code(
                &format!("{fence}{}", &code[laid.code_done..]),
                body,
                theme,
            );
            if laid.code_done > 0 {
                let at = laid.head.len();
                note_plain_code(laid, plain_code, at);
                laid.tail = lead(rest, false, theme).collect();
                return;
            }
            (rest, plain_code)
        }
        None => match markdown.tail_part() {
            Some(part) => {
                let (lines, code) =
                    render_markdown_plain_code(&renumbered(markdown.tail(), part), body, theme);
                let at = laid.head.len();
                note_plain_code(laid, code, at);
                laid.tail = lead(lines, false, theme).collect();
                return;
            }
            None => render_markdown_plain_code(&with_table_delimiter(markdown.tail()), body, theme),
        },
    };
    let (tail, plain_code) = tail;
    laid.tail.clear();
    if !tail.is_empty() {
        let first = laid.head.is_empty();
        if !first {
            laid.tail.push(Line::default());
        }
        let at = laid.head.len() + laid.tail.len();
        note_plain_code(laid, plain_code, at);
        laid.tail.extend(lead(tail, first, theme));
    }
}

/// Lists a block's plain code blocks, its lines starting at row `at` of the message.
fn note_plain_code(laid: &mut Laid, code: Vec<PlainCode>, at: usize) {
    laid.plain_code.extend(code.into_iter().map(|mut c| {
        c.row += at;
        c
    }));
}

/// Forgets the plain code blocks with rows past `rows` (lines laid out again).
fn forget_plain_code_past(laid: &mut Laid, rows: usize) {
    laid.plain_code.retain(|c| c.end() <= rows);
}

/// Whether the open block is laid out in chunks (see [`HUGE_TAIL_BYTES`]).
fn is_huge_text(markdown: &MarkdownText) -> bool {
    markdown.tail_part().is_none() && markdown.tail().len() > HUGE_TAIL_BYTES
}

/// A part of a long ordered list, its first item given the number it has in the whole list
/// (lists numbered `1.` throughout count on from the part before).
fn renumbered(part_text: &str, part: ListPart) -> Cow<'_, str> {
    let Some(number) = part.number else {
        return part_text.into();
    };
    let indent = part_text.len() - part_text.trim_start_matches(' ').len();
    let digits = part_text[indent..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits == 0 {
        return part_text.into();
    }
    format!(
        "{}{number}{}",
        &part_text[..indent],
        &part_text[indent + digits..]
    )
    .into()
}

/// The length of the next whole chunk of code lines, if that many have arrived. A chunk holds
/// at most [`CODE_CHUNK_BYTES`]: it ends at its last line end, or inside a line longer than
/// that (one that never ends must not cost every delta its whole length).
fn chunk_end(code: &str) -> Option<usize> {
    let window = &code[..floor_char_boundary(code, CODE_CHUNK_BYTES.min(code.len()))];
    if let Some((i, _)) = window.match_indices('\n').nth(CODE_CHUNK_LINES - 1) {
        return Some(i + 1);
    }
    if code.len() < CODE_CHUNK_BYTES {
        return None;
    }
    Some(window.rfind('\n').map_or(window.len(), |i| i + 1))
}

/// A table whose header row has arrived but not its delimiter row (`|---|---|`) would show as a
/// paragraph of pipes, then jump into a table a moment later. While streaming, a tail that
/// ends in such a header gets the delimiter it is about to receive.
fn with_table_delimiter(tail: &str) -> std::borrow::Cow<'_, str> {
    let body = tail.trim_end_matches('\n');
    let opener = body.trim_start();
    if opener.starts_with("```") || opener.starts_with("~~~") {
        return tail.into();
    }
    let paragraph = body
        .rsplit("\n\n")
        .next()
        .unwrap_or(body)
        .trim_start_matches('\n');
    let mut lines = paragraph.lines();
    let (Some(header), second, None) = (lines.next(), lines.next(), lines.next()) else {
        return tail.into();
    };
    let header = header.trim();
    let partial_delimiter = second.is_none_or(|l| {
        let l = l.trim();
        l.starts_with('|') && l.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
    });
    if !(header.starts_with('|') && header.len() > 1 && partial_delimiter) {
        return tail.into();
    }
    let columns = header.trim_matches('|').split('|').count();
    let start = body.len() - paragraph.len();
    let mut fixed = body[..start].to_string();
    fixed.push_str(header);
    fixed.push('\n');
    fixed.push_str(&"|---".repeat(columns));
    fixed.push_str("|\n");
    fixed.into()
}

#[cfg(test)]
mod tests {
    use super::super::markdown::render_markdown;
    use super::*;

    fn text(laid: &Laid) -> Vec<String> {
        laid.iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn a_long_open_code_block_is_laid_out_in_kept_chunks() {
        let mut markdown = MarkdownText::new("intro\n\n```rust\n");
        let mut laid = Laid::default();
        for i in 0..70 {
            markdown.append(&format!("let x{i} = {i};\n"));
            layout_message(&markdown, 40, Theme::Dark, &mut laid);
        }
        assert_eq!(
            laid.code_done,
            "let x00 = 00;\n".len() * 64 - 20,
            "four chunks kept"
        );
        let streamed = text(&laid);
        markdown.append("```\n");
        layout_message(&markdown, 40, Theme::Dark, &mut laid);
        assert_eq!(laid.code_done, 0);
        assert_eq!(text(&laid), streamed, "closing the fence changes no text");
        let mut whole = Laid::default();
        layout_message(&markdown, 40, Theme::Dark, &mut whole);
        assert_eq!(text(&laid), text(&whole));
    }

    #[test]
    fn a_code_line_that_never_ends_is_laid_out_in_kept_chunks_too() {
        let mut markdown = MarkdownText::new("```\n");
        let mut laid = Laid::default();
        for i in 0..400 {
            markdown.append(&format!("let x{i} = \"{}\"; ", "é".repeat(200)));
            layout_message(&markdown, 80, Theme::Dark, &mut laid);
        }
        assert!(laid.code_done > 4 * CODE_CHUNK_BYTES, "{}", laid.code_done);
        let mut whole = Laid::default();
        layout_message(
            &MarkdownText::new(markdown.as_str()),
            80,
            Theme::Dark,
            &mut whole,
        );
        assert_eq!(
            text(&laid),
            text(&whole),
            "the cuts depend on the text only"
        );
    }

    #[test]
    fn every_step_of_a_stream_looks_like_the_same_text_laid_out_at_once() {
        let mut source = String::from("# Check\n\nSee [docs](https://e.com).\n\n```rust\n");
        for i in 0..40 {
            source.push_str(&format!("fn line_{i}() -> usize {{ {i} }}\n"));
        }
        source.push_str("```\n\n| name | value |\n|---|---|\n| row | 0 |\n\nDone.\n");
        let mut streamed = MarkdownText::default();
        let mut laid = Laid::default();
        let chars: Vec<char> = source.chars().collect();
        for (step, piece) in chars.chunks(7).enumerate() {
            streamed.append(&piece.iter().collect::<String>());
            layout_message(&streamed, 100, Theme::Dark, &mut laid);
            if step % 5 == 0 || streamed.as_str().len() == source.len() {
                let mut whole = Laid::default();
                layout_message(
                    &MarkdownText::new(streamed.as_str()),
                    100,
                    Theme::Dark,
                    &mut whole,
                );
                assert_eq!(text(&laid), text(&whole), "at {:?}", streamed.as_str());
            }
        }
    }

    #[test]
    fn a_long_list_is_kept_in_parts_that_read_as_the_whole_list() {
        for (marker, numbered) in [("- ", false), ("1. ", true), ("7) ", true)] {
            let mut source = String::from("Intro.\n\n");
            for i in 0..150 {
                source.push_str(&format!("{marker}item {i}\n"));
                if i % 40 == 3 {
                    let indent = " ".repeat(marker.len());
                    source.push_str(&format!("{indent}- nested under it\n"));
                }
            }
            source.push_str("\nAfter.\n");
            let mut streamed = MarkdownText::default();
            let mut laid = Laid::default();
            for line in source.split_inclusive('\n') {
                streamed.append(line);
                layout_message(&streamed, 60, Theme::Dark, &mut laid);
            }
            assert!(
                streamed.complete_blocks() > 4,
                "the list was cut into parts ({marker})"
            );
            // The same list rendered in one piece, as a single block would be.
            let whole = render_markdown(&source, 58, Theme::Dark);
            let whole: Vec<String> = lead(whole, true, Theme::Dark)
                .map(|l| {
                    l.spans
                        .iter()
                        .map(|s| s.content.as_ref())
                        .collect::<String>()
                })
                .map(|l| l.trim_end().to_string())
                .collect();
            assert_eq!(text(&laid), whole, "{marker}");
            if numbered {
                let start: u64 = marker[..1].parse().unwrap();
                let last = format!("{}", start + 149);
                assert!(
                    text(&laid)
                        .iter()
                        .any(|l| l.contains(&format!("{last}. item 149"))
                            || l.contains(&format!("{last}) item 149"))),
                    "{:?}",
                    &text(&laid)[140..]
                );
            }
        }
    }

    #[test]
    fn a_table_header_alone_is_drawn_as_a_table() {
        assert_eq!(
            with_table_delimiter("text\n\n| a | b |\n|--"),
            "text\n\n| a | b |\n|---|---|\n"
        );
        assert_eq!(with_table_delimiter("| a | b |"), "| a | b |\n|---|---|\n");
        assert_eq!(with_table_delimiter("plain text"), "plain text");
        assert_eq!(
            with_table_delimiter("\n| a |\n|-"),
            "\n| a |\n|---|\n",
            "a blank line left by a closed code block does not hide the header"
        );
        let code = "```\nx\n\n| a |";
        assert_eq!(with_table_delimiter(code), code);
        let full = "| a |\n|---|\n| 1 |\n";
        assert_eq!(with_table_delimiter(full), full);
    }

    #[test]
    fn streamed_layout_equals_the_layout_of_the_whole_message() {
        let source = "# Plan\n\nFirst a paragraph that is long enough to wrap at forty columns.\n\n\
                      - one\n- two\n  - nested\n\n```rust\nfn main() {}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nDone.";
        let mut streamed = MarkdownText::default();
        let mut laid = Laid::default();
        for c in source.chars() {
            streamed.append(&c.to_string());
            layout_message(&streamed, 40, Theme::Dark, &mut laid);
        }
        let mut whole = Laid::default();
        layout_message(&MarkdownText::new(source), 40, Theme::Dark, &mut whole);
        assert_eq!(text(&laid), text(&whole));
        assert!(
            laid.blocks_done >= 4,
            "complete blocks are kept in the head"
        );
        assert_eq!(text(&laid)[0], "• Plan");
    }

    #[test]
    fn lines_an_agent_writes_stay_lines_streamed_and_whole() {
        let source = "Run:\ncargo test\ncargo build\n\n1. build\n   > quoted under it\n2. next\n";
        let mut streamed = MarkdownText::default();
        let mut laid = Laid::default();
        for c in source.chars() {
            streamed.append(&c.to_string());
            layout_message(&streamed, 40, Theme::Dark, &mut laid);
        }
        let mut whole = Laid::default();
        layout_message(&MarkdownText::new(source), 40, Theme::Dark, &mut whole);
        assert_eq!(text(&laid), text(&whole));
        assert_eq!(
            text(&whole),
            [
                "• Run:",
                "  cargo test",
                "  cargo build",
                "",
                "  1. build",
                "     │ quoted under it",
                "  2. next"
            ]
        );
    }
}
