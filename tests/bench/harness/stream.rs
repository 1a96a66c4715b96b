//! The streaming scenarios of the benchmark harness: a long answer as fast as the server sends
//! it (10,000 and 30,000 deltas) and paced at 2 ms per delta, against the app-server alone.

use super::app_server;
use super::apps::App;
use super::report::{median, Figure};
use super::{fill, mib, ms, secs, Bench, MARKER, PACE, PACED_DELTAS, TURN_WAIT};
use crate::support::codex_env;
use std::time::Duration;

/// One streamed answer: Enter → the last line on screen, with the CPU it took.
pub(super) struct StreamRun {
    pub(super) enter_to_last: Duration,
    /// From `schedstat` (nanoseconds): ticks of 10 ms are too coarse for tern's figure.
    pub(super) own_cpu: Duration,
    /// From `/proc` ticks, like the app-server's share of it.
    tree_cpu: Duration,
    /// The own process's CPU in ticks, to take out of `tree_cpu` (same unit).
    own_ticks: Duration,
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
        own_cpu: Duration::from_nanos(after.own_cpu_ns.saturating_sub(before.own_cpu_ns)),
        own_ticks: after.own_cpu.saturating_sub(before.own_cpu),
        tree_cpu: after.tree_cpu.saturating_sub(before.tree_cpu),
        own_peak_kib: after.own_peak_kib,
        lag: seen.saturating_duration_since(timing.last_delta),
        streamed: timing.last_delta - timing.first_delta,
    })
}

pub(super) fn stream_runs(
    b: &Bench,
    app: App,
    deltas: usize,
    pace: Option<Duration>,
) -> Vec<StreamRun> {
    (0..b.reps)
        .filter_map(|_| stream_once(b, app, deltas, pace))
        .collect()
}

fn app_server_alone(b: &Bench, deltas: usize) -> (Option<f64>, Option<f64>) {
    let (mut walls, mut cpus) = (vec![], vec![]);
    for _ in 0..b.reps {
        let mock = b.mock(vec![b.stream(deltas, None)]);
        let env = codex_env::CodexEnv::new(&mock.base_url(), super::SANDBOX).expect("codex env");
        if let Some(f) = app_server::stream_turn(&b.codex, &env, "stream the long answer") {
            walls.push(secs(f.wall));
            cpus.push(secs(f.cpu));
        }
    }
    (median(&walls), median(&cpus))
}

pub fn stream(b: &Bench, out: &mut Vec<Figure>) {
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
        "≤ 0.04 s",
    )
    .at_most(0.04);
    let mut share = Figure::new(
        "stream_10k.own_share_of_app_server_percent",
        "10,000 deltas: own CPU as a share of its app-server's CPU in the same run",
        "%",
        "≤ 6 %",
    )
    .at_most(6.0);
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
    )
    .at_most(30.0);
    (wall.app_server, tree.app_server) = app_server_alone(b, b.size(10_000, 1_000));
    for &app in &b.apps {
        let runs = stream_runs(b, app, b.size(10_000, 1_000), None);
        let pick = |f: fn(&StreamRun) -> f64| runs.iter().map(f).collect::<Vec<_>>();
        fill(&mut wall, app, &pick(|r| secs(r.enter_to_last)), b.reps);
        fill(&mut own, app, &pick(|r| secs(r.own_cpu)), b.reps);
        fill(&mut tree, app, &pick(|r| secs(r.tree_cpu)), b.reps);
        fill(&mut peak, app, &pick(|r| mib(r.own_peak_kib)), b.reps);
        // The app-server's CPU is the tree's minus the program's own (the official TUI runs
        // its app-server in its own process, so it has no share).
        if app == App::Tern {
            let shares = pick(|r| {
                let server = secs(r.tree_cpu.saturating_sub(r.own_ticks));
                100.0 * secs(r.own_cpu) / server.max(1e-3)
            });
            fill(&mut share, app, &shares, b.reps);
        }
    }
    if let (Some(alone), Some(tern)) = (wall.app_server, wall.tern.value()) {
        wall.judged(tern <= 1.15 * alone);
    }
    out.extend([wall, own, share, tree, peak]);
}

pub fn paced(b: &Bench, out: &mut Vec<Figure>) {
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
        let runs = stream_runs(b, app, b.size(PACED_DELTAS, 300), Some(PACE));
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

pub fn long(b: &Bench, out: &mut Vec<Figure>) {
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
        let sizes = [b.size(10_000, 1_000), b.size(30_000, 3_000)];
        for (figure, deltas) in [(&mut short, sizes[0]), (&mut long, sizes[1])] {
            let runs = stream_runs(b, app, deltas, None);
            let per_delta: Vec<f64> = runs
                .iter()
                .map(|r| secs(r.own_cpu) * 1e6 / deltas as f64)
                .collect();
            fill(figure, app, &per_delta, b.reps);
        }
    }
    if let (Some(few), Some(many)) = (short.tern.value(), long.tern.value()) {
        long.judged(many <= few);
    }
    out.extend([short, long]);
}
