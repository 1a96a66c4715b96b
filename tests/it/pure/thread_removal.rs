//! `/archive` and `/delete` of the shown thread (asked first in the shared confirm box, then a
//! fresh thread), the picker's delete key, and a thread archived, deleted or closed by another
//! window said where it is shown — down to the exact JSON sent.

use crate::support::common::*;
use crate::support::thread_fixtures::{loaded_picker, picker, requests};
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, RequestTag};
use tern::model::NoticeLevel;

fn run(
    state: &mut AppState,
    command: &str,
    now: Instant,
) -> Vec<(&'static str, serde_json::Value)> {
    type_text(state, command, now);
    requests(&wire(update(state, key(KeyCode::Enter), now)))
}

fn confirm_open(state: &AppState) -> bool {
    matches!(state.layers.person.last(), Some(Layer::Confirm(_)))
}

#[test]
fn archive_asks_first_then_archives_and_starts_a_fresh_thread() {
    let now = Instant::now();
    let mut state = ready_state(now);
    assert!(run(&mut state, "/archive", now).is_empty());
    assert!(confirm_open(&state));
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("Archive this thread?"), "{shown}");
    // No keeps it, and says so.
    assert!(requests(&wire(update(&mut state, key(KeyCode::Char('n')), now))).is_empty());
    assert!(!confirm_open(&state));
    assert_eq!(
        last_notice(&state),
        (NoticeLevel::Info, "Not archived.".into())
    );
    run(&mut state, "/archive", now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Char('y')), now)));
    assert_eq!(sent, [("thread/archive", json!({"threadId": THREAD}))]);
    let sent = requests(&wire(update(
        &mut state,
        reply(
            RequestTag::ArchiveShown {
                thread_id: THREAD.into(),
            },
            Ok(json!({})),
        ),
        now,
    )));
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "thread/start");
    assert_eq!(
        state.thread_id(),
        None,
        "the archived thread is no longer shown"
    );
    assert!(screen(&mut state, 80, 24, now).contains("Archived. /resume lists it under Ctrl+T"));
}

#[test]
fn delete_names_what_is_lost_and_a_refusal_keeps_the_thread() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "thread/name/updated",
            json!({"threadId": THREAD, "threadName": "Parser\u{1b}[2J work\u{202e}"}),
        ),
        now,
    );
    run(&mut state, "/delete", now);
    assert!(confirm_open(&state));
    let shown = screen(&mut state, 80, 24, now);
    assert!(!shown.contains('\u{202e}'), "{shown}");
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown}"
    );
    assert!(shown.contains("Delete “Parser"), "{shown}");
    assert!(shown.contains("lost"), "{shown}");
    snapshot!("delete_confirm_hostile_80x24", &shown);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(sent, [("thread/delete", json!({"threadId": THREAD}))]);
    let tag = || RequestTag::DeleteThread {
        thread_id: THREAD.into(),
    };
    let sent = requests(&wire(update(
        &mut state,
        reply(tag(), Err("no rollout found".into())),
        now,
    )));
    assert!(sent.is_empty());
    assert_eq!(state.thread_id(), Some(THREAD));
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Error,
            "Could not delete: no rollout found".into()
        )
    );
    let sent = requests(&wire(update(&mut state, reply(tag(), Ok(json!({}))), now)));
    assert_eq!(sent[0].0, "thread/start");
}

#[test]
fn archive_and_delete_wait_for_a_running_turn() {
    let now = Instant::now();
    let mut state = running_state(now);
    for command in ["/archive", "/delete"] {
        assert!(run(&mut state, command, now).is_empty(), "{command}");
        assert!(!confirm_open(&state), "{command}");
    }
}

#[test]
fn a_thread_archived_deleted_or_closed_elsewhere_says_so_where_it_is_shown() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // Another thread's news is not this one's.
    update(
        &mut state,
        notify("thread/deleted", json!({"threadId": "other"})),
        now,
    );
    assert!(!screen(&mut state, 80, 24, now).contains("deleted"));
    for (method, said) in [
        ("thread/archived", "This thread was archived."),
        ("thread/closed", "codex closed this thread"),
        ("thread/deleted", "This thread was deleted"),
    ] {
        update(&mut state, notify(method, json!({"threadId": THREAD})), now);
        let (level, text) = last_notice(&state);
        assert_eq!(level, NoticeLevel::Warning, "{method}");
        assert!(text.starts_with(said), "{method}: {text}");
    }
}

#[test]
fn the_picker_deletes_after_a_confirming_key_and_drops_deleted_rows() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let before = picker(&state).rows.len();
    update(&mut state, ctrl('d'), now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("lost for good"), "{shown}");
    let sent = requests(&wire(update(&mut state, key(KeyCode::Char('y')), now)));
    assert_eq!(sent, [("thread/delete", json!({"threadId": "t-000"}))]);
    update(
        &mut state,
        reply(
            RequestTag::DeleteThread {
                thread_id: "t-000".into(),
            },
            Ok(json!({})),
        ),
        now,
    );
    assert_eq!(picker(&state).rows.len(), before - 1);
    assert_eq!(picker(&state).message.as_deref(), Some("Deleted for good."));
    // Deleted by another window: it leaves the list too.
    update(
        &mut state,
        notify("thread/deleted", json!({"threadId": "t-003"})),
        now,
    );
    assert_eq!(picker(&state).rows.len(), before - 2);
}
