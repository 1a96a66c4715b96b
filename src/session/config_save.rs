//! What tern says once a value it wrote into its config file (`/statusline`, `/title`,
//! `/keymap`) is saved, or why it is not: the setting holds for this session either way.

use crate::config::{StatusItem, TitleItem};
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::{ConfigValue, LayerEvent};
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use std::path::Path;

/// The effect that saves `value` at `keys`, or — with no config file to save in — a line
/// saying it holds for this session only.
pub(crate) fn save(state: &mut Session, keys: &[&str], value: ConfigValue) -> Vec<Effect> {
    match state.config.config_file.clone() {
        Some(file) => vec![Effect::SaveConfigValue {
            file,
            keys: keys.iter().map(|k| k.to_string()).collect(),
            value,
        }],
        None => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "{} = {}: for this session (tern has no config folder to save it in).",
                    dotted(keys.iter().copied()),
                    sanitize_line(&value.shown())
                ),
            );
            vec![]
        }
    }
}

/// `Effect::SaveConfigValue`'s outcome.
pub(crate) fn saved(
    state: &mut Session,
    keys: &[String],
    value: &ConfigValue,
    file: &Path,
    result: &Result<(), String>,
) -> Vec<Effect> {
    let put_back = put_keys_back(state, keys, result);
    let file = sanitize_line(&file.to_string_lossy());
    if matches!(value, ConfigValue::Unset) {
        let key = dotted(keys.iter().map(String::as_str));
        let said = match result {
            Ok(()) => format!("Took {key} out of {file}."),
            Err(e) => format!(
                "Could not take {key} out of {file} ({}): the keys are back as they were.",
                sanitize_line(e)
            ),
        };
        let level = if result.is_ok() {
            NoticeLevel::Info
        } else {
            NoticeLevel::Warning
        };
        state.shown.transcript.notice(level, said);
        return vec![];
    }
    let setting = format!(
        "{} = {}",
        dotted(keys.iter().map(String::as_str)),
        sanitize_line(&value.shown())
    );
    match result {
        Ok(()) => state
            .shown
            .transcript
            .notice(NoticeLevel::Info, format!("Saved {setting} in {file}.")),
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not save {setting} in {file} ({}): {}.",
                sanitize_line(e),
                if put_back {
                    "the keys are back as they were"
                } else {
                    "it holds for this session only"
                }
            ),
        ),
    }
    vec![]
}

/// The status line shows `items` from now on (`None`: every part).
pub(crate) fn show_status_line(state: &mut Session, items: Option<Vec<StatusItem>>) {
    state.config.status_line = items;
}

/// The terminal's title shows `items` from now on (`None`: tern leaves the title alone).
pub(crate) fn show_title(state: &mut Session, items: Option<Vec<TitleItem>>) {
    state.config.title = items;
}

/// `keys.diff.next_hunk`, each part sanitised.
fn dotted<'a>(keys: impl Iterator<Item = &'a str>) -> String {
    keys.map(sanitize_line).collect::<Vec<_>>().join(".")
}

/// A save of `keys` came back: when it was `/keymap`'s and failed, the action's keys go back
/// (true: they did).
fn put_keys_back(state: &mut Session, keys: &[String], result: &Result<(), String>) -> bool {
    let Some(at) = state.keymap_saves.iter().position(|(k, _)| k == keys) else {
        return false;
    };
    let (_, before) = state.keymap_saves.remove(at);
    let (table, action) = match keys {
        [_, action] => ("", action.as_str()),
        [_, table, action] => (table.as_str(), action.as_str()),
        _ => return false,
    };
    if result.is_err() {
        state.config.keymap.rebind(table, action, before);
        state.layer_events.push(LayerEvent::SettingsChanged);
    }
    result.is_err()
}
