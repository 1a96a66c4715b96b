//! A remote session whose link dropped mid-turn, as the person sees it while tern reconnects by
//! itself: the status line says so (not the server-down box), the composer keeps the draft, the
//! open question stays. Hostile words in the reason are shown inert.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};

fn dropped_mid_turn(now: Instant) -> AppState {
    let mut config = config();
    config.connected_to = Some("ws://10.0.0.7:4500".into());
    let mut state = started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "mock-model",
               "cwd": "/srv/project"}),
        now,
    );
    type_text(&mut state, "hi", now);
    update(&mut state, key(crossterm::event::KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m-1",
                   "delta": "Looking at the parser first"}),
        ),
        now,
    );
    type_text(&mut state, "next: the lexer", now);
    update(
        &mut state,
        AppEvent::LinkDropped(
            "the connection to ws://10.0.0.7:4500 was lost: reset \u{1b}]0;pwned\u{7}".into(),
        ),
        now,
    );
    update(
        &mut state,
        AppEvent::Redialing {
            attempt: 2,
            why: "could not reach 10.0.0.7:4500".into(),
            nobody_listens: false,
        },
        now,
    );
    state
}

#[test]
fn reconnecting_by_itself_80x24_and_120x40() {
    let now = Instant::now();
    let mut state = dropped_mid_turn(now);
    let small = screen(&mut state, 80, 24, now);
    assert!(!small.contains('\u{1b}'), "{small}");
    snapshot!("reconnecting_80x24", &small);
    snapshot!("reconnecting_120x40", &screen(&mut state, 120, 40, now));
}
