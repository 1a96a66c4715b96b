//! The project's benchmark harness: tern against the official Codex TUI (`codex --no-daemon`),
//! both driving the real app-server against the project's mock model on 127.0.0.1, each in a
//! 120×40 pseudo-terminal, by keystrokes. Completion is read off the parsed screen; CPU and
//! peak memory come from `/proc`. It prints a table of medians and one JSON line; it asserts no
//! timing and is not part of `cargo test`:
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture harness::
//! ```
//!
//! `BENCH_REPS` (default 3), `BENCH_APPS` (`tern,official`) and `BENCH_SCENARIOS` (a comma list
//! of `startup,stream,paced,long,echo,approval,cells,agents,day,slow,picker,huge,stream-inline,
//! echo-inline,inbox,review`) narrow a run; `BENCH_TERN_BIN` runs another build of tern (to
//! compare before and after a change). The scale scenarios `picker` (10,000 stored threads) and
//! `huge` (a 5,000-turn thread) run tern alone against the fake app-server's generated data
//! (`stamped`); `inbox` (50 questions waiting across 10 threads) and `review` (hunk review of a
//! 5,000-line diff) run tern alone against the fake app-server's script (`fake`).

mod agents;
mod app_server;
mod apps;
mod day;
mod fake;
mod huge;
mod inbox;
mod inline;
mod interactive;
mod moves;
mod picker;
mod proc_stats;
mod report;
mod review;
mod slow;
mod stamped;
mod stream;

use crate::support::codex_env;
use crate::support::mock_model::{long_markdown_answer, MockModel, MockTurn};
use apps::{start, App, Running};
use interactive::{approval, cells, echo, startup};
use report::{json_line, print_table, Figure, Measured};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use stream::{long, paced, stream};

/// Lines and deltas of the long answer; its text ends in a line the screen is watched for.
const ANSWER_LINES: usize = 2_000;
const MARKER: &str = "END-OF-ANSWER 2000";
const PACE: Duration = Duration::from_millis(2);
const PACED_DELTAS: usize = 1_500;
const ECHO_KEYS: usize = 40;
const CELLS: usize = 10_000;
/// Every app and the app-server alone run in a trusted workspace (sandbox workspace-write): in
/// an untrusted one the official TUI (0.171) stops at a "Folder access" screen on every start,
/// where tern, its trust decided, goes straight to the composer.
const SANDBOX: codex_env::Sandbox = codex_env::Sandbox::WorkspaceWrite;
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
    /// `BENCH_SHORT=1`: every scenario at a small size, once, to check that the harness still
    /// works (CI runs this); its figures mean nothing.
    short: bool,
    floor: std::sync::OnceLock<f64>,
}

impl Bench {
    /// The floor of the key-echo method (`cat` in the same pseudo-terminal), measured once.
    fn floor_ms(&self) -> f64 {
        *self
            .floor
            .get_or_init(|| interactive::echo_floor_ms(self.reps))
    }

    /// `full` in a full run, `short` under `BENCH_SHORT`.
    fn size(&self, full: usize, short: usize) -> usize {
        if self.short {
            short
        } else {
            full
        }
    }

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
        App::Tern | App::TernInline => figure.tern = value,
        App::Official => figure.official = value,
    }
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
        panic!(
            "the benchmark needs the real codex: run .ci/run (it installs the pinned codex into \
             target/codex) or set TERN_CODEX_BIN to a codex binary"
        );
    };
    let short = std::env::var_os("BENCH_SHORT").is_some_and(|v| v != "0");
    let apps: Vec<App> = [App::Tern, App::Official]
        .into_iter()
        .filter(|a| selected("BENCH_APPS", a.name()))
        .collect();
    let reps = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(if short { 1 } else { 3usize })
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
        short,
        floor: std::sync::OnceLock::new(),
    };
    // One line per scenario; the scale scenarios (issue 24) run tern alone, against the fake
    // app-server where the real one cannot make the load on two cores.
    let scenarios: Vec<(&str, Scenario)> = vec![
        ("startup", startup),
        ("stream", stream),
        ("paced", paced),
        ("long", long),
        ("echo", echo),
        ("approval", approval),
        ("cells", cells),
        ("agents", agents::agents),
        ("day", day::day),
        ("slow", slow::slow),
        ("picker", picker::picker),
        ("huge", huge::huge),
        ("stream-inline", inline::stream_inline),
        ("echo-inline", inline::echo_inline),
        ("inbox", inbox::inbox),
        ("review", review::review),
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
    if short {
        println!("BENCH_SHORT: small sizes, once, in this build: a check that the harness works; the figures and their verdicts mean nothing\n");
    }
    print_table(&figures);
    let context = serde_json::json!({
        "reps": reps,
        "short": short,
        "codex": b.codex.to_string_lossy(),
        "answer_bytes": b.answer.len(),
        "terminal": "120x40",
    });
    println!("\n{}", json_line(&figures, context));
    if short {
        // CI's check that the harness works: a scenario that could not finish fails it (its
        // figures are not judged).
        let failed: Vec<&str> = figures
            .iter()
            .filter(|f| {
                matches!(f.tern, Measured::Failed(_)) || matches!(f.official, Measured::Failed(_))
            })
            .map(|f| f.key.as_str())
            .collect();
        assert!(failed.is_empty(), "figures that failed: {failed:?}");
    }
}
