//! Sub-agents from a hostile server, in the real binary: fifty agents spawning and finishing at
//! once (named by payloads), events for a thousand threads tern never linked, and a child that
//! streams forever while the person types in the parent. Keys keep getting through, nothing of
//! the payloads reaches the terminal, the unknown threads cost nothing and the forever-streaming
//! child keeps tern's memory bounded. Deadlines are hang guards, not budgets.

use crate::support::fake_server::{leaked, payload, step, FakeServer};
use crate::support::floods::{child_flood, echo, leaves_on, GUARD, START};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::time::Duration;

const SIZE: (u16, u16) = (110, 32);

fn assert_clean(tern: &PtySession) {
    let found = leaked(&tern.raw_output());
    assert!(
        found.is_empty(),
        "payload bytes reached the terminal: {found:?}\nscreen:\n{}",
        tern.screen_text()
    );
}

/// `count` spawns of the current turn, each completed with its child `kid-{{n}}`.
fn spawns(count: u64, task: &str) -> Value {
    json!({"flood": {"method": "item/completed", "params": {
        "threadId": "{{thread}}", "turnId": "{{turn}}", "item": {
            "type": "collabAgentToolCall", "id": "call_{{n}}", "tool": "spawnAgent",
            "status": "completed", "senderThreadId": "{{thread}}", "receiverThreadIds": ["kid-{{n}}"],
            "prompt": task, "model": "fake-model", "reasoningEffort": "medium",
            "agentsStates": {}}}}, "count": count})
}

/// The children's turns (rooted in the parent's turn), started (`turn/started`) or ended.
fn child_turns(count: u64, event: &str) -> Value {
    json!({"flood": {"method": format!("turn/{event}"), "params": {"threadId": "kid-{{n}}",
        "turn": {"id": "kid-turn-{{n}}", "rootTurnId": "{{turn}}", "items": [],
        "status": if event == "started" { "inProgress" } else { "completed" }}}}, "count": count})
}

fn run(steps: Vec<Value>, wait_for: &str) -> (FakeServer, PtySession) {
    let mut all = vec![json!({"vars": {"nick": payload("NICK"), "task": payload("TASK")}})];
    all.push(step::wait("turn/start"));
    all.extend(steps);
    let fake = FakeServer::new(&all);
    let tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", START);
    tern.send(b"go\r");
    tern.wait_for_text(wait_for, START);
    (fake, tern)
}

#[test]
fn fifty_agents_spawning_and_finishing_at_once() {
    let answer = format!("done {}", payload("ANSWER"));
    let (fake, mut tern) = run(
        vec![
            spawns(50, &payload("PROMPT")),
            child_turns(50, "started"),
            json!({"flood": {"method": "item/completed", "params": {"threadId": "kid-{{n}}",
                "turnId": "kid-turn-{{n}}", "item": {"type": "agentMessage", "id": "m", "text": answer}}},
                "count": 50}),
            child_turns(50, "completed"),
            step::agent_message("fin", "ALL-AGENTS-DONE"),
            step::turn_completed(),
        ],
        "ALL-AGENTS-DONE",
    );
    // Each agent was named once.
    let reads = fake.wait_recorded("50 thread/read", GUARD, |_| {
        fake.recorded()
            .iter()
            .filter(|m| m["method"] == "thread/read")
            .count()
            >= 50
    });
    drop(reads);
    echo(&tern, "zq");
    tern.send(b"\x15/agents\r");
    tern.wait_for_text("Agents (50)", GUARD);
    tern.wait_for_text("kid-", GUARD);
    assert_clean(&tern);
    tern.send(b"\x1b");
    leaves_on(&mut tern, "ctrl-c");
    assert_clean(&tern);
    let reads = fake
        .recorded()
        .iter()
        .filter(|m| m["method"] == "thread/read")
        .count();
    assert_eq!(reads, 50, "each agent is named once");
}

#[test]
fn events_for_a_thousand_unknown_threads_are_dropped() {
    let (fake, mut tern) = run(
        vec![
            json!({"flood": {"method": "turn/started", "params": {"threadId": "ghost-{{n}}",
                "turn": {"id": "g{{n}}", "rootTurnId": "elsewhere", "items": [], "status": "inProgress"}}},
                "count": 1000}),
            json!({"flood": {"method": "item/agentMessage/delta", "params": {"threadId": "ghost-{{n}}",
                "turnId": "g{{n}}", "itemId": "m", "delta": "GHOST-TEXT"}}, "count": 1000}),
            json!({"flood": {"method": "item/completed", "params": {"threadId": "ghost-{{n}}",
                "turnId": "g{{n}}", "item": {"type": "collabAgentToolCall", "id": "c", "tool": "spawnAgent",
                "status": "completed", "senderThreadId": "ghost-{{n}}", "receiverThreadIds": ["ghost-kid-{{n}}"],
                "prompt": "x", "model": "m", "reasoningEffort": null, "agentsStates": {}}}}, "count": 1000}),
            step::agent_message("ours", "OUR-ANSWER"),
            step::turn_completed(),
        ],
        "OUR-ANSWER",
    );
    echo(&tern, "zq");
    let screen = tern.screen_text();
    assert!(!screen.contains("GHOST-TEXT"), "{screen}");
    assert!(!screen.contains("Spawned"), "{screen}");
    assert!(
        !screen.contains("agents "),
        "no strip for strangers: {screen}"
    );
    leaves_on(&mut tern, "ctrl-c");
    let asked = fake
        .recorded()
        .iter()
        .filter(|m| m["method"] == "thread/read")
        .count();
    assert_eq!(asked, 0, "unknown threads are never looked up");
}

/// tern's resident memory in kB.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_child_streaming_forever_while_the_person_types_in_the_parent() {
    let (_fake, mut tern) = run(child_flood(), "Spawned");
    let pid = tern.pid().expect("tern's pid");
    // The strip names the agent at work.
    tern.wait_for_text("agents", GUARD);
    echo(&tern, "abc");
    // Past the start (buffers grow to their working size), memory must stay flat.
    std::thread::sleep(Duration::from_secs(1));
    let before = rss_kb(pid);
    // Type in the parent for a while: every key shows.
    for word in ["def", "ghi", "jkl", "mno"] {
        echo(&tern, word);
        std::thread::sleep(Duration::from_millis(500));
    }
    let after = rss_kb(pid);
    eprintln!("tern's RSS while a child streamed: {before} kB, then {after} kB 2 s later");
    assert!(
        !tern.screen_text().contains("endless child words"),
        "the child's text stays out of the parent's transcript"
    );
    assert!(
        after < before + 8 * 1024,
        "memory grew from {before} kB to {after} kB while the child streamed"
    );
    leaves_on(&mut tern, "ctrl-c");
}
