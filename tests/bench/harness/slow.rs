//! The slow-link scenario of the benchmark harness (issue 24, tern only): tern connects with
//! `--remote ws://…` to the real `codex app-server --listen ws://127.0.0.1:0` (with a capability
//! token, against the mock model) through `support::slow_link` — 75 ms each way, 1 MB/s each
//! way, paced byte by byte — and, for comparison, straight to the same kind of server.
//!
//! Figures: key echo idle and while the long answer streams over the link (median and p99
//! against the floor of the method), and the same stream over a direct link as the control;
//! Enter → last line over the slow link beside the direct link and beside what the link allows
//! (Enter → the model's first delta, then every byte the server sent at 1 MB/s, then the last
//! byte's 75 ms down); frames tern writes to the terminal per second during the stream and server
//! messages per frame, counted from the pty's raw output (a frame is one synchronized
//! update); websocket frames tern sends per key typed (none: typing never goes to the network
//! until Enter); tern's peak memory. `BENCH_SLOW_PERF=FILE` records `perf record -g` of tern
//! during one slow stream into FILE.

use super::apps::{echo_latencies, SIZE};
use super::interactive::{echo_figures, fill_echo};
use super::proc_stats;
use super::report::{median, Figure, Measured};
use super::{mib, secs, Bench, ECHO_KEYS, MARKER, TURN_WAIT};
use crate::support::codex_env::{Sandbox, REMOVED_ENV_VARS};
use crate::support::e2e::E2e;
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use crate::support::remote_servers::{listen_ws, Listening};
use crate::support::slow_link::{SlowLink, DIRECT, SLOW};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const TOKEN: &str = "tern-bench-slow-link";
/// What tern writes to begin each frame (a synchronized update).
const FRAME_START: &[u8] = b"\x1b[?2026h";

/// tern connected over a websocket (through the slow link, or straight) to a listening codex.
struct Remote {
    session: PtySession,
    pid: u32,
    link: SlowLink,
    _server: Listening,
    _logs: tempfile::TempDir,
    /// Runs the mock; dropped last.
    f: E2e,
}

impl Drop for Remote {
    fn drop(&mut self) {
        proc_stats::kill_tree(self.pid);
    }
}

/// Starts codex listening on a websocket for a mock serving `script`, and tern connected to it
/// (through a slow link when `slow`), once it can take a prompt.
fn start(b: &Bench, script: Vec<MockTurn>, slow: bool) -> Option<Remote> {
    let f = E2e::start_with(b.codex.clone(), script, Sandbox::Default)?;
    let tokens = f.env.home().join("ws-token");
    std::fs::write(&tokens, format!("{TOKEN}\n")).ok()?;
    let server = listen_ws(&f, &tokens);
    // The direct link is a relay too, without delay or limit, so both count the same frames.
    let link = SlowLink::start(&server.address, if slow { SLOW } else { DIRECT });
    let url = link.url();
    let logs = tempfile::tempdir().ok()?;
    let mut vars: Vec<(&str, OsString)> = f.env.env_vars();
    vars.push(("TERN_LOG_DIR", logs.path().into()));
    let tern = std::env::var_os("BENCH_TERN_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_tern")));
    let token_arg = tokens.to_string_lossy().into_owned();
    let session = PtySession::spawn_without(
        &tern,
        &["--remote", &url, "--remote-token-file", &token_arg],
        &vars,
        REMOVED_ENV_VARS,
        f.env.workspace(),
        SIZE,
    );
    let pid = session.pid()?;
    let remote = Remote {
        session,
        pid,
        link,
        _server: server,
        _logs: logs,
        f,
    };
    remote.session.wait_until(Duration::from_secs(60), |s| {
        s.contains("ready · mock-model")
    })?;
    Some(remote)
}

impl Remote {
    /// Types `text`, and once it shows presses Enter; returns when Enter was sent.
    fn submit(&self, text: &str) -> Option<Instant> {
        super::apps::submit(&self.session, text)
    }
}

/// One long answer streamed: Enter → last line, and what crossed the link and the terminal.
struct StreamRun {
    enter_to_last: Duration,
    /// Enter → the mock model's first delta (the turn's way up the link, and codex's start).
    enter_to_first_delta: Duration,
    /// Bytes the server sent over the link during the turn, and its text frames.
    bytes_down: u64,
    messages_down: u64,
    /// Frames and bytes tern wrote to the terminal from Enter to the last line.
    frames: usize,
    terminal_bytes: usize,
    own_peak_kib: u64,
    /// The server dropped the link during the turn (codex disconnects a client whose outbound
    /// queue of 128 messages is full) and tern reconnected.
    reconnected: bool,
}

fn stream_once(b: &Bench, slow: bool, perf: Option<&str>) -> Option<StreamRun> {
    let remote = start(b, vec![b.stream(b.size(10_000, 1_000), None)], slow)?;
    let (_, down_before) = remote.link.bytes();
    let messages_before = remote.link.received_texts();
    let raw_before = remote.session.raw_output().len();
    let profiler = perf.map(|file| record(remote.pid, file));
    let sent = remote.submit("stream the long answer")?;
    let seen = remote
        .session
        .wait_until(TURN_WAIT, |s| s.contains(MARKER))?;
    if let Some(mut profiler) = profiler {
        // SAFETY: kill(2) sends SIGINT to the perf child this function started.
        unsafe { libc::kill(profiler.id() as i32, libc::SIGINT) };
        let _ = profiler.wait();
    }
    let raw = remote.session.raw_output();
    let during = raw.get(raw_before..).unwrap_or_default();
    let reconnected = String::from_utf8_lossy(during).contains("Reconnected after");
    let (_, down_after) = remote.link.bytes();
    let settled = proc_stats::settle(
        remote.pid,
        remote.pid,
        Duration::from_millis(300),
        Duration::from_secs(20),
    );
    let timing = remote.f.mock.last_stream_timing()?;
    Some(StreamRun {
        enter_to_last: seen - sent,
        enter_to_first_delta: timing.first_delta.saturating_duration_since(sent),
        bytes_down: down_after - down_before,
        messages_down: remote.link.received_texts() - messages_before,
        frames: during
            .windows(FRAME_START.len())
            .filter(|w| *w == FRAME_START)
            .count(),
        terminal_bytes: during.len(),
        own_peak_kib: settled.own_peak_kib,
        reconnected,
    })
}

/// `perf record -g` of `pid` into `file`, until it is sent SIGINT.
fn record(pid: u32, file: &str) -> std::process::Child {
    let child = std::process::Command::new("perf")
        .args(["record", "-g", "-o", file, "-p", &pid.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("perf");
    std::thread::sleep(Duration::from_millis(300));
    child
}

/// Key echo once the link is idle; also the websocket frames tern sent while typing.
fn echo_idle(b: &Bench) -> Option<(Vec<f64>, usize)> {
    let remote = start(b, vec![], true)?;
    let before = remote.link.sent_texts().len();
    let keys = echo_latencies(&remote.session, ECHO_KEYS);
    let sent = remote.link.sent_texts().len() - before;
    Some((keys.iter().map(|d| super::ms(*d)).collect(), sent))
}

/// Key echo while the long answer streams over the slow link, or over a direct one (the
/// control: the same stream and typing without the link). Only keys typed before its end count.
fn echo_streaming(b: &Bench, slow: bool) -> Option<Vec<f64>> {
    // Long enough to outlast the typing (1.5 s on a quiet machine) even in a short run; a
    // direct link takes it about three times as fast.
    let deltas = if slow {
        b.size(30_000, 20_000)
    } else {
        b.size(90_000, 60_000)
    };
    let remote = start(b, vec![b.stream(deltas, None)], slow)?;
    remote.submit("stream the long answer")?;
    if remote
        .session
        .wait_until(TURN_WAIT, |s| s.contains("## Section "))
        .is_none()
    {
        let log = std::fs::read_to_string(remote._logs.path().join("tern.log")).unwrap_or_default();
        let log_tail: Vec<&str> = log.lines().rev().take(20).collect();
        eprintln!(
            "slow: the stream never showed ({}):\n{}\ntern's log, newest first:\n{}",
            if slow { "slow link" } else { "direct" },
            remote.session.screen_text(),
            log_tail.join("\n")
        );
        return None;
    }
    let typing = Instant::now();
    let keys = echo_latencies(&remote.session, ECHO_KEYS);
    let still_streaming = !remote.session.screen_text().contains(MARKER);
    let keys: Vec<f64> = keys.iter().map(|d| super::ms(*d)).collect();
    let slowest: Vec<String> = keys
        .iter()
        .enumerate()
        .filter(|(_, ms)| **ms > 10.0)
        .map(|(i, ms)| format!("#{i} {ms:.0} ms"))
        .collect();
    eprintln!(
        "slow: echo while streaming ({}): {} keys in {:.2} s, still streaming after them: \
         {still_streaming}, {} messages down; keys over 10 ms: {slowest:?}",
        if slow { "slow link" } else { "direct" },
        keys.len(),
        typing.elapsed().as_secs_f64(),
        remote.link.received_texts(),
    );
    // A short run checks only that the harness works: a stream that outran the typing there
    // (a debug build on a busy machine) is not a failure.
    (still_streaming || b.short).then_some(keys)
}

fn tern_figure(figure: &mut Figure, samples: &[f64], runs: usize) {
    figure.tern = Measured::median_of(samples, runs);
}

pub fn slow(b: &Bench, out: &mut Vec<Figure>) {
    let floor_ms = b.floor_ms();
    let p99_limit = floor_ms + 8.0;
    let with_p99_target = |(median, p99): (Figure, Figure)| {
        let mut p99 = p99.at_most(p99_limit);
        p99.target = "≤ floor + 8 ms".into();
        (median, p99)
    };
    let mut idle = with_p99_target(echo_figures(
        "slow.echo_idle",
        &format!(
            "slow link (150 ms RTT, 1 MB/s): key → echo, idle (floor of the method {floor_ms:.2} ms)"
        ),
        floor_ms,
        2.0,
    ));
    let mut during = with_p99_target(echo_figures(
        "slow.echo_streaming",
        "slow link: key → echo while the long answer streams over it",
        floor_ms,
        2.0,
    ));
    let mut during_direct = echo_figures(
        "slow.echo_streaming_direct",
        "direct websocket (the control): key → echo while the same answer streams",
        floor_ms,
        2.0,
    );
    let mut per_key = Figure::new(
        "slow.frames_sent_per_key",
        "slow link: websocket frames tern sends per key typed",
        "",
        "none: 0",
    )
    .at_most(0.0);
    let mut direct = Figure::new(
        "slow.direct_enter_to_last_line_s",
        "direct websocket: 10,000 deltas, Enter → last line",
        "s",
        "–",
    );
    let mut allowed = Figure::new(
        "slow.link_allows_s",
        "slow link: what it allows (Enter → first delta, then the bytes sent at 1 MB/s, + 75 ms)",
        "s",
        "–",
    );
    let mut over_slow = Figure::new(
        "slow.enter_to_last_line_s",
        "slow link: 10,000 deltas, Enter → last line",
        "s",
        "≤ 1.15× the larger of direct and what the link allows",
    );
    let mut ratio = Figure::new(
        "slow.slow_to_direct_ratio",
        "slow link / direct, Enter → last line",
        "×",
        "near what the link allows / direct",
    );
    let mut frames = Figure::new(
        "slow.frames_per_s",
        "slow link, during the stream: frames written to the terminal per second",
        "/s",
        "≤ 60 /s (coalesced)",
    )
    .at_most(61.0);
    let mut per_frame = Figure::new(
        "slow.messages_per_frame",
        "slow link, during the stream: server messages per frame drawn",
        "",
        "> 1 (coalesced)",
    );
    let mut terminal = Figure::new(
        "slow.terminal_kib_per_s",
        "slow link, during the stream: bytes written to the terminal per second",
        "KiB/s",
        "–",
    );
    let mut peak = Figure::new(
        "slow.peak_mib",
        "slow link, 10,000 deltas: peak memory (own process)",
        "MiB",
        "≤ 30 MiB",
    )
    .at_most(30.0);
    if !b.apps.contains(&super::apps::App::Tern) {
        return;
    }
    let reps = b.reps;
    let perf = std::env::var("BENCH_SLOW_PERF").ok();
    let (mut idle_keys, mut sent_per_key) = (vec![], vec![]);
    let (mut streaming_keys, mut direct_keys) = (vec![], vec![]);
    let (mut directs, mut slows, mut allows, mut ratios) = (vec![], vec![], vec![], vec![]);
    let (mut fps, mut mpf, mut kibps, mut peaks) = (vec![], vec![], vec![], vec![]);
    for rep in 0..reps {
        if let Some((keys, sent)) = echo_idle(b) {
            sent_per_key.push(sent as f64 / keys.len().max(1) as f64);
            idle_keys.extend(keys);
        }
        if let Some(keys) = echo_streaming(b, true) {
            streaming_keys.extend(keys);
        }
        if let Some(keys) = echo_streaming(b, false) {
            direct_keys.extend(keys);
        }
        let Some(straight) = stream_once(b, false, None) else {
            continue;
        };
        let profile = perf.as_deref().filter(|_| rep == 0);
        let Some(run) = stream_once(b, true, profile) else {
            continue;
        };
        let wall = secs(run.enter_to_last);
        let link = secs(run.enter_to_first_delta + SLOW.sending(run.bytes_down) + SLOW.one_way);
        directs.push(secs(straight.enter_to_last));
        slows.push(wall);
        allows.push(link);
        ratios.push(wall / secs(straight.enter_to_last).max(1e-3));
        fps.push(run.frames as f64 / wall);
        mpf.push(run.messages_down as f64 / run.frames.max(1) as f64);
        kibps.push(run.terminal_bytes as f64 / 1024.0 / wall);
        peaks.push(mib(run.own_peak_kib));
        eprintln!(
            "slow: direct {:.3} s ({} messages down), slow {wall:.3} s, link allows {link:.3} s (first delta after \
             {:.3} s, {} KB, {} messages down), {} frames, {} KB to the terminal, reconnected: {}",
            secs(straight.enter_to_last),
            straight.messages_down,
            secs(run.enter_to_first_delta),
            run.bytes_down / 1000,
            run.messages_down,
            run.frames,
            run.terminal_bytes / 1000,
            run.reconnected,
        );
    }
    fill_echo(&mut idle, super::apps::App::Tern, &idle_keys, reps);
    fill_echo(&mut during, super::apps::App::Tern, &streaming_keys, reps);
    fill_echo(
        &mut during_direct,
        super::apps::App::Tern,
        &direct_keys,
        reps,
    );
    tern_figure(&mut per_key, &sent_per_key, reps);
    tern_figure(&mut direct, &directs, reps);
    tern_figure(&mut allowed, &allows, reps);
    tern_figure(&mut over_slow, &slows, reps);
    tern_figure(&mut ratio, &ratios, reps);
    tern_figure(&mut frames, &fps, reps);
    tern_figure(&mut per_frame, &mpf, reps);
    tern_figure(&mut terminal, &kibps, reps);
    tern_figure(&mut peak, &peaks, reps);
    if let (Some(d), Some(a), Some(s)) = (median(&directs), median(&allows), median(&slows)) {
        over_slow.judged(s <= 1.15 * d.max(a));
        ratio.target = format!("near {:.2} (link allows / direct)", a.max(d) / d.max(1e-3));
    }
    if let Some(m) = median(&mpf) {
        per_frame.judged(m > 1.0);
    }
    out.extend([
        idle.0,
        idle.1,
        during.0,
        during.1,
        during_direct.0,
        during_direct.1,
        per_key,
        direct,
        allowed,
        over_slow,
        ratio,
        frames,
        per_frame,
        terminal,
        peak,
    ]);
}
