//! Images attached to a message: `--image` with a prompt given on the command line, Ctrl+V,
//! `@` on an image file; chips in the composer (Backspace at the start takes the last off); the
//! exact `localImage` inputs of `turn/start` and `turn/steer`; a resumed thread names them.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::{CellKind, ImageInfo};

const SHOT: &str = "/home/user/project/shot.png";

fn paste_image(state: &mut AppState, path: &str, now: Instant) {
    let effects = wire(update(
        state,
        AppEvent::Key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::CONTROL)),
        now,
    ));
    assert_eq!(effects, [Effect::PasteImage]);
    let effects = wire(update(
        state,
        AppEvent::ClipboardImage(Ok(path.into())),
        now,
    ));
    assert_eq!(effects, [Effect::ProbeImage { path: path.into() }]);
    update(
        state,
        AppEvent::ImageProbed {
            path: path.into(),
            result: Ok(ImageInfo {
                width: 1280,
                height: 720,
                bytes: 5_000,
                png: true,
            }),
        },
        now,
    );
}

#[test]
fn a_prompt_and_images_from_the_command_line_go_out_when_the_thread_is_ready() {
    let now = Instant::now();
    let mut config = config();
    config.initial_prompt = Some("describe it".into());
    config.initial_images = vec![SHOT.into()];
    let mut state = AppState::new(config);
    tern::app::update::start(&mut state);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    let thread =
        json!({"thread": {"id": THREAD, "turns": []}, "model": "m", "cwd": "/home/user/project"});
    let effects = wire(update(
        &mut state,
        reply(RequestTag::StartThread, Ok(thread)),
        now,
    ));
    let (method, params) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "turn/start");
    assert_eq!(
        params["input"],
        json!([{"type": "text", "text": "describe it", "text_elements": []}, {"type": "localImage", "path": SHOT}])
    );
}

#[test]
fn a_pasted_image_is_a_chip_and_goes_out_with_the_message() {
    let now = Instant::now();
    let mut state = ready_state(now);
    paste_image(&mut state, SHOT, now);
    type_text(&mut state, "what is wrong here?", now);
    snapshot!("image_chip_80", &screen(&mut state, 80, 24, now));
    snapshot!("image_chip_120", &screen(&mut state, 120, 40, now));
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let (_, params) = request_json(&effects[0]).unwrap();
    assert_eq!(
        params["input"],
        json!([{"type": "text", "text": "what is wrong here?", "text_elements": []}, {"type": "localImage", "path": SHOT}])
    );
    assert!(state.draft_images().is_empty(), "sent with the message");
    // The server's echo binds to the cell shown, which names the image.
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t1", "item": {"type": "userMessage", "id": "u1", "content": [
                {"type": "text", "text": "what is wrong here?", "text_elements": []},
                {"type": "localImage", "path": SHOT, "detail": null}]}}),
        ),
        now,
    );
    let users: Vec<String> = state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::User { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(users, ["what is wrong here?\n[image 1: shot.png]"]);
}

#[test]
fn backspace_at_the_start_takes_the_last_image_off() {
    let now = Instant::now();
    let mut state = ready_state(now);
    paste_image(&mut state, SHOT, now);
    paste_image(&mut state, "/tmp/two.png", now);
    assert_eq!(state.composer().chips().len(), 2);
    update(&mut state, key(KeyCode::Backspace), now);
    assert_eq!(*state.draft_images(), [SHOT]);
    // Inside the text, Backspace deletes text as ever.
    type_text(&mut state, "ab", now);
    update(&mut state, key(KeyCode::Backspace), now);
    assert_eq!(*state.draft_images(), [SHOT]);
    assert_eq!(state.draft(), "a");
}

#[test]
fn a_steer_carries_its_images() {
    let now = Instant::now();
    let mut state = running_state(now);
    paste_image(&mut state, SHOT, now);
    type_text(&mut state, "and this", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let (method, params) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "turn/steer");
    assert_eq!(
        params["input"][1],
        json!({"type": "localImage", "path": SHOT})
    );
}

#[test]
fn no_clipboard_image_says_why_and_a_file_that_is_not_an_image_is_not_attached() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        AppEvent::ClipboardImage(Err(
            "tern runs over SSH: the clipboard is the other machine's".into(),
        )),
        now,
    );
    assert!(last_notice(&state).1.contains("over SSH"));
    update(
        &mut state,
        AppEvent::ClipboardImage(Ok("/tmp/x.png".into())),
        now,
    );
    update(
        &mut state,
        AppEvent::ImageProbed {
            path: "/tmp/x.png".into(),
            result: Err("not an image tern can read".into()),
        },
        now,
    );
    assert!(state.draft_images().is_empty());
    assert!(last_notice(&state).1.contains("was not attached"));
}
