//! The session's lifecycle, path by path, as pure transitions: each step's stage and the exact
//! JSON it sends (new, `tern resume ID`, `--last`, the startup picker, `/fork`, a restart), and
//! the failures (`initialize` refused, a resume refused at startup and from the picker).

use crate::support::common::*;
use crate::support::thread_fixtures::{config_with, page, thread};
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, Lifecycle, ListPurpose, Open, RequestTag};
use tern::app::{Resume, SessionConfig};
use tern::session::state::health::DownCause;

const CWD: &str = "/home/user/project";

/// What went on the wire, in order: `(method, params)`, notifications with `null` params.
fn sent(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Notify { method, params } => {
                Some((*method, params.clone().unwrap_or(Value::Null)))
            }
            e => request_json(e),
        })
        .collect()
}

fn step(state: &mut AppState, event: AppEvent, now: Instant) -> Vec<(&'static str, Value)> {
    sent(&update(state, event, now))
}

fn opened(id: &str) -> Value {
    json!({"thread": thread(id, "fix the parser", 5), "model": "mock-model", "cwd": CWD,
           "turnsBackwardsCursor": "cur-1"})
}

/// A fresh state asked to start as `resume`, with `start` run: its effects checked to be the
/// one `initialize`.
fn connecting(resume: Resume, now: Instant) -> AppState {
    let config = SessionConfig {
        resume: resume.clone(),
        ..config_with(resume.clone(), now)
    };
    let mut state = AppState::new(config);
    let effects = sent(&tern::app::update::start(&mut state));
    assert_eq!(effects.len(), 1);
    let (method, params) = &effects[0];
    assert_eq!(*method, "initialize");
    assert_eq!(
        *params,
        json!({"clientInfo": {"name": "tern", "title": "tern", "version": env!("CARGO_PKG_VERSION")},
               "capabilities": {"experimentalApi": true, "requestAttestation": false, "requiredHumanApproval": true}})
    );
    state
}

fn initialize_ok(state: &mut AppState, now: Instant) -> Vec<(&'static str, Value)> {
    step(
        state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    )
}

fn initialized() -> (&'static str, Value) {
    ("initialized", Value::Null)
}

/// Who is signed in, asked after every `initialize` (issue 19).
fn account_read() -> (&'static str, Value) {
    ("account/read", json!({"refreshToken": false}))
}

/// The first thread opened asks once which hooks codex holds back until they are trusted.
fn hooks_check() -> (&'static str, Value) {
    ("hooks/list", json!({"cwds": [CWD]}))
}

fn paging(thread_id: &str) -> (&'static str, Value) {
    (
        "thread/turns/list",
        json!({"threadId": thread_id, "cursor": "cur-1", "limit": 10, "sortDirection": "desc",
               "itemsView": "full"}),
    )
}

#[test]
fn new_connects_starts_a_thread_and_is_ready() {
    let now = Instant::now();
    let mut state = connecting(Resume::New, now);
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Connecting {
            then: Open::New,
            again: false
        }
    );
    assert_eq!(
        initialize_ok(&mut state, now),
        [
            initialized(),
            ("thread/start", json!({"cwd": CWD})),
            account_read()
        ]
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Opening(Open::New));
    let answer = json!({"thread": {"id": "t-new", "turns": []}, "model": "m", "cwd": CWD});
    assert_eq!(
        step(&mut state, reply(RequestTag::StartThread, Ok(answer)), now),
        [hooks_check()]
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert_eq!(state.thread_id(), Some("t-new"));
}

#[test]
fn resume_by_id_resumes_without_turns_then_pages_them() {
    let now = Instant::now();
    let mut state = connecting(Resume::Thread("t-9".into()), now);
    assert_eq!(
        initialize_ok(&mut state, now),
        [
            initialized(),
            (
                "thread/resume",
                json!({"threadId": "t-9", "excludeTurns": true})
            ),
            account_read()
        ]
    );
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Opening(Open::Resume("t-9".into()))
    );
    let effects = step(
        &mut state,
        reply(RequestTag::ResumeThread, Ok(opened("t-9"))),
        now,
    );
    assert_eq!(effects, [paging("t-9"), hooks_check()]);
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert_eq!(state.thread_id(), Some("t-9"));
    let (_, text) = last_notice(&state);
    assert!(text.starts_with("Resumed thread t-9"), "{text}");
}

#[test]
fn last_lists_the_newest_thread_of_the_directory_then_resumes_it_or_starts_one() {
    let now = Instant::now();
    let mut state = connecting(Resume::Last, now);
    assert_eq!(
        initialize_ok(&mut state, now),
        [
            initialized(),
            (
                "thread/list",
                json!({"limit": 1, "sortKey": "updated_at", "cwd": CWD})
            ),
            account_read()
        ]
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Opening(Open::Last));
    let listed = page(vec![thread("t-last", "newest", 1)], None);
    assert_eq!(
        step(
            &mut state,
            reply(RequestTag::ListThreads(ListPurpose::Last), listed),
            now
        ),
        [(
            "thread/resume",
            json!({"threadId": "t-last", "excludeTurns": true})
        )]
    );
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Opening(Open::Resume("t-last".into()))
    );

    // None there: a new thread, and the person is told.
    let mut state = connecting(Resume::Last, now);
    initialize_ok(&mut state, now);
    let empty = page(vec![], None);
    assert_eq!(
        step(
            &mut state,
            reply(RequestTag::ListThreads(ListPurpose::Last), empty),
            now
        ),
        [("thread/start", json!({"cwd": CWD}))]
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Opening(Open::New));
    let (_, text) = last_notice(&state);
    assert!(text.contains("No earlier thread"), "{text}");
}

#[test]
fn the_startup_picker_waits_for_the_person_then_opens_their_choice() {
    let now = Instant::now();
    let mut state = connecting(Resume::Pick, now);
    let effects = initialize_ok(&mut state, now);
    // The router opened the picker, which asks for its pages.
    assert_eq!(effects[0], initialized());
    assert_eq!(effects[1], account_read());
    assert!(effects[2..].iter().all(|(m, _)| *m == "thread/list"));
    assert_eq!(*state.lifecycle(), Lifecycle::Picking);
    let listed = page(vec![thread("t-1", "first", 3)], None);
    let generation = 1;
    for fast in [true, false] {
        update(
            &mut state,
            reply(
                RequestTag::ListThreads(ListPurpose::Page { generation, fast }),
                listed.clone(),
            ),
            now,
        );
    }
    let effects = step(&mut state, key(KeyCode::Enter), now);
    assert_eq!(
        effects,
        [(
            "thread/resume",
            json!({"threadId": "t-1", "excludeTurns": true})
        )]
    );
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Opening(Open::Resume("t-1".into()))
    );
    step(
        &mut state,
        reply(RequestTag::ResumeThread, Ok(opened("t-1"))),
        now,
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert!(state.person_layers().is_empty(), "the picker closed");
}

#[test]
fn fork_opens_the_copy_in_place_and_keeps_the_original_aside() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/fork", now);
    let effects = step(&mut state, key(KeyCode::Enter), now);
    assert_eq!(
        effects,
        [(
            "thread/fork",
            json!({"threadId": THREAD, "excludeTurns": true})
        )]
    );
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Opening(Open::Fork(THREAD.into()))
    );
    let effects = step(
        &mut state,
        reply(RequestTag::ForkThread, Ok(opened("fork-1"))),
        now,
    );
    // The fork is named "fork of …" its parent until renamed (issue 20; the server copies the
    // parent's name as it is).
    let name = (
        "thread/name/set",
        json!({"threadId": "fork-1", "name": "fork of fix the parser"}),
    );
    assert_eq!(effects, [paging("fork-1"), name]);
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert_eq!(state.thread_id(), Some("fork-1"));
    assert!(
        state.kept_threads().contains(THREAD),
        "the original is kept aside"
    );
    let (_, text) = last_notice(&state);
    assert!(text.starts_with("Forked into thread fork-1"), "{text}");
}

#[test]
fn initialize_refused_fails_the_session_saying_why() {
    let now = Instant::now();
    let mut state = connecting(Resume::New, now);
    let effects = step(
        &mut state,
        reply(RequestTag::Initialize, Err("unsupported client".into())),
        now,
    );
    assert_eq!(effects, []);
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Failed("codex refused to start: unsupported client".into())
    );
}

#[test]
fn a_resume_refused_at_startup_fails_and_from_the_picker_keeps_the_thread_shown() {
    let now = Instant::now();
    let mut state = connecting(Resume::Thread("gone".into()), now);
    initialize_ok(&mut state, now);
    let refused = reply(RequestTag::ResumeThread, Err("no rollout found".into()));
    assert_eq!(step(&mut state, refused, now), []);
    let why = state.lifecycle().failure().expect("failed").to_string();
    assert!(
        why.contains("could not resume that thread: no rollout found"),
        "{why}"
    );

    // From the picker, mid-session: the thread on screen stays, ready.
    let mut state = ready_state(now);
    type_text(&mut state, "/resume", now);
    update(&mut state, key(KeyCode::Enter), now);
    let listed = page(vec![thread("t-2", "other", 3)], None);
    for fast in [true, false] {
        let tag = RequestTag::ListThreads(ListPurpose::Page {
            generation: 1,
            fast,
        });
        update(&mut state, reply(tag, listed.clone()), now);
    }
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Opening(Open::Resume("t-2".into()))
    );
    let refused = reply(RequestTag::ResumeThread, Err("no rollout found".into()));
    update(&mut state, refused, now);
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert_eq!(state.thread_id(), Some(THREAD));
    let shown = screen(&mut state, 120, 30, now);
    assert!(
        shown.contains("Could not open that thread: no rollout found"),
        "{shown}"
    );
}

#[test]
fn a_restart_starts_a_server_initializes_it_and_restores_the_thread() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        AppEvent::Disconnected("exit status: 1".into()),
        now,
    );
    assert!(state.lifecycle().failure().is_some());
    let effects = wire(update(&mut state, ctrl('r'), now));
    assert_eq!(effects, [Effect::RestartServer { kill: None }]);
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Restarting {
            thread: Some(THREAD.into())
        }
    );
    let effects = step(&mut state, AppEvent::ServerRestarted(Ok(Some(77))), now);
    assert_eq!(effects.len(), 1);
    assert_eq!(effects[0].0, "initialize");
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Connecting {
            then: Open::Restore(THREAD.into()),
            again: true
        }
    );
    assert_eq!(
        initialize_ok(&mut state, now),
        [
            initialized(),
            (
                "thread/resume",
                json!({"threadId": THREAD, "excludeTurns": true})
            ),
            account_read()
        ]
    );
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Opening(Open::Restore(THREAD.into()))
    );
    let answer = json!({"thread": {"id": THREAD, "turns": []}, "model": "m", "cwd": CWD});
    assert_eq!(
        step(&mut state, reply(RequestTag::ResumeThread, Ok(answer)), now),
        []
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert_eq!(state.health().restarts, 1);
    assert!(state.server_down().is_none());
    let (_, text) = last_notice(&state);
    assert_eq!(
        text,
        format!("codex app-server restarted (pid 77); thread {THREAD} resumed.")
    );

    // A new server that will not resume it: said in the box, and the session stops.
    let mut state = running_state(now);
    update(
        &mut state,
        AppEvent::Disconnected("exit status: 1".into()),
        now,
    );
    update(&mut state, ctrl('r'), now);
    update(&mut state, AppEvent::ServerRestarted(Ok(None)), now);
    initialize_ok(&mut state, now);
    update(
        &mut state,
        reply(RequestTag::ResumeThread, Err("thread not found".into())),
        now,
    );
    let why = state.lifecycle().failure().expect("failed");
    assert!(
        why.contains("could not resume thread thread-1: thread not found"),
        "{why}"
    );
    assert!(matches!(
        state.server_down().map(|d| &d.cause),
        Some(DownCause::StartFailed { .. })
    ));
}
