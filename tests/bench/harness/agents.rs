//! Eight sub-agents streaming at once (issue 24), against the hostile fake app-server: the
//! person's turn spawns eight child threads, which stream 5,000 deltas each, interleaved, while
//! the person looks at the parent and types. Figures: key echo while the children stream, own
//! CPU per delta at two sizes (it must grow with the deltas, not faster), peak memory and memory
//! once settled, and tern's write calls (its frames: a child's delta asks for none, see the
//! test `pure::unseen_frames`). The children's text is never on screen: it costs no layout (see the test
//! `pure::threads_apart`, which counts layouts).

use super::fake::FakeRun;
use super::interactive::{echo_figures, fill_echo};
use super::proc_stats;
use super::report::{Figure, Measured};
use super::{fill, mib, ms, secs, Bench, ECHO_KEYS, TURN_WAIT};
use crate::support::fake_server::step;
use serde_json::{json, Value};
use std::time::Duration;

/// Child threads streaming at once.
pub const CHILDREN: usize = 8;
/// What the parent says once every child is done: on screen, the run is over.
const DONE: &str = "AGENTS-DONE";
/// A paced stream: this many deltas (a few per child), then a pause.
const PACED_CHUNK: usize = 40;
const PACED_PAUSE_MS: u64 = 4;

fn kid(k: usize) -> String {
    format!("kid-{k}")
}

/// The parent's turn spawns `children` agents: each a `spawnAgent` call in the parent and a
/// `turn/started` on the child's own thread whose root is the parent's turn (how codex
/// announces a sub-agent, as `floods::child_flood` does for one).
pub fn spawn_children(children: usize) -> Vec<Value> {
    let mut steps = vec![];
    for k in 0..children {
        steps.push(step::item(
            "completed",
            json!({"type": "collabAgentToolCall", "id": format!("call_kid_{k}"),
                   "tool": "spawnAgent", "status": "completed", "senderThreadId": "{{thread}}",
                   "receiverThreadIds": [kid(k)], "prompt": format!("child task {k}"),
                   "model": "fake-model", "reasoningEffort": null, "agentsStates": {}}),
        ));
        steps.push(step::notify(
            "turn/started",
            json!({"threadId": kid(k), "turn": {"id": format!("kid-turn-{k}"),
                   "rootTurnId": "{{turn}}", "items": [], "status": "inProgress"}}),
        ));
    }
    steps
}

/// `count` deltas, one child after the other (delta `n` goes to child `n % children`).
fn interleaved(children: usize, count: usize) -> Value {
    let deltas: Vec<Value> = (0..children)
        .map(|k| {
            json!({"method": "item/agentMessage/delta", "params": {"threadId": kid(k),
                   "turnId": format!("kid-turn-{k}"), "itemId": "m",
                   "delta": format!("child {k} word {{{{q}}}} ")}})
        })
        .collect();
    json!({"flood_cycle": deltas, "count": count})
}

/// The children end their turns, then the parent says it is done and ends its own.
fn all_done(children: usize) -> Vec<Value> {
    let mut steps: Vec<Value> = (0..children)
        .map(|k| {
            step::notify(
                "turn/completed",
                json!({"threadId": kid(k), "turn": {"id": format!("kid-turn-{k}"),
                       "items": [], "status": "completed", "error": null, "durationMs": 5}}),
            )
        })
        .collect();
    steps.push(step::agent_message("parent-done", DONE));
    steps.push(step::turn_completed());
    steps
}

/// The whole script: `per_child` deltas for each child, as fast as the pipe takes them or
/// paced (a few per child, then a short pause: about 10,000 deltas a second in all).
fn script(per_child: usize, paced: bool) -> Vec<Value> {
    let mut steps = vec![step::wait("turn/start")];
    steps.extend(spawn_children(CHILDREN));
    let total = per_child * CHILDREN;
    if paced {
        for _ in 0..total.div_ceil(PACED_CHUNK) {
            steps.push(interleaved(CHILDREN, PACED_CHUNK));
            steps.push(json!({"sleep_ms": PACED_PAUSE_MS}));
        }
    } else {
        steps.push(interleaved(CHILDREN, total));
    }
    steps.extend(all_done(CHILDREN));
    steps
}

/// One unpaced run: tern's own CPU for the children's deltas, and its memory.
struct Flood {
    own_cpu: Duration,
    peak_kib: u64,
    settled_kib: u64,
    /// Write calls and bytes tern made while the children streamed: its frames.
    writes: u64,
    written: u64,
}

fn flood_once(per_child: usize) -> Option<Flood> {
    let run = FakeRun::start(&script(per_child, false))?;
    let before = run.settled(Duration::from_secs(5));
    run.submit("spawn eight agents")?;
    run.wait(TURN_WAIT, |s| s.contains(DONE))?;
    let after = run.settled(Duration::from_secs(20));
    Some(Flood {
        // In nanoseconds: the children's deltas cost tern a few hundredths of a second, a
        // few 10 ms ticks.
        own_cpu: Duration::from_nanos(after.own_cpu_ns.saturating_sub(before.own_cpu_ns)),
        peak_kib: after.own_peak_kib,
        settled_kib: after.own_rss_kib,
        writes: after.own_writes.saturating_sub(before.own_writes),
        written: after.own_written.saturating_sub(before.own_written),
    })
}

/// A paced run with keys typed in the parent: the key → echo latencies (ms), and tern's write
/// calls per second of the children's stream (its frames, the keys' own included).
struct Typed {
    keys: Vec<f64>,
    writes_per_s: f64,
}

/// Key → echo latencies (ms) typed in the parent while the children stream, or why none count.
fn echo_during(per_child: usize, short: bool) -> Result<Typed, String> {
    let run = FakeRun::start(&script(per_child, true)).ok_or("tern never got ready")?;
    let before = proc_stats::sample(run.pid, run.pid);
    let sent = run
        .submit("spawn eight agents")
        .ok_or("the prompt never showed")?;
    // The strip under the transcript counts the agents at work once they run.
    run.wait(TURN_WAIT, |s| s.contains("Spawned"))
        .ok_or("no spawn on screen")?;
    let keys = super::apps::echo_latencies(&run.session, ECHO_KEYS);
    if !short && run.session.screen_text().contains(DONE) {
        return Err("the children finished before the keys were typed".into());
    }
    let done = run
        .wait(TURN_WAIT, |s| s.contains(DONE))
        .ok_or("the children never finished")?;
    let after = proc_stats::sample(run.pid, run.pid);
    let writes = after.own_writes.saturating_sub(before.own_writes) as f64;
    Ok(Typed {
        keys: keys.iter().map(|d| ms(*d)).collect(),
        writes_per_s: writes / secs(done.saturating_duration_since(sent)).max(1e-3),
    })
}

pub fn agents(b: &Bench, out: &mut Vec<Figure>) {
    let floor_ms = b.floor_ms();
    let mut echo = echo_figures(
        "agents.echo",
        &format!(
            "8 sub-agents streaming (5,000 deltas each, interleaved): key → echo in the parent \
             (floor {floor_ms:.2} ms)"
        ),
        floor_ms,
        2.0,
    );
    echo.1.target = "≤ floor + 8 ms".into();
    echo.1.limit = Some(floor_ms + 8.0);
    let (small, large) = (b.size(2_500, 100), b.size(5_000, 200));
    let mut per_small = Figure::new(
        "agents.own_cpu_us_per_delta_small",
        &format!("8 sub-agents × {small} deltas, unpaced: own CPU per delta"),
        "µs",
        "–",
    );
    let mut per_large = Figure::new(
        "agents.own_cpu_us_per_delta_large",
        &format!("8 sub-agents × {large} deltas, unpaced: own CPU per delta"),
        "µs",
        "linear: ≤ 1.2× the smaller run's per delta",
    );
    let mut peak = Figure::new(
        "agents.peak_mib",
        &format!("8 sub-agents × {large} deltas: peak memory (own process)"),
        "MiB",
        "≤ 60 MiB",
    )
    .at_most(60.0);
    let mut settled = Figure::new(
        "agents.settled_mib",
        &format!("8 sub-agents × {large} deltas: memory once settled (own process)"),
        "MiB",
        "≤ 60 MiB",
    )
    .at_most(60.0);
    // Frames: the children's text is not on screen, so their deltas should draw none; what is
    // left is the strip and the parent's own cells (its spawns, its last message).
    let mut frames = Figure::new(
        "agents.writes",
        &format!("8 sub-agents × {large} deltas, unpaced: tern's write calls (its frames, ~2 each, and the runtime's wake-ups)"),
        "",
        "–",
    );
    let mut written = Figure::new(
        "agents.written_kib",
        &format!("8 sub-agents × {large} deltas, unpaced: bytes tern wrote (frames)"),
        "KiB",
        "–",
    );
    let mut paced = Figure::new(
        "agents.writes_per_s_paced",
        &format!(
            "8 sub-agents × {large} deltas, paced, keys typed: tern's write calls per second \
             (frames, ~2 each, and wake-ups)"
        ),
        "/s",
        "–",
    );
    let (mut keys, mut paced_writes) = (vec![], vec![]);
    let mut failure = None;
    for _ in 0..b.reps {
        match echo_during(large, b.short) {
            Ok(typed) => {
                keys.extend(typed.keys);
                paced_writes.push(typed.writes_per_s);
            }
            Err(why) => failure = Some(why),
        }
    }
    fill_echo(&mut echo, super::apps::App::Tern, &keys, b.reps);
    if let Some(why) = failure {
        echo.0.tern = Measured::Failed(why.clone());
        echo.1.tern = Measured::Failed(why);
    }
    let (mut smalls, mut larges, mut peaks, mut rss) = (vec![], vec![], vec![], vec![]);
    let (mut write_calls, mut bytes) = (vec![], vec![]);
    for _ in 0..b.reps {
        for (per_child, samples) in [(small, &mut smalls), (large, &mut larges)] {
            let Some(run) = flood_once(per_child) else {
                continue;
            };
            samples.push(secs(run.own_cpu) * 1e6 / (per_child * CHILDREN) as f64);
            if per_child == large {
                peaks.push(mib(run.peak_kib));
                rss.push(mib(run.settled_kib));
                write_calls.push(run.writes as f64);
                bytes.push(run.written as f64 / 1024.0);
            }
        }
    }
    let tern = super::apps::App::Tern;
    fill(&mut per_small, tern, &smalls, b.reps);
    fill(&mut per_large, tern, &larges, b.reps);
    fill(&mut peak, tern, &peaks, b.reps);
    fill(&mut settled, tern, &rss, b.reps);
    fill(&mut frames, tern, &write_calls, b.reps);
    fill(&mut paced, tern, &paced_writes, b.reps);
    fill(&mut written, tern, &bytes, b.reps);
    if let (Some(s), Some(l)) = (per_small.tern.value(), per_large.tern.value()) {
        // CPU is counted in 10 ms ticks: a run too short to measure says nothing either way.
        per_large.judged(l <= 1.2 * s.max(1e-9));
    }
    out.extend([
        echo.0, echo.1, per_small, per_large, peak, settled, frames, written, paced,
    ]);
}
