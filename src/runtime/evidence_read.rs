//! `/evidence`'s read: a file on this machine (only a regular file, opened without blocking:
//! `regular_file`) or the clipboard's text (the platform's own tool), at most [`MAX_BYTES`],
//! refused when binary or empty, with a reason a person can act on.

use super::bounded_command::{output_within, Refused};
use super::clipboard_image::{which, Clipboard};
use crate::session::event::{EvidenceSource, EvidenceText};
use std::io::Read;
use std::process::Command;
use std::time::Duration;

/// The most text sent as evidence: a log's telling part, not a context window's worth.
pub(crate) const MAX_BYTES: usize = 64 * 1024;

/// How long the clipboard tool may take: the clipboard's owner answers it, and a hung owner
/// would hold the read for ever.
const CLIPBOARD_TIMEOUT: Duration = Duration::from_secs(5);

/// The most of the clipboard read: far more than is sent (the text is cut at [`MAX_BYTES`]),
/// and bounded, so a flood cannot fill memory.
const CLIPBOARD_CAP: usize = 8 * 1024 * 1024;

pub(crate) fn read(source: &EvidenceSource) -> Result<EvidenceText, String> {
    let (bytes, size) = match source {
        EvidenceSource::File(path) => read_file(path)?,
        EvidenceSource::Clipboard => {
            let bytes = clipboard()?;
            let size = bytes.len() as u64;
            (bytes, size)
        }
    };
    text_of(bytes, size)
}

/// The first [`MAX_BYTES`] (and one more, to tell a cut) of the file, with its size.
fn read_file(path: &str) -> Result<(Vec<u8>, u64), String> {
    let (file, size) =
        super::regular_file::open(path, false).map_err(|e| format!("cannot read it: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read it: {e}"))?;
    let size = size.max(bytes.len() as u64);
    Ok((bytes, size))
}

/// Valid text, cut at [`MAX_BYTES`] on a character's edge; binary and empty refused.
pub(crate) fn text_of(mut bytes: Vec<u8>, size: u64) -> Result<EvidenceText, String> {
    if bytes.iter().take(8000).any(|&b| b == 0) {
        return Err("it is binary (a NUL byte): only text can be sent".into());
    }
    let cut = bytes.len() > MAX_BYTES || size > bytes.len() as u64;
    bytes.truncate(MAX_BYTES);
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        // A cut may split a character: keep what is whole.
        Err(e) if cut && e.utf8_error().error_len().is_none() => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            bytes.truncate(valid);
            String::from_utf8(bytes).unwrap_or_default()
        }
        Err(_) => return Err("it is not UTF-8 text: only text can be sent".into()),
    };
    if text.trim().is_empty() {
        return Err("it is empty".into());
    }
    Ok(EvidenceText {
        text,
        cut_from: cut.then_some(size),
    })
}

/// The clipboard's text, read with the platform's tool.
fn clipboard() -> Result<Vec<u8>, String> {
    let (program, args): (&str, &[&str]) = match which(|name| std::env::var(name).ok()) {
        Clipboard::Wayland => ("wl-paste", &["--no-newline", "--type", "text/plain"]),
        Clipboard::X11 => ("xclip", &["-selection", "clipboard", "-o"]),
        Clipboard::MacOs => ("pbpaste", &[]),
        Clipboard::Ssh => {
            return Err("tern runs over SSH: the clipboard is the other machine's and cannot be read from here. Save the text to a file and use /evidence PATH.".into())
        }
        Clipboard::None => {
            return Err("there is no clipboard tern can read here (no DISPLAY or WAYLAND_DISPLAY). Save the text to a file and use /evidence PATH.".into())
        }
    };
    clipboard_from(program, args, CLIPBOARD_TIMEOUT, CLIPBOARD_CAP)
}

/// The text `program args` gives, within `timeout` and `cap`, or why not in words.
fn clipboard_from(
    program: &str,
    args: &[&str],
    timeout: Duration,
    cap: usize,
) -> Result<Vec<u8>, String> {
    let (status, bytes) =
        output_within(Command::new(program).args(args), timeout, cap).map_err(|why| match why {
            Refused::Spawn(e) => {
                format!("{program} could not run ({e}): install it, or use /evidence PATH")
            }
            Refused::TimedOut(after) => format!(
                "{program} gave no clipboard text within {} s (the program holding the \
                 clipboard may be hung): save the text to a file and use /evidence PATH",
                after.as_secs_f32()
            ),
            Refused::TooLarge(cap) => format!(
                "the clipboard holds more than {} MB of text: save the part that matters to \
                 a file and use /evidence PATH",
                cap >> 20
            ),
        })?;
    if !status.success() || bytes.is_empty() {
        return Err("the clipboard holds no text".into());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_bounded_and_binary_or_empty_is_refused() {
        let small = text_of(b"a log line\n".to_vec(), 11).unwrap();
        assert_eq!(small.text, "a log line\n");
        assert_eq!(small.cut_from, None);
        let big = vec![b'x'; MAX_BYTES + 1];
        let cut = text_of(big, 200_000).unwrap();
        assert_eq!(cut.text.len(), MAX_BYTES);
        assert_eq!(cut.cut_from, Some(200_000));
        // A cut through a character keeps what is whole.
        let mut split = vec![b'x'; MAX_BYTES - 1];
        split.extend("é".as_bytes());
        assert_eq!(text_of(split, 99_999).unwrap().text.len(), MAX_BYTES - 1);
        assert!(text_of(b"\x7fELF\0\0".to_vec(), 6)
            .unwrap_err()
            .contains("binary"));
        assert!(text_of(b"\xff\xfe".to_vec(), 2)
            .unwrap_err()
            .contains("UTF-8"));
        assert!(text_of(b"  \n".to_vec(), 3).unwrap_err().contains("empty"));
    }

    #[test]
    fn a_directory_or_a_missing_file_is_refused_with_why() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_str().unwrap();
        assert!(read(&EvidenceSource::File(path.into()))
            .unwrap_err()
            .contains("cannot read it"));
        let gone = format!("{path}/none.txt");
        assert!(read(&EvidenceSource::File(gone))
            .unwrap_err()
            .contains("cannot read it"));
        let file = format!("{path}/log.txt");
        std::fs::write(&file, "line\n").unwrap();
        assert_eq!(read(&EvidenceSource::File(file)).unwrap().text, "line\n");
    }

    #[test]
    fn a_hung_or_flooding_clipboard_tool_is_stopped_and_said() {
        let hung = clipboard_from(
            "sh",
            &["-c", "sleep 30"],
            Duration::from_millis(300),
            1 << 20,
        )
        .unwrap_err();
        assert!(
            hung.contains("sh gave no clipboard text within 0.3 s"),
            "{hung}"
        );
        assert!(hung.contains("/evidence PATH"), "{hung}");
        let flood = clipboard_from("sh", &["-c", "yes flood"], Duration::from_secs(10), 1 << 20)
            .unwrap_err();
        assert!(flood.contains("more than 1 MB of text"), "{flood}");
        let text = clipboard_from("sh", &["-c", "printf hi"], Duration::from_secs(10), 1 << 20);
        assert_eq!(text.unwrap(), b"hi");
        let empty = clipboard_from("sh", &["-c", "exit 1"], Duration::from_secs(10), 1 << 20);
        assert_eq!(empty.unwrap_err(), "the clipboard holds no text");
    }
}
