//! Screen-reader mode (`--screen-reader`): a turn with a command approval, a diff and a table,
//! as the scrollback and the live area show it: speaker labels, tables as sentences, diffs as
//! added and removed lines, questions as numbered choices, and no box drawing, block element,
//! spinner frame or bullet anywhere.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState};
use tern::model::{CellKind, CommandCell, MarkdownText};
use tern::protocol::{FileUpdateChange, PatchChangeKind};

const ANSWER: &str = "Here is what changed:\n\n\
| Name | Size |\n|---|--:|\n| src/a.rs | 10 |\n| README.md | 2 |\n\n\
- the parser keeps its blocks\n- the tests pass";

fn spoken_state(now: Instant) -> AppState {
    let mut config = config();
    config.screen_reader = true;
    config.inline = true;
    let mut state = ready_with(config, now);
    let cells = [
        CellKind::User {
            text: "Tidy the parser and show me the sizes.".into(),
        },
        CellKind::Command(Box::new(CommandCell {
            command: "/bin/bash -lc 'cargo test'".into(),
            cwd: None,
            actions: vec![],
            output: "running 2 tests\ntest result: ok\n".into(),
            exit_code: Some(0),
            duration_ms: Some(1_250),
            running: false,
            status: None,
            decision: None,
            shell: false,
            evidence: None,
        })),
        CellKind::FileChange {
            changes: vec![FileUpdateChange {
                path: "/home/user/project/src/a.rs".into(),
                kind: PatchChangeKind::Update { move_path: None },
                diff: "@@ -2,3 +2,3 @@\n keep\n-let old = 1;\n+let new = 2;\n same\n".into(),
            }],
            status: Some("completed".into()),
            cwd: Some("/home/user/project".into()),
            decision: None,
        },
        CellKind::Agent {
            markdown: Box::new(MarkdownText::new(ANSWER)),
            streaming: false,
        },
    ];
    for cell in cells {
        state.transcript_mut().push(cell);
    }
    state
}

/// Nothing a screen reader would read as an ornament.
fn assert_plain(what: &str, text: &str) {
    for c in text.chars() {
        assert!(
            !('\u{2500}'..='\u{259F}').contains(&c),
            "{what}: box drawing or block element {c:?} (U+{:04X})\n{text}",
            c as u32
        );
        assert!(
            !('\u{2800}'..='\u{28FF}').contains(&c),
            "{what}: spinner frame {c:?}\n{text}"
        );
        assert!(!"•└›⋯…●".contains(c), "{what}: decorative {c:?}\n{text}");
    }
}

#[test]
fn a_turn_with_an_approval_a_diff_and_a_table_reads_as_labelled_plain_text() {
    let now = Instant::now();
    let mut state = spoken_state(now);
    update(&mut state, tern::app::AppEvent::Resize(100, 30), now);
    let scrollback = tern::ui::scrollback_text(&state);
    assert_plain("scrollback", &scrollback);
    for said in [
        "you:\nTidy the parser",
        "tool:\n",
        "codex:\nHere is what changed:",
        "Table, 2 columns, 2 rows: Name, Size.",
        "Row 1: Name: src/a.rs; Size: 10.",
        "Row 2: Name: README.md; Size: 2.",
        "edited src/a.rs:",
        "removed line 3: let old = 1;",
        "added line 3: let new = 2;",
    ] {
        assert!(scrollback.contains(said), "{said:?} missing\n{scrollback}");
    }
    snapshot!("screen_reader_scrollback", &scrollback);

    let params = json!({"threadId": THREAD, "turnId": "t", "itemId": "c",
        "reason": "Check the repository state", "command": "/bin/bash -lc 'git status --short'",
        "cwd": "/home/user/project", "proposedExecpolicyAmendment": ["git", "status"],
        "availableDecisions": ["accept",
            {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": ["git", "status"]}},
            "cancel"]});
    update(
        &mut state,
        server_request(0, "item/commandExecution/requestApproval", params),
        now,
    );
    let live = screen(&mut state, 100, 30, read(now));
    assert_plain("live area", &live);
    let first = live
        .find("Choice 1 of 4: Yes")
        .unwrap_or_else(|| panic!("numbered choices\n{live}"));
    let key = live[first..]
        .find("Key y")
        .expect("the key after the words");
    assert!(
        !live[first..first + key].contains('\n'),
        "the choice's words come before its key on one line\n{live}"
    );
    assert!(live.contains("Run this command?"), "{live}");
    snapshot!("screen_reader_approval", &live);
}
