//! What `/copy` and `/export` take from the transcript: the answers, the code blocks inside an
//! answer (their exact text, without the fences), and text made printable — escape sequences
//! and control characters dropped, tabs and newlines kept.

use super::cell::CellKind;
use super::markdown_options::MARKDOWN_OPTIONS;
use super::transcript::Transcript;
use crate::text::sanitize::printable_text;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

/// One thing `/copy` can put on the clipboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Copyable {
    /// What the picker shows: "answer 3" or "answer 3 · code block 1 (rust)".
    pub label: String,
    /// The first line of it, for the picker.
    pub preview: String,
    pub text: String,
}

/// `text` with nothing a terminal or a shell would act on: escape sequences and controls go,
/// tabs and newlines stay (code is copied exactly). The one clipboard sanitiser.
pub(crate) fn printable(text: &str) -> String {
    crate::text::sanitize::copyable_text(text)
}

/// The fenced and indented code blocks of a markdown text, with their language (if named).
pub(crate) fn code_blocks(markdown: &str) -> Vec<(Option<String>, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(Option<String>, String)> = None;
    for event in Parser::new_ext(markdown, MARKDOWN_OPTIONS) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info
                        .split_whitespace()
                        .next()
                        .map(str::to_string)
                        .filter(|l| !l.is_empty()),
                    CodeBlockKind::Indented => None,
                };
                open = Some((lang, String::new()));
            }
            Event::Text(text) => {
                if let Some((_, body)) = &mut open {
                    body.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((lang, body)) = open.take() {
                    blocks.push((lang, body));
                }
            }
            _ => {}
        }
    }
    blocks
}

/// The answers of the transcript in order: the agent's messages and the reviews' results.
pub(crate) fn answers(transcript: &Transcript) -> impl Iterator<Item = &str> {
    transcript.cells().iter().filter_map(|c| match c.kind() {
        CellKind::Agent { markdown, .. } if !markdown.is_empty() => Some(markdown.as_str()),
        CellKind::Item(super::item_cell::ItemCell::ReviewResult { review, .. })
            if !review.is_empty() =>
        {
            Some(review.as_str())
        }
        _ => None,
    })
}

/// Every answer of the transcript, newest first, each followed by its code blocks.
pub(crate) fn copyables(transcript: &Transcript) -> Vec<Copyable> {
    let answers: Vec<&str> = answers(transcript).collect();
    let mut out = Vec::new();
    for (n, answer) in answers.iter().enumerate().rev() {
        let number = n + 1;
        let label = if number == answers.len() {
            format!("answer {number} (the last)")
        } else {
            format!("answer {number}")
        };
        out.push(Copyable {
            label,
            preview: first_line(answer),
            text: printable(answer),
        });
        for (i, (lang, body)) in code_blocks(answer).into_iter().enumerate() {
            let lang = lang.map(|l| format!(" ({l})")).unwrap_or_default();
            out.push(Copyable {
                label: format!("  answer {number} · code block {}{lang}", i + 1),
                preview: first_line(&body),
                text: printable(body.strip_suffix('\n').unwrap_or(&body)),
            });
        }
    }
    out
}

fn first_line(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    printable_text(line).chars().take(120).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_blocks_come_out_exact_without_fences_and_escapes() {
        let md = "Intro\n\n```rust\nfn main() {\n\tprintln!(\"\u{1b}[31mhi\");\n}\n```\n\n    indented\n\n~~~\nplain\n~~~\n";
        let blocks = code_blocks(md);
        assert_eq!(blocks.len(), 3);
        assert_eq!(blocks[0].0.as_deref(), Some("rust"));
        assert_eq!(blocks[1], (None, "indented\n".to_string()));
        assert_eq!(
            printable(&blocks[0].1),
            "fn main() {\n\tprintln!(\"hi\");\n}\n"
        );
    }
}
