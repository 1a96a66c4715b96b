//! The settings in force and where each came from: a flag, the environment, the config file,
//! or tern's default. Flags win over the environment, which wins over the file.

use super::Loaded;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    Default,
    File(PathBuf),
    Flag,
    Env(&'static str),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Setting<T> {
    pub value: T,
    pub source: Source,
}

/// What the command line and the environment say, before the file is consulted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overrides {
    pub model: Option<String>,
    pub approval_policy: Option<String>,
    pub sandbox: Option<String>,
    /// With where it came from: `--codex-bin` or `TERN_CODEX_BIN`.
    pub codex_bin: Option<(PathBuf, Source)>,
    /// `TERN_THEME`.
    pub theme_env: Option<String>,
    /// `NO_COLOR`.
    pub no_color_env: Option<String>,
    /// With where it came from: `--remote-command` or `TERN_REMOTE_COMMAND`.
    pub remote_command: Option<(String, Source)>,
    /// `TERN_THREAD_TITLES` (`0` or `false`: off).
    pub thread_titles_env: Option<String>,
    /// `--print-copied`.
    pub print_copied: Option<bool>,
    /// `--inline`.
    pub inline: Option<bool>,
    /// `--screen-reader`.
    pub screen_reader: Option<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Effective {
    pub model: Setting<Option<String>>,
    pub approval_policy: Setting<Option<String>>,
    pub sandbox: Setting<Option<String>>,
    /// A built-in theme, a theme file's name, or `auto`.
    pub theme: Setting<String>,
    /// `notify`, or what the older `bell` / `desktop_notification` keys asked for.
    pub notify: Setting<super::Notify>,
    pub title: Setting<super::TitleSetting>,
    pub codex_bin: Setting<Option<PathBuf>>,
    pub no_color: Setting<bool>,
    pub remote_command: Setting<Option<String>>,
    pub vim: Setting<bool>,
    /// Empty: none.
    pub vim_escape: Setting<String>,
    pub thread_titles: Setting<bool>,
    pub show_raw_reasoning: Setting<Option<bool>>,
    pub print_copied: Setting<bool>,
    /// Inline mode (`--inline`, `screen = "inline"`); full screen otherwise.
    pub inline: Setting<bool>,
    /// Full screen: print the conversation after leaving the alternate screen.
    pub print_on_exit: Setting<bool>,
    /// tern's client tools on new threads (`client_tools`).
    pub client_tools: Setting<bool>,
    /// The status line's parts (`status_line`).
    pub status_line: Setting<Vec<super::StatusItem>>,
    /// Screen-reader mode (`--screen-reader`, `screen_reader = true`); implies inline.
    pub screen_reader: Setting<bool>,
}

fn pick<T>(flag: Option<T>, file: Option<T>, from_file: &Source, default: T) -> Setting<T> {
    match (flag, file) {
        (Some(value), _) => Setting {
            value,
            source: Source::Flag,
        },
        (None, Some(value)) => Setting {
            value,
            source: from_file.clone(),
        },
        (None, None) => Setting {
            value: default,
            source: Source::Default,
        },
    }
}

pub fn effective(over: Overrides, loaded: &Loaded) -> Effective {
    let file = &loaded.settings;
    let from_file = Source::File(loaded.path.clone().unwrap_or_default());
    let optional = |flag: Option<String>, in_file: &Option<String>| {
        pick(flag.map(Some), in_file.clone().map(Some), &from_file, None)
    };
    let theme = match over.theme_env.filter(|t| super::is_theme_name(t)) {
        Some(value) => Setting {
            value,
            source: Source::Env("TERN_THEME"),
        },
        None => pick(None, file.theme.clone(), &from_file, "auto".to_string()),
    };
    let codex_bin = match over.codex_bin {
        Some((path, source)) => Setting {
            value: Some(path),
            source,
        },
        None => pick(None, file.codex_bin.clone().map(Some), &from_file, None),
    };
    let no_color = match over.no_color_env.filter(|v| !v.is_empty()) {
        Some(_) => Setting {
            value: true,
            source: Source::Env("NO_COLOR"),
        },
        None => Setting {
            value: false,
            source: Source::Default,
        },
    };
    let remote_command = match over.remote_command {
        Some((command, source)) => Setting {
            value: Some(command),
            source,
        },
        None => pick(
            None,
            file.remote_command.clone().map(Some),
            &from_file,
            None,
        ),
    };
    let thread_titles = match over.thread_titles_env.filter(|v| !v.is_empty()) {
        Some(value) => Setting {
            value: !matches!(value.as_str(), "0" | "false" | "off" | "no"),
            source: Source::Env("TERN_THREAD_TITLES"),
        },
        None => pick(None, file.thread_titles, &from_file, true),
    };
    Effective {
        thread_titles,
        show_raw_reasoning: pick(None, file.show_raw_reasoning.map(Some), &from_file, None),
        model: optional(over.model, &file.model),
        approval_policy: optional(over.approval_policy, &file.approval_policy),
        sandbox: optional(over.sandbox, &file.sandbox),
        theme,
        title: pick(
            None,
            file.title.clone(),
            &from_file,
            super::TitleSetting::Items(super::DEFAULT_TITLE.to_vec()),
        ),
        notify: pick(
            None,
            file.notify
                .or_else(|| super::Notify::from_legacy(file.bell, file.desktop_notification)),
            &from_file,
            super::Notify::Auto,
        ),
        codex_bin,
        no_color,
        remote_command,
        vim: pick(None, file.vim, &from_file, false),
        vim_escape: pick(None, file.vim_escape.clone(), &from_file, String::new()),
        print_copied: pick(over.print_copied, file.print_copied, &from_file, false),
        inline: pick(
            over.inline,
            file.screen.as_deref().map(|screen| screen == "inline"),
            &from_file,
            false,
        ),
        print_on_exit: pick(None, file.print_on_exit, &from_file, false),
        client_tools: pick(None, file.client_tools, &from_file, true),
        status_line: pick(
            None,
            file.status_line.clone(),
            &from_file,
            super::STATUS_ITEMS.to_vec(),
        ),
        screen_reader: pick(over.screen_reader, file.screen_reader, &from_file, false),
    }
}
