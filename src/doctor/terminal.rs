//! The terminal, for the doctor: what its environment says (colours, hyperlinks, a multiplexer),
//! and — for `tern doctor`, run in the terminal itself — what it answers when asked: the kitty
//! keyboard protocol (`CSI ? u`), OSC 52 clipboard writes (XTGETTCAP `Ms`), kitty graphics (a
//! graphics query) and sixel (primary device attributes, which every terminal answers, so they
//! also end the wait). An image protocol is listed only when the terminal answered for one.

use std::time::Duration;

/// What the terminal answered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Answers {
    /// It answered primary device attributes at all (else it answered nothing in time).
    pub answered: bool,
    pub kitty_keyboard: bool,
    /// XTGETTCAP `Ms`: `Some(true)` it has the clipboard capability, `Some(false)` it said it
    /// has not, `None` it does not answer XTGETTCAP.
    pub clipboard: Option<bool>,
    pub kitty_graphics: bool,
    pub sixel: bool,
}

/// The queries, ending with primary device attributes.
pub const QUERIES: &str =
    "\x1b[?u\x1bP+q4d73\x1b\\\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\\x1b[c";

/// Reads what a terminal answered to [`QUERIES`].
pub fn parse(reply: &[u8]) -> Answers {
    let text = String::from_utf8_lossy(reply);
    let mut answers = Answers::default();
    // `ESC [ ? flags u`: the kitty keyboard protocol's flags.
    let mut rest = text.as_ref();
    while let Some(at) = rest.find("\x1b[?") {
        let params: String = rest[at + 3..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ';')
            .collect();
        let end = rest[at + 3 + params.len()..].chars().next();
        match end {
            Some('u') => answers.kitty_keyboard = true,
            Some('c') => {
                answers.answered = true;
                answers.sixel = params.split(';').any(|p| p == "4");
            }
            _ => {}
        }
        rest = &rest[at + 3..];
    }
    if text.contains("\x1bP1+r4d73") {
        answers.clipboard = Some(true);
    } else if text.contains("\x1bP0+r") {
        answers.clipboard = Some(false);
    }
    answers.kitty_graphics = text.contains("\x1b_Gi=31;OK");
    answers
}

/// Asks the terminal on stdin/stdout, waiting at most `wait` for its answers. `None` when this
/// is not a terminal.
pub fn ask(wait: Duration) -> Option<Answers> {
    use std::io::{IsTerminal, Write};
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return None;
    }
    crossterm::terminal::enable_raw_mode().ok()?;
    let mut out = std::io::stdout();
    let _ = out.write_all(QUERIES.as_bytes());
    let _ = out.flush();
    let reply = read_until_attributes(wait);
    let _ = crossterm::terminal::disable_raw_mode();
    Some(parse(&reply))
}

/// Reads stdin until the device attributes answer (`ESC [ ? … c`) or `wait` passes.
fn read_until_attributes(wait: Duration) -> Vec<u8> {
    let deadline = std::time::Instant::now() + wait;
    let mut reply = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        let mut poll = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = i32::try_from(left.as_millis()).unwrap_or(i32::MAX).max(1);
        // SAFETY: one valid pollfd for stdin, for the length given.
        let ready = unsafe { libc::poll(&mut poll, 1, ms) };
        if ready <= 0 {
            break;
        }
        let mut buf = [0u8; 512];
        // SAFETY: reading into a buffer of the size given.
        let n = unsafe { libc::read(0, buf.as_mut_ptr().cast(), buf.len()) };
        if n <= 0 {
            break;
        }
        reply.extend_from_slice(&buf[..n as usize]);
        if parse(&reply).answered || reply.len() > 64 * 1024 {
            break;
        }
    }
    reply
}

/// The terminal's rows for the report: the environment's word, and the answers when asked.
pub fn rows(answers: Option<&Answers>, keyboard_in_session: Option<&str>) -> Vec<(String, String)> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let mut rows = Vec::new();
    rows.push((
        "TERM".into(),
        var("TERM").unwrap_or_else(|| "(not set)".into()),
    ));
    if let Some(program) = var("TERM_PROGRAM") {
        let version = var("TERM_PROGRAM_VERSION").unwrap_or_default();
        rows.push((
            "program".into(),
            format!("{program} {version}").trim().into(),
        ));
    }
    if var("TMUX").is_some() || var("STY").is_some() {
        rows.push((
            "multiplexer".into(),
            "tmux or screen: queries reach the multiplexer, not always the terminal".into(),
        ));
    }
    let colours = if var("NO_COLOR").is_some() {
        "off (NO_COLOR)".to_string()
    } else if var("COLORTERM").is_some_and(|c| c == "truecolor" || c == "24bit") {
        "24-bit (COLORTERM)".to_string()
    } else if var("TERM").is_some_and(|t| t.contains("256color")) {
        "256 (TERM)".to_string()
    } else {
        "16 (nothing says more)".to_string()
    };
    rows.push(("colours".into(), colours));
    rows.push((
        "hyperlinks".into(),
        if crate::runtime::hyperlinks::enabled() {
            "OSC 8, on".into()
        } else {
            "off (TERN_HYPERLINKS=0, or a console without them)".into()
        },
    ));
    rows.push(super::passthrough::row());
    let keyboard = match (answers, keyboard_in_session) {
        // What this session negotiated (`runtime::keyboard_modes`).
        (_, Some(negotiated)) => negotiated,
        (Some(a), _) if a.kitty_keyboard => {
            "kitty protocol (Shift+Enter and key repeats are told apart)"
        }
        (Some(a), _) if a.answered => "legacy (Shift+Enter reads as Enter: use Alt+Enter)",
        _ => "not asked (the terminal did not answer)",
    };
    rows.push(("keyboard".into(), keyboard.into()));
    rows.push((
        "clipboard".into(),
        match answers.and_then(|a| a.clipboard) {
            Some(true) => "OSC 52: the terminal says it allows it".into(),
            Some(false) => {
                "OSC 52: the terminal says it does not (/copy also prints on exit)".into()
            }
            None if answers.is_some_and(|a| a.answered) => {
                "OSC 52: tern writes it; the terminal does not say whether it allows it".into()
            }
            None => "OSC 52: tern writes it (`tern doctor` asks the terminal whether it allows it)"
                .into(),
        },
    ));
    if let Some(answers) = answers {
        let mut images = Vec::new();
        if answers.kitty_graphics {
            images.push("kitty graphics");
        }
        if answers.sixel {
            images.push("sixel");
        }
        if !images.is_empty() {
            rows.push(("images".into(), images.join(", ")));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_from_what_the_terminal_sent_back() {
        let kitty = parse(b"\x1b[?1u\x1bP1+r4d73=\x1b\\\x1b_Gi=31;OK\x1b\\\x1b[?62;22c");
        assert_eq!(
            kitty,
            Answers {
                answered: true,
                kitty_keyboard: true,
                clipboard: Some(true),
                kitty_graphics: true,
                sixel: false,
            }
        );
        let xterm = parse(b"\x1bP0+r\x1b\\\x1b[?63;1;2;4;6c");
        assert!(xterm.answered && xterm.sixel && !xterm.kitty_keyboard);
        assert_eq!(xterm.clipboard, Some(false));
        let silent = parse(b"");
        assert!(!silent.answered);
        let rows = rows(Some(&silent), None);
        assert!(!rows.iter().any(|(label, _)| label == "images"), "{rows:?}");
    }
}
