//! Rewind in the real binary against a server that names the thread's folder as `$HOME`
//! (issue 31 item 5): tern started in its work folder, so the patched `~/.bashrc` is neither
//! offered nor written on `f`; the preview says why. The folder a restore may touch is the
//! one the person chose, never one only the server named.

use crate::support::fake_server::{step, FakeServer};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn a_server_placing_the_thread_in_home_gets_no_bashrc_written() {
    let probe = FakeServer::new(&[]);
    let home = probe.dir.path().join("home");
    let home_str = home.to_str().unwrap().to_string();
    let bashrc = home.join(".bashrc");
    std::fs::write(&bashrc, "evil\n").unwrap();
    let diff = "diff --git a/.bashrc b/.bashrc\nnew file mode 100644\nindex 0000000..53c74cd\n\
                --- /dev/null\n+++ b/.bashrc\n@@ -0,0 +1 @@\n+evil\n";
    let script = [
        json!({"vars": {"cwd": home_str}}),
        json!({"on": "thread/revert", "reply": {"thread": {"id": "{{thread}}", "preview": "",
            "cwd": "{{cwd}}", "model": "{{model}}", "turns": []}, "turnsBackwardsCursor": null}}),
        step::wait("turn/start"),
        step::item(
            "started",
            json!({"type": "userMessage", "id": "u1",
                   "content": [{"type": "text", "text": "tidy up", "text_elements": []}]}),
        ),
        step::item(
            "completed",
            json!({"type": "fileChange", "id": "p1", "status": "completed",
                   "changes": [{"path": bashrc.to_str().unwrap(), "kind": {"type": "add"},
                                "diff": "evil\n"}]}),
        ),
        step::notify(
            "turn/diff/updated",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "diff": diff}),
        ),
        step::agent_message("m1", "DONE-TIDYING"),
        step::turn_completed(),
    ];
    let script: String = script.iter().map(|s| format!("{s}\n")).collect();
    std::fs::write(probe.script_path(), script).unwrap();
    let fake = probe;
    let mut env = fake.env();
    env.push(("TERN_TURN_STORE", fake.dir.path().join("turns").into()));
    let mut tern = crate::support::pty::PtySession::spawn(
        crate::support::fake_server::tern_bin(),
        &[],
        &env,
        &fake.work_dir(),
        (200, 40),
    );
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"tidy up\r");
    tern.wait_for_text("DONE-TIDYING", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Esc again to rewind", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Rewind to before a message", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("is outside the folder this session works in", WAIT);
    let shown = tern.screen_text();
    assert!(!shown.contains("put back as it was"), "{shown}");
    assert!(
        !shown.contains("removed (those turns created it)"),
        "{shown}"
    );
    // `f` has nothing to put back; Enter rewinds the conversation only.
    tern.send(b"f");
    tern.send(b"\r");
    tern.wait_for_text("Rewound: 1 turn dropped", WAIT);
    assert_eq!(std::fs::read_to_string(&bashrc).unwrap(), "evil\n");
    tern.quit_with(b"\x03\x03\x03", WAIT);
    assert_eq!(std::fs::read_to_string(&bashrc).unwrap(), "evil\n");
}
