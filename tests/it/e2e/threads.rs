//! End to end with the real `codex app-server` (temp CODEX_HOME, the mock Responses API):
//! threads made by earlier tern runs in two directories are listed by `tern resume`, filtered,
//! reopened with their history, continued on the same thread id; `tern resume --last` picks
//! the newest; rename and fork show up in a fresh listing.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use std::time::Instant;

impl E2e {
    fn tern(&self, args: &[&str]) -> PtySession {
        self.spawn(args, &[], (120, 40))
    }

    /// One prompt in a session that is ready; waits for the answer and the turn's end.
    fn ask(&self, tern: &PtySession, prompt: &str, answer: &str) {
        tern.send(format!("{prompt}\r").as_bytes());
        tern.wait_for_text(answer, WAIT);
        tern.wait_for_text("turn completed", WAIT);
    }

    fn other_dir(&self) -> std::path::PathBuf {
        let dir = self.env.workspace().join("other");
        std::fs::create_dir_all(&dir).unwrap();
        // Decided, so tern does not ask about its trust (issue 32).
        self.env.decide_trust(&dir, "untrusted");
        dir
    }
}

/// Quits and returns the thread id tern prints on exit.
fn quit(mut tern: PtySession) -> String {
    tern.quit_with(b"\x03\x03\x03", WAIT);
    tern.wait_for_text("To continue it: tern resume", WAIT);
    let screen = tern.screen_text();
    let line = screen
        .lines()
        .find(|l| l.contains("To continue it: tern resume"))
        .unwrap();
    line.rsplit(' ').next().unwrap().trim().to_string()
}

/// The rows of the picker on screen (below the title and filter rows).
fn picker_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(2)
        .take_while(|l| !l.contains("choose a thread") && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn threads_made_earlier_are_listed_filtered_resumed_and_continued() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text("ANSWER-ALPHA"),
            MockTurn::text("ANSWER-BETA"),
            MockTurn::text("ANSWER-GAMMA"),
            MockTurn::text("ANSWER-FOLLOW-UP"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    // Two threads here (the second after /new), one in another directory.
    let tern = f.tern(&[]);
    tern.wait_for_text("ready · mock-model", WAIT);
    f.ask(&tern, "alpha question", "ANSWER-ALPHA");
    tern.send(b"/new\r");
    tern.wait_for_text("The previous one stays: tern resume", WAIT);
    tern.wait_for_text("ready · mock-model", WAIT);
    f.ask(&tern, "beta question", "ANSWER-BETA");
    let beta = quit(tern);
    let other = f.other_dir();
    let tern = f.tern(&["--cwd", other.to_str().unwrap()]);
    tern.wait_for_text("ready · mock-model", WAIT);
    f.ask(&tern, "gamma question", "ANSWER-GAMMA");
    let gamma = quit(tern);
    assert_ne!(beta, gamma);

    // The picker: this directory's two threads, newest first, not the other directory's.
    let opened = Instant::now();
    let tern = f.tern(&["resume"]);
    tern.wait_for("both threads listed", WAIT, |s| {
        s.contains("alpha question") && s.contains("beta question")
    });
    eprintln!(
        "figure: `tern resume` to first rows on screen (real codex, 3 threads): {:?}",
        opened.elapsed()
    );
    let screen = tern.screen_text();
    assert!(!screen.contains("gamma question"), "{screen}");
    let rows = picker_rows(&screen);
    assert!(rows[0].contains("beta question"), "newest first: {rows:?}");
    assert!(rows[0].contains("just now") || rows[0].contains("min ago"));
    // The details pane shows the selected thread's last exchange, read from codex.
    tern.wait_for("the last exchange of the selected thread", WAIT, |s| {
        s.contains("last exchange") && s.contains("• ANSWER-BETA")
    });
    // Filtering narrows them.
    tern.send(b"alp");
    tern.wait_for("the filter to narrow the list", WAIT, |s| {
        s.contains("Filter: alp") && !s.contains("beta question")
    });
    // Enter brings the history back, scrolled to the end, and the thread continues.
    tern.send(b"\r");
    tern.wait_for_text("Resumed thread", WAIT);
    tern.wait_for("the earlier exchange", WAIT, |s| {
        s.contains("› alpha question") && s.contains("ANSWER-ALPHA")
    });
    tern.wait_for_text("ready · mock-model", WAIT);
    f.ask(&tern, "follow up", "ANSWER-FOLLOW-UP");
    let requests = f.mock.requests();
    let last = requests.last().unwrap().to_string();
    assert!(
        last.contains("alpha question") && last.contains("follow up"),
        "the follow-up went to the same thread, with its history: {last}"
    );
    let alpha = quit(tern);
    assert_ne!(alpha, beta);

    // `--last` picks the newest of this directory: alpha, just continued.
    let tern = f.tern(&["resume", "--last"]);
    tern.wait_for("the newest thread's history", WAIT, |s| {
        s.contains("ANSWER-FOLLOW-UP") && s.contains("ready · mock-model")
    });
    assert_eq!(quit(tern), alpha);
    drop(f.runtime);
}

#[test]
fn rename_and_fork_show_up_in_a_fresh_listing() {
    let Some(f) = E2e::start(vec![MockTurn::text("ANSWER-ONE")], Sandbox::Default) else {
        return;
    };
    let tern = f.tern(&[]);
    tern.wait_for_text("ready · mock-model", WAIT);
    f.ask(&tern, "original question", "ANSWER-ONE");
    let original = quit(tern);

    let tern = f.tern(&["resume"]);
    tern.wait_for_text("original question", WAIT);
    // Ctrl+R: an empty name is refused, a real one is set.
    tern.send(b"\x12");
    tern.wait_for_text("New name:", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("A thread name cannot be empty.", WAIT);
    tern.send(b"\x12");
    tern.send(b"Release work\r");
    tern.wait_for_text("Renamed.", WAIT);
    tern.wait_for_text("Release work", WAIT);
    // Ctrl+F, confirmed: the fork opens with the history.
    tern.send(b"\x06");
    tern.wait_for_text("Fork “Release work”?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Forked into thread", WAIT);
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.wait_for_text("ready · mock-model", WAIT);
    let fork = quit(tern);
    assert_ne!(fork, original);

    // A fresh listing has both, named: the fork "fork of …" its parent until renamed.
    let mut tern = f.tern(&["resume"]);
    tern.wait_for("two named threads", WAIT, |s| {
        s.contains("fork of Release work") && s.matches("Release work").count() >= 2
    });
    // Archive one (the fork, newest): it leaves the listing and shows in the archived view.
    tern.send(b"\x18");
    tern.wait_for_text("Archive “fork of Release work”?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Archived (Ctrl+T lists archived threads).", WAIT);
    tern.send(b"\x14");
    tern.wait_for("the archived view", WAIT, |s| {
        s.contains("Archived threads") && s.contains("Release work")
    });
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
