//! A server that dies, never answers or goes silent: tern says what happened, keeps what was
//! typed, and Ctrl+R starts a new server and resumes the same thread (pure transitions).

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, Effect, Lifecycle, RequestTag};
use tern::model::CellKind;
use tern::session::outbox::unsent_text;
use tern::session::state::health::DownCause as Cause;

fn down_cause(state: &AppState) -> Option<&Cause> {
    state.server_down().map(|down| &down.cause)
}

fn methods(effects: &[Effect]) -> Vec<&'static str> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Request(r) => Some(r.method()),
            Effect::Notify { method, .. } => Some(*method),
            _ => None,
        })
        .collect()
}

fn resume_answer() -> serde_json::Value {
    json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "mock-model",
           "cwd": "/home/user/project"})
}

/// Restarts a state whose server is down and plays the new server's answers; returns every
/// effect the app asked for on the way.
fn restart_and_resume(state: &mut AppState, now: Instant, pid: u32) -> Vec<Effect> {
    let mut all = wire(update(state, ctrl('r'), now));
    all.extend(wire(update(
        state,
        AppEvent::ServerRestarted(Ok(Some(pid))),
        now,
    )));
    all.extend(wire(update(
        state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    )));
    all.extend(wire(update(
        state,
        reply(RequestTag::ResumeThread, Ok(resume_answer())),
        now,
    )));
    all
}

#[test]
fn a_dead_server_is_explained_and_ctrl_r_resumes_the_same_thread_keeping_everything() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m", "delta": "half an answer"}),
        ),
        now,
    );
    // A prompt queued behind the running turn, and a draft being typed.
    type_text(&mut state, "queued one", now);
    update(&mut state, key(KeyCode::Tab), now);
    type_text(&mut state, "my draft", now);
    assert_eq!(state.queued().len(), 1);
    let cells_before = state.transcript().cells().len();

    update(
        &mut state,
        AppEvent::Disconnected(
            "codex app-server stopped (signal: 9 (SIGKILL)); last stderr: boom".into(),
        ),
        now,
    );
    assert!(
        matches!(down_cause(&state), Some(Cause::Exited { detail }) if detail.contains("SIGKILL") && detail.contains("boom"))
    );
    assert!(!state.turn_active(), "the turn ended with the server");
    // Queued prompts stay listed as not sent, and the draft is untouched.
    assert_eq!(*state.queued(), ["queued one"]);
    assert_eq!(state.draft(), "my draft");
    // Typing goes on under the box.
    type_text(&mut state, "!", now);
    assert_eq!(state.draft(), "my draft!");

    let effects = restart_and_resume(&mut state, now, 4242);
    assert_eq!(
        effects.first(),
        Some(&Effect::RestartServer { kill: None }),
        "a server whose connection closed is not killed (its pid may be reused)"
    );
    assert_eq!(
        methods(&effects),
        // Who is signed in is read again on the new server.
        ["initialize", "initialized", "thread/resume", "account/read"]
    );
    let resume = effects
        .iter()
        .find_map(|e| request_json(e).filter(|(m, _)| *m == "thread/resume"))
        .unwrap();
    assert_eq!(resume.1["threadId"], THREAD);
    assert!(down_cause(&state).is_none(), "the box goes once resumed");
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert_eq!(state.thread_id(), Some(THREAD));
    // Never sent behind the person's back: the restart put the queued prompt in the composer.
    assert!(state.queued().is_empty());
    assert_eq!(state.draft(), "queued one\n\nmy draft!");
    // The transcript is kept: everything before, plus what happened.
    assert!(state.transcript().cells().len() > cells_before);
    assert!(state.transcript().cells().iter().any(|c| matches!(c.kind(),
        CellKind::Agent { markdown, .. } if markdown.as_str() == "half an answer")));
    assert_eq!(state.health().restarts, 1);
    // And the session goes on.
    state.set_draft("next");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(methods(&effects), ["turn/start"]);
}

#[test]
fn initialize_unanswered_for_ten_seconds_is_said_with_a_hint_and_the_prompt_is_kept() {
    let t0 = Instant::now();
    let mut state = AppState::new(config());
    state.set_server_pid(77);
    state.set_server_binary("/usr/bin/not-codex\x1b]0;evil\x07");
    update(&mut state, AppEvent::Resize(80, 24), t0);
    type_text(&mut state, "typed early", t0);
    update(&mut state, key(KeyCode::Enter), t0);
    assert_eq!(state.queued().len(), 1, "queued until the thread is ready");

    assert_eq!(state.next_tick(t0), Some(t0 + Duration::from_secs(10)));
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(9));
    assert!(down_cause(&state).is_none());
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(10));
    assert!(matches!(
        down_cause(&state),
        Some(Cause::NoAnswer { secs: 10, .. })
    ));
    assert_eq!(state.next_tick(t0), None, "no more ticks once it is said");
    let text = screen(&mut state, 100, 24, t0 + Duration::from_secs(10));
    assert!(
        text.contains("has not answered `initialize` in 10 s"),
        "{text}"
    );
    assert!(text.contains("/usr/bin/not-codex"), "{text}");
    assert!(text.contains("codex app-server?"), "{text}");
    assert!(!text.contains('\x1b') && !text.contains('\x07'));
    // Nothing typed is lost if the person leaves now.
    assert_eq!(unsent_text(&state.session).as_deref(), Some("typed early"));

    // Ctrl+R kills the server that never answered (it still runs) and starts another.
    let effects = wire(update(&mut state, ctrl('r'), t0 + Duration::from_secs(11)));
    assert_eq!(effects, [Effect::RestartServer { kill: Some(77) }]);
    assert_eq!(state.draft(), "typed early");
}

#[test]
fn a_late_answer_to_initialize_takes_the_warning_back() {
    let t0 = Instant::now();
    let mut state = AppState::new(config());
    update(&mut state, AppEvent::Resize(80, 24), t0);
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(10));
    assert!(down_cause(&state).is_some());
    let effects = wire(update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        t0 + Duration::from_secs(12),
    ));
    assert!(down_cause(&state).is_none());
    assert_eq!(
        methods(&effects),
        ["initialized", "thread/start", "account/read"]
    );
}

#[test]
fn a_silent_server_during_a_turn_is_named_with_its_pid() {
    let t0 = Instant::now();
    let mut state = running_state(t0);
    state.set_server_pid(4321);
    let heard = t0 + Duration::from_secs(5);
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m", "delta": "x"}),
        ),
        heard,
    );
    assert_eq!(
        state.next_tick(heard),
        Some(heard + Duration::from_secs(30))
    );
    update(&mut state, AppEvent::Tick, heard + Duration::from_secs(29));
    assert!(down_cause(&state).is_none());
    // Silence alone is a check (a model may think for minutes), not the box.
    update(&mut state, AppEvent::Tick, heard + Duration::from_secs(30));
    assert!(down_cause(&state).is_none());
    // The check unanswered for 10 s: now it is.
    update(&mut state, AppEvent::Tick, heard + Duration::from_secs(40));
    assert_eq!(
        down_cause(&state),
        Some(&Cause::Silent {
            secs: 30,
            probe_secs: 10,
            pid: Some(4321),
            stopped: None,
        })
    );
    let text = screen(&mut state, 100, 24, heard + Duration::from_secs(40));
    assert!(
        text.contains("codex app-server (pid 4321) has said nothing for 30 s"),
        "{text}"
    );
    // It was only stopped and went on (SIGCONT): a word from it takes the box away.
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m", "delta": "y"}),
        ),
        heard + Duration::from_secs(41),
    );
    assert!(down_cause(&state).is_none());
    assert!(state.turn_active());
}

#[test]
fn a_server_waiting_for_an_answer_is_not_called_silent() {
    let t0 = Instant::now();
    let mut state = running_state(t0);
    update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c", "command": "ls"}),
        ),
        t0,
    );
    let late = t0 + Duration::from_secs(600);
    update(&mut state, AppEvent::Tick, late);
    assert!(down_cause(&state).is_none());
    // Nor is an idle one.
    let mut idle = ready_state(t0);
    assert_eq!(idle.next_tick(late), None);
    update(&mut idle, AppEvent::Tick, late);
    assert!(down_cause(&idle).is_none());
}

#[test]
fn restarting_a_silent_server_kills_it_and_the_interrupted_turn_settles() {
    let t0 = Instant::now();
    let mut state = running_state(t0);
    state.set_server_pid(999);
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(30));
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(40));
    assert!(matches!(down_cause(&state), Some(Cause::Silent { .. })));
    let effects = restart_and_resume(&mut state, t0 + Duration::from_secs(41), 1000);
    assert_eq!(effects[0], Effect::RestartServer { kill: Some(999) });
    assert_eq!(state.health().pid, Some(1000));
    assert!(!state.turn_active());
    assert!(down_cause(&state).is_none());
}

#[test]
fn a_restart_that_fails_says_why_and_can_be_tried_again() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(&mut state, AppEvent::Disconnected("gone".into()), now);
    update(&mut state, ctrl('r'), now);
    update(
        &mut state,
        AppEvent::ServerRestarted(Err("No such file or directory (os error 2)".into())),
        now,
    );
    assert!(
        matches!(down_cause(&state), Some(Cause::StartFailed { detail }) if detail.contains("os error 2"))
    );
    assert!(matches!(*state.lifecycle(), Lifecycle::Failed(_)));
    let effects = restart_and_resume(&mut state, now, 5);
    assert_eq!(effects[0], Effect::RestartServer { kill: None });
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
}

#[test]
fn a_new_server_that_cannot_resume_the_thread_says_so() {
    let now = Instant::now();
    // A thread with a message in it (an empty one is replaced by a new thread instead).
    let mut state = running_state(now);
    update(&mut state, AppEvent::Disconnected("gone".into()), now);
    update(&mut state, ctrl('r'), now);
    update(&mut state, AppEvent::ServerRestarted(Ok(Some(3))), now);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::ResumeThread, Err("thread not found".into())),
        now,
    );
    assert!(
        matches!(down_cause(&state), Some(Cause::StartFailed { detail }) if detail.contains("thread not found"))
    );
}

#[test]
fn the_server_down_box_over_a_draft() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "a draft kept", now);
    update(
        &mut state,
        AppEvent::Disconnected(
            "codex app-server stopped (exit status: 1); last stderr: \x1b]0;TITLE\x07bad | \x1b[2Jworse".into(),
        ),
        now,
    );
    let text = screen(&mut state, 80, 24, now);
    assert!(!text.contains('\x1b'));
    snapshot!("server_down_with_draft_80x24", &text);
}

/// A message sent into the running turn (`turn/steer`) that the server never answered, because
/// it stopped: Ctrl+R puts its text back in the composer. The old server's answers are never
/// read after a restart, so nothing else would bring it back, and it was listed as "steering"
/// forever.
#[test]
fn a_steer_the_server_never_answered_survives_a_restart_in_the_composer() {
    let t0 = Instant::now();
    let mut state = running_state(t0);
    state.set_server_pid(999);
    type_text(&mut state, "also check the docs", t0);
    let sent = methods(&update(&mut state, key(KeyCode::Enter), t0));
    assert_eq!(sent, ["turn/steer"]);
    type_text(&mut state, "draft", t0);
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(30));
    update(&mut state, AppEvent::Tick, t0 + Duration::from_secs(40));
    assert!(matches!(down_cause(&state), Some(Cause::Silent { .. })));
    restart_and_resume(&mut state, t0 + Duration::from_secs(41), 1000);
    assert_eq!(state.draft(), "also check the docs\n\ndraft");
    assert!(state.steering().is_empty(), "no stale steering row");
    // Had the person quit instead, it would have been printed as unsent.
    let mut state = running_state(t0);
    type_text(&mut state, "also check the docs", t0);
    update(&mut state, key(KeyCode::Enter), t0);
    update(&mut state, AppEvent::Disconnected("killed".into()), t0);
    assert_eq!(
        unsent_text(&state.session).as_deref(),
        Some("also check the docs")
    );
}

/// A draft holding a folded paste, with a prompt queued above it, over a restart: the paste
/// comes back whole in the composer; and had the person quit, it is printed whole.
#[test]
fn a_folded_paste_in_the_draft_survives_a_restart_and_is_printed_whole() {
    let big: String = (1..=40).map(|i| format!("log line {i}\n")).collect();
    let now = Instant::now();
    let mut state = running_state(now);
    type_text(&mut state, "queued one", now);
    update(&mut state, key(KeyCode::Tab), now);
    update(&mut state, AppEvent::Paste(big.clone()), now);
    update(&mut state, AppEvent::Disconnected("killed".into()), now);
    let unsent = unsent_text(&state.session).unwrap();
    assert!(
        unsent.starts_with("queued one\n\nlog line 1\n") && unsent.contains("log line 40"),
        "{unsent:?}"
    );
    restart_and_resume(&mut state, now, 7);
    let draft = state.expanded_draft();
    assert!(
        draft.starts_with("queued one\n\nlog line 1\n") && draft.contains("log line 40"),
        "{draft:?}"
    );
}
