//! Entering a sub-agent and coming back, as pure transitions: the move is a `thread/resume`
//! without the person's settings, then the paging of the child's older turns; the child's later
//! deltas show while the parent's go on in its kept model (its agent cells still fill in);
//! Alt+←/→ on an empty composer walk main → agents → main; waiting messages stay with the thread
//! they were written for; a direct message goes to the child only when it takes one.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::model::CellKind;

const KID1: &str = "kid-1";
const KID2: &str = "kid-2";

fn alt(code: KeyCode) -> AppEvent {
    AppEvent::Key(KeyEvent::new(code, KeyModifiers::ALT))
}

fn sent(effects: Vec<tern::app::Effect>) -> Vec<(&'static str, Value)> {
    wire(effects).iter().filter_map(request_json).collect()
}

fn named(thread_id: &str, nickname: &str, direct: bool) -> AppEvent {
    reply(
        RequestTag::ReadAgent {
            thread_id: thread_id.to_string(),
        },
        Ok(json!({"thread": {
            "id": thread_id, "preview": format!("task of {nickname}"), "agentNickname": nickname,
            "parentThreadId": THREAD, "canAcceptDirectInput": direct,
            "status": {"type": "active"}, "turns": []
        }})),
    )
}

/// The parent's turn `turn-1` runs with two agents at work, named Bohr and Curie.
fn with_two_agents(now: Instant) -> AppState {
    let mut state = running_state(now);
    update(&mut state, AppEvent::Resize(100, 30), now);
    for (kid, name) in [(KID1, "Bohr"), (KID2, "Curie")] {
        update(
            &mut state,
            notify(
                "turn/started",
                json!({"threadId": kid, "turn": {"id": format!("{kid}-t"), "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
            ),
            now,
        );
        update(&mut state, named(kid, name, kid == KID1), now);
    }
    state
}

/// The answer to the resume of `thread_id`, with a cursor to page back from.
fn resumed(thread_id: &str) -> AppEvent {
    reply(
        RequestTag::ResumeThread,
        Ok(json!({
            "thread": {"id": thread_id, "preview": "", "turns": []},
            "model": "mock-model", "cwd": "/home/user/project",
            "turnsBackwardsCursor": format!("cursor-{thread_id}"),
        })),
    )
}

fn delta(thread: &str, turn: &str, item: &str, text: &str) -> AppEvent {
    notify(
        "item/agentMessage/delta",
        json!({"threadId": thread, "turnId": turn, "itemId": item, "delta": text}),
    )
}

fn shown_text(state: &AppState) -> String {
    state
        .transcript()
        .cells()
        .iter()
        .map(|c| format!("{:?}", c.kind()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn entering_an_agent_resumes_it_pages_its_history_and_follows_it_live() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    type_text(&mut state, "/agents", now);
    update(&mut state, key(KeyCode::Enter), now);
    // The list selects the newest agent; Home goes to the first.
    update(&mut state, key(KeyCode::Home), now);
    let effects = sent(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [(
            "thread/resume",
            json!({"threadId": KID1, "excludeTurns": true})
        )],
        "a bare resume: the agent keeps its own model"
    );
    let effects = sent(update(&mut state, resumed(KID1), now));
    assert_eq!(
        effects,
        [(
            "thread/turns/list",
            json!({"threadId": KID1, "cursor": "cursor-kid-1", "limit": 10,
                   "sortDirection": "desc", "itemsView": "full"})
        )]
    );
    assert_eq!(state.thread_id(), Some(KID1));
    // The child's words show now; the parent's go on in its own model.
    update(&mut state, delta(KID1, "kid-1-t", "m1", "KID-WORDS"), now);
    update(
        &mut state,
        delta(THREAD, "turn-1", "p1", "PARENT-WORDS"),
        now,
    );
    let shown = shown_text(&state);
    assert!(shown.contains("KID-WORDS"), "{shown}");
    assert!(!shown.contains("PARENT-WORDS"), "{shown}");
    let parent = state.kept_thread(THREAD).expect("parent kept");
    assert!(parent.turn_active(), "the parent's turn still runs");
    let parent_text: String = parent
        .transcript
        .cells()
        .iter()
        .map(|c| format!("{:?}", c.kind()))
        .collect();
    assert!(parent_text.contains("PARENT-WORDS"));
    assert!(!parent_text.contains("KID-WORDS"));
    // Where the person is, and the way back, on screen.
    let screen = screen(&mut state, 100, 30, now);
    assert!(screen.contains("sub-agent Bohr"), "{screen}");
    assert!(screen.contains("Alt+← main thread"), "{screen}");
    assert!(screen.contains("Message Bohr directly"), "{screen}");
}

#[test]
fn the_parents_agent_cells_fill_in_while_an_agent_is_watched() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    update(&mut state, alt(KeyCode::Right), now);
    update(&mut state, resumed(KID1), now);
    // The parent spawns a third agent while the person watches the first.
    let spawn = json!({"type": "collabAgentToolCall", "id": "call_9", "tool": "spawnAgent",
        "status": "completed", "senderThreadId": THREAD, "receiverThreadIds": ["kid-3"],
        "prompt": "third task", "model": "mock-model", "reasoningEffort": "low",
        "agentsStates": {"kid-3": {"status": "pendingInit", "message": null}}});
    let effects = sent(update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": spawn}),
        ),
        now,
    ));
    assert_eq!(effects, [("thread/read", json!({"threadId": "kid-3"}))]);
    update(&mut state, named("kid-3", "Meitner", true), now);
    let parent = state.kept_thread(THREAD).expect("parent kept");
    let call = parent
        .transcript
        .cells()
        .iter()
        .find_map(|c| match c.kind() {
            CellKind::AgentCall(call) => Some(call.clone()),
            _ => None,
        })
        .expect("the spawn's cell is in the parent");
    assert_eq!(call.agents[0].name.as_deref(), Some("Meitner"));
    assert!(!shown_text(&state).contains("third task"));
}

#[test]
fn alt_arrows_on_an_empty_composer_walk_main_and_its_agents_in_order() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    let resume_of = |effects: Vec<(&'static str, Value)>| -> String {
        assert_eq!(effects.len(), 1, "{effects:?}");
        assert_eq!(effects[0].0, "thread/resume");
        effects[0].1["threadId"].as_str().unwrap().to_string()
    };
    let mut seen = Vec::new();
    for _ in 0..3 {
        let target = resume_of(sent(update(&mut state, alt(KeyCode::Right), now)));
        update(&mut state, resumed(&target), now);
        seen.push(target);
    }
    assert_eq!(seen, [KID1, KID2, THREAD], "main → Bohr → Curie → main");
    let target = resume_of(sent(update(&mut state, alt(KeyCode::Left), now)));
    assert_eq!(target, KID2, "← goes round the other way");
    update(&mut state, resumed(&target), now);
    // With text in the composer they move by word, and nothing is sent.
    type_text(&mut state, "two words", now);
    assert!(sent(update(&mut state, alt(KeyCode::Left), now)).is_empty());
    assert_eq!(state.thread_id(), Some(KID2));
}

#[test]
fn a_message_queued_for_the_main_thread_waits_for_it_while_an_agent_is_watched() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    type_text(&mut state, "after that, summarise", now);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(state.queued().len(), 1);
    update(&mut state, alt(KeyCode::Right), now);
    update(&mut state, resumed(KID1), now);
    assert!(state.queued().is_empty(), "the agent's composer has none");
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("◂ main (1 message waits)"), "{shown}");
    // The main thread's turn ends while the person watches Bohr: nothing goes behind their back.
    let effects = sent(update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    ));
    assert!(effects.is_empty(), "{effects:?}");
    // Back on the main thread, it goes out there.
    update(&mut state, alt(KeyCode::Left), now);
    let effects = sent(update(&mut state, resumed(THREAD), now));
    let start = effects
        .iter()
        .find(|(m, _)| *m == "turn/start")
        .expect("the queued message is sent on return");
    assert_eq!(start.1["threadId"], THREAD);
    assert_eq!(start.1["input"][0]["text"], "after that, summarise");
}

#[test]
fn a_direct_message_goes_to_an_agent_only_when_it_takes_one() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    // Bohr takes direct turns: an idle Bohr gets a turn of its own.
    update(&mut state, alt(KeyCode::Right), now);
    update(&mut state, resumed(KID1), now);
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": KID1, "turn": {"id": "kid-1-t", "items": [], "status": "completed"}}),
        ),
        now,
    );
    type_text(&mut state, "look again", now);
    let effects = sent(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects.len(), 1, "{effects:?}");
    assert_eq!(effects[0].0, "turn/start");
    assert_eq!(effects[0].1["threadId"], KID1);
    // Curie does not: the text stays, and nothing is sent.
    update(
        &mut state,
        reply(
            RequestTag::StartTurn {
                prompt: "look again".into(),
            },
            Ok(json!({"turn": {"id": "kid-1-t2", "items": [], "status": "inProgress"}})),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": KID1, "turn": {"id": "kid-1-t2", "items": [], "status": "completed"}}),
        ),
        now,
    );
    update(&mut state, alt(KeyCode::Right), now);
    update(&mut state, resumed(KID2), now);
    let screen_text = screen(&mut state, 100, 30, now);
    assert!(
        screen_text.contains("Curie takes no direct messages"),
        "{screen_text}"
    );
    type_text(&mut state, "hello Curie", now);
    assert!(sent(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    assert_eq!(state.draft(), "hello Curie");
}

#[test]
fn a_move_waits_while_a_message_is_on_its_way() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    // A steer into the running turn, not yet answered.
    type_text(&mut state, "faster", now);
    let effects = sent(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects[0].0, "turn/steer");
    assert!(sent(update(&mut state, alt(KeyCode::Right), now)).is_empty());
    assert_eq!(state.thread_id(), Some(THREAD));
    assert!(shown_text(&state).contains("on its way"));
}

#[test]
fn the_main_threads_question_is_labelled_while_an_agent_is_watched() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    update(&mut state, alt(KeyCode::Right), now);
    update(&mut state, resumed(KID1), now);
    update(
        &mut state,
        server_request(
            9,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c", "command": "ls",
                   "cwd": "/w", "availableDecisions": ["accept", "cancel"]}),
        ),
        now,
    );
    let shown = screen(&mut state, 100, 30, read(now));
    assert!(
        shown.contains("From the main thread, not the agent on screen"),
        "{shown}"
    );
}

#[test]
fn v_in_the_agents_list_shows_the_agent_in_copy_mode_once_its_thread_is_open() {
    let now = Instant::now();
    let mut state = with_two_agents(now);
    // Words of the first agent, kept in its own model while the parent is shown.
    update(&mut state, delta(KID1, "kid-1-t", "m1", "KID-WORDS"), now);
    type_text(&mut state, "/agents", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Home), now);
    let effects = sent(update(&mut state, key(KeyCode::Char('v')), now));
    assert_eq!(
        effects,
        [(
            "thread/resume",
            json!({"threadId": KID1, "excludeTurns": true})
        )]
    );
    // Till the agent's thread is shown, the list waits; then copy mode takes its place.
    assert!(matches!(
        state.person_layers(),
        [tern::app::layers::Layer::Agents(_)]
    ));
    update(&mut state, resumed(KID1), now);
    assert_eq!(state.thread_id(), Some(KID1));
    assert!(
        matches!(
            state.person_layers(),
            [tern::app::layers::Layer::Selected(_)]
        ),
        "{:?}",
        state.person_layers()
    );
    // On the newest cell (the line saying whom you watch); the agent's words are the one above.
    update(&mut state, alt(KeyCode::Up), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        effects,
        [tern::session::effect::Effect::CopyToClipboard(
            "KID-WORDS".into()
        )]
    );
    // Asked again for the agent already shown: copy mode at once.
    update(&mut state, key(KeyCode::Esc), now);
    type_text(&mut state, "/agents", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Home), now);
    assert_eq!(sent(update(&mut state, key(KeyCode::Char('v')), now)), []);
    assert!(matches!(
        state.person_layers(),
        [tern::app::layers::Layer::Selected(_)]
    ));
}
