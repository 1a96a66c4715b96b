//! The @ finder against an in-memory peer that takes up searches as codex 0.171 can: codex
//! handles requests concurrently, so searches out at the same time are taken up in any order,
//! and with one cancellation token the one taken up last cancels the others (they answer with
//! no files). This peer holds every search until the test releases it, then takes up what it
//! holds newest first — the order that made `@lib`, typed in one burst, say "no files match"
//! 2 times in 7 against the real server. tern must never have two searches out, and the files
//! for the query on screen must show.

use crate::support::recording_backend::RecordingBackend;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use futures::channel::mpsc as fmpsc;
use futures::FutureExt;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;
use tern::app::{AppState, SessionConfig};
use tern::protocol::ThreadSettings;
use tern::rpc::memory::memory_pair;
use tern::rpc::Connection;
use tern::runtime::event_loop::LoopIo;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::{mpsc, watch};

const DEADLINE: Duration = Duration::from_secs(10);
const FILES: [&str; 3] = ["src/lib.rs", "lib/mod.rs", "README.md"];

/// A search the peer holds: its id, query and cancellation token.
struct Held {
    id: Value,
    query: String,
    token: Option<String>,
}

/// The files whose path has the query's letters in order.
fn matches(query: &str) -> Vec<Value> {
    FILES
        .iter()
        .filter(|path| {
            let mut letters = path.chars();
            query.chars().all(|q| letters.any(|c| c == q))
        })
        .map(|path| {
            json!({"root": "/w", "path": path, "match_type": "file", "file_name": path,
                   "score": 1, "indices": null})
        })
        .collect()
}

/// Takes up `held` newest first, as codex may: each registers its token, cancelling the one
/// registered before it. Returns each answer: files, or none for a cancelled search.
fn take_up(held: Vec<Held>) -> Vec<(Value, Vec<Value>)> {
    let mut registered: HashMap<String, usize> = HashMap::new();
    let mut cancelled = vec![false; held.len()];
    for (i, search) in held.iter().enumerate().rev() {
        if let Some(token) = &search.token {
            if let Some(before) = registered.insert(token.clone(), i) {
                cancelled[before] = true;
            }
        }
    }
    held.into_iter()
        .zip(cancelled)
        .map(|(search, cancelled)| {
            let files = if cancelled {
                vec![]
            } else {
                matches(&search.query)
            };
            (search.id, files)
        })
        .collect()
}

/// The peer: answers `initialize` and `thread/start`, holds searches until `release` says so.
/// `held_count` says how many it holds; returns the most it ever held at once.
async fn peer(
    server: DuplexStream,
    mut release: mpsc::UnboundedReceiver<()>,
    held_count: watch::Sender<usize>,
) -> usize {
    let (reader, mut writer) = tokio::io::split(server);
    let mut lines = BufReader::new(reader).lines();
    let mut held: Vec<Held> = Vec::new();
    let mut most = 0;
    loop {
        let line = tokio::select! {
            line = lines.next_line() => match line {
                Ok(Some(line)) => line,
                _ => return most,
            },
            released = release.recv() => {
                if released.is_none() {
                    return most;
                }
                // What tern wrote before the release is taken up with the rest.
                while let Some(Ok(Some(line))) = lines.next_line().now_or_never() {
                    hold_or_answer(&line, &mut held, &mut writer).await;
                }
                most = most.max(held.len());
                for (id, files) in take_up(std::mem::take(&mut held)) {
                    let answer = json!({"id": id, "result": {"files": files}});
                    writer.write_all(format!("{answer}\n").as_bytes()).await.unwrap();
                }
                held_count.send_replace(0);
                continue;
            }
        };
        hold_or_answer(&line, &mut held, &mut writer).await;
        most = most.max(held.len());
        held_count.send_replace(held.len());
    }
}

async fn hold_or_answer(
    line: &str,
    held: &mut Vec<Held>,
    writer: &mut (impl AsyncWriteExt + Unpin),
) {
    let msg: Value = serde_json::from_str(line).unwrap();
    let id = msg["id"].clone();
    let result = match msg["method"].as_str() {
        Some("initialize") => json!({"userAgent": "peer"}),
        Some("thread/start") => {
            json!({"thread": {"id": "th-1", "turns": []}, "model": "peer-model", "cwd": "/w"})
        }
        Some("fuzzyFileSearch") => {
            held.push(Held {
                id,
                query: msg["params"]["query"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                token: msg["params"]["cancellationToken"]
                    .as_str()
                    .map(str::to_string),
            });
            return;
        }
        _ => return,
    };
    let answer = json!({"id": id, "result": result});
    writer
        .write_all(format!("{answer}\n").as_bytes())
        .await
        .unwrap();
}

fn press(code: KeyCode) -> std::io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

#[tokio::test]
async fn a_query_typed_in_one_burst_shows_its_files_whatever_order_searches_are_taken_up() {
    let (transport, server) = memory_pair();
    let (connection, inbound) = Connection::start(Box::new(transport));
    let (keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    let (_external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    let (release, released) = mpsc::unbounded_channel();
    let (held_tx, mut held) = watch::channel(0usize);
    let peer = tokio::spawn(peer(server, released, held_tx));

    let config = SessionConfig {
        settings: ThreadSettings {
            cwd: Some("/w".into()),
            ..Default::default()
        },
        ..Default::default()
    };
    let (frames_tx, mut screens) = watch::channel(String::new());
    let typist = tokio::spawn(async move {
        tokio::time::timeout(DEADLINE, screens.wait_for(|s| s.contains("peer-model")))
            .await
            .expect("the thread never became ready")
            .unwrap();
        // `@lib` in one burst, as a fast typist or a paste of keys sends it.
        for c in "@lib".chars() {
            keys.unbounded_send(press(KeyCode::Char(c))).unwrap();
        }
        tokio::time::timeout(DEADLINE, screens.wait_for(|s| s.contains("@ lib")))
            .await
            .expect("the finder never showed the query")
            .unwrap();
        // Release what the peer holds until the finder settles: its files, or none.
        let is_settled = |s: &String| s.contains("src/lib.rs") || s.contains("no files match");
        let settled = loop {
            tokio::time::timeout(DEADLINE, held.wait_for(|n| *n > 0))
                .await
                .expect("no search came")
                .unwrap();
            release.send(()).unwrap();
            tokio::time::timeout(DEADLINE, held.wait_for(|n| *n == 0))
                .await
                .expect("the peer never took the searches up")
                .unwrap();
            // Settled, or a search for what was typed meanwhile came: release that too.
            let outcome = tokio::time::timeout(DEADLINE, async {
                tokio::select! {
                    screen = screens.wait_for(is_settled) => Some(screen.unwrap().clone()),
                    more = held.wait_for(|n| *n > 0) => more.map(|_| None).unwrap(),
                }
            })
            .await
            .expect("the finder never settled");
            if let Some(screen) = outcome {
                break screen;
            }
        };
        keys.unbounded_send(press(KeyCode::Esc)).unwrap();
        for _ in 0..3 {
            keys.unbounded_send(Ok(Event::Key(KeyEvent::new(
                KeyCode::Char('c'),
                KeyModifiers::CONTROL,
            ))))
            .unwrap();
        }
        (settled, keys, release)
    });

    let mut terminal = RecordingBackend::terminal(80, 20, Default::default(), frames_tx);
    let io = LoopIo {
        terminal_events,
        connection,
        inbound,
        external,
        renew_input: None,
    };
    tokio::time::timeout(
        DEADLINE,
        tern::runtime::run_loop(&mut terminal, io, AppState::new(config)),
    )
    .await
    .expect("the session did not end")
    .unwrap();
    let (settled, _keys, release) = typist.await.unwrap();
    drop(release);
    let most_held = tokio::time::timeout(DEADLINE, peer).await.unwrap().unwrap();
    assert!(
        settled.contains("src/lib.rs") && settled.contains("lib/mod.rs"),
        "the files for `lib` were not shown:\n{settled}"
    );
    assert!(!settled.contains("no files match"), "{settled}");
    assert_eq!(most_held, 1, "tern had {most_held} searches out at once");
}
