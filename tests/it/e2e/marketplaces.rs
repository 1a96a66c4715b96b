//! End to end with the real `codex app-server` 0.171, offline: `/plugins`' search asks codex
//! as you type (a plugin found by its keyword); Ctrl+A adds a marketplace from a local folder
//! (codex writes `[marketplaces.<name>]` to config.toml and lists its plugins) and Ctrl+X
//! removes it after `y` (not after `n`); a git marketplace — `https://example.invalid/…`,
//! which `HOME/.gitconfig`'s `insteadOf` points at a local repository — is added, and Ctrl+U
//! upgrades it after `y`: a plugin committed since is listed.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use std::path::Path;
use std::process::Command;

/// A marketplace `name` in `root` (`.agents/plugins/marketplace.json`), with `plugins`
/// (name, display name, keyword) as local plugins.
fn write_marketplace(root: &Path, name: &str, plugins: &[(&str, &str, &str)]) {
    std::fs::create_dir_all(root.join(".agents/plugins")).unwrap();
    let mut entries = vec![];
    for (plugin, shown, keyword) in plugins {
        let dir = root.join("plugins").join(plugin).join(".codex-plugin");
        std::fs::create_dir_all(&dir).unwrap();
        let manifest = serde_json::json!({"name": plugin, "version": "1.0.0",
            "description": "A plugin", "keywords": [keyword],
            "interface": {"displayName": shown, "shortDescription": "Does things"}});
        std::fs::write(dir.join("plugin.json"), manifest.to_string()).unwrap();
        entries.push(serde_json::json!({"name": plugin,
            "source": {"source": "local", "path": format!("./plugins/{plugin}")},
            "policy": {"installation": "AVAILABLE", "authentication": "ON_INSTALL"}}));
    }
    let market = serde_json::json!({"name": name, "plugins": entries});
    std::fs::write(
        root.join(".agents/plugins/marketplace.json"),
        market.to_string(),
    )
    .unwrap();
}

fn git(repo: &Path, home: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(repo)
        .env("HOME", home)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {out:?}");
}

#[test]
fn search_asks_codex_and_a_local_marketplace_is_added_and_removed() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    write_marketplace(
        f.env.workspace(),
        "local-test",
        &[("hello", "Hello plugin", "wave")],
    );
    let other = f.env.home().join("other");
    write_marketplace(&other, "other-market", &[("fmt", "Formatter", "pretty")]);
    let mut tern = f.ready(&[], (140, 40));
    tern.send(b"/plugins");
    tern.wait_for_text("│/plugins", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Hello plugin", WAIT);
    tern.send(b"wave");
    tern.wait_for_text("Search: wave", WAIT);
    // codex answered (the search is no longer out) and the plugin stands.
    tern.wait_until(WAIT, |s| {
        s.contains("Hello plugin") && !s.contains("searching…")
    })
    .unwrap_or_else(|| panic!("{}\n{}", tern.screen_text(), f.context()));
    assert!(!tern.screen_text().contains("search failed"));
    tern.send(b"\x7f\x7f\x7f\x7f");
    tern.wait_for_text("Search: ▏", WAIT);

    tern.send(b"\x01");
    tern.wait_for_text("Add a marketplace from:", WAIT);
    tern.send(other.to_string_lossy().as_bytes());
    tern.wait_for_text("other▏", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Marketplace added: other-market", WAIT);
    tern.wait_for_text("Formatter", WAIT);
    let config = f.env.config_path();
    let read = || std::fs::read_to_string(&config).unwrap_or_default();
    assert!(read().contains("[marketplaces.other-market]"), "{}", read());

    // Formatter is listed after Hello plugin: select it, ask, refuse, ask, agree.
    tern.send(b"fmt");
    tern.wait_until(WAIT, |s| {
        s.contains("Formatter") && !s.contains("Hello plugin")
    })
    .unwrap_or_else(|| panic!("{}", tern.screen_text()));
    tern.send(b"\x18");
    tern.wait_for_text("Remove the marketplace “other-market”?", WAIT);
    tern.send(b"n");
    tern.wait_for_text("Search: fmt", WAIT);
    assert!(read().contains("[marketplaces.other-market]"), "{}", read());
    tern.send(b"\x18");
    tern.wait_for_text("Remove the marketplace “other-market”?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Marketplace removed: other-market.", WAIT);
    tern.wait_for_text("Nothing matches.", WAIT);
    assert!(!read().contains("marketplaces.other-market"), "{}", read());
    tern.quit_with(b"\x1b\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn a_git_marketplace_is_added_and_upgraded_after_a_confirming_key() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let home = f.env.home();
    let repo = home.join("market-repo");
    write_marketplace(&repo, "git-market", &[("fmt", "Formatter", "pretty")]);
    git(&repo, home, &["init", "-q"]);
    git(&repo, home, &["add", "."]);
    git(&repo, home, &["commit", "-qm", "one"]);
    // codex clones `https://example.invalid/market.git`; git reads the repository instead.
    std::fs::write(
        home.join(".gitconfig"),
        format!(
            "[url \"file://{}\"]\n\tinsteadOf = https://example.invalid/market.git\n",
            repo.display()
        ),
    )
    .unwrap();
    let mut tern = f.ready(&[], (140, 40));
    tern.send(b"/plugins");
    tern.wait_for_text("│/plugins", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("No plugins", WAIT);
    tern.send(b"\x01");
    tern.wait_for_text("Add a marketplace from:", WAIT);
    tern.send(b"https://example.invalid/market.git");
    tern.wait_for_text("market.git▏", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Marketplace added: git-market", WAIT);
    tern.wait_for_text("Formatter", WAIT);

    write_marketplace(
        &repo,
        "git-market",
        &[
            ("fmt", "Formatter", "pretty"),
            ("newer", "Newer plugin", "n"),
        ],
    );
    git(&repo, home, &["add", "."]);
    git(&repo, home, &["commit", "-qm", "two"]);
    tern.send(b"\x15");
    tern.wait_for_text("Upgrade the marketplace “git-market”?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Upgraded: git-market.", WAIT);
    tern.wait_for_text("Newer plugin", WAIT);
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}
