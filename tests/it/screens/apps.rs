//! `/apps` on screen at 80×24 and 120×40, with ordinary answers and with escape sequences,
//! bidi controls, carriage returns and very long names in every field shown.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, RequestTag};

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31m\u{202e}x\u{9b}1m\r";

#[test]
fn apps_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let e = |s: &str| {
            if evil {
                format!("{s}{EVIL}{}", "long".repeat(30))
            } else {
                s.to_string()
            }
        };
        let mut state = ready_state(now);
        state.set_draft("/apps");
        update(&mut state, key(KeyCode::Enter), now);
        let app =
            |name: String, what: String, accessible: bool, enabled: bool, from: Vec<String>| {
                json!({"id": "x", "name": name, "description": what, "isAccessible": accessible,
                "isEnabled": enabled, "installUrl": e("https://chatgpt.com/apps/x"),
                "pluginDisplayNames": from})
            };
        let data = json!({"data": [
            app(e("Gmail"), e("Read and send mail"), true, true, vec![e("Google")]),
            app("Linear".into(), "Issues".into(), false, true, vec![]),
            app("Slack".into(), e("Messages"), true, false, vec![]),
        ], "nextCursor": null});
        update(&mut state, reply(RequestTag::ListApps, Ok(data)), now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            assert!(
                !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
                "{text:?}"
            );
            assert!(text.contains("not connected  Linear"), "{text}");
            let name = if evil { "apps_hostile" } else { "apps" };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
    }
}
