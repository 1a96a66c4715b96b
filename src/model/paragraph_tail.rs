//! A paragraph at the end of a streaming message, followed line by line. An endless paragraph
//! (a model that never leaves a blank line) would otherwise cost each new line a parse of the
//! whole paragraph, to learn whether a block ended. Once the open block is known to be one
//! paragraph and nothing else, a finished line starting with a letter is taken as one more line
//! of it: in the markdown tern reads nothing starting with a letter can interrupt a paragraph
//! (block starts are punctuation, digits or blank), nor turn the lines above into something
//! else (setext underlines and table delimiter rows are punctuation; a link reference
//! definition only at the start, which is a letter here).

use super::markdown_options::MARKDOWN_OPTIONS;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// Whether `finished` (the open block's finished lines) is one paragraph starting with a
/// letter and running to its end.
pub(crate) fn is_open_paragraph(finished: &str) -> bool {
    let text = finished.trim_start_matches(' ');
    if !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    // One line starting with a letter (not indented as code) is a paragraph running to its end.
    let indent = finished.len() - text.len();
    if indent <= 3 && finished.find('\n') == Some(finished.len() - 1) {
        return true;
    }
    let mut events = Parser::new_ext(finished, MARKDOWN_OPTIONS).into_offset_iter();
    if !matches!(events.next(), Some((Event::Start(Tag::Paragraph), _))) {
        return false;
    }
    for (event, range) in events.by_ref() {
        if event == Event::End(TagEnd::Paragraph) {
            return range.end == finished.len() && events.next().is_none();
        }
    }
    false
}

/// Whether `line`, after a paragraph, is one more line of it (see the module's comment).
pub(crate) fn continues_paragraph(line: &str) -> bool {
    line.trim_start_matches([' ', '\t'])
        .starts_with(|c: char| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paragraph_alone_and_open_is_followed() {
        assert!(is_open_paragraph("some text\nmore text\n"));
        assert!(is_open_paragraph("   one line, *emphasis* and `code`\n"));
        assert!(!is_open_paragraph("    indented code\n"));
        assert!(!is_open_paragraph("some text\n\n"), "a blank line ended it");
        assert!(!is_open_paragraph("text\n# heading\n"));
        assert!(!is_open_paragraph("[a]: http://e.com\n"));
        assert!(!is_open_paragraph("*em* text\n"), "starts with punctuation");
        assert!(continues_paragraph("  word"));
        for line in [
            "", "# h", "- i", "1. i", "===", "---", "|a|", "> q", "<div>", "[x]: y",
        ] {
            assert!(!continues_paragraph(line), "{line:?}");
        }
    }
}
