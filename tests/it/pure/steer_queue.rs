//! While a turn runs: Enter steers it (`turn/steer`), Tab queues for a new turn; a refused
//! steer becomes a new turn; queued messages survive a lost connection; ↑ edits or drops them.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::CellKind;
use tern::session::outbox::CUT_OFF_BY_YOUR_STEER;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn submit(state: &mut AppState, text: &str, code: KeyCode, now: Instant) -> Vec<Effect> {
    type_text(state, text, now);
    wire(update(state, key(code), now))
}

fn delta(item: &str, text: &str) -> AppEvent {
    notify(
        "item/agentMessage/delta",
        json!({"threadId": THREAD, "turnId": "turn-1", "itemId": item, "delta": text}),
    )
}

fn user_echo(id: &str, text: &str) -> AppEvent {
    notify(
        "item/started",
        json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "userMessage", "id": id,
            "content": [{"type": "text", "text": text, "text_elements": []}]}}),
    )
}

fn turn_completed(id: &str) -> AppEvent {
    notify(
        "turn/completed",
        json!({"threadId": THREAD, "turn": {"id": id, "items": [], "status": "completed"}}),
    )
}

fn steer_answer(prompt: &str, result: Result<Value, String>) -> AppEvent {
    reply(
        RequestTag::SteerTurn {
            prompt: prompt.into(),
        },
        result,
    )
}

/// The transcript as (kind, text) rows, for asserting order.
fn cells(state: &AppState) -> Vec<String> {
    state
        .transcript()
        .cells()
        .iter()
        .map(|c| match c.kind() {
            CellKind::User { text } => format!("user: {text}"),
            CellKind::Agent {
                markdown,
                streaming,
            } => format!(
                "agent{}: {}",
                if *streaming { " (streaming)" } else { "" },
                markdown.as_str()
            ),
            CellKind::Notice { text, .. } => format!("notice: {text}"),
            other => format!("{other:?}").chars().take(20).collect(),
        })
        .collect()
}

#[test]
fn enter_while_a_turn_runs_steers_it_with_the_expected_turn_id() {
    let now = Instant::now();
    let mut state = running_state(now);
    let effects = submit(&mut state, "use tabs", KeyCode::Enter, now);
    assert_eq!(
        requests(&effects),
        vec![(
            "turn/steer",
            json!({"threadId": THREAD, "expectedTurnId": "turn-1",
                   "input": [{"type": "text", "text": "use tabs", "text_elements": []}]})
        )]
    );
    assert!(state.queued().is_empty(), "a steer is not queued");
    assert_eq!(state.steering().len(), 1);
    assert!(state.draft_is_empty());
}

#[test]
fn the_answer_a_steer_cut_off_says_so_and_the_steer_shows_in_the_turn() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, delta("msg_0", "Here is the start of"), now);
    submit(&mut state, "actually, use tabs", KeyCode::Enter, now);
    update(
        &mut state,
        steer_answer("actually, use tabs", Ok(json!({"turnId": "turn-1"}))),
        now,
    );
    // The server preempts the stream: no item/completed for msg_0, the steer is a user message
    // in the same turn, and a new answer follows.
    update(&mut state, user_echo("u-2", "actually, use tabs"), now);
    update(&mut state, delta("msg_1", "Tabs it is."), now);
    let rows = cells(&state);
    let tail: Vec<&str> = rows
        .iter()
        .rev()
        .take(4)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        [
            "agent: Here is the start of",
            &format!("notice: {CUT_OFF_BY_YOUR_STEER}"),
            "user: actually, use tabs",
            "agent (streaming): Tabs it is.",
        ]
    );
    assert!(state.steering().is_empty(), "the steer landed");
}

#[test]
fn tab_queues_for_a_new_turn_sent_when_the_running_one_ends() {
    let now = Instant::now();
    let mut state = running_state(now);
    let effects = submit(&mut state, "then write tests", KeyCode::Tab, now);
    assert!(requests(&effects).is_empty(), "nothing is sent yet");
    assert_eq!(*state.queued(), ["then write tests"]);
    assert!(state.draft_is_empty());
    let effects = wire(update(&mut state, turn_completed("turn-1"), now));
    assert_eq!(
        requests(&effects),
        vec![(
            "turn/start",
            json!({"threadId": THREAD, "input": [{"type": "text", "text": "then write tests", "text_elements": []}]})
        )]
    );
    assert!(state.queued().is_empty());
}

#[test]
fn an_interrupted_turn_does_not_send_the_queue_it_moves_into_the_composer() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "then write tests", KeyCode::Tab, now);
    submit(&mut state, "and docs", KeyCode::Tab, now);
    // The person stops the agent (Esc; Ctrl+C does the same).
    let effects = requests(&wire(update(&mut state, key(KeyCode::Esc), now)));
    assert_eq!(effects[0].0, "turn/interrupt");
    let interrupted = notify(
        "turn/completed",
        json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "interrupted"}}),
    );
    let effects = wire(update(&mut state, interrupted, now));
    assert!(
        requests(&effects).is_empty(),
        "no new turn starts right after an interrupt: {effects:?}"
    );
    assert!(state.queued().is_empty());
    assert_eq!(state.draft(), "then write tests\n\nand docs");
    assert!(cells(&state)
        .iter()
        .any(|c| c.contains("back in the composer")));
}

#[test]
fn tab_with_no_turn_running_is_left_to_the_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = submit(&mut state, "draft", KeyCode::Tab, now);
    assert!(requests(&effects).is_empty());
    assert!(state.queued().is_empty());
    assert!(state.draft().starts_with("draft"));
}

#[test]
fn a_steer_refused_because_the_turn_just_ended_goes_out_as_a_new_turn() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "one more thing", KeyCode::Enter, now);
    // The turn ended while the steer was on its way.
    let effects = wire(update(&mut state, turn_completed("turn-1"), now));
    assert!(requests(&effects).is_empty());
    let effects = wire(update(
        &mut state,
        steer_answer("one more thing", Err("no active turn to steer".into())),
        now,
    ));
    assert_eq!(
        requests(&effects),
        vec![(
            "turn/start",
            json!({"threadId": THREAD, "input": [{"type": "text", "text": "one more thing", "text_elements": []}]})
        )]
    );
    assert!(state.steering().is_empty());
}

#[test]
fn a_steer_refused_before_turn_completed_arrives_waits_for_it_then_goes_first() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "queued earlier", KeyCode::Tab, now);
    submit(&mut state, "steer me", KeyCode::Enter, now);
    let effects = wire(update(
        &mut state,
        steer_answer(
            "steer me",
            Err("expected active turn id `turn-1` but found `turn-2`".into()),
        ),
        now,
    ));
    assert!(
        requests(&effects).is_empty(),
        "the turn is still running here"
    );
    assert_eq!(*state.queued(), ["steer me", "queued earlier"]);
    let effects = wire(update(&mut state, turn_completed("turn-1"), now));
    assert_eq!(requests(&effects)[0].1["input"][0]["text"], "steer me");
}

#[test]
fn queued_messages_and_a_steer_in_flight_survive_a_lost_connection_as_not_sent() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "queued one", KeyCode::Tab, now);
    submit(&mut state, "steer in flight", KeyCode::Enter, now);
    update(
        &mut state,
        AppEvent::Disconnected("codex exited".into()),
        now,
    );
    let effects = wire(update(
        &mut state,
        steer_answer("steer in flight", Err("connection closed".into())),
        now,
    ));
    assert!(requests(&effects).is_empty(), "nothing can be sent");
    assert_eq!(*state.queued(), ["steer in flight", "queued one"]);
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("✗ not sent steer in flight"), "{shown}");
    assert!(shown.contains("✗ not sent queued one"), "{shown}");
}

#[test]
fn up_from_the_composer_selects_queued_messages_to_drop_or_edit() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "first", KeyCode::Tab, now);
    submit(&mut state, "second", KeyCode::Tab, now);
    submit(&mut state, "third", KeyCode::Tab, now);
    update(&mut state, key(KeyCode::Up), now);
    // The newest is selected first; x drops it.
    update(&mut state, key(KeyCode::Char('x')), now);
    assert_eq!(*state.queued(), ["first", "second"]);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Delete), now);
    assert_eq!(*state.queued(), ["second"]);
    // Enter takes it back into the composer to edit; Tab queues it again.
    update(&mut state, key(KeyCode::Enter), now);
    assert!(state.queued().is_empty());
    assert_eq!(state.draft(), "second");
    type_text(&mut state, " edited", now);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(*state.queued(), ["second edited"]);
    assert!(state.person_layers().is_empty());
}

#[test]
fn the_queued_list_above_the_composer() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "steer now", KeyCode::Enter, now);
    submit(
        &mut state,
        "first queued\nwith a second line",
        KeyCode::Tab,
        now,
    );
    submit(
        &mut state,
        "second \u{1b}]0;evil\u{7}queued",
        KeyCode::Tab,
        now,
    );
    update(&mut state, key(KeyCode::Up), now);
    snapshot!(
        "queued_list_with_selection_80x16",
        &screen(&mut state, 80, 16, now),
    );
}

fn big_paste() -> String {
    (1..=40).map(|i| format!("log line {i}\n")).collect()
}

/// Editing a queued message puts the draft in its place in the queue: a folded paste in that
/// draft goes into the queue whole, not as its token.
#[test]
fn a_draft_with_a_folded_paste_swapped_into_the_queue_keeps_the_paste() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "first", KeyCode::Tab, now);
    update(&mut state, AppEvent::Paste(big_paste()), now);
    assert!(!state.draft().contains("log line 40"), "folded");
    update(&mut state, key(KeyCode::Up), now);
    assert!(
        state
            .person_layers()
            .iter()
            .any(|l| matches!(l, Layer::Queue(_))),
        "the queue is selected"
    );
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(state.draft(), "first");
    assert_eq!(state.queued().len(), 1);
    assert!(
        state.queued()[0].contains("log line 1\n") && state.queued()[0].contains("log line 40"),
        "{:?}",
        state.queued()[0]
    );
}

#[test]
fn a_key_pressed_after_the_queue_emptied_under_its_focus_is_not_lost() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "next", KeyCode::Tab, now);
    update(&mut state, key(KeyCode::Up), now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Queue(_))
    ));
    // The turn ends and the queued message goes out while the list has the focus.
    let effects = wire(update(&mut state, turn_completed("turn-1"), now));
    assert_eq!(requests(&effects)[0].0, "turn/start");
    assert!(state.queued().is_empty());
    // The next keys are typing: `/` opens the commands, as it would with no list open.
    type_text(&mut state, "/st", now);
    assert_eq!(state.draft(), "/st");
    assert!(
        state.person_layers().is_empty(),
        "{:?}",
        state.person_layers()
    );
    assert!(matches!(
        state.composer_list(),
        Some(tern::app::layers::Layer::Commands(_))
    ));
}

#[test]
fn a_folded_paste_in_the_draft_is_kept_whole_when_a_queued_message_takes_its_place() {
    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "queued", KeyCode::Tab, now);
    let big: String = (0..50).map(|i| format!("line {i}\n")).collect();
    update(&mut state, AppEvent::Paste(big.clone()), now);
    assert!(state.draft().starts_with("[pasted"), "folded");
    // ↑ then Enter: the queued message comes back to edit, the draft waits in its place.
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(state.draft(), "queued");
    assert_eq!(*state.queued(), std::slice::from_ref(&big));

    // The same when an interrupt moves the queue into the composer above a folded draft, and
    // in what is printed after exit.
    let mut state = running_state(now);
    submit(&mut state, "queued", KeyCode::Tab, now);
    update(&mut state, AppEvent::Paste(big.clone()), now);
    assert!(tern::session::outbox::unsent_text(&state.session)
        .unwrap()
        .contains("line 49"));
    update(&mut state, key(KeyCode::Esc), now);
    let interrupted = notify(
        "turn/completed",
        json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "interrupted"}}),
    );
    update(&mut state, interrupted, now);
    assert_eq!(state.expanded_draft(), format!("queued\n\n{big}"));
}

#[test]
fn tab_on_a_command_runs_it_instead_of_queueing_its_text_for_the_model() {
    let now = Instant::now();
    let mut state = running_state(now);
    // Typed with the list closed (Esc), then Tab: the text must never reach the model.
    type_text(&mut state, "/status", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Tab), now);
    assert!(state.queued().is_empty(), "{:?}", *state.queued());
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Status(_))
    ));
    let effects = wire(update(&mut state, turn_completed("turn-1"), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
}

#[test]
fn a_steer_still_unanswered_at_exit_is_printed_as_sent_but_not_confirmed() {
    use tern::runtime::farewell::farewell;
    use tern::runtime::LoopOutcome;
    use tern::session::outbox::{unconfirmed_steers, unsent_text};

    let now = Instant::now();
    let mut state = running_state(now);
    submit(&mut state, "landed steer", KeyCode::Enter, now);
    update(&mut state, steer_answer("landed steer", Ok(json!({}))), now);
    submit(&mut state, "steer in \u{1b}[2Jflight", KeyCode::Enter, now);
    submit(&mut state, "queued one", KeyCode::Tab, now);
    // The person quits before the server answers the second steer.
    assert!(update(&mut state, ctrl('d'), now).contains(&Effect::Quit));

    // The accepted steer is in the thread; the other may or may not be.
    assert_eq!(
        unconfirmed_steers(&state.session).as_deref(),
        Some("steer in \u{1b}[2Jflight")
    );
    let outcome = LoopOutcome {
        thread_id: None,
        failure: None,
        frames_drawn: 0,
        copied: None,
        unsent: unsent_text(&state.session),
        unconfirmed: unconfirmed_steers(&state.session),
        conversation: None,
    };
    let printed = farewell(&outcome, false).stdout;
    assert_eq!(
        printed,
        "── not sent ──\nqueued one\n── end of not sent ──\n\
         ── sent to the running turn, not confirmed (it may not have reached it) ──\n\
         steer in flight\n── end of not confirmed ──\n"
    );
}
