//! End to end with the real `codex app-server` (0.171) and the mock: a HOME holding a Claude
//! Code setup (`~/.claude/settings.json`, `~/.claude/CLAUDE.md`, a recent chat) and a
//! project `CLAUDE.md`. `/import` lists what codex detected, item by item, and writes nothing;
//! after `i` then `y` codex imports exactly that — AGENTS.md files, the settings, the chat as a
//! thread — and tern shows each result and the summary.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use std::fs;

fn claude_setup(home: &std::path::Path, workspace: &std::path::Path) {
    let claude = home.join(".claude");
    fs::create_dir_all(&claude).unwrap();
    fs::write(
        claude.join("settings.json"),
        r#"{"model": "sonnet", "env": {"TERN_IMPORTED": "yes"}}"#,
    )
    .unwrap();
    fs::write(claude.join("CLAUDE.md"), "# Home rules\nBe brief.\n").unwrap();
    // No skill: codex 0.171 imports skills to CODEX_HOME's parent (`<parent>/.agents/skills`,
    // as if CODEX_HOME were ~/.codex), which here is the shared scratch folder, not the test's.
    let cwd = workspace.canonicalize().unwrap();
    let project = claude
        .join("projects")
        .join(cwd.to_string_lossy().replace('/', "-"));
    fs::create_dir_all(&project).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    // RFC 3339 from the clock, without a date crate: days since the epoch to a civil date.
    let stamp = civil(now);
    let cwd = cwd.to_string_lossy();
    fs::write(
        project.join("abc.jsonl"),
        format!(
            "{{\"type\":\"user\",\"message\":{{\"role\":\"user\",\"content\":\"hello from claude\"}},\"sessionId\":\"abc\",\"cwd\":\"{cwd}\",\"timestamp\":\"{stamp}\",\"uuid\":\"u1\"}}\n\
             {{\"type\":\"assistant\",\"message\":{{\"role\":\"assistant\",\"content\":[{{\"type\":\"text\",\"text\":\"hi\"}}]}},\"sessionId\":\"abc\",\"cwd\":\"{cwd}\",\"timestamp\":\"{stamp}\",\"uuid\":\"u2\",\"parentUuid\":\"u1\"}}\n"
        ),
    )
    .unwrap();
    fs::write(workspace.join("CLAUDE.md"), "# Project rules\n").unwrap();
}

/// `secs` since the epoch as `YYYY-MM-DDTHH:MM:SS.000Z` (Howard Hinnant's civil_from_days).
fn civil(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.000Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

#[test]
fn import_shows_what_codex_detected_then_imports_it_after_y() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    claude_setup(f.env.home(), f.env.workspace());
    let mut tern = f.ready(&[], (120, 50));
    tern.send(b"/import");
    tern.wait_for_text("│/import", WAIT);
    tern.send(b"\r");
    tern.wait_for("the detected items", WAIT, |s| {
        s.contains("codex would import these") && s.contains("Settings · home")
    });
    tern.wait_for_text("chat: hello from claude", WAIT);
    assert!(!tern.screen_text().contains("skills:"));
    // The last item, the project's CLAUDE.md.
    tern.send(b"\x1b[F");
    tern.wait_for_text("Instructions (CLAUDE.md → AGENTS.md) · project", WAIT);
    let agents_home = f.env.codex_home().join("AGENTS.md");
    let agents_project = f.env.workspace().join("AGENTS.md");
    assert!(
        !agents_home.exists() && !agents_project.exists(),
        "written before y"
    );
    tern.send(b"i");
    tern.wait_for_text("╭ Import?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Import done:", WAIT);
    tern.wait_for_text("✓ hello from claude", WAIT);
    let screen = tern.screen_text();
    assert!(screen.contains("Imported:"), "{screen}");
    assert!(agents_home.exists(), "{}", f.context());
    assert!(agents_project.exists(), "{}", f.context());
    let config = fs::read_to_string(f.env.config_path()).unwrap();
    assert!(config.contains("TERN_IMPORTED"), "{config}");
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
    drop(f.runtime);
}
