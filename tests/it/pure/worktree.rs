//! `/worktree` (codex 0.171's, client-side): the menu, the checkout asked of the runtime, and
//! the thread moved into it down to the exact JSON sent — continuing forks the conversation
//! with the new `cwd`, a fresh start opens a thread there, browsing lists the pool's
//! checkouts. Refusals (a turn running, a remote server, git's own reasons) say why.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, SessionConfig};
use tern::model::NoticeLevel;
use tern::session::event::ManagedWorktree;

const HOME: &str = "/home/user/.codex";
const MADE: &str = "/home/user/.codex/worktrees/ab12/project";

fn with_home() -> SessionConfig {
    SessionConfig {
        codex_home: Some(HOME.into()),
        ..config()
    }
}

fn run(state: &mut AppState, command: &str, now: Instant) -> Vec<Effect> {
    type_text(state, command, now);
    wire(update(state, key(KeyCode::Enter), now))
}

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

/// A thread with one message of the person's on screen.
fn talked(now: Instant) -> AppState {
    let mut state = ready_with(with_home(), now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "userMessage",
                "id": "u1", "content": [{"type": "text", "text": "hi", "text_elements": []}]}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    state
}

fn create_effect(effects: &[Effect]) -> Option<(String, String, Option<String>, bool)> {
    effects.iter().find_map(|e| match e {
        Effect::CreateWorktree {
            cwd,
            codex_home,
            branch,
            fresh,
        } => Some((cwd.clone(), codex_home.clone(), branch.clone(), *fresh)),
        _ => None,
    })
}

#[test]
fn the_menu_offers_continue_start_and_browse() {
    let now = Instant::now();
    let mut state = talked(now);
    assert!(run(&mut state, "/worktree", now).is_empty());
    snapshot!("worktree_menu", &screen(&mut state, 90, 16, now));
}

#[test]
fn continuing_makes_a_detached_checkout_then_forks_the_thread_into_it() {
    let now = Instant::now();
    let mut state = talked(now);
    run(&mut state, "/worktree", now);
    let effects = press(&mut state, KeyCode::Enter, now);
    assert_eq!(
        create_effect(&effects),
        Some(("/home/user/project".into(), HOME.into(), None, false))
    );
    let effects = wire(update(
        &mut state,
        AppEvent::WorktreeCreated {
            fresh: false,
            result: Ok(MADE.into()),
        },
        now,
    ));
    let sent = requests(&effects);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "thread/fork");
    assert_eq!(sent[0].1["threadId"], THREAD);
    assert_eq!(sent[0].1["cwd"], MADE);
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            format!("Working directory changed to: {MADE}")
        )
    );
    assert_eq!(state.rewind_bound(), Some(MADE));
}

#[test]
fn a_named_branch_skips_the_menu_and_a_fresh_start_opens_a_thread_there() {
    let now = Instant::now();
    let mut state = talked(now);
    let effects = run(&mut state, "/worktree feature-x", now);
    assert_eq!(
        create_effect(&effects),
        Some((
            "/home/user/project".into(),
            HOME.into(),
            Some("feature-x".into()),
            false
        ))
    );
    let mut state = talked(now);
    run(&mut state, "/worktree", now);
    press(&mut state, KeyCode::Down, now);
    let effects = press(&mut state, KeyCode::Enter, now);
    assert_eq!(create_effect(&effects).map(|c| c.3), Some(true));
    let effects = wire(update(
        &mut state,
        AppEvent::WorktreeCreated {
            fresh: true,
            result: Ok(MADE.into()),
        },
        now,
    ));
    let sent = requests(&effects);
    assert_eq!(sent[0].0, "thread/start", "{sent:?}");
    assert_eq!(sent[0].1["cwd"], MADE);
}

#[test]
fn browsing_lists_the_pool_and_enter_starts_a_conversation_there() {
    let now = Instant::now();
    let mut state = talked(now);
    run(&mut state, "/worktree", now);
    press(&mut state, KeyCode::Down, now);
    press(&mut state, KeyCode::Down, now);
    let effects = press(&mut state, KeyCode::Enter, now);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::ListWorktrees { cwd, codex_home }
            if cwd == "/home/user/project" && codex_home == HOME)),
        "{effects:?}"
    );
    let hostile = format!("{HOME}/worktrees/cd34/project\u{1b}]0;pwned\u{7}");
    update(
        &mut state,
        AppEvent::WorktreesListed(Ok(vec![
            ManagedWorktree {
                path: MADE.into(),
                branch: None,
                head: "0123456".into(),
            },
            ManagedWorktree {
                path: hostile.clone(),
                branch: Some(format!("evil\u{1b}[2J{}", "x".repeat(200))),
                head: "fedcba9".into(),
            },
        ])),
        now,
    );
    snapshot!("worktree_browse", &screen(&mut state, 90, 16, now));
    press(&mut state, KeyCode::Down, now);
    let effects = press(&mut state, KeyCode::Enter, now);
    let sent = requests(&effects);
    assert_eq!(sent[0].0, "thread/start", "{sent:?}");
    assert_eq!(sent[0].1["cwd"], hostile);
}

#[test]
fn refusals_say_why() {
    let now = Instant::now();
    let mut state = talked(now);
    run(&mut state, "/worktree", now);
    press(&mut state, KeyCode::Enter, now);
    update(
        &mut state,
        AppEvent::WorktreeCreated {
            fresh: false,
            result: Err(
                "/home/user/project is not in a git repository: a worktree needs one.".into(),
            ),
        },
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Warning,
            "No worktree was made: /home/user/project is not in a git repository: a worktree needs one.".into()
        )
    );
    let mut state = ready_with(
        SessionConfig {
            files_elsewhere: true,
            ..with_home()
        },
        now,
    );
    assert!(run(&mut state, "/worktree", now).is_empty());
    assert!(
        last_notice(&state).1.contains("--remote"),
        "{:?}",
        last_notice(&state)
    );
    let mut state = running_state(now);
    assert!(run(&mut state, "/worktree", now).is_empty());
    assert!(last_notice(&state).1.starts_with("A turn is running"));
}

#[test]
fn the_picker_marks_threads_that_work_in_a_worktree() {
    use crate::support::thread_fixtures::{config_with, list_answer, page, thread};
    use tern::app::ListPurpose;
    let now = Instant::now();
    let mut state = AppState::new(SessionConfig {
        codex_home: Some(HOME.into()),
        ..config_with(tern::app::Resume::Pick, now)
    });
    update(
        &mut state,
        reply(
            tern::app::RequestTag::Initialize,
            Ok(json!({"userAgent": "x"})),
        ),
        now,
    );
    let mut moved = thread("t-wt", "continued in a worktree", 3);
    moved["cwd"] = json!(MADE);
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(vec![moved, thread("t-here", "asked here", 9)], None),
        now,
    );
    let shown = screen(&mut state, 110, 16, now);
    let marked: Vec<&str> = shown.lines().filter(|l| l.contains(" worktree")).collect();
    assert_eq!(marked.len(), 2, "the row and its details:\n{shown}");
    assert!(marked[0].contains("continued in a worktree"), "{shown}");
    snapshot!("picker_worktree_thread", &shown);
}
