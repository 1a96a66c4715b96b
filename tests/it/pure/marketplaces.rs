//! `/plugins`' marketplaces, to the exact JSON sent: Ctrl+A opens a source line and Enter
//! sends `marketplace/add {source}` (a `./` path made whole from the work folder; Esc sends
//! nothing); Ctrl+X asks "Remove the marketplace “…”?" naming the selected plugin's, and only
//! `y` sends `marketplace/remove {marketplaceName}`; Ctrl+U likewise `marketplace/upgrade`,
//! for the selected plugin's marketplace or, with nothing listed, every git one (`{}`). Each
//! answer is said and the list asked again. Answers are codex 0.171's, recorded live.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

const MARKET: &str = "/home/user/project/.agents/plugins/marketplace.json";

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn open(plugins: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    let plugin = json!({"id": "hello@local-test", "name": "hello", "installed": false,
        "interface": {"displayName": "Hello plugin", "shortDescription": "Greets"}});
    let list = if plugins {
        json!({"marketplaces": [{"name": "local-test", "path": MARKET, "plugins": [plugin]}]})
    } else {
        json!({"marketplaces": []})
    };
    update(&mut state, reply(RequestTag::ListPlugins, Ok(list)), now);
    state
}

fn add(state: &mut AppState, source: &str, now: Instant) -> Vec<(&'static str, Value)> {
    update(state, ctrl('a'), now);
    type_text(state, source, now);
    requests(&wire(update(state, key(KeyCode::Enter), now)))
}

#[test]
fn ctrl_a_adds_a_marketplace_from_the_source_typed() {
    let now = Instant::now();
    let mut state = open(true, now);
    update(&mut state, ctrl('a'), now);
    type_text(&mut state, "owner/rep", now);
    update(&mut state, key(KeyCode::Backspace), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Add a marketplace from: owner/re▏"),
        "{shown}"
    );
    assert!(
        shown.contains("Enter adds the marketplace · Esc cancels"),
        "{shown}"
    );
    // Typing here searches nothing.
    assert!(shown.contains("Search: ▏"), "{shown}");
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    let shown = screen(&mut state, 120, 40, now);
    assert!(!shown.contains("Add a marketplace from"), "{shown}");
    assert!(
        shown.contains("Hello plugin"),
        "Esc closed /plugins: {shown}"
    );
    assert_eq!(
        add(&mut state, "owner/repo", now),
        [("marketplace/add", json!({"source": "owner/repo"}))]
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Adding the marketplace owner/repo…"),
        "{shown}"
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::AddMarketplace {
                source: "owner/repo".into(),
            },
            Ok(json!({"marketplaceName": "git-market",
                "installedRoot": "/h/.tmp/marketplaces/git-market", "alreadyAdded": false})),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [("plugin/list", json!({"cwds": ["/home/user/project"]}))]
    );
    let said = "Marketplace added: git-market (/h/.tmp/marketplaces/git-market).";
    assert!(screen(&mut state, 120, 40, now).contains(said));
    assert_eq!(last_notice(&state).0, NoticeLevel::Info);
}

#[test]
fn a_relative_folder_is_the_work_folders_and_a_refusal_is_said() {
    let now = Instant::now();
    let mut state = open(true, now);
    assert_eq!(
        add(&mut state, "./market", now),
        [(
            "marketplace/add",
            json!({"source": "/home/user/project/market"})
        )]
    );
    update(
        &mut state,
        reply(
            RequestTag::AddMarketplace {
                source: "/home/user/project/market".into(),
            },
            Err("local marketplace source must be a directory, not a file".into()),
        ),
        now,
    );
    let shown = screen(&mut state, 140, 40, now);
    assert!(
        shown.contains("Could not add the marketplace /home/user/project/market: local marketplace source must be a directory"),
        "{shown}"
    );
    assert_eq!(last_notice(&state).0, NoticeLevel::Warning);
    // A paste goes into the source line.
    update(&mut state, ctrl('a'), now);
    update(
        &mut state,
        AppEvent::Paste("https://example.com/m.git\n".into()),
        now,
    );
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [(
            "marketplace/add",
            json!({"source": "https://example.com/m.git"})
        )]
    );
}

#[test]
fn ctrl_x_removes_the_selected_plugins_marketplace_after_y() {
    let now = Instant::now();
    let mut state = open(true, now);
    update(&mut state, ctrl('x'), now);
    let shown = screen(&mut state, 140, 40, now);
    assert!(
        shown.contains("Remove the marketplace “local-test”?"),
        "{shown}"
    );
    let effects = wire(update(&mut state, key(KeyCode::Char('n')), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    assert_eq!(last_notice(&state).1, "The marketplace is kept.");
    update(&mut state, ctrl('x'), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        requests(&effects),
        [(
            "marketplace/remove",
            json!({"marketplaceName": "local-test"})
        )]
    );
    // codex 0.171 removes only a marketplace it added; a repository's own is refused.
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::RemoveMarketplace {
                name: "local-test".into(),
            },
            Err("marketplace `local-test` is not configured or installed".into()),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [("plugin/list", json!({"cwds": ["/home/user/project"]}))]
    );
    let shown = screen(&mut state, 140, 40, now);
    assert!(
        shown.contains(
            "Could not remove the marketplace local-test: marketplace `local-test` is not configured or installed"
        ),
        "{shown}"
    );
    update(&mut state, ctrl('x'), now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::RemoveMarketplace {
                name: "local-test".into(),
            },
            Ok(json!({"marketplaceName": "local-test", "installedRoot": null})),
        ),
        now,
    );
    assert_eq!(last_notice(&state).1, "Marketplace removed: local-test.");
}

#[test]
fn ctrl_u_upgrades_the_named_marketplace_or_every_git_one() {
    let now = Instant::now();
    let mut state = open(true, now);
    // From the plugin's details too.
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, ctrl('u'), now);
    let shown = screen(&mut state, 140, 40, now);
    assert!(
        shown.contains("Upgrade the marketplace “local-test”?"),
        "{shown}"
    );
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        requests(&effects),
        [(
            "marketplace/upgrade",
            json!({"marketplaceName": "local-test"})
        )]
    );
    update(
        &mut state,
        reply(
            RequestTag::UpgradeMarketplace {
                name: Some("local-test".into()),
            },
            Ok(
                json!({"selectedMarketplaces": ["local-test"], "upgradedRoots": [],
                "errors": []}),
            ),
        ),
        now,
    );
    assert_eq!(last_notice(&state).1, "Up to date: local-test.");

    let mut state = open(false, now);
    update(&mut state, ctrl('u'), now);
    let shown = screen(&mut state, 140, 40, now);
    assert!(
        shown.contains("Upgrade every marketplace added from git?"),
        "{shown}"
    );
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(requests(&effects), [("marketplace/upgrade", json!({}))]);
    update(
        &mut state,
        reply(
            RequestTag::UpgradeMarketplace { name: None },
            Ok(json!({"selectedMarketplaces": ["git-market"],
                "upgradedRoots": ["/h/.tmp/marketplaces/git-market"],
                "errors": [{"marketplaceName": "other", "message": "git fetch failed"}]})),
        ),
        now,
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert_eq!(text, "Could not upgrade other: git fetch failed");
    // Ctrl+X with no plugin asks nothing.
    update(&mut state, ctrl('x'), now);
    assert!(!screen(&mut state, 140, 40, now).contains("Remove the marketplace"));
}
