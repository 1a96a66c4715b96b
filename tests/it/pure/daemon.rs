//! `/daemon` as transitions: `codex app-server daemon version` read as the box opens, `start`
//! and `stop` run only after `y` (or Enter) in the one confirm box, which names the command;
//! `n`, Esc or any other key runs nothing. Local only, and says why otherwise.

use crate::support::common::*;
use crossterm::event::KeyCode;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::NoticeLevel;

fn command(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    state.set_draft(text);
    wire(update(state, key(KeyCode::Enter), now))
}

fn press_char(state: &mut AppState, c: char, now: Instant) -> Vec<Effect> {
    wire(update(state, key(KeyCode::Char(c)), now))
}

fn top_layer(state: &AppState) -> Option<&Layer> {
    state.person_layers().last()
}

fn daemon_runs(effects: &[Effect]) -> Vec<(String, String)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::RunDaemon { binary, subcommand } => Some((binary.clone(), subcommand.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn daemon_reads_the_version_and_starts_or_stops_only_after_y() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_server_binary("/opt/codex");
    let effects = command(&mut state, "/daemon", now);
    assert_eq!(
        daemon_runs(&effects),
        [("/opt/codex".into(), "version".into())]
    );
    update(
        &mut state,
        AppEvent::DaemonRan {
            subcommand: "version".into(),
            result: Ok("{\"cli\":\"0.171.0\",\"daemon\":null}\n".into()),
        },
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("{\"cli\":\"0.171.0\",\"daemon\":null}"),
        "{text}"
    );
    assert!(daemon_runs(&press_char(&mut state, 's', now)).is_empty());
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("Run `codex app-server daemon start`?"),
        "the one confirm box names the command: {text}"
    );
    assert!(
        daemon_runs(&press_char(&mut state, 'q', now)).is_empty(),
        "q runs nothing"
    );
    assert!(
        matches!(top_layer(&state), Some(Layer::Confirm(_))),
        "q does not answer the question"
    );
    assert!(daemon_runs(&update(&mut state, key(KeyCode::Esc), now)).is_empty());
    assert!(
        matches!(top_layer(&state), Some(Layer::Daemon(_))),
        "Esc only left the question"
    );
    press_char(&mut state, 't', now);
    assert_eq!(
        daemon_runs(&press_char(&mut state, 'y', now)),
        [("/opt/codex".into(), "stop".into())]
    );
    // While it runs, nothing else is started.
    assert!(daemon_runs(&press_char(&mut state, 'v', now)).is_empty());
    update(
        &mut state,
        AppEvent::DaemonRan {
            subcommand: "stop".into(),
            result: Err("it did not finish within 60 s and was stopped".into()),
        },
        now,
    );
    assert_eq!(last_notice(&state).0, NoticeLevel::Warning);
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("did not finish within 60 s"), "{text}");
    // `/daemon start` opens with the question.
    update(&mut state, key(KeyCode::Esc), now);
    let effects = command(&mut state, "/daemon start", now);
    assert_eq!(
        daemon_runs(&effects),
        [("/opt/codex".into(), "version".into())]
    );
    update(
        &mut state,
        AppEvent::DaemonRan {
            subcommand: "version".into(),
            result: Ok(String::new()),
        },
        now,
    );
    assert!(
        matches!(top_layer(&state), Some(Layer::Confirm(_))),
        "the question opened over the box"
    );
    assert_eq!(
        daemon_runs(&update(&mut state, key(KeyCode::Enter), now)),
        [("/opt/codex".into(), "start".into())],
        "Enter goes ahead too"
    );
    assert!(matches!(top_layer(&state), Some(Layer::Daemon(_))));
}

#[test]
fn daemon_is_local_only_and_says_why() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_server_binary("/opt/codex");
    state.config_mut().connected_to = Some("ssh me@box".into());
    let effects = command(&mut state, "/daemon", now);
    assert!(daemon_runs(&effects).is_empty());
    assert!(top_layer(&state).is_none());
    assert!(last_notice(&state)
        .1
        .contains("a server elsewhere (ssh me@box)"));
    let mut state = ready_state(now);
    command(&mut state, "/daemon", now);
    assert!(last_notice(&state).1.contains("needs a local codex"));
    let mut state = ready_state(now);
    state.set_server_binary("/opt/codex");
    command(&mut state, "/daemon restart-everything", now);
    assert!(last_notice(&state)
        .1
        .contains("/daemon takes start or stop"));
}
