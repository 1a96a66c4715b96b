//! The router's side of what layers answer: a layer replaced in place, a layer that closes on
//! news and lets the layers below hear it, news that opens a view (`layers::opened_by`), and
//! news nobody takes. The stacks are set up directly where a person could not reach the
//! arrangement by keys alone.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layers::choice::ChoiceKind;
use tern::app::layers::{thread_picker, Layer, Outcome, StatusView};
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::session::event::{Confirmable, LayerEvent};

/// Hands the news to the layers as `update` does after every event.
fn deliver(state: &mut AppState, news: LayerEvent, now: Instant) -> Vec<tern::app::Effect> {
    state.post_news(news);
    update(state, AppEvent::Focus(true), now)
}

fn kinds(state: &AppState) -> Vec<&'static str> {
    state
        .person_layers()
        .iter()
        .map(|layer| match layer {
            Layer::Status(_) => "status",
            Layer::Choice(choice) => match choice.kind {
                ChoiceKind::Model(_) => "models",
                ChoiceKind::Effort(_) => "efforts",
                ChoiceKind::Approvals => "approvals",
            },
            Layer::ThreadPicker(_) => "picker",
            Layer::Selected(_) => "selected",
            Layer::Confirm(_) => "confirm",
            _ => "other",
        })
        .collect()
}

fn picker(state: &AppState) -> Layer {
    match thread_picker::open(&state.session, false) {
        Outcome::Open(layer, _) => layer,
        other => panic!("the picker opens: {other:?}"),
    }
}

/// A thread with one answer, its newest cell selected (Alt+↑).
fn with_a_selected_cell(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t1",
                   "item": {"type": "agentMessage", "id": "msg_0", "text": "done"}}),
        ),
        now,
    );
    update(&mut state, AppEvent::Resize(100, 30), now);
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::ALT)),
        now,
    );
    assert_eq!(kinds(&state), ["selected"]);
    state
}

#[test]
fn a_layer_that_replaces_itself_keeps_its_place_in_the_stack() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/model", now);
    update(&mut state, key(KeyCode::Enter), now);
    // Something under the list, to show the list's place is kept.
    state
        .person_layers_mut()
        .insert(0, Layer::Status(StatusView));
    update(
        &mut state,
        reply(
            RequestTag::ListModels,
            Ok(json!({"data": [
                {"id": "deep", "model": "deep-model", "displayName": "Deep",
                 "description": "", "hidden": false, "isDefault": true,
                 "supportedReasoningEfforts": [
                     {"reasoningEffort": "low", "description": "quick"},
                     {"reasoningEffort": "high", "description": "slow"}],
                 "defaultReasoningEffort": "low"}
            ], "nextCursor": null})),
        ),
        now,
    );
    assert_eq!(kinds(&state), ["status", "models"]);

    // A model with efforts: the list of efforts takes the models' place (`Outcome::Replace`),
    // not a place on top of it, and what was under it stays under it.
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(kinds(&state), ["status", "efforts"]);

    // Esc leaves the efforts, and with them the whole choice: the status view is back.
    update(&mut state, key(KeyCode::Esc), now);
    assert_eq!(kinds(&state), ["status"]);
}

#[test]
fn a_layer_closing_on_news_lets_the_layers_below_hear_it() {
    let now = Instant::now();
    // Alone: another thread came on screen, so the cell selected was the old one's.
    let mut state = with_a_selected_cell(now);
    deliver(&mut state, LayerEvent::ThreadOpened, now);
    assert_eq!(kinds(&state), Vec::<&str>::new());

    // Over a picker: the selection closes and the picker under it hears the news too (it
    // closes, as a thread opened).
    let mut state = with_a_selected_cell(now);
    let picker = picker(&state);
    state.person_layers_mut().insert(0, picker);
    assert_eq!(kinds(&state), ["picker", "selected"]);
    deliver(&mut state, LayerEvent::ThreadOpened, now);
    assert_eq!(kinds(&state), Vec::<&str>::new());
}

#[test]
fn news_that_opens_a_view_opens_it_once_with_what_it_asks_for() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = deliver(&mut state, LayerEvent::PickerWanted, now);
    assert_eq!(kinds(&state), ["picker"]);
    let asked: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert!(
        asked.iter().any(|(method, _)| *method == "thread/list"),
        "the picker asks for its first page as it opens: {asked:?}"
    );

    // Wanted again while one is open: the open one hears it, no second picker opens over it.
    deliver(&mut state, LayerEvent::PickerWanted, now);
    assert_eq!(kinds(&state), ["picker"]);
}

#[test]
fn a_second_ask_to_confirm_opens_over_the_first_and_each_is_answered_in_turn() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let export =
        |path: &str| LayerEvent::ConfirmWanted(Confirmable::ExportOverwrite { path: path.into() });
    deliver(&mut state, export("/tmp/one.md"), now);
    assert_eq!(kinds(&state), ["confirm"]);
    // A question of its kind is open, so `opened_by` opens nothing: the open one hears the
    // news and opens the new ask over itself, rather than the ask being lost.
    deliver(&mut state, export("/tmp/two.md"), now);
    assert_eq!(kinds(&state), ["confirm", "confirm"]);
    let ask = |layer: &Layer| match layer {
        Layer::Confirm(confirm) => confirm.question(),
        other => panic!("{other:?}"),
    };
    assert!(ask(&state.person_layers()[1]).contains("two.md"));
    update(&mut state, key(KeyCode::Char('n')), now);
    assert_eq!(kinds(&state), ["confirm"]);
    assert!(ask(&state.person_layers()[0]).contains("one.md"));
}

#[test]
fn news_for_a_layer_that_has_closed_changes_nothing() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let cells = state.transcript().cells().len();
    for news in [
        LayerEvent::Models(Err("late".into())),
        LayerEvent::GitDiff {
            cwd: "/home/user/project".into(),
            result: Err("late".into()),
        },
        LayerEvent::TurnDiff {
            turn_id: "t1".into(),
        },
        LayerEvent::CellsPrepended(3),
        LayerEvent::ThreadOpened,
    ] {
        let effects = deliver(&mut state, news.clone(), now);
        assert!(
            effects
                .iter()
                .all(|e| matches!(e, tern::app::Effect::Redraw)),
            "{news:?} asked for {effects:?}"
        );
        assert!(state.person_layers().is_empty(), "{news:?} opened a layer");
        assert_eq!(
            state.transcript().cells().len(),
            cells,
            "{news:?} said something"
        );
    }
}
