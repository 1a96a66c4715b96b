//! A turn review where the thread's cwd sits below the git root (issue 36): codex writes the
//! turn's diff paths relative to the git root it found above the cwd, not to the cwd. The
//! review must name, read and revert the file the patch changed — not `cwd/<root-relative>`,
//! which does not exist (an empty `/tmp/.git` made a review revert nothing).

use crate::support::common::*;
use crate::support::git_blob::blob_id;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, Effect};
use tern::model::rewind::RestoreAction;

/// The file the patch changed: in the thread's cwd, `/home/user/project`.
const F: &str = "/home/user/project/f.txt";

#[test]
fn turn_diff_paths_relative_to_the_git_root_above_the_cwd_name_the_patched_file() {
    let now = Instant::now();
    let mut state = running_state(now);
    // The git root is /home/user: codex names the file `project/f.txt`.
    let diff = format!(
        "diff --git a/project/f.txt b/project/f.txt\nindex {}..{} 100644\n\
         --- a/project/f.txt\n+++ b/project/f.txt\n@@ -1 +1 @@\n-old\n+new\n",
        &blob_id("old\n")[..7],
        &blob_id("new\n")[..7],
    );
    for (method, params) in [
        (
            "item/completed",
            json!({"turnId": "turn-1", "item": {"type": "fileChange", "id": "call_1",
                "status": "completed",
                "changes": [{"path": F, "kind": {"type": "update", "move_path": null},
                    "diff": "@@ -1 +1 @@\n-old\n+new\n"}]}}),
        ),
        (
            "turn/diff/updated",
            json!({"turnId": "turn-1", "diff": diff}),
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
    type_text(&mut state, "/diff", now);
    update(&mut state, key(KeyCode::Enter), now);
    let effects = press(&mut state, KeyCode::Char('r'), now);
    assert_eq!(
        effects,
        vec![Effect::ReadForReview {
            cwd: "/home/user/project".into(),
            item_id: "turn\u{0}turn-1".into(),
            paths: vec![F.into()],
        }],
        "the patched file, not /home/user/project/project/f.txt"
    );
    update(
        &mut state,
        AppEvent::ReviewFilesRead {
            item_id: "turn\u{0}turn-1".into(),
            files: vec![(F.into(), Ok(Some("new\n".into())))],
        },
        now,
    );
    // x on the file's row reverts it whole; Enter sends.
    assert!(press(&mut state, KeyCode::Char('x'), now).is_empty());
    let effects = press(&mut state, KeyCode::Enter, now);
    let [Effect::RevertHunks { files, .. }] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].path, F);
    assert_eq!(files[0].action, RestoreAction::Write("old\n".into()));
    assert_eq!(files[0].expected, Some(blob_id("new\n")));
}
