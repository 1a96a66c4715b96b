//! The bytes of an alert (`Effect::Alert`) for the terminal tern runs in. The bell is always
//! a plain BEL. The desktop notification is OSC 9, or OSC 777 on VTE terminals (GNOME
//! Terminal, Tilix), which show OSC 9 as nothing; inside tmux or screen it is wrapped in their
//! passthrough (tmux needs `allow-passthrough on`, which `/doctor` reports), since they would
//! otherwise swallow it. The message goes through `sanitize_line`, so nothing in it can end
//! the sequence early or start another.

use crate::text::sanitize::sanitize_line;

/// How a notification reaches the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct NotifyStyle {
    /// OSC 777 rather than OSC 9.
    pub vte: bool,
    pub multiplexer: Multiplexer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Multiplexer {
    #[default]
    None,
    Tmux,
    Screen,
}

impl NotifyStyle {
    /// Read from the environment tern was started in.
    pub(crate) fn from_env() -> NotifyStyle {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        let term = std::env::var("TERM").unwrap_or_default();
        let multiplexer = if set("TMUX") {
            Multiplexer::Tmux
        } else if set("STY") || term.starts_with("screen") {
            Multiplexer::Screen
        } else {
            Multiplexer::None
        };
        NotifyStyle {
            vte: set("VTE_VERSION"),
            multiplexer,
        }
    }
}

/// The notification, then the bell.
pub(crate) fn alert_bytes_for(
    style: NotifyStyle,
    bell: bool,
    notification: Option<&str>,
) -> String {
    let mut out = String::new();
    if let Some(message) = notification {
        let message = sanitize_line(message);
        let sequence = if style.vte {
            format!("\x1b]777;notify;tern;{message}\x07")
        } else {
            format!("\x1b]9;{message}\x07")
        };
        out.push_str(&passthrough(style.multiplexer, &sequence));
    }
    if bell {
        out.push('\x07');
    }
    out
}

/// `sequence` wrapped so the multiplexer hands it to the terminal outside: tmux's DCS
/// passthrough doubles every ESC inside; screen's passes a DCS body as it is.
pub(crate) fn passthrough(multiplexer: Multiplexer, sequence: &str) -> String {
    match multiplexer {
        Multiplexer::None => sequence.to_string(),
        Multiplexer::Tmux => format!("\x1bPtmux;{}\x1b\\", sequence.replace('\x1b', "\x1b\x1b")),
        Multiplexer::Screen => format!("\x1bP{sequence}\x1b\\"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc_9_osc_777_and_the_multiplexers_wrapping() {
        let plain = NotifyStyle::default();
        assert_eq!(
            alert_bytes_for(plain, true, Some("done")),
            "\x1b]9;done\x07\x07"
        );
        let vte = NotifyStyle { vte: true, ..plain };
        assert_eq!(
            alert_bytes_for(vte, false, Some("done")),
            "\x1b]777;notify;tern;done\x07"
        );
        let tmux = NotifyStyle {
            multiplexer: Multiplexer::Tmux,
            ..plain
        };
        // The bell stays outside the passthrough: tmux marks the window with it.
        assert_eq!(
            alert_bytes_for(tmux, true, Some("done")),
            "\x1bPtmux;\x1b\x1b]9;done\x07\x1b\\\x07"
        );
        let screen = NotifyStyle {
            multiplexer: Multiplexer::Screen,
            ..plain
        };
        assert_eq!(
            alert_bytes_for(screen, false, Some("done")),
            "\x1bP\x1b]9;done\x07\x1b\\"
        );
    }

    #[test]
    fn a_hostile_message_cannot_leave_the_passthrough() {
        let tmux = NotifyStyle {
            multiplexer: Multiplexer::Tmux,
            ..NotifyStyle::default()
        };
        let out = alert_bytes_for(tmux, false, Some("x\x1b\\\x1b]52;c;eA==\x07"));
        assert_eq!(out, "\x1bPtmux;\x1b\x1b]9;x\x07\x1b\\");
    }
}
