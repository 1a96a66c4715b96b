//! A hunk review's reverts on a server elsewhere (issue 36, `--remote` over ws/ssh): the files
//! are read with `fs/readFile` when the review opens; once the patch lands, each file to put
//! back is read again and checked to be exactly what the patch produced, written with
//! `fs/writeFile` and read back to see the in-place write took. Exact JSON at each step; a file
//! changed since the patch is refused with nothing written; a read-back that differs from what
//! was written is a failure naming the file.

use crate::support::common::*;
use crate::support::git_blob::blob_id;
use crate::support::patch_fixtures::patch_asked;
use base64::Engine;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};

const PATH: &str = "/home/user/project/f.txt";
const BEFORE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
const AFTER: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nTEN\n";
const HUNK_ONE_ONLY: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
const DIFF: &str = "@@ -1,5 +1,5 @@\n one\n-two\n+TWO\n three\n four\n five\n@@ -7,4 +7,4 @@\n seven\n eight\n nine\n-ten\n+TEN\n";

fn b64(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

fn on_wire(effects: Vec<Effect>) -> Vec<(&'static str, Value)> {
    wire(effects).iter().filter_map(request_json).collect()
}

fn presses(state: &mut AppState, keys: &str, at: Instant) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| press(state, KeyCode::Char(c), at))
        .collect()
}

/// A running turn on a server elsewhere whose patch of `f.txt` (two hunks) asks for approval.
fn asked(now: Instant) -> (AppState, Instant) {
    let mut state = remote_running(now);
    patch_asked(&mut state, PATH, DIFF, now);
    (state, read(now))
}

/// A turn running on a server elsewhere (`ws://`), the session's folder `/home/user/project`.
fn remote_running(now: Instant) -> AppState {
    let mut cfg = config();
    cfg.connected_to = Some("ws://box:4500".into());
    cfg.files_elsewhere = true;
    let mut state = ready_with(cfg, now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    state
}

/// `r` reads the file through the server; hunk 2 reverted; Enter accepts; the item completes:
/// the check read of the file to put back goes out.
fn reverting(now: Instant) -> (AppState, Instant) {
    let (mut state, at) = asked(now);
    let effects = on_wire(press(&mut state, KeyCode::Char('r'), at));
    assert_eq!(effects, [("fs/readFile", json!({"path": PATH}))]);
    let effects = update(
        &mut state,
        reply(
            RequestTag::ReviewReadRemote {
                path: PATH.into(),
                item_id: "call_1".into(),
            },
            Ok(json!({"dataBase64": b64(BEFORE)})),
        ),
        at,
    );
    assert!(wire(effects).is_empty());
    assert!(presses(&mut state, "nnx", at).is_empty());
    assert_eq!(
        press(&mut state, KeyCode::Enter, at),
        answer(3, json!("accept"))
    );
    let completed = json!({"type": "fileChange", "id": "call_1", "status": "completed", "changes": [
        {"path": PATH, "kind": {"type": "update", "move_path": null}, "diff": DIFF}]});
    let effects = on_wire(update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": completed}),
        ),
        at,
    ));
    assert_eq!(effects, [("fs/getMetadata", json!({"path": PATH}))]);
    (state, at)
}

/// The file to revert is a regular file, no link: its check read goes out.
fn stat(state: &mut AppState, meta: Value, at: Instant) -> Vec<(&'static str, Value)> {
    on_wire(update(
        state,
        reply(RequestTag::RevertStatRemote { path: PATH.into() }, Ok(meta)),
        at,
    ))
}

fn regular(state: &mut AppState, at: Instant) {
    let effects = stat(
        state,
        json!({"isDirectory": false, "isFile": true, "isSymlink": false,
               "createdAtMs": 0, "modifiedAtMs": 1}),
        at,
    );
    assert_eq!(effects, [("fs/readFile", json!({"path": PATH}))]);
}

fn check_read(content: &str) -> tern::app::AppEvent {
    reply(
        RequestTag::RevertReadRemote {
            path: PATH.into(),
            verify: false,
        },
        Ok(json!({"dataBase64": b64(content)})),
    )
}

fn steered_text(effects: &[(&'static str, Value)]) -> String {
    let [("turn/steer", params)] = effects else {
        panic!("{effects:?}");
    };
    params["input"][0]["text"].as_str().unwrap().to_string()
}

#[test]
fn a_remote_revert_reads_checks_writes_and_verifies_through_fs() {
    let (mut state, at) = reverting(Instant::now());
    regular(&mut state, at);
    let effects = on_wire(update(&mut state, check_read(AFTER), at));
    assert_eq!(
        effects,
        [(
            "fs/writeFile",
            json!({"path": PATH, "dataBase64": b64(HUNK_ONE_ONLY)})
        )]
    );
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::RevertWriteRemote { path: PATH.into() },
            Ok(json!({})),
        ),
        at,
    ));
    assert_eq!(effects, [("fs/readFile", json!({"path": PATH}))]);
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::RevertReadRemote {
                path: PATH.into(),
                verify: true,
            },
            Ok(json!({"dataBase64": b64(HUNK_ONE_ONLY)})),
        ),
        at,
    ));
    let text = steered_text(&effects);
    assert!(
        text.contains("tern has put them back as they were") && text.contains("f.txt:10"),
        "{text}"
    );
    let (_, notice) = last_notice(&state);
    assert!(notice.contains("Reverted hunk 2 of"), "{notice}");
}

#[test]
fn a_file_changed_since_the_patch_is_refused_and_nothing_is_written() {
    let (mut state, at) = reverting(Instant::now());
    regular(&mut state, at);
    let effects = on_wire(update(
        &mut state,
        check_read("edited on the server meanwhile\n"),
        at,
    ));
    assert!(
        !effects.iter().any(|(method, _)| *method == "fs/writeFile"),
        "{effects:?}"
    );
    let text = steered_text(&effects);
    assert!(text.contains("it changed since the patch"), "{text}");
    let (_, notice) = last_notice(&state);
    assert!(
        notice.contains("Not reverted: hunk 2") && notice.contains("changed since the patch"),
        "{notice}"
    );
}

#[test]
fn a_read_back_that_differs_from_what_was_written_is_a_failure_naming_the_file() {
    let (mut state, at) = reverting(Instant::now());
    regular(&mut state, at);
    update(&mut state, check_read(AFTER), at);
    update(
        &mut state,
        reply(
            RequestTag::RevertWriteRemote { path: PATH.into() },
            Ok(json!({})),
        ),
        at,
    );
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::RevertReadRemote {
                path: PATH.into(),
                verify: true,
            },
            Ok(json!({"dataBase64": b64("half written\n")})),
        ),
        at,
    ));
    let text = steered_text(&effects);
    assert!(text.contains("does not hold what was written"), "{text}");
    let (_, notice) = last_notice(&state);
    assert!(
        notice.contains("Not reverted: hunk 2 of")
            && notice.contains("f.txt")
            && notice.contains("does not hold what was written"),
        "{notice}"
    );
}

#[test]
fn a_symbolic_link_is_refused_before_any_read_or_write() {
    let (mut state, at) = reverting(Instant::now());
    let effects = stat(
        &mut state,
        json!({"isDirectory": false, "isFile": true, "isSymlink": true,
               "createdAtMs": 0, "modifiedAtMs": 1}),
        at,
    );
    assert!(
        !effects.iter().any(|(method, _)| method.starts_with("fs/")),
        "{effects:?}"
    );
    let (_, notice) = last_notice(&state);
    assert!(notice.contains("a symbolic link"), "{notice}");
}

/// `/diff`'s turn review on a server elsewhere: the files are read with `fs/readFile`, and a
/// reverted hunk starts the same checked revert (`fs/getMetadata` first).
#[test]
fn a_turn_review_on_a_remote_session_reads_and_reverts_through_fs() {
    let now = Instant::now();
    let mut state = remote_running(now);
    let diff = format!(
        "diff --git a/f.txt b/f.txt\nindex {}..{} 100644\n--- a/f.txt\n+++ b/f.txt\n{DIFF}",
        &blob_id(BEFORE)[..7],
        &blob_id(AFTER)[..7],
    );
    for (method, params) in [
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
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    let effects = on_wire(press(&mut state, KeyCode::Char('r'), now));
    assert_eq!(effects, [("fs/readFile", json!({"path": PATH}))]);
    update(
        &mut state,
        reply(
            RequestTag::ReviewReadRemote {
                path: PATH.into(),
                item_id: "turn\u{0}turn-1".into(),
            },
            Ok(json!({"dataBase64": b64(AFTER)})),
        ),
        now,
    );
    assert!(presses(&mut state, "nnx", now).is_empty());
    let effects = on_wire(press(&mut state, KeyCode::Enter, now));
    assert_eq!(
        effects,
        [("fs/getMetadata", json!({"path": PATH}))],
        "{}",
        screen(&mut state, 100, 30, now)
    );
}
