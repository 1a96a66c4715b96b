//! Keys typed while tern starts. The capability query (`graphics_query`) reads the terminal's
//! input itself, before crossterm's reader exists, so whatever the person typed meanwhile (and
//! what they typed before raw mode, which waits in the terminal's buffer) arrives mixed with
//! the terminal's answers. [`split`] takes the answers out and [`events`] turns the rest into
//! the events crossterm would have made of it, so those keys reach the app first, in order.
//!
//! The bytes come before any keyboard protocol is asked for, so they are the legacy
//! encoding: text, control characters, CSI and SS3 sequences, bracketed paste and focus
//! reports (both are switched on before the query). What is not understood is dropped.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// `bytes` without the terminal's answers to the query: string controls (`ESC _ … ESC \`,
/// `ESC P … ESC \`) and Device Attributes (`ESC [ ? … c`).
pub(crate) fn split(bytes: &[u8]) -> Vec<u8> {
    let mut typed = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest.starts_with(b"\x1b_") || rest.starts_with(b"\x1bP") {
            at += match find(rest, b"\x1b\\") {
                Some(end) => end + 2,
                None => rest.len(),
            };
            continue;
        }
        if rest.starts_with(b"\x1b[?") {
            let params = rest[3..]
                .iter()
                .take_while(|b| b.is_ascii_digit() || **b == b';')
                .count();
            if rest.get(3 + params) == Some(&b'c') {
                at += 3 + params + 1;
                continue;
            }
        }
        typed.push(bytes[at]);
        at += 1;
    }
    typed
}

/// The events the typed `bytes` stand for, in order.
pub(crate) fn events(bytes: &[u8]) -> Vec<Event> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let (event, used) = one(&bytes[at..]);
        out.extend(event);
        at += used.max(1);
    }
    out
}

const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// The event at the start of `bytes`, if any, and how many bytes it took.
fn one(bytes: &[u8]) -> (Option<Event>, usize) {
    if bytes.starts_with(PASTE_START) {
        let body = &bytes[PASTE_START.len()..];
        let (text, used) = match find(body, PASTE_END) {
            Some(end) => (&body[..end], end + PASTE_END.len()),
            None => (body, body.len()),
        };
        let text = String::from_utf8_lossy(text).into_owned();
        return (Some(Event::Paste(text)), PASTE_START.len() + used);
    }
    match bytes[0] {
        0x1b => escape(bytes),
        b'\r' | b'\n' => (key(KeyCode::Enter, KeyModifiers::NONE), 1),
        b'\t' => (key(KeyCode::Tab, KeyModifiers::NONE), 1),
        0x7f | 0x08 => (key(KeyCode::Backspace, KeyModifiers::NONE), 1),
        0x00 => (key(KeyCode::Char(' '), KeyModifiers::CONTROL), 1),
        c @ 0x01..=0x1a => (
            key(KeyCode::Char((c - 1 + b'a') as char), KeyModifiers::CONTROL),
            1,
        ),
        c @ 0x1c..=0x1f => (
            key(
                KeyCode::Char((c - 0x1c + b'4') as char),
                KeyModifiers::CONTROL,
            ),
            1,
        ),
        _ => text(bytes),
    }
}

/// One UTF-8 character; an uppercase letter carries Shift, as crossterm reports it.
fn text(bytes: &[u8]) -> (Option<Event>, usize) {
    let len = utf8_len(bytes[0]).min(bytes.len());
    match std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if c.is_uppercase() => (key(KeyCode::Char(c), KeyModifiers::SHIFT), len),
        Some(c) => (key(KeyCode::Char(c), KeyModifiers::NONE), len),
        None => (None, 1),
    }
}

fn escape(bytes: &[u8]) -> (Option<Event>, usize) {
    match bytes.get(1) {
        None => (key(KeyCode::Esc, KeyModifiers::NONE), 1),
        Some(b'[') => csi(bytes),
        Some(b'O') if bytes.len() > 2 => (ss3(bytes[2]), 3),
        Some(0x1b) => (key(KeyCode::Esc, KeyModifiers::NONE), 1),
        Some(_) => {
            let (event, used) = one(&bytes[1..]);
            let alt = event.map(|event| match event {
                Event::Key(mut k) => {
                    k.modifiers |= KeyModifiers::ALT;
                    Event::Key(k)
                }
                other => other,
            });
            (alt, used + 1)
        }
    }
}

/// The cursor keys' final bytes, the same after SS3 (`ESC O`) and CSI (`ESC [`).
fn cursor_key(final_byte: u8) -> Option<KeyCode> {
    Some(match final_byte {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        _ => return None,
    })
}

fn ss3(final_byte: u8) -> Option<Event> {
    let code = match final_byte {
        b'P'..=b'S' => KeyCode::F(final_byte - b'P' + 1),
        other => cursor_key(other)?,
    };
    key(code, KeyModifiers::NONE)
}

/// A CSI sequence: parameter and intermediate bytes, then one final byte (`@`..`~`).
fn csi(bytes: &[u8]) -> (Option<Event>, usize) {
    let body = &bytes[2..];
    let Some(end) = body.iter().position(|b| (0x40..=0x7e).contains(b)) else {
        return (None, bytes.len());
    };
    let params = std::str::from_utf8(&body[..end]).unwrap_or("");
    let used = 2 + end + 1;
    let mut numbers = params.split(';').map(|p| p.parse::<u16>().unwrap_or(1));
    let first = numbers.next().unwrap_or(1);
    let modifiers = numbers.next().map_or(KeyModifiers::NONE, modifiers_from);
    if let Some(code) = cursor_key(body[end]) {
        return (key(code, modifiers), used);
    }
    let code = match body[end] {
        b'Z' => return (key(KeyCode::BackTab, KeyModifiers::SHIFT), used),
        b'I' if params.is_empty() => return (Some(Event::FocusGained), used),
        b'O' if params.is_empty() => return (Some(Event::FocusLost), used),
        b'~' => match first {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            _ => return (None, used),
        },
        // Mouse reports and anything else tern has no use for before its first frame.
        _ => return (None, used),
    };
    (key(code, modifiers), used)
}

/// xterm's modifier parameter: 1 + Shift(1) + Alt(2) + Ctrl(4).
fn modifiers_from(parameter: u16) -> KeyModifiers {
    let bits = parameter.saturating_sub(1);
    let mut modifiers = KeyModifiers::NONE;
    if bits & 1 != 0 {
        modifiers |= KeyModifiers::SHIFT;
    }
    if bits & 2 != 0 {
        modifiers |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        modifiers |= KeyModifiers::CONTROL;
    }
    modifiers
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<Event> {
    Some(Event::Key(KeyEvent::new(code, modifiers)))
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<Event> {
        events(&split(bytes))
    }

    fn press(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn answers_are_taken_out_and_keys_around_them_kept_in_order() {
        let bytes = b"he\x1b_Gi=31;OK\x1b\\l\x1bP>|kitty(0.35)\x1b\\l\x1b[?62;22co\r";
        assert_eq!(split(bytes), b"hello\r");
        let none = KeyModifiers::NONE;
        assert_eq!(
            keys(bytes),
            vec![
                press(KeyCode::Char('h'), none),
                press(KeyCode::Char('e'), none),
                press(KeyCode::Char('l'), none),
                press(KeyCode::Char('l'), none),
                press(KeyCode::Char('o'), none),
                press(KeyCode::Enter, none),
            ]
        );
    }

    #[test]
    fn controls_sequences_text_and_pastes_become_their_events() {
        let bytes = "é\x03\x7f\x1b[A\x1b[1;5C\x1bOB\x1bx\x1b[3~\x1b[200~a\nb\x1b[201~\x1b[IZ\x1b";
        assert_eq!(
            keys(bytes.as_bytes()),
            vec![
                press(KeyCode::Char('é'), KeyModifiers::NONE),
                press(KeyCode::Char('c'), KeyModifiers::CONTROL),
                press(KeyCode::Backspace, KeyModifiers::NONE),
                press(KeyCode::Up, KeyModifiers::NONE),
                press(KeyCode::Right, KeyModifiers::CONTROL),
                press(KeyCode::Down, KeyModifiers::NONE),
                press(KeyCode::Char('x'), KeyModifiers::ALT),
                press(KeyCode::Delete, KeyModifiers::NONE),
                Event::Paste("a\nb".into()),
                Event::FocusGained,
                press(KeyCode::Char('Z'), KeyModifiers::SHIFT),
                press(KeyCode::Esc, KeyModifiers::NONE),
            ]
        );
    }

    #[test]
    fn mouse_reports_and_broken_bytes_are_dropped() {
        assert_eq!(keys(b"\x1b[<0;3;4M\xff"), vec![]);
    }
}
