//! Floods from the hostile fake app-server, and what a person does during one: type keys and
//! leave. Shared by `pty::flood` (keys get through, tern leaves) and the bench binary's
//! `flood_keys` (how fast).

use super::fake_server::{step, FakeServer};
use super::pty::PtySession;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A hang guard, far above what any flood needs: a tern that ignores keys under a flood fails.
pub const GUARD: Duration = Duration::from_secs(10);
pub const START: Duration = Duration::from_secs(30);

pub fn delta_flood(count: Option<u64>) -> Value {
    let mut step = json!({"flood": {"method": "item/agentMessage/delta", "params": {
        "threadId": "{{thread}}", "turnId": "{{turn}}", "itemId": "msg",
        "delta": "flood word {{n}} "}}});
    if let Some(count) = count {
        step["count"] = json!(count);
    }
    step
}

pub fn output_flood_50mb() -> Vec<Value> {
    let chunk = "y output line of a flooding command\n".repeat(512);
    vec![
        step::item(
            "started",
            json!({"type": "commandExecution", "id": "cmd", "command": "yes",
                   "status": "inProgress", "commandActions": []}),
        ),
        json!({"flood": {"method": "item/commandExecution/outputDelta", "params": {
            "threadId": "{{thread}}", "turnId": "{{turn}}", "itemId": "cmd", "delta": chunk}},
            "count": (50 << 20) / chunk.len()}),
    ]
}

pub fn announced_turns(count: u64) -> Vec<Value> {
    vec![
        json!({"flood": {"method": "turn/completed", "params": {"threadId": "{{thread}}",
        "turn": {"id": "announced-{{n}}", "items": [], "status": "completed"}}}, "count": count}),
    ]
}

/// Starts tern against a server that floods once the first turn starts; returns when the
/// flood is on screen.
pub fn flooded(flood: Vec<Value>, visible: &str) -> (FakeServer, PtySession) {
    let mut steps = vec![step::wait("turn/start")];
    steps.extend(flood);
    let fake = FakeServer::new(&steps);
    let tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", START);
    tern.send(b"go\r");
    tern.wait_for_text(visible, START);
    (fake, tern)
}

/// Types keys during the flood and waits for them to show; returns how long that took.
pub fn echo(tern: &PtySession, keys: &str) -> Duration {
    let start = Instant::now();
    tern.send(keys.as_bytes());
    tern.wait_for_text(keys, GUARD);
    start.elapsed()
}

pub fn leaves_on(tern: &mut PtySession, how: &str) -> Duration {
    let start = Instant::now();
    match how {
        "ctrl-c" => tern.send(b"\x03\x03\x03\x03"),
        // Ctrl+C as a terminal speaking the kitty keyboard protocol sends it.
        "kitty-ctrl-c" => tern.send(b"\x1b[99;5u\x1b[99;5u\x1b[99;5u\x1b[99;5u"),
        "sigterm" => {
            let pid = tern.pid().expect("tern's pid") as i32;
            // SAFETY: a signal to the process this test started.
            unsafe { libc::kill(pid, libc::SIGTERM) };
        }
        _ => unreachable!(),
    }
    tern.wait_exit(GUARD);
    let took = start.elapsed();
    assert!(
        !tern.alternate_screen(),
        "the alternate screen was not left"
    );
    assert!(!tern.cursor_hidden(), "the cursor is still hidden");
    took
}

/// A sub-agent of the running turn that streams forever in its own thread (`kid-0`), while the
/// person types in the parent. Visible once its spawn shows ("Spawned").
pub fn child_flood() -> Vec<Value> {
    vec![
        step::item(
            "completed",
            json!({"type": "collabAgentToolCall", "id": "call_kid", "tool": "spawnAgent",
                   "status": "completed", "senderThreadId": "{{thread}}",
                   "receiverThreadIds": ["kid-0"], "prompt": "stream forever",
                   "model": "fake-model", "reasoningEffort": null, "agentsStates": {}}),
        ),
        step::notify(
            "turn/started",
            json!({"threadId": "kid-0", "turn": {"id": "kid-turn", "rootTurnId": "{{turn}}",
                   "items": [], "status": "inProgress"}}),
        ),
        json!({"flood": {"method": "item/agentMessage/delta", "params": {"threadId": "kid-0",
            "turnId": "kid-turn", "itemId": "m", "delta": "endless child words {{n}} "}}}),
    ]
}
