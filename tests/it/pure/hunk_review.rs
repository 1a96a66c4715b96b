//! `r` on a file-change question (issue 36): the change reviewed hunk by hunk. Pure `update`
//! transitions down to the exact JSON: a mix accepts, reverts the reverted hunk once the item
//! completes (rewind's restore, expecting what the patch produced) and steers the review into
//! the turn; everything reverted declines and sends the comments; Esc answers nothing.

use crate::support::common::*;
use crate::support::git_blob::blob_id;
use crate::support::patch_fixtures::patch_asked;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::rewind::{RestoreAction, RestoreOutcome};

const PATH: &str = "/home/user/project/f.txt";
const BEFORE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
const AFTER: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nTEN\n";
/// `BEFORE` → `AFTER` as codex sends an update's diff: bare hunks.
const DIFF: &str = "@@ -1,5 +1,5 @@\n one\n-two\n+TWO\n three\n four\n five\n@@ -7,4 +7,4 @@\n seven\n eight\n nine\n-ten\n+TEN\n";

/// A running turn whose patch of `f.txt` (two hunks) asks for approval, the question live.
fn asked(now: Instant) -> (AppState, Instant) {
    let mut state = running_state(now);
    patch_asked(&mut state, PATH, DIFF, now);
    (state, read(now))
}

/// `r`: the review opens and reads the file as it is before the patch.
fn open_review(state: &mut AppState, at: Instant) {
    let effects = press(state, KeyCode::Char('r'), at);
    assert_eq!(
        effects,
        vec![Effect::ReadForReview {
            cwd: "/home/user/project".into(),
            item_id: "call_1".into(),
            paths: vec![PATH.into()],
        }]
    );
    update(
        state,
        AppEvent::ReviewFilesRead {
            item_id: "call_1".into(),
            files: vec![(PATH.into(), Ok(Some(BEFORE.into())))],
        },
        at,
    );
}

fn presses(state: &mut AppState, keys: &str, at: Instant) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| press(state, KeyCode::Char(c), at))
        .collect()
}

fn comment(state: &mut AppState, text: &str, at: Instant) {
    assert!(presses(state, "c", at).is_empty());
    type_text(state, text, at);
    assert!(
        press(state, KeyCode::Enter, at).is_empty(),
        "Enter saves the comment"
    );
}

#[test]
fn a_reverted_hunk_accepts_then_reverts_and_steers_the_review() {
    let now = Instant::now();
    let (mut state, at) = asked(now);
    open_review(&mut state, at);
    // n n: the second hunk's row; x reverts it; five rows down is its `+TEN`.
    assert!(presses(&mut state, "nnx", at).is_empty());
    assert!(presses(&mut state, "jjjjj", at).is_empty());
    comment(&mut state, "keep ten lower case", at);
    assert_eq!(
        press(&mut state, KeyCode::Enter, at),
        answer(3, json!("accept"))
    );
    assert!(state.questions().is_empty());

    let completed = json!({"type": "fileChange", "id": "call_1", "status": "completed", "changes": [
        {"path": PATH, "kind": {"type": "update", "move_path": null}, "diff": DIFF}]});
    let effects = wire(update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": completed}),
        ),
        at,
    ));
    let [Effect::RevertHunks { cwd, files }] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(cwd, "/home/user/project");
    assert_eq!(files.len(), 1);
    let hunk_one_only = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
    assert_eq!(files[0].action, RestoreAction::Write(hunk_one_only.into()));
    // Written only over exactly what the patch produced (git's blob id of AFTER).
    assert_eq!(files[0].expected, Some(blob_id(AFTER)));
    assert!(
        files[0].preview.contains("-TEN\n+ten\n"),
        "{}",
        files[0].preview
    );

    let effects = wire(update(
        &mut state,
        AppEvent::HunksReverted(vec![RestoreOutcome {
            path: PATH.into(),
            result: Ok(()),
        }]),
        at,
    ));
    let text = "Review of your changes, from the person at the keyboard (tern).\n\
\n\
Reverted: these hunks were applied, and you may have seen them, but tern has put them back as they were; they are no longer on disk:\n\
- f.txt:10 (hunk 2 of 2)\n  ```diff\n   seven\n   eight\n   nine\n  -ten\n  +TEN\n  ```\n\
\n\
Comments:\n\
\n\
f.txt:10\n  ```diff\n  +TEN\n  ```\nkeep ten lower case\n";
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        vec![(
            "turn/steer",
            json!({"threadId": THREAD, "expectedTurnId": "turn-1",
                   "input": [{"type": "text", "text": text, "text_elements": []}]})
        )]
    );
}

#[test]
fn everything_reverted_declines_and_sends_the_comments() {
    let now = Instant::now();
    let (mut state, at) = asked(now);
    open_review(&mut state, at);
    // On the file's row, x reverts the whole file; the next row is the first hunk.
    assert!(presses(&mut state, "xj", at).is_empty());
    comment(&mut state, "use a constant", at);
    let effects = press(&mut state, KeyCode::Enter, at);
    assert_eq!(effects[..1], answer(3, json!("decline")));
    let text = "Review of your proposed file change, from the person at the keyboard (tern): it was \
declined, none of it was applied.\n\nComments:\n\nf.txt:2\n  ```diff\n  -two\n  +TWO\n  ```\nuse a constant\n";
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        vec![(
            "turn/steer",
            json!({"threadId": THREAD, "expectedTurnId": "turn-1",
                   "input": [{"type": "text", "text": text, "text_elements": []}]})
        )]
    );
}

#[test]
fn esc_goes_back_to_the_question_unanswered() {
    let now = Instant::now();
    let (mut state, at) = asked(now);
    open_review(&mut state, at);
    assert!(presses(&mut state, "nx", at).is_empty());
    assert!(press(&mut state, KeyCode::Esc, at).is_empty());
    assert_eq!(state.questions().len(), 1);
    // The question's own keys answer again.
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), later(at, 1000)),
        answer(3, json!("accept"))
    );
}

#[test]
fn a_further_question_waits_until_the_reverts_are_done() {
    let now = Instant::now();
    let (mut state, at) = asked(now);
    open_review(&mut state, at);
    presses(&mut state, "nnx", at);
    assert_eq!(
        press(&mut state, KeyCode::Enter, at),
        answer(3, json!("accept"))
    );
    update(
        &mut state,
        server_request(
            4,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c2", "command": "ls",
                   "availableDecisions": ["accept", "decline"]}),
        ),
        at,
    );
    let later_on = read(later(at, 1000));
    assert!(
        press(&mut state, KeyCode::Char('y'), later_on).is_empty(),
        "reverts on their way hold the next question"
    );
    let completed = json!({"type": "fileChange", "id": "call_1", "status": "completed", "changes": [
        {"path": PATH, "kind": {"type": "update", "move_path": null}, "diff": DIFF}]});
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": completed}),
        ),
        later_on,
    );
    update(
        &mut state,
        AppEvent::HunksReverted(vec![RestoreOutcome {
            path: PATH.into(),
            result: Err("it changed since the preview".into()),
        }]),
        later_on,
    );
    // The refusal is said, and the question takes its keys again.
    let (_, notice) = last_notice(&state);
    assert!(notice.contains("Not reverted: hunk 2"), "{notice}");
    let again = later(later_on, 2000);
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), again),
        answer(4, json!("accept"))
    );
}

/// Enter before the files are read (the runtime reads them when `r` opens the review): the
/// review says it sends once they are, and the read's arrival sends it — the Enter is not lost.
#[test]
fn enter_before_the_files_are_read_sends_once_they_are() {
    let now = Instant::now();
    let (mut state, at) = asked(now);
    assert!(!press(&mut state, KeyCode::Char('r'), at).is_empty());
    assert!(presses(&mut state, "nnx", at).is_empty());
    assert!(press(&mut state, KeyCode::Enter, at).is_empty());
    assert_eq!(state.questions().len(), 1, "nothing answered yet");
    assert!(
        screen(&mut state, 100, 30, at).contains("Sending once the files are read"),
        "{}",
        screen(&mut state, 100, 30, at)
    );
    let effects = update(
        &mut state,
        AppEvent::ReviewFilesRead {
            item_id: "call_1".into(),
            files: vec![(PATH.into(), Ok(Some(BEFORE.into())))],
        },
        at,
    );
    assert!(
        effects.starts_with(&answer(3, json!("accept"))),
        "{effects:?}"
    );
    assert!(state.questions().is_empty());
}
