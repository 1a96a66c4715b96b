//! tern's own config file, `config.toml` in the platform config folder
//! (`~/.config/tern/config.toml` on Linux, `$XDG_CONFIG_HOME/tern/config.toml` when set), or the
//! file named by `--config-file` / `TERN_CONFIG`. Command-line flags override it. A key tern does
//! not know is a warning naming it; a file that does not parse is an error with its line and
//! column, never a panic.

mod effective;
mod keys;
mod notify;
mod print;
pub(crate) mod profile;
mod status_line;
pub mod themes;
mod title;

pub use effective::{effective, Effective, Overrides, Setting, Source};
pub use keys::WrittenKey;
pub use notify::Notify;
pub use print::print_config;
pub use status_line::{StatusItem, STATUS_ITEMS};
pub use title::{TitleItem, TitleSetting, DEFAULT_TITLE};

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The keys of the file. Everything is optional: what is missing keeps its default.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct FileConfig {
    /// The model for new threads.
    pub model: Option<String>,
    /// `untrusted`, `on-request`, `on-failure` or `never`.
    pub approval_policy: Option<String>,
    /// `read-only`, `workspace-write` or `danger-full-access`.
    pub sandbox: Option<String>,
    /// A built-in theme (`dark`, `light`, `high-contrast`, `ansi`), a theme file's name
    /// (`themes/NAME.toml` beside this file), or `auto` (the terminal's COLORFGBG decides).
    pub theme: Option<String>,
    /// How tern calls the person back when a turn ends or a question waits while they look
    /// elsewhere: `auto` (the default), `bell`, `notification` or `off`.
    pub notify: Option<Notify>,
    /// The window title's parts (`false`: leave the terminal's title alone).
    pub title: Option<TitleSetting>,
    /// The older form of `notify` (still read when `notify` is absent): ring the bell.
    pub bell: Option<bool>,
    /// The older form of `notify`: a desktop notification.
    pub desktop_notification: Option<bool>,
    /// The codex binary to run as `codex app-server`.
    pub codex_bin: Option<PathBuf>,
    /// What `--remote ssh://…` runs on the other machine (default `codex app-server`).
    pub remote_command: Option<String>,
    /// Start the composer with vim keys (`/vim` toggles them).
    pub vim: Option<bool>,
    /// Typing that leaves vim's insert mode as Esc does, such as `jj` (none by default).
    pub vim_escape: Option<String>,
    /// Name new threads after their first exchange, as the official TUI does (default on).
    pub thread_titles: Option<bool>,
    /// Show the model's raw reasoning; unset: as codex's `show_raw_agent_reasoning` says.
    pub show_raw_reasoning: Option<bool>,
    /// Print what `/copy` copied after exit (tern always says that it copied something).
    pub print_copied: Option<bool>,
    /// `fullscreen` (the default: the alternate screen) or `inline` (the terminal's own
    /// scrollback keeps the conversation; a live area at the bottom is drawn).
    pub screen: Option<String>,
    /// Full screen: print the conversation after leaving the alternate screen, so the
    /// terminal keeps it (inline mode leaves it in the scrollback anyway).
    pub print_on_exit: Option<bool>,
    /// Register tern's client tools (`request_review`: the agent asks for a review) on new
    /// threads (default on).
    pub client_tools: Option<bool>,
    /// The status line's parts (absent: all of them).
    pub status_line: Option<Vec<StatusItem>>,
    /// Screen-reader mode: inline, linear text with speaker labels, no box drawing, a status
    /// that changes only when its words do.
    pub screen_reader: Option<bool>,
}

/// The keys a file may have, for the unknown-key warning.
const KNOWN_KEYS: &[&str] = &[
    "model",
    "approval_policy",
    "sandbox",
    "theme",
    "notify",
    "title",
    "status_line",
    "bell",
    "desktop_notification",
    "codex_bin",
    "remote_command",
    "thread_titles",
    "show_raw_reasoning",
    "keys",
    "vim",
    "vim_escape",
    "print_copied",
    "screen",
    "print_on_exit",
    "client_tools",
    "screen_reader",
];

/// The theme names that need no theme file.
pub(crate) const THEMES: &[&str] = &["dark", "light", "high-contrast", "ansi", "auto"];

/// Whether `name` can name a theme: a built-in one, `auto`, or a theme file's name (letters,
/// digits, `-` and `_`), which is looked for once the theme files are read.
pub(crate) fn is_theme_name(name: &str) -> bool {
    THEMES.contains(&name)
        || (!name.is_empty()
            && name.len() <= 40
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
}

/// The file as read: its settings, where it is, and what was odd about it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Loaded {
    pub settings: FileConfig,
    /// The file read, if there was one.
    pub path: Option<PathBuf>,
    /// One line per unknown key.
    pub warnings: Vec<String>,
    /// What `[keys]` gives which action (checked against the key tables by the app).
    pub keys: Vec<WrittenKey>,
}

/// Which file to read: `explicit` (the flag, then `TERN_CONFIG`), else the platform's.
pub(crate) fn config_path(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = explicit {
        return Some(path.to_path_buf());
    }
    if let Some(path) = std::env::var_os("TERN_CONFIG").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    directories::ProjectDirs::from("", "", "tern").map(|d| d.config_dir().join("config.toml"))
}

/// Reads the config file. A missing default file is no error (an empty config); a missing
/// file that was named explicitly is.
pub fn load(path: Option<PathBuf>, named: bool) -> Result<Loaded, String> {
    let Some(path) = path else {
        return Ok(Loaded::default());
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !named => {
            return Ok(Loaded::default())
        }
        Err(e) => return Err(format!("config file {}: {e}", path.display())),
    };
    let in_file = |e: String| format!("config file {}: {e}", path.display());
    let (settings, warnings) = parse(&text).map_err(in_file)?;
    let keys = keys::parse(&text).map_err(in_file)?;
    Ok(Loaded {
        settings,
        path: Some(path),
        warnings,
        keys,
    })
}

/// Parses a config file's text: the settings and a warning per unknown key, or an error that
/// says at which line and column the file is wrong.
pub fn parse(text: &str) -> Result<(FileConfig, Vec<String>), String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| located(text, &e))?;
    let warnings = table
        .keys()
        .filter(|key| !KNOWN_KEYS.contains(&key.as_str()))
        .map(|key| {
            format!(
                "unknown key `{}` ignored (known keys: {})",
                crate::text::sanitize::sanitize_line(key),
                KNOWN_KEYS.join(", ")
            )
        })
        .collect();
    let settings: FileConfig = toml::from_str(text).map_err(|e| located(text, &e))?;
    if let Some(theme) = &settings.theme {
        if !is_theme_name(theme) {
            return Err(format!(
                "{}: unknown theme `{}`; use one of: {}, or the name of a file in themes/",
                position_of_key(text, "theme"),
                crate::text::sanitize::sanitize_line(theme),
                THEMES.join(", ")
            ));
        }
    }
    if let Some(escape) = &settings.vim_escape {
        let count = escape.chars().count();
        let fine = (1..=4).contains(&count)
            && escape
                .chars()
                .all(|c| c.is_alphanumeric() || c.is_ascii_punctuation());
        if !fine {
            return Err(format!(
                "{}: vim_escape `{}` must be 1 to 4 letters, digits or punctuation (such as \"jj\")",
                position_of_key(text, "vim_escape"),
                crate::text::sanitize::sanitize_line(escape),
            ));
        }
    }
    Ok((settings, warnings))
}

/// "line L, column C: what is wrong", from a TOML error's byte span.
fn located(text: &str, error: &toml::de::Error) -> String {
    let message = crate::text::sanitize::sanitize_line(error.message());
    match error.span() {
        Some(span) => {
            let (line, column) = line_column(text, span.start);
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// 1-based line and column (in characters) of byte `offset`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// "line L, column C" of where `key` is set, for errors found after parsing.
fn position_of_key(text: &str, key: &str) -> String {
    let offset = text
        .lines()
        .scan(0, |at, line| {
            let start = *at;
            *at += line.len() + 1;
            Some((start, line))
        })
        .find(|(_, line)| line.trim_start().starts_with(key))
        .map(|(start, line)| start + (line.len() - line.trim_start().len()))
        .unwrap_or(0);
    let (line, column) = line_column(text, offset);
    format!("line {line}, column {column}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_read() {
        let (config, warnings) = parse(
            "model = \"gpt-x\"\napproval_policy = \"never\"\nsandbox = \"read-only\"\n\
             theme = \"light\"\nbell = true\ndesktop_notification = false\ncodex_bin = \"/opt/codex\"\n",
        )
        .unwrap();
        assert!(warnings.is_empty());
        assert_eq!(config.model.as_deref(), Some("gpt-x"));
        assert_eq!(config.theme.as_deref(), Some("light"));
        assert_eq!(config.bell, Some(true));
        assert_eq!(config.desktop_notification, Some(false));
        assert_eq!(config.codex_bin, Some(PathBuf::from("/opt/codex")));
    }

    #[test]
    fn line_and_column_count_from_one() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("", 0), (1, 1));
    }
}
