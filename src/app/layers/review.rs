//! `/review`: what to review. Four targets, as the official TUI offers them: the uncommitted
//! changes (sent at once), the changes against a base branch (picked from the repository's
//! branches, filtered as you type), one commit (picked from the 100 most recent, by subject or
//! sha), or instructions typed in. The branches and commits come from git through the runtime
//! (`Effect::ReadGitRefs`); the review itself is `session::review`. The keys of every step are
//! one table ([`KEYS`]).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest, Words};
use crate::protocol::ReviewTarget;
use crate::session::effect::Effect;
use crate::session::event::{CommitRef, GitRefKind, GitRefs, LayerEvent};
use crate::session::review;
use crate::session::state::Session;
use crossterm::event::KeyCode;

/// The first step's rows: label and detail.
pub(crate) const TARGETS: &[(&str, &str)] = &[
    (
        "Review uncommitted changes",
        "staged, unstaged and untracked files",
    ),
    (
        "Review against a base branch",
        "(PR style) the changes since the merge base",
    ),
    ("Review a commit", "one of the recent commits"),
    ("Custom review instructions", "say what to look at"),
];

#[derive(Debug, Clone, PartialEq)]
pub enum ReviewStep {
    Targets,
    Branches {
        current: Option<String>,
        branches: Vec<String>,
    },
    Commits(Vec<CommitRef>),
    Custom {
        text: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReviewChooser {
    pub step: ReviewStep,
    /// The selected row among those shown.
    pub selected: usize,
    /// What is typed to narrow branches or commits.
    pub filter: String,
    /// Still loading, or why there is nothing to pick.
    pub status: Option<String>,
}

impl Default for ReviewChooser {
    fn default() -> Self {
        ReviewChooser {
            step: ReviewStep::Targets,
            selected: 0,
            filter: String::new(),
            status: None,
        }
    }
}

/// `/review`: refused while a turn runs, as the server would.
pub(crate) fn open(state: &mut Session) -> Outcome {
    if state.turn_active() {
        state.shown.transcript.notice(
            crate::model::NoticeLevel::Warning,
            "/review waits for the running turn: interrupt it (Esc) or let it finish.",
        );
        return Outcome::Consumed(vec![]);
    }
    Outcome::Open(super::Layer::Review(ReviewChooser::default()), vec![])
}

/// The session's directory, where git runs.
fn cwd(state: &Session) -> Option<String> {
    state
        .shown
        .thread
        .as_ref()
        .map(|t| t.cwd.clone())
        .filter(|c| !c.is_empty())
        .or_else(|| state.config.settings.cwd.clone())
}

impl ReviewChooser {
    /// The rows shown now, as (label, detail), filtered by what is typed.
    pub fn rows(&self) -> Vec<(String, String)> {
        let needle = self.filter.to_lowercase();
        match &self.step {
            ReviewStep::Targets => TARGETS
                .iter()
                .map(|(l, d)| (l.to_string(), d.to_string()))
                .collect(),
            ReviewStep::Branches { current, branches } => branches
                .iter()
                .filter(|b| Some(*b) != current.as_ref())
                .filter(|b| b.to_lowercase().contains(&needle))
                .map(|b| match current {
                    Some(current) => (b.clone(), format!("{current} → {b}")),
                    None => (b.clone(), String::new()),
                })
                .collect(),
            ReviewStep::Commits(commits) => commits
                .iter()
                .filter(|c| {
                    format!("{} {}", c.subject, c.sha)
                        .to_lowercase()
                        .contains(&needle)
                })
                .map(|c| (c.subject.clone(), c.sha.chars().take(7).collect()))
                .collect(),
            ReviewStep::Custom { .. } => vec![],
        }
    }

    pub fn title(&self) -> &'static str {
        match self.step {
            ReviewStep::Targets => "Review",
            ReviewStep::Branches { .. } => "Review against a base branch",
            ReviewStep::Commits(_) => "Review a commit",
            ReviewStep::Custom { .. } => "Custom review instructions",
        }
    }

    fn go_to(&mut self, step: ReviewStep, status: Option<String>) {
        self.step = step;
        self.selected = 0;
        self.filter.clear();
        self.status = status;
    }

    /// Enter on the selected row.
    fn pick(&mut self, cx: &mut Ctx<'_>) -> Outcome {
        let rows = self.rows();
        let at = self.selected.min(rows.len().saturating_sub(1));
        let target = match &self.step {
            ReviewStep::Targets => match at {
                0 => ReviewTarget::UncommittedChanges,
                1 | 2 => {
                    let kind = if at == 1 {
                        GitRefKind::Branches
                    } else {
                        GitRefKind::Commits
                    };
                    let step = if at == 1 {
                        ReviewStep::Branches {
                            current: None,
                            branches: vec![],
                        }
                    } else {
                        ReviewStep::Commits(vec![])
                    };
                    let Some(cwd) = cwd(cx) else {
                        self.go_to(step, Some("The working directory is not known yet.".into()));
                        return Outcome::Consumed(vec![]);
                    };
                    self.go_to(step, Some("Asking git…".into()));
                    return Outcome::Consumed(vec![Effect::ReadGitRefs { cwd, kind }]);
                }
                _ => {
                    self.go_to(
                        ReviewStep::Custom {
                            text: String::new(),
                        },
                        None,
                    );
                    return Outcome::Consumed(vec![]);
                }
            },
            ReviewStep::Branches { .. } => match rows.get(at) {
                Some((branch, _)) => ReviewTarget::BaseBranch {
                    branch: branch.clone(),
                },
                None => return Outcome::Consumed(vec![]),
            },
            ReviewStep::Commits(commits) => {
                let needle = self.filter.to_lowercase();
                let shown: Vec<&CommitRef> = commits
                    .iter()
                    .filter(|c| {
                        format!("{} {}", c.subject, c.sha)
                            .to_lowercase()
                            .contains(&needle)
                    })
                    .collect();
                match shown.get(at) {
                    Some(c) => ReviewTarget::Commit {
                        sha: c.sha.clone(),
                        title: Some(c.subject.clone()),
                    },
                    None => return Outcome::Consumed(vec![]),
                }
            }
            ReviewStep::Custom { text } => {
                let instructions = text.trim();
                if instructions.is_empty() {
                    return Outcome::Consumed(vec![]);
                }
                ReviewTarget::Custom {
                    instructions: instructions.to_string(),
                }
            }
        };
        let now = cx.now;
        Outcome::Close(review::start(cx.session_mut(), target, now))
    }

    /// Typing: into the instructions, or the filter of a list.
    fn type_text(&mut self, text: &str) {
        match &mut self.step {
            ReviewStep::Targets => {}
            ReviewStep::Custom { text: typed } => typed.push_str(text),
            _ => {
                self.filter.push_str(text);
                self.selected = 0;
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReviewKey {
    Up,
    Down,
    /// 1-4 on the targets: that target, at once.
    Number,
    Choose,
    Backspace,
    Cancel,
    Back,
}

fn at_targets(c: &ReviewChooser) -> bool {
    c.step == ReviewStep::Targets
}

fn past_targets(c: &ReviewChooser) -> bool {
    !at_targets(c)
}

fn listing(c: &ReviewChooser) -> bool {
    !matches!(c.step, ReviewStep::Custom { .. })
}

fn choose_words(c: &ReviewChooser) -> Words {
    match c.step {
        ReviewStep::Targets => Words {
            bar: "choose",
            help: "choose the selected target",
        },
        ReviewStep::Custom { .. } => Words {
            bar: "start the review",
            help: "start the review with the instructions typed",
        },
        _ => Words {
            bar: "review",
            help: "review against the selected row",
        },
    }
}

pub(crate) static KEYS: KeyTable<ReviewChooser, ReviewKey> = KeyTable::new(
    "review",
    "Review",
    &[
        list_rows::up(ReviewKey::Up, "select").when("a list is shown", listing),
        list_rows::down(ReviewKey::Down, "select").when("a list is shown", listing),
        KeyRow::new(
            "number",
            &[
                Chord::ch('1'),
                Chord::ch('2'),
                Chord::ch('3'),
                Chord::ch('4'),
            ],
            ReviewKey::Number,
            "select",
        )
        .explained("that target, at once")
        .shown_as("1-4")
        .when("choosing the target", at_targets),
        KeyRow::new("choose", &[Chord::ENTER], ReviewKey::Choose, "choose").words_by(choose_words),
        KeyRow::new(
            "backspace",
            &[Chord::BACKSPACE],
            ReviewKey::Backspace,
            "delete back",
        )
        .when("typing a filter or instructions", past_targets)
        .reference(),
        KeyRow::new("cancel", &[Chord::ESC], ReviewKey::Cancel, "cancel")
            .when("choosing the target", at_targets),
        KeyRow::new("back", &[Chord::ESC], ReviewKey::Back, "back")
            .explained("back to the targets")
            .when("past the targets", past_targets),
    ],
    Rest::SWALLOW,
)
.rest_by(|c| match c.step {
    ReviewStep::Targets => Rest::SWALLOW,
    ReviewStep::Custom { .. } => Rest::typing("instructions"),
    _ => Rest::typing("filter"),
});

impl LayerView for ReviewChooser {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let key = match input {
            Input::Key(key) => *key,
            Input::Paste(text) => {
                // One line: a pasted newline would not be seen in the field.
                self.type_text(&text.replace(['\n', '\r'], " "));
                return Outcome::Consumed(vec![]);
            }
            Input::Mouse(_) => return Outcome::Ignored,
        };
        let n = self.rows().len();
        Outcome::of_key_or_typed(KEYS.resolve(&key, self, &cx.config.keymap), |row| {
            let Some(action) = row else {
                if let Some(c) = Chord::typed_char(&key) {
                    self.type_text(&c.to_string());
                }
                return Outcome::Consumed(vec![]);
            };
            match action {
                ReviewKey::Cancel => return Outcome::Close(vec![]),
                // Back to the targets: the first step is one key away, never lost.
                ReviewKey::Back => {
                    let back = match self.step {
                        ReviewStep::Branches { .. } => 1,
                        ReviewStep::Commits(_) => 2,
                        _ => 3,
                    };
                    self.go_to(ReviewStep::Targets, None);
                    self.selected = back;
                }
                ReviewKey::Up if n > 0 => self.selected = (self.selected + n - 1) % n,
                ReviewKey::Down if n > 0 => self.selected = (self.selected + 1) % n,
                ReviewKey::Up | ReviewKey::Down => {}
                ReviewKey::Choose => return self.pick(cx),
                ReviewKey::Number => {
                    if let KeyCode::Char(c @ '1'..='4') = key.code {
                        self.selected = (c as usize) - ('1' as usize);
                        return self.pick(cx);
                    }
                }
                ReviewKey::Backspace => match &mut self.step {
                    ReviewStep::Custom { text } => {
                        text.pop();
                    }
                    _ => {
                        self.filter.pop();
                        self.selected = 0;
                    }
                },
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        let LayerEvent::GitRefs { kind, result } = event else {
            return Outcome::Ignored;
        };
        match (&self.step, kind, result) {
            (
                ReviewStep::Branches { .. },
                GitRefKind::Branches,
                Ok(GitRefs::Branches { current, branches }),
            ) => {
                let none = branches.iter().all(|b| Some(b) == current.as_ref());
                let status = none.then(|| "No other local branch to compare with.".to_string());
                self.go_to(
                    ReviewStep::Branches {
                        current: current.clone(),
                        branches: branches.clone(),
                    },
                    status,
                );
            }
            (ReviewStep::Commits(_), GitRefKind::Commits, Ok(GitRefs::Commits(commits))) => {
                let status = commits.is_empty().then(|| "No commits yet.".to_string());
                self.go_to(ReviewStep::Commits(commits.clone()), status);
            }
            (ReviewStep::Branches { .. }, GitRefKind::Branches, Err(e))
            | (ReviewStep::Commits(_), GitRefKind::Commits, Err(e)) => {
                self.status = Some(e.clone());
            }
            _ => return Outcome::Ignored,
        }
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        ReviewChooser::title(self)
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
