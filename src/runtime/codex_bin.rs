//! Finding codex, and saying what was tried when it is not found: `--codex-bin`,
//! `TERN_CODEX_BIN`, `codex_bin` in tern's config file, then `PATH`, with the install command.
//! The first of the explicit ones that is set is the one used (a wrong explicit path is an error,
//! never a silent fall back to another codex).

use crate::config::{Setting, Source};
use crate::text::sanitize::sanitize_line;
use std::path::{Path, PathBuf};

/// codex, and how it was found (for `tern doctor`).
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    pub path: PathBuf,
    pub how: String,
}

/// What was tried, one line each.
#[derive(Debug, Clone, PartialEq)]
pub struct NotFound {
    pub tried: Vec<String>,
}

pub(crate) const INSTALL: &str =
    "Install codex with `npm install -g @openai/codex` (or `brew install \
                           --cask codex`), or point tern at it with --codex-bin PATH, \
                           TERN_CODEX_BIN or codex_bin in tern's config file. To look around \
                           without codex: tern --demo";

impl NotFound {
    /// The message printed instead of starting (sanitised: it quotes paths and variables).
    pub fn message(&self) -> String {
        let mut text = String::from("codex was not found. tern looked here:\n");
        for line in &self.tried {
            text.push_str(&format!("  {}\n", sanitize_line(line)));
        }
        text.push_str(INSTALL);
        text
    }
}

/// Where the setting says, else `PATH` (`path_var`, the value of `$PATH`).
pub fn locate(
    setting: &Setting<Option<PathBuf>>,
    env_set: bool,
    path_var: Option<&std::ffi::OsStr>,
) -> Result<Located, NotFound> {
    let source = describe(&setting.source);
    if let Some(path) = &setting.value {
        if path.is_file() {
            return Ok(Located {
                path: path.clone(),
                how: source,
            });
        }
        let mut tried = vec![format!(
            "{source}: {} does not exist (or is not a file)",
            path.display()
        )];
        if !matches!(setting.source, Source::Env(_)) && env_set {
            tried.push("TERN_CODEX_BIN: set, but the flag came first".into());
        }
        tried.push("PATH: not searched (an explicit path was given)".into());
        return Err(NotFound { tried });
    }
    let mut tried = vec![
        "--codex-bin: not given".to_string(),
        "TERN_CODEX_BIN: not set".to_string(),
        "codex_bin in tern's config file: not set".to_string(),
    ];
    let dirs: Vec<PathBuf> = path_var
        .map(|p| std::env::split_paths(p).collect())
        .unwrap_or_default();
    if let Some(found) = dirs
        .iter()
        .map(|dir| dir.join("codex"))
        .find(|c| c.is_file())
    {
        return Ok(Located {
            path: found,
            how: "found on PATH".into(),
        });
    }
    tried.push(match dirs.len() {
        0 => "PATH: empty".to_string(),
        n => format!(
            "PATH: no `codex` in its {n} folder{} ({})",
            if n == 1 { "" } else { "s" },
            shorten(&dirs)
        ),
    });
    Err(NotFound { tried })
}

fn describe(source: &Source) -> String {
    match source {
        Source::Flag => "--codex-bin".into(),
        Source::Env(name) => (*name).to_string(),
        Source::File(path) => format!("codex_bin in {}", path.display()),
        Source::Default => "PATH".into(),
    }
}

/// The first folders of PATH, for the message.
fn shorten(dirs: &[PathBuf]) -> String {
    let shown: Vec<String> = dirs
        .iter()
        .take(4)
        .map(|d| d.display().to_string())
        .collect();
    let more = dirs.len().saturating_sub(4);
    if more > 0 {
        format!("{}, and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// Whether `path` looks runnable (for `tern doctor`).
pub(crate) fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(value: Option<&str>, source: Source) -> Setting<Option<PathBuf>> {
        Setting {
            value: value.map(PathBuf::from),
            source,
        }
    }

    #[test]
    fn not_found_names_every_place_tried_and_the_install_command() {
        let dir = tempfile_dir();
        let err = locate(
            &setting(None, Source::Default),
            false,
            Some(dir.as_os_str()),
        )
        .unwrap_err();
        let message = err.message();
        for part in [
            "--codex-bin: not given",
            "TERN_CODEX_BIN: not set",
            "codex_bin in tern's config file: not set",
            "PATH: no `codex` in its 1 folder",
            "npm install -g @openai/codex",
            "tern --demo",
        ] {
            assert!(message.contains(part), "{part} missing from:\n{message}");
        }
        let err = locate(
            &setting(
                Some("/no/such/codex\u{1b}[2J"),
                Source::Env("TERN_CODEX_BIN"),
            ),
            false,
            None,
        )
        .unwrap_err();
        let message = err.message();
        assert!(
            message.contains("TERN_CODEX_BIN: /no/such/codex"),
            "{message}"
        );
        assert!(!message.contains('\u{1b}'), "{message:?}");
        assert!(message.contains("not searched"), "{message}");
    }

    #[test]
    fn path_is_searched_when_nothing_names_codex() {
        let dir = tempfile_dir();
        std::fs::write(dir.join("codex"), "#!/bin/sh\n").unwrap();
        let found = locate(
            &setting(None, Source::Default),
            false,
            Some(dir.as_os_str()),
        )
        .unwrap();
        assert_eq!(found.path, dir.join("codex"));
        assert_eq!(found.how, "found on PATH");
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tern-codex-bin-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
