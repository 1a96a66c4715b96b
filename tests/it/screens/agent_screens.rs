//! Sub-agents and background work on screen, at 80×24 and 120×40: the agent cells of a recorded
//! v1 turn, the agents strip and `/agents` list with hostile nicknames, roles, tasks and answers
//! (escape sequences, bidi overrides, bells: shown inert), `/ps` with its output view and stop
//! question, and the first `!` command's question.

use crate::support::agent_fixtures::*;
use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, RequestTag};

/// Everything on screen must be inert: no escape, bell or bidi override survives.
fn assert_inert(text: &str) {
    for bad in ['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r'] {
        assert!(!text.contains(bad), "{bad:?} reached the screen:\n{text}");
    }
}

fn v1_named(now: Instant) -> AppState {
    let mut state = parent_state(PARENT, now);
    let mut events = server_messages(V1);
    let end = events
        .iter()
        .position(|e| matches!(e, AppEvent::Notification(tern::protocol::ServerNotification::TurnCompleted(t)) if t.thread_id == PARENT))
        .unwrap();
    events.truncate(end + 1);
    play(&mut state, events, now);
    update(&mut state, read_answer(V1, KID1), now);
    update(&mut state, read_answer(V1, KID2), now);
    state
}

#[test]
fn agent_cells_of_a_recorded_turn() {
    let now = Instant::now();
    for (w, h) in [(80, 24), (120, 40)] {
        let mut state = v1_named(now);
        let text = screen(&mut state, w, h, now);
        snapshot!(&format!("agent_cells_{w}"), &text);
    }
}

const EVIL_NICK: &str = "Ev\u{1b}]0;owned\u{7}il\u{202e}Bob";
const EVIL_ROLE: &str = "\u{1b}[2Jwiper";
const EVIL_TASK: &str = "Audit \u{1b}[31mparser\u{1b}[0m\r\u{9b}2Jthen rm -rf /\nsecond line";

fn item(method: &str, item: serde_json::Value) -> AppEvent {
    notify(
        method,
        json!({"threadId": THREAD, "turnId": "turn-1", "item": item}),
    )
}

fn spawn(id: &str, kid: &str, task: &str) -> Vec<AppEvent> {
    let base = json!({"type": "collabAgentToolCall", "id": id, "tool": "spawnAgent",
        "senderThreadId": THREAD, "prompt": task, "reasoningEffort": "high"});
    let mut started = base.clone();
    started["status"] = json!("inProgress");
    started["receiverThreadIds"] = json!([]);
    started["model"] = json!("");
    let mut done = base;
    done["status"] = json!("completed");
    done["receiverThreadIds"] = json!([kid]);
    done["model"] = json!("gpt-\u{1b}[31mred");
    done["agentsStates"] = json!({kid: {"status": "pendingInit", "message": null}});
    vec![
        item("item/started", started),
        item("item/completed", done),
        notify(
            "turn/started",
            json!({"threadId": kid, "turn": {"id": format!("{kid}-t"), "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
        ),
    ]
}

/// A parent turn with two agents: the hostile one finished, Curie still at work.
fn hostile_agents(now: Instant) -> AppState {
    let mut state = running_state(now);
    let mut events = spawn("call_a", "kid-a", EVIL_TASK);
    events.push(named("kid-a", EVIL_NICK, Some(EVIL_ROLE), EVIL_TASK));
    events.extend(spawn(
        "call_b",
        "kid-b",
        "Run the test suite and report failures",
    ));
    events.push(named("kid-b", "Curie", None, "Run the test suite"));
    events.push(notify(
        "item/agentMessage/delta",
        json!({"threadId": "kid-b", "turnId": "kid-b-t", "itemId": "m", "delta": "running \u{1b}[1mcargo test\u{1b}]8;;http://x\u{7} now"}),
    ));
    let answer = "Found 3 bugs\u{1b}[31m in the parser\u{7}\nDetails follow.";
    events.push(notify(
        "item/completed",
        json!({"threadId": "kid-a", "turnId": "kid-a-t", "item": {"type": "agentMessage", "id": "m", "text": answer}}),
    ));
    events.push(notify(
        "thread/tokenUsage/updated",
        json!({"threadId": "kid-a", "turnId": "kid-a-t", "tokenUsage": {
            "total": {"totalTokens": 12345, "inputTokens": 12000, "cachedInputTokens": 0, "outputTokens": 345, "reasoningOutputTokens": 0},
            "last": {"totalTokens": 12345, "inputTokens": 12000, "cachedInputTokens": 0, "outputTokens": 345, "reasoningOutputTokens": 0}}}),
    ));
    events.push(notify(
        "turn/completed",
        json!({"threadId": "kid-a", "turn": {"id": "kid-a-t", "rootTurnId": "turn-1", "items": [], "status": "completed"}}),
    ));
    events.push(item(
        "item/completed",
        json!({"type": "collabAgentToolCall", "id": "call_w", "tool": "wait", "status": "completed",
               "senderThreadId": THREAD, "receiverThreadIds": ["kid-a"], "prompt": null, "model": null,
               "reasoningEffort": null, "agentsStates": {"kid-a": {"status": "completed", "message": answer}}}),
    ));
    events.push(item(
        "item/started",
        json!({"type": "collabAgentToolCall", "id": "call_w2", "tool": "wait", "status": "inProgress",
               "senderThreadId": THREAD, "receiverThreadIds": ["kid-b"], "prompt": null, "model": null,
               "reasoningEffort": null, "agentsStates": {}}),
    ));
    play(&mut state, events, now);
    state
}

#[test]
fn hostile_agents_in_cells_and_the_strip() {
    let now = Instant::now();
    let later = now + Duration::from_secs(75);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut state = hostile_agents(now);
        let text = screen(&mut state, w, h, later);
        assert_inert(&text);
        assert!(text.contains("● Curie 1m15s"), "{text}");
        snapshot!(&format!("hostile_agents_{w}"), &text);
    }
}

#[test]
fn the_agents_list() {
    let now = Instant::now();
    let later = now + Duration::from_secs(75);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut state = hostile_agents(now);
        type_text(&mut state, "/agents", now);
        update(&mut state, key(KeyCode::Enter), now);
        for archived in [false, true] {
            update(
                &mut state,
                reply(
                    RequestTag::ListAgents { archived },
                    Ok(json!({"data": [], "nextCursor": null})),
                ),
                now,
            );
        }
        let text = screen(&mut state, w, h, later);
        assert_inert(&text);
        assert!(text.contains("12.3k tokens"), "{text}");
        snapshot!(&format!("agents_list_{w}"), &text);
    }
}

#[test]
fn an_entered_agent() {
    let now = Instant::now();
    let later = now + Duration::from_secs(75);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut state = hostile_agents(now);
        // Alt+→ from the main thread: the first agent, the hostile one.
        update(
            &mut state,
            AppEvent::Key(crossterm::event::KeyEvent::new(
                KeyCode::Right,
                crossterm::event::KeyModifiers::ALT,
            )),
            now,
        );
        update(
            &mut state,
            reply(
                RequestTag::ResumeThread,
                Ok(
                    json!({"thread": {"id": "kid-a", "preview": EVIL_TASK, "turns": []},
                          "model": "mock-model", "cwd": "/home/user/project"}),
                ),
            ),
            now,
        );
        // Its history, paged in: its task and its answer.
        let history = json!({"data": [{"id": "kid-a-t", "status": "completed", "items": [
            {"type": "userMessage", "id": "u", "content": [{"type": "text", "text": EVIL_TASK}]},
            {"type": "agentMessage", "id": "m", "text": "Found 3 bugs\u{1b}[31m in the parser\u{7}\nDetails follow."}
        ]}], "nextCursor": null});
        update(
            &mut state,
            reply(
                RequestTag::ListTurns {
                    thread_id: "kid-a".into(),
                },
                Ok(history),
            ),
            now,
        );
        let text = screen(&mut state, w, h, later);
        assert_inert(&text);
        assert!(text.contains("Found 3 bugs"), "{text}");
        assert!(text.contains("◂ main"), "{text}");
        snapshot!(&format!("entered_agent_{w}"), &text);
    }
}

/// A thread with two background commands whose output tern recorded.
fn with_terminals(now: Instant) -> AppState {
    let mut state = running_state(now);
    for (id, cmd, out) in [
        (
            "call_bg1",
            "for i in $(seq 1 20); do echo tick $i; sleep 1; done",
            "tick 1\ntick 2\n",
        ),
        (
            "call_bg2",
            "tail -f /var/log/\u{1b}]0;x\u{7}app.log\nsecond line",
            "boot ok\n\u{1b}[31mERROR\u{1b}[0m disk \u{202e}full\u{7}\n",
        ),
    ] {
        update(
            &mut state,
            item(
                "item/started",
                json!({"type": "commandExecution", "id": id, "command": cmd, "cwd": "/home/user/project",
                       "status": "inProgress", "source": "unifiedExecStartup", "processId": "4242"}),
            ),
            now,
        );
        update(
            &mut state,
            notify(
                "item/commandExecution/outputDelta",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": id, "delta": out}),
            ),
            now,
        );
    }
    state
}

fn listed_terminals() -> AppEvent {
    reply(
        RequestTag::ListTerminals,
        Ok(json!({"data": [
            {"itemId": "call_bg2", "processId": "65173", "command": "tail -f /var/log/\u{1b}]0;x\u{7}app.log\nsecond line", "cwd": "/home/user/project", "osPid": null, "cpuPercent": null, "rssKb": null},
            {"itemId": "call_bg1", "processId": "94542", "command": "for i in $(seq 1 20); do echo tick $i; sleep 1; done", "cwd": "/home/user/project", "osPid": null, "cpuPercent": null, "rssKb": null}
        ], "nextCursor": null})),
    )
}

#[test]
fn the_background_terminals() {
    let now = Instant::now();
    let later = now + Duration::from_secs(42);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut state = with_terminals(now);
        type_text(&mut state, "/ps", now);
        update(&mut state, key(KeyCode::Enter), now);
        update(&mut state, listed_terminals(), now);
        let text = screen(&mut state, w, h, later);
        assert_inert(&text);
        assert!(text.contains("tick 2"), "{text}");
        snapshot!(&format!("terminals_{w}"), &text);
        update(&mut state, key(KeyCode::Char('x')), now);
        let text = screen(&mut state, w, h, later);
        assert!(text.contains("Stop `tail -f"), "{text}");
        snapshot!(&format!("terminals_stop_{w}"), &text);
        update(&mut state, key(KeyCode::Char('n')), now);
        update(&mut state, key(KeyCode::Enter), now);
        let text = screen(&mut state, w, h, later);
        assert_inert(&text);
        assert!(text.contains("ERROR disk"), "{text}");
        snapshot!(&format!("terminal_output_{w}"), &text);
    }
}

#[test]
fn the_first_shell_command_asks_and_the_composer_says_unsandboxed() {
    let now = Instant::now();
    for (w, h) in [(80, 24), (120, 40)] {
        let mut state = ready_state(now);
        type_text(&mut state, "!ls -la ", now);
        update(&mut state, AppEvent::Paste("\u{1b}[31m".into()), now);
        let text = screen(&mut state, w, h, now);
        assert!(
            text.contains("! shell command · runs unsandboxed"),
            "{text}"
        );
        snapshot!(&format!("shell_composer_{w}"), &text);
        update(&mut state, key(KeyCode::Enter), now);
        let text = screen(&mut state, w, h, now);
        assert!(text.contains("Run a shell command?"), "{text}");
        assert!(
            text.contains("␛[31m"),
            "the person's own escape is shown as a mark: {text}"
        );
        snapshot!(&format!("shell_confirm_{w}"), &text);
    }
}
