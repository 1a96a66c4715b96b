//! A day-long session (issue 24), against the hostile fake app-server: 100,000 cells of mixed
//! kinds (prompts, answers with markdown and code, commands with output, file changes with
//! diffs, turn ends), turn after turn, in the thread on screen; one sub-agent beside it. Figures:
//! peak memory and memory once settled, PgUp, key echo, and memory over 20 thread switches
//! (Alt+→ into the agent, Alt+← back to the 100,000 cells) and over 20 `/new`s: the trend of
//! the resident memory after each (the slope over the last 10, by least squares), which must
//! stay flat — the allocator may keep pages, but nothing may grow with each switch.

use super::agents::spawn_children;
use super::fake::FakeRun;
use super::interactive::{echo_figures, fill_echo};
use super::report::{median, Figure, Measured};
use super::{mib, ms, Bench, ECHO_KEYS};
use crate::support::fake_server::step;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Cells one turn of the session makes: the prompt, an answer with code, a command with its
/// output, a file change, a short answer, the turn's end.
const CELLS_PER_TURN: usize = 6;
/// The last cell of the session.
const END: &str = "DAY-END";
/// What the sub-agent says: on screen when its thread is.
const KID_TEXT: &str = "KID-ZERO-TEXT";
const SWITCHES: usize = 20;
/// Slope of the resident memory per switch or `/new` over the last 10 that still counts as
/// flat. A `/new` keeps one more model aside (a transcript with a notice, a few KiB), a
/// switch lays out one screen again (tens of KiB, then freed); a leak worth the name — a copy
/// of the 100,000 cells' thread or of its layout per switch — is megabytes each.
const FLAT_KIB_PER_SWITCH: f64 = 64.0;
const LOAD_WAIT: Duration = Duration::from_secs(300);

/// One turn of the session, as another client's turn in the same thread (the server announces
/// it): `{{q}}` is the turn's number.
fn one_turn() -> Vec<Value> {
    let item = |item: Value| {
        json!({"method": "item/completed", "params": {"threadId": "{{thread}}",
               "turnId": "day-{{q}}", "item": item}})
    };
    let answer = "## Step {{q}}\n\nI looked at `src/parser.rs` and found **the bug** in the \
                  tokenizer:\n\n- the lexer skips a byte after a quote\n- the tests never \
                  reach it\n\n```rust\nfn parse_{{q}}(input: &str) -> usize {\n    \
                  input.len() + {{q}}\n}\n```\n";
    let output = "running 12 tests\ntest lexer::quotes ... ok\ntest lexer::escapes ... ok\n\
                  test parser::nested ... ok\ntest parser::empty ... ok\n\
                  test result: ok. 12 passed; 0 failed; finished in 0.{{q}}s\n";
    let diff = "@@ -10,3 +10,3 @@\n fn skip(&mut self) {\n-    self.at += 2; // {{q}}\n\
                +    self.at += 1; // {{q}}\n }\n";
    vec![
        json!({"method": "turn/started", "params": {"threadId": "{{thread}}",
               "turn": {"id": "day-{{q}}", "items": [], "status": "inProgress"}}}),
        item(json!({"type": "userMessage", "id": "u",
                    "content": [{"type": "text", "text": "Turn {{q}}: fix the next failing test"}]})),
        item(json!({"type": "agentMessage", "id": "a", "text": answer})),
        item(
            json!({"type": "commandExecution", "id": "c", "command": "cargo test -p parser",
                    "status": "completed", "commandActions": [], "aggregatedOutput": output,
                    "exitCode": 0, "durationMs": 812}),
        ),
        item(
            json!({"type": "fileChange", "id": "f", "status": "completed",
                    "changes": [{"path": "{{cwd}}/src/parser_{{q}}.rs",
                                 "kind": {"type": "update", "move_path": null}, "diff": diff}]}),
        ),
        item(json!({"type": "agentMessage", "id": "b",
                    "text": "Done: the test passes now (turn {{q}})."})),
        json!({"method": "turn/completed", "params": {"threadId": "{{thread}}",
               "turn": {"id": "day-{{q}}", "items": [], "status": "completed", "error": null,
                        "durationMs": 4000}}}),
    ]
}

/// What `thread/start` answers for the `n`th `/new`: a thread of its own id.
fn started(n: usize) -> Value {
    let thread = json!({"id": format!("thr-new-{n}"), "preview": "", "cwd": "{{cwd}}",
        "model": "{{model}}", "modelProvider": "fake", "createdAt": 1795962301,
        "updatedAt": 1795962301, "status": {"type": "idle"}, "turns": [], "name": null});
    json!({"thread": thread, "model": "{{model}}", "modelProvider": "fake", "cwd": "{{cwd}}",
           "approvalPolicy": "on-request", "approvalsReviewer": "user",
           "sandbox": {"type": "workspaceWrite", "writableRoots": [], "networkAccess": false},
           "reasoningEffort": null})
}

fn script(cells: usize) -> Vec<Value> {
    let mut steps = vec![
        json!({"vars": {"resume_as_asked": "1"}}),
        step::wait("turn/start"),
    ];
    // One sub-agent, to switch to and back.
    steps.extend(spawn_children(1));
    steps.push(step::notify(
        "item/agentMessage/delta",
        json!({"threadId": "kid-0", "turnId": "kid-turn-0", "itemId": "m", "delta": KID_TEXT}),
    ));
    steps.push(step::notify(
        "turn/completed",
        json!({"threadId": "kid-0", "turn": {"id": "kid-turn-0", "items": [],
               "status": "completed", "error": null, "durationMs": 5}}),
    ));
    steps.push(step::agent_message("spawned", "The agent is at work."));
    steps.push(step::turn_completed());
    let turns = cells.div_ceil(CELLS_PER_TURN);
    let messages = one_turn();
    let count = turns * messages.len();
    steps.push(json!({"flood_cycle": messages, "count": count}));
    steps.push(json!({"flood_cycle": [
        {"method": "turn/started", "params": {"threadId": "{{thread}}",
         "turn": {"id": "day-end", "items": [], "status": "inProgress"}}},
        {"method": "item/completed", "params": {"threadId": "{{thread}}", "turnId": "day-end",
         "item": {"type": "agentMessage", "id": "end", "text": END}}},
        {"method": "turn/completed", "params": {"threadId": "{{thread}}",
         "turn": {"id": "day-end", "items": [], "status": "completed", "error": null}}}],
        "count": 3}));
    // Each `/new` gets a thread of its own (the built-in answer reuses one id). The first wait
    // is for the session's own `thread/start`, the next ones for each `/new`'s.
    for n in 1..=SWITCHES {
        steps.push(step::wait("thread/start"));
        steps.push(json!({"on": "thread/start", "reply": started(n)}));
    }
    steps
}

/// The slope of `values` (KiB) per step, by least squares.
fn slope(values: &[f64]) -> Option<f64> {
    let n = values.len() as f64;
    if values.len() < 2 {
        return None;
    }
    let mean_x = (n - 1.0) / 2.0;
    let mean_y = values.iter().sum::<f64>() / n;
    let (mut num, mut den) = (0.0, 0.0);
    for (i, y) in values.iter().enumerate() {
        let dx = i as f64 - mean_x;
        num += dx * (y - mean_y);
        den += dx * dx;
    }
    Some(num / den)
}

/// The resident memory (KiB) once tern has gone quiet.
fn settled_rss(run: &FakeRun) -> f64 {
    run.settled(Duration::from_secs(10)).own_rss_kib as f64
}

/// What one run of the day measured.
#[derive(Default)]
struct Day {
    loaded_s: Option<f64>,
    peak_mib: Option<f64>,
    settled_mib: Option<f64>,
    echo: Vec<f64>,
    switches: Vec<f64>,
    news: Vec<f64>,
    pgup_ms: Option<f64>,
    failure: Option<String>,
}

fn day_once(cells: usize, switches: usize) -> Day {
    let mut day = Day::default();
    let Some(run) = FakeRun::start(&script(cells)) else {
        day.failure = Some("tern never got ready".into());
        return day;
    };
    let Some(sent) = run.submit("start the day") else {
        day.failure = Some("the prompt never showed".into());
        return day;
    };
    let Some(seen) = run.wait(LOAD_WAIT, |s| s.contains(END)) else {
        day.failure = Some("the last cell never showed".into());
        return day;
    };
    day.loaded_s = Some((seen - sent).as_secs_f64());
    let after = run.settled(Duration::from_secs(30));
    day.peak_mib = Some(mib(after.own_peak_kib));
    day.settled_mib = Some(mib(after.own_rss_kib));
    day.echo = super::apps::echo_latencies(&run.session, ECHO_KEYS)
        .iter()
        .map(|d| ms(*d))
        .collect();
    // Alt+←/→ move between threads only from an empty composer.
    run.session.send(&b"\x7f".repeat(ECHO_KEYS));
    if run
        .wait(Duration::from_secs(5), |s| !s.contains("zqxj"))
        .is_none()
    {
        day.failure = Some("the composer did not empty".into());
        return day;
    }
    for i in 0..switches {
        let into_agent = i % 2 == 0;
        let (key, shows, hides): (&[u8], _, _) = match into_agent {
            true => (b"\x1b[1;3C", KID_TEXT, END),
            false => (b"\x1b[1;3D", END, KID_TEXT),
        };
        run.session.send(key);
        let there = move |s: &str| s.contains(shows) && !s.contains(hides);
        if run.wait(Duration::from_secs(30), there).is_none() {
            day.failure = Some(format!("switch {} never showed its thread", i + 1));
            return day;
        }
        day.switches.push(settled_rss(&run));
    }
    let mut pages = vec![];
    for _ in 0..10 {
        let before = run.session.screen_text();
        let pressed = Instant::now();
        run.session.send(b"\x1b[5~");
        match run.wait(Duration::from_secs(5), move |s| s != before) {
            Some(seen) => pages.push(ms(seen - pressed)),
            None => break,
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if pages.len() == 10 {
        day.pgup_ms = median(&pages);
    }
    // Back to the end, where the thread switches below are typed.
    run.session.send(b"\x1b[1;5F");
    if run
        .wait(Duration::from_secs(10), |s| s.contains(END))
        .is_none()
    {
        day.failure = Some("Ctrl+End never showed the end again".into());
        return day;
    }
    for n in 1..=switches {
        // The notice names the thread left behind: the first `/new` leaves the day's thread.
        run.session.send(b"/new");
        if run
            .wait(Duration::from_secs(10), |s| s.contains("/new"))
            .is_none()
        {
            eprintln!("day: the screen:\n{}", run.session.screen_text());
            day.failure = Some("/new never showed in the composer".into());
            return day;
        }
        run.session.send(b"\r");
        let left = match n {
            1 => "thr-fake".to_string(),
            n => format!("thr-new-{}", n - 1),
        };
        let wanted = format!("tern resume {left}");
        let shown = move |s: &str| s.contains(&wanted) && s.contains("fake-model");
        if run.wait(Duration::from_secs(30), shown).is_none() {
            day.failure = Some(format!("/new {n} never showed its thread"));
            return day;
        }
        day.news.push(settled_rss(&run));
    }
    day
}

/// A memory-trend figure: the slope per step over the last 10 steps, in KiB.
fn trend(figure: &mut Figure, series: &[Vec<f64>]) {
    let slopes: Vec<f64> = series
        .iter()
        .filter_map(|s| slope(&s[s.len().saturating_sub(10)..]))
        .collect();
    figure.tern = Measured::median_of(&slopes, series.len().max(1));
}

pub fn day(b: &Bench, out: &mut Vec<Figure>) {
    let cells = b.size(100_000, 600);
    let switches = b.size(SWITCHES, 12).min(SWITCHES);
    let label = |what: &str| format!("day of {cells} cells: {what}");
    let mut loaded = Figure::new(
        "day.enter_to_last_cell_s",
        &label("Enter → last cell on screen"),
        "s",
        "–",
    );
    let mut peak = Figure::new(
        "day.peak_mib",
        &label("peak memory (own process)"),
        "MiB",
        "≤ 150 MiB",
    )
    .at_most(150.0);
    let mut settled = Figure::new(
        "day.settled_mib",
        &label("memory once settled (own process)"),
        "MiB",
        "≤ 150 MiB",
    )
    .at_most(150.0);
    let mut page = Figure::new(
        "day.pgup_ms",
        &label("PgUp → screen scrolled, median"),
        "ms",
        "≤ 5 ms",
    )
    .at_most(5.0);
    let floor_ms = b.floor_ms();
    let mut echo = echo_figures(
        "day.echo",
        &label(&format!("key → echo (floor {floor_ms:.2} ms)")),
        floor_ms,
        2.0,
    );
    let flat = format!("flat: ≤ {FLAT_KIB_PER_SWITCH} KiB per step");
    let mut switched = Figure::new(
        "day.rss_slope_per_switch_kib",
        &label(&format!(
            "resident memory per thread switch (slope of the last 10 of {switches})"
        )),
        "KiB",
        &flat,
    )
    .at_most(FLAT_KIB_PER_SWITCH);
    let mut renewed = Figure::new(
        "day.rss_slope_per_new_kib",
        &label(&format!(
            "resident memory per /new (slope of the last 10 of {switches})"
        )),
        "KiB",
        &flat,
    )
    .at_most(FLAT_KIB_PER_SWITCH);
    let runs: Vec<Day> = (0..b.reps).map(|_| day_once(cells, switches)).collect();
    let pick = |f: fn(&Day) -> Option<f64>| runs.iter().filter_map(f).collect::<Vec<_>>();
    let reps = b.reps;
    let tern = super::apps::App::Tern;
    super::fill(&mut loaded, tern, &pick(|d| d.loaded_s), reps);
    super::fill(&mut peak, tern, &pick(|d| d.peak_mib), reps);
    super::fill(&mut settled, tern, &pick(|d| d.settled_mib), reps);
    super::fill(&mut page, tern, &pick(|d| d.pgup_ms), reps);
    let keys: Vec<f64> = runs.iter().flat_map(|d| d.echo.clone()).collect();
    fill_echo(&mut echo, tern, &keys, reps);
    let full = |s: &Vec<f64>| s.len() == switches;
    trend(
        &mut switched,
        &runs
            .iter()
            .map(|d| d.switches.clone())
            .filter(full)
            .collect::<Vec<_>>(),
    );
    trend(
        &mut renewed,
        &runs
            .iter()
            .map(|d| d.news.clone())
            .filter(full)
            .collect::<Vec<_>>(),
    );
    for d in &runs {
        eprintln!(
            "day: resident KiB after each switch {:?}, after each /new {:?}",
            d.switches, d.news
        );
        if let Some(why) = &d.failure {
            eprintln!("day: a run failed: {why}");
        }
    }
    if let Some(why) = runs.iter().find_map(|d| d.failure.clone()) {
        for figure in [&mut loaded, &mut peak, &mut switched, &mut renewed] {
            if figure.tern.value().is_none() {
                figure.tern = Measured::Failed(why.clone());
            }
        }
    }
    out.extend([
        loaded, peak, settled, page, echo.0, echo.1, switched, renewed,
    ]);
}
