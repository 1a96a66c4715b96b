//! Characters that take no visible place (tag characters, zero-width spaces, bidi controls,
//! variation selectors, fillers …), from Unicode's properties rather than a hand list (see
//! `unicode_tables.rs` and its generator), and the one place they belong: a valid emoji
//! sequence (a ZWJ family, a heart with VS16, a subdivision flag's tags), which stays one
//! grapheme and is drawn as the terminal draws it. Anywhere else they hide text: dropped on
//! screen, marked in questions.

use super::unicode_tables::{
    EMOJI_MODIFIER, EMOJI_VARIATION_BASE, EXTENDED_PICTOGRAPHIC, INVISIBLE,
};
use unicode_segmentation::UnicodeSegmentation;

const ZWJ: char = '\u{200d}';
const ZWNJ: char = '\u{200c}';
const VS15: char = '\u{fe0e}';
const VS16: char = '\u{fe0f}';
const KEYCAP: char = '\u{20e3}';
const BLACK_FLAG: char = '\u{1f3f4}';
const CANCEL_TAG: char = '\u{e007f}';

/// Whether `c` falls in one of `table`'s sorted, inclusive ranges.
pub(crate) fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `c` takes no visible place of its own (see `unicode_tables::INVISIBLE`).
pub(crate) fn is_invisible(c: char) -> bool {
    // The first invisible character is U+00AD: ASCII and Latin-1 letters stop here.
    c >= '\u{ad}' && in_table(INVISIBLE, c)
}

/// Whether `cluster` (one grapheme) is a valid emoji sequence: emoji joined by ZWJ, each with at
/// most one presentation selector and one skin tone; a keycap; a pair of regional indicators;
/// or a black flag with a tag sequence (a subdivision flag). UTS #51's grammar.
pub(crate) fn is_emoji_sequence(cluster: &str) -> bool {
    let mut chars = cluster.chars().peekable();
    loop {
        if !emoji_element(&mut chars) {
            return false;
        }
        match chars.next() {
            None => return true,
            Some(ZWJ) => continue,
            Some(_) => return false,
        }
    }
}

fn emoji_element(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> bool {
    let Some(base) = chars.next() else {
        return false;
    };
    let selector = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        chars.next_if(|&c| c == VS16 || c == VS15).is_some()
    };
    match base {
        '\u{1f1e6}'..='\u{1f1ff}' => chars
            .next_if(|c| matches!(c, '\u{1f1e6}'..='\u{1f1ff}'))
            .is_some(),
        '0'..='9' | '#' | '*' => {
            selector(chars);
            chars.next_if_eq(&KEYCAP).is_some()
        }
        BLACK_FLAG
            if chars
                .peek()
                .is_some_and(|c| matches!(c, '\u{e0020}'..='\u{e007e}')) =>
        {
            while chars
                .next_if(|c| matches!(c, '\u{e0020}'..='\u{e007e}'))
                .is_some()
            {}
            chars.next_if_eq(&CANCEL_TAG).is_some()
        }
        c if in_table(EXTENDED_PICTOGRAPHIC, c) || in_table(EMOJI_VARIATION_BASE, c) => {
            selector(chars);
            chars.next_if(|&c| in_table(EMOJI_MODIFIER, c));
            true
        }
        _ => false,
    }
}

/// The byte offsets in `text` of the invisible characters that belong where they are: those of
/// valid emoji sequences, and joiners (ZWJ, ZWNJ) between two letters, which scripts such as
/// Persian and Devanagari need. Empty (and cheap) for text without invisible characters.
pub(crate) fn kept(text: &str) -> Vec<usize> {
    let mut kept = Vec::new();
    if text.is_ascii() || !text.chars().any(is_invisible) {
        return kept;
    }
    for (at, cluster) in text.grapheme_indices(true) {
        if !cluster.chars().any(is_invisible) {
            continue;
        }
        if is_emoji_sequence(cluster) {
            kept.extend(
                cluster
                    .char_indices()
                    .filter(|&(_, c)| is_invisible(c))
                    .map(|(i, _)| at + i),
            );
            continue;
        }
        for (i, c) in cluster.char_indices() {
            if matches!(c, ZWJ | ZWNJ) {
                let before = text[..at + i].chars().next_back();
                let after = text[at + i + c.len_utf8()..].chars().next();
                if before.is_some_and(char::is_alphabetic) && after.is_some_and(char::is_alphabetic)
                {
                    kept.push(at + i);
                }
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invisible_set_comes_from_the_properties() {
        for c in [
            '\u{e0041}',
            '\u{e007f}',
            '\u{fff9}',
            '\u{fffb}',
            '\u{034f}',
            '\u{115f}',
            '\u{1160}',
            '\u{3164}',
            '\u{ffa0}',
            '\u{200b}',
            '\u{202e}',
            '\u{2066}',
            '\u{feff}',
            '\u{00ad}',
            '\u{2028}',
            '\u{fe0f}',
            '\u{180e}',
            '\u{1d173}',
        ] {
            assert!(is_invisible(c), "U+{:04X}", c as u32);
        }
        for c in ['a', 'é', '日', '👍', '\u{0600}', ' ', '\u{301}'] {
            assert!(!is_invisible(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn emoji_sequences_are_told_from_smuggled_characters() {
        for valid in [
            "👨\u{200d}👩\u{200d}👧",
            "👍🏽",
            "❤\u{fe0f}",
            "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}",
            "1\u{fe0f}\u{20e3}",
            "🇫🇷",
            "🏳\u{fe0f}\u{200d}🌈",
            "🧑🏽\u{200d}💻",
        ] {
            assert!(is_emoji_sequence(valid), "{valid:?}");
        }
        for invalid in [
            "a\u{200d}",
            "👍\u{200d}",
            "😀\u{fe0f}\u{fe0f}",
            "😀\u{e0100}\u{e0101}",
            "🏴\u{e0041}\u{e0042}",
            "a\u{e0041}\u{e007f}",
            "x\u{fe0f}",
        ] {
            assert!(!is_emoji_sequence(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn joiners_stay_between_letters_and_inside_emoji_only() {
        let text = "می\u{200c}خواهم a\u{200d} 👨\u{200d}👩 x\u{e0041}";
        let kept: Vec<char> = kept(text)
            .iter()
            .map(|&i| text[i..].chars().next().unwrap())
            .collect();
        assert_eq!(kept, ['\u{200c}', '\u{200d}']);
        assert!(super::kept("plain ascii").is_empty());
    }
}
