//! `/apps`: `app/list` for the thread (the exact JSON), each app shown with its state —
//! connected, not connected (with where to connect it), off — and a refusal said in the box.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

pub(crate) fn app(name: &str, accessible: bool, enabled: bool, plugins: &[&str]) -> Value {
    json!({"id": name.to_lowercase(), "name": name, "description": format!("{name} for codex"),
        "logoUrl": null, "logoUrlDark": null, "iconAssets": null, "iconDarkAssets": null,
        "distributionChannel": null, "branding": null, "appMetadata": null, "labels": null,
        "installUrl": format!("https://chatgpt.com/apps/{}", name.to_lowercase()),
        "isAccessible": accessible, "isEnabled": enabled, "pluginDisplayNames": plugins})
}

fn open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/apps");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [("app/list", json!({"threadId": THREAD}))]
    );
    state
}

#[test]
fn apps_lists_each_app_with_its_state() {
    let now = Instant::now();
    let mut state = open(now);
    let data = json!({"data": [app("Gmail", true, true, &["Google"]), app("Linear", false, true, &[]),
        app("Slack", true, false, &[])], "nextCursor": null});
    update(&mut state, reply(RequestTag::ListApps, Ok(data)), now);
    let shown = screen(&mut state, 120, 40, now);
    for text in [
        "connected      Gmail  from Google",
        "Gmail for codex",
        "not connected  Linear",
        "connect: https://chatgpt.com/apps/linear",
        "off            Slack",
    ] {
        assert!(shown.contains(text), "{text}: {shown}");
    }
}

#[test]
fn a_codex_without_apps_says_why() {
    let now = Instant::now();
    let mut state = open(now);
    update(
        &mut state,
        reply(
            RequestTag::ListApps,
            Err("Invalid request: unknown variant `app/list`".into()),
        ),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Could not list the apps: Invalid request"),
        "{shown}"
    );
    let mut state = open(now);
    update(
        &mut state,
        reply(
            RequestTag::ListApps,
            Ok(json!({"data": [], "nextCursor": null})),
        ),
        now,
    );
    assert!(screen(&mut state, 120, 40, now).contains("No apps."));
}
