//! A thread held by the local codex service (issue 23): the locked-thread box ("already has an
//! active writer") offers to join it over the service when its socket was found at startup;
//! `j` leaves this window's own server for the service (`Effect::JoinService`), and the restart
//! path opens the same thread there. Exact effects and JSON at each step.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, Lifecycle, RequestTag, Resume};
use tern::session::state::SharedService;

const SOCKET: &str = "/home/me/.codex/app-server-control/app-server-control.sock";
const LOCKED: &str =
    "thread/resume failed: thread t-locked already has an active writer (code -32600)";

fn locked(service: bool, now: Instant) -> AppState {
    let mut config = config();
    config.resume = Resume::Thread("t-locked".into());
    config.shared_service = service.then(|| SharedService {
        socket: SOCKET.into(),
        label: "codex service (unix socket)".into(),
    });
    let mut state = AppState::new(config);
    // This window's own server.
    state.set_server_pid(4242);
    update(&mut state, AppEvent::Resize(100, 30), now);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::ResumeThread, Err(LOCKED.into())),
        now,
    );
    assert!(
        matches!(state.person_layers().last(), Some(Layer::LockedThread(_))),
        "{:?}",
        state.person_layers()
    );
    state
}

#[test]
fn a_thread_the_service_holds_is_joined_over_it() {
    let now = Instant::now();
    let mut state = locked(true, now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("j  join it over the codex service"),
        "{shown}"
    );
    snapshot!("locked_with_join_80x24", &screen(&mut state, 80, 24, now));
    snapshot!("locked_with_join_120x40", &screen(&mut state, 120, 40, now));
    let effects = wire(update(&mut state, key(KeyCode::Char('j')), now));
    assert_eq!(
        effects,
        [Effect::JoinService {
            socket: SOCKET.into(),
            kill: Some(4242),
        }]
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Restarting { thread: None });
    assert_eq!(
        state.config().connected_to.as_deref(),
        Some("codex service (unix socket)")
    );
    // The runtime is on the service: `initialize`, then the same thread resumed there.
    let effects = wire(update(&mut state, AppEvent::ServerRestarted(Ok(None)), now));
    assert_eq!(request_json(&effects[0]).unwrap().0, "initialize");
    let effects = wire(update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "service"}))),
        now,
    ));
    let requests: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(
        requests,
        [
            (
                "thread/resume",
                json!({"threadId": "t-locked", "excludeTurns": true})
            ),
            ("account/read", json!({"refreshToken": false}))
        ]
    );
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Ok(
                json!({"thread": {"id": "t-locked", "preview": "", "turns": []},
                      "model": "m", "cwd": "/w"}),
            ),
        ),
        now,
    );
    assert_eq!(state.thread_id(), Some("t-locked"));
    assert!(
        state.person_layers().is_empty(),
        "the thread opened: the box is gone"
    );
    assert!(state.lifecycle().is_ready());
    // On the service now: a thread locked again offers no second join.
    assert!(state.config().shared_service.is_none());
}

#[test]
fn without_the_service_there_is_no_join() {
    let now = Instant::now();
    let mut state = locked(false, now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(!shown.contains("join"), "{shown}");
    let effects = wire(update(&mut state, key(KeyCode::Char('j')), now));
    assert_eq!(effects, []);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::LockedThread(_))
    ));
}
