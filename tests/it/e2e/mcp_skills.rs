//! End to end with the real `codex app-server`: `/mcp` lists a local stdio MCP server (the
//! tests' own `support/mcp_tiny.py`) configured in the test's CODEX_HOME, with its tools, next
//! to a server that fails to start; signing in to a stdio server says codex's refusal, and the
//! reload key reloads. A skill in CODEX_HOME is completed after `$` and reaches the model as
//! the skill's instructions.

use crate::support::codex_env::{self, Sandbox};
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use std::path::PathBuf;

/// Types a command as a person does: the popup follows each key; Enter runs it.
fn run_command(tern: &PtySession, command: &str) {
    tern.send(command.as_bytes());
    tern.wait_for_text(&format!("│{command}"), WAIT);
    tern.send(b"\r");
}

/// `python3` on PATH: the tiny MCP server's interpreter. Without it the test fails, or is
/// skipped with `TERN_SKIP_E2E=1` (as without codex).
fn python3() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("python3"))
            .find(|p| p.is_file())
    });
    if found.is_none() && !codex_env::skipping_e2e() {
        panic!("python3 is needed for the MCP end-to-end test (or set TERN_SKIP_E2E=1 to skip)");
    }
    found
}

#[test]
fn mcp_lists_a_local_stdio_server_with_its_tools() {
    let Some(python) = python3() else {
        return;
    };
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/support/mcp_tiny.py");
    let mut config = std::fs::read_to_string(f.env.config_path()).unwrap();
    config.push_str(&format!(
        "\n[mcp_servers.tiny]\ncommand = {:?}\nargs = [{:?}]\n\n\
         [mcp_servers.broken]\ncommand = \"/bin/false\"\nstartup_timeout_sec = 5\n",
        python.display().to_string(),
        script.display().to_string()
    ));
    std::fs::write(f.env.config_path(), config).unwrap();
    let mut tern = f.ready(&[], (120, 40));
    run_command(&tern, "/mcp");
    tern.wait_for("the servers", WAIT, |s| {
        s.contains("tiny") && s.contains("connected") && s.contains("Tiny MCP 0.1.0")
    });
    tern.wait_for("the broken server", WAIT, |s| {
        s.contains("broken") && s.contains("failed")
    });
    // tiny is listed after broken (the server's order): select it, open its tools.
    let screen = tern.screen_text();
    let broken_first = screen.find("broken").unwrap() < screen.find("tiny").unwrap();
    if broken_first {
        tern.send(b"\x1b[B");
    }
    tern.send(b"\r");
    tern.wait_for("the tools", WAIT, |s| {
        s.contains("Echo the given text back") && s.contains("Add two numbers")
    });
    assert!(
        tern.screen_text().contains("read-only"),
        "{}",
        tern.screen_text()
    );
    // Signing in to a stdio server: codex's own refusal.
    tern.send(b"l");
    tern.wait_for_text("only supported for streamable HTTP servers", WAIT);
    tern.send(b"r");
    tern.send(b"\x1b");
    tern.wait_for_text("Reloaded the MCP servers", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn a_skill_named_with_dollar_reaches_the_model() {
    let Some(f) = E2e::start(vec![MockTurn::text("USED-THE-SKILL")], Sandbox::Default) else {
        return;
    };
    let dir = f.env.codex_home().join("skills/e2e-greeter");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("SKILL.md"),
        "---\nname: e2e-greeter\ndescription: Greets in the e2e test's words\n---\nSay GREETINGS-FROM-THE-SKILL.\n",
    )
    .unwrap();
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"please $e2e");
    tern.wait_for_text("Greets in the e2e test's words", WAIT);
    tern.send(b"\t");
    tern.wait_for_text("please $e2e-greeter", WAIT);
    tern.send(b"now\r");
    tern.wait_for_text("USED-THE-SKILL", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 1, "{}", f.context());
    let asked = requests[0].to_string();
    assert!(
        asked.contains("GREETINGS-FROM-THE-SKILL") && asked.contains("<skill>"),
        "the skill's instructions reach the model: {asked}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn space_in_skills_turns_a_skill_off_in_codex_config() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let dir = f.env.codex_home().join("skills/aaa-switch");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("SKILL.md"),
        "---\nname: aaa-switch\ndescription: A skill to turn off\n---\nNothing.\n",
    )
    .unwrap();
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/skills\r");
    tern.wait_for_text("A skill to turn off", WAIT);
    // Yours come first: it is selected.
    tern.send(b" ");
    tern.wait_for_text("Skill $aaa-switch is off.", WAIT);
    tern.wait_for_text("(off) A skill to turn off", WAIT);
    let config = std::fs::read_to_string(f.env.codex_home().join("config.toml")).unwrap();
    assert!(
        config.contains("aaa-switch/SKILL.md") && config.contains("enabled = false"),
        "codex wrote the switch: {config}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
