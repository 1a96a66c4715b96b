//! End to end for issue 20 against the real codex and the mock model: Shift+Tab then a prompt
//! yields the Proposed plan cell and the chooser; choice 1 sends "Implement the plan." in the
//! default mode; choice 2 starts a fresh thread whose first request carries the plan; a rewind
//! after two turns that each changed a file puts both files back and the next model request no
//! longer holds the dropped turns; a file edited by hand after its turn is refused, not
//! overwritten; reasoning streams into a Thinking cell; a new thread gets a generated title.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::mock_plan::{input_text, plan_answer, reasoning_events};
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const PLAN: &str =
    "# Fix the bug\n\n1. Read `src/lib.rs`\n2. Patch the off-by-one\n3. Run `cargo test`\n";
const SHIFT_TAB: &[u8] = b"\x1b[Z";
const ESC: &[u8] = b"\x1b";
const DOWN: &[u8] = b"\x1b[B";
const CTRL_U: &[u8] = b"\x15";

/// `/quit` (on an emptied composer), and tern gone (what the logs said when it does not go).
fn quit(mut tern: PtySession, f: &E2e) {
    tern.send(CTRL_U);
    tern.send(b"/quit\r");
    assert!(
        tern.wait_exit(WAIT),
        "tern did not exit: {}\n{}",
        tern.screen_text(),
        f.context()
    );
}

fn start(f: &E2e, extra: &[(&str, OsString)]) -> PtySession {
    let mut env: Vec<(&str, OsString)> = vec![("TERN_APPROVAL_READ_GUARD_MS", "0".into())];
    env.extend(extra.iter().cloned());
    f.ready(&env, (110, 40))
}

/// Plan mode on, then a prompt whose answer proposes [`PLAN`]; waits for the chooser.
fn plan_until_chooser(f: &E2e, tern: &PtySession) {
    tern.send(SHIFT_TAB);
    tern.wait_for_text("Plan mode (Shift+Tab)", WAIT);
    tern.send(b"make a plan for the bug\r");
    tern.wait_for_text("Proposed plan", WAIT);
    tern.wait_for_text("Implement this plan?", WAIT);
    tern.wait_for_text("Patch the off-by-one", WAIT);
    let first = &f.mock.requests()[0];
    assert!(
        input_text(first).contains("Plan Mode"),
        "the turn ran in Plan mode: {}",
        f.context()
    );
}

#[test]
fn shift_tab_and_a_prompt_propose_a_plan_and_choice_one_implements_it_here() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text(&plan_answer(PLAN, "PLAN-DONE")),
            MockTurn::text("IMPLEMENTED-HERE"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start(&f, &[]);
    plan_until_chooser(&f, &tern);
    let shown = tern.screen_text();
    assert!(!shown.contains("proposed_plan"), "{shown}");
    tern.send(b"1");
    tern.wait_for_text("IMPLEMENTED-HERE", WAIT);
    tern.wait_for("the plan mode gone from the status line", WAIT, |s| {
        !s.contains("Plan mode (Shift+Tab)")
    });
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    let second = input_text(&requests[1]);
    assert!(second.contains("Implement the plan."), "{second}");
    assert!(
        second.contains("Collaboration Mode: Default"),
        "the turn ran in the default mode: {second}"
    );
    tern.quit_with(b"/quit\r", WAIT);
}

#[test]
fn choice_two_starts_a_fresh_thread_whose_first_request_carries_the_plan() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text(&plan_answer(PLAN, "PLAN-DONE")),
            MockTurn::text("FRESH-THREAD-DONE"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start(&f, &[]);
    plan_until_chooser(&f, &tern);
    tern.send(b"2");
    tern.wait_for_text("FRESH-THREAD-DONE", WAIT);
    tern.wait_for_text("A fresh thread to implement the approved plan", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    let first_of_new = input_text(&requests[1]);
    assert!(
        first_of_new.contains("Read the approved plan at"),
        "{first_of_new}"
    );
    assert!(
        !first_of_new.contains("make a plan for the bug"),
        "the context was cleared: {first_of_new}"
    );
    // The plan was written as an attachment under CODEX_HOME, where the prompt points.
    let attachments = f.env.codex_home().join("attachments");
    let written: Vec<String> = std::fs::read_dir(&attachments)
        .map(|dirs| {
            dirs.filter_map(Result::ok)
                .filter_map(|d| std::fs::read_to_string(d.path().join("approved-plan.md")).ok())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(written, [PLAN], "{}", f.context());
    tern.quit_with(b"/quit\r", WAIT);
}

fn add_notes() -> MockTurn {
    MockTurn::ApplyPatch {
        patch: "*** Begin Patch\n*** Add File: notes.txt\n+line one\n+line two\n*** End Patch\n"
            .into(),
        then: "ONE-DONE".into(),
    }
}

fn change_notes_add_extra() -> MockTurn {
    MockTurn::ApplyPatch {
        patch: "*** Begin Patch\n*** Update File: notes.txt\n@@\n line one\n-line two\n+line TWO changed\n*** Add File: extra.txt\n+extra\n*** End Patch\n"
            .into(),
        then: "TWO-DONE".into(),
    }
}

/// Two turns, each changing files; returns once both are done.
fn two_turns(tern: &PtySession, workspace: &Path) {
    tern.send(b"create notes.txt\r");
    tern.wait_for_text("ONE-DONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.send(b"change notes and add extra\r");
    tern.wait_for_text("TWO-DONE", WAIT);
    tern.wait_for("the second turn to end", WAIT, |s| {
        s.matches("turn completed").count() >= 2
    });
    assert_eq!(
        std::fs::read_to_string(workspace.join("notes.txt")).unwrap(),
        "line one\nline TWO changed\n"
    );
    assert!(workspace.join("extra.txt").exists());
}

/// Esc Esc, then the message `down` rows below the newest, then its preview.
fn rewind_preview(tern: &PtySession, down: usize) {
    tern.send(ESC);
    tern.wait_for_text("Esc again to rewind", WAIT);
    tern.send(ESC);
    tern.wait_for_text("Rewind to before a message", WAIT);
    for _ in 0..down {
        tern.send(DOWN);
    }
    tern.send(b"\r");
    tern.wait_for_text("Rewind: what it does", WAIT);
    tern.wait_for("the files' preview", WAIT, |s| {
        !s.contains("Looking at the files")
    });
}

#[test]
fn a_rewind_after_two_turns_puts_both_files_back_and_the_model_forgets_them() {
    let Some(f) = E2e::start(
        vec![
            add_notes(),
            change_notes_add_extra(),
            MockTurn::text("THREE-DONE"),
        ],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let workspace = f.env.workspace().to_path_buf();
    let mut tern = start(&f, &[]);
    two_turns(&tern, &workspace);
    // Back to before the first message: both turns go, and the files they made.
    rewind_preview(&tern, 1);
    let preview = tern.screen_text();
    assert!(
        preview.contains("notes.txt") && preview.contains("extra.txt"),
        "{preview}\n{}",
        f.context()
    );
    tern.send(b"f");
    tern.wait_for_text("Put back as before the rewound turns", WAIT);
    assert!(
        !workspace.join("notes.txt").exists() && !workspace.join("extra.txt").exists(),
        "both files put back as before the turns: {}",
        f.context()
    );
    tern.wait_for_text("create notes.txt", WAIT);
    tern.send(CTRL_U);
    tern.send(b"third\r");
    tern.wait_for_text("THREE-DONE", WAIT);
    let requests = f.mock.requests();
    let last = input_text(requests.last().unwrap());
    assert!(last.contains("third"), "{last}");
    for dropped in [
        "create notes.txt",
        "change notes and add extra",
        "ONE-DONE",
        "TWO-DONE",
    ] {
        assert!(
            !last.contains(dropped),
            "{dropped:?} was rewound away: {last}"
        );
    }
    tern.quit_with(b"/quit\r", WAIT);
}

#[test]
fn a_file_edited_by_hand_after_its_turn_is_refused_not_overwritten() {
    let Some(f) = E2e::start(
        vec![add_notes(), change_notes_add_extra()],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let workspace = f.env.workspace().to_path_buf();
    let tern = start(&f, &[]);
    two_turns(&tern, &workspace);
    std::fs::write(workspace.join("notes.txt"), "edited by hand\n").unwrap();
    // Back to before the second message.
    rewind_preview(&tern, 0);
    tern.wait_for_text("cannot restore, changed since the turn left it", WAIT);
    tern.send(b"f");
    tern.wait_for_text("Put back as before the rewound turns: extra.txt", WAIT);
    assert_eq!(
        std::fs::read_to_string(workspace.join("notes.txt")).unwrap(),
        "edited by hand\n",
        "never overwritten"
    );
    assert!(!workspace.join("extra.txt").exists(), "{}", f.context());
    quit(tern, &f);
}

fn reasoning(n: u64) -> Vec<serde_json::Value> {
    reasoning_events(
        n,
        &[
            "**Reading the code**\n\nI look at lib.rs first.",
            "**Planning the fix**\n\nOff by one.",
        ],
        "RAW-CHAIN of thought",
        "THOUGHT-DONE",
    )
}

#[test]
fn reasoning_streams_into_a_thinking_cell_that_ctrl_o_expands() {
    let Some(f) = E2e::start(vec![MockTurn::Events(reasoning)], Sandbox::Default) else {
        return;
    };
    let mut tern = start(&f, &[]);
    tern.send(b"think about it\r");
    tern.wait_for_text("THOUGHT-DONE", WAIT);
    tern.wait_for_text("Thinking: Reading the code", WAIT);
    let collapsed = tern.screen_text();
    assert!(!collapsed.contains("Off by one."), "{collapsed}");
    tern.send(b"\x0f");
    tern.wait_for_text("Off by one.", WAIT);
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        !tern.screen_text().contains("RAW-CHAIN"),
        "raw reasoning only when asked: {}",
        tern.screen_text()
    );
    tern.quit_with(b"/quit\r", WAIT);
}

#[test]
fn a_new_thread_is_named_after_its_first_exchange() {
    let Some(f) = E2e::start(vec![MockTurn::text("ANSWERED")], Sandbox::Default) else {
        return;
    };
    f.mock.answer_titles("Fix login redirect");
    let tern = start(&f, &[("TERN_THREAD_TITLES", "1".into())]);
    tern.send(b"fix the login redirect loop\r");
    tern.wait_for_text("ANSWERED", WAIT);
    tern.wait_for_text("Fix login redirect", WAIT);
    let requests = f.mock.requests();
    let title_request = requests
        .iter()
        .find(|r| crate::support::mock_plan::is_title_request(r))
        .expect("a title request");
    assert!(input_text(title_request).contains("fix the login redirect loop"));
    assert_eq!(
        title_request["tools"].as_array().map(Vec::len).unwrap_or(0),
        0,
        "the side thread has no tools"
    );
    // The picker lists the thread by its new name.
    tern.send(b"/resume\r");
    tern.wait_for("the picker row with the name", WAIT, |s| {
        s.lines()
            .filter(|l| l.contains("Fix login redirect"))
            .count()
            >= 2
    });
    tern.send(ESC);
    // An Esc right before `/` would read as Alt+/.
    tern.wait_for("the picker to close", WAIT, |s| {
        !s.contains("Resume a thread")
    });
    quit(tern, &f);
}
