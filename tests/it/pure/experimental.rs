//! `/experimental`: every page of `experimentalFeature/list` is read (for the thread), only the
//! beta features are listed; Space checks or unchecks (writing nothing), Enter writes every
//! change as `features."<name>"` in one `config/batchWrite` with `reloadUserConfig` (the exact
//! JSON) and closes, Esc writes nothing; after a write the list is read again: what codex then
//! reports is said, a write codex took but does not report is a warning. A codex without the
//! method says why.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn feature(name: &str, stage: &str, enabled: bool) -> Value {
    let beta = stage == "beta";
    json!({"name": name, "stage": stage,
        "displayName": beta.then(|| format!("{name} shown")),
        "description": beta.then(|| format!("what {name} does")),
        "announcement": beta.then_some(""), "enabled": enabled, "defaultEnabled": false})
}

fn listed(paged: bool, data: Vec<Value>, next: Option<&str>) -> AppEvent {
    reply(
        RequestTag::ListFeatures { paged },
        Ok(json!({"data": data, "nextCursor": next})),
    )
}

/// `/experimental` open, its list read (two pages) with `statusline` off.
fn open(now: Instant, statusline_on: bool) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/experimental");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [("experimentalFeature/list", json!({"threadId": THREAD}))]
    );
    let effects = wire(update(
        &mut state,
        listed(
            false,
            vec![
                feature("shell_tool", "stable", true),
                feature("statusline", "beta", statusline_on),
            ],
            Some("page-2"),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "experimentalFeature/list",
            json!({"cursor": "page-2", "threadId": THREAD})
        )],
        "the next page is asked for"
    );
    let effects = wire(update(
        &mut state,
        listed(
            true,
            vec![
                feature("network_proxy", "beta", false),
                feature("old_thing", "removed", false),
            ],
            None,
        ),
        now,
    ));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    state
}

#[test]
fn only_the_beta_features_of_every_page_are_listed() {
    let now = Instant::now();
    let mut state = open(now, false);
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("[ ] statusline shown"), "{shown}");
    assert!(
        shown.contains("statusline · what statusline does"),
        "{shown}"
    );
    assert!(shown.contains("[ ] network_proxy shown"), "{shown}");
    assert!(
        !shown.contains("shell_tool"),
        "a stable flag is not the person's: {shown}"
    );
    assert!(!shown.contains("old_thing"), "{shown}");
}

#[test]
fn space_checks_enter_saves_every_change_in_one_batch_and_reads_the_list_again() {
    let now = Instant::now();
    let mut state = open(now, false);
    // Space checks, writing nothing; on both features.
    let effects = wire(update(&mut state, key(KeyCode::Char(' ')), now));
    assert!(
        requests(&effects).is_empty(),
        "Space writes nothing: {effects:?}"
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("[x] statusline shown"), "{shown}");
    assert!(shown.contains("[ ] network_proxy shown"), "{shown}");
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    // Enter: one batch with both, and the box closes.
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let changes = vec![
        ("statusline".to_string(), true),
        ("network_proxy".to_string(), true),
    ];
    assert_eq!(
        requests(&effects),
        [(
            "config/batchWrite",
            json!({"edits": [
                {"keyPath": "features.\"statusline\"", "value": true, "mergeStrategy": "replace"},
                {"keyPath": "features.\"network_proxy\"", "value": true, "mergeStrategy": "replace"}
            ], "reloadUserConfig": true})
        )]
    );
    assert!(state.person_layers().is_empty(), "Enter saves and closes");
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::WriteFeatures { changes },
            Ok(
                json!({"status": "ok", "version": "sha256:1", "filePath": "/h/config.toml",
                "overriddenMetadata": null}),
            ),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [("experimentalFeature/list", json!({"threadId": THREAD}))],
        "listed again, for what codex now reports"
    );
    update(
        &mut state,
        listed(
            false,
            vec![
                feature("statusline", "beta", true),
                feature("network_proxy", "beta", true),
            ],
            None,
        ),
        now,
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Info);
    assert!(
        text.starts_with(
            "Experimental features statusline shown on, network_proxy shown on: saved in codex's config.toml"
        ),
        "{text}"
    );
    // Opened again, codex's own report is shown; Space unchecks, Enter saves it off.
    state.set_draft("/experimental");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        listed(false, vec![feature("statusline", "beta", true)], None),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("[x] statusline shown"), "{shown}");
    update(&mut state, key(KeyCode::Char(' ')), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects)[0].1["edits"][0]["value"], json!(false));
}

#[test]
fn esc_cancels_and_space_twice_leaves_nothing_to_save() {
    let now = Instant::now();
    let mut state = open(now, false);
    update(&mut state, key(KeyCode::Char(' ')), now);
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(
        requests(&effects).is_empty(),
        "Esc writes nothing: {effects:?}"
    );
    assert!(state.person_layers().is_empty());
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "Experimental features: nothing saved.".to_string()
        )
    );
    // Checked then unchecked: Enter has nothing to save (it is not even offered).
    let mut state = open(now, true);
    update(&mut state, key(KeyCode::Char(' ')), now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("[x] statusline shown"), "{shown}");
}

#[test]
fn a_write_codex_does_not_report_is_a_warning() {
    let now = Instant::now();
    let mut state = open(now, false);
    update(&mut state, key(KeyCode::Char(' ')), now);
    update(&mut state, key(KeyCode::Enter), now);
    let tag = RequestTag::WriteFeatures {
        changes: vec![("statusline".into(), true)],
    };
    update(&mut state, reply(tag, Ok(json!({"status": "ok"}))), now);
    update(
        &mut state,
        listed(false, vec![feature("statusline", "beta", false)], None),
        now,
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert!(text.contains("still reports it off"), "{text}");
}

#[test]
fn a_refused_write_is_said_and_a_codex_without_the_list_says_why() {
    let now = Instant::now();
    let mut state = open(now, false);
    update(&mut state, key(KeyCode::Char(' ')), now);
    update(&mut state, key(KeyCode::Enter), now);
    let tag = RequestTag::WriteFeatures {
        changes: vec![("statusline".into(), true)],
    };
    update(
        &mut state,
        reply(tag, Err("config is read-only".into())),
        now,
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert_eq!(
        text,
        "Could not save the experimental features (statusline on): config is read-only"
    );
    // Opened again: a codex without the list says why.
    state.set_draft("/experimental");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::ListFeatures { paged: false },
            Err("Invalid request: unknown variant `experimentalFeature/list`".into()),
        ),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Could not list the experimental features: Invalid request: unknown"),
        "{shown}"
    );
}
