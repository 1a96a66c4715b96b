//! `/config`: every setting in force and where it came from — tern's own (`tern
//! --print-config`: default, tern's config file, an environment variable or a flag) and
//! codex's (`config/read`: each setting a layer set, with the layer). A list of the shared
//! list view; the selected row's whole value is shown under it. Values are the files' and the
//! server's: the drawing sanitises them, and secrets are redacted here.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, KeyList, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use serde_json::Value;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConfigView {
    pub selected: PickList,
    /// The settings as last read (`rows`): read as the box opens and again when codex's
    /// config is read (`LayerEvent::SettingsChanged`), never per frame.
    pub(crate) rows: Vec<SettingRow>,
}

/// One setting: whose it is (tern's or codex's), its name, its value as written, and where it
/// came from. Unsanitised; secrets already redacted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SettingRow {
    pub owner: &'static str,
    pub key: String,
    pub value: String,
    pub source: String,
}

/// `/config`: opens at once with tern's settings and asks codex for its own.
pub(crate) fn open(state: &Session) -> Outcome {
    let cwd = Some(crate::session::threads::current_cwd(state));
    let ask = Effect::Request(ClientRequest::ReadConfig(
        crate::protocol::ConfigReadParams {
            include_layers: false,
            cwd,
        },
    ));
    let view = ConfigView {
        selected: PickList::default(),
        rows: rows(state),
    };
    Outcome::Open(super::Layer::Config(view), vec![ask])
}

/// The settings, tern's first (in `--print-config`'s order), then codex's (by name).
pub(crate) fn rows(session: &Session) -> Vec<SettingRow> {
    let redact = |text: &str| crate::rpc::redact::redact(text).into_owned();
    let mut rows = Vec::new();
    let printed = session
        .config
        .first_run
        .doctor
        .iter()
        .find(|s| s.title == "tern's settings");
    for (key, said) in printed.map(|s| s.rows.as_slice()).unwrap_or_default() {
        let (value, source) = said.rsplit_once(" · ").unwrap_or((said, ""));
        rows.push(SettingRow {
            owner: "tern",
            key: key.clone(),
            value: redact(value),
            source: source.to_string(),
        });
    }
    if let Some(Ok(answer)) = &session.first_run.codex_config {
        let mut keys: Vec<&String> = answer.origins.keys().collect();
        keys.sort();
        for key in keys {
            let value = lookup(&answer.config, key)
                .map(|v| match v {
                    Value::String(text) => format!("\"{text}\""),
                    other => other.to_string(),
                })
                .unwrap_or_else(|| "(unset)".into());
            rows.push(SettingRow {
                owner: "codex",
                key: key.clone(),
                value: redact(&value),
                source: answer.origins[key].name.describe(),
            });
        }
    }
    crate::model::work::step(rows.len());
    rows
}

/// What codex answered of codex's settings, while there is no list of them to show.
pub(crate) fn codex_status(session: &Session) -> Option<String> {
    match &session.first_run.codex_config {
        None => Some("Asking codex for its settings…".into()),
        Some(Err(why)) => Some(format!("codex did not say its settings: {why}")),
        Some(Ok(answer)) if answer.origins.is_empty() => {
            Some("codex's settings: all its own defaults (no config file sets any).".into())
        }
        Some(Ok(_)) => None,
    }
}

/// A dotted setting (`tui.notifications`, `mcp_servers.docs.command`) in codex's config.
fn lookup<'a>(config: &'a serde_json::Map<String, Value>, key: &str) -> Option<&'a Value> {
    if let Some(value) = config.get(key) {
        return Some(value).filter(|v| !v.is_null());
    }
    let mut parts = key.split('.');
    let mut at = config.get(parts.next()?)?;
    for part in parts {
        at = at.get(part)?;
    }
    Some(at).filter(|v| !v.is_null())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ConfigKey {
    Move(Move),
    Close,
}

pub(crate) static KEYS: KeyTable<(), ConfigKey> = KeyTable::new(
    "config",
    "Config",
    &[
        list_rows::up_k(ConfigKey::Move(Move::Up), "select"),
        list_rows::down_j(ConfigKey::Move(Move::Down), "select"),
        list_rows::page_up(ConfigKey::Move(Move::PageUp), "page"),
        list_rows::page_down(ConfigKey::Move(Move::PageDown), "page"),
        list_rows::first(ConfigKey::Move(Move::First), "first/last"),
        list_rows::last(ConfigKey::Move(Move::Last), "first/last"),
        list_rows::close_q(ConfigKey::Close, "close"),
    ],
    Rest::SWALLOW,
);

impl LayerView for ConfigView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = self.rows.len();
        Outcome::of_key(KEYS.resolve(key, &(), &cx.config.keymap), |action| {
            match action {
                ConfigKey::Close => return Outcome::Close(vec![]),
                ConfigKey::Move(to) => {
                    self.selected.go(to, n);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::SettingsChanged {
            return Outcome::Ignored;
        }
        self.rows = rows(cx);
        self.selected.clamp(self.rows.len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Config"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.rows.len() + 6
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&(), &cx.config.keymap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn dotted_settings_are_found_nested_or_flat() {
        let config = json!({"model": "m", "tui": {"notifications": true}, "a.b": 1, "gone": null});
        let config = config.as_object().unwrap();
        assert_eq!(lookup(config, "model"), Some(&json!("m")));
        assert_eq!(lookup(config, "tui.notifications"), Some(&json!(true)));
        assert_eq!(lookup(config, "a.b"), Some(&json!(1)));
        assert_eq!(lookup(config, "gone"), None);
        assert_eq!(lookup(config, "tui.missing"), None);
    }
}
