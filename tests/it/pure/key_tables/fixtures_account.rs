//! The key-table test's fixtures for `/usage`, `/import`, `/rc` and `/daemon`, each in the
//! states its key table distinguishes.

use super::states::*;
use super::*;
use crate::support::account_fixtures::*;

fn usage(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(&mut state, account("chatgpt"), now);
    slash_command(&mut state, "/usage", now);
    for event in usage_events(false) {
        update(&mut state, event, now);
    }
    state
}

fn import(now: Instant) -> AppState {
    let mut state = ready_state(now);
    slash_command(&mut state, "/import", now);
    update(
        &mut state,
        reply(RequestTag::DetectImport, Ok(detect_answer(false))),
        now,
    );
    state
}

fn rc(now: Instant) -> AppState {
    let mut state = ready_state(now);
    slash_command(&mut state, "/rc", now);
    update(
        &mut state,
        reply(
            RequestTag::ReadRemoteControl,
            Ok(rc_status("connected", Some("env-1"))),
        ),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::ListRemoteClients, Ok(rc_clients(false))),
        now,
    );
    state
}

fn daemon(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_server_binary("/opt/codex");
    slash_command(&mut state, "/daemon", now);
    update(
        &mut state,
        AppEvent::DaemonRan {
            subcommand: "version".into(),
            result: Ok("{\"cli\":\"0.171.0\"}\nline two\n".into()),
        },
        now,
    );
    state
}

pub(super) fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "usage",
            target: Target::Layer,
            build: usage,
        },
        Fixture {
            name: "usage, a reset waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = usage(now);
                update(&mut state, key(KeyCode::Char('r')), now);
                state
            },
        },
        Fixture {
            name: "import",
            target: Target::Layer,
            build: import,
        },
        Fixture {
            name: "import, waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = import(now);
                update(&mut state, key(KeyCode::Char('i')), now);
                state
            },
        },
        Fixture {
            name: "rc",
            target: Target::Layer,
            build: rc,
        },
        Fixture {
            name: "rc, a revoke waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = rc(now);
                update(&mut state, key(KeyCode::Char('x')), now);
                state
            },
        },
        Fixture {
            name: "daemon",
            target: Target::Layer,
            build: daemon,
        },
        Fixture {
            name: "daemon, a stop waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = daemon(now);
                update(&mut state, key(KeyCode::Char('t')), now);
                state
            },
        },
    ]
}
