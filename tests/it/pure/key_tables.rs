//! Every key table against its view. In each fixture (a view in one of its states):
//! - every key of a row that applies does something — its view does not ignore it, or acts
//!   before passing it on — and no earlier row that applies has the same key (a listed key
//!   cannot be dead or shadowed);
//! - every other key meets the table's rest rule: passed on (ignored), or swallowed with
//!   nothing changed, or taken (typing) — so a view handles no key its table does not list.
//!
//! And every table in `app::reference` is shown by some fixture, so a new view's table is
//! tried as soon as it is listed there.

use crate::support::common::*;
use crate::support::plan_fixtures;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layer_types::Input;
use tern::app::layers::question::FrontQuestion;
use tern::app::layers::rewind::{Files, Preview, RewindView};
use tern::app::layers::server_down::ServerDownBox;
use tern::app::layers::{Ctx, Layer, LayerView, Outcome};
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::controls::keys::{Chord, Fate, KeyList, Keymap};
use tern::model::rewind::{FileRestore, RestoreAction, RestorePlan};
use tern::model::{CellKind, MarkdownText};
use tern::protocol::LoginKind;

/// Which view of the fixture is tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// The top of the person's stack.
    Layer,
    Question,
    ServerDown,
    /// The conversation itself (the composer's lists closed).
    Base,
    /// The list open over the composer (slash commands or files).
    Popup,
}

struct Fixture {
    name: &'static str,
    target: Target,
    build: fn(Instant) -> AppState,
}

/// Every key worth trying: characters, named keys, with and without modifiers.
fn universe() -> Vec<KeyEvent> {
    let mut keys = Vec::new();
    let chars = ('a'..='z')
        .chain(['A', 'G', 'R', 'Z'])
        .chain('0'..='9')
        .chain(['?', '/', '@', ' ', '[', ']', '.', '-']);
    for c in chars {
        for mods in [KeyModifiers::NONE, KeyModifiers::CONTROL, KeyModifiers::ALT] {
            keys.push(KeyEvent::new(KeyCode::Char(c), mods));
        }
    }
    let named = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::F(1),
        KeyCode::Insert,
    ];
    for code in named {
        for mods in [
            KeyModifiers::NONE,
            KeyModifiers::CONTROL,
            KeyModifiers::ALT,
            KeyModifiers::SHIFT,
        ] {
            keys.push(KeyEvent::new(code, mods));
        }
    }
    keys
}

fn view_list(state: &AppState, target: Target, now: Instant) -> KeyList {
    let cx = state.view_cx(now);
    match target {
        Target::Layer => state.layers.person.last().unwrap().view().keys(&cx),
        Target::Question => FrontQuestion.keys(&cx),
        Target::ServerDown => ServerDownBox.keys(&cx),
        Target::Base => tern::app::base::key_list(&cx),
        Target::Popup => {
            let session = &state.session;
            match session.composer.popup.as_ref().unwrap() {
                tern::controls::composer::ComposerPopup::Commands(_) => {
                    tern::app::base::slash::key_list(session)
                }
                tern::controls::composer::ComposerPopup::Files(finder) => {
                    tern::app::base::files::key_list(session, finder)
                }
                tern::controls::composer::ComposerPopup::Skills(finder) => {
                    tern::app::base::skills::key_list(session, finder)
                }
            }
        }
    }
}

/// What the target view makes of one key (the popups answer `None` for "on to the
/// composer", read here as ignored).
fn outcome(state: &mut AppState, target: Target, key: KeyEvent, now: Instant) -> Outcome {
    let input = Input::Key(key);
    let areas = state.areas();
    let layer_open = state.layer_open();
    let AppState { layers, session } = state;
    let mut cx = Ctx {
        session,
        now,
        areas,
        layer_open,
    };
    match target {
        Target::Layer => layers
            .person
            .last_mut()
            .unwrap()
            .view_mut()
            .handle(&input, &mut cx),
        Target::Question => FrontQuestion.handle(&input, &mut cx),
        Target::ServerDown => ServerDownBox.handle(&input, &mut cx),
        Target::Base => tern::app::base::handle(&mut cx, &input),
        Target::Popup => {
            let files = tern::app::base::files::handle(&mut cx, &input)
                .or_else(|| tern::app::base::skills::handle(&mut cx, &input));
            let taken = match files {
                Some(outcome) => Some(outcome),
                None if cx.composer.popup.is_some() => {
                    tern::app::base::slash::handle(&mut cx, &input)
                }
                None => None,
            };
            taken.unwrap_or(Outcome::Ignored)
        }
    }
}

/// What a view is, for "nothing changed": the layer (or the composer's list) and the session.
fn snapshot_of(state: &AppState, target: Target) -> String {
    let top = match target {
        Target::Layer => format!("{:?}", state.layers.person.last()),
        _ => String::new(),
    };
    format!(
        "{top}\n{:?}\n{:?}",
        state.session.composer.popup, state.session
    )
}

fn check(fixture: &Fixture) -> Vec<String> {
    let now = Instant::now();
    let at = read(now);
    let mut problems = Vec::new();
    let state = (fixture.build)(now);
    let list = view_list(&state, fixture.target, at);
    let name = fixture.name;
    // Listed keys do something, and only one row has each.
    for (index, row) in list.rows.iter().enumerate() {
        if !row.applies {
            continue;
        }
        for chord in &row.keys {
            if let Some(earlier) = list.rows[..index]
                .iter()
                .find(|other| other.applies && other.keys.contains(chord))
            {
                problems.push(format!(
                    "{name}: {} of `{}` is shadowed by `{}`",
                    chord.label(),
                    row.name,
                    earlier.name
                ));
            }
            if *chord == Chord::ctrl('c') && fixture.target != Target::Layer {
                // The router's, before any view: tried in the router's tests.
                continue;
            }
            let mut fresh = (fixture.build)(now);
            let before = snapshot_of(&fresh, fixture.target);
            let outcome = outcome(&mut fresh, fixture.target, chord.event(), at);
            // Dead: ignored and nothing changed (the slash popup's Enter puts the command's
            // name in the composer, then lets the composer's Enter run it).
            let ignored = matches!(outcome, Outcome::Ignored)
                && before == snapshot_of(&fresh, fixture.target);
            if row.passes && !ignored {
                problems.push(format!(
                    "{name}: {} of `{}` should go on below: {outcome:?}",
                    chord.label(),
                    row.name
                ));
            }
            if !row.passes && ignored {
                problems.push(format!(
                    "{name}: {} of `{}` is listed but ignored",
                    chord.label(),
                    row.name
                ));
            }
        }
    }
    // Every other key meets the rest rule.
    for key in universe() {
        let chord = Chord::of(&key);
        if chord == Chord::ctrl('c')
            || list
                .rows
                .iter()
                .any(|r| r.applies && r.keys.contains(&chord))
        {
            continue;
        }
        let mut fresh = (fixture.build)(now);
        let before = snapshot_of(&fresh, fixture.target);
        let outcome = outcome(&mut fresh, fixture.target, key, at);
        let after = snapshot_of(&fresh, fixture.target);
        let fate = list.rest.fate(&chord);
        let label = chord.label();
        match (fate, &outcome) {
            (Fate::Pass, Outcome::Ignored) => {}
            (Fate::Pass, _) if fixture.target == Target::Base => {
                // Nothing is below the conversation.
            }
            (Fate::Pass, other) => problems.push(format!(
                "{name}: {label} is in no row but handled: {other:?}"
            )),
            (Fate::Swallow, Outcome::Consumed(effects))
                if effects.is_empty() && before == after => {}
            (Fate::Swallow, other) => problems.push(format!(
                "{name}: {label} is in no row and should do nothing, but: {other:?}{}",
                if before == after {
                    ""
                } else {
                    " (and changed the state)"
                }
            )),
            (Fate::Take(_), Outcome::Ignored) if before == after => {
                problems.push(format!("{name}: {label} should be taken, but is ignored"))
            }
            (Fate::Take(_), _) => {}
        }
    }
    problems
}

// The fixtures.

fn long(now: Instant) -> AppState {
    let mut state = ready_state(now);
    for i in 0..40 {
        state.session.shown.transcript.push(CellKind::Agent {
            markdown: MarkdownText::new(&format!("answer {i}")),
            streaming: false,
        });
    }
    update(&mut state, AppEvent::Resize(80, 24), now);
    state
}

fn with_history(now: Instant) -> AppState {
    let mut config = config();
    config.prompt_history = vec!["run the tests".into(), "explain the repo".into()];
    ready_with(config, now)
}

fn open(state: &mut AppState, layer: Layer) {
    state.layers.person.push(layer);
}

fn command_question(now: Instant) -> AppState {
    let mut state = long(now);
    update(
        &mut state,
        server_request(
            1,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "t1", "itemId": "c", "command": "ls -la",
                   "availableDecisions": ["accept", "acceptForSession", "decline", "cancel"]}),
        ),
        now,
    );
    state
}

fn form_question(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        server_request(
            0,
            "item/tool/requestUserInput",
            json!({"threadId": THREAD, "turnId": "t", "itemId": "call_0", "isBlocking": true,
                   "autoResolutionMs": null, "questions": [
                {"id": "color", "header": "Color", "question": "Which color?", "isOther": true,
                 "isSecret": false, "options": [{"label": "Red", "description": "Warm."},
                                                 {"label": "Blue", "description": "Calm."}]}]}),
        ),
        now,
    );
    state
}

fn rules(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.session.config.codex_home = Some("/ch".into());
    type_text(&mut state, "/rules", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        AppEvent::RulesLoaded {
            dir: "/ch/rules".into(),
            result: Ok(vec![tern::model::rules::RulesFileText {
                path: "/ch/rules/default.rules".into(),
                text: Ok(
                    "prefix_rule(pattern=[\"git\", \"status\"], decision=\"allow\")\n\
                          prefix_rule(pattern=[\"ls\"], decision=\"allow\")\n"
                        .into(),
                ),
            }]),
        },
        now,
    );
    state
}

fn diff(now: Instant) -> AppState {
    let mut state = ready_state(now);
    let patch = (0..3)
        .map(|f| format!("diff --git a/f{f}.rs b/f{f}.rs\n--- a/f{f}.rs\n+++ b/f{f}.rs\n@@ -1,2 +1,2 @@\n-old\n+new\n same\n"))
        .collect::<String>();
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "t1", "diff": patch}),
        ),
        now,
    );
    type_text(&mut state, "/diff", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    state
}

fn picker(now: Instant) -> AppState {
    let mut state = ready_state(now);
    let mut picker = tern::app::layers::ThreadPicker::new("/home/user/project".into(), None, false);
    let threads: Vec<serde_json::Value> = (0..3)
        .map(|i| {
            json!({"id": format!("t-{i}"), "preview": format!("thread {i}"), "turns": [],
                   "createdAt": 1, "updatedAt": 2, "cwd": "/home/user/project"})
        })
        .collect();
    let page = serde_json::from_value(json!({"data": threads, "nextCursor": null})).unwrap();
    picker.on_page(picker.generation, false, Ok(page));
    open(&mut state, Layer::ThreadPicker(Box::new(picker)));
    state
}

fn picker_renaming(now: Instant) -> AppState {
    let mut state = picker(now);
    update(&mut state, ctrl('r'), now);
    state
}

fn picker_confirming(now: Instant) -> AppState {
    let mut state = picker(now);
    update(&mut state, ctrl('x'), now);
    state
}

fn picker_filtered(now: Instant) -> AppState {
    let mut state = picker(now);
    type_text(&mut state, "thr", now);
    state
}

fn rules_confirming(now: Instant) -> AppState {
    let mut state = rules(now);
    update(&mut state, key(KeyCode::Char('d')), now);
    state
}

fn review(now: Instant) -> AppState {
    let mut state = ready_state(now);
    type_text(&mut state, "/review", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    state
}

fn review_branches(now: Instant) -> AppState {
    use tern::session::event::{GitRefKind, GitRefs};
    let mut state = review(now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Enter), now);
    let branches = GitRefs::Branches {
        current: Some("feature".into()),
        branches: vec!["feature".into(), "main".into(), "dev".into()],
    };
    update(
        &mut state,
        AppEvent::GitRefs {
            kind: GitRefKind::Branches,
            result: Ok(branches),
        },
        now,
    );
    state
}

/// `/agents` over a running turn with two agents (named by `thread/read`), the list's answers
/// in; `watching`: from the first agent's own thread.
fn agents_list(now: Instant, watching: bool) -> AppState {
    use tern::app::RequestTag;
    let mut state = running_state(now);
    for kid in ["kid-1", "kid-2"] {
        update(
            &mut state,
            notify(
                "turn/started",
                json!({"threadId": kid, "turn": {"id": format!("{kid}-t"), "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
            ),
            now,
        );
        let read = json!({"thread": {"id": kid, "preview": "a task", "agentNickname": kid,
            "canAcceptDirectInput": true, "status": {"type": "active"}, "turns": []}});
        update(
            &mut state,
            reply(
                RequestTag::ReadAgent {
                    thread_id: kid.into(),
                },
                Ok(read),
            ),
            now,
        );
    }
    if watching {
        update(
            &mut state,
            AppEvent::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::ALT)),
            now,
        );
        let resumed = json!({"thread": {"id": "kid-1", "preview": "", "turns": []},
            "model": "m", "cwd": "/home/user/project"});
        update(
            &mut state,
            reply(RequestTag::ResumeThread, Ok(resumed)),
            now,
        );
    }
    type_text(&mut state, "/agents", now);
    update(&mut state, key(KeyCode::Enter), now);
    for archived in [false, true] {
        update(
            &mut state,
            reply(
                RequestTag::ListAgents { archived },
                Ok(json!({"data": [], "nextCursor": null})),
            ),
            now,
        );
    }
    state
}

/// `/ps` listing two background terminals, then `then` pressed.
fn terminals(now: Instant, then: Option<KeyCode>) -> AppState {
    use tern::app::RequestTag;
    let mut state = running_state(now);
    type_text(&mut state, "/ps", now);
    update(&mut state, key(KeyCode::Enter), now);
    let listed = json!({"data": [
        {"itemId": "c1", "processId": "1", "command": "sleep 100", "cwd": "/w"},
        {"itemId": "c2", "processId": "2", "command": "tail -f log", "cwd": "/w"}
    ], "nextCursor": null});
    update(
        &mut state,
        reply(RequestTag::ListTerminals, Ok(listed)),
        now,
    );
    if let Some(code) = then {
        update(&mut state, key(code), now);
    }
    state
}

fn skills_answer() -> AppEvent {
    reply(
        tern::app::RequestTag::ListSkills,
        Ok(json!({"data": [{"cwd": "/home/user/project", "skills": [
            {"name": "lint", "description": "Lints", "path": "/h/skills/lint/SKILL.md", "scope": "user", "enabled": true},
            {"name": "old", "description": "Off", "path": "/h/skills/old/SKILL.md", "scope": "user", "enabled": false}
        ], "errors": []}]})),
    )
}

fn slash_command(state: &mut AppState, name: &str, now: Instant) {
    type_text(state, name, now);
    update(state, key(KeyCode::Esc), now);
    update(state, key(KeyCode::Enter), now);
}

fn vim_on(now: Instant) -> AppState {
    let mut config = config();
    config.vim = true;
    ready_with(config, now)
}

fn vim_normal_draft(now: Instant) -> AppState {
    let mut state = vim_on(now);
    type_text(&mut state, "one two", now);
    update(&mut state, key(KeyCode::Esc), now);
    state
}

/// The rewind screen over a thread with one message: its list, or the preview of `files`.
fn rewind_at(now: Instant, files: Option<Files>) -> AppState {
    let mut state = ready_state(now);
    let preview = files.map(|files| Preview {
        turns: vec!["turn-1".into()],
        commands: vec![],
        files,
        offset: 0,
    });
    open(
        &mut state,
        Layer::Rewind(RewindView {
            messages: vec![("turn-1".into(), "make a plan".into())],
            selected: 0,
            preview,
        }),
    );
    state
}

fn review_custom(now: Instant) -> AppState {
    let mut state = review(now);
    update(&mut state, key(KeyCode::Char('4')), now);
    type_text(&mut state, "look at the tests", now);
    state
}

fn copy_pick(now: Instant) -> AppState {
    let mut state = long(now);
    type_text(&mut state, "/copy pick", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    state
}

fn confirm(now: Instant) -> AppState {
    use tern::app::layers::confirm::Confirm;
    use tern::session::event::Confirmable;
    let mut state = ready_state(now);
    let ask = Confirmable::ExportOverwrite {
        path: "/home/user/project/notes.md".into(),
    };
    open(&mut state, Layer::Confirm(Confirm { ask }));
    state
}

fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "conversation, idle, empty",
            target: Target::Base,
            build: ready_state,
        },
        Fixture {
            name: "conversation, idle, a draft",
            target: Target::Base,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "a draft", now);
                state
            },
        },
        Fixture {
            name: "conversation, running, empty",
            target: Target::Base,
            build: running_state,
        },
        Fixture {
            name: "conversation, running, a draft, a message queued",
            target: Target::Base,
            build: |now| {
                let mut state = running_state(now);
                type_text(&mut state, "next", now);
                update(&mut state, key(KeyCode::Tab), now);
                type_text(&mut state, "more", now);
                state
            },
        },
        Fixture {
            name: "conversation, reading back",
            target: Target::Base,
            build: |now| {
                let mut state = long(now);
                update(&mut state, key(KeyCode::PageUp), now);
                state
            },
        },
        Fixture {
            name: "slash popup",
            target: Target::Popup,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "/m", now);
                state
            },
        },
        Fixture {
            name: "file finder",
            target: Target::Popup,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "@ma", now);
                state
            },
        },
        Fixture {
            name: "queued messages",
            target: Target::Layer,
            build: |now| {
                let mut state = running_state(now);
                for text in ["one", "two"] {
                    type_text(&mut state, text, now);
                    update(&mut state, key(KeyCode::Tab), now);
                }
                update(&mut state, key(KeyCode::Up), now);
                state
            },
        },
        Fixture {
            name: "history search",
            target: Target::Layer,
            build: |now| {
                let mut state = with_history(now);
                update(&mut state, ctrl('r'), now);
                state
            },
        },
        Fixture {
            name: "transcript search",
            target: Target::Layer,
            build: |now| {
                let mut state = long(now);
                update(&mut state, ctrl('f'), now);
                type_text(&mut state, "answer", now);
                state
            },
        },
        Fixture {
            name: "selected cell",
            target: Target::Layer,
            build: |now| {
                let mut state = long(now);
                update(
                    &mut state,
                    AppEvent::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::ALT)),
                    now,
                );
                state
            },
        },
        Fixture {
            name: "help",
            target: Target::Layer,
            build: |now| {
                let mut state = long(now);
                update(&mut state, key(KeyCode::Char('?')), now);
                state
            },
        },
        Fixture {
            name: "approvals",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "/approvals", now);
                update(&mut state, key(KeyCode::Esc), now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
        Fixture {
            name: "status",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                open(&mut state, Layer::Status(tern::app::layers::StatusView));
                state
            },
        },
        Fixture {
            name: "rules",
            target: Target::Layer,
            build: rules,
        },
        Fixture {
            name: "rules, confirming a deletion",
            target: Target::Layer,
            build: rules_confirming,
        },
        Fixture {
            name: "diff",
            target: Target::Layer,
            build: diff,
        },
        Fixture {
            name: "review, targets",
            target: Target::Layer,
            build: review,
        },
        Fixture {
            name: "review, a base branch",
            target: Target::Layer,
            build: review_branches,
        },
        Fixture {
            name: "review, custom instructions",
            target: Target::Layer,
            build: review_custom,
        },
        Fixture {
            name: "copy pick",
            target: Target::Layer,
            build: copy_pick,
        },
        Fixture {
            name: "replace a file?",
            target: Target::Layer,
            build: confirm,
        },
        Fixture {
            name: "picker",
            target: Target::Layer,
            build: picker,
        },
        Fixture {
            name: "picker, filtered",
            target: Target::Layer,
            build: picker_filtered,
        },
        Fixture {
            name: "picker, renaming",
            target: Target::Layer,
            build: picker_renaming,
        },
        Fixture {
            name: "picker, confirming",
            target: Target::Layer,
            build: picker_confirming,
        },
        Fixture {
            name: "command question",
            target: Target::Question,
            build: command_question,
        },
        Fixture {
            name: "command question, an answer chosen",
            target: Target::Question,
            build: |now| {
                let mut state = command_question(now);
                update(&mut state, key(KeyCode::Char('a')), read(now));
                update(&mut state, AppEvent::Tick, later(read(now), 100));
                state
            },
        },
        Fixture {
            name: "form question",
            target: Target::Question,
            build: form_question,
        },
        Fixture {
            name: "form question, typing",
            target: Target::Question,
            build: |now| {
                let mut state = form_question(now);
                for at in [300, 600] {
                    update(&mut state, key(KeyCode::Down), later(read(now), at));
                }
                state
            },
        },
        Fixture {
            name: "prefix chooser",
            target: Target::Layer,
            build: |now| {
                let mut state = command_question(now);
                let offer = tern::model::execpolicy::Offer::Prefix {
                    words: vec!["git".into(), "status".into(), "-s".into()],
                    proposed_len: 2,
                };
                open(
                    &mut state,
                    Layer::Prefix(tern::app::layers::PrefixChooser::new(offer)),
                );
                state
            },
        },
        Fixture {
            name: "full view",
            target: Target::Layer,
            build: |now| {
                let mut state = command_question(now);
                open(&mut state, Layer::QuestionView(Default::default()));
                state
            },
        },
        Fixture {
            name: "agents",
            target: Target::Layer,
            build: |now| agents_list(now, false),
        },
        Fixture {
            name: "agents, watching one",
            target: Target::Layer,
            build: |now| agents_list(now, true),
        },
        Fixture {
            name: "background terminals",
            target: Target::Layer,
            build: |now| terminals(now, None),
        },
        Fixture {
            name: "background terminals, confirming a stop",
            target: Target::Layer,
            build: |now| terminals(now, Some(KeyCode::Char('x'))),
        },
        Fixture {
            name: "background terminals, an output",
            target: Target::Layer,
            build: |now| terminals(now, Some(KeyCode::Enter)),
        },
        Fixture {
            name: "a first shell command",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "!ls", now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
        Fixture {
            name: "skill finder",
            target: Target::Popup,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "$", now);
                update(&mut state, skills_answer(), now);
                type_text(&mut state, "li", now);
                state
            },
        },
        Fixture {
            name: "plan chooser",
            target: Target::Question,
            build: |now| {
                let mut state = plan_fixtures::in_plan_mode(json!({"userAgent": "x"}), now);
                plan_fixtures::plan_turn(&mut state, now);
                state
            },
        },
        Fixture {
            name: "theme picker",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/theme", now);
                state
            },
        },
        Fixture {
            name: "skills",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/skills", now);
                update(&mut state, skills_answer(), now);
                state
            },
        },
        Fixture {
            name: "skills, one that is off selected",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/skills", now);
                update(&mut state, skills_answer(), now);
                update(&mut state, key(KeyCode::End), now);
                state
            },
        },
        Fixture {
            name: "mcp",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/mcp", now);
                update(
                    &mut state,
                    reply(
                        tern::app::RequestTag::ListMcpServers,
                        Ok(
                            json!({"data": [{"name": "tiny", "runtimeStatus": "connected",
                            "tools": {"echo": {"name": "echo", "inputSchema": {}}},
                            "authStatus": "unsupported"}], "nextCursor": null}),
                        ),
                    ),
                    now,
                );
                state
            },
        },
        Fixture {
            name: "mcp, none listed",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/mcp", now);
                state
            },
        },
        Fixture {
            name: "vim, insert mode",
            target: Target::Base,
            build: |now| {
                let mut state = vim_on(now);
                type_text(&mut state, "a draft", now);
                state
            },
        },
        Fixture {
            name: "vim, normal mode, a draft",
            target: Target::Base,
            build: vim_normal_draft,
        },
        Fixture {
            name: "vim, normal mode, running",
            target: Target::Base,
            build: |now| {
                let mut config = config();
                config.vim = true;
                let mut state = ready_with(config, now);
                type_text(&mut state, "go", now);
                update(&mut state, key(KeyCode::Enter), now);
                update(
                    &mut state,
                    notify(
                        "turn/started",
                        json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
                    ),
                    now,
                );
                type_text(&mut state, "more", now);
                update(&mut state, key(KeyCode::Esc), now);
                state
            },
        },
        Fixture {
            name: "rewind, the messages",
            target: Target::Layer,
            build: |now| rewind_at(now, None),
        },
        Fixture {
            name: "rewind, a preview with files to put back",
            target: Target::Layer,
            build: |now| {
                let restore = FileRestore {
                    path: "/home/user/project/notes.txt".into(),
                    action: RestoreAction::Delete,
                    expected: Some("abc".into()),
                    preview: "@@ -1 +0,0 @@\n-x\n".into(),
                };
                rewind_at(
                    now,
                    Some(Files::Ready(RestorePlan {
                        files: vec![restore],
                        kept_per_thread: 50,
                        ..RestorePlan::default()
                    })),
                )
            },
        },
        Fixture {
            name: "rewind, a preview with nothing to put back",
            target: Target::Layer,
            build: |now| rewind_at(now, Some(Files::Unavailable("no record".into()))),
        },
        Fixture {
            name: "server down",
            target: Target::ServerDown,
            build: |now| {
                let mut state = ready_state(now);
                update(&mut state, AppEvent::Disconnected("stopped".into()), now);
                state
            },
        },
        Fixture {
            name: "server down, codex's config file broken",
            target: Target::ServerDown,
            build: config_broken,
        },
        Fixture {
            name: "sign-in, choosing",
            target: Target::Layer,
            build: signing_in,
        },
        Fixture {
            name: "sign-in, an API key",
            target: Target::Layer,
            build: |now| {
                let mut state = signing_in(now);
                update(&mut state, key(KeyCode::Char('3')), now);
                state
            },
        },
        Fixture {
            name: "sign-in, starting",
            target: Target::Layer,
            build: |now| {
                let mut state = signing_in(now);
                update(&mut state, key(KeyCode::Char('1')), now);
                state
            },
        },
        Fixture {
            name: "sign-in, the browser",
            target: Target::Layer,
            build: |now| {
                login_answered(
                    '1',
                    LoginKind::Browser,
                    json!({"type": "chatgpt", "loginId": "l-1", "authUrl": "https://auth.example/x"}),
                    now,
                )
            },
        },
        Fixture {
            name: "sign-in, a device code",
            target: Target::Layer,
            build: |now| {
                login_answered(
                    '2',
                    LoginKind::DeviceCode,
                    json!({"type": "chatgptDeviceCode", "loginId": "l-2",
                           "verificationUrl": "https://auth.example/device", "userCode": "AB-12"}),
                    now,
                )
            },
        },
        Fixture {
            name: "sign-out question",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                update(
                    &mut state,
                    reply(
                        RequestTag::ReadAccount,
                        Ok(json!({"account": {"type": "apiKey"}, "requiresOpenaiAuth": true})),
                    ),
                    now,
                );
                type_text(&mut state, "/logout", now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
        Fixture {
            name: "thread open elsewhere",
            target: Target::Layer,
            build: locked,
        },
        Fixture {
            name: "thread open elsewhere, the codex service here",
            target: Target::Layer,
            build: locked_with_service,
        },
        Fixture {
            name: "doctor",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                open(&mut state, Layer::Doctor(Default::default()));
                state
            },
        },
    ]
}

/// Signed out: the sign-in layer opened at its choice.
fn signing_in(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        reply(
            RequestTag::ReadAccount,
            Ok(json!({"account": null, "requiresOpenaiAuth": true})),
        ),
        now,
    );
    assert!(matches!(state.layers.person.last(), Some(Layer::SignIn(_))));
    state
}

/// The way in `number` picked and codex's answer to it.
fn login_answered(
    number: char,
    kind: LoginKind,
    answer: serde_json::Value,
    now: Instant,
) -> AppState {
    let mut state = signing_in(now);
    update(&mut state, key(KeyCode::Char(number)), now);
    update(&mut state, reply(RequestTag::Login(kind), Ok(answer)), now);
    state
}

/// codex's config file has an error: the config box in the composer's place.
fn config_broken(now: Instant) -> AppState {
    let mut state = AppState::new(config());
    update(&mut state, AppEvent::Resize(100, 30), now);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::StartThread,
            Err("thread/start failed: failed to load configuration: /h/config.toml:1:2: bad (code -32600)".into()),
        ),
        now,
    );
    assert!(state.session.health.down.is_some());
    state
}

/// `tern resume ID` of a thread another codex writes to.
fn locked(now: Instant) -> AppState {
    locked_in(config(), now)
}

fn locked_with_service(now: Instant) -> AppState {
    let mut config = config();
    config.shared_service = Some(tern::session::state::SharedService {
        socket: "/h/.codex/app-server-control/app-server-control.sock".into(),
        label: "codex service (unix socket)".into(),
    });
    locked_in(config, now)
}

fn locked_in(mut config: tern::app::SessionConfig, now: Instant) -> AppState {
    config.resume = tern::app::Resume::Thread("t-locked".into());
    let mut state = AppState::new(config);
    update(&mut state, AppEvent::Resize(100, 30), now);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Err(
                "thread/resume failed: thread t-locked already has an active writer (code -32600)"
                    .into(),
            ),
        ),
        now,
    );
    assert!(matches!(
        state.layers.person.last(),
        Some(Layer::LockedThread(_))
    ));
    state
}

#[test]
fn every_listed_key_works_and_every_other_key_meets_the_rest_rule() {
    let problems: Vec<String> = fixtures().iter().flat_map(check).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_table_is_shown_by_a_fixture() {
    let now = Instant::now();
    let shown: Vec<&'static str> = fixtures()
        .iter()
        .map(|fixture| view_list(&(fixture.build)(now), fixture.target, read(now)).section)
        .collect();
    for table in tern::app::reference::tables(&Keymap::default()) {
        assert!(
            shown.contains(&table.list.section),
            "no fixture shows the table {:?} ({}): add one",
            table.list.section,
            table.list.title
        );
    }
}
