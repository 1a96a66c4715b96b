//! Rewind: going back to before one of the person's messages. The conversation goes back with
//! `thread/revert {beforeTurnId}` (paginated threads; the server drops that turn and every
//! later one from the model's history and touches no file), the transcript reloads through
//! `thread/turns/list`, and the message comes back into the composer. Files the dropped turns
//! changed through `apply_patch` can be put back too, on the person's word (the runtime writes
//! them, each only if it is still what the turn left); what each turn did is kept on disk when
//! it ends ([`turn_ended`]).

use crate::model::rewind::{FileRestore, Refusal, RestoreOutcome, TurnRecord};
use crate::model::NoticeLevel;
use crate::protocol::{ThreadRevertParams, ThreadRevertResponse};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::lifecycle::Lifecycle;
use crate::session::state::older_turns::OlderTurns;
use crate::session::state::rewind::PendingRewind;
use crate::session::state::{Session, ThreadModel};
use std::time::{Duration, Instant};

/// How long the first Esc of Esc Esc waits for the second.
pub(crate) const ESC_ESC: Duration = Duration::from_millis(1_000);

/// Why files cannot be put back over a remote connection.
pub(crate) const REMOTE_FILES: &str = "Files cannot be put back over a remote connection: codex's fs/writeFile writes in place and has no rename, so a restore there could not be atomic. Put them back by hand.";

/// The person's messages this rewind can go back to, newest first (turn id, text); or why
/// there is nothing to rewind now.
pub(crate) fn messages(state: &Session) -> Result<Vec<(String, String)>, String> {
    if state.turn_active() {
        return Err(
            "A turn is running: interrupt it (Esc) or wait for it, then rewind.".to_string(),
        );
    }
    if state.thread_id().is_none() || !state.lifecycle.is_ready() {
        return Err("No thread to rewind yet.".to_string());
    }
    if state.rewind.pending.is_some() {
        return Err("A rewind is on its way.".to_string());
    }
    let mut messages = state.shown.transcript.user_messages();
    if messages.is_empty() {
        return Err("Nothing to rewind: no message of yours in this thread yet.".to_string());
    }
    messages.reverse();
    Ok(messages)
}

/// Esc on an empty, idle composer: the first arms, the second (within [`ESC_ESC`]) rewinds.
/// Returns whether to open the rewind list now.
pub(crate) fn esc(state: &mut Session, now: Instant) -> bool {
    if state
        .rewind
        .armed_until
        .take()
        .is_some_and(|until| now < until)
    {
        return true;
    }
    if messages(state).is_ok() {
        state.rewind.armed_until = Some(now + ESC_ESC);
    }
    false
}

/// "Esc again to rewind" is showing.
pub(crate) fn armed(state: &Session, now: Instant) -> bool {
    state.rewind.armed_until.is_some_and(|until| now < until)
}

/// The turns dropped by rewinding to before `turn_id`: it and every later one, oldest first.
pub(crate) fn dropped_turns(state: &Session, turn_id: &str) -> Vec<String> {
    let all = state.shown.transcript.user_messages();
    match all.iter().position(|(turn, _)| turn == turn_id) {
        Some(at) => all[at..].iter().map(|(turn, _)| turn.clone()).collect(),
        None => vec![turn_id.to_string()],
    }
}

/// Commands of those turns that may have written files (what they wrote cannot be put back).
pub(crate) fn commands_of(state: &Session, turns: &[String]) -> Vec<String> {
    let mut commands: Vec<String> = Vec::new();
    for command in turns
        .iter()
        .flat_map(|turn| state.shown.transcript.turn_activity(turn).1)
    {
        if !commands.contains(&command) {
            commands.push(command);
        }
    }
    commands
}

/// Asks the runtime what putting the files back would do; `Err` says why files cannot be put
/// back at all here.
pub(crate) fn preview(state: &Session, turns: Vec<String>) -> Result<Vec<Effect>, String> {
    if state.config.connected_to.is_some() {
        return Err(REMOTE_FILES.to_string());
    }
    let Some(store) = state.config.turn_store.clone() else {
        if state.config.backend_label == "demo" {
            return Err(
                "The demo's file changes are made up and touch no file: there is nothing to put back."
                    .to_string(),
            );
        }
        return Err(
            "tern keeps no record of file changes here (no data folder), so none can be put back."
                .to_string(),
        );
    };
    let root = restore_root(state)?;
    let thread_id = state.thread_id().unwrap_or_default().to_string();
    // Only turns that patched files have a record to look for: one that changed nothing is
    // not "a turn tern has no record of".
    let transcript = &state.shown.transcript;
    let turns = turns
        .into_iter()
        .filter(|turn| {
            transcript.turn_diffs().get(turn).is_some()
                || !transcript.turn_activity(turn).0.is_empty()
        })
        .collect();
    Ok(vec![Effect::PreviewRestore {
        store,
        thread_id,
        turns,
        cwd: root,
    }])
}

/// The folder files may be put back inside: the one the person chose ([`Rewind::bound`]),
/// when the thread's folder is in it; `Err` says why none is put back. The thread's folder is
/// only the server's word: a server naming `$HOME` must not get `~/.bashrc` written.
///
/// [`Rewind::bound`]: crate::session::state::rewind::Rewind::bound
pub(crate) fn restore_root(state: &Session) -> Result<String, String> {
    let shown = |path: &str| crate::text::sanitize::visible_line(path);
    let Some(bound) = state.rewind.bound.as_deref() else {
        return Err(
            "No folder was chosen for this session (it started without one), so tern puts no file back."
                .to_string(),
        );
    };
    let thread = super::threads::current_cwd(state);
    let inside = thread.trim_end_matches('/') == bound.trim_end_matches('/')
        || crate::model::rewind::within(&thread, bound);
    if !inside {
        return Err(format!(
            "The thread's folder ({}) is outside the folder this session works in ({}): tern puts no file back there.",
            shown(&thread),
            shown(bound)
        ));
    }
    Ok(bound.to_string())
}

/// The person confirmed: rewind to before `before_turn_id`, then put `files` back (the files
/// to write, and those refused, said once rewound).
pub(crate) fn start(
    state: &mut Session,
    before_turn_id: String,
    prompt: String,
    dropped: usize,
    (files, left): (Vec<FileRestore>, Vec<Refusal>),
) -> Vec<Effect> {
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        return vec![];
    };
    // A turn started meanwhile (from another client): codex would interrupt it.
    if let Err(why) = messages(state) {
        state.shown.transcript.notice(NoticeLevel::Warning, why);
        return vec![];
    }
    state.rewind.armed_until = None;
    let prompt = put_back(state, &before_turn_id, prompt);
    state.rewind.pending = Some(PendingRewind {
        thread_id: thread_id.clone(),
        before_turn_id: before_turn_id.clone(),
        prompt,
        dropped,
        files,
        left,
    });
    vec![Effect::Request(ClientRequest::RevertThread(
        ThreadRevertParams {
            thread_id,
            before_turn_id,
        },
    ))]
}

/// What goes back into the composer for the message `shown` (the server's echo) of the turn
/// `turn_id`: what the person typed when the turn started here; else the echo, unless it reads
/// as a `!` shell command — server text never puts the composer in shell mode, where Enter
/// runs it unsandboxed (a message the person sent never starts with `!`: that runs instead).
fn put_back(state: &Session, turn_id: &str, shown: String) -> Option<String> {
    let first_of_turn = state
        .shown
        .transcript
        .user_messages()
        .into_iter()
        .find(|(turn, _)| turn == turn_id)
        .is_some_and(|(_, text)| text == shown);
    match state.shown.typed.get(turn_id) {
        Some(typed) if first_of_turn => Some(typed.clone()),
        _ if super::shell::command_of(&shown).is_some() => None,
        _ => Some(shown),
    }
}

/// `thread/revert` answered.
pub(crate) fn revert_answered(
    state: &mut Session,
    thread_id: &str,
    answer: Answer<ThreadRevertResponse>,
) -> Vec<Effect> {
    let pending = state
        .rewind
        .pending
        .take()
        .filter(|p| p.thread_id == thread_id);
    let Some(pending) = pending else {
        return vec![];
    };
    match answer {
        Ok(response) if state.thread_id() == Some(thread_id) => reverted(state, response, pending),
        Ok(_) => vec![],
        Err(e) => {
            let e = e.to_string();
            let why = if e.contains("only supports paginated") {
                "this thread keeps its history the old way (legacy), which codex cannot cut back; threads started from now on can be rewound".to_string()
            } else {
                e
            };
            state.shown.transcript.notice(
                NoticeLevel::Error,
                format!("Could not rewind: {why}. Nothing was changed, files included."),
            );
            vec![]
        }
    }
}

/// The server rewound: the transcript reloads from what is left, the message goes back into
/// the composer, and the files are put back if the person asked.
fn reverted(
    state: &mut Session,
    response: ThreadRevertResponse,
    pending: PendingRewind,
) -> Vec<Effect> {
    let Some(thread) = state.shown.thread.clone() else {
        return vec![];
    };
    // The thread's model starts again from what the server kept (paged in from the newest).
    let mut fresh = ThreadModel::of(&thread.id);
    fresh.transcript.set_session_cwd(Some(thread.cwd.clone()));
    fresh.older_turns = Some(OlderTurns {
        thread_id: thread.id.clone(),
        cursor: response.turns_backwards_cursor,
        more: true,
        loading: false,
        first: true,
        to_first: false,
    });
    let cwd = thread.cwd.clone();
    fresh.thread = Some(thread);
    // The turns kept are still the person's words.
    fresh.typed = std::mem::take(&mut state.shown.typed);
    // The revert's answer says nothing of the context: the last figure known stays on the
    // status line until the next turn's use replaces it.
    fresh.usage = state.shown.usage.take();
    fresh.context_compacted = state.shown.context_compacted;
    state.shown = fresh;
    state.lifecycle = Lifecycle::Ready;
    let back = match &pending.prompt {
        Some(prompt) if state.composer.is_empty() => {
            state.composer.set_text(prompt);
            "your message is back in the composer"
        }
        Some(prompt) => {
            let draft = state.composer.expanded_text();
            state.composer.set_text(&format!("{prompt}\n\n{draft}"));
            "your message is back in the composer"
        }
        None => {
            "the message is not put back: codex's copy of it starts with `!`, which the composer would run as a shell command"
        }
    };
    let turns = match pending.dropped {
        1 => "1 turn".to_string(),
        n => format!("{n} turns"),
    };
    let files = if pending.files.is_empty() {
        " Files are as they are.".to_string()
    } else {
        format!(
            " Putting {} file{} back…",
            pending.files.len(),
            if pending.files.len() == 1 { "" } else { "s" }
        )
    };
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!("Rewound: {turns} dropped from the conversation; {back}.{files}"),
    );
    // Refused in the preview already; said again where the outcome is read.
    for refusal in &pending.left {
        let path = refusal
            .path
            .strip_prefix(&cwd)
            .map(|p| p.trim_start_matches('/'))
            .filter(|p| !p.is_empty())
            .unwrap_or(&refusal.path);
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Not put back: {}, {}.",
                crate::text::sanitize::sanitize_line(path),
                crate::text::sanitize::sanitize_line(&refusal.reason)
            ),
        );
    }
    if pending.files.is_empty() {
        return vec![];
    }
    // Checked again against the thread as the server reloaded it.
    match restore_root(state) {
        Ok(root) => vec![Effect::RestoreFiles {
            cwd: root,
            files: pending.files,
        }],
        Err(why) => {
            state.shown.transcript.notice(NoticeLevel::Error, why);
            vec![]
        }
    }
}

/// The runtime put files back (or could not): say which.
pub(crate) fn files_restored(state: &mut Session, outcomes: &[RestoreOutcome]) {
    let cwd = super::threads::current_cwd(state);
    let short = |path: &str| {
        let relative = path
            .strip_prefix(&cwd)
            .map(|p| p.trim_start_matches('/'))
            .filter(|p| !p.is_empty())
            .unwrap_or(path);
        crate::text::sanitize::sanitize_line(relative)
    };
    let done: Vec<String> = outcomes
        .iter()
        .filter(|o| o.result.is_ok())
        .map(|o| short(&o.path))
        .collect();
    if !done.is_empty() {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("Put back as before the rewound turns: {}.", done.join(", ")),
        );
    }
    for outcome in outcomes {
        if let Err(e) = &outcome.result {
            state.shown.transcript.notice(
                NoticeLevel::Error,
                format!(
                    "Not put back: {} ({}).",
                    short(&outcome.path),
                    crate::text::sanitize::sanitize_line(e)
                ),
            );
        }
    }
}

/// A turn of the thread on screen ended: what it did to files is kept for a later rewind.
pub(crate) fn turn_ended(state: &Session, turn_id: &str) -> Vec<Effect> {
    let (Some(store), Some(thread)) = (&state.config.turn_store, &state.shown.thread) else {
        return vec![];
    };
    if state.config.connected_to.is_some() {
        return vec![];
    }
    let Some(diff) = state.shown.transcript.turn_diffs().get(turn_id) else {
        return vec![];
    };
    if diff.trim().is_empty() {
        return vec![];
    }
    let (paths, _) = state.shown.transcript.turn_activity(turn_id);
    vec![Effect::SaveTurnRecord {
        store: store.clone(),
        record: TurnRecord {
            thread_id: thread.id.clone(),
            turn_id: turn_id.to_string(),
            cwd: thread.cwd.clone(),
            diff: diff.to_string(),
            paths,
        },
    }]
}
