//! Sizes that come from the server (a model name's length, the number of models, a command's
//! lines) made safe for the screen. A `usize` cast to `u16` wraps (70,000 rows scroll to row
//! 4,464), `u16` arithmetic overflows, and a width over 65,535 passed to `format!` panics: every
//! count, width or offset that may hold server data goes through these before it reaches a
//! cast, a format width or a scroll offset.

use unicode_width::UnicodeWidthStr;

/// `n` as a terminal dimension: saturates at `u16::MAX` instead of wrapping.
pub(crate) fn cells(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// `text` followed by spaces up to `width` display columns (nothing added when it is wider).
/// Replaces `format!("{text:<width$}")`, which panics for a width over 65,535 and counts
/// characters rather than columns (a wide CJK name would misalign the column).
pub(crate) fn pad_to(text: &str, width: usize) -> String {
    let shown = text.width();
    let mut out = String::with_capacity(text.len() + width.saturating_sub(shown));
    out.push_str(text);
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(shown)));
    out
}

/// The rows of `items` a view of `rows` rows shows from `offset` on, clamped to the list: the
/// slice to draw instead of a `Paragraph::scroll`, whose offset is a `u16`.
pub(crate) fn window<T>(items: &[T], offset: usize, rows: usize) -> &[T] {
    let start = offset.min(items.len());
    let end = start.saturating_add(rows).min(items.len());
    &items[start..end]
}

/// The first row to show so that row `selected` is in a view of `rows` rows (the view follows
/// the selection to the bottom edge).
pub(crate) fn follow(selected: usize, rows: usize) -> usize {
    selected.saturating_add(1).saturating_sub(rows.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casts_saturate_and_padding_never_panics() {
        assert_eq!(cells(70_000), u16::MAX);
        assert_eq!(cells(12), 12);
        assert_eq!(pad_to("ab", 70_000).len(), 70_000);
        assert_eq!(pad_to("日本", 6), "日本  ");
        assert_eq!(pad_to("long", 2), "long");
    }

    #[test]
    fn windows_are_clamped_to_the_list() {
        let items: Vec<usize> = (0..70_000).collect();
        assert_eq!(window(&items, 69_998, 5), &[69_998, 69_999]);
        assert_eq!(window(&items, 80_000, 5), &[] as &[usize]);
        assert_eq!(window(&items, usize::MAX, usize::MAX), &[] as &[usize]);
        assert_eq!(follow(69_999, 10), 69_990);
        assert_eq!(follow(3, 10), 0);
        assert_eq!(follow(usize::MAX, 0), usize::MAX - 1);
    }
}
