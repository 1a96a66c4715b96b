//! Threads kept apart: every notification goes to its thread's own model, a thread tern is not
//! showing never touches the screen (nor is laid out), the number kept is bounded, and which
//! thread is shown changes in one operation.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, TurnPhase};
use tern::model::{CellKind, NoticeLevel, Transcript};
use tern::session::state::threads::KEPT_THREADS;
use tern::session::switch::show_thread;

const CHILD: &str = "child-1";

/// A sub-agent's turn as codex sends it: no `thread/started`, first a status change.
fn child_turn(thread: &str, words: &str) -> Vec<(&'static str, Value)> {
    vec![
        (
            "thread/status/changed",
            json!({"threadId": thread, "status": {"type": "idle"}}),
        ),
        (
            "turn/started",
            json!({"threadId": thread, "turn": {"id": "ct", "items": [], "status": "inProgress"}}),
        ),
        (
            "item/started",
            json!({"threadId": thread, "turnId": "ct", "item": {"type": "agentMessage", "id": "m", "text": ""}}),
        ),
        (
            "item/agentMessage/delta",
            json!({"threadId": thread, "turnId": "ct", "itemId": "m", "delta": words}),
        ),
    ]
}

fn play(state: &mut AppState, events: Vec<(&str, Value)>, now: Instant) {
    for (method, params) in events {
        update(state, notify(method, params), now);
    }
}

fn texts(transcript: &Transcript) -> Vec<String> {
    transcript
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::User { text } => Some(text.clone()),
            CellKind::Agent { markdown, .. } => Some(markdown.as_str().to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn an_unknown_threads_events_build_its_own_model_and_never_reach_the_screen() {
    let now = Instant::now();
    let mut state = running_state(now);
    let before = state.transcript().revision();
    play(&mut state, child_turn(CHILD, "CHILD WORDS"), now);
    assert_eq!(
        state.transcript().revision(),
        before,
        "the shown transcript changed"
    );
    let shown = screen(&mut state, 100, 30, now);
    assert!(!shown.contains("CHILD WORDS"), "{shown}");
    let child = state
        .kept_threads()
        .get(CHILD)
        .expect("a model for the child");
    assert_eq!(texts(&child.transcript), ["CHILD WORDS"]);
    assert!(
        matches!(&child.turn, TurnPhase::Running { id, .. } if id == "ct"),
        "{:?}",
        child.turn
    );
    // Drawing the screen laid out the shown thread's cells, never the child's.
    assert!(child.transcript.cells().iter().all(|c| !c.was_laid_out()));
    assert!(state.transcript().cells().iter().any(|c| c.was_laid_out()));
    // The child's turn ending does not end the shown one, nor send the person's queue.
    type_text(&mut state, "later", now);
    update(&mut state, key(KeyCode::Tab), now);
    let effects = wire(update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": CHILD, "turn": {"id": "ct", "items": [], "status": "completed"}}),
        ),
        now,
    ));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(state.turn_active());
    assert!(!state.kept_thread(CHILD).unwrap().turn_active());
}

#[test]
fn the_most_recent_threads_are_kept_and_older_ones_let_go_with_a_notice() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let extra = 5;
    for n in 0..KEPT_THREADS + extra {
        let started = json!({"threadId": format!("other-{n}"),
                             "turn": {"id": format!("t-{n}"), "items": [], "status": "inProgress"}});
        update(&mut state, notify("turn/started", started), now);
    }
    let threads = state.kept_threads();
    assert_eq!(threads.len(), KEPT_THREADS);
    assert!(!threads.contains("other-0") && !threads.contains(&format!("other-{}", extra - 1)));
    assert!(threads.contains(&format!("other-{extra}")));
    assert_eq!(
        threads.ids()[0],
        format!("other-{}", KEPT_THREADS + extra - 1)
    );
    // One line, counted, not one per thread.
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Info);
    assert!(
        text.contains(&format!("{KEPT_THREADS} most recently active")) && text.ends_with("(×5)"),
        "{text}"
    );
    let notices = state
        .transcript()
        .cells()
        .iter()
        .filter(|c| matches!(c.kind(), CellKind::Notice { .. }))
        .count();
    assert_eq!(notices, 1);
    // The shown thread is never let go.
    assert_eq!(state.thread_id(), Some(THREAD));
}

#[test]
fn showing_another_thread_is_one_switch_and_both_keep_their_place() {
    let now = Instant::now();
    let mut state = running_state(now);
    play(&mut state, child_turn(CHILD, "child says"), now);
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "p", "delta": "parent says"}),
        ),
        now,
    );
    show_thread(&mut state.session, CHILD);
    assert_eq!(state.thread_id(), Some(CHILD));
    assert_eq!(texts(state.transcript()), ["child says"]);
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("child says") && !shown.contains("parent says"),
        "{shown}"
    );
    // The parent goes on arriving, in its own model, while the child is shown.
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "p", "delta": " more"}),
        ),
        now,
    );
    assert_eq!(texts(state.transcript()), ["child says"]);
    show_thread(&mut state.session, THREAD);
    assert_eq!(texts(state.transcript()), ["hi", "parent says more"]);
    assert!(state.turn_active(), "the parent's turn still runs");
    assert_eq!(
        texts(&state.kept_thread(CHILD).unwrap().transcript),
        ["child says"]
    );
}

#[test]
fn bare_deltas_of_a_turn_never_announced_build_their_cells() {
    // Resumed mid-turn: no `turn/started`, no `item/started` (protocol notes §1.4).
    let now = Instant::now();
    let mut state = ready_state(now);
    let events = vec![
        (
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "t9", "itemId": "m9", "delta": "half an answ"}),
        ),
        (
            "item/commandExecution/outputDelta",
            json!({"threadId": THREAD, "turnId": "t9", "itemId": "c9", "delta": "output line\n"}),
        ),
    ];
    play(&mut state, events, now);
    assert!(
        matches!(state.turn(), TurnPhase::Running { id, .. } if id == "t9"),
        "the turn runs from its first event: {:?}",
        *state.turn()
    );
    let cells = state.transcript().cells();
    assert!(
        matches!(cells[0].kind(), CellKind::Agent { markdown, streaming: true } if markdown.as_str() == "half an answ")
    );
    let CellKind::Command(command) = cells[1].kind() else {
        panic!("{:?}", cells[1].kind());
    };
    assert!(command.running && command.output == "output line\n");
    // Its completion names the command and keeps the output seen so far.
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t9", "item": {"type": "commandExecution", "id": "c9",
                "command": "cargo test", "status": "completed", "exitCode": 0, "commandActions": []}}),
        ),
        now,
    );
    let CellKind::Command(command) = state.transcript().cells()[1].kind() else {
        panic!()
    };
    assert_eq!(command.command, "cargo test");
    assert_eq!(command.output, "output line\n");
    // Esc interrupts the turn it joined.
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    let (method, params) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "turn/interrupt");
    assert_eq!(params, json!({"threadId": THREAD, "turnId": "t9"}));
}

#[test]
fn a_question_of_a_thread_not_shown_waits_in_the_inbox_labelled_and_its_answer_lands_on_its_cell() {
    let now = Instant::now();
    let mut state = running_state(now);
    play(&mut state, child_turn(CHILD, "checking"), now);
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": CHILD, "turnId": "ct", "item": {"type": "commandExecution", "id": "cc",
                "command": "rm -rf build", "status": "inProgress", "commandActions": []}}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            json!({"threadId": CHILD, "turnId": "ct", "itemId": "cc", "command": "rm -rf build",
                "availableDecisions": ["accept", "cancel"]}),
        ),
        now,
    );
    // Not the thread shown, nor a known agent of it: it waits in the inbox, never taking the
    // screen, and is answered from there.
    assert_eq!(state.questions().len(), 0);
    assert_eq!(state.questions().parked().count(), 1);
    update(&mut state, ctrl('t'), now);
    let shown = screen(&mut state, 100, 30, read(now));
    assert!(
        shown.contains(&format!("From another thread ({CHILD})")),
        "{shown}"
    );
    let effects = press(&mut state, KeyCode::Char('y'), read(now));
    assert_eq!(effects, answer(7, json!("accept")));
    // On the child's cell, and said on screen with whose it was.
    let child = state.kept_thread(CHILD).unwrap();
    let decided = child.transcript.cells().iter().any(|c| {
        matches!(c.kind(), CellKind::Command(cmd) if cmd.command == "rm -rf build" && cmd.decision.is_some())
    });
    assert!(decided);
    let (_, text) = last_notice(&state);
    assert!(text.contains(&format!("(thread {CHILD})")), "{text}");
}

#[test]
fn a_question_of_a_titled_thread_names_it_by_its_title_sanitised() {
    let now = Instant::now();
    let mut state = running_state(now);
    // The server names the other thread; a hostile name is shown without acting.
    update(
        &mut state,
        notify(
            "thread/name/updated",
            json!({"threadId": CHILD, "threadName": "Refactor \u{1b}[2Jparser\u{202e}"}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            json!({"threadId": CHILD, "turnId": "ct", "itemId": "cc", "command": "make",
                "availableDecisions": ["accept", "cancel"]}),
        ),
        now,
    );
    update(&mut state, ctrl('t'), now);
    let shown = screen(&mut state, 100, 30, read(now));
    // A title is a name: sanitised, as the inbox's rows show it.
    assert!(
        shown.contains("From another thread (Refactor parser), not the one on screen"),
        "{shown}"
    );
    assert!(!shown.contains(&format!("From another thread ({CHILD})")));
    assert!(!shown.contains('\u{1b}') && !shown.contains('\u{202e}'));
    let effects = press(&mut state, KeyCode::Char('y'), read(now));
    assert_eq!(effects, answer(7, json!("accept")));
    let (_, text) = last_notice(&state);
    assert!(text.ends_with("(thread Refactor parser)"), "{text}");
    assert!(!text.contains(CHILD), "{text}");
}

#[test]
fn opening_a_thread_followed_live_keeps_its_cells_and_pages_only_older_turns() {
    // Entering a sub-agent: its live stream is already in its model; `thread/resume` adopts
    // that model, and the history paged in afterwards adds only the turns it does not show.
    let now = Instant::now();
    let mut state = ready_state(now);
    play(&mut state, child_turn(CHILD, "live words"), now);
    let effects =
        tern::session::lifecycle::open(&mut state.session, tern::app::Open::Resume(CHILD.into()));
    let (method, params) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "thread/resume");
    assert_eq!(params, json!({"threadId": CHILD, "excludeTurns": true}));
    let answer = json!({"thread": {"id": CHILD, "turns": [], "preview": "child task"},
        "model": "m", "cwd": "/home/user/project", "turnsBackwardsCursor": "c1"});
    let effects = wire(update(
        &mut state,
        reply(tern::app::RequestTag::ResumeThread, Ok(answer)),
        now,
    ));
    assert_eq!(state.thread_id(), Some(CHILD));
    assert_eq!(texts(state.transcript()), ["live words"]);
    let (method, _) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "thread/turns/list");
    // The newest page: the running turn (only its prompt so far) and an older one.
    let page = json!({"data": [
        {"id": "ct", "status": "inProgress", "items": [
            {"type": "userMessage", "id": "u1", "content": [{"type": "text", "text": "child task"}]}]},
        {"id": "old", "status": "completed", "items": [
            {"type": "userMessage", "id": "u0", "content": [{"type": "text", "text": "earlier task"}]},
            {"type": "agentMessage", "id": "a0", "text": "earlier answer"}]}
    ], "nextCursor": null});
    update(
        &mut state,
        reply(
            tern::app::RequestTag::ListTurns {
                thread_id: CHILD.into(),
            },
            Ok(page),
        ),
        now,
    );
    assert_eq!(
        texts(state.transcript()),
        ["earlier task", "earlier answer", "live words"]
    );
    assert!(
        matches!(state.turn(), TurnPhase::Running { id, .. } if id == "ct"),
        "{:?}",
        *state.turn()
    );
    // The parent waits aside.
    assert!(state.kept_threads().contains(THREAD));
}

/// On a shared service every window hears every thread's status (protocol notes §1.4): a
/// thread this window holds nothing of takes no place among the kept ones, and says nothing here.
#[test]
fn status_news_of_threads_this_window_never_opened_stays_out() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let cells = state.transcript().cells().len();
    for n in 0..KEPT_THREADS + 5 {
        let status = json!({"threadId": format!("other-{n}"), "status": {"type": "active", "activeFlags": []}});
        update(&mut state, notify("thread/status/changed", status), now);
    }
    assert_eq!(state.kept_threads().len(), 0);
    assert_eq!(state.transcript().cells().len(), cells);
}

/// Eight sub-agents streaming at once while the person looks at the parent (issue 24): their
/// deltas build their own models and cost no layout — none of a child's cells is ever laid
/// out, and the parent's frames lay out nothing anew, however many deltas arrive between them.
#[test]
fn eight_children_streaming_cost_no_layout_while_the_parent_is_shown() {
    let now = Instant::now();
    let mut state = running_state(now);
    let kids: Vec<String> = (0..8).map(|k| format!("kid-{k}")).collect();
    for (k, kid) in kids.iter().enumerate() {
        let spawn = json!({"threadId": THREAD, "turnId": "turn-1", "item": {
            "type": "collabAgentToolCall", "id": format!("call-{k}"), "tool": "spawnAgent",
            "status": "completed", "senderThreadId": THREAD, "receiverThreadIds": [kid],
            "prompt": "work", "model": "m", "reasoningEffort": null, "agentsStates": {}}});
        update(&mut state, notify("item/completed", spawn), now);
        let started = json!({"threadId": kid, "turn": {"id": format!("kt-{k}"),
            "rootTurnId": "turn-1", "items": [], "status": "inProgress"}});
        update(&mut state, notify("turn/started", started), now);
    }
    screen(&mut state, 100, 30, now);
    let parent_before = state.transcript().layouts();
    assert!(parent_before > 0, "the parent's cells were laid out");
    for round in 0..200 {
        for (k, kid) in kids.iter().enumerate() {
            let delta = json!({"threadId": kid, "turnId": format!("kt-{k}"), "itemId": "m",
                               "delta": format!("word {round}\n\n")});
            update(&mut state, notify("item/agentMessage/delta", delta), now);
        }
        if round % 10 == 0 {
            screen(&mut state, 100, 30, now);
        }
    }
    for kid in &kids {
        let child = state.kept_thread(kid).expect("a model per child");
        assert_eq!(child.transcript.len(), 1, "{kid}'s answer is one cell");
        assert_eq!(child.transcript.layouts(), 0, "{kid}'s cells were laid out");
    }
    assert_eq!(
        state.transcript().layouts(),
        parent_before,
        "a child's delta laid out the parent's cells again"
    );
    let shown = screen(&mut state, 100, 30, now);
    assert!(!shown.contains("word 199"), "{shown}");
}
