//! `tern --print-config`: the settings in force, one per line, with where each came from.
//! Values from the file or the environment pass through `sanitize_line`.

use super::effective::{Effective, Setting, Source};
use super::Loaded;
use crate::text::sanitize::sanitize_line;
use std::fmt::Write;
use std::path::Path;

pub fn print_config(effective: &Effective, loaded: &Loaded, looked_at: Option<&Path>) -> String {
    let mut out = String::new();
    match (&loaded.path, looked_at) {
        (Some(path), _) => {
            let _ = writeln!(out, "# config file: {}", shown_path(path));
        }
        (None, Some(path)) => {
            let _ = writeln!(out, "# config file: {} (not found)", shown_path(path));
        }
        (None, None) => out.push_str("# config file: none (no config folder on this platform)\n"),
    }
    for warning in &loaded.warnings {
        let _ = writeln!(out, "# warning: {warning}");
    }
    let text = |s: &Setting<Option<String>>| match &s.value {
        Some(v) => format!("\"{}\"", sanitize_line(v)),
        None => "(codex's own)".to_string(),
    };
    let rows = [
        ("model", text(&effective.model), &effective.model.source),
        (
            "approval_policy",
            text(&effective.approval_policy),
            &effective.approval_policy.source,
        ),
        (
            "sandbox",
            text(&effective.sandbox),
            &effective.sandbox.source,
        ),
        (
            "theme",
            format!("\"{}\"", sanitize_line(&effective.theme.value)),
            &effective.theme.source,
        ),
        (
            "title",
            effective.title.value.shown(),
            &effective.title.source,
        ),
        (
            "status_line",
            super::status_line::shown(&effective.status_line.value),
            &effective.status_line.source,
        ),
        (
            "notify",
            format!("\"{}\"", effective.notify.value.name()),
            &effective.notify.source,
        ),
        (
            "codex_bin",
            match &effective.codex_bin.value {
                Some(path) => format!("\"{}\"", shown_path(path)),
                None => "(codex on PATH)".to_string(),
            },
            &effective.codex_bin.source,
        ),
        (
            "remote_command",
            match &effective.remote_command.value {
                Some(command) => format!("\"{}\"", sanitize_line(command)),
                None => "(codex app-server)".to_string(),
            },
            &effective.remote_command.source,
        ),
        (
            "vim",
            effective.vim.value.to_string(),
            &effective.vim.source,
        ),
        (
            "vim_escape",
            match effective.vim_escape.value.as_str() {
                "" => "(none)".to_string(),
                escape => format!("\"{}\"", sanitize_line(escape)),
            },
            &effective.vim_escape.source,
        ),
        (
            "no_color",
            effective.no_color.value.to_string(),
            &effective.no_color.source,
        ),
        (
            "thread_titles",
            effective.thread_titles.value.to_string(),
            &effective.thread_titles.source,
        ),
        (
            "show_raw_reasoning",
            match effective.show_raw_reasoning.value {
                Some(show) => show.to_string(),
                None => "(codex's show_raw_agent_reasoning)".to_string(),
            },
            &effective.show_raw_reasoning.source,
        ),
        (
            "print_copied",
            effective.print_copied.value.to_string(),
            &effective.print_copied.source,
        ),
        (
            "screen",
            if effective.inline.value {
                "inline"
            } else {
                "fullscreen"
            }
            .to_string(),
            &effective.inline.source,
        ),
        (
            "print_on_exit",
            effective.print_on_exit.value.to_string(),
            &effective.print_on_exit.source,
        ),
        (
            "client_tools",
            effective.client_tools.value.to_string(),
            &effective.client_tools.source,
        ),
        (
            "screen_reader",
            effective.screen_reader.value.to_string(),
            &effective.screen_reader.source,
        ),
    ];
    for (key, value, source) in rows {
        let _ = writeln!(out, "{key} = {value}  # {}", source_text(source));
    }
    let file = &loaded.settings;
    for (key, value) in [
        ("bell", file.bell),
        ("desktop_notification", file.desktop_notification),
    ] {
        if let Some(value) = value {
            let wins = if file.notify.is_some() {
                "notify wins"
            } else {
                "read as notify"
            };
            let _ = writeln!(out, "# {key} = {value}: the older key; {wins}");
        }
    }
    // The keys the file moves (every other key is the tables' own: `tern --keys`).
    let from_file = Source::File(loaded.path.clone().unwrap_or_default());
    for written in &loaded.keys {
        let name = match written.section.as_str() {
            "" => format!("keys.{}", sanitize_line(&written.action)),
            section => format!(
                "keys.{}.{}",
                sanitize_line(section),
                sanitize_line(&written.action)
            ),
        };
        let keys: Vec<String> = written
            .keys
            .iter()
            .map(|key| format!("\"{}\"", sanitize_line(key)))
            .collect();
        let value = match keys.as_slice() {
            [one] => one.clone(),
            _ => format!("[{}]", keys.join(", ")),
        };
        let _ = writeln!(out, "{name} = {value}  # {}", source_text(&from_file));
    }
    out
}

fn shown_path(path: &Path) -> String {
    sanitize_line(&path.to_string_lossy())
}

fn source_text(source: &Source) -> String {
    match source {
        Source::Default => "default".into(),
        Source::File(path) => format!("from {}", shown_path(path)),
        Source::Flag => "from a flag".into(),
        Source::Env(name) => format!("from ${name}"),
    }
}
