//! The interactive scenarios of the benchmark harness: startup and idle, key echo (empty,
//! during a stream, after a long answer), an approval turn, and a transcript of 10,000 cells.

use super::app_server;
use super::apps::{echo_latencies, start, start_echo_floor, App};
use super::report::{median, p99, Figure, Measured};
use super::{fill, mib, ms, secs, Bench, CELLS, ECHO_KEYS, MARKER, PACE, TURN_WAIT};
use crate::support::codex_env;
use crate::support::mock_model::MockTurn;
use std::time::{Duration, Instant};

pub fn startup(b: &Bench, out: &mut Vec<Figure>) {
    let mut composer = Figure::new(
        "startup.composer_ms",
        "startup → composer on screen",
        "ms",
        "≤ 50 ms",
    )
    .at_most(50.0);
    let mut start_cpu = Figure::new(
        "startup.own_cpu_s",
        "startup until idle: CPU of its own process (tern: with the highlighting warm-up)",
        "s",
        "–",
    );
    let mut idle_cpu = Figure::new(
        "idle.cpu_percent",
        "idle 10 s: CPU of its own process",
        "%",
        "≤ 0.1 %",
    )
    .at_most(0.1);
    let mut idle_wakeups = Figure::new(
        "idle.wakeups_per_s",
        "idle 10 s: wake-ups of its own process",
        "/s",
        "zero: ≤ 0.1 /s",
    )
    .at_most(0.1);
    let mut memory = Figure::new(
        "idle.peak_mib",
        "peak memory after start (own process)",
        "MiB",
        "≤ 30 MiB",
    )
    .at_most(30.0);
    let runs = if b.short { 1 } else { b.reps.max(5) };
    for &app in &b.apps {
        let (mut times, mut peaks) = (vec![], vec![]);
        let (mut cpu, mut wakeups, mut started) = (vec![], vec![], vec![]);
        for rep in 0..runs {
            let mock = b.mock(vec![]);
            let running = start(app, &b.codex, &mock.base_url());
            if let Some(seen) = running.wait_composer() {
                times.push(ms(seen - running.spawned));
            }
            if !running.wait_ready() {
                continue;
            }
            let before = running.settled(Duration::from_secs(5));
            started.push(secs(before.own_cpu));
            if rep == 0 {
                // Once started, a program with nothing to do should not wake up.
                let window = Duration::from_secs(b.size(10, 1) as u64);
                std::thread::sleep(window);
                let after = running.sample();
                cpu.push(100.0 * secs(after.own_cpu - before.own_cpu) / secs(window));
                let switches = after.own_switches.saturating_sub(before.own_switches);
                wakeups.push(switches as f64 / secs(window));
            }
            peaks.push(mib(running.sample().own_peak_kib));
        }
        fill(&mut composer, app, &times, runs);
        fill(&mut memory, app, &peaks, runs);
        fill(&mut start_cpu, app, &started, runs);
        fill(&mut idle_cpu, app, &cpu, 1);
        fill(&mut idle_wakeups, app, &wakeups, 1);
    }
    out.extend([composer, start_cpu, memory, idle_cpu, idle_wakeups]);
}

/// Median and p99 of the key → echo latencies in ms, pooled over runs; the median's target is
/// `above` ms over the floor of the method.
pub fn echo_figures(key: &str, label: &str, floor_ms: f64, above: f64) -> (Figure, Figure) {
    (
        Figure::new(
            &format!("{key}.median_ms"),
            &format!("{label}, median"),
            "ms",
            &format!("≤ floor + {above} ms"),
        )
        .at_most(floor_ms + above),
        Figure::new(
            &format!("{key}.p99_ms"),
            &format!("{label}, p99"),
            "ms",
            "–",
        ),
    )
}

pub fn fill_echo(figures: &mut (Figure, Figure), app: App, samples: &[f64], runs: usize) {
    let enough = samples.len() >= runs * ECHO_KEYS;
    let value = |v: Option<f64>| match v {
        Some(v) if enough => Measured::Value(v),
        _ => Measured::Failed(format!(
            "{} of {} keys echoed",
            samples.len(),
            runs * ECHO_KEYS
        )),
    };
    let (m, p) = (value(median(samples)), value(p99(samples)));
    match app {
        App::Tern | App::TernInline => (figures.0.tern, figures.1.tern) = (m, p),
        App::Official => (figures.0.official, figures.1.official) = (m, p),
    }
}

/// The median key → echo latency of `cat` in the same pseudo-terminal: the floor of the method.
pub fn echo_floor_ms(reps: usize) -> f64 {
    let mut floor = vec![];
    for _ in 0..reps {
        let cat = start_echo_floor();
        floor.extend(echo_latencies(&cat, ECHO_KEYS).iter().map(|d| ms(*d)));
    }
    median(&floor).unwrap_or(0.0)
}

pub fn echo(b: &Bench, out: &mut Vec<Figure>) {
    let floor_ms = b.floor_ms();
    let mut empty = echo_figures(
        "echo_empty",
        &format!("key → echo, empty transcript (floor of the method {floor_ms:.2} ms)"),
        floor_ms,
        2.0,
    );
    let mut during = echo_figures(
        "echo_streaming",
        "key → echo during a paced stream",
        floor_ms,
        3.0,
    );
    let mut after = echo_figures(
        "echo_after_answer",
        "key → echo after a 2,000-line answer",
        floor_ms,
        2.0,
    );
    for &app in &b.apps {
        let (mut e, mut d, mut a) = (vec![], vec![], vec![]);
        for _ in 0..b.reps {
            if let Some((_mock, running)) = b.ready(app, vec![]) {
                e.extend(
                    echo_latencies(&running.session, ECHO_KEYS)
                        .iter()
                        .map(|d| ms(*d)),
                );
            }
            // Long enough to outlast the typing; keys are typed once the stream shows.
            let paced = b.stream(5_000, Some(PACE));
            if let Some((_mock, running)) = b.ready(app, vec![paced]) {
                running.submit("stream the long answer");
                if running
                    .wait(TURN_WAIT, |s| s.contains("Section 3:"))
                    .is_some()
                {
                    let keys = echo_latencies(&running.session, ECHO_KEYS);
                    let still_streaming = !running.session.screen_text().contains(MARKER);
                    if still_streaming {
                        d.extend(keys.iter().map(|d| ms(*d)));
                    }
                }
            }
            if let Some((_mock, running)) =
                b.ready(app, vec![b.stream(b.size(10_000, 1_000), None)])
            {
                running.submit("stream the long answer");
                if running.wait(TURN_WAIT, |s| s.contains(MARKER)).is_some() {
                    running.settled(Duration::from_secs(20));
                    a.extend(
                        echo_latencies(&running.session, ECHO_KEYS)
                            .iter()
                            .map(|d| ms(*d)),
                    );
                }
            }
        }
        fill_echo(&mut empty, app, &e, b.reps);
        fill_echo(&mut during, app, &d, b.reps);
        fill_echo(&mut after, app, &a, b.reps);
    }
    out.extend([empty.0, empty.1, during.0, during.1, after.0, after.1]);
}

pub fn approval(b: &Bench, out: &mut Vec<Figure>) {
    let mut figure = Figure::new(
        "approval.enter_to_prompt_ms",
        "approval turn: Enter → prompt on screen",
        "ms",
        "–",
    );
    for &app in &b.apps {
        let mut times = vec![];
        for _ in 0..b.reps {
            let turn = MockTurn::git_status_needing_approval("Checked.");
            let Some((_mock, running)) = b.ready(app, vec![turn]) else {
                continue;
            };
            let Some(sent) = running.submit("check the repository") else {
                continue;
            };
            if let Some(seen) = running.wait(TURN_WAIT, move |s| app.approval_visible(s)) {
                times.push(ms(seen - sent));
            }
        }
        fill(&mut figure, app, &times, b.reps);
    }
    out.push(figure);
}

/// A transcript of many cells: one answer made of `cells` messages, some with code.
fn many_cells(cells: usize) -> Vec<String> {
    (0..cells)
        .map(|i| match i {
            _ if i + 1 == cells => "The last cell. LAST-CELL".to_string(),
            _ if i % 10 == 0 => format!(
                "Cell {i} shows **code**:\n\n```rust\nfn cell_{i}() -> usize {{ {i} }}\n```\n"
            ),
            _ => format!(
                "Cell {i}: a short answer with `inline code`, *emphasis* and a list:\n\n\
                 - first\n- second\n"
            ),
        })
        .collect()
}

pub fn cells(b: &Bench, out: &mut Vec<Figure>) {
    let mut shown = Figure::new(
        "cells_10k.enter_to_last_cell_s",
        "10,000 cells: Enter → last cell on screen",
        "s",
        "≤ 1.1× app-server alone, < official",
    );
    let mut memory = Figure::new(
        "cells_10k.peak_mib",
        "10,000 cells: peak memory (own process)",
        "MiB",
        "≤ 120 MiB",
    )
    .at_most(120.0);
    let mut page = Figure::new(
        "cells_10k.pgup_ms",
        "10,000 cells: PgUp → screen scrolled, median",
        "ms",
        "–",
    );
    let texts = many_cells(b.size(CELLS, 300));
    let mut alone = vec![];
    for _ in 0..b.reps {
        let mock = b.mock(vec![MockTurn::Messages {
            texts: texts.clone(),
        }]);
        let env = codex_env::CodexEnv::new(&mock.base_url(), super::SANDBOX).expect("codex env");
        if let Some(f) = app_server::stream_turn(&b.codex, &env, "answer in many cells") {
            alone.push(secs(f.completed));
        }
    }
    shown.app_server = median(&alone);
    for &app in &b.apps {
        let (mut times, mut peaks, mut pages) = (vec![], vec![], vec![]);
        for _ in 0..b.reps {
            let turn = MockTurn::Messages {
                texts: texts.clone(),
            };
            let Some((_mock, running)) = b.ready(app, vec![turn]) else {
                continue;
            };
            let Some(sent) = running.submit("answer in many cells") else {
                continue;
            };
            let Some(seen) = running.wait(Duration::from_secs(180), |s| s.contains("LAST-CELL"))
            else {
                continue;
            };
            times.push(secs(seen - sent));
            peaks.push(mib(running.settled(Duration::from_secs(30)).own_peak_kib));
            let mut latencies = vec![];
            for _ in 0..10 {
                let before = running.session.screen_text();
                let pressed = Instant::now();
                running.session.send(b"\x1b[5~");
                match running.wait(Duration::from_secs(5), move |s| s != before) {
                    Some(seen) => latencies.push(ms(seen - pressed)),
                    None => break,
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if latencies.len() == 10 {
                pages.push(median(&latencies).unwrap_or_default());
            }
        }
        fill(&mut shown, app, &times, b.reps);
        fill(&mut memory, app, &peaks, b.reps);
        fill(&mut page, app, &pages, b.reps);
    }
    // The app-server alone: `turn/start` → `turn/completed` read by a client with no screen.
    if let (Some(alone), Some(tern)) = (shown.app_server, shown.tern.value()) {
        let official = shown.official.value().unwrap_or(f64::INFINITY);
        shown.judged(tern <= 1.1 * alone && tern < official);
    }
    out.extend([shown, memory, page]);
}
