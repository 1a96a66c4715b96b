//! End to end with the real `codex app-server` and the mock model: the model spawns a
//! sub-agent (`multi_agent_v1.spawn_agent`) and waits for it (`wait_agent`); the parent's
//! transcript names the agent by its nickname, shows its task and answer, `/agents` lists it,
//! Enter watches its own thread (its prompt and answer) and Alt+← comes back;
//! a `!echo` command runs in the thread's shell and its output shows in a cell.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_agents::SpawnAndWait;
use crate::support::mock_model::MockTurn;

const TASK: &str = "CHILD-TASK count the files";

#[test]
fn a_spawned_agent_shows_by_name_with_its_answer_is_listed_and_entered() {
    let Some(f) = E2e::start(
        vec![MockTurn::SpawnAndWait(SpawnAndWait::new(
            TASK,
            "CHILD-ANSWER: 42 files",
            "PARENT-DONE",
        ))],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"use an agent to count the files\r");
    tern.wait_for_text("PARENT-DONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    // Named once `thread/read` answered: "Spawned <Nickname>", not a shortened id.
    tern.wait_for("the agent's nickname", WAIT, |s| {
        s.lines()
            .any(|l| l.contains("• Spawned ") && !l.contains('…'))
    });
    let screen = tern.screen_text();
    assert!(screen.contains(TASK), "{screen}\n{}", f.context());
    assert!(
        screen.contains("✓ completed: CHILD-ANSWER: 42 files"),
        "{screen}\n{}",
        f.context()
    );
    let spawned = screen
        .lines()
        .find(|l| l.contains("• Spawned "))
        .unwrap()
        .to_string();
    let nickname = spawned
        .split("• Spawned ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .to_string();
    // The child's own messages stay out of the parent's transcript.
    assert!(!screen.contains("› CHILD-TASK"), "{screen}");
    tern.send(b"/agents");
    tern.wait_for_text("│/agents", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Agents (1)", WAIT);
    tern.wait_for_text(&format!("✓ {nickname}"), WAIT);
    let screen = tern.screen_text();
    assert!(screen.contains("⤷ CHILD-ANSWER: 42 files"), "{screen}");
    // Enter watches it: the child's own thread, its task as the prompt and its answer.
    tern.send(b"\r");
    tern.wait_for_text(&format!("agent {nickname} ·"), WAIT);
    tern.wait_for_text(&format!("› {TASK}"), WAIT);
    let screen = tern.screen_text();
    assert!(screen.contains("CHILD-ANSWER: 42 files"), "{screen}");
    assert!(!screen.contains("PARENT-DONE"), "{screen}");
    assert!(screen.contains("Alt+← main thread"), "{screen}");
    // Alt+← goes back to the main thread.
    tern.send(b"\x1b[1;3D");
    tern.wait_for_text("PARENT-DONE", WAIT);
    tern.wait_for("the main thread's status line", WAIT, |s| {
        !s.contains(&format!("agent {nickname} ·"))
    });
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn a_bang_command_runs_in_the_shell_and_its_output_shows() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"!echo BANG-$((6*7))");
    tern.wait_for_text("runs unsandboxed, with full access", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Run a shell command?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("BANG-42", WAIT);
    tern.wait_for("the command to end", WAIT, |s| {
        s.contains("! You ran echo BANG-")
    });
    // The second one runs at once.
    tern.send(b"!echo AGAIN-$((2+3))\r");
    tern.wait_for_text("AGAIN-5", WAIT);
    assert!(f.mock.requests().is_empty(), "the model was never asked");
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
