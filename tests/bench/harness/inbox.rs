//! The inbox at the floor (issue 38): 50 server requests — command and file-change approvals,
//! questions for the person — waiting across 10 threads other than the one shown (the inbox of
//! issue 37), against the fake app-server. Figures: key → echo in the composer while they wait,
//! a key (↓) moving the open inbox's selection → the screen shows it, the long answer streamed
//! in the shown thread while the 50 wait (tern's own CPU per delta, Enter → last line), and
//! peak memory. tern alone (the official TUI cannot talk to the fake server).

use super::apps::App;
use super::fake::FakeRun;
use super::interactive::{echo_figures, fill_echo};
use super::moves::{echo_ms, move_latencies, selected_shows};
use super::report::{Figure, Measured};
use super::{fill, mib, ms, secs, Bench, ECHO_KEYS, MARKER, TURN_WAIT};
use crate::support::fake_server::step;
use crate::support::mock_model::split_text;
use serde_json::{json, Value};
use std::time::Duration;

/// Requests waiting, and the threads they come from (request `i` is thread `i % THREADS`'s).
pub const WAITING: usize = 50;
const THREADS: usize = 10;
/// What the shown thread says once every request was sent.
const READY: &str = "INBOX-READY";
const WAIT: Duration = Duration::from_secs(30);
const DOWN: &[u8] = b"\x1b[B";
/// How long the inbox's type-ahead gate holds a key (`session::state::guard::HOLD`).
const HOLD_MS: f64 = 60.0;

fn thread(k: usize) -> String {
    format!("thr-inbox-{k}")
}

/// The words that name request `i` in its inbox row (its command, path or question).
fn token(i: usize) -> String {
    format!("q-{i:02}-go")
}

/// Request `i` (id `1000 + i`) of thread `i % THREADS`: three in five run a command, one
/// changes a file (announced by its item first, as codex does), one asks a question.
fn request(i: usize) -> Vec<Value> {
    let thread = thread(i % THREADS);
    let turn = format!("turn-inbox-{}", i % THREADS);
    let id = json!(1000 + i);
    let item = format!("item-inbox-{i}");
    match i % 5 {
        3 => {
            let change = json!({"type": "fileChange", "id": item, "status": "inProgress",
                "changes": [{"path": format!("{{{{cwd}}}}/src/{}.rs", token(i)),
                             "kind": {"type": "update", "move_path": null},
                             "diff": "@@ -1 +1 @@\n-old\n+new\n"}]});
            vec![
                step::notify(
                    "item/started",
                    json!({"threadId": thread, "turnId": turn, "item": change}),
                ),
                step::request(
                    id,
                    "item/fileChange/requestApproval",
                    json!({"threadId": thread, "turnId": turn, "itemId": item,
                           "startedAtMs": 1795962301000_u64}),
                ),
            ]
        }
        4 => vec![step::request(
            id,
            "item/tool/requestUserInput",
            json!({"threadId": thread, "turnId": turn, "itemId": item, "isBlocking": true,
                   "autoResolutionMs": null,
                   "questions": [{"id": "pick", "header": "Pick",
                       "question": format!("Which build for {}?", token(i)),
                       "isOther": false, "isSecret": false,
                       "options": [{"label": "Debug", "description": "Fast to build."},
                                   {"label": "Release", "description": "Fast to run."}]}]}),
        )],
        _ => vec![step::request(
            id,
            "item/commandExecution/requestApproval",
            json!({"kind": "command", "threadId": thread, "turnId": turn, "itemId": item,
                   "startedAtMs": 1795962301000_u64, "environmentId": null,
                   "command": format!("echo {}", token(i)), "cwd": "{{cwd}}",
                   "availableDecisions": ["accept", "acceptForSession", "decline", "cancel"]}),
        )],
    }
}

/// The long answer in `deltas` pieces, streamed in the shown thread's turn, then the turn's end.
fn long_answer(answer: &str, deltas: usize) -> Vec<Value> {
    let message = |event: &str, text: &str| {
        step::item(
            event,
            json!({"type": "agentMessage", "id": "long", "text": text}),
        )
    };
    let mut steps = vec![message("started", "")];
    steps.extend(split_text(answer, deltas).into_iter().map(|piece| {
        step::notify(
            "item/agentMessage/delta",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "itemId": "long",
                   "delta": piece}),
        )
    }));
    steps.push(message("completed", answer));
    steps.push(step::turn_completed());
    steps
}

/// The first turn: 10 other threads start and ask 50 questions between them; the second
/// streams the long answer in the shown thread.
fn script(answer: &str, deltas: usize) -> Vec<Value> {
    let mut steps = vec![step::wait("turn/start")];
    for k in 0..THREADS {
        steps.push(step::notify(
            "thread/started",
            json!({"thread": {"id": thread(k), "preview": "", "cwd": "{{cwd}}",
                   "parentThreadId": null, "canAcceptDirectInput": true,
                   "model": "{{model}}", "modelProvider": "fake", "createdAt": 1795962301,
                   "updatedAt": 1795962301, "status": {"type": "active", "activeFlags": []},
                   "turns": [], "name": format!("Inbox thread {k}")}}),
        ));
    }
    steps.extend((0..WAITING).flat_map(request));
    steps.push(step::agent_message("ready", READY));
    steps.push(step::turn_completed());
    steps.push(step::wait("turn/start"));
    steps.extend(long_answer(answer, deltas));
    steps
}

/// What one run measured.
#[derive(Default)]
struct Inbox {
    composer: Vec<f64>,
    moves: Vec<f64>,
    waiting_peak_mib: Option<f64>,
    per_delta_us: Option<f64>,
    enter_to_last_s: Option<f64>,
    peak_mib: Option<f64>,
    failure: Option<String>,
}

fn inbox_once(b: &Bench, deltas: usize) -> Inbox {
    let mut run = Inbox::default();
    if let Err(why) = measure(b, deltas, &mut run) {
        run.failure = Some(why);
    }
    run
}

fn measure(b: &Bench, deltas: usize, out: &mut Inbox) -> Result<(), String> {
    let tern = FakeRun::start(&script(&b.answer, deltas)).ok_or("tern never got ready")?;
    tern.submit("fill the inbox")
        .ok_or("the first prompt never showed")?;
    let all_waiting = format!("waiting: {WAITING}");
    tern.wait(WAIT, |s| s.contains(READY) && s.contains(&all_waiting))
        .ok_or_else(|| format!("never {all_waiting} with {READY}"))?;
    let shown = tern.session.screen_text();
    if shown.contains(&token(0)) {
        return Err(format!(
            "a question took the screen instead of waiting:\n{shown}"
        ));
    }
    tern.settled(Duration::from_secs(10));
    out.composer = echo_ms(&tern.session, ECHO_KEYS);
    // The inbox opens from an empty composer, as a person would.
    tern.session.send(&b"\x7f".repeat(ECHO_KEYS));
    tern.wait(Duration::from_secs(5), |s| !s.contains("zqxj"))
        .ok_or("the composer did not empty")?;
    tern.session.send(b"\x14");
    let title = format!("Inbox: {WAITING} waiting");
    tern.wait(WAIT, |s| s.contains(&title) && selected_shows(s, &token(0)))
        .ok_or_else(|| format!("Ctrl+T never showed {title} with the oldest selected"))?;
    // The inbox takes no text: a key is held for the type-ahead gate's `HOLD` (60 ms) to see
    // whether another follows, and keys closer than that are refused as a burst. A person
    // moving through the list presses ↓ a few times a second.
    let moves = ECHO_KEYS.min(WAITING - 1);
    let gap = Duration::from_millis(150);
    out.moves = move_latencies(&tern.session, DOWN, moves, gap, |i| token(i + 1))
        .iter()
        .map(|d| ms(*d))
        .collect();
    tern.session.send(b"\x1b");
    tern.wait(WAIT, |s| !s.contains(&title))
        .ok_or("Esc never closed the inbox")?;
    let before = tern.settled(Duration::from_secs(10));
    out.waiting_peak_mib = Some(mib(before.own_peak_kib));
    let sent = tern
        .submit("stream the long answer")
        .ok_or("the second prompt never showed")?;
    let seen = tern
        .wait(TURN_WAIT, |s| s.contains(MARKER))
        .ok_or("the answer's last line never showed")?;
    let after = tern.settled(Duration::from_secs(20));
    let cpu = Duration::from_nanos(after.own_cpu_ns.saturating_sub(before.own_cpu_ns));
    out.per_delta_us = Some(secs(cpu) * 1e6 / deltas as f64);
    out.enter_to_last_s = Some(secs(seen - sent));
    out.peak_mib = Some(mib(after.own_peak_kib));
    if !tern.session.screen_text().contains(&all_waiting) {
        return Err("the questions stopped waiting during the stream".into());
    }
    Ok(())
}

/// Median ≤ 1 ms and p99 ≤ 5 ms: the echo targets for every scenario.
pub fn echo_at_the_floor(key: &str, label: &str, floor_ms: f64) -> (Figure, Figure) {
    let (mut median, mut p99) = echo_figures(key, label, floor_ms, 0.0);
    median.target = "≤ 1 ms".into();
    median.limit = Some(1.0);
    p99.target = "≤ 5 ms".into();
    p99.limit = Some(5.0);
    (median, p99)
}

/// A move that must show in one frame (60 frames a second).
pub fn one_frame(key: &str, label: &str) -> (Figure, Figure) {
    let (mut median, mut p99) = echo_figures(key, label, 0.0, 0.0);
    for figure in [&mut median, &mut p99] {
        figure.target = "one frame: ≤ 16.7 ms".into();
        figure.limit = Some(16.7);
    }
    (median, p99)
}

pub fn inbox(b: &Bench, out: &mut Vec<Figure>) {
    if !b.apps.contains(&App::Tern) {
        return;
    }
    let floor_ms = b.floor_ms();
    let deltas = b.size(10_000, 1_000);
    let label = |what: &str| format!("{WAITING} waiting in the inbox ({THREADS} threads): {what}");
    let mut composer = echo_at_the_floor(
        "inbox.echo",
        &label(&format!(
            "key → echo in the composer (floor of the method {floor_ms:.2} ms)"
        )),
        floor_ms,
    );
    // The gate holds each key 60 ms by design (`session::state::guard::HOLD`): the move is
    // one frame after that.
    let mut moved = one_frame(
        "inbox.move",
        &label("inbox open, ↓ → the next question selected on screen (the gate holds a key 60 ms)"),
    );
    for figure in [&mut moved.0, &mut moved.1] {
        figure.target = "the 60 ms hold + one frame: ≤ 76.7 ms".into();
        figure.limit = Some(HOLD_MS + 16.7);
    }
    let mut waiting_peak = Figure::new(
        "inbox.waiting_peak_mib",
        &label("peak memory before the stream (own process)"),
        "MiB",
        "–",
    );
    let mut per_delta = Figure::new(
        "inbox.own_cpu_us_per_delta",
        &label(&format!(
            "{deltas} deltas in the shown thread: own CPU per delta"
        )),
        "µs",
        "–",
    );
    let mut wall = Figure::new(
        "inbox.enter_to_last_line_s",
        &label(&format!(
            "{deltas} deltas in the shown thread: Enter → last line on screen"
        )),
        "s",
        "–",
    );
    let mut peak = Figure::new(
        "inbox.peak_mib",
        &label("peak memory after the stream (own process)"),
        "MiB",
        "–",
    );
    let runs: Vec<Inbox> = (0..b.reps).map(|_| inbox_once(b, deltas)).collect();
    let pick = |f: fn(&Inbox) -> Option<f64>| runs.iter().filter_map(f).collect::<Vec<_>>();
    let tern = App::Tern;
    let keys: Vec<f64> = runs.iter().flat_map(|r| r.composer.clone()).collect();
    let moves: Vec<f64> = runs.iter().flat_map(|r| r.moves.clone()).collect();
    fill_echo(&mut composer, tern, &keys, b.reps);
    fill_echo(&mut moved, tern, &moves, b.reps);
    fill(
        &mut waiting_peak,
        tern,
        &pick(|r| r.waiting_peak_mib),
        b.reps,
    );
    fill(&mut per_delta, tern, &pick(|r| r.per_delta_us), b.reps);
    fill(&mut wall, tern, &pick(|r| r.enter_to_last_s), b.reps);
    fill(&mut peak, tern, &pick(|r| r.peak_mib), b.reps);
    for why in runs.iter().filter_map(|r| r.failure.as_ref()) {
        eprintln!("inbox: a run failed: {why}");
    }
    if let Some(why) = runs.iter().find_map(|r| r.failure.clone()) {
        for figure in [&mut per_delta, &mut wall, &mut peak] {
            if figure.tern.value().is_none() {
                figure.tern = Measured::Failed(why.clone());
            }
        }
    }
    out.extend([
        composer.0,
        composer.1,
        moved.0,
        moved.1,
        waiting_peak,
        per_delta,
        wall,
        peak,
    ]);
}
