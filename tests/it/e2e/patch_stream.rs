//! End to end with codex 0.171 and the mock model: a patch the model streams through the
//! freeform `apply_patch` tool (offered to a known model such as `gpt-5.5`; the server sends
//! `item/fileChange/patchUpdated` only with `[features] apply_patch_streaming_events`). The
//! snapshots come before `item/started` and under the same item id (the tool call's id), so
//! the streamed cell and the applied one are one cell.

use crate::support::e2e::{E2e, WAIT};
use crate::support::{codex_env::Sandbox, mock_model::MockTurn};
use serde_json::{json, Value};

const PATCH: &str =
    "*** Begin Patch\n*** Add File: streamed.txt\n+STREAMED-ONE\n+STREAMED-TWO\n*** End Patch";

/// `apply_patch` called with its input in 20-byte deltas.
fn streamed_patch(n: u64) -> Vec<Value> {
    let item = json!({"type": "custom_tool_call", "id": format!("ctc_{n}"),
        "call_id": "patch_call", "name": "apply_patch", "input": ""});
    let mut events = vec![
        json!({"type": "response.created", "response": {"id": format!("resp_{n}")}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": item}),
    ];
    let bytes = PATCH.as_bytes();
    for piece in bytes.chunks(20) {
        events.push(json!({"type": "response.custom_tool_call_input.delta",
            "item_id": format!("ctc_{n}"), "output_index": 0, "call_id": "patch_call",
            "delta": std::str::from_utf8(piece).unwrap()}));
    }
    let mut done = item.clone();
    done["input"] = json!(PATCH);
    done["status"] = json!("completed");
    events.push(json!({"type": "response.output_item.done", "output_index": 0, "item": done}));
    events.push(
        json!({"type": "response.completed", "response": {"id": format!("resp_{n}"),
        "usage": {"input_tokens": 100, "input_tokens_details": null, "output_tokens": 5,
        "output_tokens_details": null, "total_tokens": 105}}}),
    );
    events
}

#[test]
fn a_streamed_patch_is_one_cell_from_its_first_snapshot_to_its_completion() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::Events(streamed_patch),
            MockTurn::text("PATCH-WRITTEN"),
        ],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let config = std::fs::read_to_string(f.env.config_path()).unwrap();
    let config = config
        .replace("model = \"mock-model\"", "model = \"gpt-5.5\"")
        .replace(
            "approval_policy = \"on-request\"",
            "approval_policy = \"never\"",
        );
    std::fs::write(
        f.env.config_path(),
        format!("{config}\n[features]\napply_patch_streaming_events = true\n"),
    )
    .unwrap();
    // Trace: the log names each notification, and whether tern used it.
    let mut tern = f.spawn(&[], &[("TERN_LOG", "trace".into())], (120, 40));
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · gpt-5.5")
    });
    tern.send(b"write the file");
    tern.wait_for_text("│write the file", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("PATCH-WRITTEN", WAIT);
    let shown = tern.screen_text();
    assert_eq!(
        shown.matches("STREAMED-TWO").count(),
        1,
        "one cell for the streamed and the applied patch: {shown}\n{}",
        f.context()
    );
    let written = std::fs::read_to_string(f.env.workspace().join("streamed.txt")).unwrap();
    assert_eq!(written, "STREAMED-ONE\nSTREAMED-TWO\n");
    let log = std::fs::read_to_string(f.logs.path().join("tern.log")).unwrap_or_default();
    let patch_lines: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("item/fileChange/patchUpdated"))
        .collect();
    assert!(
        !patch_lines.is_empty(),
        "the server streamed the patch: {}",
        f.context()
    );
    assert!(
        patch_lines
            .iter()
            .all(|l| !l.contains("not used") && !l.contains("did not match")),
        "{patch_lines:?}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
