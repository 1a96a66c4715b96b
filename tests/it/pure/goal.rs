//! `/goal` (codex 0.171's thread goal): each form down to the exact JSON sent, what its answers
//! and the goal's notifications show (the cell, the status line, the summary), and a
//! continuation turn the server starts by itself being interrupted like any turn.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

fn run(state: &mut AppState, command: &str, now: Instant) -> Vec<(&'static str, Value)> {
    type_text(state, command, now);
    let effects: Vec<Effect> = wire(update(state, key(KeyCode::Enter), now));
    effects.iter().filter_map(request_json).collect()
}

fn goal(objective: &str, status: &str, tokens: i64, seconds: i64) -> Value {
    json!({"threadId": THREAD, "turnId": null, "goal": {"threadId": THREAD,
        "objective": objective, "status": status, "tokenBudget": null, "tokensUsed": tokens,
        "timeUsedSeconds": seconds, "createdAt": 1, "updatedAt": 2}})
}

#[test]
fn goal_objective_is_set_by_the_person() {
    let now = Instant::now();
    let mut state = ready_state(now);
    assert_eq!(
        run(&mut state, "/goal Ship the parser", now),
        [(
            "thread/goal/set",
            json!({"threadId": THREAD, "origin": "user", "objective": "Ship the parser"})
        )]
    );
}

#[test]
fn goal_clear_pause_and_resume_send_what_the_schema_names() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // No goal yet: pausing has nothing to pause, and nothing is sent.
    assert!(run(&mut state, "/goal pause", now).is_empty());
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Warning,
            "This thread has no goal. /goal OBJECTIVE sets one.".into()
        )
    );
    update(
        &mut state,
        notify("thread/goal/updated", goal("Ship", "active", 0, 0)),
        now,
    );
    assert_eq!(
        run(&mut state, "/goal pause", now),
        [(
            "thread/goal/set",
            json!({"threadId": THREAD, "origin": "user", "status": "paused"})
        )]
    );
    assert_eq!(
        run(&mut state, "/goal resume", now),
        [(
            "thread/goal/set",
            json!({"threadId": THREAD, "origin": "user", "status": "active"})
        )]
    );
    assert_eq!(
        run(&mut state, "/goal clear", now),
        [(
            "thread/goal/clear",
            json!({"threadId": THREAD, "origin": "user"})
        )]
    );
    update(
        &mut state,
        reply(RequestTag::ClearGoal, Err("no".into())),
        now,
    );
    assert_eq!(
        last_notice(&state),
        (NoticeLevel::Error, "Could not clear the goal: no".into())
    );
}

#[test]
fn goal_alone_shows_objective_status_time_and_tokens() {
    let now = Instant::now();
    let mut state = ready_state(now);
    assert_eq!(
        run(&mut state, "/goal", now),
        [("thread/goal/get", json!({"threadId": THREAD}))]
    );
    update(
        &mut state,
        reply(RequestTag::ReadGoal, Ok(json!({"goal": null}))),
        now,
    );
    assert!(last_notice(&state).1.starts_with("No goal."));
    let answer = goal("Ship the parser", "paused", 2400, 185)["goal"].clone();
    update(
        &mut state,
        reply(RequestTag::ReadGoal, Ok(json!({ "goal": answer }))),
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "Goal paused: Ship the parser · 3m 05s · 2.4k tokens used · /goal pause, resume or clear"
                .into()
        )
    );
}

#[test]
fn the_status_line_follows_the_goal_and_the_cell_shows_it_whole() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let long = "Ship the parser\u{1b}[2J with every test green and the docs written \
        \u{202e}and the benchmarks run twice on the slow machine";
    update(
        &mut state,
        notify("thread/goal/updated", goal(long, "active", 0, 0)),
        now,
    );
    let shown = screen(&mut state, 60, 16, now);
    assert!(shown.contains("goal active"), "{shown}");
    assert!(shown.contains("Goal set: Ship the parser"), "{shown}");
    // Wrapped, not cut: the objective's end is on screen.
    assert!(shown.contains("  machine"), "{shown}");
    assert!(!shown.contains('\u{202e}'), "{shown}");
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown}"
    );
    snapshot!("goal_set_hostile_60x16", &shown);
    update(
        &mut state,
        notify("thread/goal/updated", goal(long, "complete", 1200, 40)),
        now,
    );
    let shown = screen(&mut state, 60, 16, now);
    assert!(shown.contains("goal achieved"), "{shown}");
    update(
        &mut state,
        notify("thread/goal/updated", goal(long, "budgetLimited", 1200, 40)),
        now,
    );
    assert!(screen(&mut state, 60, 16, now).contains("goal out of budget"));
    update(
        &mut state,
        notify("thread/goal/cleared", json!({"threadId": THREAD})),
        now,
    );
    let shown = screen(&mut state, 60, 16, now);
    assert!(!shown.contains("goal "), "{shown}");
    assert!(shown.contains("Goal cleared"), "{shown}");
}

#[test]
fn a_continuation_turn_the_server_started_is_interrupted_by_esc() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify("thread/goal/updated", goal("Ship", "active", 0, 0)),
        now,
    );
    // tern sent no turn/start: the server continues the goal on its own.
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "goal-turn", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    assert!(state.turn_active());
    let sent: Vec<_> = wire(update(&mut state, key(KeyCode::Esc), now))
        .iter()
        .filter_map(request_json)
        .collect();
    assert_eq!(
        sent,
        [(
            "turn/interrupt",
            json!({"threadId": THREAD, "turnId": "goal-turn"})
        )]
    );
}
