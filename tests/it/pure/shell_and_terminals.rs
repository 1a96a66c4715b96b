//! `!` shell commands and background terminals as pure transitions, down to the JSON sent:
//! the first `!` of a session waits for a confirming key, `thread/shellCommand` carries the
//! command as typed, a running turn is never steered by it, a refusal gives the line back;
//! `/ps` and `/stop` list with `thread/backgroundTerminals/list` and stop nothing before `y`.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};

fn submit(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    type_text(state, text, now);
    wire(update(state, key(KeyCode::Enter), now))
}

fn sent(effects: &[Effect]) -> Vec<(&'static str, serde_json::Value)> {
    effects.iter().filter_map(request_json).collect()
}

#[test]
fn the_first_bang_command_waits_for_a_confirming_key_then_runs_as_typed() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = submit(&mut state, "!echo hi | tr a-z A-Z", now);
    assert!(sent(&effects).is_empty(), "nothing runs before the confirm");
    // A stray key neither runs nor cancels.
    assert!(wire(update(&mut state, key(KeyCode::Char('z')), now)).is_empty());
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        sent(&effects),
        [(
            "thread/shellCommand",
            json!({"threadId": THREAD, "command": "echo hi | tr a-z A-Z"})
        )]
    );
    // Once confirmed, later ones run at once.
    let effects = submit(&mut state, "!ls", now);
    assert_eq!(
        sent(&effects),
        [(
            "thread/shellCommand",
            json!({"threadId": THREAD, "command": "ls"})
        )]
    );
    // Both are in the prompt history, `!` included.
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(state.draft(), "!ls");
}

#[test]
fn declining_puts_the_line_back_and_the_next_one_asks_again() {
    let now = Instant::now();
    let mut state = ready_state(now);
    submit(&mut state, "!rm -rf build", now);
    assert!(wire(update(&mut state, key(KeyCode::Esc), now)).is_empty());
    assert_eq!(state.draft(), "!rm -rf build");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(sent(&effects).is_empty(), "still not confirmed: asks again");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(sent(&effects)[0].0, "thread/shellCommand");
}

#[test]
fn during_a_turn_a_bang_command_runs_beside_it_and_never_steers() {
    let now = Instant::now();
    let mut state = running_state(now);
    state.confirm_shell();
    let effects = submit(&mut state, "!git status", now);
    assert_eq!(
        sent(&effects),
        [(
            "thread/shellCommand",
            json!({"threadId": THREAD, "command": "git status"})
        )]
    );
    // Tab (queue) does not queue it either.
    type_text(&mut state, "!pwd", now);
    let effects = wire(update(&mut state, key(KeyCode::Tab), now));
    assert_eq!(sent(&effects)[0].0, "thread/shellCommand");
    assert!(state.queued().is_empty());
    assert!(state.steering().is_empty());
}

#[test]
fn a_refused_command_says_why_and_comes_back() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.confirm_shell();
    submit(&mut state, "!make", now);
    update(
        &mut state,
        reply(
            RequestTag::ShellCommand {
                command: "make".into(),
            },
            Err("thread not found: \u{1b}[31mx".into()),
        ),
        now,
    );
    let (_, text) = last_notice(&state);
    assert_eq!(text, "codex would not run `make`: thread not found: x");
    assert_eq!(state.draft(), "!make");
}

#[test]
fn an_empty_bang_sends_nothing() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.confirm_shell();
    let effects = submit(&mut state, "!  ", now);
    assert!(sent(&effects).is_empty());
    assert!(last_notice(&state)
        .1
        .contains("Type a shell command after `!`"));
}

#[test]
fn the_shell_commands_own_turn_is_interrupted_by_ctrl_c() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.confirm_shell();
    submit(&mut state, "!sleep 100", now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "sh-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "sh-1", "item": {"type": "commandExecution", "id": "u1",
                "command": "/bin/bash -lc 'sleep 100'", "cwd": "/home/user/project", "status": "inProgress",
                "source": "userShell", "processId": null}}),
        ),
        now,
    );
    let effects = wire(update(&mut state, ctrl('c'), now));
    assert_eq!(
        sent(&effects),
        [(
            "turn/interrupt",
            json!({"threadId": THREAD, "turnId": "sh-1"})
        )]
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("! You are running sleep 100"), "{shown}");
}

fn terminals(rows: &[(&str, &str, &str)]) -> AppEvent {
    let data: Vec<_> = rows
        .iter()
        .map(|(item, pid, cmd)| {
            json!({"itemId": item, "processId": pid, "command": cmd, "cwd": "/w",
                   "osPid": null, "cpuPercent": null, "rssKb": null})
        })
        .collect();
    reply(
        RequestTag::ListTerminals,
        Ok(json!({"data": data, "nextCursor": null})),
    )
}

#[test]
fn slash_stop_terminates_only_after_the_confirm() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = submit(&mut state, "/stop", now);
    assert_eq!(
        sent(&effects),
        [(
            "thread/backgroundTerminals/list",
            json!({"threadId": THREAD, "limit": 100})
        )]
    );
    update(
        &mut state,
        terminals(&[("c1", "111", "sleep 60"), ("c2", "222", "tail -f log")]),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    // Enter picks the terminal; nothing is stopped yet.
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        sent(&effects),
        [(
            "thread/backgroundTerminals/terminate",
            json!({"threadId": THREAD, "processId": "222"})
        )]
    );
    // The answer is said, and the list asks again.
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::StopTerminal {
                process_id: "222".into(),
                command: "tail -f log".into(),
            },
            Ok(json!({"terminated": true})),
        ),
        now,
    ));
    assert_eq!(
        last_notice(&state).1,
        "Stopped background terminal `tail -f log`."
    );
    assert_eq!(sent(&effects)[0].0, "thread/backgroundTerminals/list");
}

#[test]
fn a_single_terminal_is_picked_at_once_and_any_other_key_keeps_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    submit(&mut state, "/stop", now);
    update(&mut state, terminals(&[("c1", "111", "sleep 60")]), now);
    assert!(wire(update(&mut state, key(KeyCode::Char('n')), now)).is_empty());
    assert!(
        wire(update(&mut state, key(KeyCode::Char('y')), now)).is_empty(),
        "disarmed"
    );
    update(&mut state, key(KeyCode::Char('x')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(sent(&effects)[0].1["processId"], "111");
}

#[test]
fn stop_all_cleans_after_the_confirm() {
    let now = Instant::now();
    let mut state = ready_state(now);
    submit(&mut state, "/ps", now);
    update(
        &mut state,
        terminals(&[("c1", "111", "sleep 60"), ("c2", "222", "sleep 70")]),
        now,
    );
    assert!(wire(update(
        &mut state,
        AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Char('X'),
            crossterm::event::KeyModifiers::SHIFT
        )),
        now
    ))
    .is_empty());
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        sent(&effects),
        [(
            "thread/backgroundTerminals/clean",
            json!({"threadId": THREAD})
        )]
    );
}

#[test]
fn ps_rows_tell_running_time_and_last_output_from_the_commands_cell() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "commandExecution", "id": "c1",
                "command": "sleep 60", "cwd": "/home/user/project", "status": "inProgress",
                "source": "unifiedExecStartup", "processId": "111"}}),
        ),
        now,
    );
    // Output after the turn ended still reaches the cell.
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "item/commandExecution/outputDelta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c1", "delta": "first\nlatest line\n"}),
        ),
        now,
    );
    submit(&mut state, "/ps", now);
    update(&mut state, terminals(&[("c1", "111", "sleep 60")]), now);
    let shown = screen(&mut state, 80, 24, later(now, 125_000));
    assert!(shown.contains("● sleep 60  2m05s"), "{shown}");
    assert!(shown.contains("⤷ latest line"), "{shown}");
    update(&mut state, key(KeyCode::Enter), now);
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("Output of `sleep 60`"), "{shown}");
    assert!(shown.contains("first"), "{shown}");
}
