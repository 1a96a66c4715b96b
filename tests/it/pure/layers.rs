//! The screen-layer stack: who gets each key, paste and mouse event, what is drawn on top, and
//! the geometry `update` and `ui` share. Pure `update` transitions, checked on the drawn screen.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::controls::scroll::{Anchor, Measure};
use tern::model::{CellKind, MarkdownText};
use tern::protocol::RequestId;

/// Forty one-line answers, on an 80×24 terminal.
fn long_transcript(now: Instant) -> AppState {
    let mut state = ready_state(now);
    for i in 0..40 {
        state.transcript_mut().push(CellKind::Agent {
            markdown: Box::new(MarkdownText::new(&format!("answer {i}"))),
            streaming: false,
        });
    }
    update(&mut state, AppEvent::Resize(80, 24), now);
    state
}

fn command_prompt(id: i64) -> AppEvent {
    server_request(
        id,
        "item/commandExecution/requestApproval",
        json!({"threadId": THREAD, "turnId": "t1", "itemId": "c", "command": "ls",
               "availableDecisions": ["accept", "decline", "cancel"]}),
    )
}

fn top(state: &AppState) -> Anchor {
    state.scroll().top(&state.view())
}

fn wheel(kind: MouseEventKind) -> AppEvent {
    AppEvent::Mouse(MouseEvent {
        kind,
        column: 0,
        row: 0,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn a_key_the_top_layer_ignores_reaches_the_layer_below() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, ctrl('f'), now);
    assert!(matches!(state.person_layers()[..], [Layer::Search(_)]));
    let bottom = top(&state);

    // The search bar ignores paging, the wheel and Ctrl+O: the transcript below gets them.
    update(&mut state, key(KeyCode::PageUp), now);
    assert!(top(&state) < bottom, "PgUp scrolled the transcript");
    let paged = top(&state);
    update(&mut state, wheel(MouseEventKind::ScrollUp), now);
    assert!(top(&state) < paged, "the wheel scrolled the transcript");
    update(&mut state, ctrl('o'), now);
    assert!(state.expanded(), "Ctrl+O reached the base");
    assert!(state.search().is_some(), "and the search bar is still open");

    // Keys it handles stop there: letters go to the query, not the hidden composer.
    type_text(&mut state, "answer", now);
    assert_eq!(state.search().unwrap().query, "answer");
    assert_eq!(state.draft(), "");
}

#[test]
fn a_paste_while_searching_goes_to_the_query_not_the_hidden_composer() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, ctrl('f'), now);
    update(&mut state, AppEvent::Paste("answer 3\n".into()), now);
    let search = state.search().unwrap();
    assert_eq!(
        search.query, "answer 3",
        "the copied line's break is dropped"
    );
    assert_eq!(search.matches.len(), 11, "answer 3 and 30…39");
    assert!(state.draft_is_empty());

    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
    update(&mut state, AppEvent::Paste("now the composer".into()), now);
    assert_eq!(state.draft(), "now the composer");
}

#[test]
fn a_prompt_takes_the_keys_over_search_and_search_is_back_after_the_answer() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, ctrl('f'), now);
    type_text(&mut state, "answer 1", now);
    update(&mut state, command_prompt(4), now);
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("Approval needed"), "{shown}");
    assert!(
        !shown.contains("/ answer 1"),
        "the prompt covers the search bar"
    );

    // A key typed before the prompt could be read is typing: it goes to what is under the
    // prompt (here the search query), never to the prompt.
    update(&mut state, key(KeyCode::Char('0')), now);
    assert_eq!(state.search().unwrap().query, "answer 10");
    assert_eq!(state.questions().len(), 1);
    let effects = press(&mut state, KeyCode::Char('n'), read(now));
    assert_eq!(effects, answer(4, json!("decline")));
    assert!(state.questions().is_empty());
    assert_eq!(state.search().unwrap().query, "answer 10", "search kept");
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("/ answer 10"), "{shown}");
}

#[test]
fn ctrl_r_under_a_prompt_opens_no_hidden_history_search() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    type_text(&mut state, "explain the repo", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, command_prompt(3), now);
    // Only the prompt shows in the bottom slot: a search bar opened now would be hidden and
    // take the typing unseen.
    press_key(&mut state, ctrl('r'), read(now));
    press_key(&mut state, ctrl('f'), read(now));
    assert!(
        state.person_layers().is_empty(),
        "{:?}",
        state.person_layers()
    );
    assert_eq!(state.questions().len(), 1);
    let effects = press(&mut state, KeyCode::Char('n'), later(read(now), 100));
    assert_eq!(effects, answer(3, json!("decline")));
    assert!(
        state.person_layers().is_empty(),
        "nothing pops up after the answer"
    );
}

#[test]
fn paging_under_a_prompt_reads_back_without_answering_it() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, command_prompt(1), now);
    let bottom = top(&state);
    let effects = press(&mut state, KeyCode::PageUp, read(now));
    assert!(effects.is_empty());
    assert!(top(&state) < bottom);
    assert_eq!(state.questions().len(), 1);
}

#[test]
fn help_lists_the_keys_of_every_layer_on_screen_and_esc_returns_to_the_prompt() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, ctrl('f'), now);
    update(&mut state, command_prompt(2), now);
    press(&mut state, KeyCode::Char('?'), read(now));
    assert!(state.front_question().is_some());
    let [Layer::Help(help)] = state.question_layers() else {
        panic!("help opens over the prompt: {:?}", state.question_layers())
    };
    let titles: Vec<&str> = help.sections.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles, ["Approval", "Search", "Conversation"]);
    let approval_keys: Vec<&str> = help.sections[0].1.iter().map(|h| h.keys.as_str()).collect();
    assert_eq!(approval_keys[0], "y/n/c", "exactly the offered answers");
    assert!(help.sections[0]
        .1
        .iter()
        .any(|h| h.keys == "Esc" && h.action.contains("stop the turn")));
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        shown.contains("Keys") && shown.contains("stop the turn"),
        "{shown}"
    );

    // Esc closes help only: the prompt is still there, unanswered, and takes keys again.
    let effects = press(&mut state, KeyCode::Esc, later(read(now), 200));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(state.front_question().is_some() && state.question_layers().is_empty());
    let effects = press(&mut state, KeyCode::Char('y'), later(read(now), 400));
    assert_eq!(effects, answer(2, json!("accept")));
}

#[test]
fn layers_opened_from_a_prompt_go_when_the_server_settles_it() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, command_prompt(9), now);
    press(&mut state, KeyCode::Char('?'), read(now));
    assert!(state.front_question().is_some());
    assert_eq!(state.question_layers().len(), 1);
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": THREAD, "requestId": 9}),
        ),
        now,
    );
    assert!(state.questions().is_empty());
    let shown = screen(&mut state, 80, 24, now);
    assert!(!shown.contains("Keys"), "{shown}");
    assert!(shown.contains("Ask the agent anything"), "{shown}");
}

#[test]
fn question_mark_opens_help_only_on_an_empty_composer() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    type_text(&mut state, "why?", now);
    assert!(state.person_layers().is_empty());
    assert_eq!(state.draft(), "why?");
    state.clear_draft();
    update(&mut state, key(KeyCode::Char('?')), now);
    assert!(matches!(state.person_layers()[..], [Layer::Help(_)]));
    update(&mut state, key(KeyCode::Char('?')), now);
    assert!(state.person_layers().is_empty(), "? closes it again");
}

#[test]
fn the_hint_bar_shows_the_keys_of_the_top_layer() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    let last_row = |state: &mut AppState| {
        screen(state, 100, 24, now)
            .lines()
            .last()
            .unwrap()
            .to_string()
    };
    assert!(last_row(&mut state).contains("? keys"));
    update(&mut state, ctrl('f'), now);
    assert!(last_row(&mut state).contains("Esc close search"));
    update(&mut state, command_prompt(1), now);
    let row = last_row(&mut state);
    assert!(
        row.contains("keys go to your draft until you pause"),
        "{row}"
    );
    let live = screen(&mut state, 100, 24, read(now));
    let row = live.lines().last().unwrap();
    assert!(
        row.contains("y/n/c answer") && row.contains("Esc no, and stop the turn"),
        "{row}"
    );
}

#[test]
fn a_resize_changes_the_areas_update_uses_before_the_next_draw() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, AppEvent::Resize(80, 20), now);
    let small = state.areas().transcript;
    assert_eq!(state.view().height(), small.height as usize);
    update(&mut state, key(KeyCode::PageUp), now);
    let after_small_page = top(&state);

    update(&mut state, key(KeyCode::End), now);
    update(&mut state, AppEvent::Resize(80, 40), now);
    let large = state.areas().transcript;
    assert_eq!(large.height, small.height + 20);
    update(&mut state, key(KeyCode::PageUp), now);
    let after_large_page = top(&state);
    // Each answer is two rows; a page is the window's height less two rows of overlap. The
    // larger window starts 20 rows (10 answers) higher and pages 20 rows further.
    assert_eq!(
        after_small_page.cell - after_large_page.cell,
        20,
        "{after_small_page:?} vs {after_large_page:?}"
    );

    // The width too: cells are laid out at the new width without a draw in between.
    update(&mut state, AppEvent::Resize(50, 40), now);
    assert_eq!(state.view().key.width, 50);
}

#[test]
fn geometry_keeps_every_area_on_screen_down_to_tiny_terminals() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, command_prompt(1), now);
    for (w, h) in [
        (120, 40),
        (80, 24),
        (40, 12),
        (20, 5),
        (10, 3),
        (1, 1),
        (0, 0),
    ] {
        update(&mut state, AppEvent::Resize(w, h), now);
        let a = state.areas();
        let screen = ratatui::layout::Rect::new(0, 0, w, h);
        for area in [a.transcript, a.bottom, a.status, a.hints, a.main] {
            assert_eq!(area.intersection(screen), area, "{w}x{h}: {a:?}");
        }
        assert_eq!(
            a.transcript.height + a.bottom.height + a.status.height + a.hints.height,
            h,
            "{w}x{h}: {a:?}"
        );
        screen_at(&state, w, h, now);
    }
}

/// Draws without asserting anything but that drawing does not panic.
fn screen_at(state: &AppState, w: u16, h: u16, now: Instant) {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|frame| tern::ui::draw(frame, state, now))
        .unwrap();
}

/// Two approvals waiting, and the answers that refuse them both (`cancel`: no, stop the turn).
fn two_prompts_and_their_cancels(now: Instant) -> (AppState, Vec<Effect>) {
    let mut state = long_transcript(now);
    update(&mut state, command_prompt(1), now);
    update(&mut state, command_prompt(2), now);
    let cancels = [1, 2]
        .map(|id| Effect::Respond {
            id: RequestId::Int(id),
            result: json!({"decision": "cancel"}),
        })
        .to_vec();
    (state, cancels)
}

#[test]
fn quitting_answers_every_open_prompt_with_cancel() {
    let now = Instant::now();
    let (mut state, mut expected) = two_prompts_and_their_cancels(now);
    let effects = wire(update(&mut state, AppEvent::Terminate, now));
    expected.push(Effect::Quit);
    assert_eq!(effects, expected);
    assert!(state.quitting());
}

#[test]
fn ctrl_c_under_prompts_refuses_them_all_and_stays() {
    let now = Instant::now();
    let (mut state, expected) = two_prompts_and_their_cancels(now);
    let effects = wire(update(&mut state, ctrl('c'), now));
    assert_eq!(effects, expected);
    assert!(
        !state.quitting(),
        "one Ctrl+C never leaves with a question open"
    );
    assert!(state.questions().is_empty());
}

#[test]
fn the_initialize_answer_is_kept() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(
        &mut state,
        reply(
            tern::app::RequestTag::Initialize,
            Ok(json!({"userAgent": "codex/0.169.0", "codexHome": "/tmp/ch"})),
        ),
        now,
    );
    let server = state.server_info().unwrap();
    assert_eq!(server.codex_home.as_deref(), Some("/tmp/ch"));
    assert_eq!(server.user_agent, "codex/0.169.0");
}

/// The keys help lists for the conversation, opened with `?` in this state.
fn conversation_help(state: &mut AppState, at: Instant) -> Vec<(String, String)> {
    press(state, KeyCode::Char('?'), at);
    let layers = match state.front_question() {
        Some(_) => state.question_layers(),
        None => state.person_layers(),
    };
    let Some(Layer::Help(help)) = layers.last() else {
        panic!("help is open: {layers:?}")
    };
    let (title, hints) = help.sections.last().unwrap();
    assert_eq!(title, "Conversation");
    hints
        .iter()
        .map(|h| (h.keys.clone(), h.action.clone()))
        .collect()
}

fn lists(rows: &[(String, String)], keys: &str) -> bool {
    rows.iter()
        .any(|(k, _)| k.split([',', ' ']).any(|part| part == keys))
}

#[test]
fn help_names_only_the_conversation_keys_that_do_something_now() {
    let now = Instant::now();
    // Idle: nothing to interrupt or queue for (Esc Esc rewinds, issue 20; a lone Esc
    // interrupts nothing).
    let mut state = long_transcript(now);
    let idle = conversation_help(&mut state, now);
    assert!(idle.contains(&("Enter".into(), "send the prompt".into())));
    assert!(
        !lists(&idle, "Tab") && !idle.iter().any(|(k, _)| k == "Esc"),
        "{idle:?}"
    );
    assert!(idle
        .iter()
        .any(|(k, a)| k == "Esc Esc" && a.contains("rewind")));
    assert!(idle.contains(&("Ctrl+C".into(), "twice to quit".into())));
    assert!(lists(&idle, "/quit") && lists(&idle, "Ctrl+R"));

    // A turn running: Enter steers, Tab queues, Esc and Ctrl+C interrupt.
    let mut state = running_state(now);
    let running = conversation_help(&mut state, now);
    assert!(running
        .iter()
        .any(|(k, a)| k == "Enter" && a.contains("steer")));
    assert!(lists(&running, "Tab") && lists(&running, "Esc"));
    assert!(running.contains(&("Ctrl+C".into(), "interrupt the running turn".into())));

    // A prompt up: Enter, Esc, Tab and Home/End are the prompt's, and Ctrl+R, Ctrl+F, `/` and
    // `@` open nothing under it, so the conversation lists none of them, nor a command (Enter
    // answers the prompt; no command can run). The arrows and PgUp/PgDn reach the draft and
    // the transcript while the prompt's body fits (as here): listed, and they work.
    let mut state = long_transcript(now);
    type_text(&mut state, "explain the repo", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, command_prompt(4), now);
    let prompt = conversation_help(&mut state, read(now));
    for gone in [
        "Enter",
        "Shift+Enter",
        "Esc",
        "Tab",
        "Ctrl+R",
        "Ctrl+F",
        "/",
        "@",
        "Home/End",
        "/quit",
        "/model",
    ] {
        assert!(!lists(&prompt, gone), "{gone} under a prompt: {prompt:?}");
    }
    assert!(
        lists(&prompt, "PgUp/PgDn") && lists(&prompt, "↑/↓"),
        "{prompt:?}"
    );
    assert!(
        prompt.iter().all(|(_, a)| !a.contains("send")),
        "{prompt:?}"
    );
    assert!(lists(&prompt, "Ctrl+O") && lists(&prompt, "Ctrl+G"));
    // What it does list still works under the prompt: Ctrl+U edits the draft behind it.
    press(&mut state, KeyCode::Esc, later(read(now), 200));
    type_text(&mut state, "draft", now);
    press_key(&mut state, ctrl('u'), later(read(now), 400));
    assert!(state.draft_is_empty(), "{:?}", state.draft());
    assert_eq!(state.questions().len(), 1);
    // ↑ brings back the prompt sent before; PgUp reads back; the prompt waits on.
    press(&mut state, KeyCode::Up, later(read(now), 600));
    assert_eq!(state.draft(), "explain the repo");
    let bottom = top(&state);
    press(&mut state, KeyCode::PageUp, later(read(now), 800));
    assert!(top(&state) < bottom);
    assert_eq!(state.questions().len(), 1);
}
