//! `/worktree`: the official TUI 0.171's menu — continue this conversation in a new worktree,
//! start a new conversation in one, or browse the worktrees codex's pool holds for this
//! repository (Enter starts a new conversation in the one selected). What each does is the
//! session's (`session::worktree`); `/worktree BRANCH` skips the menu and continues on a new
//! branch of that name.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::state::worktree::WorktreeList;
use crate::session::state::Session;
use crate::session::worktree;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorktreeView {
    pub selected: PickList,
    /// The managed worktrees are listed (else the three choices are).
    pub browsing: bool,
}

/// The menu's rows: name and what it does, as the official TUI words them.
pub const MENU: [(&str, &str); 3] = [
    (
        "Continue current conversation",
        "Preserve this conversation in the new checkout",
    ),
    (
        "Start new conversation",
        "Open a fresh conversation in the new checkout",
    ),
    (
        "Browse worktrees",
        "Start a conversation in one of this repository's worktrees",
    ),
];

/// `/worktree [BRANCH]`: refused with the reason, continued at once on the new branch
/// `BRANCH`, or the menu.
pub(crate) fn open(state: &mut Session, args: &str) -> Outcome {
    if let Some(why) = worktree::refusal(state) {
        state
            .shown
            .transcript
            .notice(crate::model::NoticeLevel::Warning, why);
        return Outcome::Consumed(vec![]);
    }
    let branch = args.trim();
    if !branch.is_empty() {
        return Outcome::Consumed(worktree::create(state, false, Some(branch.to_string())));
    }
    Outcome::Open(super::Layer::Worktree(WorktreeView::default()), vec![])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WorktreeKeys {
    pub browsing: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WorktreeKey {
    Move(Move),
    Pick,
    Close,
}

pub(crate) static KEYS: KeyTable<WorktreeKeys, WorktreeKey> = KeyTable::new(
    "worktree",
    "Worktree",
    &[
        list_rows::up_k(WorktreeKey::Move(Move::Up), "select"),
        list_rows::down_j(WorktreeKey::Move(Move::Down), "select"),
        KeyRow::new("pick", &[Chord::ENTER], WorktreeKey::Pick, "select")
            .explained("do the selected choice; in the list, a new conversation in that worktree"),
        list_rows::close_q(WorktreeKey::Close, "close"),
        list_rows::first(WorktreeKey::Move(Move::First), "first/last"),
        list_rows::last(WorktreeKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl WorktreeView {
    fn len(&self, session: &Session) -> usize {
        match (&session.worktrees, self.browsing) {
            (_, false) => MENU.len(),
            (WorktreeList::Read(list), true) => list.len(),
            _ => 0,
        }
    }
}

impl LayerView for WorktreeView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = self.len(cx);
        let facts = WorktreeKeys {
            browsing: self.browsing,
        };
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                WorktreeKey::Close => return Outcome::Close(vec![]),
                WorktreeKey::Move(to) => {
                    self.selected.go(to, n);
                }
                WorktreeKey::Pick => {
                    let Some(at) = self.selected.index(n) else {
                        return Outcome::Consumed(vec![]);
                    };
                    if self.browsing {
                        let WorktreeList::Read(list) = &cx.worktrees else {
                            return Outcome::Consumed(vec![]);
                        };
                        let path = list[at].path.clone();
                        return Outcome::Close(worktree::move_to(cx.session_mut(), path, true));
                    }
                    match at {
                        0 | 1 => {
                            let fresh = at == 1;
                            return Outcome::Close(worktree::create(cx.session_mut(), fresh, None));
                        }
                        _ => {
                            self.browsing = true;
                            self.selected = PickList::default();
                            return Outcome::Consumed(worktree::browse(cx.session_mut()));
                        }
                    }
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Worktrees"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        self.len(session).max(1) + 3
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(
            &WorktreeKeys {
                browsing: self.browsing,
            },
            &cx.config.keymap,
        )
    }
}
