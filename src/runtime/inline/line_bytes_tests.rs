use super::*;
use crate::runtime::inline::rows::row_bytes;
use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Stylize};
use ratatui::text::Span;

/// The way the bytes were made before: the line set into a buffer row, the policies applied
/// over it, the row painted.
fn through_a_buffer(line: &Line<'_>, width: u16, policy: CellPolicy) -> Vec<u8> {
    let mut buffer = Buffer::empty(Rect::new(0, 0, width, 1));
    buffer.set_line(0, 0, line, width);
    policy.apply(&mut buffer);
    row_bytes(&buffer, 0)
}

fn direct(line: &Line<'_>, width: u16, policy: CellPolicy) -> Vec<u8> {
    let mut out = Vec::new();
    line_bytes(&mut out, line, width, policy);
    out
}

const PIECES: &[&str] = &[
    "fn main() {",
    "  ",
    " ",
    "表",
    "漢字",
    "e\u{301}",
    "\u{301}",
    "👩\u{200d}💻",
    "\u{1b}[31m",
    "\t",
    "─",
    "•",
    "…",
    "✔",
    "→",
    "·",
    "tail ",
    "  end  ",
    "",
    "\u{7f}",
    "ab\r\ncd",
    "🙂",
];

fn a_style() -> impl Strategy<Value = Style> {
    let colour = prop_oneof![
        Just(None),
        Just(Some(Color::Reset)),
        Just(Some(Color::Red)),
        (0u8..=255).prop_map(|n| Some(Color::Indexed(n))),
        (any::<u8>(), any::<u8>()).prop_map(|(r, g)| Some(Color::Rgb(r, g, 9))),
    ];
    (colour.clone(), colour, 0u16..64).prop_map(|(fg, bg, bits)| {
        let style = Style {
            fg,
            bg,
            ..Style::default()
        };
        style.add_modifier(Modifier::from_bits_truncate(bits & 0b1_0101))
    })
}

fn a_line() -> impl Strategy<Value = Line<'static>> {
    let span = (prop::collection::vec(0..PIECES.len(), 0..5), a_style()).prop_map(|(at, style)| {
        Span::styled(at.iter().map(|&i| PIECES[i]).collect::<String>(), style)
    });
    (prop::collection::vec(span, 0..6), a_style())
        .prop_map(|(spans, style)| Line::from(spans).style(style))
}

proptest! {
    // Failures are not written to a file beside the crate (the project's top level is fixed):
    // a case found is kept as a test of its own, as the one below.
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_bytes_are_those_of_the_line_painted_through_a_buffer(
        line in a_line(),
        width in 1u16..40,
        no_color: bool,
        sixteen: bool,
        spoken: bool,
    ) {
        let policy = CellPolicy::new(no_color, sixteen, spoken);
        prop_assert_eq!(direct(&line, width, policy), through_a_buffer(&line, width, policy));
    }
}

#[test]
fn an_empty_styled_span_paints_nothing() {
    // The case the property test first found: an empty span's style was switched to.
    let line = Line::from(Span::default().bold());
    let policy = CellPolicy::new(false, false, false);
    assert_eq!(direct(&line, 1, policy), through_a_buffer(&line, 1, policy));
    assert!(direct(&line, 1, policy).is_empty());
}

#[test]
fn a_line_of_plain_words_is_copied_whole_and_cut_at_the_width() {
    let line = Line::from(vec!["hello ".into(), "world".bold(), "   ".into()]);
    let policy = CellPolicy::new(false, false, false);
    let bytes = direct(&line, 80, policy);
    let mut parser = vt100::Parser::new(1, 80, 0);
    parser.process(&bytes);
    assert_eq!(parser.screen().contents(), "hello world");
    assert!(parser.screen().cell(0, 6).unwrap().bold());
    assert!(
        !bytes.ends_with(b"   \x1b[0m"),
        "trailing blanks are not painted"
    );
    let cut = direct(&line, 8, policy);
    let mut parser = vt100::Parser::new(1, 80, 0);
    parser.process(&cut);
    assert_eq!(parser.screen().contents(), "hello wo");
}

#[test]
fn controls_in_a_span_are_never_written() {
    let line = Line::from("a\u{1b}]0;title\u{7}b\u{1b}[2Jc");
    let bytes = direct(&line, 80, CellPolicy::new(false, false, false));
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        !text.contains('\u{7}') && !text.contains("\u{1b}]") && !text.contains("\u{1b}[2J"),
        "{text:?}"
    );
}
