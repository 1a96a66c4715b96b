//! End to end with codex 0.171 and the mock model: `/config` shows every setting in force and
//! where it came from, as `tern --print-config` says it for tern's own (a value from tern's
//! config file, one from a flag, one from the environment, the rest defaults) and as codex's
//! `config/read` says it for codex's (its config.toml in CODEX_HOME).

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

/// A row selected is drawn at once; far less than the e2e's start-up wait.
const SHORT: Duration = Duration::from_secs(10);

const FLAGS: &[&str] = &["--approval-policy", "never"];

/// `--print-config`'s settings (the `key = value  # source` lines) with the test's homes, flags
/// and environment, as the view's rows are made.
fn printed(f: &E2e, extra: &[(&str, OsString)]) -> Vec<(String, String, String)> {
    let codex = f.codex.to_string_lossy().into_owned();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tern"));
    command
        .args(["--codex-bin", &codex, "--print-config"])
        .args(FLAGS)
        .current_dir(f.env.workspace())
        .env_remove("TERN_CONFIG")
        // As the pseudo-terminal session gets it (`support::pty`).
        .env("TERN_THREAD_TITLES", "0");
    for (key, value) in f.env.env_vars().into_iter().chain(extra.iter().cloned()) {
        command.env(key, value);
    }
    let out = command.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (key, rest) = line.split_once(" = ").unwrap();
            let (value, source) = rest.split_once("  # ").unwrap();
            (key.to_string(), value.to_string(), source.to_string())
        })
        .collect()
}

/// The screen's text with the box's borders, the wrapping and the spaces undone: a long value
/// wraps under the list.
fn compact(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.trim().trim_matches('│'))
        .collect::<String>()
        .split_whitespace()
        .collect()
}

fn tern_config(home: &Path) {
    let file = home.join(".config/tern/config.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        "# mine\ntheme = \"light\"\nvim = true  # as always\n",
    )
    .unwrap();
}

#[test]
fn config_shows_each_setting_and_where_it_came_from_as_print_config_does() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let codex_config = f.env.config_path();
    let mut toml = std::fs::read_to_string(&codex_config).unwrap();
    toml = toml.replacen(
        "model = \"mock-model\"\n",
        "model = \"mock-model\"\nmodel_reasoning_effort = \"high\"\n",
        1,
    );
    std::fs::write(&codex_config, toml).unwrap();
    tern_config(f.env.home());
    let extra: [(&str, OsString); 0] = [];
    let expected = printed(&f, &extra);
    let sources: Vec<&str> = expected.iter().map(|(_, _, s)| s.as_str()).collect();
    assert!(sources.contains(&"from a flag"), "{expected:?}");
    assert!(
        sources.iter().any(|s| s.contains("config.toml")),
        "{expected:?}"
    );
    assert!(sources.contains(&"default"), "{expected:?}");

    let tern = f.spawn(FLAGS, &extra, (150, 50));
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"/config");
    tern.wait_for_text("│/config", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("tern's settings", WAIT);
    tern.wait_for_text("codex's settings (config/read)", WAIT);
    // The first row is the config file's path; then each setting, selected in turn, is shown
    // whole under the list: `key = value  (source)`.
    tern.send(b"j");
    for (key, value, source) in &expected {
        let whole = format!("{key} = {value}  ({source})");
        let want = compact(&whole);
        tern.wait_until(SHORT, |s| compact(s).contains(&want))
            .unwrap_or_else(|| panic!("{whole} not shown:\n{}", tern.screen_text()));
        tern.send(b"j");
    }
    // codex's own, by name after tern's: the setting only codex's config.toml makes, from the
    // user config.
    let file = codex_config.canonicalize().unwrap();
    let want = compact(&format!(
        "model_reasoning_effort = \"high\"  (user config ({}))",
        file.display()
    ));
    for _ in 0..60 {
        if tern
            .wait_until(Duration::from_millis(300), |s| compact(s).contains(&want))
            .is_some()
        {
            return;
        }
        tern.send(b"j");
    }
    panic!("{want} not shown:\n{}", tern.screen_text());
}
