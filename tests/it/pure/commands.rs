//! Slash commands: the welcome screen, the slash popup (filtering, completion, running, Esc,
//! unknown commands), `/status`, the `/model` and `/approvals` pickers changing the next
//! `turn/start`, and what `/fork`, `/rename` and `/compact` ask and how their answers land.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

/// A started thread whose `thread/start` answer names its policies, as the real server's does.
fn session(now: Instant, model: &str) -> AppState {
    started(
        AppState::new(config()),
        json!({"userAgent": "x"}),
        json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": model,
            "cwd": "/home/user/project",
            "approvalPolicy": "on-request",
            "sandbox": {"type": "workspaceWrite", "writableRoots": [], "networkAccess": false},
            "reasoningEffort": "medium",
        }),
        now,
    )
}

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn enter(state: &mut AppState, now: Instant) -> Vec<Effect> {
    wire(update(state, key(KeyCode::Enter), now))
}

fn popup_open(state: &AppState) -> bool {
    matches!(
        state.composer_list(),
        Some(tern::app::layers::Layer::Commands(_))
    )
}

/// The prompt "go" sent; the `turn/start` params it produced.
fn next_turn_start(state: &mut AppState, now: Instant) -> Value {
    type_text(state, "go", now);
    let sent = requests(&enter(state, now));
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "turn/start");
    sent[0].1.clone()
}

#[test]
fn an_empty_transcript_welcomes_with_the_settings_and_the_keys() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    let shown = screen(&mut state, 80, 24, now);
    snapshot!("welcome_80x24", &shown);
    assert!(
        shown.contains("model      gpt-test · medium reasoning"),
        "{shown}"
    );
    assert!(shown.contains("sandbox    workspace-write"), "{shown}");
    assert!(shown.contains("approvals  on-request"), "{shown}");
    assert!(
        shown.contains("/ commands   ? keys   Ctrl+C quit"),
        "{shown}"
    );
    // The conversation starts: the welcome goes.
    type_text(&mut state, "hello", now);
    enter(&mut state, now);
    let shown = screen(&mut state, 80, 24, now);
    assert!(!shown.contains("? keys   Ctrl+C quit"), "{shown}");
    assert!(shown.contains("hello"), "{shown}");
}

#[test]
fn the_welcome_shows_hostile_server_values_as_text() {
    let now = Instant::now();
    let mut state = session(now, "evil\x1b]0;pwned\x07\x1b[2Jmodel");
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        !shown.contains('\x1b') && !shown.contains('\x07'),
        "{shown:?}"
    );
    assert!(shown.contains("evil"), "{shown}");
}

#[test]
fn slash_opens_the_popup_and_typing_filters_it_while_reaching_the_composer() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/", now);
    assert!(popup_open(&state));
    assert_eq!(state.draft(), "/");
    let all = screen(&mut state, 100, 30, now);
    assert!(all.contains("/new") && all.contains("/compact"), "{all}");
    type_text(&mut state, "re", now);
    assert_eq!(state.draft(), "/re", "typing goes into the composer");
    let shown = screen(&mut state, 100, 30, now);
    snapshot!("slash_popup_filtered_100x30", &shown);
    assert!(shown.contains("/resume") && shown.contains("/rename NAME"));
    assert!(!shown.contains("/status"), "{shown}");
    // Fuzzy: letters in order.
    update(&mut state, key(KeyCode::Backspace), now);
    update(&mut state, key(KeyCode::Backspace), now);
    type_text(&mut state, "mdl", now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("/model"), "{shown}");
    // Deleting the slash closes it.
    for _ in 0..4 {
        update(&mut state, key(KeyCode::Backspace), now);
    }
    assert!(state.draft_is_empty());
    assert!(!popup_open(&state));
}

#[test]
fn tab_completes_the_selected_command_and_enter_runs_it() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/re", now);
    // ↓ selects the second match, /rename, which takes an argument: Tab completes it with a
    // space and the popup closes for the argument.
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(state.draft(), "/rename ");
    assert!(!popup_open(&state));
    type_text(&mut state, "Better name", now);
    let sent = requests(&enter(&mut state, now));
    assert_eq!(
        sent,
        [(
            "thread/name/set",
            json!({"threadId": THREAD, "name": "Better name"})
        )]
    );
    // Enter on a command without argument runs it at once.
    type_text(&mut state, "/sta", now);
    assert!(enter(&mut state, now).is_empty());
    assert!(matches!(state.layers.person.last(), Some(Layer::Status(_))));
    assert!(state.draft_is_empty());
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.layers.person.is_empty());
}

#[test]
fn enter_on_a_command_that_wants_an_argument_completes_it() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/ren", now);
    assert!(enter(&mut state, now).is_empty());
    assert_eq!(state.draft(), "/rename ");
}

#[test]
fn esc_closes_the_popup_and_keeps_the_text() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/mo", now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(!popup_open(&state));
    assert_eq!(state.draft(), "/mo");
    assert_eq!(
        *state.turn(),
        tern::app::TurnPhase::Idle,
        "Esc did not interrupt"
    );
}

#[test]
fn an_unknown_command_warns_with_the_closest_and_keeps_the_text() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/modle", now);
    assert!(enter(&mut state, now).is_empty(), "nothing is sent");
    assert_eq!(state.draft(), "/modle");
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert_eq!(
        text,
        "Unknown command /modle. Did you mean /model? /help lists the commands."
    );
    snapshot!(
        "slash_unknown_command_80x20",
        &screen(&mut state, 80, 20, now),
    );
}

#[test]
fn a_path_is_a_prompt_not_a_command() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/usr/bin/env is odd", now);
    assert!(!popup_open(&state));
    let sent = requests(&enter(&mut state, now));
    assert_eq!(sent[0].0, "turn/start");
}

#[test]
fn status_shows_the_thread_policies_tokens_and_rate_limits() {
    let now = Instant::now();
    let mut config = config();
    config.wall_clock = Some(tern::app::WallClock {
        unix_secs: 1_000_000,
        at: now,
    });
    let mut state = started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": "gpt-test", "cwd": "/home/user/project",
            "approvalPolicy": "never", "sandbox": {"type": "readOnly"},
        }),
        now,
    );
    update(
        &mut state,
        notify(
            "thread/tokenUsage/updated",
            json!({"threadId": THREAD, "turnId": "t1", "tokenUsage": {
                "total": {"totalTokens": 12000, "inputTokens": 11000, "cachedInputTokens": 4000,
                          "outputTokens": 1000, "reasoningOutputTokens": 0},
                "last": {"totalTokens": 6400, "inputTokens": 6000, "cachedInputTokens": 0,
                         "outputTokens": 400, "reasoningOutputTokens": 0},
                "modelContextWindow": 128000}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "account/rateLimits/updated",
            json!({"rateLimits": {"limitId": null, "limitName": null,
                "primary": {"usedPercent": 42.0, "windowDurationMins": 300, "resetsAt": 1_003_600},
                "secondary": null, "credits": null, "planType": null}}),
        ),
        now,
    );
    type_text(&mut state, "/status", now);
    enter(&mut state, now);
    let shown = screen(&mut state, 100, 30, now);
    snapshot!("status_100x30", &shown);
    for expected in [
        "Thread       thread-1",
        "Model        gpt-test",
        "Directory    /home/user/project",
        "Sandbox      read-only",
        "Approvals    never",
        "12000 total (11000 input, 4000 cached, 1000 output)",
        "6400 of 128000 tokens (5% used)",
        "42% of the 5-hour limit used, resets in 1h 0m",
    ] {
        assert!(shown.contains(expected), "{expected:?} missing:\n{shown}");
    }
}

fn models_answer() -> AppEvent {
    reply(
        RequestTag::ListModels,
        Ok(json!({"data": [
            {"id": "gpt-test", "model": "gpt-test", "displayName": "gpt-test",
             "description": "the current one", "hidden": false, "isDefault": true,
             "supportedReasoningEfforts": [], "defaultReasoningEffort": "medium"},
            {"id": "hidden", "model": "hidden-model", "displayName": "hidden", "description": "",
             "hidden": true, "supportedReasoningEfforts": [], "defaultReasoningEffort": "low"},
            {"id": "deep", "model": "deep-model", "displayName": "Deep\u{1b}[31m",
             "description": "thinks \u{1b}]0;x\u{7}hard", "hidden": false, "isDefault": false,
             "supportedReasoningEfforts": [
                 {"reasoningEffort": "low", "description": "quick"},
                 {"reasoningEffort": "high", "description": "slow"}],
             "defaultReasoningEffort": "low"}
        ], "nextCursor": null})),
    )
}

#[test]
fn the_model_picker_changes_the_next_turn_start_model_and_effort() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/model", now);
    let sent = requests(&enter(&mut state, now));
    assert_eq!(sent, [("model/list", json!({"limit": 100}))]);
    assert!(screen(&mut state, 100, 30, now).contains("Loading the models…"));
    update(&mut state, models_answer(), now);
    let shown = screen(&mut state, 100, 30, now);
    snapshot!("model_picker_100x30", &shown);
    assert!(
        !shown.contains("hidden"),
        "hidden models are left out:\n{shown}"
    );
    assert!(
        !shown.contains('\x1b') && !shown.contains('\x07'),
        "{shown:?}"
    );
    // The second model offers efforts: they come next, its default selected.
    update(&mut state, key(KeyCode::Down), now);
    enter(&mut state, now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("quick") && shown.contains("slow"), "{shown}");
    update(&mut state, key(KeyCode::Down), now);
    enter(&mut state, now);
    assert!(state.layers.person.is_empty());
    assert_eq!(
        last_notice(&state).1,
        "The next turn uses deep-model with high reasoning effort."
    );
    let params = next_turn_start(&mut state, now);
    assert_eq!(params["model"], "deep-model");
    assert_eq!(params["effort"], "high");
    assert!(screen(&mut state, 100, 30, now).contains("deep-model"));
}

#[test]
fn a_model_without_efforts_is_chosen_at_once_and_a_failed_list_says_why() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    // Nothing chosen: the next turn carries no overrides.
    let params = next_turn_start(&mut state, now);
    assert!(params.get("model").is_none() && params.get("effort").is_none());
    let mut state = session(now, "other");
    type_text(&mut state, "/model", now);
    enter(&mut state, now);
    update(&mut state, models_answer(), now);
    enter(&mut state, now);
    let params = next_turn_start(&mut state, now);
    assert_eq!(params["model"], "gpt-test");
    assert!(params.get("effort").is_none());

    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/model", now);
    enter(&mut state, now);
    update(
        &mut state,
        reply(RequestTag::ListModels, Err("no models here".into())),
        now,
    );
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("Could not list the models: no models here"),
        "{shown}"
    );
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.layers.person.is_empty());
}

#[test]
fn approvals_change_the_next_turn_policy_and_sandbox() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/approvals", now);
    enter(&mut state, now);
    let shown = screen(&mut state, 100, 30, now);
    snapshot!("approvals_picker_100x30", &shown);
    // "Auto" (on-request, workspace-write) is what the thread runs with: marked and selected.
    assert!(shown.contains("● Auto"), "{shown}");
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    enter(&mut state, now);
    let params = next_turn_start(&mut state, now);
    assert_eq!(params["approvalPolicy"], "never");
    assert_eq!(params["sandboxPolicy"], json!({"type": "dangerFullAccess"}));
    assert!(
        screen(&mut state, 100, 30, now).contains("approval never and sandbox danger-full-access")
    );
}

#[test]
fn fork_asks_for_a_copy_of_this_thread_and_opens_it() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/fork", now);
    let sent = requests(&enter(&mut state, now));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, "thread/fork");
    assert_eq!(sent[0].1["threadId"], THREAD);
    assert_eq!(sent[0].1["excludeTurns"], true);
    update(
        &mut state,
        reply(
            RequestTag::ForkThread,
            Ok(json!({
                "thread": {"id": "fork-1", "preview": "", "turns": [], "forkedFromId": THREAD},
                "model": "gpt-test", "cwd": "/home/user/project",
                "approvalPolicy": "never", "sandbox": {"type": "dangerFullAccess"},
            })),
        ),
        now,
    );
    assert_eq!(state.thread_id(), Some("fork-1"));
    assert!(last_notice(&state)
        .1
        .starts_with("Forked into thread fork-1"));
    // The fork's own policies are what the next turn runs with.
    assert_eq!(
        tern::session::turn_settings::sandbox(&state.session).as_deref(),
        Some("danger-full-access")
    );
}

#[test]
fn fork_and_compact_wait_for_a_running_turn() {
    let now = Instant::now();
    let mut state = running_state(now);
    for command in ["/fork", "/compact"] {
        type_text(&mut state, command, now);
        assert!(requests(&enter(&mut state, now)).is_empty(), "{command}");
        assert!(last_notice(&state).1.starts_with("A turn is running"));
    }
}

#[test]
fn rename_lands_as_a_notice_and_needs_a_name() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/rename x", now);
    enter(&mut state, now);
    let answer = |result| {
        reply(
            RequestTag::SetThreadName {
                thread_id: THREAD.into(),
                name: "x".into(),
            },
            result,
        )
    };
    update(&mut state, answer(Ok(json!({}))), now);
    assert_eq!(
        last_notice(&state),
        (NoticeLevel::Info, "Renamed this thread to x.".into())
    );
    update(
        &mut state,
        answer(Err("thread name must not be empty".into())),
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Error,
            "Could not rename: thread name must not be empty".into()
        )
    );
    // No name: a usage hint, and the command stays to be finished.
    type_text(&mut state, "/rename   ", now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(requests(&enter(&mut state, now)).is_empty());
    assert_eq!(last_notice(&state).1, "Usage: /rename NAME");
    assert_eq!(state.draft(), "/rename ");
}

#[test]
fn compact_starts_the_compaction_and_its_turn_shows_like_any_other() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/compact", now);
    let sent = requests(&enter(&mut state, now));
    assert_eq!(
        sent,
        [("thread/compact/start", json!({"threadId": THREAD}))]
    );
    update(
        &mut state,
        reply(RequestTag::CompactThread, Ok(json!({}))),
        now,
    );
    let turn = |status: &str| json!({"id": "c1", "items": [], "status": status});
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": turn("inProgress")}),
        ),
        now,
    );
    assert!(state.turn_active());
    let item = json!({"threadId": THREAD, "turnId": "c1",
                      "item": {"type": "contextCompaction", "id": "i1"}});
    update(&mut state, notify("item/started", item.clone()), now);
    update(&mut state, notify("item/completed", item), now);
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": turn("completed")}),
        ),
        now,
    );
    assert!(!state.turn_active());
    assert!(screen(&mut state, 80, 20, now).contains("Context compacted"));
    // Refused: said, not silent.
    type_text(&mut state, "/compact", now);
    enter(&mut state, now);
    update(
        &mut state,
        reply(RequestTag::CompactThread, Err("nothing to compact".into())),
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Error,
            "Could not compact: nothing to compact".into()
        )
    );
}

#[test]
fn help_opens_the_key_list_with_the_commands() {
    let now = Instant::now();
    let mut state = session(now, "gpt-test");
    type_text(&mut state, "/help", now);
    enter(&mut state, now);
    let Some(Layer::Help(help)) = state.layers.person.last() else {
        panic!("no help: {:?}", state.layers.person.last());
    };
    let keys: Vec<&str> = help
        .sections
        .iter()
        .flat_map(|(_, hints)| hints)
        .map(|h| h.keys.as_str())
        .collect();
    for command in [
        "/model",
        "/approvals",
        "/status",
        "/compact",
        "/fork",
        "/rename NAME",
    ] {
        assert!(keys.contains(&command), "{command} missing from {keys:?}");
    }
}

#[test]
fn quit_and_its_aliases_quit() {
    let now = Instant::now();
    for command in ["/quit", "/exit", "/q"] {
        let mut state = session(now, "gpt-test");
        type_text(&mut state, command, now);
        // Esc first: the popup's selection would otherwise run the first match of "/q".
        update(&mut state, key(KeyCode::Esc), now);
        assert!(enter(&mut state, now).contains(&Effect::Quit), "{command}");
    }
}
