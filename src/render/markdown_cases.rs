//! CommonMark nesting cases side by side with the official Codex TUI
//! (`codex-rs/tui/src/markdown_render_tests.rs` in openai/codex): each case gives the official
//! TUI's lines (its markers `-` and `>`) and ours (`•`, `◦` and `│`); the blocks sit in the
//! same places. Where tern differs on purpose it says so.

use super::markdown::render_markdown;
use crate::model::Theme;

fn plain(source: &str, width: u16) -> Vec<String> {
    render_markdown(source, width, Theme::Dark)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

/// (markdown, the official TUI's lines, ours)
const CASES: &[(&str, &[&str], &[&str])] = &[
    // Soft breaks are kept: agents write line by line.
    (
        "Run:\ncargo test\ncargo build",
        &["Run:", "cargo test", "cargo build"],
        &["Run:", "cargo test", "cargo build"],
    ),
    (
        "- item line1\n  item line2\n",
        &["- item line1", "  item line2"],
        &["• item line1", "  item line2"],
    ),
    (
        "1. Foo\n   Bar\n",
        &["1. Foo", "   Bar"],
        &["1. Foo", "   Bar"],
    ),
    (
        "> This is a blockquote\nwith a soft break\n",
        &["> This is a blockquote", "> with a soft break"],
        &["│ This is a blockquote", "│ with a soft break"],
    ),
    // Lists in quotes.
    (
        "> - item 1\n> - item 2\n",
        &["> - item 1", "> - item 2"],
        &["│ • item 1", "│ • item 2"],
    ),
    (
        "> 1. first\n> 2. second\n",
        &["> 1. first", "> 2. second"],
        &["│ 1. first", "│ 2. second"],
    ),
    // Quotes in lists.
    (
        "> - parent\n>   > child\n",
        &["> - parent", ">   > child"],
        &["│ • parent", "│   │ child"],
    ),
    ("1. > quoted\n", &["1. > quoted"], &["1. │ quoted"]),
    ("1.\n   > quoted\n", &["1. > quoted"], &["1. │ quoted"]),
    ("-\n  > quoted\n", &["- > quoted"], &["• │ quoted"]),
    (
        "1.\n   > para 1\n   >\n   > para 2\n",
        &["1. > para 1", "   > ", "   > para 2"],
        &["1. │ para 1", "   │", "   │ para 2"],
    ),
    // tern nests a list three columns in (the official TUI four).
    (
        "1. A\n    - B\n      > inner\n",
        &["1. A", "    - B", "      > inner"],
        &["1. A", "   ◦ B", "     │ inner"],
    ),
    (
        "1. before\n   > quoted\n",
        &["1. before", "   > quoted"],
        &["1. before", "   │ quoted"],
    ),
    (
        "1.\n   > quoted\n   after\n",
        &["1. > quoted", "   > after"],
        &["1. │ quoted", "   │ after"],
    ),
    (
        "1. before\n   > quoted\n   after\n",
        &["1. before", "   > quoted", "   > after"],
        &["1. before", "   │ quoted", "   │ after"],
    ),
    // Code in quotes and in lists.
    ("> ```\n> code\n> ```\n", &["> code"], &["│ code"]),
    (
        "> ```\n> first\n> second\n> ```\n",
        &["> first", "> second"],
        &["│ first", "│ second"],
    ),
    (
        "- Item\n\n  ```\n  code line\n  ```\n",
        &["- Item", "", "  code line"],
        &["• Item", "", "  code line"],
    ),
    (
        "- Item\n\n  ```\n  first\n  second\n  ```\n",
        &["- Item", "", "  first", "  second"],
        &["• Item", "", "  first", "  second"],
    ),
    // Loose and tight items.
    (
        "1. First paragraph\n\n   Second paragraph of same item\n\n2. Next item\n",
        &[
            "1. First paragraph",
            "",
            "   Second paragraph of same item",
            "2. Next item",
        ],
        &[
            "1. First paragraph",
            "",
            "   Second paragraph of same item",
            "2. Next item",
        ],
    ),
    (
        "- Intro\n\n  Continuation paragraph line 1\n  Continuation paragraph line 2\n",
        &[
            "- Intro",
            "",
            "  Continuation paragraph line 1",
            "  Continuation paragraph line 2",
        ],
        &[
            "• Intro",
            "",
            "  Continuation paragraph line 1",
            "  Continuation paragraph line 2",
        ],
    ),
    (
        "1. A\n    - B\n\n      Continuation for B\n2. C\n",
        &["1. A", "    - B", "", "      Continuation for B", "2. C"],
        &["1. A", "   ◦ B", "", "     Continuation for B", "2. C"],
    ),
    (
        "1. First\n\n2. Second\n",
        &["1. First", "2. Second"],
        &["1. First", "2. Second"],
    ),
    // Nested quotes and lists.
    (
        "> Level 1\n>> Level 2\n",
        &["> Level 1", "> ", "> > Level 2"],
        &["│ Level 1", "│", "│ │ Level 2"],
    ),
    (
        "> > - deep\n> >   - deeper\n",
        &["> > - deep", "> >     - deeper"],
        &["│ │ • deep", "│ │    ◦ deeper"],
    ),
    // Task lists (the official TUI drops the box).
    (
        "- [ ] todo\n- [x] done\n",
        &["- todo", "- done"],
        &["• ☐ todo", "• ☑ done"],
    ),
];

#[test]
fn nesting_cases_place_each_block_where_its_container_is() {
    for (source, official, ours) in CASES {
        assert_eq!(
            official.len(),
            ours.len(),
            "{source:?}: the same number of lines"
        );
        assert_eq!(&plain(source, 80), ours, "{source:?}");
    }
}

#[test]
fn table_columns_are_aligned_as_their_delimiters_say() {
    let lines = plain(
        "| Left | Center | Right |\n|:-----|:------:|------:|\n| a | b | c |\n",
        80,
    );
    // The official TUI: "│ a    │   b    │     c │".
    assert_eq!(lines[2], "a    │   b    │     c");
    assert_eq!(lines[0], "Left │ Center │ Right");
}

#[test]
fn a_table_inside_a_quote_or_an_item_keeps_its_container() {
    let lines = plain("> | A | B |\n> |---|---|\n> | 1 | 2 |\n", 80);
    assert!(lines.iter().all(|l| l.starts_with("│ ")), "{lines:?}");
    let lines = plain("- x\n\n  | A | B |\n  |---|---|\n  | 1 | 2 |\n", 80);
    assert_eq!(lines, ["• x", "", "  A │ B", "  ──┼──", "  1 │ 2"]);
}
