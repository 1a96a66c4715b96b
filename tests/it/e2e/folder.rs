//! End to end with codex 0.171 and the mock model: `/pwd` names the thread's folder; `/cd`
//! refuses a file and a missing path (the server's `fs/getMetadata` says which), then starts a
//! new thread in a subfolder, and the model's next request is made from there.

use crate::support::e2e::{E2e, WAIT};
use crate::support::pty::PtySession;
use crate::support::{codex_env::Sandbox, mock_model::MockTurn};

fn command(tern: &PtySession, text: &str) {
    tern.send(text.as_bytes());
    tern.wait_for_text(&format!("│{text}"), WAIT);
    tern.send(b"\r");
}

#[test]
fn cd_checks_the_folder_with_the_server_and_the_next_thread_works_there() {
    let Some(f) = E2e::start(vec![MockTurn::text("ANSWER-IN-SUB")], Sandbox::Default) else {
        return;
    };
    let workspace = f.env.workspace().to_path_buf();
    std::fs::create_dir(workspace.join("subdir")).unwrap();
    std::fs::write(workspace.join("notes.txt"), "not a folder").unwrap();
    let mut tern = f.ready(&[], (200, 40));

    command(&tern, "/pwd");
    tern.wait_for_text("This thread works in", WAIT);

    command(&tern, "/cd notes.txt");
    tern.wait_for_text("notes.txt is not a folder: nothing changed.", WAIT);
    command(&tern, "/cd no-such-dir");
    tern.wait_for_text("No folder ", WAIT);
    tern.wait_for_text("no-such-dir (", WAIT);

    command(&tern, "/cd subdir");
    tern.wait_for_text("subdir: a new thread starts there.", WAIT);
    command(&tern, "/pwd");
    tern.wait_for("/pwd to name the new folder", WAIT, |s| {
        s.lines()
            .any(|l| l.contains("This thread works in") && l.contains("/subdir."))
    });
    tern.send(b"where are you");
    tern.wait_for_text("│where are you", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("ANSWER-IN-SUB", WAIT);
    let request = f.mock.requests()[0].to_string();
    assert!(
        request.contains("/subdir</cwd>"),
        "the model's context names the new folder: {}",
        f.context()
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
