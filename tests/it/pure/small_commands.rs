//! The small commands of codex 0.171's set: `/exit` (as `/quit`), `/pwd`, `/cd DIR` (checked
//! by the server's `fs/getMetadata`, then a new thread there, the rewind bound with it),
//! `/clear` (a new thread, nothing of the old one on screen) and `/mention` (the `@` finder).

use crate::support::common::*;
use crate::support::thread_fixtures::requests;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

fn run(state: &mut AppState, command: &str, now: Instant) -> Vec<Effect> {
    type_text(state, command, now);
    wire(update(state, key(KeyCode::Enter), now))
}

fn folder(path: &str, result: Result<Value, String>) -> tern::app::AppEvent {
    reply(RequestTag::CheckFolder { path: path.into() }, result)
}

#[test]
fn exit_quits_as_quit_does() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = run(&mut state, "/exit", now);
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Quit)),
        "{effects:?}"
    );
}

#[test]
fn pwd_says_the_threads_folder() {
    let now = Instant::now();
    let mut state = ready_state(now);
    assert!(run(&mut state, "/pwd", now).is_empty());
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "This thread works in /home/user/project. /cd DIR starts a new thread in another folder."
                .into()
        )
    );
}

#[test]
fn cd_checks_the_folder_then_starts_a_thread_there_and_the_rewind_bound_follows() {
    let now = Instant::now();
    let mut state = ready_state(now);
    assert_eq!(
        requests(&run(&mut state, "/cd ../other/./lib", now)),
        [("fs/getMetadata", json!({"path": "/home/user/other/lib"}))]
    );
    let sent = requests(&wire(update(
        &mut state,
        folder(
            "/home/user/other/lib",
            Ok(
                json!({"isDirectory": true, "isFile": false, "isSymlink": false,
                "createdAtMs": 0, "modifiedAtMs": 0}),
            ),
        ),
        now,
    )));
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "thread/start");
    assert_eq!(sent[0].1["cwd"], "/home/user/other/lib");
    assert_eq!(state.rewind_bound(), Some("/home/user/other/lib"));
    assert!(last_notice(&state)
        .1
        .starts_with("Now in /home/user/other/lib"));
}

#[test]
fn cd_to_a_file_or_a_missing_path_changes_nothing_and_says_why() {
    let now = Instant::now();
    let mut state = ready_state(now);
    run(&mut state, "/cd notes.txt", now);
    let path = "/home/user/project/notes.txt";
    let sent = requests(&wire(update(
        &mut state,
        folder(path, Ok(json!({"isDirectory": false, "isFile": true}))),
        now,
    )));
    assert!(sent.is_empty());
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Warning,
            format!("{path} is not a folder: nothing changed.")
        )
    );
    let sent = requests(&wire(update(
        &mut state,
        folder(path, Err("No such file or directory (os error 2)".into())),
        now,
    )));
    assert!(sent.is_empty());
    assert!(last_notice(&state)
        .1
        .starts_with("No folder /home/user/project/notes.txt"));
    assert_eq!(state.thread_id(), Some(THREAD));
    assert_eq!(state.rewind_bound(), Some("/home/user/project"));
    // No folder named: the usage, and the command stays to be finished.
    type_text(&mut state, "/cd   ", now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    assert_eq!(
        last_notice(&state).1,
        "Usage: /cd DIR (/pwd says where you are)"
    );
}

#[test]
fn clear_starts_a_new_thread_on_a_clean_screen() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t", "item": {"type": "agentMessage", "id": "m", "text": "OLD-ANSWER"}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "t", "items": [], "status": "completed"}}),
        ),
        now,
    );
    assert!(screen(&mut state, 80, 24, now).contains("OLD-ANSWER"));
    let sent = requests(&run(&mut state, "/clear", now));
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "thread/start");
    let shown = screen(&mut state, 80, 24, now);
    assert!(!shown.contains("OLD-ANSWER"), "{shown}");
    assert!(!shown.contains("previous one stays"), "{shown}");
}

#[test]
fn mention_opens_the_file_finder_as_typing_at_does() {
    let now = Instant::now();
    let mut state = ready_state(now);
    run(&mut state, "/mention", now);
    assert_eq!(state.draft(), "@");
    assert!(state.file_finder().is_some());
}
