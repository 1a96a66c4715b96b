//! `/model` and `/approvals`: a list to pick from. The model list comes from `model/list`; a
//! model that offers reasoning efforts asks for one next. What is picked goes into the next
//! `turn/start` as overrides (see `turn_settings`), and a notice says so.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::NoticeLevel;
use crate::protocol::{sandbox_policy, ModelInfo};
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crate::session::turn_settings;

#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub kind: ChoiceKind,
    pub items: Vec<ChoiceItem>,
    pub selected: PickList,
    /// Still waiting for the list, or why there is none.
    pub status: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ChoiceKind {
    Model(Vec<ModelInfo>),
    /// The efforts of the model picked.
    Effort(ModelInfo),
    Approvals,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceItem {
    pub label: String,
    pub detail: String,
    /// What the next turn uses now.
    pub current: bool,
}

/// The `/approvals` presets: what to ask about, and where commands may write.
/// Who reviews approvals (`approvalsReviewer`), listed after the presets: label, value, what
/// it means.
const REVIEWERS: &[(&str, &str, &str)] = &[
    (
        "You review",
        "user",
        "every approval is asked of you · reviewer user",
    ),
    (
        "Auto-review",
        "auto_review",
        "codex's reviewer agent decides, by risk · reviewer auto_review",
    ),
];

pub(crate) const APPROVAL_PRESETS: &[(&str, &str, &str, &str)] = &[
    (
        "Read only",
        "on-request",
        "read-only",
        "asks before edits and commands",
    ),
    (
        "Auto",
        "on-request",
        "workspace-write",
        "edits and runs in this folder, asks beyond it",
    ),
    (
        "Untrusted",
        "untrusted",
        "workspace-write",
        "asks before anything not known to be safe",
    ),
    (
        "Full access",
        "never",
        "danger-full-access",
        "runs anything anywhere, never asks",
    ),
];

/// `/model`: the picker opens at once and fills when `model/list` answers.
pub(crate) fn open_models(_state: &mut Session) -> Outcome {
    let choice = Choice {
        kind: ChoiceKind::Model(vec![]),
        items: vec![],
        selected: PickList::default(),
        status: Some("Loading the models…".into()),
    };
    Outcome::Open(
        Layer::Choice(choice),
        vec![crate::session::actions::list_models()],
    )
}

/// `/approvals`.
pub(crate) fn open_approvals(state: &mut Session) -> Outcome {
    let (approval, sandbox, reviewer) = (
        turn_settings::approval(state),
        turn_settings::sandbox(state),
        turn_settings::reviewer(state),
    );
    let items: Vec<ChoiceItem> = APPROVAL_PRESETS
        .iter()
        .map(|(label, policy, mode, what)| ChoiceItem {
            label: label.to_string(),
            detail: format!("{what} · {policy}, {mode}"),
            current: approval.as_deref() == Some(policy) && sandbox.as_deref() == Some(mode),
        })
        .chain(REVIEWERS.iter().map(|(label, value, what)| ChoiceItem {
            label: label.to_string(),
            detail: what.to_string(),
            current: reviewer == *value,
        }))
        .collect();
    let selected = PickList::at(items.iter().position(|i| i.current).unwrap_or(0));
    let choice = Choice {
        kind: ChoiceKind::Approvals,
        items,
        selected,
        status: None,
    };
    Outcome::Open(Layer::Choice(choice), vec![])
}

impl Choice {
    fn pick(&mut self, state: &mut Session) -> Outcome {
        let Some(at) = self.selected.index(self.items.len()) else {
            return Outcome::Consumed(vec![]);
        };
        match &self.kind {
            ChoiceKind::Model(models) => {
                let Some(model) = models.get(at).cloned() else {
                    return Outcome::Consumed(vec![]);
                };
                if model.supported_reasoning_efforts.is_empty() {
                    return self.chosen(state, model.model, None);
                }
                // Next: its effort, the default (or the current one) selected. The list of
                // efforts takes the models' place: Esc there leaves, as from the models.
                let current =
                    turn_settings::effort(state).or_else(|| model.default_reasoning_effort.clone());
                let items: Vec<ChoiceItem> = model
                    .supported_reasoning_efforts
                    .iter()
                    .map(|e| ChoiceItem {
                        label: e.reasoning_effort.clone(),
                        detail: e.description.clone(),
                        current: current.as_deref() == Some(e.reasoning_effort.as_str()),
                    })
                    .collect();
                let efforts = Choice {
                    selected: PickList::at(items.iter().position(|i| i.current).unwrap_or(0)),
                    items,
                    kind: ChoiceKind::Effort(model),
                    status: None,
                };
                Outcome::Replace(Layer::Choice(efforts), vec![])
            }
            ChoiceKind::Effort(model) => {
                let effort = model
                    .supported_reasoning_efforts
                    .get(at)
                    .map(|e| e.reasoning_effort.clone());
                let slug = model.model.clone();
                self.chosen(state, slug, effort)
            }
            ChoiceKind::Approvals if at >= APPROVAL_PRESETS.len() => {
                let (_, value, _) =
                    REVIEWERS[(at - APPROVAL_PRESETS.len()).min(REVIEWERS.len() - 1)];
                state.turn_settings.chosen.approvals_reviewer = Some(value.to_string());
                let who = if value == "user" {
                    "you review the approvals codex asks for"
                } else {
                    "codex's auto-review decides the approvals (you are asked only when it needs you)"
                };
                state
                    .shown
                    .transcript
                    .notice(NoticeLevel::Info, format!("From the next turn {who}."));
                Outcome::Close(vec![])
            }
            ChoiceKind::Approvals => {
                let (label, policy, mode, _) = APPROVAL_PRESETS[at.min(APPROVAL_PRESETS.len() - 1)];
                let settings = &mut state.turn_settings;
                settings.chosen.approval_policy = Some(policy.to_string());
                settings.chosen.sandbox_policy = sandbox_policy(mode);
                settings.chosen_sandbox = Some(mode.to_string());
                state.shown.transcript.notice(
                    NoticeLevel::Info,
                    format!(
                        "{label}: the next turn runs with approval {policy} and sandbox {mode}."
                    ),
                );
                Outcome::Close(vec![])
            }
        }
    }

    fn chosen(&self, state: &mut Session, model: String, effort: Option<String>) -> Outcome {
        let text = match &effort {
            Some(e) => format!("The next turn uses {model} with {e} reasoning effort."),
            None => format!("The next turn uses {model}."),
        };
        state.turn_settings.chosen.model = Some(model);
        state.turn_settings.chosen.effort = effort;
        state.shown.transcript.notice(NoticeLevel::Info, text);
        Outcome::Close(vec![])
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChoiceKey {
    Move(Move),
    Choose,
    Cancel,
}

fn has_items(choice: &Choice) -> bool {
    !choice.items.is_empty()
}

pub(crate) static KEYS: KeyTable<Choice, ChoiceKey> = KeyTable::new(
    "choice",
    "Choose",
    &[
        list_rows::up(ChoiceKey::Move(Move::Up), "select").when("the list has items", has_items),
        list_rows::down(ChoiceKey::Move(Move::Down), "select")
            .when("the list has items", has_items),
        // A server may list thousands of models: the ends are one key away (the list stops
        // at its ends rather than wrapping, see `pick_list`).
        list_rows::page_up(ChoiceKey::Move(Move::PageUp), "a page up/down")
            .when("the list has items", has_items)
            .help(),
        list_rows::page_down(ChoiceKey::Move(Move::PageDown), "a page up/down")
            .when("the list has items", has_items)
            .help(),
        list_rows::first(ChoiceKey::Move(Move::First), "first/last")
            .when("the list has items", has_items),
        list_rows::last(ChoiceKey::Move(Move::Last), "first/last")
            .when("the list has items", has_items),
        KeyRow::new("choose", &[Chord::ENTER], ChoiceKey::Choose, "choose")
            .when("the list has items", has_items),
        KeyRow::new("cancel", &[Chord::ESC], ChoiceKey::Cancel, "cancel"),
    ],
    Rest::SWALLOW,
);

impl LayerView for Choice {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = self.items.len();
        Outcome::of_key(
            KEYS.resolve(key, self, &cx.config.keymap),
            |action| match action {
                ChoiceKey::Cancel => Outcome::Close(vec![]),
                ChoiceKey::Move(to) => {
                    self.selected.go(to, n);
                    Outcome::Consumed(vec![])
                }
                ChoiceKey::Choose => self.pick(cx.session_mut()),
            },
        )
    }

    /// `model/list` answered: a model picker fills.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        let LayerEvent::Models(result) = event else {
            return Outcome::Ignored;
        };
        if !matches!(self.kind, ChoiceKind::Model(_)) {
            return Outcome::Ignored;
        }
        let current = turn_settings::model(cx);
        match result {
            Ok(list) => {
                let models: Vec<ModelInfo> =
                    list.data.iter().filter(|m| !m.hidden).cloned().collect();
                self.items = models
                    .iter()
                    .map(|m| ChoiceItem {
                        label: if m.display_name.is_empty() {
                            m.model.clone()
                        } else {
                            m.display_name.clone()
                        },
                        detail: m.description.clone(),
                        current: current.as_deref() == Some(m.model.as_str()),
                    })
                    .collect();
                self.selected =
                    PickList::at(self.items.iter().position(|i| i.current).unwrap_or(0));
                self.status = models
                    .is_empty()
                    .then(|| "The server lists no models.".into());
                self.kind = ChoiceKind::Model(models);
            }
            Err(e) => self.status = Some(format!("Could not list the models: {e}")),
        }
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        self.name()
    }

    /// Rows the list wants: one per item and a line for the status.
    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.items.len() + usize::from(self.status.is_some())
    }
    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

impl Choice {
    /// What is being chosen.
    pub fn name(&self) -> &'static str {
        match self.kind {
            ChoiceKind::Model(_) => "Model",
            ChoiceKind::Effort(_) => "Reasoning effort",
            ChoiceKind::Approvals => "Approvals",
        }
    }
}
