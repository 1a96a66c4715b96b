//! A quiet model is not a stuck server. After 30 s without a word during a turn tern checks the
//! server — a request it answers at once whatever the model does (`thread/loaded/list`) and a
//! look at its process — and only a check left unanswered (10 s; 2 s once the process is seen
//! stopped) shows the server-down box with the restart key. The hint bar says what Ctrl+C does,
//! and Ctrl+C does that.

use crate::support::common::*;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::session::state::health::{DownCause as Cause, ProcessState};

const PID: u32 = 4321;

fn secs(t0: Instant, s: f64) -> Instant {
    t0 + Duration::from_secs_f64(s)
}

fn down_cause(state: &AppState) -> Option<&Cause> {
    state.server_down().map(|down| &down.cause)
}

/// A turn running since `t0` on the server `PID`.
fn running(t0: Instant) -> AppState {
    let mut state = running_state(t0);
    state.set_server_pid(PID);
    state
}

/// The check tern sends: exactly this request, and a look at the process.
fn assert_check(effects: &[Effect]) {
    let requests: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(
        requests,
        [("thread/loaded/list", json!({"limit": 1}))],
        "{effects:?}"
    );
    assert!(
        effects.contains(&Effect::InspectServer { pid: PID }),
        "{effects:?}"
    );
}

fn ping_answered(state: &mut AppState, at: Instant) {
    update(
        state,
        reply(
            RequestTag::Ping,
            Ok(json!({"data": [], "nextCursor": null})),
        ),
        at,
    );
}

/// The hint bar: the screen's last row.
fn hint_bar(state: &mut AppState, at: Instant) -> String {
    let text = screen(state, 100, 24, at);
    text.lines().last().unwrap_or_default().to_string()
}

#[test]
fn a_quiet_model_gets_a_check_and_no_restart_offer() {
    let t0 = Instant::now();
    let mut state = running(t0);
    assert_eq!(state.next_tick(t0), Some(secs(t0, 30.0)));
    let effects = update(&mut state, AppEvent::Tick, secs(t0, 30.0));
    assert!(down_cause(&state).is_none(), "no box for a quiet server");
    assert_check(&effects);
    // The server answers at once: the model is thinking. Nothing is shown, and the next check
    // is 30 s after that answer.
    ping_answered(&mut state, secs(t0, 30.01));
    assert_eq!(state.next_tick(secs(t0, 30.01)), Some(secs(t0, 60.01)));
    update(&mut state, AppEvent::Tick, secs(t0, 45.0));
    assert!(down_cause(&state).is_none());
    let again = update(&mut state, AppEvent::Tick, secs(t0, 60.01));
    assert_check(&again);
    ping_answered(&mut state, secs(t0, 60.02));
    let text = screen(&mut state, 100, 24, secs(t0, 61.0));
    assert!(
        !text.contains("restart") && !text.contains("Ctrl+R"),
        "{text}"
    );
    assert!(hint_bar(&mut state, secs(t0, 61.0)).contains("Ctrl+C interrupt"));
    // The answer comes after all.
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m", "delta": "thought long"}),
        ),
        secs(t0, 70.0),
    );
    assert!(screen(&mut state, 100, 24, secs(t0, 70.0)).contains("thought long"));
    assert!(down_cause(&state).is_none());
}

#[test]
fn a_check_left_unanswered_shows_the_box_and_its_keys_say_what_they_do() {
    let t0 = Instant::now();
    let mut state = running(t0);
    update(&mut state, AppEvent::Tick, secs(t0, 30.0));
    update(
        &mut state,
        AppEvent::ServerInspected {
            pid: PID,
            process: ProcessState::Alive,
        },
        secs(t0, 30.0),
    );
    assert_eq!(state.next_tick(secs(t0, 30.0)), Some(secs(t0, 40.0)));
    update(&mut state, AppEvent::Tick, secs(t0, 39.9));
    assert!(down_cause(&state).is_none());
    update(&mut state, AppEvent::Tick, secs(t0, 40.0));
    assert_eq!(
        down_cause(&state),
        Some(&Cause::Silent {
            secs: 30,
            probe_secs: 10,
            pid: Some(PID),
            stopped: None
        })
    );
    let text = screen(&mut state, 140, 24, secs(t0, 40.0));
    assert!(
        text.contains("has said nothing for 30 s and left a status request unanswered for 10 s"),
        "{text}"
    );
    // The box's hint bar names what Ctrl+C does now, and Ctrl+C does it: the turn is
    // interrupted (it said "Ctrl+C quit" and interrupted).
    let hints = hint_bar(&mut state, secs(t0, 40.0));
    assert!(hints.contains("Ctrl+R restart"), "{hints}");
    assert!(hints.contains("Ctrl+C interrupt"), "{hints}");
    assert!(!text.contains("Ctrl+C quits"), "{text}");
    let effects = update(&mut state, ctrl('c'), secs(t0, 41.0));
    let sent: Vec<_> = effects
        .iter()
        .filter_map(request_json)
        .map(|(m, _)| m)
        .collect();
    assert_eq!(sent, ["turn/interrupt"]);
    // A late word from it takes the box away.
    ping_answered(&mut state, secs(t0, 42.0));
    assert!(down_cause(&state).is_none());
}

#[test]
fn a_stopped_server_is_named_with_the_way_to_continue_it_and_found_sooner() {
    let t0 = Instant::now();
    let mut state = running(t0);
    update(&mut state, AppEvent::Tick, secs(t0, 30.0));
    update(
        &mut state,
        AppEvent::ServerInspected {
            pid: PID,
            process: ProcessState::Stopped { pid: 4322 },
        },
        secs(t0, 30.0),
    );
    assert_eq!(state.next_tick(secs(t0, 30.0)), Some(secs(t0, 32.0)));
    update(&mut state, AppEvent::Tick, secs(t0, 32.0));
    assert!(matches!(
        down_cause(&state),
        Some(Cause::Silent {
            stopped: Some(4322),
            probe_secs: 2,
            ..
        })
    ));
    let text = screen(&mut state, 120, 30, secs(t0, 32.0));
    assert!(text.contains("codex app-server is stopped"), "{text}");
    assert!(text.contains("`kill -CONT 4322`"), "{text}");
}

#[test]
fn a_stopped_wrapper_whose_server_answers_is_not_called_stuck() {
    // npm's codex is a node wrapper; a stop of the wrapper alone leaves the server answering.
    let t0 = Instant::now();
    let mut state = running(t0);
    update(&mut state, AppEvent::Tick, secs(t0, 30.0));
    update(
        &mut state,
        AppEvent::ServerInspected {
            pid: PID,
            process: ProcessState::Stopped { pid: PID },
        },
        secs(t0, 30.0),
    );
    ping_answered(&mut state, secs(t0, 30.5));
    update(&mut state, AppEvent::Tick, secs(t0, 32.0));
    update(&mut state, AppEvent::Tick, secs(t0, 40.0));
    assert!(down_cause(&state).is_none());
}

#[test]
fn a_look_at_a_replaced_servers_process_is_ignored() {
    let t0 = Instant::now();
    let mut state = running(t0);
    update(&mut state, AppEvent::Tick, secs(t0, 30.0));
    update(
        &mut state,
        AppEvent::ServerInspected {
            pid: 1,
            process: ProcessState::Stopped { pid: 1 },
        },
        secs(t0, 30.0),
    );
    assert_eq!(state.next_tick(secs(t0, 30.0)), Some(secs(t0, 40.0)));
}

#[test]
fn a_check_refused_by_the_server_still_means_it_answers() {
    // A server that does not know the method answers with an error: it is alive all the same.
    let t0 = Instant::now();
    let mut state = running(t0);
    update(&mut state, AppEvent::Tick, secs(t0, 30.0));
    update(
        &mut state,
        reply(RequestTag::Ping, Err("method not found".into())),
        secs(t0, 31.0),
    );
    update(&mut state, AppEvent::Tick, secs(t0, 40.0));
    assert!(down_cause(&state).is_none());
    assert_eq!(state.next_tick(secs(t0, 40.0)), Some(secs(t0, 61.0)));
}

/// A check out when a remote link drops went to the lost link: the redial starts with no
/// check outstanding, as a restart and joining the shared service do (one `Health::reset`).
#[test]
fn a_check_out_when_the_link_drops_is_not_kept_for_the_new_link() {
    let t0 = Instant::now();
    let mut state = running(t0);
    assert_check(&update(&mut state, AppEvent::Tick, secs(t0, 30.0)));
    assert!(state.health().probe.is_some());
    let effects = update(
        &mut state,
        AppEvent::LinkDropped("the connection to ws://127.0.0.1:4500 was lost".into()),
        secs(t0, 31.0),
    );
    assert!(
        effects.contains(&Effect::RestartServer { kill: None }),
        "{effects:?}"
    );
    let health = state.health();
    assert_eq!(health.probe, None, "the lost link's check is gone");
    assert_eq!(
        (health.started, health.last_heard, health.closed),
        (None, None, false)
    );
    assert!(health.down.is_none(), "reconnecting by itself shows no box");
}
