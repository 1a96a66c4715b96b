//! Properties of the type-ahead gate, over random sequences of keys, pastes, key repeats,
//! pauses and resizes against random question queues:
//! - while the person types (no pause of `QUIET`), nothing is answered and every character
//!   typed or pasted ends up in the draft, in order;
//! - every accept-type answer follows its own explicit key (and the confirming key where one is
//!   needed) on a prompt that had been on screen for `QUIET`, with no other key close around it.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, Effect};
use tern::session::state::guard::{HOLD, QUIET};

#[derive(Debug, Clone)]
enum Action {
    Key(char),
    Enter,
    Esc,
    Arrow(bool),
    Repeat(char),
    Paste(String),
    Resize(u16, u16),
    Question,
}

fn prompt_params() -> Value {
    let proposal = json!(["git", "status"]);
    json!({"kind": "command", "threadId": THREAD, "turnId": "t", "itemId": "c",
        "command": "/bin/bash -lc 'git status --short'", "proposedExecpolicyAmendment": proposal,
        "availableDecisions": ["accept", "acceptForSession",
            {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": proposal}}, "cancel"]})
}

/// Drives the app as the event loop does: ticks are delivered when they fall due.
struct Driver {
    state: AppState,
    now: Instant,
    effects: Vec<(Instant, Effect)>,
    next_prompt: i64,
}

impl Driver {
    fn new() -> Self {
        let now = Instant::now();
        Driver {
            state: ready_state(now),
            now,
            effects: Vec::new(),
            next_prompt: 0,
        }
    }

    fn advance(&mut self, by: Duration) {
        let until = self.now + by;
        while let Some(at) = self.state.next_tick(self.now).filter(|at| *at <= until) {
            self.now = at;
            self.send(AppEvent::Tick);
        }
        self.now = until;
    }

    fn send(&mut self, event: AppEvent) {
        let at = self.now;
        let effects = wire(update(&mut self.state, event, at));
        self.effects.extend(effects.into_iter().map(|e| (at, e)));
    }

    fn act(&mut self, action: &Action) {
        let key = |code| AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE));
        match action {
            Action::Key(c) => self.send(key(KeyCode::Char(*c))),
            Action::Enter => self.send(key(KeyCode::Enter)),
            Action::Esc => self.send(key(KeyCode::Esc)),
            Action::Arrow(left) => {
                self.send(key(if *left { KeyCode::Left } else { KeyCode::Right }))
            }
            Action::Repeat(c) => self.send(AppEvent::Key(KeyEvent::new_with_kind(
                KeyCode::Char(*c),
                KeyModifiers::NONE,
                KeyEventKind::Repeat,
            ))),
            Action::Paste(text) => self.send(AppEvent::Paste(text.clone())),
            Action::Resize(w, h) => self.send(AppEvent::Resize(*w, *h)),
            Action::Question => {
                let id = self.next_prompt;
                self.next_prompt += 1;
                self.send(server_request(
                    id,
                    "item/commandExecution/requestApproval",
                    prompt_params(),
                ));
            }
        }
    }

    fn responses(&self) -> Vec<(Instant, Value)> {
        self.effects
            .iter()
            .filter_map(|(at, e)| match e {
                Effect::Respond { result, .. } => Some((*at, result["decision"].clone())),
                _ => None,
            })
            .collect()
    }
}

fn typing_char() -> impl Strategy<Value = char> {
    prop_oneof![
        Just('y'),
        Just('a'),
        Just('p'),
        Just('n'),
        Just('c'),
        Just('d'),
        Just('?'),
        Just(' '),
        Just('e'),
        Just('s'),
        Just('x'),
        Just('1'),
    ]
}

/// Typing before any prompt is up: no Enter or Esc, which mean something of their own there.
fn typing_before() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => typing_char().prop_map(Action::Key),
        1 => typing_char().prop_map(Action::Repeat),
        1 => "[a-z ]{1,6}".prop_map(Action::Paste),
        1 => (20u16..200, 5u16..60).prop_map(|(w, h)| Action::Resize(w, h)),
    ]
}

/// Typing while prompts are up.
fn typing_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => typing_char().prop_map(Action::Key),
        1 => Just(Action::Enter),
        1 => Just(Action::Esc),
        1 => typing_char().prop_map(Action::Repeat),
        1 => "[a-z ]{1,6}".prop_map(Action::Paste),
        1 => (20u16..200, 5u16..60).prop_map(|(w, h)| Action::Resize(w, h)),
        1 => Just(Action::Question),
    ]
}

/// What the draft should hold after these actions, when none of them reached a prompt.
fn expected_draft(actions: &[Action]) -> String {
    let mut text = String::new();
    for action in actions {
        match action {
            Action::Key(c) | Action::Repeat(c) => text.push(*c),
            Action::Enter => text.push('\n'),
            Action::Paste(p) => text.push_str(p),
            _ => {}
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn while_the_person_types_nothing_is_answered_and_nothing_is_lost(
        // A prompt arrives somewhere in a burst of typing; no gap reaches QUIET.
        before in prop::collection::vec((typing_before(), 0u64..650), 0..20),
        arrives_after in 0u64..650,
        after in prop::collection::vec((typing_action(), 0u64..650), 0..40),
    ) {
        let mut driver = Driver::new();
        let mut typed = Vec::new();
        // Start with a character so the draft is never empty: `?` and arrows on an empty
        // draft are commands of their own.
        driver.act(&Action::Key('x'));
        typed.push(Action::Key('x'));
        let arrival = (Action::Question, arrives_after);
        let steps = before
            .iter()
            .chain(std::iter::once(&arrival))
            .chain(after.iter());
        for (i, (action, gap)) in steps.enumerate() {
            // Resizes and later prompts are not typing: they happen between keys, taking no
            // time of their own, so no gap between two keys reaches QUIET.
            let first_prompt = i == before.len();
            if first_prompt || !matches!(action, Action::Resize(..) | Action::Question) {
                driver.advance(Duration::from_millis(*gap));
            }
            driver.act(action);
            typed.push(action.clone());
        }
        let responses = driver.responses();
        prop_assert!(responses.is_empty(), "answered while typing: {responses:?}");
        prop_assert_eq!(driver.state.draft(), expected_draft(&typed));
    }

    #[test]
    fn every_approval_follows_its_own_deliberate_key(
        steps in prop::collection::vec((prop_oneof![
            6 => typing_char().prop_map(Action::Key),
            2 => Just(Action::Enter),
            1 => Just(Action::Esc),
            1 => any::<bool>().prop_map(Action::Arrow),
            1 => typing_char().prop_map(Action::Repeat),
            1 => "[a-z ]{1,4}".prop_map(Action::Paste),
            1 => (20u16..200, 5u16..60).prop_map(|(w, h)| Action::Resize(w, h)),
            2 => Just(Action::Question),
        ], prop_oneof![3 => 0u64..100, 2 => 100u64..800, 2 => 800u64..2000]), 1..60),
    ) {
        let mut driver = Driver::new();
        // Each key event: when, what, and the prompts queued at that moment.
        let mut keys: Vec<(Instant, Action)> = Vec::new();
        let mut shown_at: Vec<Instant> = Vec::new();
        for (action, gap) in &steps {
            driver.advance(Duration::from_millis(*gap));
            let front_before = driver.state.front_question().map(|q| q.question.id.clone());
            driver.act(action);
            if matches!(action, Action::Question) && front_before.is_none() {
                shown_at.push(driver.now);
            }
            if !matches!(action, Action::Question | Action::Resize(..)) {
                keys.push((driver.now, action.clone()));
            }
        }
        driver.advance(Duration::from_millis(500));
        for (at, decision) in driver.responses() {
            let accept = !matches!(decision.as_str(), Some("decline") | Some("cancel"));
            if !accept {
                continue;
            }
            // The deciding key: the last key event at least HOLD before the answer.
            let deciding = keys.iter().rev().find(|(k, _)| *k + HOLD <= at).cloned();
            let Some((key_at, key)) = deciding else {
                return Err(TestCaseError::fail(format!("{decision} with no key before it")));
            };
            // Nothing that types arrived close around it (arrows cannot come from a paste).
            let crowded = keys.iter().any(|(k, a)| {
                *k != key_at
                    && !matches!(a, Action::Arrow(_))
                    && k.max(&key_at).duration_since(*k.min(&key_at)) < HOLD
            });
            prop_assert!(!crowded, "{decision} decided by a key in a burst");
            // The prompt had been up long enough to be read.
            let shown = shown_at.iter().rev().find(|s| **s <= key_at);
            prop_assert!(shown.is_some_and(|s| key_at.duration_since(*s) >= QUIET), "{decision} before the prompt could be read");
            match (decision.as_str(), &key) {
                (Some("accept"), Action::Key('y')) => {}
                (Some("acceptForSession"), Action::Key('a') | Action::Enter) => {
                    let selected_before = keys.iter().any(|(k, a)| *k < key_at && matches!(a, Action::Key('a')));
                    prop_assert!(selected_before, "session approval without selecting it first");
                }
                (None, Action::Enter | Action::Key('p')) if decision.get("acceptWithExecpolicyAmendment").is_some() => {
                    let opened = keys.iter().any(|(k, a)| *k < key_at && matches!(a, Action::Key('p')));
                    prop_assert!(opened, "a rule written without opening the chooser");
                }
                other => return Err(TestCaseError::fail(format!("unexpected answer {other:?}"))),
            }
        }
    }
}
