//! Answers to tern's requests, decoded at the edge: the runtime knows which request an answer
//! belongs to (its `RequestTag`, kept in [`Asked`] by the request's id), so it decodes the JSON
//! into that request's typed reply here, once, and the app only ever sees `AppEvent::Reply`.
//! An answer that does not fit the schema becomes `ReplyError::Unreadable`, naming the request,
//! never a silent default.
//!
//! Answers arrive through the connection's inbound queue, among the notifications, in the order
//! the server sent them (see `rpc::connection`).

use crate::app::{AppEvent, ClientRequest, RequestTag};
use crate::protocol::{self, RequestId};
use crate::rpc::redact;
use crate::rpc::{Connection, RpcError};
use crate::session::reply::{Answer, Reply, ReplyError};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;

/// tern's requests on their way, by id: what each answer is.
#[derive(Debug, Default)]
pub struct Asked {
    tags: HashMap<RequestId, RequestTag>,
}

impl Asked {
    /// Sends `request`; its answer comes back through the inbound queue. When it cannot go
    /// (unencodable, or the connection is closed), the app event that says so, at once.
    pub fn send(&mut self, connection: &Connection, request: ClientRequest) -> Option<AppEvent> {
        let tag = request.tag();
        let params = match request.params() {
            Ok(params) => params,
            Err(e) => {
                let why = format!("tern could not encode the request: {e}");
                return Some(reply_event(tag, Raw::Refused(why)));
            }
        };
        match connection.send_request(request.method(), &params) {
            Ok(id) => {
                self.tags.insert(id, tag);
                None
            }
            Err(e) => Some(reply_event(tag, raw(Err(e)))),
        }
    }

    /// The app event for the answer to request `id`; `None` for an id tern did not ask with
    /// (logged).
    pub fn answered(
        &mut self,
        id: &RequestId,
        result: Result<Value, RpcError>,
    ) -> Option<AppEvent> {
        let Some(tag) = self.tags.remove(id) else {
            tracing::warn!(%id, "an answer to no request of this session");
            return None;
        };
        Some(reply_event(tag, raw(result)))
    }

    /// A new connection: its ids start again, and the old one's answers will not come.
    pub fn forget(&mut self) {
        self.tags.clear();
    }

    pub fn len(&self) -> usize {
        self.tags.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
    }
}

/// An answer as the connection gives it.
fn raw(result: Result<Value, RpcError>) -> Raw {
    match result {
        Ok(value) => Raw::Answered(value),
        Err(e @ RpcError::Server { .. }) => Raw::Refused(e.to_string()),
        Err(e @ RpcError::Closed(_)) => Raw::Lost(e.to_string()),
    }
}

/// How an answer arrived: its result, or the server's error message, or the link's end.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    Answered(Value),
    Refused(String),
    Lost(String),
}

impl From<Result<Value, String>> for Raw {
    /// A result as tests and the demo write it: an `Err` is the server refusing.
    fn from(result: Result<Value, String>) -> Self {
        match result {
            Ok(value) => Raw::Answered(value),
            Err(message) => Raw::Refused(message),
        }
    }
}

/// The app event for the answer `raw` to the request tagged `tag`.
pub fn reply_event(tag: RequestTag, raw: impl Into<Raw>) -> AppEvent {
    AppEvent::Reply(decode(tag, raw.into()))
}

/// The typed reply for the answer `raw` to the request tagged `tag`.
pub fn decode(tag: RequestTag, raw: Raw) -> Reply {
    match tag {
        RequestTag::Initialize => Reply::Initialize(typed(protocol::INITIALIZE, raw)),
        RequestTag::StartThread => Reply::StartThread(typed(protocol::THREAD_START, raw)),
        RequestTag::ResumeThread => Reply::ResumeThread(typed(protocol::THREAD_RESUME, raw)),
        RequestTag::ForkThread => Reply::ForkThread(typed(protocol::THREAD_FORK, raw)),
        RequestTag::StartTurn { prompt } => Reply::StartTurn {
            prompt,
            answer: typed(protocol::TURN_START, raw),
        },
        RequestTag::SteerTurn { prompt } => Reply::SteerTurn {
            prompt,
            answer: done(raw),
        },
        RequestTag::InterruptTurn => Reply::InterruptTurn(done(raw)),
        RequestTag::ListThreads(purpose) => Reply::ListThreads {
            purpose,
            answer: typed(protocol::THREAD_LIST, raw),
        },
        RequestTag::ListTurns { thread_id } => Reply::ListTurns {
            thread_id,
            answer: typed(protocol::THREAD_TURNS_LIST, raw),
        },
        RequestTag::PeekTurns { thread_id } => Reply::PeekTurns {
            thread_id,
            answer: typed(protocol::THREAD_TURNS_LIST, raw),
        },
        RequestTag::CatchUpTurn { thread_id, turn_id } => Reply::CatchUpTurn {
            thread_id,
            turn_id,
            answer: typed(protocol::THREAD_TURNS_LIST, raw),
        },
        RequestTag::SetThreadName { thread_id, name } => Reply::SetThreadName {
            thread_id,
            name,
            answer: done(raw),
        },
        RequestTag::ArchiveThread { thread_id } => Reply::ArchiveThread {
            thread_id,
            answer: done(raw),
        },
        RequestTag::UnarchiveThread { thread_id } => Reply::UnarchiveThread {
            thread_id,
            answer: done(raw),
        },
        RequestTag::ListModels => Reply::ListModels(typed(protocol::MODEL_LIST, raw)),
        RequestTag::CompactThread => Reply::CompactThread(done(raw)),
        RequestTag::SearchFiles { generation } => Reply::SearchFiles {
            generation,
            answer: typed(protocol::FUZZY_FILE_SEARCH, raw),
        },
        RequestTag::StartReview => Reply::StartReview(typed(protocol::REVIEW_START, raw)),
        RequestTag::ReadAgent { thread_id } => Reply::ReadAgent {
            thread_id,
            answer: typed(protocol::THREAD_READ, raw),
        },
        RequestTag::ListAgents { archived } => Reply::ListAgents {
            archived,
            answer: typed(protocol::THREAD_LIST, raw),
        },
        RequestTag::ListTerminals => {
            Reply::ListTerminals(typed(protocol::BACKGROUND_TERMINALS_LIST, raw))
        }
        RequestTag::StopTerminal {
            process_id,
            command,
        } => Reply::StopTerminal {
            process_id,
            command,
            answer: typed(protocol::BACKGROUND_TERMINALS_TERMINATE, raw),
        },
        RequestTag::StopAllTerminals => Reply::StopAllTerminals(done(raw)),
        RequestTag::ShellCommand { command } => Reply::ShellCommand {
            command,
            answer: done(raw),
        },
        RequestTag::ReadAccount => Reply::ReadAccount(typed(protocol::ACCOUNT_READ, raw)),
        RequestTag::Login(kind) => Reply::Login {
            kind,
            answer: typed(protocol::ACCOUNT_LOGIN_START, raw),
        },
        RequestTag::CancelLogin => Reply::CancelLogin(done(raw)),
        RequestTag::Logout => Reply::Logout(done(raw)),
        RequestTag::RevertFailedTurn => Reply::RevertFailedTurn(done(raw)),
        RequestTag::ReadRateLimits => {
            Reply::ReadRateLimits(typed(protocol::ACCOUNT_RATE_LIMITS_READ, raw))
        }
        RequestTag::ListMcpServers => {
            Reply::ListMcpServers(typed(protocol::MCP_SERVER_STATUS_LIST, raw))
        }
        RequestTag::McpLogin { name } => Reply::McpLogin {
            name,
            answer: typed(protocol::MCP_SERVER_OAUTH_LOGIN, raw),
        },
        RequestTag::ReloadMcp => Reply::ReloadMcp(done(raw)),
        RequestTag::ListSkills => Reply::ListSkills(typed(protocol::SKILLS_LIST, raw)),
        RequestTag::WriteSkillConfig { name, enabled } => Reply::WriteSkillConfig {
            name,
            enabled,
            answer: typed(protocol::SKILLS_CONFIG_WRITE, raw),
        },
        RequestTag::ListModes { then } => Reply::ListModes {
            then,
            answer: typed(protocol::COLLABORATION_MODE_LIST, raw),
        },
        RequestTag::SwitchMode { mode, implement } => Reply::SwitchMode {
            mode,
            implement,
            answer: done(raw),
        },
        RequestTag::StartThreadFor(purpose) => Reply::StartThreadFor {
            purpose,
            answer: typed(protocol::THREAD_START, raw),
        },
        RequestTag::PlanAttachmentFolder => Reply::PlanAttachmentFolder(done(raw)),
        RequestTag::PlanAttachmentFile { path } => Reply::PlanAttachmentFile {
            path,
            answer: done(raw),
        },
        RequestTag::UploadImageFolder { local } => Reply::UploadImageFolder {
            local,
            answer: done(raw),
        },
        RequestTag::UploadImageFile { local } => Reply::UploadImageFile {
            local,
            answer: done(raw),
        },
        RequestTag::PrepareApprovedPlan => {
            Reply::PrepareApprovedPlan(typed(protocol::THREAD_PREPARE_APPROVED_PLAN, raw))
        }
        RequestTag::Unsubscribe => Reply::Unsubscribe(done(raw)),
        RequestTag::ReadConfig => {
            Reply::ReadConfig(typed(protocol::CONFIG_READ, provider_secrets(raw)))
        }
        RequestTag::TitleTurn {
            main_thread,
            side_thread,
        } => Reply::TitleTurn {
            main_thread,
            side_thread,
            answer: done(raw),
        },
        RequestTag::AutoName { thread_id, name } => Reply::AutoName {
            thread_id,
            name,
            answer: done(raw),
        },
        RequestTag::RevertThread {
            thread_id,
            before_turn_id,
        } => Reply::RevertThread {
            thread_id,
            before_turn_id,
            answer: typed(protocol::THREAD_REVERT, raw),
        },
        RequestTag::Ping => Reply::Ping(done(raw)),
    }
}

/// `config/read` answered: its providers' secrets (a bearer token, the value of the variable
/// an `env_key` names) are secrets from now on, and masked in the answer itself.
fn provider_secrets(raw: Raw) -> Raw {
    let Raw::Answered(mut value) = raw else {
        return raw;
    };
    let env = |name: &str| std::env::var(name).ok();
    for secret in redact::provider_secrets(&value["config"]["model_providers"], env) {
        redact::register_secret(&secret);
    }
    redact::mask_json(&mut value);
    Raw::Answered(value)
}

/// The answer decoded as `T`, the schema's type for `method`'s result.
fn typed<T: DeserializeOwned>(method: &'static str, raw: Raw) -> Answer<T> {
    match raw {
        Raw::Answered(value) => serde_json::from_value(value).map_err(|e| ReplyError::Unreadable {
            method,
            error: e.to_string(),
        }),
        Raw::Refused(message) => Err(ReplyError::Refused(message)),
        Raw::Lost(message) => Err(ReplyError::Lost(message)),
    }
}

/// An answer whose result tern does not use: that it came is all it says.
fn done(raw: Raw) -> Answer<()> {
    match raw {
        Raw::Answered(_) => Ok(()),
        Raw::Refused(message) => Err(ReplyError::Refused(message)),
        Raw::Lost(message) => Err(ReplyError::Lost(message)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ListPurpose;
    use serde_json::json;

    #[test]
    fn an_answer_is_decoded_into_its_requests_type() {
        let reply = decode(
            RequestTag::ListThreads(ListPurpose::Last),
            Raw::Answered(json!({"data": [], "nextCursor": null})),
        );
        let Reply::ListThreads {
            purpose: ListPurpose::Last,
            answer: Ok(list),
        } = reply
        else {
            panic!("not a thread list: {reply:?}");
        };
        assert!(list.data.is_empty());
    }

    #[test]
    fn an_answer_that_does_not_fit_names_the_request() {
        let reply = decode(
            RequestTag::ListTurns {
                thread_id: "t".into(),
            },
            Raw::Answered(json!({"data": "not a list"})),
        );
        let error = reply.error().expect("an unreadable answer is an error");
        assert!(matches!(
            error,
            ReplyError::Unreadable {
                method: "thread/turns/list",
                ..
            }
        ));
        let text = error.to_string();
        assert!(
            text.contains("`thread/turns/list`") && text.contains("invalid type"),
            "{text}"
        );
        assert!(error.heard(), "an unreadable answer still came from codex");
    }

    #[test]
    fn refusals_and_losses_keep_their_words() {
        let refused = decode(RequestTag::CompactThread, Raw::Refused("no".into()));
        assert_eq!(
            refused,
            Reply::CompactThread(Err(ReplyError::Refused("no".into())))
        );
        assert!(refused.heard());
        let lost = decode(RequestTag::InterruptTurn, Raw::Lost("gone".into()));
        assert!(!lost.heard());
        assert_eq!(lost.error().unwrap().to_string(), "gone");
    }
}
