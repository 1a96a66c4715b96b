//! `/diff`, as pure transitions: which diff it opens (the latest turn's, or `git diff` read by
//! the runtime), what it says while loading and on errors, how its keys move through a long
//! diff, and that a newer `turn/diff/updated` replaces the one shown.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::diff::{pager_areas, DiffContent, DiffSource};
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, GitDiffOutput};

fn turn_diff(turn: &str, diff: &str) -> AppEvent {
    notify(
        "turn/diff/updated",
        json!({"threadId": THREAD, "turnId": turn, "diff": diff}),
    )
}

fn open_diff(state: &mut AppState, now: Instant) -> Vec<Effect> {
    type_text(state, "/diff", now);
    wire(update(state, key(KeyCode::Enter), now))
}

fn pager(state: &AppState) -> &tern::app::layers::DiffPager {
    match state.person_layers().last() {
        Some(Layer::Diff(pager)) => pager,
        other => panic!("no diff view on top: {other:?}"),
    }
}

/// `files` files of `lines` changed lines each, in one git-style diff.
fn long_diff(files: usize, lines: usize) -> String {
    let mut out = String::new();
    for f in 0..files {
        out.push_str(&format!(
            "diff --git a/src/file{f}.rs b/src/file{f}.rs\n--- a/src/file{f}.rs\n+++ b/src/file{f}.rs\n"
        ));
        for h in 0..2 {
            let start = 1 + h * 100;
            out.push_str(&format!("@@ -{start},{lines} +{start},{lines} @@\n"));
            for i in 0..lines {
                out.push_str(&format!("-old {f}.{h}.{i}\n+new {f}.{h}.{i}\n"));
            }
        }
    }
    out
}

#[test]
fn slash_diff_shows_the_latest_turn_diff_and_a_newer_snapshot_replaces_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let first = "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-x\n+y\n";
    update(&mut state, turn_diff("t1", first), now);
    update(&mut state, turn_diff("t1", first), now);
    let effects = open_diff(&mut state, now);
    assert!(effects.is_empty(), "no git needed: {effects:?}");
    assert_eq!(pager(&state).source, DiffSource::Turn("t1".into()));
    let shown = screen(&mut state, 100, 20, now);
    assert!(shown.contains("a.txt (updated) +1 −1"), "{shown}");
    assert!(
        shown.contains("Esc close"),
        "the hint bar shows the view's keys: {shown}"
    );

    // The turn patches again: the open view follows the snapshot instead of appending to it.
    let second = format!(
        "{first}diff --git a/b.txt b/b.txt\nnew file mode 100644\n--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+new\n"
    );
    update(&mut state, turn_diff("t1", &second), now);
    let shown = screen(&mut state, 100, 20, now);
    assert!(shown.contains("2 files +2 −1"), "{shown}");
    assert_eq!(shown.matches("a.txt (updated)").count(), 1, "{shown}");

    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
    assert!(!screen(&mut state, 100, 20, now).contains("Diff "));
}

#[test]
fn another_threads_turn_diff_is_not_ours() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": "someone-else", "turnId": "t9", "diff": "diff --git a/x b/x\n"}),
        ),
        now,
    );
    assert_eq!(state.transcript().turn_diffs().latest(), None);
}

#[test]
fn without_a_turn_diff_the_runtime_reads_git_and_the_view_waits_for_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = open_diff(&mut state, now);
    assert_eq!(
        effects,
        [Effect::ReadGitDiff {
            cwd: "/home/user/project".into()
        }]
    );
    assert!(matches!(pager(&state).content, DiffContent::Loading));
    assert!(screen(&mut state, 100, 20, now).contains("Reading git diff…"));

    // An answer for another directory is not this view's.
    update(
        &mut state,
        AppEvent::GitDiff {
            cwd: "/elsewhere".into(),
            result: Ok(GitDiffOutput {
                text: "diff --git a/x b/x\n".into(),
                truncated: false,
                root: None,
            }),
        },
        now,
    );
    assert!(matches!(pager(&state).content, DiffContent::Loading));

    update(
        &mut state,
        AppEvent::GitDiff {
            cwd: "/home/user/project".into(),
            result: Ok(GitDiffOutput {
                text: long_diff(1, 3),
                truncated: true,
                root: None,
            }),
        },
        now,
    );
    let shown = screen(&mut state, 100, 20, now);
    assert!(
        shown.contains("git diff HEAD in /home/user/project"),
        "{shown}"
    );
    assert!(shown.contains("cut at the size limit"), "{shown}");
    assert!(shown.contains("src/file0.rs (updated) +6 −6"), "{shown}");
}

#[test]
fn git_errors_and_empty_diffs_are_said_plainly() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_diff(&mut state, now);
    update(
        &mut state,
        AppEvent::GitDiff {
            cwd: "/home/user/project".into(),
            result: Err(
                "/home/user/project is not in a git repository, and no turn has \
                         changed a file yet: there is no diff to show.\u{1b}]0;x\u{7}"
                    .into(),
            ),
        },
        now,
    );
    let shown = screen(&mut state, 100, 20, now);
    assert!(shown.contains("is not in a git repository"), "{shown}");
    assert!(!shown.contains('\u{1b}'));
    update(&mut state, key(KeyCode::Char('q')), now);

    open_diff(&mut state, now);
    update(
        &mut state,
        AppEvent::GitDiff {
            cwd: "/home/user/project".into(),
            result: Ok(GitDiffOutput {
                text: String::new(),
                truncated: false,
                root: None,
            }),
        },
        now,
    );
    let shown = screen(&mut state, 100, 20, now);
    assert!(shown.contains("No changes"), "{shown}");
}

#[test]
fn keys_walk_hunks_and_files_scroll_and_switch_the_layout() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(&mut state, turn_diff("t1", &long_diff(3, 20)), now);
    update(&mut state, AppEvent::Resize(120, 30), now);
    open_diff(&mut state, now);
    let body = pager_areas(state.areas().main).body;
    let top = |state: &AppState| pager(state).top(body, 120);
    let doc = pager(&state).document().unwrap();
    let mode = pager(&state).mode(120);
    let hunks = doc.hunk_rows(body.width, mode);
    let files = doc.file_rows(body.width, mode);
    assert_eq!((hunks.len(), files.len()), (6, 3));

    assert_eq!(top(&state), 0);
    update(&mut state, key(KeyCode::Char('n')), now);
    assert_eq!(top(&state), hunks[0]);
    update(&mut state, key(KeyCode::Char('n')), now);
    assert_eq!(top(&state), hunks[1]);
    update(&mut state, key(KeyCode::Char('p')), now);
    assert_eq!(top(&state), hunks[0]);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(top(&state), files[1]);
    assert!(screen(&mut state, 120, 30, now).contains("file 2/3"));
    update(&mut state, key(KeyCode::BackTab), now);
    assert_eq!(top(&state), files[0]);

    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(top(&state), 1);
    update(&mut state, key(KeyCode::PageDown), now);
    assert_eq!(top(&state), 1 + body.height as usize - 2);
    update(&mut state, key(KeyCode::End), now);
    let total = doc_total(&state, body);
    assert_eq!(top(&state), total - body.height as usize);
    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(
        top(&state),
        total - body.height as usize,
        "the end stays put"
    );
    update(&mut state, key(KeyCode::Home), now);
    assert_eq!(top(&state), 0);

    // Side by side keeps the place: a line in view stays in view.
    update(&mut state, key(KeyCode::Tab), now);
    update(&mut state, key(KeyCode::Char('n')), now);
    let before = screen(&mut state, 120, 30, now);
    assert!(before.contains("1     - old 1.0.0"), "{before}");
    update(&mut state, key(KeyCode::Char('s')), now);
    let after = screen(&mut state, 120, 30, now);
    assert!(
        after
            .lines()
            .any(|l| l.contains("1 - old 1.0.0") && l.contains("1 + new 1.0.0")),
        "side by side, the pair on one row: {after}"
    );
    update(&mut state, key(KeyCode::Char('s')), now);
    assert_eq!(screen(&mut state, 120, 30, now), before, "and back");

    // Typing goes nowhere while the view is up; a paste is kept for the composer.
    type_text(&mut state, "hello", now);
    assert!(state.draft_is_empty());
    update(&mut state, AppEvent::Paste("kept".into()), now);
    update(&mut state, key(KeyCode::Esc), now);
    assert_eq!(state.draft(), "kept");
}

fn doc_total(state: &AppState, body: ratatui::layout::Rect) -> usize {
    let pager = pager(state);
    pager
        .document()
        .unwrap()
        .total_rows(body.width, pager.mode(state.screen().width))
}

#[test]
fn help_lists_the_diff_keys_first() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(&mut state, turn_diff("t1", &long_diff(1, 2)), now);
    open_diff(&mut state, now);
    update(&mut state, key(KeyCode::Char('?')), now);
    let Some(Layer::Help(help)) = state.person_layers().last() else {
        panic!("help is on top")
    };
    assert_eq!(help.sections[0].0, "Diff");
    assert!(help.sections[0].1.iter().any(|h| h.keys == "n/p"));
    update(&mut state, key(KeyCode::Esc), now);
    assert!(matches!(state.person_layers().last(), Some(Layer::Diff(_))));
}

#[test]
fn an_unknown_command_lists_diff() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // With an argument the slash popup has closed: Enter sends the text as typed.
    type_text(&mut state, "/dif x", now);
    update(&mut state, key(KeyCode::Enter), now);
    let shown = screen(&mut state, 100, 20, now);
    assert!(
        shown.contains("Unknown command /dif. Did you mean /diff?"),
        "{shown}"
    );
}

#[test]
fn a_resumed_thread_shows_its_file_changes_as_diffs() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(
        &mut state,
        reply(
            tern::app::RequestTag::ResumeThread,
            Ok(json!({
                "thread": {"id": THREAD, "preview": "", "turns": [{
                    "id": "old-turn", "status": "completed",
                    "items": [{"type": "fileChange", "id": "call_1", "status": "completed",
                        "changes": [{"path": "/home/user/project/src/lib.rs",
                            "kind": {"type": "update", "move_path": null},
                            "diff": "@@ -4,2 +4,2 @@\n fn a() {}\n-fn b() {}\n+fn b() -> u8 { 1 }\n"}]}]
                }]},
                "model": "mock-model",
                "cwd": "/home/user/project",
            })),
        ),
        now,
    );
    let shown = screen(&mut state, 100, 20, now);
    assert!(shown.contains("└ src/lib.rs (updated) +1 −1"), "{shown}");
    assert!(shown.contains("5   - fn b() {}"), "{shown}");
    assert!(shown.contains("  5 + fn b() -> u8 { 1 }"), "{shown}");
}

#[test]
fn the_app_state_with_a_diff_open_can_still_move_between_threads() {
    fn send<T: Send>() {}
    send::<tern::render::diff::DiffDocument>();
    send::<AppState>();
}
