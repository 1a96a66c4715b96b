//! How a desktop notification leaves tern here, for the doctor: OSC 9 or OSC 777 (VTE), and
//! inside tmux whether its `allow-passthrough` option lets the wrapped sequence through (off,
//! tmux drops it: the bell alone arrives).

use crate::runtime::alert_out::{Multiplexer, NotifyStyle};

/// The row's text, from the notification form and what `tmux show -gv allow-passthrough`
/// printed (`None`: it could not be asked).
pub(crate) fn describe(style: NotifyStyle, tmux_passthrough: Option<&str>) -> String {
    let form = if style.vte {
        "OSC 777 (a VTE terminal)"
    } else {
        "OSC 9"
    };
    match style.multiplexer {
        Multiplexer::None => form.to_string(),
        Multiplexer::Screen => format!("{form}, through screen's passthrough"),
        Multiplexer::Tmux => match tmux_passthrough.map(str::trim) {
            Some("on") | Some("all") => {
                format!("{form}, through tmux (allow-passthrough is on)")
            }
            Some(_) => format!(
                "{form}: tmux drops it, allow-passthrough is off (tmux set -g allow-passthrough on)"
            ),
            None => format!("{form}, through tmux (allow-passthrough unknown: tmux did not say)"),
        },
    }
}

/// Asks tmux for its `allow-passthrough` option (only inside tmux).
pub(crate) fn ask_tmux() -> Option<String> {
    let out = std::process::Command::new("tmux")
        .args(["show", "-gv", "allow-passthrough"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The doctor's row for notifications, read from the environment (and tmux, inside it).
pub(crate) fn row() -> (String, String) {
    let style = NotifyStyle::from_env();
    let tmux = match style.multiplexer {
        Multiplexer::Tmux => ask_tmux(),
        _ => None,
    };
    ("notifications".into(), describe(style, tmux.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_says_whether_tmux_lets_notifications_through() {
        let tmux = NotifyStyle {
            vte: false,
            multiplexer: Multiplexer::Tmux,
        };
        assert!(describe(tmux, Some("on\n")).contains("allow-passthrough is on"));
        assert!(describe(tmux, Some("off\n")).contains("tmux drops it"));
        assert_eq!(describe(NotifyStyle::default(), None), "OSC 9");
        let vte = NotifyStyle {
            vte: true,
            multiplexer: Multiplexer::None,
        };
        assert!(describe(vte, None).starts_with("OSC 777"));
    }
}
