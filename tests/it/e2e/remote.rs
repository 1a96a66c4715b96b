//! End to end, `tern --remote`: the real tern in a pseudo-terminal against the real codex
//! app-server listening on a websocket (with a capability token), a unix socket, behind a TLS
//! proxy, or run through a fake `ssh` that executes the remote command here. Each test has its
//! own CODEX_HOME, HOME and workspace.

use crate::support::codex_env;
use crate::support::e2e;
use crate::support::mock_model;
use crate::support::pty;
use crate::support::remote_servers;

use codex_env::Sandbox;
use e2e::{E2e, WAIT};
use mock_model::MockTurn;
use pty::PtySession;
use remote_servers::*;
use std::ffi::OsString;
use std::time::Duration;

const TOKEN: &str = "tern-e2e-token-5b1f0c";

fn start(answer: &str) -> Option<E2e> {
    E2e::start(vec![MockTurn::text(answer)], Sandbox::Default)
}

fn token_file(f: &E2e, token: &str) -> std::path::PathBuf {
    let path = f.env.home().join("ws-token");
    std::fs::write(&path, format!("{token}\n")).unwrap();
    path
}

fn tern(f: &E2e, args: &[&str], extra: &[(&str, OsString)]) -> PtySession {
    let mut env: Vec<(&str, OsString)> = vec![("TERN_APPROVAL_READ_GUARD_MS", "0".into())];
    env.extend(extra.iter().cloned());
    f.spawn(args, &env, (120, 40))
}

/// A prompt goes out and the mock's answer streams back to the end of the turn.
fn streams_a_turn(tern: &PtySession, f: &E2e, answer: &str) {
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"Say hello\r");
    tern.wait_for("the streamed answer", WAIT, |s| s.contains(answer));
    tern.wait_for_text("turn completed", WAIT);
    assert_eq!(f.mock.requests().len(), 1, "{}", f.context());
}

#[test]
fn websocket_with_the_right_token_streams_a_turn() {
    let Some(f) = start("Hello over the websocket. WS-OK") else {
        return;
    };
    let tokens = token_file(&f, TOKEN);
    let server = listen_ws(&f, &tokens);
    // The token comes from a variable whose name is not a secret-looking one: still redacted.
    let mut tern = tern(
        &f,
        &[
            "--remote",
            &server.address,
            "--remote-token-env",
            "MY_CODEX_WS",
        ],
        &[("MY_CODEX_WS", TOKEN.into())],
    );
    streams_a_turn(&tern, &f, "Hello over the websocket. WS-OK");
    let screen = tern.screen_text();
    assert!(
        screen.contains(&format!("⇄ {}", server.address)),
        "{screen}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let log = std::fs::read_to_string(f.logs.path().join("tern.log")).unwrap_or_default();
    assert!(!log.contains(TOKEN), "the token reached the log");
}

#[test]
fn a_link_dropped_mid_turn_reconnects_by_itself_and_nothing_is_lost() {
    let words: Vec<String> = (0..40).map(|i| format!("w{i:02}")).collect();
    let answer = format!("{} DROP-SURVIVED", words.join(" "));
    let Some(f) = E2e::start(
        vec![
            MockTurn::Stream {
                text: answer.clone(),
                deltas: 41,
                pace: Some(Duration::from_millis(150)),
            },
            MockTurn::text("The queued one. QUEUED-OK"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let tokens = token_file(&f, TOKEN);
    let server = listen_ws(&f, &tokens);
    let relay = Relay::start(&f.runtime, &server.address);
    let url = format!("ws://127.0.0.1:{}", relay.port);
    let mut tern = tern(
        &f,
        &[
            "--remote",
            &url,
            "--remote-token-file",
            &tokens.to_string_lossy(),
        ],
        &[],
    );
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"Stream slowly\r");
    tern.wait_for_text("w03", WAIT);
    // The link goes down and stays down for a while: each redial fails.
    relay.hold(true);
    relay.cut();
    tern.wait_for("the reconnecting bar", WAIT, |s| {
        s.contains("connection lost — reconnecting (attempt 2)")
    });
    // Typed while the link is down: a message queued for after the turn, and a draft.
    tern.send(b"Queued meanwhile\t");
    tern.send(b"draft kept");
    relay.hold(false);
    // No key pressed: it comes back by itself, and the turn goes on to its end.
    tern.wait_for("the rest of the turn", WAIT, |s| {
        s.contains("DROP-SURVIVED") && s.contains("Reconnected after")
    });
    tern.wait_for("the queued message's turn to end", WAIT, |s| {
        s.contains("QUEUED-OK") && s.matches("turn completed").count() == 2
    });
    // Nothing lost: every word is on screen, those streamed while the link was down too.
    let screen = tern.screen_text();
    for word in &words {
        assert!(screen.contains(word.as_str()), "{word} missing:\n{screen}");
    }
    assert!(screen.contains("draft kept"), "{screen}");
    assert!(!screen.contains("Ctrl+R restarts"), "{screen}");
    // One turn streamed on (not restarted), then the queued one.
    assert_eq!(f.mock.requests().len(), 2, "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_wrong_or_missing_token_shows_the_servers_reason_and_the_fix() {
    let Some(f) = start("unused") else { return };
    let tokens = token_file(&f, TOKEN);
    let server = listen_ws(&f, &tokens);
    let wrong = f.env.home().join("wrong-token");
    std::fs::write(&wrong, "not-the-token-at-all").unwrap();
    let mut tern_wrong = tern(
        &f,
        &[
            "--remote",
            &server.address,
            "--remote-token-file",
            &wrong.to_string_lossy(),
        ],
        &[],
    );
    assert_eq!(tern_wrong.wait_exit_code(WAIT), 1);
    let screen = tern_wrong.screen_text();
    assert!(screen.contains("401"), "{screen}");
    assert!(
        screen.contains("invalid websocket bearer token"),
        "{screen}"
    );
    assert!(screen.contains("--remote-token-file"), "{screen}");

    let mut tern_none = tern(&f, &["--remote", &server.address], &[]);
    assert_eq!(tern_none.wait_exit_code(WAIT), 1);
    let screen = tern_none.screen_text();
    assert!(
        screen.contains("missing websocket bearer token"),
        "{screen}"
    );
    assert!(screen.contains("--remote-token-env VAR"), "{screen}");
}

#[test]
fn a_token_is_never_sent_in_the_clear_to_another_machine() {
    let Some(f) = start("unused") else { return };
    let tokens = token_file(&f, TOKEN);
    let mut tern = tern(
        &f,
        &[
            "--remote",
            "ws://192.0.2.1:4500",
            "--remote-token-file",
            &tokens.to_string_lossy(),
        ],
        &[],
    );
    assert_eq!(tern.wait_exit_code(WAIT), 2);
    let screen = tern.screen_text();
    assert!(
        screen.contains("remote auth tokens require `wss://` or loopback `ws://` URLs"),
        "{screen}"
    );
}

#[test]
fn the_local_codex_service_is_joined_over_its_unix_socket() {
    let Some(f) = start("Hello from the service. UNIX-OK") else {
        return;
    };
    // `unix://` with no path: the service's own socket in CODEX_HOME.
    let _service = listen_unix(&f, None);
    let mut tern = tern(&f, &["--remote", "unix://"], &[]);
    streams_a_turn(&tern, &f, "Hello from the service. UNIX-OK");
    assert!(
        tern.screen_text().contains("⇄ codex service (unix socket)"),
        "{}",
        tern.screen_text()
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn wss_through_a_tls_proxy_trusts_the_named_ca_and_nothing_weaker() {
    let Some(f) = start("Hello through TLS. WSS-OK") else {
        return;
    };
    let tokens = token_file(&f, TOKEN);
    let server = listen_ws(&f, &tokens);
    let ca = test_ca();
    let port = tls_proxy(&f.runtime, &ca, &server.address);
    let ca_file = f.env.home().join("test-ca.pem");
    std::fs::write(&ca_file, &ca.ca_pem).unwrap();
    let url = format!("wss://localhost:{port}");
    let token_arg = tokens.to_string_lossy().into_owned();

    // Without the CA the certificate is refused: verification is not weakened.
    let mut untrusted = tern(
        &f,
        &["--remote", &url, "--remote-token-file", &token_arg],
        &[],
    );
    assert_eq!(untrusted.wait_exit_code(WAIT), 1);
    let screen = untrusted.screen_text();
    assert!(screen.contains("certificate was not accepted"), "{screen}");
    assert!(screen.contains("--remote-ca-file"), "{screen}");

    let ca_arg = ca_file.to_string_lossy().into_owned();
    let mut tern = tern(
        &f,
        &[
            "--remote",
            &url,
            "--remote-token-file",
            &token_arg,
            "--remote-ca-file",
            &ca_arg,
        ],
        &[],
    );
    streams_a_turn(&tern, &f, "Hello through TLS. WSS-OK");
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn ssh_runs_the_remote_command_in_the_urls_directory() {
    let Some(f) = start("Hello over ssh. SSH-OK") else {
        return;
    };
    let bin = fake_ssh(f.env.home(), None);
    let dir = f.env.workspace().to_string_lossy().into_owned();
    let url = format!("ssh://me@build-box:2222{dir}");
    let command = format!("{} app-server", f.codex.display());
    let mut env = f.env.env_vars();
    env.push(("PATH", path_with(&bin)));
    // tern itself runs elsewhere: the thread's directory must come from the URL.
    let mut tern = tern(&f, &["--remote", &url, "--remote-command", &command], &env);
    streams_a_turn(&tern, &f, "Hello over ssh. SSH-OK");
    assert_eq!(
        ssh_args(f.env.home()),
        [
            "-T".to_string(),
            "-p".into(),
            "2222".into(),
            "--".into(),
            "me@build-box".into(),
            format!("cd '{dir}' && exec {command}"),
        ]
    );
    assert!(
        tern.screen_text().contains("⇄ ssh me@build-box"),
        "{}",
        tern.screen_text()
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn an_ssh_failure_shows_sshs_own_words_and_offers_to_try_again() {
    let Some(f) = start("unused") else { return };
    let bin = fake_ssh(
        f.env.home(),
        Some("ssh: connect to host build-box port 22: Connection refused"),
    );
    let mut env = f.env.env_vars();
    env.push(("PATH", path_with(&bin)));
    let mut tern = tern(&f, &["--remote", "ssh://build-box"], &env);
    tern.wait_for("ssh's own message", WAIT, |s| {
        s.contains("ssh to build-box stopped (exit status: 255)")
            && s.contains("Connection refused")
            && s.contains("ended with the link")
    });
    tern.wait_for_text("Ctrl+R", WAIT);
    tern.send(b"draft kept");
    tern.wait_for_text("draft kept", WAIT);
    // Leaving a session whose server is gone is a failure (status 1), the draft printed.
    tern.send(b"\x03\x03\x03\x04");
    assert_eq!(tern.wait_exit_code(WAIT), 1);
    assert!(!tern.alternate_screen(), "the screen was restored");
}

#[test]
fn ssh_to_a_missing_service_says_so_and_names_the_command_that_starts_it() {
    let Some(f) = start("unused") else { return };
    let bin = fake_ssh(f.env.home(), None);
    let mut env = f.env.env_vars();
    env.push(("PATH", path_with(&bin)));
    let command = format!("{} app-server", f.codex.display());
    let mut tern = tern(
        &f,
        &[
            "--remote",
            "ssh://build-box?daemon",
            "--remote-command",
            &command,
        ],
        &env,
    );
    tern.wait_for("the offer to start the service", WAIT, |s| {
        s.contains("No codex service runs on build-box")
            && s.contains("daemon start")
            && s.contains("[y/N]")
    });
    tern.send(b"n\r");
    assert_eq!(tern.wait_exit_code(WAIT), 1);
    let screen = tern.screen_text();
    assert!(
        screen.contains("start it with `ssh -T -- build-box"),
        "{screen}"
    );
    assert!(ssh_args(f.env.home())
        .last()
        .unwrap()
        .ends_with("app-server proxy"));
}

#[test]
fn ssh_daemon_joins_the_service_over_the_proxy_pipe() {
    let Some(f) = start("Hello from the far service. PROXY-OK") else {
        return;
    };
    let _service = listen_unix(&f, None);
    let bin = fake_ssh(f.env.home(), None);
    let mut env = f.env.env_vars();
    env.push(("PATH", path_with(&bin)));
    let command = format!("{} app-server", f.codex.display());
    let dir = f.env.workspace().to_string_lossy().into_owned();
    let url = format!("ssh://build-box{dir}?daemon");
    let mut tern = tern(&f, &["--remote", &url, "--remote-command", &command], &env);
    streams_a_turn(&tern, &f, "Hello from the far service. PROXY-OK");
    assert!(
        tern.screen_text().contains("(service)"),
        "{}",
        tern.screen_text()
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let _ = Duration::ZERO;
}

#[test]
fn two_windows_on_one_thread_both_get_the_question_and_the_first_answer_wins() {
    let Some(f) = E2e::start(
        vec![MockTurn::git_status_needing_approval(
            "Checked. BOTH-SAW-IT",
        )],
        Sandbox::Default,
    ) else {
        return;
    };
    let tokens = token_file(&f, TOKEN);
    let server = listen_ws(&f, &tokens);
    let token_path = tokens.to_string_lossy().into_owned();
    let remote = [
        "--remote",
        server.address.as_str(),
        "--remote-token-file",
        token_path.as_str(),
    ];
    let mut first = tern(&f, &remote, &[]);
    first.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    first.send(b"What is the state of the repository?\r");
    first.wait_for_text("Approval needed", WAIT);
    // A second window: the picker marks the thread as running right now; opening it follows
    // it, and the server asks it the pending question too.
    let mut args = remote.to_vec();
    args.push("resume");
    let mut second = tern(&f, &args, &[]);
    second.wait_for("the running thread in the picker", WAIT, |s| {
        s.contains("What is the state of the repository?") && s.contains("running")
    });
    second.send(b"\r");
    second.wait_for_text("Approval needed", WAIT);
    // The first window answers: the second's question closes with neutral words.
    first.send(b"y");
    first.wait_for_text("BOTH-SAW-IT", WAIT);
    second.wait_for("the question settled elsewhere", WAIT, |s| {
        s.contains("settled elsewhere or withdrawn") && !s.contains("Approval needed")
    });
    second.wait_for_text("BOTH-SAW-IT", WAIT);
    second.quit_with(b"\x03\x03\x03", WAIT);
    first.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_second_window_on_a_unix_service_lists_the_live_thread_and_follows_it() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text("First answer. UNIX-ONE"),
            MockTurn::text("Second answer. UNIX-TWO"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let socket = f.env.home().join("service.sock");
    let _service = listen_unix(&f, Some(&socket));
    let url = format!("unix://{}", socket.display());
    let mut first = tern(&f, &["--remote", &url], &[]);
    first.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    first.send(b"Say one\r");
    first.wait_for_text("UNIX-ONE", WAIT);
    first.wait_for_text("turn completed", WAIT);
    // The second window's picker marks the thread the first one holds open as live.
    let mut second = tern(&f, &["--remote", &url, "resume"], &[]);
    second.wait_for("the live thread in the picker", WAIT, |s| {
        s.lines()
            .any(|l| l.contains("Say one") && l.contains("live"))
    });
    second.send(b"\r");
    second.wait_for_text("UNIX-ONE", WAIT);
    // It follows the thread: a turn the first window starts streams into the second.
    first.send(b"Say two\r");
    second.wait_for_text("UNIX-TWO", WAIT);
    second.quit_with(b"\x03\x03\x03", WAIT);
    first.quit_with(b"\x03\x03\x03", WAIT);
}
