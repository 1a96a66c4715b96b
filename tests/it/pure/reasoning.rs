//! The effort keys, reasoning and `<proposed_plan>` tags (issue 20), down to the exact JSON
//! sent: Alt+, and Alt+. step the next turn's effort through the model's efforts; reasoning
//! streams in parts and raw reasoning shows only when codex's config asks; a plan block's tag
//! lines never show outside Plan mode.

use crate::support::common::*;
use crate::support::plan_fixtures::{answered, reasoning_events};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::CellKind;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn alt(c: char) -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT))
}

fn efforts() -> Value {
    json!({"data": [{"model": "mock-model", "displayName": "Mock", "defaultReasoningEffort": "medium",
        "supportedReasoningEfforts": [
            {"reasoningEffort": "low", "description": "Fast"},
            {"reasoningEffort": "medium", "description": "Balanced"},
            {"reasoningEffort": "high", "description": "Deep"}]},
        {"model": "plain-model", "supportedReasoningEfforts": []}]})
}

#[test]
fn alt_dot_and_alt_comma_step_the_effort_of_the_next_turn() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = wire(update(&mut state, alt('.'), now));
    assert_eq!(requests(&effects), [("model/list", json!({"limit": 100}))]);
    answered(&mut state, RequestTag::ListModels, efforts(), now);
    assert_eq!(state.chosen_effort(), Some("high"));
    assert!(screen(&mut state, 100, 24, now).contains("mock-model high"));
    update(&mut state, alt('.'), now);
    assert_eq!(
        last_notice(&state).1,
        "Reasoning is already at the highest level (high)."
    );
    update(&mut state, alt(','), now);
    update(&mut state, alt(','), now);
    update(&mut state, alt(','), now);
    assert_eq!(
        last_notice(&state).1,
        "Reasoning is already at the lowest level (low)."
    );
    type_text(&mut state, "hi", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects)[0].1["effort"], "low");
}

#[test]
fn a_model_without_efforts_says_the_keys_are_unavailable() {
    let now = Instant::now();
    let mut state = started(
        AppState::new(config()),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "plain-model"}),
        now,
    );
    update(&mut state, alt('.'), now);
    let effects = answered(&mut state, RequestTag::ListModels, efforts(), now);
    assert!(requests(&effects).is_empty());
    assert!(last_notice(&state)
        .1
        .contains("unavailable for plain-model"));
    assert_eq!(state.chosen_effort(), None);
}

fn reasoning_texts(state: &AppState) -> Vec<String> {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Reasoning { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn reasoning_streams_in_parts_and_raw_reasoning_shows_only_when_asked() {
    let now = Instant::now();
    let mut state = running_state(now);
    reasoning_events(&mut state, now);
    assert_eq!(
        reasoning_texts(&state),
        ["**Reading the code**\n\nI look at lib.rs first.\n\n**Planning the fix**\n\nOff by one."],
        "parts on blocks of their own, and no raw reasoning"
    );

    let mut state = running_state(now);
    // codex's config is asked once, at the first reasoning item.
    let first = wire(update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1",
            "item": {"type": "reasoning", "id": "rs_0", "summary": [], "content": []}}),
        ),
        now,
    ));
    assert_eq!(
        requests(&first),
        [(
            "config/read",
            json!({"includeLayers": false, "cwd": "/home/user/project"})
        )]
    );
    answered(
        &mut state,
        RequestTag::ReadConfig,
        json!({"config": {"show_raw_agent_reasoning": true}}),
        now,
    );
    reasoning_events(&mut state, now);
    let texts = reasoning_texts(&state);
    assert!(
        texts.iter().any(|t| t.ends_with("raw chain of thought")),
        "{texts:?}"
    );
}

#[test]
fn proposed_plan_tags_outside_plan_mode_are_not_shown() {
    let now = Instant::now();
    let mut state = running_state(now);
    for delta in [
        "Here is my plan.\n\n<propo",
        "sed_plan>\n# Fix\n\n1. Read\n</proposed_pl",
        "an>\n\nDONE",
    ] {
        update(
            &mut state,
            notify(
                "item/agentMessage/delta",
                json!({"threadId": THREAD, "turnId": "turn-1",
                "itemId": "msg_1", "delta": delta}),
            ),
            now,
        );
    }
    let text = screen(&mut state, 80, 24, now);
    assert!(!text.contains("proposed_plan"), "{text}");
    assert!(text.contains("Fix") && text.contains("DONE"), "{text}");
}
