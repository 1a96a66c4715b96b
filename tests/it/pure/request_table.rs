//! The request table (`session::request`, through `requests!`): each request goes out as its
//! method with its params, is tagged with what its answer needs, and its answer comes back as
//! its reply carrying the tag's fields — for each shape an entry can take.

use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use tern::protocol::LoginKind;
use tern::runtime::replies::Raw;
use tern::session::reply::ReplyError;
use tern::session::request::{
    ClientRequest, ListPurpose, ModeWanted, NewThreadPurpose, Reply, RequestTag,
};

/// Params as the wire spells them.
fn wire<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("params of the schema's shape")
}

/// The reply for the answer `raw` to the request tagged `tag`, as the runtime reads it.
fn decode(tag: RequestTag, raw: Raw) -> Reply {
    tag.reply(raw)
}

/// The method, the exact params sent and the tag of `request`.
fn sent(request: &ClientRequest) -> (&'static str, Value, RequestTag) {
    (request.method(), request.params().unwrap(), request.tag())
}

#[test]
fn requests_without_params_of_their_own_send_what_codex_expects() {
    let cases = [
        (ClientRequest::Logout, "account/logout", Value::Null),
        (
            ClientRequest::ReadRateLimits,
            "account/rateLimits/read",
            json!({}),
        ),
        (
            ClientRequest::ReloadMcp,
            "config/mcpServer/reload",
            Value::Null,
        ),
        (
            ClientRequest::Ping,
            "thread/loaded/list",
            json!({"limit": 1}),
        ),
        (
            ClientRequest::ListModes {
                then: ModeWanted::Plan,
            },
            "collaborationMode/list",
            json!({}),
        ),
    ];
    for (request, method, params) in cases {
        let (m, p, _) = sent(&request);
        assert_eq!((m, p), (method, params), "{request:?}");
    }
    let tag = ClientRequest::ListModes {
        then: ModeWanted::Next,
    }
    .tag();
    assert_eq!(
        tag,
        RequestTag::ListModes {
            then: ModeWanted::Next
        }
    );
}

#[test]
fn a_requests_params_go_out_as_given_and_its_tag_keeps_what_the_answer_needs() {
    let turns = json!({"threadId": "t1", "limit": 5, "sortDirection": "desc"});
    let (method, params, tag) = sent(&ClientRequest::CatchUpTurn {
        params: wire(turns.clone()),
        turn_id: "turn-9".into(),
    });
    assert_eq!((method, &params), ("thread/turns/list", &turns));
    assert_eq!(
        tag,
        RequestTag::CatchUpTurn {
            thread_id: "t1".into(),
            turn_id: "turn-9".into()
        }
    );

    let stop = json!({"threadId": "t1", "processId": "p7"});
    let (method, params, tag) = sent(&ClientRequest::StopTerminal {
        params: wire(stop.clone()),
        command: "sleep 9".into(),
    });
    assert_eq!(
        (method, &params),
        ("thread/backgroundTerminals/terminate", &stop)
    );
    assert_eq!(
        tag,
        RequestTag::StopTerminal {
            process_id: "p7".into(),
            command: "sleep 9".into()
        }
    );

    let skill = json!({"path": "/s/SKILL.md", "enabled": false});
    let (method, params, tag) = sent(&ClientRequest::WriteSkillConfig {
        params: wire(skill.clone()),
        name: "tidy".into(),
    });
    assert_eq!((method, &params), ("skills/config/write", &skill));
    assert_eq!(
        tag,
        RequestTag::WriteSkillConfig {
            name: "tidy".into(),
            enabled: false
        }
    );

    let switch = json!({"threadId": "t1", "collaborationMode":
        {"mode": "plan", "settings": {"model": "m"}}});
    let request = ClientRequest::SwitchMode {
        params: wire(switch),
        implement: true,
    };
    assert_eq!(request.method(), "thread/settings/update");
    assert_eq!(
        request.tag(),
        RequestTag::SwitchMode {
            mode: "plan".into(),
            implement: true
        }
    );

    let archived = ClientRequest::ListAgents(wire(json!({"archived": true})));
    assert_eq!(archived.method(), "thread/list");
    assert_eq!(archived.tag(), RequestTag::ListAgents { archived: true });
    let live = ClientRequest::ListAgents(wire(json!({})));
    assert_eq!(live.tag(), RequestTag::ListAgents { archived: false });
}

#[test]
fn a_tag_of_one_field_and_a_tag_from_the_params_are_taken_whole() {
    let login = ClientRequest::Login(wire(json!({"type": "chatgptDeviceCode"})));
    let (method, params, tag) = sent(&login);
    assert_eq!(
        (method, params),
        ("account/login/start", json!({"type": "chatgptDeviceCode"}))
    );
    assert_eq!(tag, RequestTag::Login(LoginKind::DeviceCode));

    let purpose = NewThreadPurpose::Title {
        main_thread: "t1".into(),
        prompt: "hi".into(),
    };
    let start = ClientRequest::StartThreadFor {
        params: wire(json!({"ephemeral": true})),
        purpose: purpose.clone(),
    };
    let (method, params, tag) = sent(&start);
    assert_eq!(method, "thread/start");
    assert_eq!(params["ephemeral"], json!(true));
    assert_eq!(tag, RequestTag::StartThreadFor(purpose));

    let title = ClientRequest::TitleTurn {
        params: wire(json!({"threadId": "side", "input": []})),
        main_thread: "t1".into(),
    };
    assert_eq!(title.method(), "turn/start");
    assert_eq!(
        title.tag(),
        RequestTag::TitleTurn {
            main_thread: "t1".into(),
            side_thread: "side".into()
        }
    );
}

#[test]
fn an_answer_comes_back_as_its_reply_with_the_tags_fields() {
    let listed = decode(
        RequestTag::ListThreads(ListPurpose::Search { generation: 3 }),
        Raw::Answered(json!({"data": [], "nextCursor": "c"})),
    );
    let Reply::ListThreads {
        purpose: ListPurpose::Search { generation: 3 },
        answer: Ok(list),
    } = listed
    else {
        panic!("not the search's page: {listed:?}");
    };
    assert_eq!(list.next_cursor.as_deref(), Some("c"));

    // An answer whose result tern does not read is done whatever it holds.
    let named = decode(
        RequestTag::SetThreadName {
            thread_id: "t1".into(),
            name: "n".into(),
        },
        Raw::Answered(json!({"anything": 1})),
    );
    assert_eq!(
        named,
        Reply::SetThreadName {
            thread_id: "t1".into(),
            name: "n".into(),
            answer: Ok(())
        }
    );

    let refused = decode(
        RequestTag::Login(LoginKind::ApiKey),
        Raw::Refused("bad key".into()),
    );
    assert_eq!(
        refused,
        Reply::Login {
            kind: LoginKind::ApiKey,
            answer: Err(ReplyError::Refused("bad key".into()))
        }
    );
    assert_eq!(refused.error().unwrap().to_string(), "bad key");

    let unreadable = decode(
        RequestTag::ReadAgent {
            thread_id: "a1".into(),
        },
        Raw::Answered(json!({"thread": 1})),
    );
    let Reply::ReadAgent { thread_id, answer } = &unreadable else {
        panic!("not the agent's read: {unreadable:?}");
    };
    assert_eq!(thread_id, "a1");
    assert!(matches!(
        answer,
        Err(ReplyError::Unreadable {
            method: "thread/read",
            ..
        })
    ));

    let lost = decode(RequestTag::Logout, Raw::Lost("gone".into()));
    assert_eq!(lost, Reply::Logout(Err(ReplyError::Lost("gone".into()))));
    assert!(!lost.heard());
}

#[test]
fn an_answer_that_does_not_fit_names_the_request_and_still_was_heard() {
    let reply = decode(
        RequestTag::ListTurns {
            thread_id: "t".into(),
        },
        Raw::Answered(json!({"data": "not a list"})),
    );
    let error = reply.error().expect("an unreadable answer is an error");
    let text = error.to_string();
    assert!(
        text.contains("`thread/turns/list`") && text.contains("invalid type"),
        "{text}"
    );
    assert!(error.heard(), "an unreadable answer still came from codex");
    let refused = decode(RequestTag::CompactThread, Raw::Refused("no".into()));
    assert_eq!(
        refused,
        Reply::CompactThread(Err(ReplyError::Refused("no".into())))
    );
    assert!(refused.heard());
}
