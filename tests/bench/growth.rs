//! Growth figures for what a server (or a person) can make big: memory per item at 1×, 10× and
//! 100× for an endless answer, an endless session of answers, replies to a server that stopped
//! reading and a stderr line without end; time per item for the views that were quadratic (the
//! @ finder's highlighting, the resume picker's search hits, a form of many questions). They
//! print figures and assert nothing (the tests of the bounds are beside the code and in
//! `view_costs`). Run them in release mode:
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture --test-threads 1 growth::
//! ```

use crate::flood::counting_kept;
use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;
use tern::app::{update, Effect, ListPurpose, RequestTag};
use tern::model::{LayoutKey, Theme, Transcript};

fn mb(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / (1 << 20) as f64)
}

/// Runs `case` at 1×, 10× and 100× `base` items; prints its total and the total per item, in
/// `per` (bytes `B` or nanoseconds `ns`).
fn table(
    title: &str,
    unit: &str,
    per: &str,
    base: usize,
    mut case: impl FnMut(usize) -> (usize, String),
) {
    println!("\n{title}");
    println!("| items | {unit} | per item |");
    println!("|---|---|---|");
    for scale in [1, 10, 100] {
        let n = base * scale;
        let (total, shown) = case(n);
        println!("| {n} | {shown} | {:.1} {per} |", total as f64 / n as f64);
    }
}

/// Heap bytes `work` left live (in what it returns), counted on this thread.
fn kept_by(work: impl FnOnce() -> Box<dyn std::any::Any>) -> usize {
    let (kept, bytes, _) = counting_kept(work);
    drop(kept);
    bytes
}

/// Runs `work` on a current-thread runtime of its own; the peak of heap bytes on the way.
fn peak_of<F: std::future::Future<Output = T>, T>(work: impl FnOnce() -> F) -> (T, usize) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let (result, _, peak) = counting_kept(|| runtime.block_on(work()));
    (result, peak)
}

const KEY: LayoutKey = LayoutKey {
    width: 100,
    expanded: false,
    theme: Theme::Dark,
    images: None,
};

/// Streams `deltas` deltas of about 1 KB into one message (an endless answer), laying out the
/// cell every 64 deltas as frames would.
fn endless_answer(deltas: usize) -> Box<dyn std::any::Any> {
    let mut transcript = Transcript::default();
    let line = "word ".repeat(40) + "\n";
    let delta = line.repeat(5);
    for i in 0..deltas {
        transcript.append_agent_delta("t", "m", &delta);
        if i % 64 == 0 {
            let _ = transcript.laid(0, KEY, tern::render::layout_cell).len();
        }
    }
    Box::new(transcript)
}

/// `answers` answers of 64 KB each, every one laid out as it arrives (an endless session).
fn endless_session(answers: usize) -> Box<dyn std::any::Any> {
    let mut transcript = Transcript::default();
    let answer = ("word ".repeat(40) + "\n").repeat(320);
    for i in 0..answers {
        transcript.append_agent_delta("t", &format!("m{i}"), &answer);
        let last = transcript.len() - 1;
        let _ = transcript.laid(last, KEY, tern::render::layout_cell).len();
    }
    Box::new(transcript)
}

#[test]
#[ignore]
fn memory_of_an_endless_answer_and_an_endless_session() {
    table(
        "An endless answer (one message), 1 KB deltas: memory kept",
        "kept",
        "B",
        8 << 10,
        |n| {
            let kept = kept_by(|| endless_answer(n));
            (kept, mb(kept))
        },
    );
    table(
        "An endless session: answers of 64 KB, each laid out: memory kept",
        "kept",
        "B",
        128,
        |n| {
            let kept = kept_by(|| endless_session(n));
            (kept, mb(kept))
        },
    );
}

#[test]
#[ignore]
fn memory_of_replies_to_a_server_that_stopped_reading() {
    println!("\nReplies of 1 KB to a server that stopped reading: bytes waiting, peak memory");
    println!("| replies | waiting | peak live | per reply |");
    println!("|---|---|---|---|");
    let pad = "x".repeat(1000);
    for scale in [1, 10, 100] {
        let n = 1_000 * scale;
        let (waiting, peak) = peak_of(|| async {
            let (transport, server_never_reads) = tern::rpc::memory::memory_pair();
            let (connection, _inbound) = tern::rpc::Connection::start(Box::new(transport));
            for _ in 0..n {
                connection.respond(&tern::protocol::RequestId::Int(1), json!({ "pad": pad }));
            }
            tokio::task::yield_now().await;
            let waiting = connection.queued_bytes();
            drop(server_never_reads);
            waiting
        });
        println!(
            "| {n} | {} | {} | {:.1} B |",
            mb(waiting),
            mb(peak),
            peak as f64 / n as f64
        );
    }
}

/// `left` bytes of `x` and then a newline, made as they are read (the input takes no memory).
struct EndlessLine {
    left: usize,
    ended: bool,
}

impl tokio::io::AsyncRead for EndlessLine {
    fn poll_read(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let n = buf.remaining().min(self.left);
        if n > 0 {
            buf.put_slice(&vec![b'x'; n]);
            self.left -= n;
        } else if !self.ended && buf.remaining() > 0 {
            buf.put_slice(b"\n");
            self.ended = true;
        }
        Poll::Ready(Ok(()))
    }
}

#[test]
#[ignore]
fn memory_of_a_stderr_line_without_end() {
    println!("\nA stderr line without a newline: peak memory while it is read");
    println!("| MB read | peak live | per MB |");
    println!("|---|---|---|");
    for mbs in [1usize, 10, 100] {
        let ((), peak) = peak_of(|| async {
            let tail = Arc::new(Mutex::new(VecDeque::new()));
            let reader = tokio::io::BufReader::new(EndlessLine {
                left: mbs << 20,
                ended: false,
            });
            tern::rpc::child::keep_stderr(reader, tail).await;
        });
        println!(
            "| {mbs} | {} | {:.0} B |",
            mb(peak),
            peak as f64 / mbs as f64
        );
    }
}

#[test]
#[ignore]
fn time_of_the_views_that_were_quadratic() {
    table(
        "The @ finder drawing a match of N characters with N positions: time per character",
        "draw",
        "ns",
        10_000,
        |n| {
            let now = Instant::now();
            let mut state = ready_state(now);
            let mut generation = 0;
            for c in "@x".chars() {
                for effect in update(&mut state, key(KeyCode::Char(c)), now) {
                    if let Effect::Request(r) = effect {
                        if let RequestTag::SearchFiles { generation: g } = r.tag() {
                            generation = g;
                        }
                    }
                }
            }
            let indices: Vec<usize> = (0..n).collect();
            update(
                &mut state,
                reply(
                    RequestTag::SearchFiles { generation },
                    Ok(json!({"files": [{"root": "/r", "path": "a".repeat(n),
                        "match_type": "file", "file_name": "a", "score": 1,
                        "indices": indices}]})),
                ),
                now,
            );
            let started = Instant::now();
            let _ = screen(&mut state, 120, 40, now);
            let ns = started.elapsed().as_nanos() as usize;
            (ns, format!("{:.2} ms", ns as f64 / 1e6))
        },
    );
    table(
        "The resume picker with N search hits: time of one Down key, per hit",
        "key",
        "ns",
        300,
        |n| {
            let now = Instant::now();
            let mut state = loaded_picker(now);
            update(&mut state, key(KeyCode::Char('q')), now);
            let generation = picker(&state).search_generation;
            let hits: Vec<Value> = (0..n)
                .map(|i| thread(&format!("hit-{i:06}"), "question", i as i64))
                .collect();
            list_answer(
                &mut state,
                ListPurpose::Search { generation },
                page(hits, None),
                now,
            );
            let started = Instant::now();
            update(&mut state, key(KeyCode::Down), now);
            let ns = started.elapsed().as_nanos() as usize;
            (ns, format!("{:.2} ms", ns as f64 / 1e6))
        },
    );
    table(
        "A form of N questions: time to answer all of them, per question",
        "all keys",
        "ns",
        200,
        |n| {
            let now = Instant::now();
            let mut state = ready_state(now);
            let properties: serde_json::Map<String, Value> = (0..n)
                .map(|i| {
                    (
                        format!("f{i:06}"),
                        json!({"type": "string", "enum": ["a", "b"]}),
                    )
                })
                .collect();
            update(
                &mut state,
                server_request(
                    1,
                    "mcpServer/elicitation/request",
                    json!({"threadId": THREAD, "turnId": "t", "serverName": "s", "mode": "form",
                           "_meta": null, "message": "m",
                           "requestedSchema": {"type": "object", "properties": properties}}),
                ),
                now,
            );
            // Each key after a pause, as a person answers (a burst never answers).
            let pause = tern::session::state::guard::QUIET + tern::session::state::guard::HOLD;
            let mut at = read(now);
            let started = Instant::now();
            for _ in 0..n {
                press(&mut state, KeyCode::Enter, at);
                at += pause;
            }
            let ns = started.elapsed().as_nanos() as usize;
            let sent = state.questions().is_empty();
            (
                ns,
                format!(
                    "{:.1} ms{}",
                    ns as f64 / 1e6,
                    if sent { "" } else { " (not sent)" }
                ),
            )
        },
    );
}
