//! Files a hostile server names: an image item at `/dev/tty` (tern's own terminal, whose keys
//! tern's input reader must keep) or at a FIFO (whose open blocks until a writer comes). tern
//! opens only regular files, never waiting, so the keys still reach the composer, the file work
//! behind them still runs, and tern exits at once.

use crate::support::fake_server::{step, FakeServer};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);
/// How long an exit may take once asked: no blocking work is waited for.
const PROMPT_EXIT: Duration = Duration::from_secs(5);

fn make_fifo(dir: &Path) -> String {
    let path = dir.join("image.png");
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
    path.to_str().unwrap().to_string()
}

fn image_view(id: &str, path: &str) -> Value {
    step::item(
        "completed",
        json!({"type": "imageView", "id": id, "path": path}),
    )
}

#[test]
fn an_image_at_dev_tty_or_a_fifo_takes_no_keys_and_tern_exits_at_once() {
    let scratch = tempfile::tempdir().unwrap();
    let fifo = make_fifo(scratch.path());
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        // tern's controlling terminal is the test's pty: `/dev/tty` is where its keys come from.
        image_view("img-tty", "/dev/tty"),
        step::item(
            "completed",
            json!({"type": "imageGeneration", "id": "img-fifo", "status": "completed",
                   "savedPath": fifo}),
        ),
        step::agent_message("msg-1", "both images named"),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"show me\r");
    tern.wait_for_text("both images named", WAIT);
    // A probe reading `/dev/tty` would take these from tern's input reader.
    tern.send(b"every key arrives");
    tern.wait_for_text("every key arrives", WAIT);
    let asked = Instant::now();
    tern.quit_with(b"\x03\x03\x03", PROMPT_EXIT);
    assert!(
        asked.elapsed() < PROMPT_EXIT,
        "the exit took {:?}",
        asked.elapsed()
    );
}

#[test]
fn six_hundred_fifo_images_leave_the_file_work_running() {
    let scratch = tempfile::tempdir().unwrap();
    let fifo = make_fifo(scratch.path());
    let mut steps = vec![step::wait("turn/start")];
    steps.extend((0..600).map(|i| image_view(&format!("img-{i}"), &fifo)));
    steps.push(step::agent_message("msg-1", "six hundred images named"));
    steps.push(step::turn_completed());
    let fake = FakeServer::new(&steps);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"show me\r");
    tern.wait_for_text("six hundred images named", WAIT);
    tern.send(b"/export saved.md");
    tern.wait_for_text("/export saved.md", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Saved the conversation", WAIT);
    let saved = std::fs::read_to_string(fake.work_dir().join("saved.md")).expect("exported");
    assert!(saved.contains("six hundred images named"), "{saved}");
    let asked = Instant::now();
    tern.quit_with(b"\x03\x03\x03", PROMPT_EXIT);
    assert!(
        asked.elapsed() < PROMPT_EXIT,
        "the exit took {:?}",
        asked.elapsed()
    );
}
