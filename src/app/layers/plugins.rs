//! `/plugins`: the plugins of codex's marketplaces (this directory's included), searched as you
//! type (name, display name, description, marketplace). Enter reads the selected one: what it
//! holds — skills, MCP servers, hooks, apps — is what would run once installed. There `i`
//! installs and `u` uninstalls, each only after `y` in the one confirm box, whose question
//! names the MCP servers and hooks it brings.

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::{Confirmable, LayerEvent, PluginBrings};
use crate::session::plugins;
use crate::session::state::Session;
use crossterm::event::{KeyCode, KeyModifiers};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct PluginsView {
    /// What was typed: the list shows the plugins it matches.
    pub filter: String,
    pub selected: PickList,
    /// The plugin whose details are shown (its id), over the list.
    pub details: Option<String>,
}

/// `/plugins`: opens at once and asks for the list.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = plugins::refresh(state);
    Outcome::Open(super::Layer::Plugins(PluginsView::default()), effects)
}

/// The indexes in the catalog of the plugins `filter` matches (every word, anywhere, any case).
pub(crate) fn matching(session: &Session, filter: &str) -> Vec<usize> {
    let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
    let catalog = &session.plugins.catalog.plugins;
    (0..catalog.len())
        .filter(|&i| {
            let e = &catalog[i];
            let text = format!(
                "{} {} {} {}",
                e.plugin.name,
                e.plugin.shown_name(),
                e.plugin.short_description(),
                e.marketplace
            )
            .to_lowercase();
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PluginsKeys {
    /// Details are shown, and whether that plugin is installed.
    pub details: Option<bool>,
    pub any: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PluginsKey {
    Move(Move),
    Read,
    Install,
    Uninstall,
    Back,
}

fn listing(k: &PluginsKeys) -> bool {
    k.details.is_none()
}

fn reading(k: &PluginsKeys) -> bool {
    k.details.is_some()
}

pub(crate) static KEYS: KeyTable<PluginsKeys, PluginsKey> = KeyTable::new(
    "plugins",
    "Plugins",
    &[
        list_rows::up(PluginsKey::Move(Move::Up), "select").when("the list is shown", listing),
        list_rows::down(PluginsKey::Move(Move::Down), "select").when("the list is shown", listing),
        KeyRow::new("read", &[Chord::ENTER], PluginsKey::Read, "details")
            .explained("what the plugin holds: skills, MCP servers, hooks, apps")
            .when("a plugin is selected", |k: &PluginsKeys| {
                listing(k) && k.any
            }),
        KeyRow::new("install", &[Chord::ch('i')], PluginsKey::Install, "install")
            .explained("install the plugin (asks first, naming what it runs)")
            .when("the plugin is not installed", |k: &PluginsKeys| {
                reading(k) && k.details == Some(false)
            }),
        KeyRow::new(
            "uninstall",
            &[Chord::ch('u')],
            PluginsKey::Uninstall,
            "uninstall",
        )
        .explained("uninstall the plugin (asks first)")
        .when("the plugin is installed", |k: &PluginsKeys| {
            reading(k) && k.details == Some(true)
        }),
        list_rows::close(PluginsKey::Back, "back/close"),
        list_rows::filter_back(PluginsKey::Back).when("the list is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.details.is_none() {
        // Typing searches.
        Rest {
            chars: Fate::Take("searches"),
            modified: Fate::Pass,
            other: Fate::Swallow,
        }
    } else {
        Rest::SWALLOW
    }
});

impl PluginsView {
    fn facts(&self, session: &Session) -> PluginsKeys {
        let catalog = &session.plugins.catalog.plugins;
        PluginsKeys {
            details: self.details.as_ref().map(|id| {
                catalog
                    .iter()
                    .any(|e| &e.plugin.id == id && e.plugin.installed)
            }),
            any: !matching(session, &self.filter).is_empty(),
        }
    }

    /// The question for installing (or uninstalling) the plugin whose details are shown,
    /// naming it and, for an install, what it brings as read.
    fn ask(&self, install: bool, session: &Session) -> Option<Confirmable> {
        let id = self.details.clone()?;
        let catalog = &session.plugins.catalog;
        let detail = catalog.detail.as_ref().filter(|d| d.summary.id == id);
        let name = detail
            .map(|d| d.summary.shown_name().to_string())
            .or_else(|| {
                let listed = catalog.plugins.iter().find(|e| e.plugin.id == id);
                listed.map(|e| e.plugin.shown_name().to_string())
            })
            .unwrap_or_else(|| id.clone());
        Some(if install {
            let brings = detail.map(|d| PluginBrings {
                mcp_servers: d.mcp_servers.clone(),
                hooks: d.hooks.iter().map(|h| h.event_name.clone()).collect(),
                skills: d.skills.len(),
            });
            Confirmable::InstallPlugin { id, name, brings }
        } else {
            Confirmable::UninstallPlugin { id, name }
        })
    }

    /// The id of the selected plugin of the list.
    fn selected_id(&self, session: &Session) -> Option<String> {
        let shown = matching(session, &self.filter);
        let at = self.selected.index(shown.len())?;
        Some(session.plugins.catalog.plugins[shown[at]].plugin.id.clone())
    }
}

impl LayerView for PluginsView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = matching(cx, &self.filter).len();
        let facts = self.facts(cx);
        Outcome::of_key_or_typed(KEYS.resolve(key, &facts, &cx.config.keymap), |row| {
            let Some(action) = row else {
                if let (KeyCode::Char(c), false) =
                    (key.code, key.modifiers.contains(KeyModifiers::CONTROL))
                {
                    self.filter.push(c);
                    self.selected = PickList::default();
                }
                return Outcome::Consumed(vec![]);
            };
            match action {
                PluginsKey::Move(to) => {
                    self.selected.go(to, n);
                }
                PluginsKey::Back if key.code == KeyCode::Backspace => {
                    self.filter.pop();
                    self.selected = PickList::default();
                }
                PluginsKey::Back if self.details.is_some() => self.details = None,
                PluginsKey::Back => return Outcome::Close(vec![]),
                PluginsKey::Read => {
                    let Some(id) = self.selected_id(cx) else {
                        return Outcome::Consumed(vec![]);
                    };
                    self.details = Some(id.clone());
                    return Outcome::Consumed(plugins::read(cx.session_mut(), &id));
                }
                PluginsKey::Install | PluginsKey::Uninstall => {
                    let Some(ask) = self.ask(action == PluginsKey::Install, cx) else {
                        return Outcome::Consumed(vec![]);
                    };
                    return Outcome::Open(Layer::Confirm(Confirm { ask }), vec![]);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::PluginsChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(matching(cx, &self.filter).len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Plugins"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        session.plugins.catalog.plugins.len() + 6
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
