//! `/keymap` in the real binary (`tern --demo`, a config file with comments): the prompt
//! search moved from Ctrl+R to Alt+H, saved in the file with its comments kept; run again,
//! Alt+H opens the search.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn demo(dir: &Path) -> PtySession {
    let env = [
        ("TERN_LOG_DIR", OsString::from(dir)),
        ("HOME", dir.into()),
        ("XDG_CONFIG_HOME", dir.join("config").into()),
    ];
    PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        &["TMUX", "STY", "VTE_VERSION", "TERN_CONFIG"],
        dir,
        (110, 36),
    )
}

#[test]
fn a_key_moved_in_keymap_is_saved_with_the_comments_and_works_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config/tern/config.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        "# my tern\nbell = false  # quiet\n\n[keys]\n# emacs\nword_left = \"alt+b\"  # as emacs\n",
    )
    .unwrap();

    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"/keymap\r");
    session.wait_for_text("Filter:", WAIT);
    session.send(b"/history_search");
    session.wait_for_text("history_search", WAIT);
    session.send(b"\r");
    session.wait_for_text("Press the new key for history_search", WAIT);
    session.send(b"\x1bh");
    session.wait_for_text("is now Alt+H", WAIT);
    // Closed, the transcript under the list says the file has it.
    session.send(b"\x1b");
    session.wait_for("the save said", WAIT, |s| {
        s.contains("Saved keys.history_search")
    });
    session.quit_with(b"\x03\x03\x03", WAIT);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "# my tern\nbell = false  # quiet\n\n[keys]\n# emacs\nword_left = \"alt+b\"  # as emacs\nhistory_search = \"alt+h\"\n"
    );

    let mut again = demo(dir.path());
    again.wait_for_text("ready", WAIT);
    again.send(b"\x1bh");
    again.wait_for_text("history search", WAIT);
    again.quit_with(b"\x03\x03\x03\x03", WAIT);
}
