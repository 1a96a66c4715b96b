//! No flood holds the keys: the tern binary in a pseudo-terminal against the fake app-server
//! flooding it (an endless stream of deltas, 200k deltas, 50 MB of command output, 20k announced
//! turns). A key typed during the flood shows, and Ctrl+C or SIGTERM ends tern with the terminal
//! restored. The deadlines here are hang guards; the budgets (Ctrl+C within 1 s, echo within
//! 100 ms) are measured by the ignored `bench_flood_keys` below, which prints them.

#[path = "support/fake_server.rs"]
mod fake_server;
#[path = "support/pty.rs"]
mod pty;

use fake_server::{step, FakeServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A hang guard, far above what any flood needs: a tern that ignores keys under a flood fails.
const GUARD: Duration = Duration::from_secs(10);
const START: Duration = Duration::from_secs(30);

fn delta_flood(count: Option<u64>) -> Value {
    let mut step = json!({"flood": {"method": "item/agentMessage/delta", "params": {
        "threadId": "{{thread}}", "turnId": "{{turn}}", "itemId": "msg",
        "delta": "flood word {{n}} "}}});
    if let Some(count) = count {
        step["count"] = json!(count);
    }
    step
}

fn output_flood_50mb() -> Vec<Value> {
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

fn announced_turns(count: u64) -> Vec<Value> {
    vec![
        json!({"flood": {"method": "turn/completed", "params": {"threadId": "{{thread}}",
        "turn": {"id": "announced-{{n}}", "items": [], "status": "completed"}}}, "count": count}),
    ]
}

/// Starts tern against a server that floods once the first turn starts; returns when the
/// flood is on screen.
fn flooded(flood: Vec<Value>, visible: &str) -> (FakeServer, pty::PtySession) {
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
fn echo(tern: &pty::PtySession, keys: &str) -> Duration {
    let start = Instant::now();
    tern.send(keys.as_bytes());
    tern.wait_for_text(keys, GUARD);
    start.elapsed()
}

fn leaves_on(tern: &mut pty::PtySession, how: &str) -> Duration {
    let start = Instant::now();
    match how {
        "ctrl-c" => tern.send(b"\x03\x03\x03\x03"),
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

#[test]
fn an_endless_stream_of_deltas_lets_keys_through_and_ctrl_c_leaves() {
    let (_fake, mut tern) = flooded(vec![delta_flood(None)], "flood word");
    echo(&tern, "zq");
    leaves_on(&mut tern, "ctrl-c");
}

#[test]
fn sigterm_during_an_endless_stream_leaves_and_restores_the_terminal() {
    let (_fake, mut tern) = flooded(vec![delta_flood(None)], "flood word");
    leaves_on(&mut tern, "sigterm");
}

#[test]
fn fifty_megabytes_of_command_output_let_keys_through_and_ctrl_c_leaves() {
    let (_fake, mut tern) = flooded(output_flood_50mb(), "y output line");
    echo(&tern, "zq");
    leaves_on(&mut tern, "ctrl-c");
}

#[test]
fn twenty_thousand_announced_turns_let_keys_through_and_ctrl_c_leaves() {
    let (_fake, mut tern) = flooded(announced_turns(20_000), "turn completed");
    echo(&tern, "zq");
    leaves_on(&mut tern, "ctrl-c");
}

/// The budgets: Ctrl+C within 1 s and an echo within 100 ms under each flood. Prints figures.
#[test]
#[ignore = "benchmark: prints figures"]
fn bench_flood_keys() {
    let floods: Vec<(&str, Vec<Value>, &str)> = vec![
        ("endless deltas", vec![delta_flood(None)], "flood word"),
        (
            "200k deltas",
            vec![delta_flood(Some(200_000))],
            "flood word",
        ),
        ("50 MB command output", output_flood_50mb(), "y output line"),
        (
            "20k announced turns",
            announced_turns(20_000),
            "turn completed",
        ),
    ];
    for (name, flood, visible) in floods {
        for how in ["ctrl-c", "sigterm"] {
            let (_fake, mut tern) = flooded(flood.clone(), visible);
            let echoed = echo(&tern, "zq");
            let left = leaves_on(&mut tern, how);
            println!(
                "{name:<22} key echo {:>7.1} ms (budget 100 ms) · {how:<7} → exit {:>7.1} ms (budget 1000 ms)",
                echoed.as_secs_f64() * 1e3,
                left.as_secs_f64() * 1e3
            );
        }
    }
}
