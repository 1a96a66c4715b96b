//! Inline image previews: drawn (kitty graphics or iTerm2 inline images) over the rows an image
//! cell keeps free — only once the terminal answered the image query at startup
//! (`config.images`), never for a terminal that did not; written again only when what is on
//! screen changed; left out where something covers their rows.

use crate::support::common::*;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use serde_json::json;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};
use tern::model::{ImageInfo, ImageProtocol};
use tern::runtime::frames::{self, Overlays};

/// Bytes that stand for the image file: what reaches the terminal is their base64.
const FILE: &[u8] = b"\x89PNG\r\n\x1a\nnot really the rest of a png";

fn with_image(path: &str, images: Option<ImageProtocol>, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.config_mut().images = images;
    let item = json!({"type": "imageView", "id": "v-1", "path": path});
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t-1", "item": item}),
        ),
        now,
    );
    let turn = json!({"id": "t-1", "items": [], "status": "completed"});
    update(
        &mut state,
        notify("turn/completed", json!({"threadId": THREAD, "turn": turn})),
        now,
    );
    update(
        &mut state,
        AppEvent::ImageProbed {
            path: path.into(),
            result: Ok(ImageInfo {
                width: 1280,
                height: 720,
                bytes: FILE.len() as u64,
                png: true,
            }),
        },
        now,
    );
    state
}

/// The terminal's side of the wire: everything tern wrote.
#[derive(Clone, Default)]
struct Wire(Arc<Mutex<Vec<u8>>>);

impl Write for Wire {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

type Screen = Terminal<CrosstermBackend<Wire>>;

fn new_screen() -> (Screen, Wire) {
    let wire = Wire::default();
    let viewport = Viewport::Fixed(Rect::new(0, 0, 120, 40));
    let screen = Terminal::with_options(
        CrosstermBackend::new(wire.clone()),
        TerminalOptions { viewport },
    )
    .unwrap();
    (screen, wire)
}

/// What one frame wrote to the terminal.
fn frame(
    (screen, wire): &mut (Screen, Wire),
    state: &AppState,
    previews: &mut Overlays,
    now: Instant,
) -> String {
    wire.0.lock().unwrap().clear();
    frames::draw(screen, state, now, previews).unwrap();
    String::from_utf8_lossy(&wire.0.lock().unwrap()).into_owned()
}

fn file() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shot.png");
    std::fs::write(&path, FILE).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

fn base64_of_file() -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(FILE)
}

#[test]
fn no_answer_no_preview_escape() {
    let now = Instant::now();
    let (_dir, path) = file();
    let state = with_image(&path, None, now);
    let (mut screen, mut previews) = (new_screen(), Overlays::default());
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(out.contains("shot.png"), "the cell is drawn");
    assert!(
        !out.contains("\x1b_G"),
        "no kitty graphics without an answer"
    );
    assert!(!out.contains("]1337;"), "no iTerm2 image without an answer");
}

#[test]
fn kitty_sends_the_file_once_and_places_it_again_only_when_the_screen_changes() {
    let now = Instant::now();
    let (_dir, path) = file();
    let mut state = with_image(&path, Some(ImageProtocol::Kitty), now);
    let (mut screen, mut previews) = (new_screen(), Overlays::default());
    let out = frame(&mut screen, &state, &mut previews, now);
    let sent = format!(
        "\x1b_Ga=T,f=100,i=1,c=40,r=12,C=1,q=2,m=0;{}\x1b\\",
        base64_of_file()
    );
    assert!(out.contains(&sent), "{out:?}");
    // Nothing changed: nothing is written again.
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(!out.contains("\x1b_G"), "{out:?}");
    // A popup away from its rows leaves it be; the key help over them takes it away, and
    // closing that places the same image again by id.
    type_text(&mut state, "/review", now);
    update(&mut state, key(crossterm::event::KeyCode::Enter), now);
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(out.contains("Review uncommitted changes"), "{out:?}");
    assert!(!out.contains("\x1b_G"), "{out:?}");
    update(&mut state, key(crossterm::event::KeyCode::Esc), now);
    frame(&mut screen, &state, &mut previews, now);
    update(&mut state, key(crossterm::event::KeyCode::Char('?')), now);
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(out.contains("\x1b_Ga=d,d=a,q=2\x1b\\"), "{out:?}");
    assert!(!out.contains("a=p,"), "{out:?}");
    update(&mut state, key(crossterm::event::KeyCode::Esc), now);
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(
        out.contains("\x1b_Ga=p,i=1,c=40,r=12,C=1,q=2\x1b\\"),
        "{out:?}"
    );
    assert!(!out.contains("a=T"), "the file is not sent twice");
}

#[test]
fn iterm2_gets_an_inline_image_of_the_file() {
    let now = Instant::now();
    let (_dir, path) = file();
    let state = with_image(&path, Some(ImageProtocol::Iterm2), now);
    let (mut screen, mut previews) = (new_screen(), Overlays::default());
    let out = frame(&mut screen, &state, &mut previews, now);
    let sent = format!(
        "\x1b]1337;File=inline=1;width=40;height=12;preserveAspectRatio=1:{}\x07",
        base64_of_file()
    );
    assert!(out.contains(&sent), "{out:?}");
}

#[test]
fn a_file_gone_or_a_format_kitty_cannot_take_gets_no_image() {
    let now = Instant::now();
    let state = with_image("/nonexistent/shot.png", Some(ImageProtocol::Kitty), now);
    let (mut screen, mut previews) = (new_screen(), Overlays::default());
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(!out.contains("a=T"), "{out:?}");
    // A JPEG on kitty keeps no rows and sends nothing.
    let (_dir, path) = file();
    let mut state = with_image(&path, Some(ImageProtocol::Kitty), now);
    update(
        &mut state,
        AppEvent::ImageProbed {
            path: path.clone(),
            result: Ok(ImageInfo {
                width: 1280,
                height: 720,
                bytes: 10,
                png: false,
            }),
        },
        now,
    );
    let (mut screen, mut previews) = (new_screen(), Overlays::default());
    let out = frame(&mut screen, &state, &mut previews, now);
    assert!(!out.contains("\x1b_G"), "{out:?}");
}
