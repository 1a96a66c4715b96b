//! Command output may colour itself with SGR escapes. Those are turned into ratatui styles;
//! every other escape and control is dropped by the same scanner as `sanitize_line` uses, so nothing
//! raw from the untrusted text can reach the terminal.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::text::sanitize::{scan_line, Scanned};
use crate::theme::terminal;

/// Splits `input` into lines, styling text by its SGR sequences patched onto `base`. The style
/// carries over from one line to the next, as it would in a terminal.
pub(crate) fn ansi_lines(input: &str, base: Style) -> Vec<Line<'static>> {
    let mut style = base;
    input
        .split('\n')
        .map(|line| styled_line(line.strip_suffix('\r').unwrap_or(line), base, &mut style))
        .collect()
}

fn styled_line(line: &str, base: Style, style: &mut Style) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    scan_line(line, |piece| match piece {
        Scanned::Char(c) => push(&mut spans, c, *style),
        // The terminal would overwrite what came before; SGR seen so far still counts.
        Scanned::Overwrite => spans.clear(),
        Scanned::Sgr(params) => *style = sgr(params, base, *style),
    });
    Line::from(spans)
}

/// Appends to the last span when the style is unchanged, so runs become one span.
fn push(spans: &mut Vec<Span<'static>>, c: char, style: Style) {
    match spans.last_mut() {
        Some(last) if last.style == style => last.content.to_mut().push(c),
        _ => spans.push(Span::styled(c.to_string(), style)),
    }
}

fn sgr(params: &str, base: Style, mut style: Style) -> Style {
    let mut groups = params.split(';');
    while let Some(group) = groups.next() {
        let mut subs = group.split(':');
        // An empty parameter means 0; an unparsable (overflowing) one is ignored.
        let code = match subs.next().unwrap_or_default() {
            "" => 0,
            s => s.parse::<u32>().unwrap_or(u32::MAX),
        };
        let colour = match code {
            38 | 48 if group.contains(':') => colour(&subs.collect::<Vec<_>>()),
            // In the `;` form the colour's own parameters follow as further groups.
            38 | 48 => {
                let mode = groups.next();
                let len = match mode {
                    Some("5") => 1,
                    Some("2") => 3,
                    _ => 0,
                };
                let params: Vec<_> = mode.into_iter().chain(groups.by_ref().take(len)).collect();
                colour(&params)
            }
            _ => None,
        };
        match code {
            0 => style = base,
            1 => style = style.add_modifier(Modifier::BOLD),
            2 => style = style.add_modifier(Modifier::DIM),
            3 => style = style.add_modifier(Modifier::ITALIC),
            // `4:n` picks an underline shape; `4:0` means none.
            4 if group == "4:0" => style = restore(style, base, Modifier::UNDERLINED),
            4 => style = style.add_modifier(Modifier::UNDERLINED),
            7 => style = style.add_modifier(Modifier::REVERSED),
            9 => style = style.add_modifier(Modifier::CROSSED_OUT),
            22 => style = restore(style, base, Modifier::BOLD | Modifier::DIM),
            23 => style = restore(style, base, Modifier::ITALIC),
            24 => style = restore(style, base, Modifier::UNDERLINED),
            27 => style = restore(style, base, Modifier::REVERSED),
            29 => style = restore(style, base, Modifier::CROSSED_OUT),
            30..=37 | 90..=97 => style.fg = terminal::sgr(code),
            40..=47 | 100..=107 => style.bg = terminal::sgr(code),
            38 => style.fg = colour.or(style.fg),
            48 => style.bg = colour.or(style.bg),
            39 => style.fg = base.fg,
            49 => style.bg = base.bg,
            _ => {}
        }
    }
    style
}

/// "Off" codes return to the base's own state for those modifiers rather than forcing them off,
/// just as 39 and 49 return to the base colours.
fn restore(style: Style, base: Style, m: Modifier) -> Style {
    Style {
        add_modifier: (style.add_modifier - m) | (base.add_modifier & m),
        sub_modifier: (style.sub_modifier - m) | (base.sub_modifier & m),
        ..style
    }
}

/// The parameters after 38 or 48: `5 n` or `2 r g b`, where the `:` form may put a colour
/// space id before `r`. Anything missing or out of range gives no colour.
fn colour(params: &[&str]) -> Option<Color> {
    let byte = |i: usize| params.get(i)?.parse::<u8>().ok();
    match *params.first()? {
        "5" => Some(terminal::indexed(byte(1)?)),
        "2" => {
            let r = if params.len() > 4 { 2 } else { 1 };
            Some(terminal::rgb(byte(r)?, byte(r + 1)?, byte(r + 2)?))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::sanitize::sanitize_text;
    use ratatui::style::Stylize;

    const N: Style = Style::new();

    /// Asserts the (text, style) spans of a one-line output, from an unstyled base.
    fn check(input: &str, want: &[(&str, Style)]) {
        let lines = ansi_lines(input, N);
        let spans = &lines[0].spans;
        let got: Vec<_> = spans.iter().map(|s| (&*s.content, s.style)).collect();
        assert_eq!((lines.len(), got), (1, want.to_vec()), "{input:?}");
    }

    #[test]
    fn colours_modifiers_and_reset() {
        let all = N.dim().italic().underlined().reversed().crossed_out();
        check("a\x1b[31mr\x1b[m b", &[("a", N), ("r", N.red()), (" b", N)]);
        let want = [("x", N.bold().white().on_blue()), ("y", N.on_blue())];
        check("\x1b[1;97;44mx\x1b[22;39my", &want);
        let (on, off) = ("\x1b[2;3;4:3;7;9;90;100m", "\x1b[23;4:0;27;29;22;39;49m");
        let want = [("v", all.dark_gray().on_dark_gray()), ("w", N)];
        check(&format!("{on}v{off}w"), &want);
        // Repeated and empty runs merge; 37 is Gray; the C1 CSI works too.
        check("\x1b[31ma\x1b[31m\x1b[1;0;31mb\x1b[m", &[("ab", N.red())]);
        check("\u{9b}37mx", &[("x", N.gray())]);
        // "Off", "default" and reset codes return to the base, not to nothing.
        let base = N.green().italic();
        let got = ansi_lines("\x1b[31;1;23mx\x1b[39;22my\x1b[0mz", base);
        assert_eq!(got[0].spans.len(), 2);
        assert_eq!(got[0].spans[0], Span::styled("x", base.red().bold()));
        assert_eq!(got[0].spans[1], Span::styled("yz", base));
    }

    #[test]
    fn indexed_and_truecolor() {
        let rgb = [("x", N.fg(terminal::rgb(1, 2, 3)))];
        check("\x1b[38;5;196mx", &[("x", N.fg(terminal::indexed(196)))]);
        check("\x1b[48;2;1;2;3mx", &[("x", N.bg(terminal::rgb(1, 2, 3)))]);
        check("\x1b[38;2;1;2;3mx", &rgb);
        check("\x1b[38:2::1:2:3mx", &rgb);
        check("\x1b[38:2:1:2:3mx", &rgb);
        check(
            "\x1b[38:5:7;1mx",
            &[("x", N.fg(terminal::indexed(7)).bold())],
        );
    }

    #[test]
    fn style_carries_across_lines_and_crlf_ends_a_line() {
        let lines = ansi_lines("\x1b[31mone\r\ntwo\x1b[0m\n3", N);
        let want: [Line; 3] = ["one".red().into(), "two".red().into(), "3".into()];
        assert_eq!(lines, want);
    }

    #[test]
    fn other_escapes_are_dropped() {
        let xy = [("xy", N)];
        check("x\x1b]0;title\x07y", &xy);
        check("x\x1b]52;c;ZGF0YQ==\x07y", &xy);
        check("x\x1b[2J\x1b[?25l\x1b[>4;1m\x1b(B\x1bP1$r\x1b\\y", &xy);
        check("x\u{9d}8;;http://e\u{9c}\x07\0\x7f\x1b[31Ky\x1b", &xy);
    }

    #[test]
    fn carriage_return_overwrites_but_keeps_style_and_tabs_expand() {
        check("10%\x1b[31m\r100%", &[("100%", N.red())]);
        check("ab\tc\rx\ty\r", &[("x   y", N)]);
    }

    #[test]
    fn malformed_params_are_ignored() {
        let huge = "99999999999999999999";
        for params in "38;5 38;5;256 38;2;1;2 48;2;999;0;0 38:2 38:5: 38;7 ;;".split(' ') {
            check(&format!("\x1b[{params}mx\x1b[{huge}my"), &[("xy", N)]);
        }
        // Only the bad parameter is skipped: the one after it still applies.
        check(&format!("\x1b[{huge};1mx"), &[("x", N.bold())]);
    }

    #[test]
    fn random_input_never_yields_controls() {
        // Random bytes alone almost never form a whole sequence, so most steps add a fragment
        // of escape syntax (whole SGRs, openers, terminators) instead of a byte.
        let pieces =
            b"\x1b[31m \xc2\x9b1;4m \x1b[38;5; 48:2:: 2; m ab \n \r \t \x1b] \xc2\x9d \x07 \x1b";
        let pieces: Vec<&[u8]> = pieces.split(|&b| b == b' ').collect();
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..5000 {
            let mut bytes = Vec::new();
            for _ in 0..next() % 40 {
                match next() {
                    n if n % 8 == 0 => bytes.push((n >> 8) as u8),
                    n => bytes.extend_from_slice(pieces[(n >> 8) as usize % pieces.len()]),
                }
            }
            let input = String::from_utf8_lossy(&bytes);
            for span in ansi_lines(&input, N).iter().flat_map(|l| &l.spans) {
                let bad = span.content.is_empty() || span.content.chars().any(char::is_control);
                assert!(!bad, "{input:?}");
            }
            // Bare `\r` aside (see `styled_line`), exactly sanitize_text's text is kept.
            let input = input.replace('\r', "");
            let text: Vec<String> = ansi_lines(&input, N).iter().map(Line::to_string).collect();
            assert_eq!(text, sanitize_text(&input), "{input:?}");
        }
    }
}
