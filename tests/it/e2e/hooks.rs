//! End to end with the real `codex app-server`: a `userPromptSubmit` hook in the test's
//! CODEX_HOME is new, so codex holds it back; tern says so at startup and never trusts it by
//! itself. The first prompt does not run it; trusted in `/hooks` (`t`, then `y`), the next
//! prompt does — the hook writes a marker file — without a new thread (`reloadUserConfig`).

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::time::{Duration, Instant};

#[test]
fn a_hook_trusted_in_hooks_runs_from_the_next_prompt() {
    let script = vec![
        MockTurn::text("FIRST-ANSWER"),
        MockTurn::text("SECOND-ANSWER"),
    ];
    let Some(f) = E2e::start(script, Sandbox::Default) else {
        return;
    };
    let marker = f.logs.path().join("hook-ran");
    let mut config = std::fs::read_to_string(f.env.config_path()).unwrap();
    config.push_str(&format!(
        "\n[hooks]\nUserPromptSubmit = [{{ hooks = [{{ type = \"command\", command = \"touch {}\" }}] }}]\n",
        marker.display()
    ));
    std::fs::write(f.env.config_path(), config).unwrap();
    let mut tern = f.ready(&[], (120, 40));
    tern.wait_for_text("Hook new: userPromptSubmit", WAIT);
    tern.wait_for_text("/hooks to review", WAIT);
    tern.send(b"one\r");
    tern.wait_for_text("FIRST-ANSWER", WAIT);
    assert!(!marker.exists(), "an untrusted hook ran: {}", f.context());
    let config = std::fs::read_to_string(f.env.config_path()).unwrap();
    assert!(
        !config.contains("trusted_hash"),
        "trusted unasked: {config}"
    );

    tern.send(b"/hooks");
    tern.wait_for_text("│/hooks", WAIT);
    tern.send(b"\r");
    tern.wait_for("the hook listed", WAIT, |s| {
        s.contains("untrusted") && s.contains(&format!("touch {}", marker.display()))
    });
    tern.send(b"t");
    tern.wait_for_text("codex will run it unasked", WAIT);
    tern.send(b"y");
    tern.wait_for_text("runs from the next prompt", WAIT);
    tern.wait_for_text("trusted  ", WAIT);
    let config = std::fs::read_to_string(f.env.config_path()).unwrap();
    assert!(
        config.contains("trusted_hash = \"sha256:"),
        "codex wrote the trust: {config}"
    );
    tern.send(b"\x1b");
    tern.wait_for("/hooks to close", WAIT, |s| !s.contains("╭ Hooks"));
    tern.send(b"two\r");
    tern.wait_for_text("SECOND-ANSWER", WAIT);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !marker.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        marker.exists(),
        "the trusted hook did not run: {}",
        f.context()
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
