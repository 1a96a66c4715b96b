//! The benchmark's echo and stream scenarios in inline mode (`tern --inline`, issue 33): key
//! echo at the floor while a long answer streams, and tern's own CPU on the 10,000-delta stream
//! against full-screen mode's in the same sitting (target: within 10 %). tern alone; the
//! figures go in tern's column, labelled inline.

use super::apps::{echo_latencies, App};
use super::interactive::{echo_figures, fill_echo};
use super::report::{median, Figure};
use super::stream::stream_runs;
use super::{fill, ms, secs, Bench, ECHO_KEYS, MARKER, PACE, TURN_WAIT};
use std::time::Duration;

pub fn stream_inline(b: &Bench, out: &mut Vec<Figure>) {
    if !b.apps.contains(&App::Tern) {
        return;
    }
    let deltas = b.size(10_000, 1_000);
    let mut wall = Figure::new(
        "inline.stream_10k.enter_to_last_line_s",
        "inline: 10,000 deltas: Enter → last line on screen",
        "s",
        "–",
    );
    let mut own = Figure::new(
        "inline.stream_10k.own_cpu_s",
        "inline: 10,000 deltas: CPU of its own process",
        "s",
        "–",
    );
    let mut full = Figure::new(
        "inline.stream_10k.full_screen_own_cpu_s",
        "full screen, same sitting: 10,000 deltas: CPU of its own process",
        "s",
        "–",
    );
    let mut ratio = Figure::new(
        "inline.stream_10k.own_cpu_vs_full_screen_percent",
        "inline's own CPU as a share of full screen's (medians, same sitting)",
        "%",
        "≤ 110 %",
    )
    .at_most(110.0);
    let inline = stream_runs(b, App::TernInline, deltas, None);
    let fulls = stream_runs(b, App::Tern, deltas, None);
    let inline_cpu: Vec<f64> = inline.iter().map(|r| secs(r.own_cpu)).collect();
    let full_cpu: Vec<f64> = fulls.iter().map(|r| secs(r.own_cpu)).collect();
    let walls: Vec<f64> = inline.iter().map(|r| secs(r.enter_to_last)).collect();
    fill(&mut wall, App::TernInline, &walls, b.reps);
    fill(&mut own, App::TernInline, &inline_cpu, b.reps);
    fill(&mut full, App::Tern, &full_cpu, b.reps);
    if let (Some(i), Some(f)) = (median(&inline_cpu), median(&full_cpu)) {
        let share = [100.0 * i / f.max(1e-6)];
        fill(&mut ratio, App::TernInline, &share, 1);
    }
    out.extend([wall, own, full, ratio]);
}

pub fn echo_inline(b: &Bench, out: &mut Vec<Figure>) {
    if !b.apps.contains(&App::Tern) {
        return;
    }
    let floor_ms = b.floor_ms();
    let mut empty = echo_figures(
        "inline.echo_empty",
        &format!("inline: key → echo, empty transcript (floor of the method {floor_ms:.2} ms)"),
        floor_ms,
        2.0,
    );
    let mut during = echo_figures(
        "inline.echo_streaming",
        "inline: key → echo during a paced stream",
        floor_ms,
        3.0,
    );
    let (mut e, mut d) = (vec![], vec![]);
    for _ in 0..b.reps {
        if let Some((_mock, running)) = b.ready(App::TernInline, vec![]) {
            e.extend(
                echo_latencies(&running.session, ECHO_KEYS)
                    .iter()
                    .map(|d| ms(*d)),
            );
        }
        // Long enough to outlast the typing; keys are typed once the stream shows.
        let paced = b.stream(5_000, Some(PACE));
        if let Some((_mock, running)) = b.ready(App::TernInline, vec![paced]) {
            running.submit("stream the long answer");
            if running
                .wait(TURN_WAIT, |s| s.contains("Section 3:"))
                .is_some()
            {
                let keys = echo_latencies(&running.session, ECHO_KEYS);
                if !running.session.screen_text().contains(MARKER) {
                    d.extend(keys.iter().map(|d| ms(*d)));
                }
                running.settled(Duration::from_secs(1));
            }
        }
    }
    fill_echo(&mut empty, App::TernInline, &e, b.reps);
    fill_echo(&mut during, App::TernInline, &d, b.reps);
    out.extend([empty.0, empty.1, during.0, during.1]);
}
