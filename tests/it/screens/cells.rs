//! Every kind of transcript cell, drawn at 80 and 120 columns, collapsed and expanded; a message
//! caught mid-code-block and mid-table while streaming; and a transcript re-wrapped by a resize.

use crate::support::common::*;
use crossterm::event::KeyCode;
use std::time::Instant;
use tern::app::{update, AppState};
use tern::model::{CellKind, CommandCell, MarkdownText, NoticeLevel, TurnTokens};
use tern::protocol::{CommandAction, FileUpdateChange, PatchChangeKind, PlanStep};

const ANSWER: &str = "## Summary\n\n\
The **parser** now keeps *completed* blocks and re-renders only the `tail`; see \
[the design](https://example.com/design) for why.\n\n\
1. First step\n2. Second step, long enough that it has to wrap onto a second line at eighty columns\n   - nested detail\n\n\
- [x] done task\n- [ ] open task\n\n\
> Quoted advice that stays dimmed.\n\n\
```rust\nfn main() {\n    println!(\"a line long enough to need the continuation marker when the cell is narrow, yes\");\n}\n```\n\n\
| crate | why | version |\n|---|---|---|\n| ratatui | drawing | 0.29 |\n| pulldown-cmark | markdown | 0.13 |\n\n\
---\n\n日本語のテキストと emoji 🚀 are measured by width.";

fn command(command: &str, output: &str, exit_code: Option<i64>, running: bool) -> CommandCell {
    CommandCell {
        command: command.into(),
        cwd: None,
        actions: vec![],
        output: output.into(),
        exit_code,
        duration_ms: (!running).then_some(1_250),
        running,
        status: None,
        decision: None,
        shell: false,
        evidence: None,
    }
}

fn numbered(lines: usize) -> String {
    (1..=lines).map(|i| format!("line {i}\n")).collect()
}

fn every_kind() -> Vec<CellKind> {
    let mut with_cwd = command("/bin/bash -lc 'cargo build'", "", Some(0), false);
    with_cwd.cwd = Some("/home/user/project/crates/core".into());
    let mut read = command("cat src/main.rs", "fn main() {}\n", Some(0), false);
    read.actions = vec![CommandAction::Read {
        command: "cat src/main.rs".into(),
        name: "main.rs".into(),
        path: "src/main.rs".into(),
    }];
    let mut declined = command("rm -rf build", "", None, false);
    declined.status = Some("declined".into());
    vec![
        CellKind::User {
            text: "Explain the parser, then run the tests.\nSecond line of the prompt.".into(),
        },
        CellKind::Reasoning {
            text: "**Reading the parser**\n\nThe parser splits blocks; I should check `tail()`."
                .into(),
        },
        CellKind::Agent {
            markdown: Box::new(MarkdownText::new(ANSWER)),
            streaming: false,
        },
        CellKind::Command(Box::new(command(
            "cargo test",
            &format!(
                "\u{1b}[32mrunning 12 tests\u{1b}[0m\n{}\u{1b}[1;31mFAILED\u{1b}[0m",
                numbered(9)
            ),
            Some(101),
            false,
        ))),
        CellKind::Command(Box::new(command("tail -f log", &numbered(8), None, true))),
        CellKind::Command(Box::new(with_cwd)),
        CellKind::Command(Box::new(read)),
        CellKind::Command(Box::new(declined)),
        CellKind::FileChange {
            changes: vec![
                FileUpdateChange {
                    path: "src/new.rs".into(),
                    kind: PatchChangeKind::Add,
                    diff: "a\nb\n".into(),
                },
                FileUpdateChange {
                    path: "src/old.rs".into(),
                    kind: PatchChangeKind::Update {
                        move_path: Some("src/renamed.rs".into()),
                    },
                    diff: "@@ -1 +1 @@\n-x\n+y\n".into(),
                },
            ],
            status: Some("completed".into()),
            cwd: None,
            decision: None,
        },
        CellKind::Plan {
            explanation: Some("Three steps.".into()),
            steps: ["Read the code", "Change the parser", "Run the tests"]
                .iter()
                .zip(["completed", "inProgress", "pending"])
                .map(|(step, status)| PlanStep {
                    step: step.to_string(),
                    status: status.into(),
                })
                .collect(),
        },
        CellKind::Tool {
            title: "docs.search".into(),
            status: Some("completed".into()),
        },
        CellKind::Tool {
            title: "Web search: ratatui hyperlinks".into(),
            status: None,
        },
        CellKind::Notice {
            level: NoticeLevel::Info,
            text: "Approved `git status`".into(),
        },
        CellKind::Notice {
            level: NoticeLevel::Warning,
            text: "Turn interrupted".into(),
        },
        CellKind::Notice {
            level: NoticeLevel::Error,
            text: "Turn failed: stream disconnected".into(),
        },
        CellKind::TurnEnd {
            status: "completed".into(),
            duration_ms: Some(83_400),
            tokens: Some(TurnTokens {
                input: 12_345,
                cached_input: 8_000,
                output: 950,
            }),
        },
    ]
}

fn state_with(cells: Vec<CellKind>, now: Instant) -> AppState {
    let mut state = ready_state(now);
    for cell in cells {
        state.transcript_mut().push(cell);
    }
    state
}

#[test]
fn every_cell_kind_at_80_and_120_columns() {
    let now = Instant::now();
    let mut state = state_with(every_kind(), now);
    snapshot!("cells_80", &screen(&mut state, 80, 150, now));
    snapshot!("cells_120", &screen(&mut state, 120, 130, now));
    update(&mut state, ctrl('o'), now);
    snapshot!("cells_expanded_80", &screen(&mut state, 80, 170, now));
}

/// The transcript of a message streamed up to `cut`.
fn streamed_until(cut: &str, now: Instant) -> AppState {
    let mut state = ready_state(now);
    let end = ANSWER.find(cut).expect("cut point in the answer") + cut.len();
    let mut text = MarkdownText::default();
    for c in ANSWER[..end].chars() {
        text.append(&c.to_string());
    }
    state.transcript_mut().push(CellKind::Agent {
        markdown: Box::new(text),
        streaming: true,
    });
    state
}

#[test]
fn streaming_mid_code_block_and_mid_table() {
    let now = Instant::now();
    let mut state = streamed_until("    println!(\"a line long", now);
    snapshot!("streaming_mid_code_80", &screen(&mut state, 80, 40, now));
    let mut state = streamed_until("| ratatui | draw", now);
    snapshot!("streaming_mid_table_80", &screen(&mut state, 80, 40, now));
    let mut state = streamed_until("| crate | why | version |\n", now);
    snapshot!(
        "streaming_table_header_only_80",
        &screen(&mut state, 80, 40, now),
    );
}

#[test]
fn resize_rewraps_without_losing_or_duplicating() {
    let now = Instant::now();
    let mut state = state_with(every_kind()[..4].to_vec(), now);
    screen(&mut state, 120, 40, now);
    update(&mut state, key(KeyCode::PageUp), now);
    let narrow = screen(&mut state, 60, 40, now);
    snapshot!("resized_120_to_60_scrolled", &narrow);
    // The whole answer, laid out narrow, holds each line of the source exactly once.
    let mut state = state_with(every_kind()[2..3].to_vec(), now);
    let whole = screen(&mut state, 60, 80, now);
    for needle in ["Summary", "First step", "done task", "pulldown-cmark", "🚀"] {
        assert_eq!(whole.matches(needle).count(), 1, "{needle} in\n{whole}");
    }
}
