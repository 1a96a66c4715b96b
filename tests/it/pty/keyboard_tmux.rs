//! Modern keyboards inside tmux (issue 32; Codex #21699). tmux takes no format request and
//! writes extended keys its own way: CSI u before 3.5, from 3.5 as its `extended-keys-format`
//! says — `xterm` by default, `CSI 27;mod;key~`, which crossterm drops. tern reads the option
//! and asks for modifyOtherKeys only where the keys would come readable. With a real tmux (the
//! one installed, if any) and `extended-keys on`, Shift+Enter puts a newline in the draft.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);
const MODIFY_KEYS_ON: &[u8] = b"\x1b[>4;1f\x1b[>4;1m";

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// `tern --demo` as if inside tmux: `TMUX` set, and a `tmux` on `PATH` that answers
/// `show -sv extended-keys-format` as a tmux set to `format` would (`None`: a tmux before
/// 3.5, which has no such option).
fn demo_in_fake_tmux(dir: &Path, format: Option<&str>) -> PtySession {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let answer = match format {
        Some(format) => format!("echo {format}"),
        None => "echo 'invalid option: extended-keys-format' >&2; exit 1".to_string(),
    };
    let script = bin.join("tmux");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ncase \"$*\" in\n*extended-keys-format*) {answer} ;;\n*) exit 1 ;;\nesac\n"
        ),
    )
    .unwrap();
    let mut permissions = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&script, permissions).unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &[
            ("TERN_LOG_DIR", OsString::from(dir)),
            ("TMUX", OsString::from("/tmp/tmux-test/default,1,0")),
            ("PATH", path),
        ],
        dir,
        (140, 70),
    )
}

#[test]
fn inside_tmux_modify_other_keys_is_asked_for_only_where_tmux_writes_csi_u() {
    for (format, asked) in [(Some("xterm"), false), (Some("csi-u"), true), (None, true)] {
        let dir = tempfile::tempdir().unwrap();
        let mut session = demo_in_fake_tmux(dir.path(), format);
        session.wait_for_text("ready", WAIT);
        if !asked {
            // What /doctor says instead: why, and the option that fixes it.
            session.send(b"/doctor\r");
            session.wait_for_text("extended-keys-format csi-u", WAIT);
            session.send(b"\x1b");
        }
        session.quit_with(b"\x03\x03\x03", WAIT);
        assert_eq!(
            find(&session.raw_output(), MODIFY_KEYS_ON).is_some(),
            asked,
            "tmux format {format:?}"
        );
    }
}

/// A tmux server of this test's own (its own socket), `extended-keys on`.
struct Tmux {
    socket: std::path::PathBuf,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux")
    }

    fn pane(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    fn wait_for(&self, what: &str, check: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + WAIT;
        loop {
            let pane = self.pane();
            if check(&pane) {
                return;
            }
            assert!(Instant::now() < deadline, "waited for {what}:\n{pane}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

#[test]
fn in_a_real_tmux_with_extended_keys_on_shift_enter_is_a_newline() {
    let Ok(version) = Command::new("tmux").arg("-V").output() else {
        eprintln!("no tmux installed: the real-tmux keyboard test did not run");
        return;
    };
    let version = String::from_utf8_lossy(&version.stdout).into_owned();
    let _heavy = crate::support::heavy::permit();
    let dir = tempfile::tempdir().unwrap();
    let conf = dir.path().join("tmux.conf");
    // tmux 3.5 and later also need the CSI u format (tern reads the option and otherwise
    // leaves modifyOtherKeys off); before 3.5 the option does not exist and CSI u is all.
    let csi_u = if version.contains("tmux 3.3") || version.contains("tmux 3.4") {
        ""
    } else {
        "set -s extended-keys-format csi-u\n"
    };
    std::fs::write(&conf, format!("set -s extended-keys on\n{csi_u}")).unwrap();
    let tmux = Tmux {
        socket: dir.path().join("socket"),
    };
    let tern = env!("CARGO_BIN_EXE_tern");
    let log = format!("TERN_LOG_DIR={}", dir.path().display());
    let started = tmux.run(&[
        "-f",
        conf.to_str().unwrap(),
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "100",
        "-y",
        "30",
        "-c",
        dir.path().to_str().unwrap(),
        "-e",
        &log,
        "-e",
        "TERN_HISTORY_FILE=",
        "-e",
        "TERN_TURN_STORE=",
        tern,
        "--demo",
    ]);
    assert!(started.status.success(), "{started:?}");
    tmux.wait_for("tern ready", |p| p.contains("ready"));
    tmux.run(&["send-keys", "-t", "t", "-l", "first line"]);
    tmux.run(&["send-keys", "-t", "t", "S-Enter"]);
    tmux.run(&["send-keys", "-t", "t", "-l", "second line"]);
    tmux.wait_for("two lines in the draft", |p| {
        p.lines()
            .any(|l| l.contains("first line") && !l.contains("second line"))
            && p.lines().any(|l| l.contains("second line"))
    });
    assert!(!tmux.pane().contains("› first line"), "{}", tmux.pane());
    tmux.run(&["send-keys", "-t", "t", "Enter"]);
    tmux.wait_for("the message sent", |p| p.contains("› first line"));
}
