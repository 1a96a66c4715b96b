//! The states the key-table fixtures start from: a view opened over a session in one of its
//! states (a long transcript, a question up, a picker renaming, vim's normal mode, …).

use super::*;

pub(super) fn long(now: Instant) -> AppState {
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

pub(super) fn with_history(now: Instant) -> AppState {
    let mut config = config();
    config.prompt_history = vec!["run the tests".into(), "explain the repo".into()];
    ready_with(config, now)
}

pub(super) fn open(state: &mut AppState, layer: Layer) {
    state.person_layers_mut().push(layer);
}

pub(super) fn command_question(now: Instant) -> AppState {
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

pub(super) fn form_question(now: Instant) -> AppState {
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

pub(super) fn rules(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.config_mut().codex_home = Some("/ch".into());
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

pub(super) fn diff(now: Instant) -> AppState {
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

/// The diff pager in copy mode (`v`), a row selected.
pub(super) fn diff_copy_mode(now: Instant) -> AppState {
    let mut state = diff(now);
    update(&mut state, key(KeyCode::Char('v')), now);
    update(&mut state, key(KeyCode::Char('j')), now);
    update(&mut state, key(KeyCode::Char('v')), now);
    state
}

pub(super) fn picker(now: Instant) -> AppState {
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

pub(super) fn picker_renaming(now: Instant) -> AppState {
    let mut state = picker(now);
    update(&mut state, ctrl('r'), now);
    state
}

pub(super) fn picker_confirming(now: Instant) -> AppState {
    let mut state = picker(now);
    update(&mut state, ctrl('x'), now);
    state
}

pub(super) fn picker_filtered(now: Instant) -> AppState {
    let mut state = picker(now);
    type_text(&mut state, "thr", now);
    state
}

pub(super) fn rules_confirming(now: Instant) -> AppState {
    let mut state = rules(now);
    update(&mut state, key(KeyCode::Char('d')), now);
    state
}

pub(super) fn review(now: Instant) -> AppState {
    let mut state = ready_state(now);
    type_text(&mut state, "/review", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    state
}

pub(super) fn review_branches(now: Instant) -> AppState {
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
pub(super) fn agents_list(now: Instant, watching: bool) -> AppState {
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
pub(super) fn terminals(now: Instant, then: Option<KeyCode>) -> AppState {
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

pub(super) fn skills_answer() -> AppEvent {
    reply(
        tern::app::RequestTag::ListSkills,
        Ok(json!({"data": [{"cwd": "/home/user/project", "skills": [
            {"name": "lint", "description": "Lints", "path": "/h/skills/lint/SKILL.md", "scope": "user", "enabled": true},
            {"name": "old", "description": "Off", "path": "/h/skills/old/SKILL.md", "scope": "user", "enabled": false}
        ], "errors": []}]})),
    )
}

/// The hooks: a new one first (untrusted), then a trusted one.
pub(super) fn hooks_answer(startup: bool) -> AppEvent {
    let hook = |key: &str, event: &str, trust: &str| {
        json!({"key": key, "eventName": event, "handlerType": "command", "command": "true",
               "source": "user", "currentHash": "sha256:1", "trustStatus": trust, "enabled": true})
    };
    reply(
        tern::app::RequestTag::ListHooks { startup },
        Ok(json!({"data": [{"cwd": "/home/user/project", "hooks": [
            hook("a:stop:0:0", "stop", "untrusted"), hook("b:user:0:0", "userPromptSubmit", "trusted")
        ], "warnings": [], "errors": []}]})),
    )
}

pub(super) fn slash_command(state: &mut AppState, name: &str, now: Instant) {
    type_text(state, name, now);
    update(state, key(KeyCode::Esc), now);
    update(state, key(KeyCode::Enter), now);
}

pub(super) fn vim_on(now: Instant) -> AppState {
    let mut config = config();
    config.vim = true;
    ready_with(config, now)
}

pub(super) fn vim_normal_draft(now: Instant) -> AppState {
    let mut state = vim_on(now);
    type_text(&mut state, "one two", now);
    update(&mut state, key(KeyCode::Esc), now);
    state
}

/// The rewind screen over a thread with one message: its list, or the preview of `files`.
pub(super) fn rewind_at(now: Instant, files: Option<Files>) -> AppState {
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

pub(super) fn review_custom(now: Instant) -> AppState {
    let mut state = review(now);
    update(&mut state, key(KeyCode::Char('4')), now);
    type_text(&mut state, "look at the tests", now);
    state
}

pub(super) fn copy_pick(now: Instant) -> AppState {
    let mut state = long(now);
    type_text(&mut state, "/copy pick", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    state
}

pub(super) fn confirm(now: Instant) -> AppState {
    use tern::app::layers::confirm::Confirm;
    use tern::session::event::Confirmable;
    let mut state = ready_state(now);
    let ask = Confirmable::ExportOverwrite {
        path: "/home/user/project/notes.md".into(),
    };
    open(&mut state, Layer::Confirm(Confirm { ask }));
    state
}

/// Signed out: the sign-in layer opened at its choice.
pub(super) fn signing_in(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        reply(
            RequestTag::ReadAccount,
            Ok(json!({"account": null, "requiresOpenaiAuth": true})),
        ),
        now,
    );
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::SignIn(_))
    ));
    state
}

/// The way in `number` picked and codex's answer to it.
pub(super) fn login_answered(
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
pub(super) fn config_broken(now: Instant) -> AppState {
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
    assert!(state.server_down().is_some());
    state
}

/// `tern resume ID` of a thread another codex writes to.
pub(super) fn locked(now: Instant) -> AppState {
    locked_in(config(), now)
}

pub(super) fn locked_with_service(now: Instant) -> AppState {
    let mut config = config();
    config.shared_service = Some(tern::session::state::SharedService {
        socket: "/h/.codex/app-server-control/app-server-control.sock".into(),
        label: "codex service (unix socket)".into(),
    });
    locked_in(config, now)
}

pub(super) fn locked_in(mut config: tern::app::SessionConfig, now: Instant) -> AppState {
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
        state.person_layers().last(),
        Some(Layer::LockedThread(_))
    ));
    state
}

/// At startup in a folder codex's config has no trust for: the trust question is up.
pub(super) fn trust_asked(now: Instant) -> AppState {
    let mut config = config();
    config.folder_trust = Some(tern::session::state::first_run::FolderTrust {
        folder: "/w/repo".into(),
        root: "/w/repo".into(),
    });
    let mut state = AppState::new(config);
    update(&mut state, AppEvent::Resize(100, 30), now);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::CheckTrust, Ok(json!({"config": {}}))),
        now,
    );
    state
}

/// `r` on a two-hunk file-change question: its review, moved to the person's stack for the
/// key-table test (it opens over the question); `then` pressed in it.
pub(super) fn hunk_review(now: Instant, then: &str) -> AppState {
    let mut state = long(now);
    let diff = "@@ -1,2 +1,2 @@\n-a\n+A\n b\n@@ -8,2 +8,2 @@\n h\n-i\n+I\n";
    let item = json!({"type": "fileChange", "id": "f", "status": "inProgress", "changes": [
        {"path": "/home/user/project/x.txt", "kind": {"type": "update", "move_path": null},
         "diff": diff}]});
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "t1", "item": item}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            1,
            "item/fileChange/requestApproval",
            json!({"threadId": THREAD, "turnId": "t1", "itemId": "f"}),
        ),
        now,
    );
    press(&mut state, KeyCode::Char('r'), read(now));
    let layer = state.layers.question.pop().expect("r opens the review");
    open(&mut state, layer);
    for c in then.chars() {
        press(&mut state, KeyCode::Char(c), read(now));
    }
    state
}

/// `/side` asked, forked and its question on its way; `answering`: the side turn runs;
/// `then`: a key pressed after (Esc to close, or Esc, k and `/side` for the list).
pub(super) fn side_pane(now: Instant, answering: bool, then: &[&str]) -> AppState {
    let mut state = ready_state(now);
    slash_command(&mut state, "/side why?", now);
    let fork = json!({"thread": {"id": "side-1", "preview": "", "turns": []}, "cwd": "/"});
    update(
        &mut state,
        reply(
            tern::app::RequestTag::ForkSide {
                question: "why?".into(),
            },
            Ok(fork),
        ),
        now,
    );
    let status = if answering { "inProgress" } else { "completed" };
    let turn = json!({"threadId": "side-1", "turn": {"id": "s1", "items": [], "status": status}});
    update(&mut state, notify("turn/started", turn.clone()), now);
    if !answering {
        update(&mut state, notify("turn/completed", turn), now);
    }
    for step in then {
        match *step {
            "esc" => update(&mut state, key(KeyCode::Esc), now),
            "k" => update(&mut state, key(KeyCode::Char('k')), now),
            command => {
                slash_command(&mut state, command, now);
                vec![]
            }
        };
    }
    state
}

/// A finished `/review` with two findings, its cell selected and `m` pressed (the first
/// finding's comment being written); `then`: keys pressed after.
pub(super) fn review_findings(now: Instant, then: &[KeyCode]) -> AppState {
    let mut state = running_state(now);
    let review = "Full review comments:\n\n- [P1] Lost byte — /home/user/project/a.rs:4-4\n  \
                  body\n- [P3] Old name — /home/user/project/b.rs:2-3\n  body";
    for params in [
        json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "exitedReviewMode",
            "id": "r2", "review": review}}),
        json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
    ] {
        let method = if params.get("item").is_some() {
            "item/completed"
        } else {
            "turn/completed"
        };
        update(&mut state, notify(method, params), now);
    }
    update(&mut state, AppEvent::Resize(80, 24), now);
    update(
        &mut state,
        AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Up,
            crossterm::event::KeyModifiers::ALT,
        )),
        now,
    );
    press(&mut state, KeyCode::Char('m'), now);
    for code in then {
        press(&mut state, *code, now);
    }
    state
}
