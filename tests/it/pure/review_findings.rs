//! `m` on a selected `/review` cell (issue 36): its findings, kept or dropped, commented, and
//! "send review" — the kept findings with their comments as the next message, down to the
//! exact `turn/start` text.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect};

const REVIEW: &str = "The fix drops a byte.\n\nFull review comments:\n\n\
- [P1] Last byte of each token is lost — /home/user/project/src/parser.rs:42-42\n  \
`end = start + len - 1` excludes the final byte.\n\n\
- [P3] Test name no longer matches — /home/user/project/tests/parser.rs:12-14\n  \
`parses_empty_input` now feeds a space.";

/// A `/review` that ran as `turn-1` and finished with two findings.
fn reviewed(now: Instant) -> AppState {
    let mut state = running_state(now);
    for (method, params) in [
        (
            "item/completed",
            json!({"turnId": "turn-1", "item": {"type": "enteredReviewMode", "id": "r1",
                "review": "current changes"}}),
        ),
        (
            "item/completed",
            json!({"turnId": "turn-1", "item": {"type": "exitedReviewMode", "id": "r2",
                "review": REVIEW}}),
        ),
        (
            "turn/completed",
            json!({"turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    // The screen's size, so copy mode's cursor rows are laid out at a known width.
    screen(&mut state, 120, 40, now);
    state
}

fn alt_up() -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::ALT))
}

fn presses(state: &mut AppState, keys: &str, at: Instant) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| press(state, KeyCode::Char(c), at))
        .collect()
}

fn sent_text(effects: &[Effect]) -> String {
    let sent: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "turn/start");
    let input = &sent[0].1["input"];
    assert_eq!(input.as_array().map(Vec::len), Some(1), "{input}");
    assert_eq!(input[0]["type"], "text");
    input[0]["text"].as_str().unwrap().to_string()
}

fn findings_open(state: &AppState) -> bool {
    matches!(state.layers.person.last(), Some(Layer::ReviewFindings(_)))
}

#[test]
fn m_comments_on_the_finding_and_send_review_sends_the_kept_ones_with_comments() {
    let now = Instant::now();
    let mut state = reviewed(now);
    update(&mut state, alt_up(), now);
    // The cursor on the cell's first row: the first finding, a comment being written.
    assert!(presses(&mut state, "m", now).is_empty());
    assert!(findings_open(&state));
    type_text(&mut state, "use an exclusive end", now);
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    assert!(
        findings_open(&state),
        "Enter saved the comment; nothing sent yet"
    );
    // The second finding dropped.
    assert!(presses(&mut state, "jx", now).is_empty());
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Review findings: 1 of 2 kept"), "{shown}");
    let effects = press(&mut state, KeyCode::Enter, now);
    assert_eq!(
        sent_text(&effects),
        "Code review findings to act on, from the person at the keyboard (tern): the findings \
of the review they kept, each with their comment.\n\
\nsrc/parser.rs:42\n[P1] Last byte of each token is lost\nuse an exclusive end\n\
\nDropped (leave these as they are):\n- tests/parser.rs:12–14 [P3] Test name no longer matches\n"
    );
    assert!(!findings_open(&state), "sent: the list closes");
    assert!(last_notice(&state)
        .1
        .contains("Review sent: 1 finding(s) kept, 1 with your comment"));
}

#[test]
fn m_on_a_lower_row_comments_on_the_finding_drawn_there_and_esc_keeps_the_drafts() {
    let now = Instant::now();
    let mut state = reviewed(now);
    update(&mut state, alt_up(), now);
    // Down to the second finding's title row: header, text, blank, heading, blank, P1, its
    // body, P3.
    assert!(presses(&mut state, "jjjjjjj", now).is_empty());
    presses(&mut state, "m", now);
    type_text(&mut state, "rename the test", now);
    press(&mut state, KeyCode::Enter, now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("› [keep] tests/parser.rs:12–14  [P3] Test name no longer matches"),
        "{shown}"
    );
    // Esc: closed unsent; the next m finds the comment where it was.
    assert!(press(&mut state, KeyCode::Esc, now).is_empty());
    assert!(!findings_open(&state));
    presses(&mut state, "m", now);
    press(&mut state, KeyCode::Esc, now); // the comment being written: cancelled, kept as was
    let effects = press(&mut state, KeyCode::Enter, now);
    assert_eq!(
        sent_text(&effects),
        "Code review findings to act on, from the person at the keyboard (tern): the findings \
of the review they kept, each with their comment.\n\
\nsrc/parser.rs:42\n[P1] Last byte of each token is lost\n\
\ntests/parser.rs:12–14\n[P3] Test name no longer matches\nrename the test\n"
    );
}

#[test]
fn every_finding_dropped_sends_nothing_and_m_elsewhere_says_what_it_is_for() {
    let now = Instant::now();
    let mut state = reviewed(now);
    update(&mut state, alt_up(), now);
    presses(&mut state, "m", now);
    press(&mut state, KeyCode::Esc, now);
    assert!(presses(&mut state, "xjx", now).is_empty());
    assert!(press(&mut state, KeyCode::Enter, now).is_empty());
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Every finding is dropped"), "{shown}");
    assert!(findings_open(&state));

    // On a cell that is not a review, m opens nothing and says so.
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "agentMessage",
                "id": "m1", "text": "see src/parser.rs:42"}}),
        ),
        now,
    );
    update(&mut state, alt_up(), now);
    assert!(presses(&mut state, "m", now).is_empty());
    assert!(!findings_open(&state));
    assert!(last_notice(&state)
        .1
        .contains("Only a /review's findings take comments"));
}

#[test]
fn sent_while_a_turn_runs_the_review_waits_for_it_instead_of_steering() {
    let now = Instant::now();
    let mut state = reviewed(now);
    update(&mut state, alt_up(), now);
    presses(&mut state, "m", now);
    type_text(&mut state, "fix this first", now);
    press(&mut state, KeyCode::Enter, now);
    // Another turn starts before Enter sends the review.
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-2", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    let effects = press(&mut state, KeyCode::Enter, now);
    assert!(
        effects.iter().filter_map(request_json).next().is_none(),
        "no steer, no turn/start while turn-2 runs: {effects:?}"
    );
    assert!(last_notice(&state).1.contains("Review queued"));
    let effects = wire(update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-2", "items": [], "status": "completed"}}),
        ),
        now,
    ));
    let text = sent_text(&effects);
    assert!(
        text.ends_with("src/parser.rs:42\n[P1] Last byte of each token is lost\nfix this first\n\ntests/parser.rs:12–14\n[P3] Test name no longer matches\n"),
        "{text}"
    );
}
