//! Text from the model, commands and files is untrusted: control characters and escape
//! sequences must never reach the terminal raw (they could retitle the window, write the
//! clipboard or forge hyperlinks). Everything shown passes through here.

/// Removes escape sequences (CSI, OSC, DCS, and the rest), C0 and C1 controls and DEL. Tabs
/// become spaces up to the next multiple of four; a `\r` that is not part of `\r\n` drops what
/// came before it on the line, as a terminal would have overwritten it.
pub fn sanitize_line(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut chars = input.chars().peekable();
    let mut column = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\t' => {
                let pad = 4 - column % 4;
                out.extend(std::iter::repeat_n(' ', pad));
                column += pad;
            }
            // A carriage return followed by more text overwrote the line so far; a trailing one
            // (from `\r\n`) overwrote nothing. Handled in order, so a `\r` inside an escape
            // sequence's body is swallowed with it.
            '\r' => {
                if chars.peek().is_some() {
                    out.clear();
                    column = 0;
                }
            }
            '\u{1b}' => skip_escape(&mut chars),
            // C1 string starters (DCS, SOS, OSC, PM, APC) swallow until their terminator.
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\u{9b}' => skip_csi(&mut chars),
            c if c.is_control() => {}
            c => {
                out.push(c);
                column += 1;
            }
        }
    }
    out
}

/// Sanitizes multi-line text, keeping the line structure.
pub fn sanitize_text(input: &str) -> Vec<String> {
    input.split('\n').map(sanitize_line).collect()
}

pub(super) fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => skip_csi(chars),
        Some(']' | 'P' | 'X' | '^' | '_') => skip_string(chars),
        // Two-byte sequences (ESC 7, ESC c …) and charset selections (ESC ( B).
        Some('(' | ')' | '*' | '+' | '#' | '%' | ' ') => {
            chars.next();
        }
        _ => {}
    }
}

fn skip_csi(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    for c in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) {
            return;
        }
    }
}

pub(super) fn skip_string(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => return,
            '\u{1b}' if chars.peek() == Some(&'\\') => {
                chars.next();
                return;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_controls_are_removed() {
        assert_eq!(sanitize_line("a\u{1b}[31mred\u{1b}[0m b"), "ared b");
        assert_eq!(sanitize_line("x\u{1b}]0;evil title\u{7}y"), "xy");
        assert_eq!(sanitize_line("x\u{1b}]52;c;aGk=\u{1b}\\y"), "xy");
        assert_eq!(sanitize_line("x\u{1b}P1$r\u{1b}\\y"), "xy");
        assert_eq!(sanitize_line("x\u{9b}2Jy\u{9d}8;;http://e\u{9c}z"), "xyz");
        assert_eq!(sanitize_line("bell\u{7}\u{0}\u{7f}"), "bell");
        assert_eq!(sanitize_line("lone \u{1b}"), "lone ");
    }

    #[test]
    fn carriage_return_overwrites_and_tabs_expand() {
        assert_eq!(
            sanitize_line("progress 10%\rprogress 100%"),
            "progress 100%"
        );
        assert_eq!(sanitize_line("crlf line\r"), "crlf line");
        assert_eq!(sanitize_line("a\rb\r"), "b");
        assert_eq!(sanitize_line("x\u{1b}]0;a\rCD\u{7}y"), "xy");
        assert_eq!(sanitize_line("a\tb"), "a   b");
    }
}
