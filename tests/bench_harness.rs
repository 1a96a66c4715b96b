//! The project's benchmark harness: tern against the official Codex TUI (`codex --no-daemon`),
//! both driving the real app-server against the project's mock model on 127.0.0.1, each in a
//! 120×40 pseudo-terminal, by keystrokes. Completion is read off the parsed screen; CPU and
//! peak memory come from `/proc`. It prints a table of medians and one JSON line; it asserts no
//! timing and is not part of `cargo test`:
//!
//! ```text
//! cargo test --release --test bench_harness -- --ignored --nocapture
//! ```
//!
//! `BENCH_REPS` (default 3), `BENCH_APPS` (`tern,official`) and `BENCH_SCENARIOS` (a comma list
//! of `startup,stream,paced,long,echo,approval,cells`) narrow a run.

#[path = "support/bench_app_server.rs"]
mod bench_app_server;
#[path = "support/bench_apps.rs"]
mod bench_apps;
#[path = "support/bench_report.rs"]
mod bench_report;
#[path = "support/codex_env.rs"]
mod codex_env;
#[path = "support/mock_model.rs"]
mod mock_model;
#[path = "support/proc_stats.rs"]
mod proc_stats;
#[path = "support/pty.rs"]
mod pty;

use bench_apps::{echo_latencies, start, start_echo_floor, App, Running};
use bench_report::{json_line, median, p99, print_table, Figure, Measured};
use mock_model::{long_markdown_answer, MockModel, MockTurn};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Lines and deltas of the long answer; its text ends in a line the screen is watched for.
const ANSWER_LINES: usize = 2_000;
const MARKER: &str = "END-OF-ANSWER 2000";
const PACE: Duration = Duration::from_millis(2);
const PACED_DELTAS: usize = 1_500;
const ECHO_KEYS: usize = 40;
const CELLS: usize = 10_000;
/// Generous bounds, so a program that never shows what is waited for costs a minute, not a hang.
const TURN_WAIT: Duration = Duration::from_secs(90);

/// One scenario: runs each selected program and adds its figures.
type Scenario = fn(&Bench, &mut Vec<Figure>);

struct Bench {
    runtime: tokio::runtime::Runtime,
    codex: PathBuf,
    apps: Vec<App>,
    reps: usize,
    answer: String,
}

impl Bench {
    fn mock(&self, script: Vec<MockTurn>) -> MockModel {
        self.runtime.block_on(MockModel::start(script))
    }

    fn stream(&self, deltas: usize, pace: Option<Duration>) -> MockTurn {
        MockTurn::Stream {
            text: self.answer.clone(),
            deltas,
            pace,
        }
    }

    /// Starts `app` against a mock serving `script` and waits until it can take a prompt.
    fn ready(&self, app: App, script: Vec<MockTurn>) -> Option<(MockModel, Running)> {
        let mock = self.mock(script);
        let running = start(app, &self.codex, &mock.base_url());
        running.wait_ready().then_some((mock, running))
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// Puts each app's median of `samples` into the figure.
fn fill(figure: &mut Figure, app: App, samples: &[f64], runs: usize) {
    let value = Measured::median_of(samples, runs);
    match app {
        App::Tern => figure.tern = value,
        App::Official => figure.official = value,
    }
}

fn startup(b: &Bench, out: &mut Vec<Figure>) {
    let mut composer = Figure::new(
        "startup.composer_ms",
        "startup → composer on screen",
        "ms",
        "≤ 50 ms",
    );
    let mut idle_cpu = Figure::new(
        "idle.cpu_percent",
        "idle 5 s: CPU of its own process",
        "%",
        "keep ≈ 0",
    );
    let mut idle_wakeups = Figure::new(
        "idle.wakeups_per_s",
        "idle 5 s: wake-ups of its own process",
        "/s",
        "keep ≈ 0",
    );
    let mut memory = Figure::new(
        "idle.peak_mib",
        "peak memory after start (own process)",
        "MiB",
        "≤ 30 MiB",
    );
    let runs = b.reps.max(5);
    for &app in &b.apps {
        let (mut times, mut peaks) = (vec![], vec![]);
        let (mut cpu, mut wakeups) = (vec![], vec![]);
        for rep in 0..runs {
            let mock = b.mock(vec![]);
            let running = start(app, &b.codex, &mock.base_url());
            if let Some(seen) = running.wait_composer() {
                times.push(ms(seen - running.spawned));
            }
            if !running.wait_ready() {
                continue;
            }
            if rep == 0 {
                // Once started, a program with nothing to do should not wake up.
                let before = running.settled(Duration::from_secs(5));
                let window = Duration::from_secs(5);
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
        fill(&mut idle_cpu, app, &cpu, 1);
        fill(&mut idle_wakeups, app, &wakeups, 1);
    }
    out.extend([composer, memory, idle_cpu, idle_wakeups]);
}

/// One streamed answer: Enter → the last line on screen, with the CPU it took.
struct StreamRun {
    enter_to_last: Duration,
    own_cpu: Duration,
    tree_cpu: Duration,
    own_peak_kib: u64,
    /// The last line on screen after the mock wrote the last delta.
    lag: Duration,
    /// First delta written → last delta written.
    streamed: Duration,
}

fn stream_once(b: &Bench, app: App, deltas: usize, pace: Option<Duration>) -> Option<StreamRun> {
    let (mock, running) = b.ready(app, vec![b.stream(deltas, pace)])?;
    let before = running.settled(Duration::from_secs(5));
    let sent = running.submit("stream the long answer")?;
    let seen = running.wait(TURN_WAIT, |s| s.contains(MARKER))?;
    let after = running.settled(Duration::from_secs(20));
    let timing = mock.last_stream_timing()?;
    Some(StreamRun {
        enter_to_last: seen - sent,
        own_cpu: after.own_cpu.saturating_sub(before.own_cpu),
        tree_cpu: after.tree_cpu.saturating_sub(before.tree_cpu),
        own_peak_kib: after.own_peak_kib,
        lag: seen.saturating_duration_since(timing.last_delta),
        streamed: timing.last_delta - timing.first_delta,
    })
}

fn stream_runs(b: &Bench, app: App, deltas: usize, pace: Option<Duration>) -> Vec<StreamRun> {
    (0..b.reps)
        .filter_map(|_| stream_once(b, app, deltas, pace))
        .collect()
}

fn app_server_alone(b: &Bench, deltas: usize) -> (Option<f64>, Option<f64>) {
    let (mut walls, mut cpus) = (vec![], vec![]);
    for _ in 0..b.reps {
        let mock = b.mock(vec![b.stream(deltas, None)]);
        let env = codex_env::CodexEnv::new(&mock.base_url(), codex_env::Sandbox::Default)
            .expect("codex env");
        if let Some(f) = bench_app_server::stream_turn(&b.codex, &env, "stream the long answer") {
            walls.push(secs(f.wall));
            cpus.push(secs(f.cpu));
        }
    }
    (median(&walls), median(&cpus))
}

fn stream(b: &Bench, out: &mut Vec<Figure>) {
    let mut wall = Figure::new(
        "stream_10k.enter_to_last_line_s",
        "10,000 deltas: Enter → last line on screen",
        "s",
        "≤ 1.15× app-server alone",
    );
    let mut own = Figure::new(
        "stream_10k.own_cpu_s",
        "10,000 deltas: CPU of its own process",
        "s",
        "≤ 0.12 s",
    );
    let mut tree = Figure::new(
        "stream_10k.tree_cpu_s",
        "10,000 deltas: CPU with its app-server",
        "s",
        "≤ 0.80 s, ≤ 0.22× official",
    );
    let mut peak = Figure::new(
        "stream_10k.peak_mib",
        "10,000 deltas: peak memory (own process)",
        "MiB",
        "≤ 30 MiB",
    );
    (wall.app_server, tree.app_server) = app_server_alone(b, 10_000);
    for &app in &b.apps {
        let runs = stream_runs(b, app, 10_000, None);
        let pick = |f: fn(&StreamRun) -> f64| runs.iter().map(f).collect::<Vec<_>>();
        fill(&mut wall, app, &pick(|r| secs(r.enter_to_last)), b.reps);
        fill(&mut own, app, &pick(|r| secs(r.own_cpu)), b.reps);
        fill(&mut tree, app, &pick(|r| secs(r.tree_cpu)), b.reps);
        fill(&mut peak, app, &pick(|r| mib(r.own_peak_kib)), b.reps);
    }
    out.extend([wall, own, tree, peak]);
}

fn paced(b: &Bench, out: &mut Vec<Figure>) {
    let mut own = Figure::new(
        "paced.own_cpu_percent",
        "paced stream (2 ms/delta): CPU of its own process",
        "%",
        "–",
    );
    let mut tree = Figure::new(
        "paced.tree_cpu_percent",
        "paced stream (2 ms/delta): CPU with its app-server",
        "%",
        "–",
    );
    let mut lag = Figure::new(
        "paced.last_line_lag_ms",
        "paced stream: last line on screen after the last byte",
        "ms",
        "–",
    );
    for &app in &b.apps {
        let runs = stream_runs(b, app, PACED_DELTAS, Some(PACE));
        let per_second = |cpu: Duration, r: &StreamRun| 100.0 * secs(cpu) / secs(r.streamed);
        let own_cpu: Vec<f64> = runs.iter().map(|r| per_second(r.own_cpu, r)).collect();
        let tree_cpu: Vec<f64> = runs.iter().map(|r| per_second(r.tree_cpu, r)).collect();
        let lags: Vec<f64> = runs.iter().map(|r| ms(r.lag)).collect();
        fill(&mut own, app, &own_cpu, b.reps);
        fill(&mut tree, app, &tree_cpu, b.reps);
        fill(&mut lag, app, &lags, b.reps);
    }
    out.extend([own, tree, lag]);
}

fn long(b: &Bench, out: &mut Vec<Figure>) {
    let mut short = Figure::new(
        "per_delta.own_cpu_us_10k",
        "own CPU per delta, the answer in 10,000 deltas",
        "µs",
        "–",
    );
    let mut long = Figure::new(
        "per_delta.own_cpu_us_30k",
        "own CPU per delta, the same answer in 30,000 deltas",
        "µs",
        "flat: ≤ the 10,000-delta figure",
    );
    for &app in &b.apps {
        for (figure, deltas) in [(&mut short, 10_000), (&mut long, 30_000)] {
            let runs = stream_runs(b, app, deltas, None);
            let per_delta: Vec<f64> = runs
                .iter()
                .map(|r| secs(r.own_cpu) * 1e6 / deltas as f64)
                .collect();
            fill(figure, app, &per_delta, b.reps);
        }
    }
    out.extend([short, long]);
}

/// Median and p99 of the key → echo latencies in ms, pooled over runs.
fn echo_figures(key: &str, label: &str, target: &str) -> (Figure, Figure) {
    (
        Figure::new(
            &format!("{key}.median_ms"),
            &format!("{label}, median"),
            "ms",
            target,
        ),
        Figure::new(
            &format!("{key}.p99_ms"),
            &format!("{label}, p99"),
            "ms",
            "–",
        ),
    )
}

fn fill_echo(figures: &mut (Figure, Figure), app: App, samples: &[f64], runs: usize) {
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
        App::Tern => (figures.0.tern, figures.1.tern) = (m, p),
        App::Official => (figures.0.official, figures.1.official) = (m, p),
    }
}

fn echo(b: &Bench, out: &mut Vec<Figure>) {
    let mut floor = vec![];
    for _ in 0..b.reps {
        let cat = start_echo_floor();
        floor.extend(echo_latencies(&cat, ECHO_KEYS).iter().map(|d| ms(*d)));
    }
    let floor_ms = median(&floor).unwrap_or(0.0);
    let mut empty = echo_figures(
        "echo_empty",
        &format!("key → echo, empty transcript (floor of the method {floor_ms:.2} ms)"),
        "≤ floor + 2 ms",
    );
    let mut during = echo_figures(
        "echo_streaming",
        "key → echo during a paced stream",
        "≤ floor + 3 ms",
    );
    let mut after = echo_figures(
        "echo_after_answer",
        "key → echo after a 2,000-line answer",
        "≤ floor + 2 ms",
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
            if let Some((_mock, running)) = b.ready(app, vec![b.stream(10_000, None)]) {
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

fn approval(b: &Bench, out: &mut Vec<Figure>) {
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

/// A transcript of many cells: one answer made of `CELLS` messages, some with code.
fn many_cells() -> Vec<String> {
    (0..CELLS)
        .map(|i| match i {
            _ if i + 1 == CELLS => "The last cell. LAST-CELL".to_string(),
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

fn cells(b: &Bench, out: &mut Vec<Figure>) {
    let mut shown = Figure::new(
        "cells_10k.enter_to_last_cell_s",
        "10,000 cells: Enter → last cell on screen",
        "s",
        "–",
    );
    let mut memory = Figure::new(
        "cells_10k.peak_mib",
        "10,000 cells: peak memory (own process)",
        "MiB",
        "≤ 120 MiB",
    );
    let mut page = Figure::new(
        "cells_10k.pgup_ms",
        "10,000 cells: PgUp → screen scrolled, median",
        "ms",
        "–",
    );
    let texts = many_cells();
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
    out.extend([shown, memory, page]);
}

fn selected(var: &str, name: &str) -> bool {
    match std::env::var(var) {
        Ok(list) => list.split(',').any(|s| s.trim() == name),
        Err(_) => true,
    }
}

#[test]
#[ignore = "benchmark: run with --ignored in release mode; prints figures"]
fn bench_harness() {
    let Some(codex) = codex_env::codex_bin() else {
        eprintln!("skipping: no codex binary (run .ci/run or set TERN_CODEX_BIN)");
        return;
    };
    let apps: Vec<App> = [App::Tern, App::Official]
        .into_iter()
        .filter(|a| selected("BENCH_APPS", a.name()))
        .collect();
    let reps = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3usize)
        .clamp(1, 10);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let b = Bench {
        runtime,
        codex,
        apps,
        reps,
        answer: long_markdown_answer(ANSWER_LINES),
    };
    let scenarios: [(&str, Scenario); 7] = [
        ("startup", startup),
        ("stream", stream),
        ("paced", paced),
        ("long", long),
        ("echo", echo),
        ("approval", approval),
        ("cells", cells),
    ];
    let started = Instant::now();
    let mut figures = vec![];
    for (name, run) in scenarios {
        if selected("BENCH_SCENARIOS", name) {
            let at = Instant::now();
            run(&b, &mut figures);
            eprintln!("scenario {name}: {:.1} s", at.elapsed().as_secs_f64());
        }
    }
    println!(
        "\n{} lines ({} KB) of markdown, 120×40 terminal, medians of {reps} runs, {} in all\n",
        b.answer.lines().count(),
        b.answer.len() / 1024,
        format_args!("{:.0} s", started.elapsed().as_secs_f64()),
    );
    print_table(&figures);
    let context = serde_json::json!({
        "reps": reps,
        "codex": b.codex.to_string_lossy(),
        "answer_bytes": b.answer.len(),
        "terminal": "120x40",
    });
    println!("\n{}", json_line(&figures, context));
}
