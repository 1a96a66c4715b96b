//! `/plugins`: `plugin/list` with the work folder (exact JSON); typing searches the list;
//! Enter reads the selected plugin (`plugin/read` by its marketplace file, or by name for a
//! remote one); `i` then `y` installs (`plugin/install`), `u` then `y` uninstalls
//! (`plugin/uninstall {pluginId}`), `n` or Esc in the one confirm box sends nothing; after either, the list and
//! the details are read again. A codex without the method says why.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

const MARKET: &str = "/home/user/project/.agents/plugins/marketplace.json";

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn summary(name: &str, shown: &str, what: &str, market: &str, installed: bool) -> Value {
    json!({"id": format!("{name}@{market}"), "remotePluginId": null, "version": null,
        "localVersion": "1.0.0", "name": name, "shareContext": null,
        "source": {"type": "local", "path": format!("/p/{name}")}, "installed": installed,
        "installedAt": null, "enabled": installed, "installPolicy": "AVAILABLE",
        "installPolicySource": null, "mustShowInstallationInterstitial": null,
        "authPolicy": "ON_INSTALL", "availability": "AVAILABLE", "disabledReason": null,
        "eligiblePlanTypes": null, "interface": {"displayName": shown, "shortDescription": what,
        "longDescription": null, "developerName": null, "category": "Productivity",
        "capabilities": [], "screenshots": [], "screenshotUrls": []}, "keywords": []})
}

fn list_answer(hello_installed: bool) -> Value {
    json!({"marketplaces": [
        {"name": "local-test", "path": MARKET, "interface": null, "plugins": [
            summary("hello", "Hello plugin", "Greets", "local-test", hello_installed),
            summary("lint", "Linter", "Checks style", "local-test", false)]},
        {"name": "openai-curated", "path": null, "interface": null, "plugins": [
            summary("gmail", "Gmail", "Reads mail", "openai-curated", false)]}],
        "marketplaceLoadErrors": [{"marketplacePath": "/x/marketplace.json",
            "message": "invalid JSON"}], "featuredPluginIds": []})
}

fn detail_answer(installed: bool) -> Value {
    json!({"plugin": {"marketplaceName": "local-test", "marketplacePath": MARKET,
        "summary": summary("hello", "Hello plugin", "Greets", "local-test", installed),
        "shareUrl": null, "description": "Says hello",
        "skills": [{"name": "hello:greet", "description": "Greet the person",
            "shortDescription": null, "interface": null, "path": "/p/SKILL.md", "enabled": true}],
        "onboardingSkill": null, "hooks": [{"key": "k1", "eventName": "sessionStart"}],
        "apps": [], "appTemplates": [], "mcpServers": ["echo"], "scheduledTasks": null}})
}

fn open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [("plugin/list", json!({"cwds": ["/home/user/project"]}))]
    );
    update(
        &mut state,
        reply(RequestTag::ListPlugins, Ok(list_answer(false))),
        now,
    );
    state
}

#[test]
fn the_plugins_of_every_marketplace_are_listed_and_typing_searches() {
    let now = Instant::now();
    let mut state = open(now);
    let shown = screen(&mut state, 120, 40, now);
    for text in [
        "Hello plugin",
        "Linter",
        "Gmail",
        "Marketplaces that did not load:",
        "/x/marketplace.json: invalid JSON",
    ] {
        assert!(shown.contains(text), "{text}: {shown}");
    }
    type_text(&mut state, "mail", now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Search: mail"), "{shown}");
    assert!(
        shown.contains("Gmail") && !shown.contains("Linter"),
        "{shown}"
    );
    // A remote marketplace's plugin is read by the marketplace's name.
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [(
            "plugin/read",
            json!({"remoteMarketplaceName": "openai-curated", "pluginName": "gmail"})
        )]
    );
}

#[test]
fn install_names_what_runs_and_waits_for_y() {
    let now = Instant::now();
    let mut state = open(now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [(
            "plugin/read",
            json!({"marketplacePath": MARKET, "pluginName": "hello"})
        )]
    );
    update(
        &mut state,
        reply(RequestTag::ReadPlugin, Ok(detail_answer(false))),
        now,
    );
    let shown = screen(&mut state, 140, 40, now);
    for text in [
        "MCP servers it starts (1)",
        "  echo",
        "Hooks it runs (1)",
        "sessionStart (k1)",
        "hello:greet — Greet the person",
        "not installed",
    ] {
        assert!(shown.contains(text), "{text}: {shown}");
    }
    update(&mut state, key(KeyCode::Char('i')), now);
    assert_eq!(
        asked(&state).as_deref(),
        Some(
            "Install “Hello plugin”? It brings MCP servers: echo; hooks: sessionStart; 1 skill \
             — codex runs them."
        ),
        "the one confirm box names what will run"
    );
    let shown = screen(&mut state, 140, 40, now);
    assert!(shown.contains("Install the plugin?"), "{shown}");
    let effects = wire(update(&mut state, key(KeyCode::Char('n')), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    assert_eq!(asked(&state), None, "n keeps it and leaves the question");
    update(&mut state, key(KeyCode::Char('i')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        requests(&effects),
        [(
            "plugin/install",
            json!({"marketplacePath": MARKET, "pluginName": "hello"})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::InstallPlugin {
                id: "hello@local-test".into(),
            },
            Ok(json!({"authPolicy": "ON_INSTALL", "appsNeedingAuth": []})),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [
            ("plugin/list", json!({"cwds": ["/home/user/project"]})),
            (
                "plugin/read",
                json!({"marketplacePath": MARKET, "pluginName": "hello"})
            )
        ]
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Info);
    assert!(
        text.starts_with("Plugin installed: Hello plugin."),
        "{text}"
    );
    update(
        &mut state,
        reply(RequestTag::ListPlugins, Ok(list_answer(true))),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::ReadPlugin, Ok(detail_answer(true))),
        now,
    );
    // Installed: u then y uninstalls by id.
    update(&mut state, key(KeyCode::Char('u')), now);
    assert_eq!(
        asked(&state).as_deref(),
        Some("Uninstall “Hello plugin”? Its skills, MCP servers and hooks stop.")
    );
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        requests(&effects),
        [("plugin/uninstall", json!({"pluginId": "hello@local-test"}))]
    );
}

#[test]
fn a_refused_install_and_a_codex_without_plugins_say_why() {
    let now = Instant::now();
    let mut state = open(now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(RequestTag::ReadPlugin, Ok(detail_answer(false))),
        now,
    );
    update(&mut state, key(KeyCode::Char('i')), now);
    update(&mut state, key(KeyCode::Char('y')), now);
    update(
        &mut state,
        reply(
            RequestTag::InstallPlugin {
                id: "hello@local-test".into(),
            },
            Err("plugin is disabled by your admin".into()),
        ),
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Warning,
            "Could not install the plugin Hello plugin: plugin is disabled by your admin".into()
        )
    );
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::ListPlugins,
            Err("Invalid request: unknown variant `plugin/list`".into()),
        ),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Could not list the plugins: Invalid request"),
        "{shown}"
    );
}
