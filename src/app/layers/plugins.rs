//! `/plugins`: the plugins of codex's marketplaces (this directory's included), searched as you
//! type (name, display name, description, marketplace). Enter reads the selected one: what it
//! holds — skills, MCP servers, hooks, apps — is what would run once installed. There `i`
//! installs and `u` uninstalls, each only after `y` in the one confirm box, whose question
//! names the MCP servers and hooks it brings. codex searches too as you type
//! (`session::plugin_search`), its hits merged in. Ctrl+A adds a marketplace from a source
//! typed in a line; Ctrl+X removes the selected plugin's marketplace and Ctrl+U upgrades it
//! (every git one when the list is empty), each after the shared yes/no question naming it.

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::line_input::{pasted_line, LineInput};
use crate::controls::pick_list::PickList;
use crate::session::event::{Confirmable, LayerEvent, PluginBrings};
use crate::session::state::plugins::catalog::CatalogEntry;
use crate::session::state::Session;
use crate::session::{marketplaces, plugin_search, plugins};
use crossterm::event::{KeyCode, KeyModifiers};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct PluginsView {
    /// What was typed: the list shows the plugins it matches.
    pub filter: String,
    pub selected: PickList,
    /// The plugin whose details are shown (its id), over the list.
    pub details: Option<String>,
    /// Ctrl+A: the source of a marketplace to add, as typed.
    pub adding: Option<LineInput>,
}

/// `/plugins`: opens at once and asks for the list.
pub(crate) fn open(state: &mut Session) -> Outcome {
    plugin_search::reset(state);
    let effects = plugins::refresh(state);
    Outcome::Open(super::Layer::Plugins(PluginsView::default()), effects)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PluginsKeys {
    /// Details are shown, and whether that plugin is installed.
    pub details: Option<bool>,
    pub any: bool,
    /// Ctrl+A's line is being typed.
    pub adding: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PluginsKey {
    Move(Move),
    Read,
    Install,
    Uninstall,
    Back,
    AddMarketplace,
    AddSource,
    RemoveMarketplace,
    UpgradeMarketplace,
}

fn listing(k: &PluginsKeys) -> bool {
    k.details.is_none() && !k.adding
}

fn reading(k: &PluginsKeys) -> bool {
    k.details.is_some() && !k.adding
}

/// A plugin is selected or shown: its marketplace can be removed.
fn on_plugin(k: &PluginsKeys) -> bool {
    (listing(k) && k.any) || reading(k)
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
        list_rows::filter_back(PluginsKey::Back)
            .when("the list is shown or a source typed", |k: &PluginsKeys| {
                listing(k) || k.adding
            }),
        KeyRow::new(
            "add_marketplace",
            &[Chord::ctrl('a')],
            PluginsKey::AddMarketplace,
            "add marketplace",
        )
        .explained("add a marketplace: owner/repo, a git URL, or a local folder")
        .when("the list is shown", listing),
        KeyRow::new(
            "remove_marketplace",
            &[Chord::ctrl('x')],
            PluginsKey::RemoveMarketplace,
            "remove marketplace",
        )
        .explained("remove the plugin's marketplace (asks first, naming it)")
        .when("a plugin is selected", on_plugin),
        KeyRow::new(
            "upgrade_marketplace",
            &[Chord::ctrl('u')],
            PluginsKey::UpgradeMarketplace,
            "upgrade marketplace",
        )
        .explained("pull the plugin's marketplace (every git one if none) again; asks first")
        .when("the list or a plugin is shown", |k: &PluginsKeys| {
            listing(k) || reading(k)
        }),
        KeyRow::new("add_source", &[Chord::ENTER], PluginsKey::AddSource, "add")
            .explained("add the marketplace typed")
            .when("a source is typed", |k: &PluginsKeys| k.adding),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.adding {
        Rest::typing("the source")
    } else if k.details.is_none() {
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
            any: !session.plugins.search.shown.is_empty(),
            adding: self.adding.is_some(),
        }
    }

    /// The selected plugin of the list.
    fn selected_entry<'a>(&self, session: &'a Session) -> Option<&'a CatalogEntry> {
        let search = &session.plugins.search;
        let at = self.selected.index(search.shown.len())?;
        search.entry(&session.plugins.catalog, search.shown[at])
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
        self.selected_entry(session).map(|e| e.plugin.id.clone())
    }

    /// The plugin shown, or else the one selected: the one whose marketplace is meant.
    fn meant<'a>(&self, session: &'a Session) -> Option<&'a CatalogEntry> {
        match &self.details {
            Some(id) => plugins::entry(session, id),
            None => self.selected_entry(session),
        }
    }

    /// Ctrl+A, Ctrl+X, Ctrl+U and the source line's keys.
    fn marketplace_key(&mut self, action: PluginsKey, cx: &mut Ctx<'_>) -> Outcome {
        let meant = self.meant(cx).map(|e| e.marketplace.clone());
        let ask = match action {
            PluginsKey::AddMarketplace => {
                self.adding = Some(LineInput::default());
                return Outcome::Consumed(vec![]);
            }
            PluginsKey::AddSource => {
                let source = self.adding.take().unwrap_or_default();
                return Outcome::Consumed(marketplaces::add(cx.session_mut(), source.as_str()));
            }
            PluginsKey::RemoveMarketplace => match meant {
                Some(name) => Confirmable::RemoveMarketplace { name },
                None => return Outcome::Consumed(vec![]),
            },
            _ => Confirmable::UpgradeMarketplace { name: meant },
        };
        Outcome::Open(Layer::Confirm(Confirm { ask }), vec![])
    }
}

impl LayerView for PluginsView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return match (input, &mut self.adding) {
                (Input::Paste(text), Some(line)) => {
                    line.paste(text);
                    Outcome::Consumed(vec![])
                }
                // A paste into the search, as typed.
                (Input::Paste(text), None) if self.details.is_none() => {
                    self.filter.push_str(&pasted_line(text));
                    self.selected = PickList::default();
                    Outcome::Consumed(plugin_search::typed(cx.session_mut(), &self.filter))
                }
                _ => Outcome::Ignored,
            };
        };
        let n = cx.plugins.search.shown.len();
        let facts = self.facts(cx);
        Outcome::of_key_or_typed(KEYS.resolve(key, &facts, &cx.config.keymap), |row| {
            let Some(action) = row else {
                if let (Some(line), KeyCode::Char(c)) = (&mut self.adding, key.code) {
                    line.type_char(c);
                } else if let (KeyCode::Char(c), false) =
                    (key.code, key.modifiers.contains(KeyModifiers::CONTROL))
                {
                    self.filter.push(c);
                    self.selected = PickList::default();
                    return Outcome::Consumed(plugin_search::typed(cx.session_mut(), &self.filter));
                }
                return Outcome::Consumed(vec![]);
            };
            match action {
                PluginsKey::Move(to) => {
                    self.selected.go(to, n);
                }
                PluginsKey::Back if self.adding.is_some() => {
                    if key.code != KeyCode::Backspace {
                        self.adding = None;
                    } else if let Some(line) = &mut self.adding {
                        line.backspace();
                    }
                }
                PluginsKey::Back if key.code == KeyCode::Backspace => {
                    self.filter.pop();
                    self.selected = PickList::default();
                    return Outcome::Consumed(plugin_search::typed(cx.session_mut(), &self.filter));
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
                PluginsKey::AddMarketplace
                | PluginsKey::AddSource
                | PluginsKey::RemoveMarketplace
                | PluginsKey::UpgradeMarketplace => return self.marketplace_key(action, cx),
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::PluginsChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(cx.plugins.search.shown.len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Plugins"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        // The list, the hits only the server's search found, the news and the source line.
        session.plugins.catalog.plugins.len() + session.plugins.search.hits.len() + 10
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
