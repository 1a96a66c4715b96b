//! The big picker (issue 24): `tern resume` over 10,000 stored threads. The threads come from
//! the fake app-server (`"generate"`), not the real codex: making 10,000 threads through
//! `codex app-server` and the mock model takes a turn per thread (the old `threads::` bench
//! needed minutes for 1,000 on two cores), and the figures here are tern's side of the pipe.
//!
//! Figures: the first rows on screen after the server wrote its first page (the fake notes the
//! moment, `stamped`); each key of a filter typed over 2,000 loaded rows until the query line
//! shows it (the filtered list is drawn in the same frame); how many server searches a quickly
//! typed word sends (the search is debounced); tern's peak memory.

use super::apps::App;
use super::report::{median, p99, Figure, Measured};
use super::stamped::{self, FakeRun};
use super::{fill, mib, ms, Bench};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);
/// A word every row matches (each preview asks why something "stalls"), so each key filters
/// and sorts all loaded rows: the worst case.
const WORD: &str = "stall";
const ROUNDS: usize = 4;
/// A typist's gap between keys: well inside the search's debounce.
const GAP: Duration = Duration::from_millis(30);

/// The count in the title line (" · 2000+ shown") of `screen`.
fn shown(screen: &str) -> usize {
    let title = screen.lines().next().unwrap_or_default();
    let Some(end) = title.find(" shown") else {
        return 0;
    };
    let digits: String = title[..end]
        .trim_end_matches('+')
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .chars()
        .rev()
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}

/// The line of `screen` that shows the query.
fn query_line(screen: &str) -> &str {
    screen.lines().nth(1).unwrap_or_default()
}

/// Whether `check` held within `limit` (a file another process writes is polled).
fn poll(limit: Duration, check: impl Fn() -> bool) -> bool {
    let deadline = std::time::Instant::now() + limit;
    while std::time::Instant::now() < deadline {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    check()
}

/// Presses End until `rows` rows are loaded (each End at the end loads the next page).
fn load_rows(run: &FakeRun, rows: usize) -> usize {
    let mut loaded = shown(&run.session.screen_text());
    while loaded < rows {
        run.session.send(b"\x1b[F");
        let before = loaded;
        if run
            .wait(Duration::from_secs(5), |s| shown(s) > before)
            .is_none()
        {
            break;
        }
        loaded = shown(&run.session.screen_text());
    }
    loaded
}

/// Searches tern sent the server so far.
fn searches(run: &FakeRun) -> usize {
    run.fake
        .recorded()
        .iter()
        .filter(|m| m["method"] == "thread/list" && m["params"]["searchTerm"].is_string())
        .count()
}

pub fn picker(b: &Bench, out: &mut Vec<Figure>) {
    let threads = b.size(10_000, 500);
    let loaded_rows = b.size(2_000, 100);
    let mut first = Figure::new(
        "picker_10k.first_rows_ms",
        &format!("resume picker over {threads} threads: first rows on screen after the server's first page"),
        "ms",
        "≤ 100 ms",
    )
    .at_most(100.0);
    let mut key_median = Figure::new(
        "picker_10k.filter_key_median_ms",
        &format!("resume picker: a filter key → list filtered, {loaded_rows} rows loaded, median"),
        "ms",
        "≤ 16 ms",
    )
    .at_most(16.0);
    let mut key_p99 = Figure::new(
        "picker_10k.filter_key_p99_ms",
        &format!("resume picker: a filter key → list filtered, {loaded_rows} rows loaded, p99"),
        "ms",
        "–",
    );
    let mut sent = Figure::new(
        "picker_10k.searches_per_word",
        &format!(
            "resume picker: server searches per word typed {} ms a key",
            GAP.as_millis()
        ),
        "",
        "1 (debounced)",
    )
    .at_most(1.0);
    let mut peak = Figure::new(
        "picker_10k.peak_mib",
        "resume picker: peak memory (own process)",
        "MiB",
        "–",
    );
    let steps = vec![
        json!({"vars": {"cwd": "/work/project"}}),
        json!({"on": "thread/list", "generate": threads}),
        json!({"on": "thread/turns/list", "generate": 3}),
    ];
    let (mut firsts, mut keys, mut words, mut peaks) = (vec![], vec![], vec![], vec![]);
    for _ in 0..b.reps {
        let run = stamped::start(&steps, &["resume"]);
        // Thread 0 is the newest: its row is the first.
        let Some(seen) = run.wait(WAIT, |s| s.contains("work 00000")) else {
            continue;
        };
        if let Some(page) = run.first_answer("thread/list") {
            firsts.push(ms(seen.saturating_duration_since(page)));
        }
        if load_rows(&run, loaded_rows) < loaded_rows {
            continue;
        }
        for _ in 0..ROUNDS {
            let before = searches(&run);
            let mut typed = String::new();
            for c in WORD.chars() {
                typed.push(c);
                let wanted = typed.clone();
                let pressed = std::time::Instant::now();
                run.session.send(c.to_string().as_bytes());
                let line = move |s: &str| query_line(s).contains(&wanted);
                match run.wait(Duration::from_secs(5), line) {
                    Some(seen) => keys.push(ms(seen - pressed)),
                    None => break,
                }
                std::thread::sleep(GAP);
            }
            // The search goes once the typing pauses; then Esc clears the filter.
            let one = poll(Duration::from_secs(2), || searches(&run) > before);
            std::thread::sleep(Duration::from_millis(300));
            if one {
                words.push((searches(&run) - before) as f64);
            }
            run.session.send(b"\x1b");
            run.wait(Duration::from_secs(5), |s| !query_line(s).contains(WORD));
        }
        peaks.push(mib(run.memory_kib().1));
    }
    fill(&mut first, App::Tern, &firsts, b.reps);
    let samples = b.reps * ROUNDS * WORD.len();
    let value = |v: Option<f64>| match v {
        Some(v) if keys.len() == samples => Measured::Value(v),
        _ => Measured::Failed(format!("{} of {samples} keys shown", keys.len())),
    };
    key_median.tern = value(median(&keys));
    key_p99.tern = value(p99(&keys));
    // The most any word sent: one extra search anywhere shows.
    sent.tern = match words.iter().copied().reduce(f64::max) {
        Some(most) if words.len() == b.reps * ROUNDS => Measured::Value(most),
        _ => Measured::Failed(format!(
            "{} of {} words searched",
            words.len(),
            b.reps * ROUNDS
        )),
    };
    fill(&mut peak, App::Tern, &peaks, b.reps);
    out.extend([first, key_median, key_p99, sent, peak]);
}
