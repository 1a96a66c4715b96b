//! Images attached from this machine on a session whose server is elsewhere (issue 23): copied to
//! the server's disk (`fs/createDirectory`, `fs/writeFile` under its CODEX_HOME's attachments,
//! named by the bytes' SHA-1), then sent as a `localImage` with the server's path; a message
//! waits for its image; an image that cannot be copied is taken off with why. Exact JSON at each
//! step.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::session::event::LocalImageBytes;

const HERE: &str = "/home/me/Pictures/shot.png";
const DIGEST: &str = "a9993e364706816aba3e25717850c26c9cd0d89d";
const SERVER_HOME: &str = "/srv/box/.codex";

fn remote_config() -> tern::app::SessionConfig {
    let mut config = config();
    config.connected_to = Some("ws://box:4500".into());
    config.files_elsewhere = true;
    config
}

/// A started thread on a server whose CODEX_HOME is [`SERVER_HOME`].
fn remote_ready(config: tern::app::SessionConfig, now: Instant) -> AppState {
    started(
        AppState::new(config),
        json!({"userAgent": "x", "codexHome": SERVER_HOME}),
        json!({"thread": {"id": THREAD, "turns": []}, "model": "m", "cwd": "/srv/project"}),
        now,
    )
}

fn on_wire(effects: Vec<Effect>) -> Vec<(&'static str, Value)> {
    wire(effects).iter().filter_map(request_json).collect()
}

fn bytes() -> LocalImageBytes {
    LocalImageBytes {
        base64: "YWJj".into(),
        digest: DIGEST.into(),
    }
}

/// Ctrl+V of an image saved at `path` here: read for the server, not probed.
fn paste(state: &mut AppState, path: &str, now: Instant) {
    let ctrl_v = AppEvent::Key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::CONTROL));
    assert_eq!(wire(update(state, ctrl_v, now)), [Effect::PasteImage]);
    let effects = wire(update(
        state,
        AppEvent::ClipboardImage(Ok(path.into())),
        now,
    ));
    assert_eq!(effects, [Effect::ReadImageForServer { path: path.into() }]);
}

/// The image read here, its folder made, the file written: the requests of each step.
fn copy(state: &mut AppState, now: Instant) -> Vec<(&'static str, Value)> {
    let folder = format!("{SERVER_HOME}/attachments/{DIGEST}");
    let effects = on_wire(update(
        state,
        AppEvent::ImageReadForServer {
            path: HERE.into(),
            result: Ok(bytes()),
        },
        now,
    ));
    assert_eq!(
        effects,
        [(
            "fs/createDirectory",
            json!({"path": folder, "recursive": true})
        )]
    );
    let effects = on_wire(update(
        state,
        reply(
            RequestTag::UploadImageFolder { local: HERE.into() },
            Ok(json!({})),
        ),
        now,
    ));
    assert_eq!(
        effects,
        [(
            "fs/writeFile",
            json!({"path": format!("{folder}/shot.png"), "dataBase64": "YWJj"})
        )]
    );
    on_wire(update(
        state,
        reply(
            RequestTag::UploadImageFile { local: HERE.into() },
            Ok(json!({})),
        ),
        now,
    ))
}

#[test]
fn a_pasted_image_is_copied_to_the_server_and_sent_by_its_path_there() {
    let now = Instant::now();
    let mut state = remote_ready(remote_config(), now);
    paste(&mut state, HERE, now);
    type_text(&mut state, "what is wrong here?", now);
    assert_eq!(copy(&mut state, now), [], "nothing goes before Enter");
    let remote = format!("{SERVER_HOME}/attachments/{DIGEST}/shot.png");
    assert_eq!(state.draft_images(), std::slice::from_ref(&remote));
    let effects = on_wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects.len(), 1);
    assert_eq!(effects[0].0, "turn/start");
    assert_eq!(
        effects[0].1["input"],
        json!([{"type": "text", "text": "what is wrong here?", "text_elements": []},
               {"type": "localImage", "path": remote}])
    );
}

#[test]
fn a_message_sent_before_its_image_is_there_waits_for_it() {
    let now = Instant::now();
    let mut state = remote_ready(remote_config(), now);
    paste(&mut state, HERE, now);
    type_text(&mut state, "look", now);
    // Enter while the image is still being read here: nothing goes yet.
    assert_eq!(on_wire(update(&mut state, key(KeyCode::Enter), now)), []);
    assert_eq!(state.queued().len(), 1, "it waits in the queue");
    // Once written on the server, it goes, naming the server's copy.
    let effects = copy(&mut state, now);
    assert_eq!(effects.len(), 1, "{effects:?}");
    assert_eq!(effects[0].0, "turn/start");
    assert_eq!(
        effects[0].1["input"][1],
        json!({"type": "localImage", "path": format!("{SERVER_HOME}/attachments/{DIGEST}/shot.png")})
    );
}

#[test]
fn images_from_the_command_line_are_copied_before_the_prompt_goes() {
    let now = Instant::now();
    let mut config = remote_config();
    config.initial_prompt = Some("describe it".into());
    config.initial_images = vec![HERE.into()];
    let mut state = AppState::new(config);
    let effects = tern::app::update::start(&mut state);
    assert!(effects.contains(&Effect::ReadImageForServer { path: HERE.into() }));
    // Read here before the server answered `initialize` (as it happens at startup): it waits
    // to learn where the server's home is.
    let read = AppEvent::ImageReadForServer {
        path: HERE.into(),
        result: Ok(bytes()),
    };
    assert_eq!(on_wire(update(&mut state, read, now)), []);
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::Initialize,
            Ok(json!({"userAgent": "x", "codexHome": SERVER_HOME})),
        ),
        now,
    ));
    let folder = format!("{SERVER_HOME}/attachments/{DIGEST}");
    assert!(
        effects.contains(&(
            "fs/createDirectory",
            json!({"path": folder, "recursive": true})
        )),
        "{effects:?}"
    );
    let thread = json!({"thread": {"id": THREAD, "turns": []}, "model": "m", "cwd": "/srv/p"});
    assert_eq!(
        on_wire(update(
            &mut state,
            reply(RequestTag::StartThread, Ok(thread)),
            now
        )),
        [("hooks/list", json!({"cwds": ["/srv/p"]}))],
        "the prompt waits for its image (the startup check of the hooks goes)"
    );
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::UploadImageFolder { local: HERE.into() },
            Ok(json!({})),
        ),
        now,
    ));
    assert_eq!(
        effects,
        [(
            "fs/writeFile",
            json!({"path": format!("{folder}/shot.png"), "dataBase64": "YWJj"})
        )]
    );
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::UploadImageFile { local: HERE.into() },
            Ok(json!({})),
        ),
        now,
    ));
    assert_eq!(effects.len(), 1, "{effects:?}");
    assert_eq!(effects[0].0, "turn/start");
    assert_eq!(
        effects[0].1["input"],
        json!([{"type": "text", "text": "describe it", "text_elements": []},
               {"type": "localImage", "path": format!("{folder}/shot.png")}])
    );
}

#[test]
fn an_image_that_cannot_be_copied_is_taken_off_with_why_and_the_message_goes_without_it() {
    let now = Instant::now();
    let mut state = remote_ready(remote_config(), now);
    paste(&mut state, HERE, now);
    type_text(&mut state, "look", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        AppEvent::ImageReadForServer {
            path: HERE.into(),
            result: Ok(bytes()),
        },
        now,
    );
    let effects = on_wire(update(
        &mut state,
        reply(
            RequestTag::UploadImageFolder { local: HERE.into() },
            Err("Permission denied (os error 13)\u{1b}[2J".into()),
        ),
        now,
    ));
    assert_eq!(effects.len(), 1);
    assert_eq!(effects[0].0, "turn/start");
    assert_eq!(
        effects[0].1["input"],
        json!([{"type": "text", "text": "look", "text_elements": []}])
    );
    let (_, notice) = last_notice(&state);
    assert!(notice.contains("shot.png was not attached"), "{notice}");
    assert!(notice.contains("Permission denied"), "{notice}");
    assert!(notice.contains("goes without it"), "{notice}");
    assert!(!notice.contains('\u{1b}'), "sanitised: {notice:?}");
}

#[test]
fn a_local_session_and_the_local_service_send_the_path_as_it_is() {
    let now = Instant::now();
    // The local service's socket: the server reads this machine's files.
    let mut config = config();
    config.connected_to = Some("unix:/home/me/.codex/app-server-control.sock".into());
    let mut state = remote_ready(config, now);
    let ctrl_v = AppEvent::Key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::CONTROL));
    update(&mut state, ctrl_v, now);
    let effects = wire(update(
        &mut state,
        AppEvent::ClipboardImage(Ok(HERE.into())),
        now,
    ));
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::ReadImageForServer { .. })),
        "{effects:?}"
    );
    type_text(&mut state, "x", now);
    let effects = on_wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects[0].1["input"][1],
        json!({"type": "localImage", "path": HERE})
    );
}

#[test]
fn a_server_that_does_not_name_its_home_gets_no_copy_and_says_so() {
    let now = Instant::now();
    let mut state = started(
        AppState::new(remote_config()),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": THREAD, "turns": []}, "model": "m", "cwd": "/srv/project"}),
        now,
    );
    paste(&mut state, HERE, now);
    let effects = on_wire(update(
        &mut state,
        AppEvent::ImageReadForServer {
            path: HERE.into(),
            result: Ok(bytes()),
        },
        now,
    ));
    assert_eq!(effects, []);
    assert!(state.draft_images().is_empty());
    assert!(last_notice(&state).1.contains("CODEX_HOME"));
}
