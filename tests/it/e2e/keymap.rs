//! End to end with codex 0.171 and the mock model: `/keymap` moves the prompt search from
//! Ctrl+R to Alt+H; the config file is replaced whole (a hard link to the old file keeps the
//! old text, no temporary file is left beside it) with its comments kept; and a new tern on
//! codex opens the search on Alt+H.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use std::ffi::OsString;

const BEFORE: &str =
    "# my tern\nbell = false  # quiet\n\n[keys]\n# emacs\nword_left = \"alt+b\"  # as emacs\n";

#[test]
fn a_key_moved_in_keymap_is_saved_atomically_and_works_after_a_restart() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let folder = f.env.home().join("tern-config");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("config.toml");
    std::fs::write(&file, BEFORE).unwrap();
    // Outside the folder: a write in place would change what this link sees.
    let old = f.env.home().join("old-config.toml");
    std::fs::hard_link(&file, &old).unwrap();
    let extra = [("TERN_CONFIG", OsString::from(&file))];

    let mut tern = f.ready(&extra, (110, 36));
    tern.send(b"/keymap");
    tern.wait_for_text("│/keymap", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Filter:", WAIT);
    tern.send(b"/history_search");
    tern.wait_for_text("history_search", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Press the new key for history_search", WAIT);
    tern.send(b"\x1bh");
    tern.wait_for_text("is now Alt+H", WAIT);
    tern.send(b"\x1b");
    tern.wait_for("the save said", WAIT, |s| {
        s.contains("Saved keys.history_search")
    });
    tern.quit_with(b"\x03\x03\x03", WAIT);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{BEFORE}history_search = \"alt+h\"\n")
    );
    assert_eq!(
        std::fs::read_to_string(&old).unwrap(),
        BEFORE,
        "the file was replaced, not written in place"
    );
    let beside: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(beside, ["config.toml"], "nothing left beside it");

    let mut again = f.ready(&extra, (110, 36));
    again.send(b"\x1bh");
    again.wait_for_text("history search", WAIT);
    again.quit_with(b"\x1b\x03\x03\x03", WAIT);
}
