//! Hunk review of a 5,000-line diff (issue 38; the turn review of issue 36): a turn whose
//! aggregate diff (`turn/diff/updated`) changes 50 files in 9 hunks each, from the fake
//! app-server, reviewed with `/diff` then `r`. Figures: `r` → the review with its first hunk on
//! screen, `n` → the next hunk selected on screen ("a key moves a hunk in one frame"), key →
//! echo in a comment line inside the review, and peak memory. tern alone.

use super::apps::App;
use super::fake::FakeRun;
use super::inbox::{echo_at_the_floor, one_frame};
use super::interactive::fill_echo;
use super::moves::{echo_ms, move_latencies, selected_shows};
use super::report::{Figure, Measured};
use super::{fill, mib, ms, Bench, ECHO_KEYS};
use crate::support::fake_server::step;
use serde_json::{json, Value};
use std::fmt::Write;
use std::time::{Duration, Instant};

const FILES: usize = 50;
/// Hunks of each file: 10 lines under each header (3 of context, 2 removed, 2 added, 3 of
/// context), so the diff is 50 × (4 + 9 × 11) = 5,150 lines.
const HUNKS: usize = 9;
/// What the turn says once its diff was sent.
const READY: &str = "REVIEW-READY";
const WAIT: Duration = Duration::from_secs(30);

/// Where hunk `h` of file `f` starts: unique over the whole diff, so the header names it.
fn start(f: usize, h: usize) -> usize {
    h * 100 + f + 1
}

/// The header of the `k`th hunk of the diff (file after file), as the review shows it.
fn header(k: usize) -> String {
    let s = start(k / HUNKS, k % HUNKS);
    format!("@@ -{s},8 +{s},8 @@")
}

/// The turn's aggregate diff, as codex sends it (git's form, blob ids included).
fn diff() -> String {
    let mut out = String::new();
    for f in 0..FILES {
        let path = format!("src/module_{f:02}.rs");
        let _ = write!(
            out,
            "diff --git a/{path} b/{path}\nindex 1234567..89abcde 100644\n--- a/{path}\n+++ b/{path}\n"
        );
        for h in 0..HUNKS {
            let s = start(f, h);
            let _ = writeln!(out, "@@ -{s},8 +{s},8 @@");
            for c in 0..3 {
                let _ = writeln!(out, " fn context_{f}_{h}_{c}() {{}}");
            }
            for r in 0..2 {
                let _ = writeln!(out, "-    let old_{r} = compute({f}, {h});");
            }
            for a in 0..2 {
                let _ = writeln!(out, "+    let new_{a} = compute_faster({f}, {h});");
            }
            for c in 3..6 {
                let _ = writeln!(out, " fn context_{f}_{h}_{c}() {{}}");
            }
        }
    }
    out
}

fn script(diff: &str) -> Vec<Value> {
    vec![
        step::wait("turn/start"),
        step::notify(
            "turn/diff/updated",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "diff": diff}),
        ),
        step::agent_message("ready", READY),
        step::turn_completed(),
    ]
}

#[derive(Default)]
struct Review {
    open_ms: Option<f64>,
    moves: Vec<f64>,
    comment: Vec<f64>,
    peak_mib: Option<f64>,
    failure: Option<String>,
}

fn review_once(diff: &str, moves: usize) -> Review {
    let mut run = Review::default();
    if let Err(why) = measure(diff, moves, &mut run) {
        run.failure = Some(why);
    }
    run
}

fn measure(diff: &str, moves: usize, out: &mut Review) -> Result<(), String> {
    let tern = FakeRun::start(&script(diff)).ok_or("tern never got ready")?;
    tern.submit("change fifty files")
        .ok_or("the prompt never showed")?;
    tern.wait(WAIT, |s| s.contains(READY))
        .ok_or("the turn never ended")?;
    tern.session.send(b"/diff");
    tern.wait(WAIT, |s| s.contains("/diff"))
        .ok_or("/diff never showed in the composer")?;
    tern.session.send(b"\r");
    let files = format!("{FILES} files");
    tern.wait(WAIT, |s| s.contains(&files))
        .ok_or_else(|| format!("the turn's diff never showed its {files}"))?;
    tern.settled(Duration::from_secs(10));
    let first = header(0);
    let pressed = Instant::now();
    tern.session.send(b"r");
    let seen = tern
        .wait(WAIT, |s| {
            s.contains("Review the turn") && s.contains("[keep]") && s.contains(&first)
        })
        .ok_or("r never showed the review with its first hunk")?;
    out.open_ms = Some(ms(seen - pressed));
    tern.settled(Duration::from_secs(10));
    // Keys a person presses are tens of milliseconds apart (as `echo_latencies`).
    let gap = Duration::from_millis(30);
    out.moves = move_latencies(&tern.session, b"n", moves, gap, header)
        .iter()
        .map(|d| ms(*d))
        .collect();
    // A comment on the line above the hunk reached: `k`, then `c` opens the line it is typed
    // in, under the selected row.
    tern.session.send(b"k");
    tern.wait(WAIT, |s| selected_shows(s, "fn context_"))
        .ok_or("k never selected the line above the hunk")?;
    tern.session.send(b"c");
    tern.wait(WAIT, |s| s.contains("✎")).ok_or_else(|| {
        format!(
            "c never opened a comment line:\n{}",
            tern.session.screen_text()
        )
    })?;
    out.comment = echo_ms(&tern.session, ECHO_KEYS);
    out.peak_mib = Some(mib(tern.settled(Duration::from_secs(10)).own_peak_kib));
    Ok(())
}

pub fn review(b: &Bench, out: &mut Vec<Figure>) {
    if !b.apps.contains(&App::Tern) {
        return;
    }
    let diff = diff();
    let lines = diff.lines().count();
    let floor_ms = b.floor_ms();
    let label = |what: &str| {
        format!(
            "hunk review of a {lines}-line diff ({FILES} files, {} hunks): {what}",
            FILES * HUNKS
        )
    };
    let mut open = Figure::new(
        "review.open_ms",
        &label("r → the review with its first hunk on screen"),
        "ms",
        "–",
    );
    let mut moved = one_frame(
        "review.next_hunk",
        &label("n → the next hunk selected on screen"),
    );
    let mut comment = echo_at_the_floor(
        "review.comment_echo",
        &label(&format!(
            "key → echo in a comment line (floor of the method {floor_ms:.2} ms)"
        )),
        floor_ms,
    );
    let mut peak = Figure::new(
        "review.peak_mib",
        &label("peak memory (own process)"),
        "MiB",
        "–",
    );
    let moves = ECHO_KEYS.min(FILES * HUNKS - 1);
    let runs: Vec<Review> = (0..b.reps).map(|_| review_once(&diff, moves)).collect();
    let pick = |f: fn(&Review) -> Option<f64>| runs.iter().filter_map(f).collect::<Vec<_>>();
    let tern = App::Tern;
    fill(&mut open, tern, &pick(|r| r.open_ms), b.reps);
    fill(&mut peak, tern, &pick(|r| r.peak_mib), b.reps);
    let all = |f: fn(&Review) -> &Vec<f64>| runs.iter().flat_map(|r| f(r).clone()).collect();
    let hunk_moves: Vec<f64> = all(|r| &r.moves);
    let keys: Vec<f64> = all(|r| &r.comment);
    fill_echo(&mut moved, tern, &hunk_moves, b.reps);
    fill_echo(&mut comment, tern, &keys, b.reps);
    for why in runs.iter().filter_map(|r| r.failure.as_ref()) {
        eprintln!("review: a run failed: {why}");
    }
    if let Some(why) = runs.iter().find_map(|r| r.failure.clone()) {
        for figure in [&mut open, &mut peak] {
            if figure.tern.value().is_none() {
                figure.tern = Measured::Failed(why.clone());
            }
        }
    }
    out.extend([open, moved.0, moved.1, comment.0, comment.1, peak]);
}
