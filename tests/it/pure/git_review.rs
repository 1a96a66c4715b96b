//! `r` in `/diff`'s git-diff view (issue 36): the person's own uncommitted work reviewed like
//! a turn's changes. Pure `update` transitions down to the exact JSON: the review resolves
//! git's paths from the repository's top folder, asks before reverting with a prompt naming
//! the file, writes nothing before `y`, refuses a file changed since the view showed it, and
//! sends one review message.

use crate::support::common::*;
use crate::support::git_blob::blob_id;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, GitDiffOutput};
use tern::model::rewind::{RestoreAction, RestoreOutcome};

const ROOT: &str = "/home/user/project";
const X: &str = "/home/user/project/src/x.rs";
const NOTES: &str = "/home/user/project/notes.md";
const X_HEAD: &str = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
const X_NOW: &str = "A\nb\nc\nd\ne\nf\ng\nh\ni\nJ\n";

/// `git diff HEAD`: src/x.rs in two hunks, notes.md in one.
fn git_diff() -> String {
    format!(
        "diff --git a/src/x.rs b/src/x.rs\nindex {}..{} 100644\n--- a/src/x.rs\n+++ b/src/x.rs\n\
         @@ -1,4 +1,4 @@\n-a\n+A\n b\n c\n d\n\
         @@ -7,4 +7,4 @@\n g\n h\n i\n-j\n+J\n\
         diff --git a/notes.md b/notes.md\nindex {}..{} 100644\n--- a/notes.md\n+++ b/notes.md\n\
         @@ -1 +1 @@\n-old\n+new\n",
        &blob_id(X_HEAD)[..7],
        &blob_id(X_NOW)[..7],
        &blob_id("old\n")[..7],
        &blob_id("new\n")[..7],
    )
}

fn presses(state: &mut AppState, keys: &str, at: Instant) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| press(state, KeyCode::Char(c), at))
        .collect()
}

/// `/diff` with no turn diff reads git; `r` opens the review, which reads the files as they
/// are (`x_today` for src/x.rs).
fn open_git_review(state: &mut AppState, x_today: &str, at: Instant) {
    type_text(state, "/diff", at);
    let effects = wire(update(state, key(KeyCode::Enter), at));
    assert_eq!(effects, [Effect::ReadGitDiff { cwd: ROOT.into() }]);
    update(
        state,
        AppEvent::GitDiff {
            cwd: ROOT.into(),
            result: Ok(GitDiffOutput {
                text: git_diff(),
                truncated: false,
                root: Some(ROOT.into()),
            }),
        },
        at,
    );
    let effects = press(state, KeyCode::Char('r'), at);
    assert_eq!(
        effects,
        vec![Effect::ReadForReview {
            cwd: ROOT.into(),
            item_id: format!("git\u{0}{ROOT}"),
            paths: vec![X.into(), NOTES.into()],
        }]
    );
    assert!(matches!(
        state.layers.person.last(),
        Some(Layer::HunkReview(_))
    ));
    update(
        state,
        AppEvent::ReviewFilesRead {
            item_id: format!("git\u{0}{ROOT}"),
            files: vec![
                (X.into(), Ok(Some(x_today.into()))),
                (NOTES.into(), Ok(Some("new\n".into()))),
            ],
        },
        at,
    );
}

/// x on src/x.rs's row (both hunks reverted); notes.md's hunk commented.
fn mark_and_comment(state: &mut AppState, at: Instant) {
    assert!(presses(state, "x", at).is_empty());
    assert!(press(state, KeyCode::Tab, at).is_empty());
    assert!(presses(state, "nc", at).is_empty());
    type_text(state, "say why it is new", at);
    assert!(press(state, KeyCode::Enter, at).is_empty());
}

#[test]
fn a_git_diff_review_asks_naming_the_file_then_reverts_and_sends_the_review() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_git_review(&mut state, X_NOW, now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Review your uncommitted changes"), "{shown}");
    mark_and_comment(&mut state, now);

    // Enter asks first, naming the file; nothing is written yet.
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    let asked = screen(&mut state, 120, 40, now);
    assert!(asked.contains("Revert 2 hunks in src/x.rs? y/n"), "{asked}");
    // Keys other than the answer do nothing while asked.
    assert!(presses(&mut state, "xjc", now).is_empty());

    let effects = press(&mut state, KeyCode::Char('y'), now);
    let [Effect::RevertHunks { cwd, files }] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(cwd, ROOT);
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].path, X);
    assert_eq!(files[0].action, RestoreAction::Write(X_HEAD.into()));
    assert_eq!(files[0].expected, Some(blob_id(X_NOW)));
    assert!(matches!(state.layers.person.last(), Some(Layer::Diff(_))));

    let effects = wire(update(
        &mut state,
        AppEvent::HunksReverted(vec![RestoreOutcome {
            path: X.into(),
            result: Ok(()),
        }]),
        now,
    ));
    let sent: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "turn/start");
    assert_eq!(
        sent[0].1["input"],
        json!([{"type": "text", "text": EXPECTED_SENT, "text_elements": []}])
    );
}

/// The review as the agent reads it: what was put back, quoted, and the comment on its line.
const EXPECTED_SENT: &str = "Review of your changes, from the person at the keyboard (tern).\n\
\n\
Reverted: these hunks were applied, and you may have seen them, but tern has put them back as they were; they are no longer on disk:\n\
- src/x.rs:1 (hunk 1 of 2)\n  ```diff\n  -a\n  +A\n   b\n   c\n   d\n  ```\n\
- src/x.rs:10 (hunk 2 of 2)\n  ```diff\n   g\n   h\n   i\n  -j\n  +J\n  ```\n\
\n\
Comments:\n\
\n\
notes.md:1\n  ```diff\n  -old\n  +new\n  ```\nsay why it is new\n";

#[test]
fn no_writes_one_n_and_a_file_changed_since_shown_is_refused() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // src/x.rs was edited again after the view read it.
    open_git_review(&mut state, "edited again\n", now);
    mark_and_comment(&mut state, now);
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    // n: nothing written, nothing sent, the review stays with its marks.
    assert!(presses(&mut state, "n", now).is_empty());
    let after_no = screen(&mut state, 120, 40, now);
    assert!(
        after_no.contains("Nothing reverted, nothing sent"),
        "{after_no}"
    );
    assert!(after_no.contains("0 of 2 hunks kept"), "{after_no}");

    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    let effects = press(&mut state, KeyCode::Char('y'), now);
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::RevertHunks { .. })),
        "a file changed since shown is refused before the runtime: {effects:?}"
    );
    let sent: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    let text = sent[0].1["input"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("not reverted: changed since /diff showed it: left alone"),
        "{text}"
    );
    press(&mut state, KeyCode::Esc, now);
    let notices = screen(&mut state, 160, 40, now);
    assert!(notices.contains("Not reverted: hunk 1, 2 of"), "{notices}");
}
