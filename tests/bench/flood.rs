//! Growth under floods: CPU and peak memory of the app (update + the frames a person would see)
//! for inputs of growing size. Benchmarks, not tests: they print figures and assert nothing.
//! Each cost must grow at most linearly with its input, so the "per unit" column stays flat.
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture --test-threads 1 flood::
//! ```
//!
//! Peak memory is the peak of live heap bytes during the run, counted by the bench binary's
//! allocator (defined here) for the measuring thread only (a process's VmHWM never goes down,
//! so it cannot tell runs in one process apart, and other benchmarks may run beside it).

use crate::support::common::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde_json::json;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, RequestTag};

/// The bench binary's allocator: the system's, counting the live heap bytes of the threads
/// that asked ([`counting`]). Per thread, because every benchmark of the binary shares it and
/// they may run in parallel threads: another thread's allocations must not show in a figure,
/// and a thread that does not count pays one thread-local read per allocation.
struct Counting;

thread_local! {
    // Const-initialised and without a destructor: readable from inside the allocator at any
    // time, and reading them never allocates.
    static COUNT: Cell<bool> = const { Cell::new(false) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

/// Adds `bytes` (negative: freed) to this thread's live count, when it counts.
fn count(bytes: isize) {
    let _ = COUNT.try_with(|on| {
        if on.get() {
            let live = LIVE.get() + bytes;
            LIVE.set(live);
            PEAK.set(PEAK.get().max(live));
        }
    });
}

/// Runs `f` counting this thread's heap: its result, the bytes it left live (what it returns
/// holds them) and the peak of live bytes above what was live when it started (for
/// `growth.rs`).
pub(crate) fn counting_kept<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    LIVE.set(0);
    PEAK.set(0);
    COUNT.set(true);
    let result = f();
    COUNT.set(false);
    (
        result,
        LIVE.get().max(0) as usize,
        PEAK.get().max(0) as usize,
    )
}

/// Runs `f` counting this thread's heap, and returns its result with the peak of live bytes
/// above what was live when it started (frees of older memory can only lower the count).
fn counting<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LIVE.set(0);
    PEAK.set(0);
    COUNT.set(true);
    let result = f();
    COUNT.set(false);
    (result, PEAK.get().max(0) as usize)
}

// SAFETY: every call is passed straight to the system allocator; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Server messages applied between two frames, as the event loop batches them.
const BATCH: usize = 64;

fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime fills the struct it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Runs `events` through `update`, drawing a 120×40 frame after every batch, and returns the
/// CPU time and the peak heap above what was live before.
fn measure(
    state: &mut AppState,
    events: impl Iterator<Item = AppEvent>,
) -> (Duration, usize, Duration) {
    measure_every(state, events, BATCH)
}

/// [`measure`] with a frame after every `batch` events (1: a slow stream, a frame per delta).
fn measure_every(
    state: &mut AppState,
    events: impl Iterator<Item = AppEvent>,
    batch: usize,
) -> (Duration, usize, Duration) {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let now = Instant::now();
    update(state, AppEvent::Resize(120, 40), now);
    let ((cpu, longest), peak) = counting(|| {
        let start = cpu_time();
        let mut longest = Duration::ZERO;
        let mut batch_start = cpu_time();
        for (i, event) in events.enumerate() {
            update(state, event, now);
            if i % batch == batch - 1 {
                terminal
                    .draw(|frame| tern::ui::draw(frame, state, now))
                    .unwrap();
                let t = cpu_time();
                longest = longest.max(t - batch_start);
                batch_start = t;
            }
        }
        terminal
            .draw(|frame| tern::ui::draw(frame, state, now))
            .unwrap();
        (cpu_time() - start, longest)
    });
    (cpu, peak, longest)
}

fn report(what: &str, unit: &str, n: usize, (cpu, peak, longest): (Duration, usize, Duration)) {
    println!(
        "{what:<38} {n:>7} {unit}: CPU {:>8.3} s ({:>7.2} µs/{unit}), peak heap {:>8.1} MiB \
         ({:>6.0} B/{unit}), longest batch+frame {:>7.2} ms",
        cpu.as_secs_f64(),
        cpu.as_secs_f64() * 1e6 / n as f64,
        peak as f64 / (1 << 20) as f64,
        peak as f64 / n as f64,
        longest.as_secs_f64() * 1e3,
    );
}

fn agent_delta(turn: &str, text: &str) -> AppEvent {
    notify(
        "item/agentMessage/delta",
        json!({"threadId": THREAD, "turnId": turn, "itemId": "msg", "delta": text}),
    )
}

fn started_turn(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    state
}

/// One announced turn: the server starts it, echoes a user message, answers, completes it.
fn announced_turn(i: usize) -> Vec<AppEvent> {
    let turn = format!("t{i}");
    vec![
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": turn, "items": [], "status": "inProgress"}}),
        ),
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": turn, "item": {"type": "userMessage", "id": "u",
                   "content": [{"type": "text", "text": format!("question {i}")}]}}),
        ),
        agent_delta(&turn, &format!("Answer **{i}**.")),
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": turn, "item": {"type": "agentMessage", "id": "msg",
                   "text": format!("Answer **{i}**.")}}),
        ),
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": turn, "items": [], "status": "completed"}}),
        ),
    ]
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_announced_turns() {
    for n in [5_000, 10_000, 20_000] {
        let mut state = ready_state(Instant::now());
        let events = (0..n).flat_map(announced_turn);
        report(
            "server-announced turns",
            "turn",
            n,
            measure(&mut state, events),
        );
    }
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_growing_list() {
    for n in [5_000, 10_000, 20_000] {
        let mut state = started_turn(Instant::now());
        let events = (0..n).map(|i| agent_delta("turn-1", &format!("- item {i} of the list\n")));
        report(
            "one top-level list, item per delta",
            "item",
            n,
            measure(&mut state, events),
        );
    }
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_tables() {
    for rows in [500, 1_000, 2_000, 4_000] {
        let mut state = started_turn(Instant::now());
        let header = format!("|{}\n|{}\n", " col |".repeat(50), "---|".repeat(50));
        let events = std::iter::once(header)
            .chain((0..rows).map(|r| format!("|{}\n", format!(" r{r} |").repeat(50))))
            .map(|row| agent_delta("turn-1", &row));
        report(
            "table ×50 columns, row per delta",
            "row",
            rows,
            measure(&mut state, events),
        );
    }
    for rows in [500, 1_000, 2_000] {
        // As a model streams it: a cell per delta, so the last line is half a row most of the time.
        let mut state = started_turn(Instant::now());
        let header = format!("|{}\n|{}\n", " col |".repeat(50), "---|".repeat(50));
        let events = std::iter::once(header)
            .chain((0..rows).flat_map(|r| {
                std::iter::once("|".to_string())
                    .chain((0..50).map(move |c| format!(" r{r}c{c} |")))
                    .chain(std::iter::once("\n".to_string()))
            }))
            .map(|piece| agent_delta("turn-1", &piece));
        report(
            "table ×50 columns, cell per delta",
            "row",
            rows,
            measure(&mut state, events),
        );
    }
    for columns in [1_500, 3_000, 6_000] {
        let mut state = started_turn(Instant::now());
        let header = format!("|{}\n|{}\n", " c |".repeat(columns), "---|".repeat(columns));
        let events = std::iter::once(header)
            .chain((0..10).map(|r| format!("|{}\n", format!(" {r} |").repeat(columns))))
            .map(|row| agent_delta("turn-1", &row));
        report(
            "table ×10 rows, by columns",
            "column",
            columns,
            measure(&mut state, events),
        );
    }
}

/// `mb` megabytes of text in `delta`-byte deltas: words, with a newline every `line` bytes
/// (never, when `line` is 0).
fn text_deltas(mb: usize, delta: usize, line: usize) -> impl Iterator<Item = AppEvent> {
    let word = "flood word ";
    let mut chunk = String::with_capacity(delta);
    let mut since_newline = 0;
    while chunk.len() + word.len() < delta {
        chunk.push_str(word);
        since_newline += word.len();
        if line > 0 && since_newline >= line {
            chunk.push('\n');
            since_newline = 0;
        }
    }
    (0..(mb << 20) / chunk.len()).map(move |_| agent_delta("turn-1", &chunk))
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_huge_paragraphs() {
    for mb in [10, 20, 40] {
        let mut state = started_turn(Instant::now());
        report(
            "one paragraph, 4 KB deltas, no newline",
            "MB",
            mb,
            measure(&mut state, text_deltas(mb, 4 << 10, 0)),
        );
    }
    for mb in [10, 20, 40] {
        let mut state = started_turn(Instant::now());
        report(
            "one paragraph of 100-byte lines, 4 KB",
            "MB",
            mb,
            measure(&mut state, text_deltas(mb, 4 << 10, 100)),
        );
    }
    for mb in [5, 10, 20] {
        let mut state = started_turn(Instant::now());
        report(
            "one line, 4 KB deltas, frame per delta",
            "MB",
            mb,
            measure_every(&mut state, text_deltas(mb, 4 << 10, 0), 1),
        );
    }
    for mb in [5, 10, 20] {
        let mut state = started_turn(Instant::now());
        let fence = std::iter::once(agent_delta("turn-1", "```\n"));
        report(
            "one code line, 4 KB deltas, frame each",
            "MB",
            mb,
            measure_every(&mut state, fence.chain(text_deltas(mb, 4 << 10, 0)), 1),
        );
    }
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_command_output() {
    for mb in [12, 25, 50] {
        let mut state = started_turn(Instant::now());
        let started = notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "commandExecution",
                   "id": "cmd", "command": "yes", "status": "inProgress", "commandActions": []}}),
        );
        let chunk = "y output line of a flooding command\n".repeat(16 << 10 >> 5);
        let count = (mb << 20) / chunk.len();
        let events = std::iter::once(started).chain((0..count).map(|_| {
            notify(
                "item/commandExecution/outputDelta",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "cmd", "delta": chunk}),
            )
        }));
        report(
            "command output, 16 KB deltas",
            "MB",
            mb,
            measure(&mut state, events),
        );
    }
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_resume_long_thread() {
    for n in [5_000, 10_000, 20_000] {
        let now = Instant::now();
        let mut state = ready_state(now);
        let turns: Vec<_> = (0..n)
            .map(|i| {
                json!({"id": format!("t{i}"), "status": "completed", "items": [
                    {"type": "userMessage", "id": "u", "content": [{"type": "text", "text": format!("question {i}")}]},
                    {"type": "agentMessage", "id": "m", "text": format!("Answer **{i}**.")}]})
            })
            .collect();
        // A server that sends the whole thread at once, whatever tern asked for.
        let page = reply(
            RequestTag::ResumeThread,
            Ok(json!({"thread": {"id": "resumed", "turns": turns},
                              "model": "m", "cwd": "/home/user/project"})),
        );
        report(
            "resume, all turns at once (keys wait)",
            "turn",
            n,
            measure(&mut state, std::iter::once(page)),
        );
    }
}
