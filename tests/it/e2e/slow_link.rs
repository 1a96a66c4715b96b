//! End to end over a slow link: tern (`--remote ws://…`) reaches the real `codex app-server`
//! through `support::slow_link` (75 ms each way, 1 MB/s), which records every websocket frame
//! tern sends. Typing never waits for the network and never goes over it: keys echo while the
//! link is stalled and while a long answer streams over it, no frame leaves per key, and Enter
//! sends one `turn/start`. No timing here: each wait is for a condition, with a deadline
//! (timing figures are the benchmark's `slow` scenario).

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::{long_markdown_answer, MockTurn};
use crate::support::pty::PtySession;
use crate::support::remote_servers::{listen_ws, Listening};
use crate::support::slow_link::{SlowLink, SLOW};
use std::time::Duration;

const TOKEN: &str = "tern-slow-link-token-9d2e";

/// The mock serving `script`, codex listening on a websocket, a slow link in front of it, and
/// tern connected through the link, ready for a prompt.
fn over_a_slow_link(script: Vec<MockTurn>) -> Option<(E2e, Listening, SlowLink, PtySession)> {
    let f = E2e::start(script, Sandbox::Default)?;
    let tokens = f.env.home().join("ws-token");
    std::fs::write(&tokens, format!("{TOKEN}\n")).unwrap();
    let server = listen_ws(&f, &tokens);
    let link = SlowLink::start(&server.address, SLOW);
    let tern = f.spawn(
        &[
            "--remote",
            &link.url(),
            "--remote-token-file",
            &tokens.to_string_lossy(),
        ],
        &[],
        (120, 40),
    );
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    // The thread's opening asks for the hooks once (`hooks/list`), in the same moment as the
    // screen says ready: that frame is the startup's, not the typing's.
    let deadline = std::time::Instant::now() + WAIT;
    while !methods_after(&link, 0).iter().any(|m| m == "hooks/list") {
        assert!(
            std::time::Instant::now() < deadline,
            "the startup hooks/list never went"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Some((f, server, link, tern))
}

/// Types `text` a key at a time, each one waited for on screen (the draft's line).
fn type_and_see_each_key(tern: &PtySession, text: &str) {
    for end in 1..=text.len() {
        let typed = text[..end].to_string();
        tern.send(&text.as_bytes()[end - 1..end]);
        tern.wait_for("the key's echo", WAIT, move |s| s.contains(&typed));
    }
}

/// The JSON-RPC methods of the frames tern sent after the first `skip`.
fn methods_after(link: &SlowLink, skip: usize) -> Vec<String> {
    link.sent_texts()
        .iter()
        .skip(skip)
        .map(|text| {
            serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("method").and_then(|m| m.as_str()).map(str::to_string))
                .unwrap_or_else(|| format!("(an answer: {text})"))
        })
        .collect()
}

#[test]
fn keys_echo_while_the_link_is_stalled_and_only_enter_goes_over_it() {
    let Some((f, _server, link, mut tern)) =
        over_a_slow_link(vec![MockTurn::text("Answered over the slow link. SLOW-OK")])
    else {
        return;
    };
    let before = link.sent_texts().len();
    // Nothing moves either way now: a key that waited for the network would never show.
    link.stall(true);
    type_and_see_each_key(&tern, "typed while the link stood still");
    assert_eq!(
        methods_after(&link, before),
        Vec::<String>::new(),
        "frames went out while typing"
    );
    // Enter while the link still stands still: the turn goes out (into the link) at once.
    tern.send(b"\r");
    let deadline = std::time::Instant::now() + WAIT;
    while !methods_after(&link, before).contains(&"turn/start".to_string()) {
        assert!(std::time::Instant::now() < deadline, "no turn/start sent");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The prompt is on screen and the turn is under way without waiting for an answer…
    tern.wait_for("the prompt in the transcript", WAIT, |s| {
        s.contains("› typed while the link stood still") && s.contains("working")
    });
    // …which cannot have come: the link holds the turn, so the model has not been asked.
    assert_eq!(
        f.mock.requests().len(),
        0,
        "the stalled link let bytes through"
    );
    link.stall(false);
    tern.wait_for("the answer over the link", WAIT, |s| {
        s.contains("SLOW-OK") && s.contains("turn completed")
    });
    // Everything that went out since before the typing: one turn/start, and nothing a key
    // sent later (the @ finder's debounced search, were it typed, would show here).
    assert_eq!(methods_after(&link, before), ["turn/start"]);
    let prompt = link
        .sent_texts()
        .into_iter()
        .find(|t| t.contains("\"turn/start\""))
        .unwrap();
    assert!(
        prompt.contains("typed while the link stood still"),
        "{prompt}"
    );
    assert_eq!(f.mock.requests().len(), 1, "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn keys_echo_while_a_long_answer_streams_over_the_link_and_none_is_sent() {
    let answer = long_markdown_answer(400);
    let marker = answer.lines().last().unwrap().trim().to_string();
    let Some((f, _server, link, mut tern)) = over_a_slow_link(vec![
        MockTurn::Stream {
            text: answer,
            deltas: 2_000,
            pace: Some(Duration::from_millis(2)),
        },
        MockTurn::text("The second one. SECOND-OK"),
    ]) else {
        return;
    };
    tern.send(b"Stream a long answer\r");
    tern.wait_for("the stream to start", WAIT, |s| s.contains("Section 1"));
    let streamed = link.received_texts();
    let before = link.sent_texts().len();
    type_and_see_each_key(&tern, "next question");
    // The typing overlapped the stream: more of it arrived meanwhile.
    assert!(link.received_texts() > streamed, "the stream had ended");
    let sent_while_typing = methods_after(&link, before);
    assert!(
        sent_while_typing.is_empty(),
        "frames went out while typing: {sent_while_typing:?}"
    );
    tern.wait_for("the long answer's end", WAIT, |s| {
        s.contains(&marker) && s.contains("turn completed")
    });
    tern.send(b"\r");
    tern.wait_for("the second answer", WAIT, |s| s.contains("SECOND-OK"));
    // Everything that went out since before the typing: one turn/start, and nothing a key
    // sent later (the @ finder's debounced search, were it typed, would show here).
    assert_eq!(methods_after(&link, before), ["turn/start"]);
    assert_eq!(f.mock.requests().len(), 2, "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
