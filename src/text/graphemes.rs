//! Grapheme clusters as the unit of editing: an emoji ZWJ family, a thumbs-up with its skin
//! tone, a letter with its combining accents are one thing to step over and delete. Positions
//! are counted in characters (as the composer's text widget counts them).

use unicode_segmentation::GraphemeCursor;

/// The grapheme clusters of `text` with the columns each takes, as the terminal draws it: the
/// width of the whole cluster (an emoji with VS16 is two columns though its base alone is one).
pub(crate) fn clusters(text: &str) -> impl Iterator<Item = (&str, usize)> {
    use unicode_segmentation::UnicodeSegmentation;
    use unicode_width::UnicodeWidthStr;
    text.graphemes(true).map(|g| (g, g.width()))
}

fn byte_of(line: &str, col: usize) -> usize {
    line.char_indices().nth(col).map_or(line.len(), |(i, _)| i)
}

fn col_of(line: &str, byte: usize) -> usize {
    line[..byte].chars().count()
}

/// The character position of the grapheme boundary before `col` (`col` itself at 0).
pub(crate) fn boundary_before(line: &str, col: usize) -> usize {
    let at = byte_of(line, col);
    let mut cursor = GraphemeCursor::new(at, line.len(), true);
    match cursor.prev_boundary(line, 0) {
        Ok(Some(byte)) => col_of(line, byte),
        _ => col.min(line.chars().count()),
    }
}

/// The character position of the grapheme boundary after `col` (`col` itself at the end).
pub(crate) fn boundary_after(line: &str, col: usize) -> usize {
    let at = byte_of(line, col);
    let mut cursor = GraphemeCursor::new(at, line.len(), true);
    match cursor.next_boundary(line, 0) {
        Ok(Some(byte)) => col_of(line, byte),
        _ => col.min(line.chars().count()),
    }
}

/// `col` moved back to the start of the grapheme it falls inside (unchanged on a boundary).
#[cfg(test)]
pub(crate) fn snap(line: &str, col: usize) -> usize {
    let at = byte_of(line, col);
    let mut cursor = GraphemeCursor::new(at, line.len(), true);
    match cursor.is_boundary(line, 0) {
        Ok(true) | Err(_) => col,
        Ok(false) => boundary_before(line, col),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use unicode_segmentation::UnicodeSegmentation;

    #[test]
    fn an_emoji_family_is_one_step() {
        let line = "a👨\u{200d}👩\u{200d}👧b👍🏽";
        assert_eq!(boundary_after(line, 1), 6);
        assert_eq!(boundary_before(line, 6), 1);
        assert_eq!(boundary_after(line, 7), 9);
        assert_eq!(boundary_before(line, 9), 7);
        assert_eq!(snap(line, 3), 1);
        assert_eq!(boundary_after(line, 9), 9);
        assert_eq!(boundary_before(line, 0), 0);
    }

    fn pieces() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop::sample::select(vec![
                "a",
                "é",
                "e\u{301}",
                "👍",
                "👍🏽",
                "👨\u{200d}👩\u{200d}👧",
                "❤\u{fe0f}",
                "🇫🇷",
                "日",
                " ",
                "\u{200d}",
                "\u{fe0f}",
                "🏴\u{e0067}\u{e0062}\u{e0077}\u{e006c}\u{e0073}\u{e007f}",
            ]),
            0..12,
        )
        .prop_map(|p| p.concat())
    }

    proptest! {
        /// Stepping forward from the start visits exactly the grapheme boundaries, and back
        /// from the end the same ones in reverse.
        #[test]
        fn steps_land_on_grapheme_boundaries(line in pieces()) {
            let mut expected = vec![0];
            let mut col = 0;
            for g in line.graphemes(true) {
                col += g.chars().count();
                expected.push(col);
            }
            let mut forward = vec![0];
            let mut at = 0;
            while boundary_after(&line, at) != at {
                at = boundary_after(&line, at);
                forward.push(at);
            }
            prop_assert_eq!(&forward, &expected);
            let mut back = vec![at];
            while boundary_before(&line, at) != at {
                at = boundary_before(&line, at);
                back.push(at);
            }
            back.reverse();
            prop_assert_eq!(&back, &expected);
        }
    }
}
