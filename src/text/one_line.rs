//! Text reduced to one bounded line, for what must stay one line on screen whatever it quotes:
//! transcript notices, which name threads, paths, commands and the server's messages. A
//! resumed thread's first message pasted 300 lines long must not push the conversation off
//! screen.

use super::graphemes::clusters;

/// What ends a cut line.
pub(crate) const ELLIPSIS: &str = "…";

/// [`one_line`] made fit to show: its control characters as visible markers, never applied
/// (`sanitize::visible_line`, which looks only at what was kept).
pub(crate) fn visible_one_line(text: &str, columns: usize) -> String {
    super::sanitize::visible_line(&one_line(text, columns))
}

/// `text` as one line of at most `columns` columns: each run of line breaks (with the spaces
/// around it) becomes one space, and past `columns` the text is cut at a grapheme boundary and
/// ends with "…". Only what is kept is looked at (a huge text costs what the line shows), and a
/// cluster counts at least one column and its bytes are bounded too, so zero-width runs cannot
/// make the line long. Nothing is sanitised here: that is the renderer's (`sanitize`).
pub(crate) fn one_line(text: &str, columns: usize) -> String {
    let text = text.trim();
    let max_bytes = columns.saturating_mul(16);
    let mut out = String::new();
    let mut used = 0usize;
    let mut pending_space = false;
    for (cluster, width) in clusters(text) {
        if cluster.chars().any(is_line_break) || (pending_space && is_blank(cluster)) {
            pending_space = true;
            continue;
        }
        if pending_space {
            while out.ends_with([' ', '\t']) {
                out.pop();
                used = used.saturating_sub(1);
            }
            out.push(' ');
            used += 1;
            pending_space = false;
        }
        let width = width.max(1);
        if used + width > columns || out.len() + cluster.len() > max_bytes {
            return cut(out, used, columns);
        }
        out.push_str(cluster);
        used += width;
    }
    out
}

/// `out` (of `used` columns) ended with "…" within `columns`.
fn cut(mut out: String, mut used: usize, columns: usize) -> String {
    while used + 1 > columns {
        match out.pop() {
            Some(_) => used = used.saturating_sub(1),
            None => break,
        }
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push_str(ELLIPSIS);
    out
}

fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

fn is_blank(cluster: &str) -> bool {
    cluster.chars().all(|c| c == ' ' || c == '\t')
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn line_breaks_become_one_space() {
        assert_eq!(
            one_line("Run:\n  cargo test\r\n\ncargo build  ", 80),
            "Run: cargo test cargo build"
        );
        assert_eq!(one_line("a\u{2028}b\u{85}c", 80), "a b c");
    }

    #[test]
    fn a_long_text_is_cut_at_the_bound_with_an_ellipsis() {
        let paste = "line of a long paste\n".repeat(300);
        let line = one_line(&paste, 60);
        assert!(line.ends_with(ELLIPSIS), "{line}");
        assert!(line.width() <= 60, "{} columns", line.width());
        assert!(!line.contains('\n'));
        // Wide characters are not split and still fit.
        let wide = one_line(&"漢".repeat(100), 9);
        assert_eq!(wide, "漢漢漢漢…");
        assert!(wide.width() <= 9);
    }

    #[test]
    fn zero_width_runs_are_bounded_too() {
        let line = one_line(&"\u{200B}".repeat(100_000), 10);
        assert!(line.chars().count() <= 11, "{} chars", line.chars().count());
        let marks = format!("a{}", "\u{301}".repeat(100_000));
        assert!(one_line(&marks, 10).len() <= 10 * 16 + ELLIPSIS.len());
    }

    #[test]
    fn a_short_text_is_kept_as_it_is() {
        assert_eq!(
            one_line("Renamed this thread to x.", 80),
            "Renamed this thread to x."
        );
        assert_eq!(one_line("", 10), "");
        assert_eq!(one_line("abc", 0), ELLIPSIS);
    }
}
