//! End to end with the real `codex app-server` 0.171, offline: a marketplace declared in the
//! workspace (`.agents/plugins/marketplace.json`, one local plugin with a skill and an MCP
//! server) is listed in `/plugins`, found by typing, read (what would run), installed after
//! `i` then `y` — codex writes `plugins."hello@local-test"` in config.toml and copies the
//! plugin under CODEX_HOME/plugins/cache — and uninstalled after `u` then `y`.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use std::path::Path;

fn write_marketplace(root: &Path) {
    let plugin = root.join("plugins/hello");
    std::fs::create_dir_all(root.join(".agents/plugins")).unwrap();
    std::fs::create_dir_all(plugin.join(".codex-plugin")).unwrap();
    std::fs::create_dir_all(plugin.join("skills/greet")).unwrap();
    std::fs::write(
        root.join(".agents/plugins/marketplace.json"),
        r#"{"name": "local-test", "plugins": [{"name": "hello",
            "source": {"source": "local", "path": "./plugins/hello"},
            "policy": {"installation": "AVAILABLE", "authentication": "ON_INSTALL"}}]}"#,
    )
    .unwrap();
    std::fs::write(
        plugin.join(".codex-plugin/plugin.json"),
        r#"{"name": "hello", "version": "1.0.0", "description": "Says hello",
            "skills": "./skills/", "mcpServers": "./.mcp.json",
            "interface": {"displayName": "Hello plugin", "shortDescription": "Greets"}}"#,
    )
    .unwrap();
    std::fs::write(
        plugin.join("skills/greet/SKILL.md"),
        "---\nname: greet\ndescription: Greet the person\n---\nSay hello.\n",
    )
    .unwrap();
    std::fs::write(
        plugin.join(".mcp.json"),
        r#"{"mcpServers": {"echo-server": {"command": "echo", "args": ["hi"]}}}"#,
    )
    .unwrap();
}

#[test]
fn a_local_plugin_is_read_installed_and_uninstalled_after_confirming_keys() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    write_marketplace(f.env.workspace());
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/plugins");
    tern.wait_for_text("│/plugins", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Hello plugin", WAIT);
    tern.send(b"hel");
    tern.wait_for_text("Search: hel", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("MCP servers it starts (1)", WAIT);
    tern.wait_for_text("echo-server", WAIT);
    tern.wait_for_text("hello:greet — Greet the person", WAIT);
    tern.send(b"i");
    tern.wait_for_text("╭ Install the plugin?", WAIT);
    tern.wait_for_text("It brings MCP servers:", WAIT);
    tern.send(b"n");
    tern.wait_for_text("i installs", WAIT);
    let config = f.env.config_path();
    let read = || std::fs::read_to_string(&config).unwrap_or_default();
    assert!(!read().contains("hello@local-test"), "installed without y");
    tern.send(b"i");
    tern.wait_for_text("╭ Install the plugin?", WAIT);
    tern.wait_for_text("It brings MCP servers:", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Plugin installed: Hello plugin", WAIT);
    tern.wait_for_text("local-test · installed", WAIT);
    assert!(
        read().contains("[plugins.\"hello@local-test\"]"),
        "{}",
        read()
    );
    let cache = f.env.codex_home().join("plugins/cache/local-test/hello");
    assert!(cache.exists(), "{}", f.context());
    tern.send(b"u");
    tern.wait_for_text("Uninstall “Hello plugin”?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Plugin uninstalled: Hello plugin.", WAIT);
    tern.wait_for_text("local-test · not installed", WAIT);
    assert!(!read().contains("hello@local-test"), "{}", read());
    assert!(!cache.exists());
    tern.quit_with(b"\x1b\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn apps_lists_what_codex_offers_signed_out() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/apps");
    tern.wait_for_text("│/apps", WAIT);
    tern.send(b"\r");
    // Signed out with the mock provider, codex 0.171 answers an empty list.
    tern.wait_for_text(
        "No apps. Apps (connectors) come with a ChatGPT sign-in",
        WAIT,
    );
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}
