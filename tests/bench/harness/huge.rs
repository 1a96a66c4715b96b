//! The huge thread (issue 24): resuming a 5,000-turn thread. The thread comes from the fake
//! app-server (`"generate"`): making 5,000 turns through the real codex takes a model turn
//! each, one after another (the old `threads::` bench made 200 in minutes on two cores); tern
//! reads a resumed thread the same way from either (`thread/resume` without turns, then
//! `thread/turns/list` pages, newest first).
//!
//! Figures: the newest turns on screen after the server answered the resume (and after the
//! first page of turns); Ctrl+Home → turn 1 on screen, with key echo in the composer while the
//! older turns page in; memory. "What the visible turns need" is measured, not guessed: the
//! resident memory (VmRSS, settled) of tern showing a 50-turn thread whole — a screen of turns
//! plus the process's fixed cost. The 5,000-turn thread's memory is divided by it, once
//! resumed (newest turns on screen) and once paged back to turn 1 (every turn loaded).

use super::apps::App;
use super::interactive::echo_figures;
use super::report::{median, p99, Figure, Measured};
use super::stamped::{self, FakeRun};
use super::{fill, ms, Bench};
use serde_json::json;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);
/// Paging every turn in, at worst a page per round trip.
const TO_FIRST_WAIT: Duration = Duration::from_secs(120);
/// Turns of the thread whose memory is "what the visible turns need".
const SMALL: usize = 50;
const CTRL_HOME: &[u8] = b"\x1b[1;5H";

fn steps(turns: usize) -> Vec<serde_json::Value> {
    vec![
        json!({"vars": {"cwd": "/work/project", "thread": "thr-huge"}}),
        // The resume answer without turns, stamped (`generate` 0), then the pages.
        json!({"on": "thread/resume", "generate": 0}),
        json!({"on": "thread/turns/list", "generate": turns}),
    ]
}

fn resumed(turns: usize) -> Option<(FakeRun, Instant)> {
    let run = stamped::start(&steps(turns), &["resume", "thr-huge"]);
    let newest = format!("TURN-END {turns}");
    let seen = run.wait(WAIT, move |s| s.contains(&newest))?;
    Some((run, seen))
}

const FIRST: &str = "Question 1: what does turn 1 change?";

/// Keys typed into the composer while the older turns page in, at most this many a run (the
/// composer's line holds them all).
const PAGING_KEYS: usize = 60;
const KEY_GAP: Duration = Duration::from_millis(5);

/// Ctrl+Home, then keys typed into the composer, each once the previous one shows, while the
/// older turns page in; when turn 1 showed, and the echo latencies (ms) of the keys typed
/// before it did.
fn to_first(run: &FakeRun) -> (Option<Duration>, Vec<f64>) {
    const LETTERS: &[u8] = b"zqxj";
    let pressed = Instant::now();
    run.session.send(CTRL_HOME);
    let mut echoes = vec![];
    let mut typed = String::new();
    while echoes.len() < PAGING_KEYS && !run.session.screen_text().contains(FIRST) {
        let key = LETTERS[echoes.len() % LETTERS.len()];
        typed.push(key as char);
        let wanted = typed.clone();
        let sent = Instant::now();
        run.session.send(&[key]);
        match run.wait(Duration::from_secs(5), move |s| s.contains(&wanted)) {
            Some(seen) => echoes.push(ms(seen - sent)),
            None => break,
        }
        // Quicker than a typist (paging back to turn 1 takes a fraction of a second): a key
        // held down.
        std::thread::sleep(KEY_GAP);
    }
    let seen = run.wait(TO_FIRST_WAIT, |s| s.contains(FIRST));
    (seen.map(|s| s - pressed), echoes)
}

/// Ctrl+Home again and again until turn 1 shows (a build that pages a screen at a time needs
/// a press per page): for the small thread, whose memory is the baseline.
fn home_until_first(run: &FakeRun) -> bool {
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline {
        run.session.send(CTRL_HOME);
        if run
            .wait(Duration::from_millis(100), |s| s.contains(FIRST))
            .is_some()
        {
            return true;
        }
    }
    false
}

pub fn huge(b: &Bench, out: &mut Vec<Figure>) {
    let turns = b.size(5_000, 300);
    let floor = b.floor_ms();
    let mut after_resume = Figure::new(
        "huge_5k.newest_after_resume_ms",
        &format!(
            "{turns}-turn thread: newest turns on screen after the server answered the resume"
        ),
        "ms",
        "≤ 150 ms",
    )
    .at_most(150.0);
    let mut after_page = Figure::new(
        "huge_5k.newest_after_page_ms",
        &format!("{turns}-turn thread: newest turns on screen after the first page of turns"),
        "ms",
        "–",
    );
    let mut first = Figure::new(
        "huge_5k.home_to_turn_1_s",
        &format!("{turns}-turn thread: Ctrl+Home → turn 1 on screen"),
        "s",
        "one key pages back to turn 1",
    );
    let mut echo = echo_figures(
        "huge_5k.echo_paging",
        &format!(
            "{turns}-turn thread: key → echo while Ctrl+Home pages back to turn 1 (floor of the \
             method {floor:.2} ms)"
        ),
        floor,
        2.0,
    );
    let mut baseline = Figure::new(
        "huge_5k.rss_50_turns_mib",
        &format!("{SMALL}-turn thread, whole on screen: memory (VmRSS settled) = what the visible turns need"),
        "MiB",
        "–",
    );
    let mut ratio_newest = Figure::new(
        "huge_5k.rss_resumed_ratio",
        &format!(
            "{turns}-turn thread resumed (newest turns shown): memory ÷ the {SMALL}-turn thread's"
        ),
        "×",
        "≤ 2×",
    )
    .at_most(2.0);
    let mut ratio_all = Figure::new(
        "huge_5k.rss_paged_to_turn_1_ratio",
        &format!("{turns}-turn thread paged back to turn 1: memory ÷ the {SMALL}-turn thread's"),
        "×",
        "≤ 2×",
    )
    .at_most(2.0);
    let (mut resumes, mut pages, mut firsts, mut echoes) = (vec![], vec![], vec![], vec![]);
    let (mut bases, mut newest_ratios, mut all_ratios) = (vec![], vec![], vec![]);
    for _ in 0..b.reps {
        // What the visible turns need: a 50-turn thread paged in whole.
        let Some((small, _)) = resumed(SMALL) else {
            continue;
        };
        if !home_until_first(&small) {
            continue;
        }
        let base = small.settled_memory_kib(Duration::from_secs(10)).0 as f64;
        drop(small);
        bases.push(base / 1024.0);
        let Some((run, seen)) = resumed(turns) else {
            continue;
        };
        if let Some(answered) = run.first_answer("thread/resume") {
            resumes.push(ms(seen.saturating_duration_since(answered)));
        }
        if let Some(page) = run.first_answer("thread/turns/list") {
            pages.push(ms(seen.saturating_duration_since(page)));
        }
        let newest = run.settled_memory_kib(Duration::from_secs(10)).0 as f64;
        newest_ratios.push(newest / base);
        let (took, keys) = to_first(&run);
        echoes.extend(keys);
        if let Some(took) = took {
            firsts.push(took.as_secs_f64());
            let all = run.settled_memory_kib(Duration::from_secs(20)).0 as f64;
            all_ratios.push(all / base);
        }
    }
    fill(&mut after_resume, App::Tern, &resumes, b.reps);
    fill(&mut after_page, App::Tern, &pages, b.reps);
    fill(&mut first, App::Tern, &firsts, b.reps);
    first.judged(matches!(first.tern, Measured::Value(_)));
    // As many keys as the paging lasted: too few to say anything is a failure, except in a short
    // run, whose 300 turns page in before many keys are typed.
    let value = |v: Option<f64>| match v {
        Some(v) if echoes.len() >= b.size(10, 1) => Measured::Value(v),
        None if b.short => Measured::Skipped("the short run's paging ended before a key"),
        _ => Measured::Failed(format!("{} keys typed while paging", echoes.len())),
    };
    (echo.0.tern, echo.1.tern) = (value(median(&echoes)), value(p99(&echoes)));
    fill(&mut baseline, App::Tern, &bases, b.reps);
    fill(&mut ratio_newest, App::Tern, &newest_ratios, b.reps);
    fill(&mut ratio_all, App::Tern, &all_ratios, b.reps);
    out.extend([after_resume, after_page, first, echo.0, echo.1, baseline]);
    out.extend([ratio_newest, ratio_all]);
}
