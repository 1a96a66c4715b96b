//! Opens a link in a browser for the ChatGPT sign-in: `$BROWSER` when set (its first word the
//! program, the URL its last argument), else the platform's opener (`open` on macOS,
//! `xdg-open` elsewhere). Detached, with no terminal: the opener must not draw over tern's
//! screen or read its keys, and nothing waits for it (the screen shows the link anyway).

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

/// The program and arguments that open `url`.
pub(crate) fn command_for(url: &str, browser: Option<&str>) -> (String, Vec<String>) {
    if let Some(browser) = browser.map(str::trim).filter(|b| !b.is_empty()) {
        let mut words = browser.split_whitespace().map(str::to_string);
        if let Some(program) = words.next() {
            let mut args: Vec<String> = words.collect();
            args.push(url.to_string());
            return (program, args);
        }
    }
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    (opener.to_string(), vec![url.to_string()])
}

/// Starts the opener and forgets it (a thread reaps it).
pub(crate) fn open(url: &str) {
    let browser = std::env::var("BROWSER").ok();
    let (program, args) = command_for(url, browser.as_deref());
    let spawned = Command::new(&program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn();
    match spawned {
        Ok(mut child) => {
            std::thread::spawn(move || {
                let _ = child.wait();
            });
        }
        Err(e) => tracing::info!("could not run {program} to open the sign-in link: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_names_the_program_and_the_url_goes_last() {
        let (program, args) = command_for("https://x/y", Some("firefox --new-window"));
        assert_eq!(program, "firefox");
        assert_eq!(args, ["--new-window", "https://x/y"]);
        let (program, args) = command_for("https://x/y", Some("  "));
        assert!(program == "xdg-open" || program == "open");
        assert_eq!(args, ["https://x/y"]);
    }
}
