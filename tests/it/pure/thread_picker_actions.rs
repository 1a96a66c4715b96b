//! What the resume picker does with a thread, as pure `update` transitions: resume (and its
//! history paged in), rename, archive, fork, `--last`, `/new` and `/resume`, and answers that
//! arrive for a picker already closed. The listing itself: `thread_picker.rs`.

use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, ListPurpose, RequestTag, Resume, TurnPhase};

#[test]
fn enter_resumes_without_turns_then_pages_the_history_newest_first() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    update(&mut state, key(KeyCode::Down), now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(
        sent,
        vec![(
            "thread/resume",
            json!({"threadId": "t-001", "excludeTurns": true})
        )]
    );
    assert!(picker(&state).opening.is_some());
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            resume_answer(thread("t-001", "question 1", 7)),
        ),
        now,
    ));
    assert!(state.person_layers().is_empty(), "the picker closed");
    assert_eq!(state.thread_id(), Some("t-001"));
    assert_eq!(
        requests(&effects),
        vec![
            (
                "thread/turns/list",
                json!({"threadId": "t-001", "cursor": "back-cursor", "limit": 10, "sortDirection": "desc", "itemsView": "full"})
            ),
            // The first thread opened: the startup check of the hooks.
            ("hooks/list", json!({"cwds": ["/home/user/project"]}))
        ]
    );
    // Newest first; the newest is still running elsewhere: it is rejoined.
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ListTurns {
                thread_id: "t-001".into(),
            },
            Ok(json!({"data": [
                turn("turn-2", "second question", "second answer", "inProgress"),
                turn("turn-1", "first question", "first answer", "completed"),
            ], "nextCursor": "older", "backwardsCursor": null})),
        ),
        now,
    ));
    let text = screen(&mut state, 80, 24, now);
    let first = text.find("first question").expect("history shown");
    assert!(
        first < text.find("second answer").unwrap(),
        "oldest on top:\n{text}"
    );
    assert!(matches!(state.turn(), TurnPhase::Running { id, .. } if id == "turn-2"));
    // The screen is not full: the next older page is asked for at once.
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/turns/list",
            json!({"threadId": "t-001", "cursor": "older", "limit": 10, "sortDirection": "desc", "itemsView": "full"})
        )]
    );
    // Live events of the running turn land in its cells.
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": "t-001", "turnId": "turn-2", "itemId": "turn-2-m", "delta": " and more"}),
        ),
        now,
    );
    assert!(screen(&mut state, 80, 24, now).contains("second answer and more"));
}

#[test]
fn a_refused_resume_stays_in_the_picker_with_the_reason() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Err("no rollout found for thread id t-000".into()),
        ),
        now,
    );
    let picker = picker(&state);
    assert!(picker.opening.is_none());
    assert!(picker
        .message
        .as_deref()
        .unwrap()
        .contains("no rollout found"));
    assert!(state.shown_thread().is_none());
    // Still usable: another Enter asks again.
    assert_eq!(
        requests(&wire(update(&mut state, key(KeyCode::Enter), now))).len(),
        1
    );
}

#[test]
fn rename_refuses_an_empty_name_and_sends_the_exact_one() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    update(&mut state, ctrl('r'), now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert!(sent.is_empty());
    assert_eq!(
        picker(&state).message.as_deref(),
        Some("A thread name cannot be empty.")
    );
    type_text(&mut state, "Parser work", now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(
        sent,
        vec![(
            "thread/name/set",
            json!({"threadId": "t-000", "name": "Parser work"})
        )]
    );
    // The server's notification (ours, or another client's) renames the row, sanitized.
    update(
        &mut state,
        notify(
            "thread/name/updated",
            json!({"threadId": "t-002", "threadName": "Other \u{1b}]0;evil\u{7}client"}),
        ),
        now,
    );
    assert_eq!(picker(&state).rows[2].title(), "Other client");
    update(
        &mut state,
        reply(
            RequestTag::SetThreadName {
                thread_id: "t-000".into(),
                name: "Parser work".into(),
            },
            Ok(json!({})),
        ),
        now,
    );
    assert_eq!(picker(&state).rows[0].title(), "Parser work");
}

#[test]
fn archive_and_unarchive_ask_first_and_leave_the_listing() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    update(&mut state, ctrl('x'), now);
    // Any other key keeps it.
    assert!(requests(&wire(update(&mut state, key(KeyCode::Char('n')), now))).is_empty());
    assert_eq!(
        picker(&state).query,
        "",
        "the refusing key is not typed into the filter"
    );
    update(&mut state, ctrl('x'), now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Char('y')), now)));
    assert_eq!(sent, vec![("thread/archive", json!({"threadId": "t-000"}))]);
    update(
        &mut state,
        reply(
            RequestTag::ArchiveThread {
                thread_id: "t-000".into(),
            },
            Ok(json!({})),
        ),
        now,
    );
    assert_eq!(picker(&state).rows.len(), 24);
    // Another client archives one: it leaves too.
    update(
        &mut state,
        notify("thread/archived", json!({"threadId": "t-005"})),
        now,
    );
    assert_eq!(picker(&state).rows.len(), 23);
    // A refusal is said in the picker.
    update(
        &mut state,
        reply(
            RequestTag::ArchiveThread {
                thread_id: "t-001".into(),
            },
            Err("no rollout found".into()),
        ),
        now,
    );
    assert!(picker(&state)
        .message
        .as_deref()
        .unwrap()
        .starts_with("Could not archive"));
    // In the archived view the same key unarchives.
    update(&mut state, ctrl('t'), now);
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 2,
            fast: false,
        },
        page(threads(0..1), None),
        now,
    );
    update(&mut state, ctrl('x'), now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(
        sent,
        vec![("thread/unarchive", json!({"threadId": "t-000"}))]
    );
}

#[test]
fn fork_opens_the_fork_and_pages_its_history() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    update(&mut state, ctrl('f'), now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Char('y')), now)));
    assert_eq!(
        sent,
        vec![(
            "thread/fork",
            json!({"threadId": "t-000", "excludeTurns": true})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ForkThread,
            Ok(json!({"thread": thread("fork-1", "question 0", 0), "model": "m", "cwd": CWD})),
        ),
        now,
    ));
    assert_eq!(state.thread_id(), Some("fork-1"));
    assert_eq!(requests(&effects)[0].1["threadId"], "fork-1");
    assert!(screen(&mut state, 80, 24, now).contains("Forked into thread fork-1"));
}

#[test]
fn resume_last_resumes_the_newest_of_this_directory_or_starts_a_new_thread() {
    let now = Instant::now();
    let mut state = AppState::new(config_with(Resume::Last, now));
    let effects = wire(update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    ));
    assert_eq!(
        requests(&effects),
        vec![
            (
                "thread/list",
                json!({"limit": 1, "sortKey": "updated_at", "cwd": CWD})
            ),
            ("account/read", json!({"refreshToken": false}))
        ]
    );
    let effects = list_answer(
        &mut state,
        ListPurpose::Last,
        page(threads(3..4), None),
        now,
    );
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/resume",
            json!({"threadId": "t-003", "excludeTurns": true})
        )]
    );
    let effects = list_answer(&mut state, ListPurpose::Last, page(vec![], None), now);
    assert_eq!(requests(&effects)[0].0, "thread/start");
}

#[test]
fn slash_new_starts_a_thread_and_slash_resume_opens_the_picker() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/new", now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(sent, vec![("thread/start", json!({"cwd": CWD}))]);
    assert!(state.shown_thread().is_none());
    assert!(screen(&mut state, 80, 24, now).contains(&format!("tern resume {THREAD}")));
    type_text(&mut state, "/resume", now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(sent.len(), 2);
    assert!(!picker(&state).at_startup);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(
        state.person_layers().is_empty(),
        "Esc closes an in-session picker"
    );
}

#[test]
fn esc_on_the_startup_picker_starts_a_new_thread() {
    let now = Instant::now();
    let (mut state, _) = picker_at_startup(now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Esc), now)));
    assert_eq!(sent, vec![("thread/start", json!({"cwd": CWD}))]);
    assert!(state.person_layers().is_empty());
}

#[test]
fn older_history_comes_in_as_the_view_nears_the_top_and_the_view_stays_put() {
    let now = Instant::now();
    let (mut state, _) = picker_at_startup(now);
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            resume_answer(thread("t-9", "long", 1)),
        ),
        now,
    );
    let turns = |from: usize| -> Vec<Value> {
        (from..from + 10)
            .rev()
            .map(|n| {
                turn(
                    &format!("turn-{n}"),
                    &format!("question {n}"),
                    &format!("answer {n}"),
                    "completed",
                )
            })
            .collect()
    };
    update(
        &mut state,
        reply(
            RequestTag::ListTurns {
                thread_id: "t-9".into(),
            },
            Ok(json!({"data": turns(90), "nextCursor": "c80"})),
        ),
        now,
    );
    // Ten turns fill an 80×24 screen: nothing more is asked for until the person scrolls up.
    assert!(!state.older_turns().unwrap().loading);
    let bottom = screen(&mut state, 80, 24, now);
    assert!(bottom.contains("answer 99"));
    let mut asked = Vec::new();
    for _ in 0..6 {
        asked.extend(requests(&wire(update(
            &mut state,
            key(KeyCode::PageUp),
            now,
        ))));
        if !asked.is_empty() {
            break;
        }
    }
    assert_eq!(asked[0].1["cursor"], "c80");
    let before = screen(&mut state, 80, 24, now);
    update(
        &mut state,
        reply(
            RequestTag::ListTurns {
                thread_id: "t-9".into(),
            },
            Ok(json!({"data": turns(80), "nextCursor": null})),
        ),
        now,
    );
    let after = screen(&mut state, 80, 24, now);
    assert_eq!(
        before, after,
        "prepending older turns keeps the view where it was"
    );
    assert!(
        !state.scroll().new_output_below(&state.view()),
        "older history is not new output below"
    );
    update(
        &mut state,
        AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Home,
            crossterm::event::KeyModifiers::CONTROL,
        )),
        now,
    );
    assert!(screen(&mut state, 80, 24, now).contains("question 80"));
    assert!(!state.older_turns().unwrap().more);
}

#[test]
fn a_picker_answer_for_a_closed_picker_or_another_thread_is_ignored() {
    let now = Instant::now();
    let mut state = ready_state(now);
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(threads(0..3), None),
        now,
    );
    assert!(state.person_layers().is_empty());
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ListTurns {
                thread_id: "elsewhere".into(),
            },
            Ok(json!({"data": [turn("x", "q", "a", "completed")]})),
        ),
        now,
    ));
    assert!(effects.is_empty());
    assert_eq!(state.transcript().len(), 0);
}

#[test]
fn the_details_pane_asks_for_the_selected_threads_last_exchange_one_at_a_time() {
    let now = Instant::now();
    let (mut state, _) = picker_at_startup(now);
    let effects = list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(threads(0..25), Some("c")),
        now,
    );
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/turns/list",
            json!({"threadId": "t-000", "limit": 1, "sortDirection": "desc", "itemsView": "summary"})
        )]
    );
    // Moving while it is on its way asks for nothing more.
    for _ in 0..3 {
        assert!(requests(&wire(update(&mut state, key(KeyCode::Down), now))).is_empty());
    }
    // Its answer comes: the selected thread's is asked for next.
    let effects = peek_answer(
        &mut state,
        "t-000",
        Ok(json!({"data": [turn("x", "old q", "old a", "completed")]})),
        now,
    );
    assert_eq!(requests(&effects)[0].1["threadId"], "t-003");
    // A refusal (codex would not say) leaves the pane without it, and is not asked again.
    peek_answer(&mut state, "t-003", Err("thread not loaded".into()), now);
    assert_eq!(picker(&state).exchanges.get("t-003"), Some(&None));
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Up), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("› old q") && shown.contains("• old a"),
        "{shown}"
    );
}
