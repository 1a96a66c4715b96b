use super::*;

fn streamed(source: &str, piece: usize) -> MarkdownText {
    let mut m = MarkdownText::default();
    let chars: Vec<char> = source.chars().collect();
    for chunk in chars.chunks(piece) {
        m.append(&chunk.iter().collect::<String>());
    }
    m
}

fn blocks(m: &MarkdownText) -> Vec<&str> {
    (0..m.complete_blocks()).map(|i| m.block(i)).collect()
}

#[test]
fn complete_blocks_are_split_off_and_the_tail_stays_open() {
    let m = streamed("# Title\n\nSome text\nmore.\n\n- a\n- b\n\nlast para", 3);
    // "last para" has not finished a line yet, so the list is not known to be complete.
    assert_eq!(blocks(&m), ["# Title\n\n", "Some text\nmore.\n\n"]);
    assert_eq!(m.tail(), "- a\n- b\n\nlast para");
}

#[test]
fn an_unfinished_line_never_closes_a_block() {
    // "#" alone would be an empty heading interrupting the paragraph; "#tag" is not.
    let mut m = MarkdownText::new("para\n#");
    assert_eq!(m.complete_blocks(), 0);
    m.append("tag\n");
    assert_eq!(m.complete_blocks(), 0, "{:?}", blocks(&m));
    assert_eq!(m.tail(), "para\n#tag\n");
}

#[test]
fn an_open_code_fence_stays_in_the_tail_until_closed() {
    let mut m = streamed("text\n\n```rust\nfn a() {}\n\nfn b() {}\n", 4);
    assert_eq!(blocks(&m), ["text\n\n"]);
    m.append("```\nafter\n");
    assert_eq!(
        blocks(&m),
        ["text\n\n", "```rust\nfn a() {}\n\nfn b() {}\n```\n"]
    );
}

#[test]
fn an_open_fence_is_followed_line_by_line_until_its_closing_fence() {
    let mut m = MarkdownText::new("intro\n\n~~~~python\nx = 1\n~~~\n");
    assert_eq!(blocks(&m), ["intro\n\n"]);
    assert_eq!(m.open_code(), Some(("~~~~python\n", "x = 1\n~~~\n")));
    m.append("  ~~~~~  \nafter\n\nmore");
    assert_eq!(m.open_code(), None);
    assert_eq!(
        blocks(&m),
        ["intro\n\n", "~~~~python\nx = 1\n~~~\n  ~~~~~  \n"]
    );
    assert_eq!(m.tail(), "after\n\nmore");
}

#[test]
fn carriage_returns_are_line_ends_even_split_across_deltas() {
    let mut m = MarkdownText::default();
    for piece in ["a\r", "\nb\r", "c\r\n", "\r"] {
        m.append(piece);
    }
    assert_eq!(m.as_str(), "a\nb\nc\n");
    assert!(
        !m.set("a\r\nb\rc\n"),
        "the same text, spelled with other line ends"
    );
}

#[test]
fn indented_code_keeps_its_indentation() {
    let m = MarkdownText::new("para\n\n    code\n\nnext\n");
    assert_eq!(blocks(&m), ["para\n\n", "    code\n\n"]);
}

#[test]
fn set_with_a_longer_text_keeps_the_blocks_and_a_different_text_starts_over() {
    let mut m = MarkdownText::new("a\n\nb\n\nc");
    assert_eq!(m.complete_blocks(), 1);
    assert!(!m.set("a\n\nb\n\nc"));
    assert!(m.set("a\n\nb\n\nc and more\n\nd\n"));
    assert_eq!(m.complete_blocks(), 3);
    assert!(m.set("other"));
    assert_eq!(m.complete_blocks(), 0);
    assert_eq!(m.tail(), "other");
}

/// A heading, or a paragraph or table and its blank line, is complete at the next line
/// that is not blank, without a parse; a link reference definition there is left to one.
#[test]
fn a_closed_block_ends_at_the_next_line_that_is_not_blank() {
    for source in [
        "## Title\n\n \t\nText after it.\n\n- item\n",
        "Para one\nstill one.\n\n\nPara two\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n# After\n",
        "Para\n\n[r]: http://e.com\n\nnext\n",
        "# H\n[r]: http://e.com\ntext\n",
        "Para\n\n\u{a0}\nnot blank\n",
    ] {
        check_streamed_like_whole(source, &[1]).unwrap();
        check_streamed_like_whole(source, &[3, 7]).unwrap();
    }
    let m = streamed("## Title\n\nText after it.\n\n- item\n", 1);
    assert_eq!(blocks(&m), ["## Title\n\n", "Text after it.\n\n"]);
}

/// The paragraph tail (`paragraph_tail`), streamed.
mod paragraph_properties {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        /// Lines followed without parsing split the text into the same blocks as a parse.
        #[test]
        fn a_streamed_paragraph_splits_like_the_whole_text(
            lines in prop::collection::vec(prop::sample::select(vec![
                "words and more words\n", "  indented words\n", "    four spaces\n", "a | b\n",
                "-|-\n", "===\n", "---\n", "\n", "# h\n", "- i\n", "2. x\n", "> q\n",
                "<div>\n", "x", "http://e.com/x\n", "  ## h2 ##\n",
                "#x\n", "    # not\n", "   \n", "\t\n", "\u{a0}\n", "| a |\n",
            ]), 0..30),
            cuts in prop::collection::vec(1usize..12, 1..20),
        ) {
            let source = lines.concat();
            if let Err(why) = crate::model::markdown_text::check_streamed_like_whole(&source, &cuts) {
                return Err(TestCaseError::fail(why));
            }
        }
    }
}

/// The table tail (`table_tail`), streamed.
mod table_properties {
    use proptest::prelude::*;

    /// Lines that start, continue and end tables (fences split differently streamed, on
    /// purpose: a closed fence is committed at once, so they are left out).
    fn line() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "| a | b |\n",
            "|---|:-:|\n",
            "| 1 | `x|y` |\n",
            "|\\| 2 |\n",
            "plain row\n",
            "a | b\n",
            "--|--\n",
            "\n",
            "|\n",
            "|  \n",
            "# h\n",
            "> q\n",
            "- i\n",
            "1. i\n",
            "---\n",
            "<div>\n",
            "    | indented |\n",
            "| 1 ",
            "x",
            "|",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        /// Rows followed without parsing split the text into the same blocks as a parse.
        #[test]
        fn a_streamed_table_splits_like_the_whole_text(
            lines in prop::collection::vec(line(), 0..30),
            cuts in prop::collection::vec(1usize..12, 1..20),
        ) {
            let source = lines.concat();
            if let Err(why) = crate::model::markdown_text::check_streamed_like_whole(&source, &cuts) {
                return Err(TestCaseError::fail(why));
            }
        }
    }
}
