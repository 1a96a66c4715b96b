//! The answers to `/usage`'s, `/import`'s and `/rc`'s requests, sent on to their operations
//! (kept apart from `responses::on_reply` so that table grows by one arm for all of them).

use crate::session::effect::Effect;
use crate::session::request::Reply;
use crate::session::state::Session;

/// One of these commands' answers (`responses::on_reply` names which).
pub(crate) fn on_reply(state: &mut Session, reply: Reply) -> Vec<Effect> {
    match reply {
        Reply::ReadUsage(answer) => super::usage::usage_answered(state, answer),
        Reply::ReadUsageLimits(answer) => super::usage::limits_answered(state, answer),
        Reply::ConsumeResetCredit(answer) => return super::usage::reset_answered(state, answer),
        Reply::DetectImport(answer) => super::import::detected(state, answer),
        Reply::StartImport(answer) => super::import::started(state, answer),
        Reply::ReadRemoteControl(answer) => {
            return super::remote_control::status_answered(state, answer, None)
        }
        Reply::EnableRemoteControl(answer) => {
            return super::remote_control::status_answered(state, answer, Some(true))
        }
        Reply::DisableRemoteControl(answer) => {
            return super::remote_control::status_answered(state, answer, Some(false))
        }
        Reply::StartPairing(answer) => super::remote_control::pairing_answered(state, answer),
        Reply::ListRemoteClients(answer) => super::remote_control::clients_answered(state, answer),
        Reply::RevokeRemoteClient { client_id, answer } => {
            return super::remote_control::revoked(state, &client_id, answer)
        }
        other => tracing::warn!(?other, "not an account command's reply"),
    }
    vec![]
}
