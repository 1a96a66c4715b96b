//! End to end with codex 0.171 and the mock model: `/feedback` saves a ZIP that holds codex's
//! logs and tern's, with no secret left in it — one planted in tern's log (as an older tern or
//! a crash might have written it), one typed into the conversation, one in the model's answer.
//! And quitting with the view open (Ctrl+C, SIGTERM, SIGHUP: the terminal closed) leaves no
//! temp folder behind: the folder holds codex's unredacted ZIP.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Secrets of the forms the log's redaction knows (`rpc::redact`), none of which may reach
/// the ZIP.
const OPENAI_KEY: &str = "sk-proj-PLANTEDkey0123456789abcdef";
const GITHUB_TOKEN: &str = "ghp_PLANTEDtoken0123456789ABCDEFabcd";
const BEARER: &str = "PLANTEDbearer.payload.sig";
const URL_PASSWORD: &str = "PLANTEDhunter2";

fn planted() -> [&'static str; 4] {
    [OPENAI_KEY, GITHUB_TOKEN, BEARER, URL_PASSWORD]
}

/// The fixture and tern's private temp folder (TMPDIR): where the report's folder is made.
fn start(script: Vec<MockTurn>) -> Option<(E2e, tempfile::TempDir)> {
    let f = E2e::start(script, Sandbox::Default)?;
    // An older log with secrets in it: the report must carry it redacted.
    std::fs::write(
        f.logs.path().join("tern.log"),
        format!(
            "2026-12-01T00:00:00Z DEBUG old line: used {OPENAI_KEY} for it\n\
             2026-12-01T00:00:01Z DEBUG header Authorization: Bearer {BEARER}\n\
             2026-12-01T00:00:02Z DEBUG fetch https://me:{URL_PASSWORD}@example.com/x\n"
        ),
    )
    .unwrap();
    Some((f, tempfile::tempdir().unwrap()))
}

fn open_report(f: &E2e, tmp: &Path) -> PtySession {
    let tern = f.ready(&[("TMPDIR", OsString::from(tmp))], (120, 40));
    tern.send(format!("keep {OPENAI_KEY} and {GITHUB_TOKEN} safe\r").as_bytes());
    tern.wait_for_text("NOTED", WAIT);
    tern.wait_for("the turn to end", WAIT, |s| s.contains("turn completed"));
    tern.send(b"/feedback");
    tern.wait_for_text("│/feedback", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("How was this?", WAIT);
    // "bug", and a reason.
    tern.send(b"it broke\r");
    tern.wait_for("the redacted contents", WAIT, |s| {
        s.contains("The report, redacted")
    });
    tern
}

fn report_folders(tmp: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("tern-feedback-"))
        })
        .collect()
}

/// Every entry of the ZIP at `path`: name and text.
fn entries(path: &Path) -> Vec<(String, String)> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (
                file.name().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        })
        .collect()
}

#[test]
fn a_saved_report_holds_both_logs_and_no_secret() {
    let Some((f, tmp)) = start(vec![MockTurn::text(&format!(
        "NOTED, the token {GITHUB_TOKEN} is in my answer"
    ))]) else {
        return;
    };
    let mut tern = open_report(&f, tmp.path());
    let text = tern.screen_text();
    assert!(text.contains("tern.log"), "{text}");
    assert!(text.contains("codex-logs.log"), "{text}");
    tern.send(b"s");
    tern.send(b"y");
    tern.wait_for("the save said", WAIT, |s| {
        s.contains("Feedback report saved (redacted)")
    });
    let saved: Vec<PathBuf> = std::fs::read_dir(f.logs.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("codex-feedback-") && name.ends_with(".zip")
        })
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}\n{}", f.context());
    let all = entries(&saved[0]);
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    let named = |end: &str| {
        all.iter()
            .find(|(n, _)| n.ends_with(end))
            .unwrap_or_else(|| panic!("no {end} in {names:?}"))
    };
    let (_, codex_logs) = named("codex-logs.log");
    assert!(!codex_logs.is_empty(), "codex's logs are in it: {names:?}");
    // codex logs the prompt, and the ZIP carries the thread's rollout: the planted key went
    // through both, and came out redacted.
    assert!(codex_logs.contains("[redacted]"), "{codex_logs}");
    let (_, rollout) = all
        .iter()
        .find(|(n, _)| n.contains("/rollout-") && n.ends_with(".jsonl"))
        .unwrap_or_else(|| panic!("no rollout in {names:?}"));
    assert!(
        rollout.contains("keep [redacted] and [redacted] safe"),
        "{rollout}"
    );
    let (_, tern_log) = named("tern.log");
    assert!(
        tern_log.contains("old line: used [redacted] for it"),
        "{tern_log}"
    );
    assert!(tern_log.contains("[redacted]@example.com"), "{tern_log}");
    named("report.json");
    for (name, text) in &all {
        for secret in planted() {
            assert!(!text.contains(secret), "{secret} in {name}:\n{text}");
        }
    }
    // The raw ZIP too (names, comments, anything stored).
    let raw = String::from_utf8_lossy(&std::fs::read(&saved[0]).unwrap()).into_owned();
    for secret in planted() {
        assert!(!raw.contains(secret), "{secret} in the ZIP's bytes");
    }
    assert!(
        report_folders(tmp.path()).is_empty(),
        "the temp folder went"
    );
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
}

#[test]
fn ctrl_c_with_the_report_shown_leaves_no_temp_folder() {
    let Some((f, tmp)) = start(vec![MockTurn::text("NOTED")]) else {
        return;
    };
    let mut tern = open_report(&f, tmp.path());
    assert_eq!(report_folders(tmp.path()).len(), 1);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    assert!(report_folders(tmp.path()).is_empty());
}

#[test]
fn quitting_with_the_report_shown_leaves_no_temp_folder() {
    for signal in [libc::SIGTERM, libc::SIGHUP] {
        let Some((f, tmp)) = start(vec![MockTurn::text("NOTED")]) else {
            return;
        };
        let mut tern = open_report(&f, tmp.path());
        let folders = report_folders(tmp.path());
        assert_eq!(folders.len(), 1, "the report waits in its folder");
        assert!(folders[0].join("codex-feedback.zip").is_file());
        let pid = tern.pid().unwrap();
        // SAFETY: a plain kill(2) of the child this test spawned.
        unsafe { libc::kill(pid as i32, signal) };
        assert_eq!(tern.wait_exit_code(WAIT), 128 + signal as u32);
        assert!(
            report_folders(tmp.path()).is_empty(),
            "signal {signal} left {folders:?}"
        );
    }
}
