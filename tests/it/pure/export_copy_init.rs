//! `/export`, `/copy pick` and `/init` as transitions: the exact effects, the overwrite questions,
//! and the property that an export holds every message and command of the thread and no control
//! character.

use crate::support::common::*;
use crossterm::event::KeyCode;
use proptest::prelude::*;
use std::path::PathBuf;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::export::export_markdown;
use tern::model::{CellKind, CommandCell, MarkdownText, Transcript};

fn run(state: &mut AppState, command: &str, now: Instant) -> Vec<Effect> {
    type_text(state, command, now);
    wire(update(state, key(KeyCode::Enter), now))
}

fn with_answer(now: Instant, answer: &str) -> AppState {
    let mut state = ready_state(now);
    state.transcript_mut().push(CellKind::User {
        text: "question".into(),
    });
    state.transcript_mut().push(CellKind::Agent {
        markdown: Box::new(MarkdownText::new(answer)),
        streaming: false,
    });
    state
}

#[test]
fn export_writes_a_new_file_and_asks_before_replacing_one() {
    let now = Instant::now();
    let mut state = with_answer(now, "The answer.");
    let effects = run(&mut state, "/export notes/out.md", now);
    let [Effect::WriteExport {
        path,
        text,
        overwrite: false,
        make_folder: false,
    }] = effects.as_slice()
    else {
        panic!("{effects:?}")
    };
    assert_eq!(path, &PathBuf::from("/home/user/project/notes/out.md"));
    assert!(
        text.contains("## You\n\nquestion") && text.contains("## Codex\n\nThe answer."),
        "{text}"
    );
    // The file exists: nothing is replaced until the person says yes.
    update(
        &mut state,
        AppEvent::ExportWritten {
            path: path.clone(),
            result: Err("File exists".into()),
            exists: true,
        },
        now,
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        shown.contains("Replace it with this conversation?"),
        "{shown}"
    );
    snapshot!("export_overwrite_question_80", &shown);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert!(
        matches!(effects.as_slice(), [Effect::WriteExport { overwrite: true, path: p, .. }] if p == path),
        "{effects:?}"
    );
    update(
        &mut state,
        AppEvent::ExportWritten {
            path: path.clone(),
            result: Ok(()),
            exists: false,
        },
        now,
    );
    assert!(last_notice(&state)
        .1
        .starts_with("Saved the conversation to /home/user/project/notes/out.md"));
}

/// `/export` alone writes nothing (it once wrote `codex-<id>.md` into the repository): it asks
/// where, proposing a file in the export folder (outside the work tree) in the composer; Enter
/// writes there at once, the folder made if missing.
#[test]
fn export_alone_asks_where_and_proposes_a_path_outside_the_work_tree() {
    let now = Instant::now();
    let mut state = with_answer(now, "The answer.");
    state.config_mut().home = Some("/home/user".into());
    state.config_mut().export_dir = Some(PathBuf::from("/home/user/Downloads"));
    assert_eq!(run(&mut state, "/export", now), []);
    let draft = state.expanded_draft();
    assert_eq!(draft, format!("/export ~/Downloads/codex-{THREAD}.md"));
    assert!(last_notice(&state)
        .1
        .starts_with("Where should the conversation be saved?"));
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let [Effect::WriteExport {
        path,
        overwrite: false,
        make_folder: true,
        ..
    }] = effects.as_slice()
    else {
        panic!("{effects:?}")
    };
    assert_eq!(
        path,
        &PathBuf::from(format!("/home/user/Downloads/codex-{THREAD}.md"))
    );
    // The path edited to another folder: written there, no folder made.
    type_text(&mut state, "/export ~/notes/x.md", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(
        matches!(effects.as_slice(), [Effect::WriteExport { make_folder: false, path, .. }]
            if path == &PathBuf::from("/home/user/notes/x.md")),
        "{effects:?}"
    );
}

/// A file the agent added is exported as a real unified diff: `+` on every line, a hunk
/// header, `---`/`+++` lines with the path relative to the thread's folder.
#[test]
fn exported_file_changes_are_real_unified_diffs() {
    use tern::protocol::{FileUpdateChange, PatchChangeKind};
    let mut transcript = Transcript::default();
    transcript.push(CellKind::FileChange {
        changes: vec![FileUpdateChange {
            path: "/ws/src/new.rs".into(),
            kind: PatchChangeKind::Add,
            diff: "fn add() {}\nfn sub() {}\n".into(),
        }],
        status: None,
        cwd: Some("/ws".into()),
        decision: None,
    });
    let out = export_markdown(&transcript, "t");
    assert!(
        out.contains("```diff\n--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,2 @@\n+fn add() {}\n+fn sub() {}\n```"),
        "{out}"
    );
}

#[test]
fn refusing_the_overwrite_writes_nothing() {
    let now = Instant::now();
    let mut state = with_answer(now, "x");
    let path = PathBuf::from("/tmp/a.md");
    update(
        &mut state,
        AppEvent::ExportWritten {
            path,
            result: Err("exists".into()),
            exists: true,
        },
        now,
    );
    assert!(wire(update(&mut state, key(KeyCode::Char('n')), now)).is_empty());
    assert!(last_notice(&state).1.contains("nothing was saved"));
}

#[test]
fn copy_pick_copies_a_code_block_exactly_without_fences() {
    let now = Instant::now();
    let mut state = with_answer(
        now,
        "Run this:\n\n```bash\ncargo test\t--all \u{1b}[31m\n```\n\nThen this:\n\n```\nmake\n```\n",
    );
    state.transcript_mut().push(CellKind::Agent {
        markdown: Box::new(MarkdownText::new("The later answer.")),
        streaming: false,
    });
    let effects = run(&mut state, "/copy pick", now);
    assert!(effects.is_empty(), "{effects:?}");
    let shown = screen(&mut state, 80, 24, now);
    snapshot!("copy_pick_80", &shown);
    // Newest first: the last answer, then the earlier one and its two code blocks.
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::CopyToClipboard("cargo test\t--all ".into())]
    );
    assert!(last_notice(&state)
        .1
        .starts_with("Copied answer 1 · code block 1 (bash)"));
    // Plain /copy is the last answer, as before.
    let effects = run(&mut state, "/copy", now);
    assert_eq!(
        effects,
        [Effect::CopyToClipboard("The later answer.".into())]
    );
}

#[test]
fn init_sends_the_official_prompt_or_asks_first_when_agents_md_exists() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = run(&mut state, "/init", now);
    assert_eq!(
        effects,
        [Effect::CheckAgentsFile {
            path: "/home/user/project/AGENTS.md".into()
        }]
    );
    let effects = wire(update(
        &mut state,
        AppEvent::AgentsFileChecked {
            path: "/home/user/project/AGENTS.md".into(),
            exists: Some(false),
        },
        now,
    ));
    let (method, params) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "turn/start");
    let text = params["input"][0]["text"].as_str().unwrap();
    assert_eq!(text, tern::session::init::INIT_PROMPT);

    let mut state = ready_state(now);
    run(&mut state, "/init", now);
    let effects = wire(update(
        &mut state,
        AppEvent::AgentsFileChecked {
            path: "/home/user/project/AGENTS.md".into(),
            exists: Some(true),
        },
        now,
    ));
    assert!(
        effects.is_empty(),
        "nothing is sent before the person answers"
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("AGENTS.md already exists"), "{shown}");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let (_, params) = request_json(&effects[0]).unwrap();
    let text = params["input"][0]["text"].as_str().unwrap();
    assert!(text.contains("the user asked for a new one") && !text.contains("do not overwrite"));
}

fn command(cmd: &str, output: &str) -> CellKind {
    CellKind::Command(Box::new(CommandCell {
        command: cmd.into(),
        cwd: None,
        actions: vec![],
        output: output.into(),
        exit_code: Some(0),
        duration_ms: None,
        running: false,
        status: None,
        decision: None,
        shell: false,
        evidence: None,
    }))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every message and command (as printable text) is in the export, and no control character
    /// but the newline is.
    #[test]
    fn an_export_holds_every_message_and_command_and_no_control_character(
        cells in proptest::collection::vec((0u8..3, "[a-z ]{1,12}", "\\PC{0,20}|[\\x00-\\x1f\\x7f\\u{9b}\\u{202e}a-z`]{0,20}"), 1..12)
    ) {
        let mut transcript = Transcript::default();
        let mut expected = Vec::new();
        for (kind, word, hostile) in &cells {
            let text = format!("{word}{hostile}");
            transcript.push(match kind {
                0 => CellKind::User { text: text.clone() },
                1 => CellKind::Agent { markdown: Box::new(MarkdownText::new(&text)), streaming: false },
                _ => command(&text, hostile),
            });
            expected.push(word.trim().to_string());
        }
        let out = export_markdown(&transcript, "t\u{1b}]0;x\u{7}");
        prop_assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        prop_assert!(!out.contains('\u{202e}'), "bidi override in {out:?}");
        for word in expected.iter().filter(|w| !w.is_empty()) {
            prop_assert!(out.contains(word.as_str()), "{word:?} missing from {out:?}");
        }
    }
}
