//! Copied text also goes to the system clipboard when tern runs where the person sits: the
//! platform's own tool (`wl-copy` on Wayland, `xclip` on X11, `pbcopy` on macOS) is given the
//! text on its stdin, on a thread of its own so the loop never waits for it. OSC 52 (sent by the
//! backend either way) covers ssh and terminals without these tools; a tool that is missing or
//! fails changes nothing.

use super::clipboard_image::{which, Clipboard};
use std::io::Write;
use std::process::{Command, Stdio};

/// The tool and its arguments that put text on this machine's clipboard, if there is one.
fn tool(clipboard: Clipboard) -> Option<(&'static str, &'static [&'static str])> {
    match clipboard {
        Clipboard::Wayland => Some(("wl-copy", &[])),
        Clipboard::X11 => Some(("xclip", &["-selection", "clipboard"])),
        Clipboard::MacOs => Some(("pbcopy", &[])),
        Clipboard::Ssh | Clipboard::None => None,
    }
}

/// Puts `text` (printable already) on the system clipboard, when tern runs locally.
pub(crate) fn copy_locally(text: &str) {
    let Some((program, args)) = tool(which(|name| std::env::var(name).ok())) else {
        return;
    };
    let text = text.to_string();
    std::thread::spawn(move || {
        // The tools keep the selection from a child of their own: nothing of theirs may hold
        // the terminal.
        let child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Ok(mut child) = child {
            if let Some(mut stdin) = child.stdin.take() {
                let _ = stdin.write_all(text.as_bytes());
            }
            let _ = child.wait();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_ssh_or_without_a_display_only_osc_52_copies() {
        assert_eq!(tool(Clipboard::Ssh), None);
        assert_eq!(tool(Clipboard::None), None);
        assert_eq!(tool(Clipboard::X11).map(|t| t.0), Some("xclip"));
    }
}
