//! `r` in `/diff`'s turn view (issue 36): a finished turn's changes reviewed afterwards. Pure
//! `update` transitions down to the exact JSON: the review reads the files as they are, "send
//! review" reverts the reverted hunk (rewind's restore, expecting exactly what the turn left),
//! refuses a file edited since, lists the turn's commands as not revertible, and sends one
//! code-review message as the next turn.

use crate::support::common::*;
use crate::support::git_blob::blob_id;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::rewind::{RestoreAction, RestoreOutcome};

const F: &str = "/home/user/project/f.txt";
const G: &str = "/home/user/project/g.txt";
const BEFORE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
const AFTER: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nTEN\n";

/// The turn's aggregate diff: `f.txt` in two hunks, `g.txt` in one.
fn turn_diff() -> String {
    format!(
        "diff --git a/f.txt b/f.txt\nindex {}..{} 100644\n--- a/f.txt\n+++ b/f.txt\n\
         @@ -1,5 +1,5 @@\n one\n-two\n+TWO\n three\n four\n five\n\
         @@ -7,4 +7,4 @@\n seven\n eight\n nine\n-ten\n+TEN\n\
         diff --git a/g.txt b/g.txt\nindex {}..{} 100644\n--- a/g.txt\n+++ b/g.txt\n\
         @@ -1 +1 @@\n-g\n+G\n",
        &blob_id(BEFORE)[..7],
        &blob_id(AFTER)[..7],
        &blob_id("g\n")[..7],
        &blob_id("G\n")[..7],
    )
}

/// A finished turn that patched two files and ran `sed -i` (which may have written some).
fn finished_turn(now: Instant) -> AppState {
    let mut state = running_state(now);
    for (method, params) in [
        (
            "item/completed",
            json!({"turnId": "turn-1", "item": {"type": "commandExecution", "id": "c1",
                "command": "sed -i s/x/y/ notes.md", "cwd": "/home/user/project",
                "status": "completed", "commandActions": [], "exitCode": 0,
                "aggregatedOutput": "", "processId": "77"}}),
        ),
        (
            "turn/diff/updated",
            json!({"turnId": "turn-1", "diff": turn_diff()}),
        ),
        (
            "turn/completed",
            json!({"turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    state
}

fn presses(state: &mut AppState, keys: &str, at: Instant) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| press(state, KeyCode::Char(c), at))
        .collect()
}

/// `/diff`, then `r`: the review opens over the diff and reads the files as they are today.
fn open_turn_review(state: &mut AppState, g_today: &str, at: Instant) {
    type_text(state, "/diff", at);
    assert!(wire(update(state, key(KeyCode::Enter), at)).is_empty());
    let effects = press(state, KeyCode::Char('r'), at);
    assert_eq!(
        effects,
        vec![Effect::ReadForReview {
            cwd: "/home/user/project".into(),
            item_id: "turn\u{0}turn-1".into(),
            paths: vec![F.into(), G.into()],
        }]
    );
    assert!(matches!(
        state.layers.person.last(),
        Some(Layer::HunkReview(_))
    ));
    update(
        state,
        AppEvent::ReviewFilesRead {
            item_id: "turn\u{0}turn-1".into(),
            files: vec![
                (F.into(), Ok(Some(AFTER.into()))),
                (G.into(), Ok(Some(g_today.into()))),
            ],
        },
        at,
    );
}

#[test]
fn a_turn_review_reverts_one_hunk_refuses_an_edited_file_and_sends_the_review() {
    let now = Instant::now();
    let mut state = finished_turn(now);
    // g.txt was edited by hand after the turn: its revert must be refused.
    open_turn_review(&mut state, "G by hand\n", now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Review the turn"), "{shown}");
    assert!(shown.contains("$ sed -i s/x/y/ notes.md"), "{shown}");
    assert!(shown.contains("cannot be reverted here"), "{shown}");
    // n n: f.txt's hunk 2, x reverts it; five rows down is its `+TEN`, commented.
    assert!(presses(&mut state, "nnx", now).is_empty());
    assert!(presses(&mut state, "jjjjjc", now).is_empty());
    type_text(&mut state, "keep ten lower case", now);
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    // Tab: g.txt's row; x reverts the whole file.
    assert!(press(&mut state, KeyCode::Tab, now).is_empty());
    assert!(presses(&mut state, "x", now).is_empty());

    let effects = press(&mut state, KeyCode::Enter, now);
    let [Effect::RevertHunks { cwd, files }] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(cwd, "/home/user/project");
    assert_eq!(files.len(), 1, "g.txt is refused before the runtime");
    assert_eq!(files[0].path, F);
    let hunk_one_only = BEFORE.replace("two", "TWO");
    assert_eq!(files[0].action, RestoreAction::Write(hunk_one_only));
    assert_eq!(files[0].expected, Some(blob_id(AFTER)));
    assert!(
        !matches!(state.layers.person.last(), Some(Layer::HunkReview(_))),
        "sent: the review closes"
    );

    let effects = wire(update(
        &mut state,
        AppEvent::HunksReverted(vec![RestoreOutcome {
            path: F.into(),
            result: Ok(()),
        }]),
        now,
    ));
    let text = "Review of your changes, from the person at the keyboard (tern).\n\
\n\
Reverted: these hunks were applied, and you may have seen them, but tern has put them back as they were; they are no longer on disk:\n\
- f.txt:10 (hunk 2 of 2)\n  ```diff\n   seven\n   eight\n   nine\n  -ten\n  +TEN\n  ```\n\
\n\
Asked to revert, but left on disk (the file no longer matched the patch):\n\
- g.txt:1 (hunk 1 of 1)\n  ```diff\n  -g\n  +G\n  ```\n  \
not reverted: changed since the turn left it (by hand, a command or a later turn): left alone\n\
\n\
Comments:\n\
\n\
f.txt:10\n  ```diff\n  +TEN\n  ```\nkeep ten lower case\n";
    let sent: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "turn/start");
    assert_eq!(
        sent[0].1["input"],
        json!([{"type": "text", "text": text, "text_elements": []}])
    );
    // The diff it was opened from is still up; under it, what became of each revert.
    assert!(matches!(state.layers.person.last(), Some(Layer::Diff(_))));
    press(&mut state, KeyCode::Esc, now);
    let notices = screen(&mut state, 160, 40, now);
    assert!(notices.contains("Reverted hunk 2 of"), "{notices}");
    assert!(notices.contains("Not reverted: hunk 1 of"), "{notices}");
}

#[test]
fn comments_alone_send_the_review_and_esc_goes_back_to_the_diff() {
    let now = Instant::now();
    let mut state = finished_turn(now);
    open_turn_review(&mut state, "G\n", now);
    // Enter with nothing decided says so and sends nothing.
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    assert!(screen(&mut state, 120, 40, now).contains("Nothing to send yet"));
    // Esc: back to the diff, nothing sent.
    assert!(press(&mut state, KeyCode::Esc, now).is_empty());
    assert!(matches!(state.layers.person.last(), Some(Layer::Diff(_))));
    assert!(press(&mut state, KeyCode::Char('r'), now).len() == 1);
    // The first hunk's row, commented: sent as is, nothing reverted.
    assert!(presses(&mut state, "jc", now).is_empty());
    type_text(&mut state, "why upper case?", now);
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    let effects = press(&mut state, KeyCode::Enter, now);
    let sent: Vec<_> = effects.iter().filter_map(request_json).collect();
    let text = "Review of your changes, from the person at the keyboard (tern).\n\
\n\
Comments:\n\
\n\
f.txt:2\n  ```diff\n  -two\n  +TWO\n  ```\nwhy upper case?\n";
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "turn/start");
    assert_eq!(
        sent[0].1["input"],
        json!([{"type": "text", "text": text, "text_elements": []}])
    );
}
