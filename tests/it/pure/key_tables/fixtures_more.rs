//! The key-table test's fixtures, continued (`fixtures`): the views added later, each in the
//! states its key table distinguishes.

use super::states::*;
use super::*;

pub(super) fn fixtures() -> Vec<Fixture> {
    vec![
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
            name: "inbox, two questions waiting",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                for (id, thread) in [(4, "thread-a"), (5, "thread-b")] {
                    update(
                        &mut state,
                        server_request(
                            id,
                            "item/commandExecution/requestApproval",
                            json!({"threadId": thread, "turnId": "t", "itemId": "c",
                                   "command": "make", "availableDecisions": ["accept", "cancel"]}),
                        ),
                        now,
                    );
                }
                update(&mut state, ctrl('t'), now);
                state
            },
        },
        Fixture {
            name: "board, threads loaded, one waiting",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/threads", now);
                update(
                    &mut state,
                    reply(
                        tern::app::RequestTag::ListLoaded,
                        Ok(json!({"data": [THREAD, "thread-a", "thread-b"]})),
                    ),
                    now,
                );
                update(
                    &mut state,
                    notify(
                        "thread/status/changed",
                        json!({"threadId": "thread-b",
                               "status": {"type": "active", "activeFlags": ["waitingOnApproval"]}}),
                    ),
                    now,
                );
                state
            },
        },
        Fixture {
            name: "inbox, nothing waiting",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/inbox", now);
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
            name: "hooks",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                update(&mut state, hooks_answer(true), now);
                slash_command(&mut state, "/hooks", now);
                update(&mut state, hooks_answer(false), now);
                state
            },
        },
        Fixture {
            name: "hooks, a trust waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                update(&mut state, hooks_answer(true), now);
                slash_command(&mut state, "/hooks", now);
                update(&mut state, hooks_answer(false), now);
                update(&mut state, key(KeyCode::Char('t')), now);
                state
            },
        },
        Fixture {
            name: "side pane, idle",
            target: Target::Layer,
            build: |now| side_pane(now, false, &[]),
        },
        Fixture {
            name: "side pane, answering",
            target: Target::Layer,
            build: |now| side_pane(now, true, &[]),
        },
        Fixture {
            name: "side pane, closing",
            target: Target::Layer,
            build: |now| side_pane(now, false, &["esc"]),
        },
        Fixture {
            name: "side conversations, earlier ones",
            target: Target::Layer,
            build: |now| side_pane(now, false, &["esc", "k", "/side"]),
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
        Fixture {
            name: "worktree menu",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                open(&mut state, Layer::Worktree(Default::default()));
                state
            },
        },
    ]
}
