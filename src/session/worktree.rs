//! `/worktree`, as the official TUI 0.171 does it (no protocol method exists; it is the
//! client's): continue this conversation in a new checkout, start a new one there, or browse
//! the checkouts. A checkout is made by git on this machine (`runtime::git_worktree`) in
//! codex's pool, `CODEX_HOME/worktrees/<id>/<repo>`, detached at HEAD or on a branch the person
//! names; then the thread moves there: continuing forks it with the new `cwd` (the conversation
//! carried over, its next turn running in the checkout), a fresh start opens a new thread there.
//! The rewind bound follows the folder, as `/cd`'s does.

use crate::model::{CellKind, NoticeLevel};
use crate::session::effect::Effect;
use crate::session::event::ManagedWorktree;
use crate::session::request::ClientRequest;
use crate::session::state::worktree::WorktreeList;
use crate::session::state::{Open, Session};

/// Why `/worktree` cannot run now, if it cannot.
pub(crate) fn refusal(state: &Session) -> Option<String> {
    if state.config.files_elsewhere {
        return Some(
            "/worktree makes the checkout with git on this machine, but the server works on \
             another machine's files (--remote): run tern there to use worktrees."
                .into(),
        );
    }
    if state.turn_active() {
        return Some(
            "A turn is running: wait until it ends (or interrupt it with Esc), then /worktree."
                .into(),
        );
    }
    if codex_home(state).is_none() {
        return Some("codex's home folder is not known, so there is no worktree pool.".into());
    }
    None
}

fn codex_home(state: &Session) -> Option<String> {
    state.config.codex_home.clone().filter(|h| !h.is_empty())
}

/// A new checkout, then this conversation (`fresh`: a new one) moves into it.
pub(crate) fn create(state: &mut Session, fresh: bool, branch: Option<String>) -> Vec<Effect> {
    if let Some(why) = refusal(state) {
        state.shown.transcript.notice(NoticeLevel::Warning, why);
        return vec![];
    }
    let Some(codex_home) = codex_home(state) else {
        return vec![];
    };
    let what = match &branch {
        Some(branch) => format!(
            "Making a worktree on the new branch {}…",
            crate::text::sanitize::sanitize_line(branch)
        ),
        None => "Making a worktree (detached at HEAD)…".into(),
    };
    state.shown.transcript.notice(NoticeLevel::Info, what);
    vec![Effect::CreateWorktree {
        cwd: super::threads::current_cwd(state),
        codex_home,
        branch,
        fresh,
    }]
}

/// The browse list asked for.
pub(crate) fn browse(state: &mut Session) -> Vec<Effect> {
    let Some(codex_home) = codex_home(state) else {
        state.worktrees = WorktreeList::Failed("codex's home folder is not known.".into());
        return vec![];
    };
    state.worktrees = WorktreeList::Reading;
    vec![Effect::ListWorktrees {
        cwd: super::threads::current_cwd(state),
        codex_home,
    }]
}

pub(crate) fn listed(state: &mut Session, result: Result<Vec<ManagedWorktree>, String>) {
    state.worktrees = match result {
        Ok(list) => WorktreeList::Read(list),
        Err(why) => WorktreeList::Failed(why),
    };
}

/// The checkout was made (or not): the thread moves into it.
pub(crate) fn created(
    state: &mut Session,
    fresh: bool,
    result: Result<String, String>,
) -> Vec<Effect> {
    match result {
        Ok(path) => move_to(state, path, fresh),
        Err(why) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "No worktree was made: {}",
                    crate::text::sanitize::sanitize_line(&why)
                ),
            );
            vec![]
        }
    }
}

/// The session works in `path` from now on: this conversation forked there (with `cwd`), or a
/// new thread there when `fresh` or when there is no conversation to carry.
pub(crate) fn move_to(state: &mut Session, path: String, fresh: bool) -> Vec<Effect> {
    if super::threads::busy(state, "move to the worktree") {
        return vec![];
    }
    let talked = state
        .shown
        .transcript
        .cells()
        .iter()
        .any(|c| matches!(c.kind(), CellKind::User { .. }));
    state.config.settings.cwd = Some(path.clone());
    state.rewind.bound = Some(path.clone());
    let effects = match state.thread_id().map(str::to_string) {
        Some(thread_id) if talked && !fresh => {
            let mut effects = super::lifecycle::open(state, Open::Fork(thread_id));
            for effect in &mut effects {
                if let Effect::Request(ClientRequest::ForkThread(params)) = effect {
                    params.settings.cwd = Some(path.clone());
                }
            }
            effects
        }
        _ => super::lifecycle::new_thread(state),
    };
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!(
            "Working directory changed to: {}",
            crate::text::sanitize::sanitize_line(&path)
        ),
    );
    effects
}

/// Whether `cwd` is in codex's worktree pool (`CODEX_HOME/worktrees/`), for the picker.
pub fn in_pool(cwd: &str, codex_home: Option<&str>) -> bool {
    codex_home.is_some_and(|home| {
        std::path::Path::new(cwd).starts_with(std::path::Path::new(home).join("worktrees"))
    })
}
