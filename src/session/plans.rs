//! Proposed plans and the "Implement this plan?" chooser.
//!
//! A Plan-mode turn that ends with a plan (a `plan` item) puts the chooser in the question
//! queue, so it is shown like the server's questions and takes keys only once typing pauses
//! (the type-ahead gate). Its three options:
//! 1. implement here: switch the thread to the default mode, then a turn saying "Implement the
//!    plan." (`plan_mode::switch_to` with `implement`);
//! 2. clear context and implement: a fresh thread (`thread/start`, `sessionStartSource:
//!    "clear"`), the plan written as an attachment under `CODEX_HOME` (`fs/createDirectory`,
//!    `fs/writeFile`), `thread/prepareApprovedPlan`, `thread/unsubscribe` from the old thread,
//!    and a turn with the prompt the server returned — each request once the one before
//!    answered; without an attachment the server puts the plan in the thread itself;
//! 3. stay in Plan mode: nothing is sent.

use crate::model::question::LocalAnswer;
use crate::model::{NoticeLevel, Question};
use crate::protocol::{
    FsCreateDirectoryParams, FsWriteFileParams, NewThreadParams, PrepareApprovedPlanParams,
    PrepareApprovedPlanResponse, RequestId, ThreadIdParams, TurnStatus, MODE_DEFAULT,
};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::request::NewThreadPurpose;
use crate::session::state::plan_mode::ClearContext;
use crate::session::state::Session;
use base64::Engine;
use std::time::Instant;

/// A plan item completed: it is the thread's latest plan.
pub(crate) fn plan_completed(state: &mut Session, turn_id: &str, text: &str) {
    if !text.trim().is_empty() {
        state.plan_mode.latest = Some((turn_id.to_string(), text.to_string()));
    }
}

/// A turn ended: when it was a Plan-mode turn that proposed a plan, the chooser asks what now.
pub(crate) fn turn_completed(state: &mut Session, turn_id: &str, status: TurnStatus, now: Instant) {
    if status != TurnStatus::Completed || !super::plan_mode::in_plan_mode(state) {
        return;
    }
    let Some((plan_turn, _)) = &state.plan_mode.latest else {
        return;
    };
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        return;
    };
    if plan_turn != turn_id {
        return;
    }
    let id = RequestId::Str(format!("tern-plan-{turn_id}"));
    if state.questions.iter().any(|q| q.question.id == id) {
        return;
    }
    let server = state.server_id.clone();
    state.questions.push(
        &server,
        Question::implement_plan(id.clone(), thread_id),
        now,
    );
    // Its first option is selected, so Enter takes it as in the official TUI.
    if let Some(front) = state.questions.front_mut() {
        if front.question.id == id {
            front.selected = Some(0);
        }
    }
}

/// The person answered the chooser.
pub(crate) fn chosen(state: &mut Session, answer: LocalAnswer, now: Instant) -> Vec<Effect> {
    state.questions.pop(now);
    let Some((_, markdown)) = state.plan_mode.latest.clone() else {
        return vec![];
    };
    match answer {
        LocalAnswer::ImplementHere => {
            state
                .shown
                .transcript
                .notice(NoticeLevel::Info, "✔ Implementing the plan in this thread.");
            super::plan_mode::switch_to(state, MODE_DEFAULT, true)
        }
        LocalAnswer::ClearContextAndImplement => clear_context(state, markdown),
        LocalAnswer::StayInPlanMode => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                "Staying in Plan mode: say what to change in the plan.",
            );
            vec![]
        }
    }
}

/// Option 2: a fresh thread first.
fn clear_context(state: &mut Session, markdown: String) -> Vec<Effect> {
    let Some(old_thread) = state.thread_id().map(str::to_string) else {
        return vec![];
    };
    state.shown.transcript.notice(
        NoticeLevel::Info,
        "✔ Starting a fresh thread with the plan…",
    );
    state.plan_mode.clear = Some(ClearContext {
        old_thread,
        markdown,
        new_thread: None,
    });
    let mut settings = state.config.settings.clone();
    settings.cwd = Some(super::threads::current_cwd(state)).filter(|c| !c.is_empty());
    vec![Effect::Request(ClientRequest::StartThreadFor {
        params: NewThreadParams {
            settings,
            history_mode: Some("paginated".into()),
            session_start_source: Some("clear".into()),
            thread_source: Some("user".into()),
            ephemeral: None,
        },
        purpose: NewThreadPurpose::ClearContext,
    })]
}

/// The attachment's folder was made (or not): the plan is written there, or the server is
/// asked to carry it without one.
pub(crate) fn attachment_folder(state: &mut Session, answer: Answer<()>) -> Vec<Effect> {
    let (Ok(()), Some(dir)) = (answer, attachment_dir(state)) else {
        return prepare(state, None);
    };
    let markdown = state
        .plan_mode
        .clear
        .as_ref()
        .map(|c| c.markdown.clone())
        .unwrap_or_default();
    vec![Effect::Request(ClientRequest::PlanAttachmentFile(
        FsWriteFileParams {
            path: format!("{dir}/approved-plan.md"),
            data_base64: base64::engine::general_purpose::STANDARD.encode(markdown),
        },
    ))]
}

/// The plan was written at `path` (or not).
pub(crate) fn attachment_file(
    state: &mut Session,
    path: String,
    answer: Answer<()>,
) -> Vec<Effect> {
    match answer {
        Ok(()) => prepare(state, Some(path)),
        Err(_) => prepare(state, None),
    }
}

/// `thread/prepareApprovedPlan` answered: the old thread is let go, and the fresh one's first
/// turn sends the prompt the server returned.
pub(crate) fn prepared(
    state: &mut Session,
    answer: Answer<PrepareApprovedPlanResponse>,
    now: Instant,
) -> Vec<Effect> {
    let Some(clear) = state.plan_mode.clear.take() else {
        return vec![];
    };
    let mut effects = vec![Effect::Request(ClientRequest::Unsubscribe(
        ThreadIdParams {
            thread_id: clear.old_thread.clone(),
        },
    ))];
    match answer {
        Ok(answer) if !answer.prompt.trim().is_empty() => {
            state.outbox.queued.push_front(answer.prompt.into());
            effects.extend(super::outbox::send_next(state, now));
        }
        Ok(_) => give_back_plan(state, &clear.markdown, "codex returned no prompt"),
        Err(e) => give_back_plan(state, &clear.markdown, &e.to_string()),
    }
    effects
}

/// `thread/unsubscribe` answered: nothing waits for it.
pub(crate) fn unsubscribed(answer: Answer<()>) {
    if let Err(e) = answer {
        tracing::debug!("thread/unsubscribe failed: {e}");
    }
}

/// `thread/start` for the fresh thread failed: nothing changed.
pub(crate) fn fresh_thread_refused(state: &mut Session, error: &str) {
    state.plan_mode.clear = None;
    give_back(
        state,
        &format!("codex could not start a fresh thread: {error}"),
    );
}

/// The fresh thread is ready and on screen (`responses` adopted it): the plan's attachment
/// comes next.
pub(crate) fn fresh_thread(state: &mut Session) -> Vec<Effect> {
    let Some(new_id) = state.thread_id().map(str::to_string) else {
        return vec![];
    };
    let old = state
        .plan_mode
        .clear
        .as_ref()
        .map(|c| c.old_thread.clone())
        .unwrap_or_default();
    super::plan_mode::back_to_default(state);
    if let Some(clear) = &mut state.plan_mode.clear {
        clear.new_thread = Some(new_id);
    }
    let hint = crate::render::resume_hint::resume_command(&old)
        .unwrap_or_else(|why| format!("tern resume (its id is not shown: {why})"));
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!("A fresh thread to implement the approved plan. The planning thread stays: {hint}"),
    );
    match attachment_dir(state) {
        Some(dir) => vec![Effect::Request(ClientRequest::PlanAttachmentFolder(
            FsCreateDirectoryParams {
                path: dir,
                recursive: true,
            },
        ))],
        None => prepare(state, None),
    }
}

/// Where the plan's attachment goes on the server's machine: `<CODEX_HOME>/attachments/<new
/// thread id>`, when codex said where its home is and the id is a plain name.
fn attachment_dir(state: &Session) -> Option<String> {
    let home = state
        .server
        .as_ref()
        .and_then(|s| s.codex_home.clone())
        .or_else(|| state.config.codex_home.clone())
        .filter(|h| h.starts_with('/'))?;
    let id = state.plan_mode.clear.as_ref()?.new_thread.clone()?;
    let plain = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    plain.then(|| format!("{}/attachments/{id}", home.trim_end_matches('/')))
}

/// `thread/prepareApprovedPlan` for the fresh thread, with the attachment if it was written.
fn prepare(state: &mut Session, attachment: Option<String>) -> Vec<Effect> {
    let Some(clear) = &state.plan_mode.clear else {
        return vec![];
    };
    let Some(thread_id) = clear.new_thread.clone() else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::PrepareApprovedPlan(
        PrepareApprovedPlanParams {
            thread_id,
            markdown: clear.markdown.clone(),
            attachment_path: attachment,
        },
    ))]
}

/// Option 2 failed before a fresh thread existed: nothing changed.
fn give_back(state: &mut Session, why: &str) {
    state.shown.transcript.notice(
        NoticeLevel::Error,
        format!("{why}. The plan is still here; choose again with /plan or send a message."),
    );
}

/// Option 2 failed on the fresh thread: the plan goes into the composer, to send by hand.
fn give_back_plan(state: &mut Session, markdown: &str, why: &str) {
    state.shown.transcript.notice(
        NoticeLevel::Error,
        format!("codex could not prepare the plan ({why}): it is in the composer, to send."),
    );
    if state.composer.is_empty() {
        state
            .composer
            .set_text(&format!("Implement this plan:\n\n{markdown}"));
    }
}
