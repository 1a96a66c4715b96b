//! `/review`: each target goes out as the exact `review/start` the schema defines (inline),
//! branches and commits are picked from what git listed (filtered as typed), custom instructions
//! are typed in; a running turn refuses it. Snapshots of the chooser's steps.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::session::event::{CommitRef, GitRefKind, GitRefs};

fn open_review(now: Instant) -> AppState {
    let mut state = ready_state(now);
    type_text(&mut state, "/review", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "{effects:?}");
    state
}

/// The one `review/start` among `effects`.
fn review_request(effects: &[Effect]) -> Value {
    let requests: Vec<(&str, Value)> = effects.iter().filter_map(request_json).collect();
    assert_eq!(requests.len(), 1, "{effects:?}");
    assert_eq!(requests[0].0, "review/start");
    requests[0].1.clone()
}

#[test]
fn uncommitted_changes_are_reviewed_at_once() {
    let now = Instant::now();
    let mut state = open_review(now);
    snapshot!("review_targets_80", &screen(&mut state, 80, 24, now));
    let effects = wire(update(&mut state, key(KeyCode::Char('1')), now));
    assert_eq!(
        review_request(&effects),
        json!({"threadId": THREAD, "target": {"type": "uncommittedChanges"}, "delivery": "inline"})
    );
    assert!(state.turn_active(), "the review runs as a turn");
}

#[test]
fn a_base_branch_is_picked_from_gits_branches() {
    let now = Instant::now();
    let mut state = open_review(now);
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::ReadGitRefs {
            cwd: "/home/user/project".into(),
            kind: GitRefKind::Branches
        }]
    );
    update(
        &mut state,
        AppEvent::GitRefs {
            kind: GitRefKind::Branches,
            result: Ok(GitRefs::Branches {
                current: Some("feature".into()),
                branches: ["feature", "main", "release/1.0", "ma\u{1b}[31mlicious"]
                    .map(String::from)
                    .to_vec(),
            }),
        },
        now,
    );
    snapshot!("review_branches_120", &screen(&mut state, 120, 40, now));
    type_text(&mut state, "rel", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        review_request(&effects),
        json!({"threadId": THREAD, "target": {"type": "baseBranch", "branch": "release/1.0"}, "delivery": "inline"})
    );
}

#[test]
fn a_commit_is_picked_by_subject_and_sent_with_its_title() {
    let now = Instant::now();
    let mut state = open_review(now);
    let effects = wire(update(&mut state, key(KeyCode::Char('3')), now));
    assert!(matches!(
        effects.as_slice(),
        [Effect::ReadGitRefs {
            kind: GitRefKind::Commits,
            ..
        }]
    ));
    let commit = |sha: char, subject: &str| CommitRef {
        sha: sha.to_string().repeat(40),
        subject: subject.into(),
    };
    update(
        &mut state,
        AppEvent::GitRefs {
            kind: GitRefKind::Commits,
            result: Ok(GitRefs::Commits(vec![
                commit('a', "feat: mul and a bug"),
                commit('b', "fix: the parser"),
            ])),
        },
        now,
    );
    snapshot!("review_commits_80", &screen(&mut state, 80, 24, now));
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        review_request(&effects),
        json!({"threadId": THREAD, "target": {"type": "commit", "sha": "b".repeat(40), "title": "fix: the parser"}, "delivery": "inline"})
    );
}

#[test]
fn custom_instructions_are_typed_and_an_empty_one_is_not_sent() {
    let now = Instant::now();
    let mut state = open_review(now);
    update(&mut state, key(KeyCode::Char('4')), now);
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    type_text(&mut state, "  Check naming only.  ", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        review_request(&effects),
        json!({"threadId": THREAD, "target": {"type": "custom", "instructions": "Check naming only."}, "delivery": "inline"})
    );
}

#[test]
fn git_errors_are_said_and_esc_goes_back_then_closes() {
    let now = Instant::now();
    let mut state = open_review(now);
    update(&mut state, key(KeyCode::Char('2')), now);
    update(
        &mut state,
        AppEvent::GitRefs {
            kind: GitRefKind::Branches,
            result: Err("/x is not in a git repository.".into()),
        },
        now,
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("not in a git repository"), "{shown}");
    update(&mut state, key(KeyCode::Esc), now);
    assert!(screen(&mut state, 80, 24, now).contains("2. Review against a base branch"));
    update(&mut state, key(KeyCode::Esc), now);
    assert!(!screen(&mut state, 80, 24, now).contains("Review against a base branch"));
}

#[test]
fn a_running_turn_refuses_review() {
    let now = Instant::now();
    let mut state = running_state(now);
    type_text(&mut state, "/review", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(
        effects.iter().all(|e| request_json(e).is_none()),
        "{effects:?}"
    );
    assert!(last_notice(&state).1.contains("waits for the running turn"));
}
