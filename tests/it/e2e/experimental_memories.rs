//! End to end with the real `codex app-server` 0.171: in `/experimental` Space checks a beta
//! feature and writes nothing, Esc cancels, Enter saves it in codex's config (`[features]`);
//! codex then reports it on — in the same process, and in a new codex process (a second tern)
//! — and Space and Enter again turn it off. `/memories` reads codex's
//! status, turns memory off for the thread, and `r` then `y` resets the memories: codex empties
//! `CODEX_HOME/memories/`.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};

#[test]
fn a_beta_feature_turned_on_in_experimental_is_reported_on_by_a_new_codex() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/experimental");
    tern.wait_for_text("│/experimental", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("[ ] Custom status line", WAIT);
    // codex 0.171 lists it second, after "Analytics plan history".
    tern.send(b"j");
    tern.wait_for_text("› [ ] Custom status line", WAIT);
    // Space only checks it: nothing is written until Enter, and Esc cancels.
    tern.send(b" ");
    tern.wait_for_text("› [x] Custom status line", WAIT);
    let read = || std::fs::read_to_string(f.env.config_path()).unwrap_or_default();
    assert!(!read().contains("tui_extensions_statusline"), "{}", read());
    tern.send(b"\x1b");
    tern.wait_for_text("Experimental features: nothing saved.", WAIT);
    assert!(!read().contains("tui_extensions_statusline"), "{}", read());
    // Space then Enter saves it (one config/batchWrite) and closes; codex reports it on.
    tern.send(b"/experimental");
    tern.wait_for_text("│/experimental", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("[ ] Custom status line", WAIT);
    tern.send(b"j");
    tern.wait_for_text("› [ ] Custom status line", WAIT);
    tern.send(b" ");
    tern.wait_for_text("› [x] Custom status line", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Custom status line on: saved in codex's config.toml", WAIT);
    let config = read();
    assert!(
        config.contains("[features]") && config.contains("tui_extensions_statusline = true"),
        "{config}"
    );
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);

    // A new codex process reads it from the config.
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/experimental");
    tern.wait_for_text("│/experimental", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("[x] Custom status line", WAIT);
    tern.send(b"j");
    tern.wait_for_text("› [x] Custom status line", WAIT);
    tern.send(b" ");
    tern.wait_for_text("› [ ] Custom status line", WAIT);
    // Two changes, one Enter: codex 0.171 takes both edits of one batch.
    tern.send(b"k");
    tern.wait_for_text("› [ ] Analytics plan history", WAIT);
    tern.send(b" ");
    tern.wait_for_text("› [x] Analytics plan history", WAIT);
    tern.send(b"\r");
    tern.wait_for_text(
        "Custom status line off, Analytics plan history on: saved in codex's config.toml",
        WAIT,
    );
    let config = read();
    assert!(
        config.contains("tui_extensions_statusline = false"),
        "{config}"
    );
    assert_eq!(config.matches(" = true").count(), 1, "{config}");
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn memories_shows_codex_status_sets_the_mode_and_resets_after_y() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let memories = f.env.codex_home().join("memories");
    std::fs::create_dir_all(&memories).unwrap();
    std::fs::write(memories.join("MEMORY.md"), "The person likes tabs.\n").unwrap();
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/memories");
    tern.wait_for_text("│/memories", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("0 threads consolidated", WAIT);
    tern.wait_for_text("codex holds no memory summary for this thread", WAIT);
    tern.send(b"m");
    tern.wait_for_text("Memory off for this thread", WAIT);
    tern.wait_for_text("This thread: off (set here)", WAIT);
    tern.send(b"r");
    tern.wait_for_text("╭ Reset memories?", WAIT);
    tern.send(b"n");
    tern.wait_for("the question to go", WAIT, |s| {
        !s.contains("Reset memories?")
    });
    assert!(memories.join("MEMORY.md").exists(), "reset without y");
    tern.send(b"r");
    tern.wait_for_text("╭ Reset memories?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Memories reset", WAIT);
    assert!(
        !memories.join("MEMORY.md").exists(),
        "codex did not reset: {}",
        f.context()
    );
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}
