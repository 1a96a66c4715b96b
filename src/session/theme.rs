//! The session's theme: what `/theme` picks is drawn at once (everything reads the session's
//! theme, and layouts are cached per theme) and saved in tern's config file for next time.

use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::ThemeChoice;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Theme;
use std::path::Path;

/// The built-in themes, as the picker lists them.
pub(crate) fn built_in_choices() -> Vec<ThemeChoice> {
    Theme::BUILT_IN
        .iter()
        .map(|theme| ThemeChoice {
            name: theme.name().to_string(),
            description: theme.palette().description.to_string(),
            theme: Ok(*theme),
        })
        .collect()
}

/// Draws everything with `theme` from the next frame on (a preview, or the choice).
pub(crate) fn show(state: &mut Session, theme: Theme) {
    state.config.theme = theme;
}

/// Asks the runtime for the theme files, if tern knows where they are.
pub(crate) fn load_files(state: &Session) -> Vec<Effect> {
    state
        .config
        .themes_dir
        .clone()
        .map(|dir| vec![Effect::LoadThemes { dir }])
        .unwrap_or_default()
}

/// `theme` (called `name`) was chosen: it stays, and goes into the config file.
pub(crate) fn choose(state: &mut Session, theme: Theme, name: &str) -> Vec<Effect> {
    show(state, theme);
    match state.config.config_file.clone() {
        Some(file) => vec![Effect::SaveSetting {
            file,
            key: "theme".into(),
            value: name.to_string(),
        }],
        None => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "Theme {}: for this session (tern has no config folder to save it in).",
                    sanitize_line(name)
                ),
            );
            vec![]
        }
    }
}

/// `/theme NAME`: that theme at once, or a warning naming the themes there are.
pub(crate) fn choose_by_name(state: &mut Session, name: &str) -> Vec<Effect> {
    match Theme::from_name(name) {
        Some(theme) => choose(state, theme, name),
        None => {
            let names: Vec<&str> = Theme::BUILT_IN.iter().map(|t| t.name()).collect();
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "No theme {}: the built-in ones are {}; /theme lists yours too.",
                    sanitize_line(name),
                    names.join(", ")
                ),
            );
            vec![]
        }
    }
}

/// The config file was written (or not).
pub(crate) fn setting_saved(
    state: &mut Session,
    key: &str,
    value: &str,
    file: &Path,
    result: &Result<(), String>,
) {
    let file = sanitize_line(&file.to_string_lossy());
    let (key, value) = (sanitize_line(key), sanitize_line(value));
    match result {
        Ok(()) => {
            let mut text = format!("Theme {value}, saved in {file}.");
            if key != "theme" {
                text = format!("Saved {key} = \"{value}\" in {file}.");
            } else if state.config.theme_from_env {
                text.push_str(" TERN_THEME is set, and decides at startup while it is.");
            }
            state.shown.transcript.notice(NoticeLevel::Info, text);
        }
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not save {key} = \"{value}\" in {file} ({}): it holds for this session only.",
                sanitize_line(e)
            ),
        ),
    }
}
