//! Unicode as people and attackers send it. Grapheme clusters (an emoji family, a skin tone, a
//! flag) are one unit in the composer: one width, one cursor step, one deletion and one undo
//! step, shown as themselves. Invisible characters outside a valid emoji sequence (tag
//! characters, interlinear annotations, U+034F, the Hangul fillers) never reach the screen or
//! the text printed after exit, and are marked in prompts.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::update;

const FAMILY: &str = "👨\u{200d}👩\u{200d}👧";
const THUMBS: &str = "👍🏽";
const SCOTLAND: &str = "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}";
/// Tag characters spelling "rm -rf" (ASCII smuggling), an interlinear annotation, the combining
/// grapheme joiner and the Hangul fillers.
const HIDDEN: &str =
    "ok\u{e0072}\u{e006d}\u{e0020}\u{e002d}\u{e0072}\u{e0066}\u{fff9}x\u{fffb}\u{034f}\u{3164}\u{115f}\u{ffa0}";

fn composer_line(state: &mut tern::app::AppState, now: Instant) -> String {
    let shown = screen(state, 60, 16, now);
    let rows: Vec<&str> = shown.lines().collect();
    let bottom = rows.iter().rposition(|r| r.starts_with('╰')).unwrap();
    rows[bottom - 1]
        .trim_start_matches('│')
        .trim_end_matches('│')
        .trim_end()
        .to_string()
}

#[test]
fn an_emoji_family_is_one_unit_in_the_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, &format!("a{FAMILY}b{THUMBS}"), now);
    let line = composer_line(&mut state, now);
    assert_eq!(line, format!("a{FAMILY}b{THUMBS}"), "shown as itself");
    // The cursor stands after the text's 6 columns (a, the family, b, the thumb), not after
    // its characters' widths added up.
    assert_eq!(state.composer().layout(58).cursor, (0, 6));
    // Left steps over the thumb with its tone, then b, then the whole family.
    for _ in 0..3 {
        update(&mut state, key(KeyCode::Left), now);
    }
    assert_eq!(state.composer().layout(58).cursor, (0, 1));
    update(&mut state, key(KeyCode::Right), now);
    update(&mut state, key(KeyCode::Backspace), now);
    assert_eq!(state.draft(), format!("ab{THUMBS}"), "one Backspace");
    update(&mut state, ctrl('z'), now);
    assert_eq!(
        state.draft(),
        format!("a{FAMILY}b{THUMBS}"),
        "one undo step brings it back whole"
    );
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Backspace), now);
    assert_eq!(
        state.draft(),
        format!("a{FAMILY}b"),
        "no stray skin tone left"
    );
    update(&mut state, key(KeyCode::Home), now);
    update(&mut state, key(KeyCode::Right), now);
    update(&mut state, key(KeyCode::Delete), now);
    assert_eq!(state.draft(), "ab");
}

#[test]
fn smuggled_characters_are_marked_in_the_composer_and_prompts_but_flags_are_not() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        tern::app::AppEvent::Paste(format!("{HIDDEN} {SCOTLAND}")),
        now,
    );
    let line = composer_line(&mut state, now);
    for marker in [
        "<U+E0072>",
        "<U+FFF9>",
        "<U+034F>",
        "<U+3164>",
        "<U+115F>",
        "<U+FFA0>",
    ] {
        assert!(
            line.contains(marker) || screen(&mut state, 60, 16, now).contains(marker),
            "{marker} missing: {line}"
        );
    }
    assert!(
        line.contains(SCOTLAND),
        "the flag is one grapheme: {line:?}"
    );

    let mut state = running_state(now);
    let params = json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c",
        "command": format!("/bin/bash -lc 'echo {HIDDEN} {FAMILY}'"), "cwd": "/w",
        "availableDecisions": ["accept", "cancel"]});
    update(
        &mut state,
        server_request(1, "item/commandExecution/requestApproval", params),
        now,
    );
    let shown = screen(&mut state, 120, 30, now);
    assert!(shown.contains("ok<U+E0072><U+E006D><U+E0020>"), "{shown}");
    assert!(
        shown.contains("<U+FFF9>x<U+FFFB><U+034F><U+3164><U+115F><U+FFA0>"),
        "{shown}"
    );
    assert!(shown.contains(FAMILY), "{shown}");
}

#[test]
fn invisible_characters_never_reach_the_transcript_or_the_text_printed_after_exit() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1",
                   "item": {"type": "agentMessage", "id": "m",
                            "text": format!("said {HIDDEN} and {SCOTLAND} {FAMILY}")}}),
        ),
        now,
    );
    let shown = screen(&mut state, 100, 30, now);
    let said = shown
        .lines()
        .find(|l| l.contains("said"))
        .expect("the answer");
    assert!(
        said.contains(&format!("said okx and {SCOTLAND} {FAMILY}")),
        "{said:?}"
    );
    let printed = tern::text::sanitize::printable_text(&format!("{HIDDEN} {FAMILY}"));
    assert_eq!(printed, format!("okx {FAMILY}"));
}
