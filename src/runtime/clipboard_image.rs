//! Ctrl+V with an image on the clipboard: the image is read with the platform's own tool
//! (`wl-paste` on Wayland, `xclip` on X11, `osascript` on macOS), saved as a private PNG in the
//! temporary folder, and its path handed back to be attached. Over SSH the clipboard is the other
//! machine's, and terminals pass only text through: tern says so instead of trying.

use std::process::{Command, Stdio};

/// The largest clipboard image taken (a screenshot of a 8K screen is well below).
const MAX_BYTES: usize = 64 * 1024 * 1024;

/// Where the image could come from, told by the environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Clipboard {
    Wayland,
    X11,
    MacOs,
    /// Over SSH without a forwarded display.
    Ssh,
    None,
}

pub(crate) fn which(env: impl Fn(&str) -> Option<String>) -> Clipboard {
    let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
    if cfg!(target_os = "macos") && !set("SSH_CONNECTION") {
        Clipboard::MacOs
    } else if set("WAYLAND_DISPLAY") {
        Clipboard::Wayland
    } else if set("DISPLAY") {
        Clipboard::X11
    } else if set("SSH_CONNECTION") || set("SSH_TTY") {
        Clipboard::Ssh
    } else {
        Clipboard::None
    }
}

/// Saves the clipboard's image and returns its path, or why there is none.
pub(crate) fn paste_image() -> Result<String, String> {
    let bytes = match which(|name| std::env::var(name).ok()) {
        Clipboard::Ssh => {
            return Err(
                "tern runs over SSH: the clipboard is the other machine's, and terminals \
                        pass only text through. Attach the file with @path or --image instead."
                    .into(),
            )
        }
        Clipboard::None => {
            return Err(
                "no clipboard here (no DISPLAY or WAYLAND_DISPLAY): attach the file with \
                        @path or --image instead."
                    .into(),
            )
        }
        Clipboard::Wayland => {
            let types = run("wl-paste", &["--list-types"])?;
            if !String::from_utf8_lossy(&types)
                .lines()
                .any(|t| t == "image/png")
            {
                return Err("the clipboard holds no image".into());
            }
            run("wl-paste", &["--no-newline", "--type", "image/png"])?
        }
        Clipboard::X11 => {
            let targets = run("xclip", &["-selection", "clipboard", "-t", "TARGETS", "-o"])?;
            if !String::from_utf8_lossy(&targets)
                .lines()
                .any(|t| t == "image/png")
            {
                return Err("the clipboard holds no image".into());
            }
            run(
                "xclip",
                &["-selection", "clipboard", "-t", "image/png", "-o"],
            )?
        }
        Clipboard::MacOs => {
            let out = run("osascript", &["-e", "the clipboard as «class PNGf»"])
                .map_err(|_| "the clipboard holds no image".to_string())?;
            from_applescript_hex(&String::from_utf8_lossy(&out))
                .ok_or("the clipboard holds no image")?
        }
    };
    if bytes.is_empty() {
        return Err("the clipboard holds no image".into());
    }
    save(&bytes)
}

/// `«data PNGf89504E47…»` as bytes.
fn from_applescript_hex(text: &str) -> Option<Vec<u8>> {
    let hex = text.trim().strip_prefix("«data PNGf")?.strip_suffix('»')?;
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

fn run(program: &str, args: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!(
                "{program} is not installed: tern reads the clipboard's image with it \
                 (wl-clipboard on Wayland, xclip on X11)"
            ),
            _ => format!("could not run {program}: {e}"),
        })?;
    if !output.status.success() {
        return Err("the clipboard holds no image".into());
    }
    let mut bytes = output.stdout;
    if bytes.len() > MAX_BYTES {
        return Err(format!(
            "the clipboard's image is larger than {} MB",
            MAX_BYTES >> 20
        ));
    }
    bytes.shrink_to_fit();
    Ok(bytes)
}

/// A private file in the temporary folder, named by time so pastes never collide.
fn save(bytes: &[u8]) -> Result<String, String> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let path =
        std::env::temp_dir().join(format!("tern-clipboard-{}-{nanos}.png", std::process::id()));
    super::atomic_file::write_new(&path, bytes, super::atomic_file::PRIVATE)
        .map_err(|e| format!("could not save the image: {e}"))?;
    Ok(path.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clipboard_is_told_by_the_environment_and_ssh_says_why_not() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        if cfg!(target_os = "macos") {
            return;
        }
        assert_eq!(
            which(env(&[("WAYLAND_DISPLAY", "wayland-0")])),
            Clipboard::Wayland
        );
        assert_eq!(
            which(env(&[("DISPLAY", ":0"), ("SSH_TTY", "/dev/pts/1")])),
            Clipboard::X11
        );
        assert_eq!(which(env(&[("SSH_CONNECTION", "1 2 3 4")])), Clipboard::Ssh);
        assert_eq!(which(env(&[])), Clipboard::None);
        assert_eq!(
            from_applescript_hex("«data PNGf89504E47»"),
            Some(vec![0x89, 0x50, 0x4e, 0x47])
        );
    }
}
