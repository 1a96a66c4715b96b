//! `/rules`: the exec-policy rules in `$CODEX_HOME/rules/*.rules` with their decisions, and
//! the deletion of one, after a confirm step because it is permanent.
//!
//! Reading and rewriting the files is the runtime's (`Effect::LoadRules`,
//! `Effect::DeleteRule`); answers come back as `AppEvent::RulesLoaded` and
//! `AppEvent::RuleDeleted`. codex reads rules when a thread starts, so a deletion reaches new
//! threads and forks but not threads already running (protocol-notes §3.8): the notice says so.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::rules::{self, Entry, Rule, RulesFileText};
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq)]
pub struct RulesList {
    /// The folder listed.
    pub dir: PathBuf,
    pub listing: Listing,
    /// Index into [`RulesList::rules`] of the selected rule.
    pub selected: PickList,
    /// `d` was pressed: the next `y` or Enter deletes the selected rule, any other key keeps it.
    pub confirming: bool,
    /// A deletion is with the runtime.
    pub deleting: bool,
    /// Why the last key did nothing, or what went wrong, until the next key.
    pub message: Option<String>,
    /// `$HOME`, to show paths as `~/…`.
    pub home: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Listing {
    Loading,
    Loaded(Vec<RulesFile>),
    /// The folder could not be read.
    Failed(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct RulesFile {
    pub path: PathBuf,
    /// Its rules and unreadable lines, or why the file could not be read.
    pub entries: Result<Vec<Entry>, String>,
}

/// Where a selectable rule is: which file, which entry of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleAt {
    pub file: usize,
    pub entry: usize,
}

impl RulesList {
    pub fn new(dir: PathBuf, home: Option<String>) -> Self {
        RulesList {
            dir,
            listing: Listing::Loading,
            selected: PickList::default(),
            confirming: false,
            deleting: false,
            message: None,
            home,
        }
    }

    pub(crate) fn files(&self) -> &[RulesFile] {
        match &self.listing {
            Listing::Loaded(files) => files,
            _ => &[],
        }
    }

    /// Every rule listed, top to bottom: what the selection moves over.
    pub fn rules(&self) -> Vec<RuleAt> {
        let mut found = Vec::new();
        for (file, rules_file) in self.files().iter().enumerate() {
            if let Ok(entries) = &rules_file.entries {
                for (entry, item) in entries.iter().enumerate() {
                    if matches!(item, Entry::Rule(_)) {
                        found.push(RuleAt { file, entry });
                    }
                }
            }
        }
        found
    }

    pub(crate) fn selected_at(&self) -> Option<RuleAt> {
        let rules = self.rules();
        rules.get(self.selected.index(rules.len())?).copied()
    }

    /// The selected rule, its file, and which of the identical rules in that file it is.
    pub fn selected_rule(&self) -> Option<(&RulesFile, &Rule, usize)> {
        self.rule_at(self.selected_at()?)
    }

    fn rule_at(&self, at: RuleAt) -> Option<(&RulesFile, &Rule, usize)> {
        let file = self.files().get(at.file)?;
        let entries = file.entries.as_ref().ok()?;
        match entries.get(at.entry)? {
            Entry::Rule(rule) => Some((file, rule, rules::occurrence(entries, at.entry))),
            Entry::Unparsed { .. } => None,
        }
    }

    /// A path as shown: `~/…` under the home folder.
    pub(crate) fn show_path(&self, path: &Path) -> String {
        crate::session::notices::show_path(path, self.home.as_deref())
    }

    fn ask_to_delete(&mut self) {
        if self.deleting {
            self.message = Some("A deletion is still being written.".into());
            return;
        }
        match self.selected_rule() {
            None => self.message = Some("No rule to delete.".into()),
            Some((_, rule, _)) if !rule.owns_lines => {
                self.message =
                    Some("This rule shares its line with other code: edit the file by hand.".into())
            }
            Some(_) => self.confirming = true,
        }
    }

    fn delete(&mut self) -> Vec<Effect> {
        let Some((file, rule, occurrence)) = self.selected_rule() else {
            return vec![];
        };
        let effect = Effect::DeleteRule {
            file: file.path.clone(),
            source: rule.source.clone(),
            occurrence,
        };
        self.deleting = true;
        vec![effect]
    }

    fn reload(&mut self) -> Vec<Effect> {
        if !matches!(self.listing, Listing::Loaded(_)) {
            self.listing = Listing::Loading;
        }
        vec![Effect::LoadRules {
            dir: self.dir.clone(),
        }]
    }

    fn loaded(&mut self, result: Result<Vec<RulesFileText>, String>) {
        // Keep the same rule selected if it is still there, else the one now in its place.
        let before = self
            .selected_rule()
            .map(|(file, rule, n)| (file.path.clone(), rule.source.clone(), n));
        self.listing = match result {
            Ok(files) => Listing::Loaded(
                files
                    .into_iter()
                    .map(|file| RulesFile {
                        entries: file.text.map(|text| rules::parse(&text)),
                        path: file.path,
                    })
                    .collect(),
            ),
            Err(e) => Listing::Failed(e),
        };
        let found = before.and_then(|(path, source, n)| {
            self.rules().into_iter().position(|at| {
                self.rule_at(at).is_some_and(|(file, rule, m)| {
                    file.path == path && rule.source == source && m == n
                })
            })
        });
        let count = self.rules().len();
        match found {
            Some(at) => self.selected.select(at, count),
            None => self.selected.clamp(count),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RulesKey {
    Move(Move),
    Reload,
    Delete,
    Confirm,
    Close,
}

fn confirming(list: &RulesList) -> bool {
    list.confirming
}

fn browsing(list: &RulesList) -> bool {
    !list.confirming
}

pub(crate) static KEYS: KeyTable<RulesList, RulesKey> = KeyTable::new(
    "rules",
    "Rules",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ENTER],
            RulesKey::Confirm,
            "delete for good",
        )
        .when("a deletion waits for its confirmation", confirming),
        list_rows::up_k(RulesKey::Move(Move::Up), "select").when("", browsing),
        list_rows::down_j(RulesKey::Move(Move::Down), "select").when("", browsing),
        KeyRow::new(
            "delete",
            &[Chord::ch('d'), Chord::DELETE],
            RulesKey::Delete,
            "delete",
        )
        .explained("delete the selected rule (asks first)")
        .bar_keys(1)
        .when("", browsing),
        KeyRow::new("reload", &[Chord::ch('r')], RulesKey::Reload, "reload").when("", browsing),
        list_rows::close_q(RulesKey::Close, "close").when("", browsing),
        list_rows::page_up(RulesKey::Move(Move::PageUp), "a page up/down")
            .when("", browsing)
            .help(),
        list_rows::page_down(RulesKey::Move(Move::PageDown), "a page up/down")
            .when("", browsing)
            .help(),
        list_rows::first(RulesKey::Move(Move::First), "first/last").when("", browsing),
        list_rows::last(RulesKey::Move(Move::Last), "first/last").when("", browsing),
    ],
    Rest::SWALLOW,
)
.rest_by(|list| {
    if list.confirming {
        Rest::any_key("keeps it")
    } else {
        Rest::SWALLOW
    }
});

impl LayerView for RulesList {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in the composer, not lost.
            return Outcome::Ignored;
        };
        let resolved = KEYS.resolve(key, self, &cx.config.keymap);
        self.message = None;
        // Any key ends a confirmation: `y` or Enter by deleting, the rest by keeping the rule.
        self.confirming = false;
        let count = self.rules().len();
        Outcome::of_key(resolved, |action| {
            match action {
                RulesKey::Confirm => return Outcome::Consumed(self.delete()),
                RulesKey::Close => return Outcome::Close(vec![]),
                RulesKey::Move(to) => {
                    self.selected.go(to, count);
                }
                RulesKey::Reload => return Outcome::Consumed(self.reload()),
                RulesKey::Delete => self.ask_to_delete(),
            }
            Outcome::Consumed(vec![])
        })
    }

    /// The runtime read the folder, or carried out a deletion: list the files (again).
    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::RulesLoaded { dir, result } if *dir == self.dir => {
                self.loaded(result.clone());
                Outcome::Consumed(vec![])
            }
            LayerEvent::RuleDeleted { result } => {
                self.deleting = false;
                if let Err(e) = result {
                    self.message = Some(format!("Not deleted: {}", visible_line(e)));
                }
                Outcome::Consumed(self.reload())
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Rules"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.rules().len().max(1)
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

/// The exec-policy folder: `rules` under the `codexHome` the server named in `initialize`, or
/// under the one found at startup (`$CODEX_HOME`, else `~/.codex`).
pub(crate) fn rules_dir(state: &Session) -> Option<PathBuf> {
    let from_server = state
        .server
        .as_ref()
        .and_then(|s| s.codex_home.clone())
        .filter(|home| !home.is_empty());
    from_server
        .or_else(|| state.config.codex_home.clone())
        .map(|home| Path::new(&home).join("rules"))
}

/// Opens the list over the transcript (`/rules`) and asks for the files.
pub fn open(state: &mut Session) -> Outcome {
    let Some(dir) = rules_dir(state) else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Cannot tell where codex keeps its rules: the server named no codexHome, and neither \
             CODEX_HOME nor HOME is set.",
        );
        return Outcome::Consumed(vec![]);
    };
    let list = RulesList::new(dir.clone(), state.config.home.clone());
    Outcome::Open(Layer::Rules(list), vec![Effect::LoadRules { dir }])
}
