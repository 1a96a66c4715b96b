//! What a board row carries (`/threads`): the thread's tokens, the agents under it (counted,
//! the first few named, hostile names sanitised), what it is doing from what tern knows, and
//! for a listed thread tern knows nothing of, its status and first message from one
//! `thread/read` — a few at a time, never all at once.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};

fn open_board(state: &mut AppState, ids: &[&str], now: Instant) -> Vec<(&'static str, Value)> {
    type_text(state, "/threads", now);
    update(state, key(KeyCode::Enter), now);
    let effects = wire(update(
        state,
        reply(
            RequestTag::ListLoaded,
            Ok(json!({"data": ids, "nextCursor": null})),
        ),
        now,
    ));
    sent(effects)
}

fn sent(effects: Vec<Effect>) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn read(id: &str) -> (&'static str, Value) {
    ("thread/read", json!({"threadId": id}))
}

fn answered(
    state: &mut AppState,
    id: &str,
    thread: Value,
    now: Instant,
) -> Vec<(&'static str, Value)> {
    let tag = RequestTag::ReadBoardThread {
        thread_id: id.to_string(),
    };
    sent(wire(update(state, reply(tag, Ok(thread)), now)))
}

fn usage(total: i64) -> Value {
    json!({"total": {"totalTokens": total}, "last": {"totalTokens": total}})
}

/// The list's part of the screen line that names `id` (the details pane stands beside it).
fn line_of(shown: &str, id: &str) -> String {
    shown
        .lines()
        .map(|l| l.split("││").next().unwrap_or(l))
        .find(|l| l.contains(id))
        .unwrap_or_else(|| panic!("{id} not on the board:\n{shown}"))
        .to_string()
}

#[test]
fn rows_carry_tokens_agents_and_what_each_thread_is_doing() {
    let now = Instant::now();
    let mut state = running_state(now);
    // Four agents under the shown thread; one names itself hostilely.
    let kids = [
        ("kid-1", "Bohr"),
        ("kid-2", "Cu\u{1b}[31mrie\u{202e}"),
        ("kid-3", "Kant"),
        ("kid-4", "Noether"),
    ];
    for (kid, name) in kids {
        update(
            &mut state,
            notify(
                "turn/started",
                json!({"threadId": kid, "turn": {"id": format!("{kid}-t"), "rootTurnId": "turn-1",
                    "items": [], "status": "inProgress"}}),
            ),
            now,
        );
        let tag = RequestTag::ReadAgent {
            thread_id: kid.to_string(),
        };
        let thread = json!({"thread": {"id": kid, "agentNickname": name, "parentThreadId": THREAD,
            "status": {"type": "active"}, "turns": []}});
        update(&mut state, reply(tag, Ok(thread)), now);
    }
    // The shown thread runs a command and has used tokens; an agent has its own.
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "commandExecution",
                "id": "c1", "command": "cargo test\nsecond line", "status": "inProgress",
                "commandActions": []}}),
        ),
        now,
    );
    for (thread, total) in [(THREAD, 12_345), ("kid-1", 2_500)] {
        update(
            &mut state,
            notify(
                "thread/tokenUsage/updated",
                json!({"threadId": thread, "turnId": "t", "tokenUsage": usage(total)}),
            ),
            now,
        );
    }
    // An agent at work writing its answer.
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": "kid-3", "turnId": "kid-3-t", "item": {"type": "agentMessage",
                "id": "m", "text": ""}}),
        ),
        now,
    );
    // Every listed thread is known: nothing is read.
    assert_eq!(open_board(&mut state, &[THREAD, "kid-1", "kid-3"], now), []);
    let shown = screen(&mut state, 160, 30, now);
    let main = line_of(&shown, THREAD);
    assert!(main.contains("runs `cargo test`"), "{shown}");
    assert!(!main.contains("second line"), "{shown}");
    assert!(main.contains("12.3k tok"), "{shown}");
    assert!(main.contains("4 agents: Bohr, Curie, Kant +1"), "{shown}");
    // The details pane says them as the row does (one writer), naming more of them.
    assert!(
        shown.contains("│under   4 agents: Bohr, Curie, Kant, Noether"),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}') && !shown.contains('\u{202e}'));
    let bohr = line_of(&shown, "Bohr  ");
    assert!(bohr.contains("2.5k tok"), "{shown}");
    let kant = line_of(&shown, "Kant  ");
    assert!(kant.contains("writes an answer"), "{shown}");
}

#[test]
fn unknown_threads_are_read_a_few_at_a_time_for_their_status_and_first_message() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let ids = [THREAD, "u1", "u2", "u3", "u4", "u5", "u6"];
    // Four reads at once, in list order; the thread shown is known.
    assert_eq!(
        open_board(&mut state, &ids, now),
        [read("u1"), read("u2"), read("u3"), read("u4")]
    );
    let shown = screen(&mut state, 140, 30, now);
    // Honest rows: a read on its way says so; one not yet asked is only known to be loaded.
    assert!(line_of(&shown, "u1").contains("reading…"), "{shown}");
    assert!(line_of(&shown, "u5").contains("loaded"), "{shown}");
    assert!(!line_of(&shown, "u5").contains("reading"), "{shown}");
    // The server's news of u2 came before its read answered: the news is newer and stays.
    update(
        &mut state,
        notify(
            "thread/status/changed",
            json!({"threadId": "u2", "status": {"type": "idle"}}),
        ),
        now,
    );
    let thread = |id: &str, status: Value, preview: &str, name: Value| {
        json!({"thread": {"id": id, "preview": preview, "name": name, "status": status,
            "turns": []}})
    };
    let next = answered(
        &mut state,
        "u2",
        thread(
            "u2",
            json!({"type": "active", "activeFlags": []}),
            "",
            Value::Null,
        ),
        now,
    );
    assert_eq!(next, [read("u5")], "one answered, one more asked");
    let next = answered(
        &mut state,
        "u1",
        thread(
            "u1",
            json!({"type": "idle"}),
            "\n  fix the \u{1b}[2Jparser  \nand more",
            json!("Parser\u{202e} work"),
        ),
        now,
    );
    assert_eq!(next, [read("u6")]);
    let tag = RequestTag::ReadBoardThread {
        thread_id: "u3".into(),
    };
    let refused = wire(update(
        &mut state,
        reply(tag, Err("thread not loaded: u3".into())),
        now,
    ));
    assert!(sent(refused).is_empty(), "nothing left to read");
    answered(
        &mut state,
        "u4",
        thread(
            "u4",
            json!({"type": "active", "activeFlags": ["waitingOnApproval"]}),
            "deploy",
            Value::Null,
        ),
        now,
    );
    let shown = screen(&mut state, 140, 30, now);
    let u1 = line_of(&shown, "Parser work");
    assert!(
        u1.contains("idle") && u1.contains("“fix the parser”"),
        "{shown}"
    );
    assert!(line_of(&shown, "u2").contains("idle"), "{shown}");
    let u3 = line_of(&shown, "u3");
    assert!(
        u3.contains("read failed") && u3.contains("could not read it: thread not loaded: u3"),
        "a refusal says so: {shown}"
    );
    let u4 = line_of(&shown, "u4");
    assert!(
        u4.contains("waiting for you") && u4.contains("waits for an answer"),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}') && !shown.contains('\u{202e}'));
    // A refresh reads only what is still unknown.
    update(&mut state, key(KeyCode::Char('r')), now);
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ListLoaded,
            Ok(json!({"data": ids, "nextCursor": null})),
        ),
        now,
    ));
    assert_eq!(sent(effects), [read("u3")], "u5 and u6 are on their way");
}

#[test]
fn a_long_name_never_hides_which_thread_is_shown() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "thread/name/updated",
            json!({"threadId": THREAD,
                "threadName": "A very long title for the thread\u{1b}[2J that goes on and on"}),
        ),
        now,
    );
    open_board(&mut state, &[THREAD], now);
    let shown = screen(&mut state, 140, 30, now);
    let row = line_of(&shown, "A very long title");
    assert!(row.contains("… (shown)"), "{shown}");
    assert!(
        !row.contains("on and on") && !shown.contains('\u{1b}'),
        "{shown}"
    );
}
