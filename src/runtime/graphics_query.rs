//! Asks the terminal, once at startup, whether it shows images inline: a kitty graphics query
//! (a 1×1 image it is told not to keep), XTVERSION (iTerm2 and WezTerm name themselves in it)
//! and, last, Device Attributes, which every terminal answers — so its answer ends the wait.
//! Only a terminal that answered is given images: `TERM` or a program name is never trusted,
//! and a terminal that says nothing (tmux without passthrough, a plain console) gets none.

use crate::model::ImageProtocol;
use std::io::Write;
use std::time::{Duration, Instant};

/// The queries, in the order their answers come back.
pub const QUERY: &[u8] = b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\\x1b[>0q\x1b[c";
/// The first of them, kitty's graphics query (the one string control tern itself writes
/// before an answer; the hostile-output tests tell it from a payload by it).
pub const KITTY_QUERY: &[u8] = b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\";

/// How long a terminal that never answers Device Attributes delays startup.
const WAIT: Duration = Duration::from_millis(400);

/// The most of the answers kept: they are a few dozen bytes.
const MAX_ANSWER: usize = 4096;

/// What the terminal's `answers` say it can show. Kitty's own answer to the graphics query
/// (`ESC _ G i=31 ; OK ESC \`) wins; otherwise a terminal whose XTVERSION names iTerm2 or
/// WezTerm takes iTerm2's inline images.
pub(crate) fn protocol_in(answers: &[u8]) -> Option<ImageProtocol> {
    if contains(answers, b"\x1b_Gi=31;OK") {
        return Some(ImageProtocol::Kitty);
    }
    let version = between(answers, b"\x1bP>|", b"\x1b\\")?;
    let version = String::from_utf8_lossy(version);
    (version.starts_with("iTerm2") || version.starts_with("WezTerm"))
        .then_some(ImageProtocol::Iterm2)
}

/// Whether the Device Attributes answer (`ESC [ ? … c`) has come: nothing follows it.
pub(crate) fn complete(answers: &[u8]) -> bool {
    let mut rest = answers;
    while let Some(at) = find(rest, b"\x1b[?") {
        let after = &rest[at + 3..];
        match after
            .iter()
            .position(|b| !(b.is_ascii_digit() || *b == b';'))
        {
            Some(end) if after[end] == b'c' => return true,
            Some(end) => rest = &after[end..],
            None => return false,
        }
    }
    false
}

/// What the query learnt, and what the person typed while it waited.
#[derive(Debug, Default)]
pub struct Answered {
    pub images: Option<ImageProtocol>,
    /// The input read that was not the terminal's answer: keys typed at startup
    /// (`type_ahead`), to be given to the app before anything crossterm reads.
    pub typed: Vec<u8>,
}

/// Sends the queries and reads the answers from standard input (in raw mode, before anything
/// else reads it), until Device Attributes is answered or [`WAIT`] has passed.
#[cfg(unix)]
pub fn ask() -> Answered {
    use std::os::fd::AsRawFd;
    if std::env::var("TERN_IMAGES").is_ok_and(|v| v == "0") {
        return Answered::default();
    }
    let stdin = std::io::stdin();
    let fd = stdin.as_raw_fd();
    // SAFETY: isatty only reads the descriptor's type.
    if unsafe { libc::isatty(fd) } != 1 {
        return Answered::default();
    }
    let mut out = std::io::stdout();
    if out.write_all(QUERY).and_then(|_| out.flush()).is_err() {
        return Answered::default();
    }
    let deadline = Instant::now() + WAIT;
    let mut answers = Vec::new();
    while !complete(&answers) && answers.len() < MAX_ANSWER {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let mut poll = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = i32::try_from(left.as_millis()).unwrap_or(i32::MAX).max(1);
        // SAFETY: one valid pollfd for the call's duration.
        if unsafe { libc::poll(&mut poll, 1, ms) } <= 0 {
            break;
        }
        let mut buf = [0u8; 256];
        // SAFETY: reads at most buf.len() bytes into buf.
        let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        if n <= 0 {
            break;
        }
        answers.extend_from_slice(&buf[..n as usize]);
    }
    Answered {
        images: protocol_in(&answers),
        typed: super::type_ahead::split(&answers),
    }
}

#[cfg(not(unix))]
pub fn ask() -> Answered {
    Answered::default()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    find(haystack, needle).is_some()
}

fn between<'a>(haystack: &'a [u8], start: &[u8], end: &[u8]) -> Option<&'a [u8]> {
    let from = find(haystack, start)? + start.len();
    let len = find(&haystack[from..], end)?;
    Some(&haystack[from..from + len])
}

#[cfg(test)]
mod tests {
    use super::*;

    const DA1: &[u8] = b"\x1b[?62;22c";

    #[test]
    fn only_an_answer_gives_images() {
        // kitty answers the graphics query before Device Attributes.
        let kitty = [
            b"\x1b_Gi=31;OK\x1b\\\x1bP>|kitty(0.35.2)\x1b\\".as_slice(),
            DA1,
        ]
        .concat();
        assert_eq!(protocol_in(&kitty), Some(ImageProtocol::Kitty));
        let iterm = [b"\x1bP>|iTerm2 3.5.4\x1b\\".as_slice(), DA1].concat();
        assert_eq!(protocol_in(&iterm), Some(ImageProtocol::Iterm2));
        // A terminal that answers only Device Attributes (xterm, tmux, the PTY tests) or
        // nothing at all gets no images; so does one that refused the graphics query.
        assert_eq!(protocol_in(DA1), None);
        assert_eq!(protocol_in(b""), None);
        let refused = [b"\x1b_Gi=31;EINVAL:bad\x1b\\".as_slice(), DA1].concat();
        assert_eq!(protocol_in(&refused), None);
        let xterm = [b"\x1bP>|XTerm(390)\x1b\\".as_slice(), DA1].concat();
        assert_eq!(protocol_in(&xterm), None);
    }

    #[test]
    fn the_query_starts_with_kittys() {
        assert!(QUERY.starts_with(KITTY_QUERY));
    }

    #[test]
    fn the_wait_ends_with_device_attributes() {
        assert!(!complete(b""));
        assert!(!complete(b"\x1b_Gi=31;OK\x1b\\"));
        assert!(!complete(b"\x1b[?62;22"));
        assert!(complete(DA1));
        assert!(complete(&[b"\x1b[?1u".as_slice(), DA1].concat()));
    }
}
