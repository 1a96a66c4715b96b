//! The line that arrives by the thousand while an answer streams: one delta of an item. The
//! general path reads a line twice, once to find its params (a scan of the whole line, and a
//! copy of the params) and once to read them into the method's type; a delta line, written by
//! codex with its method first, is read once, straight into its typed notification.

use super::jsonrpc::present;
use super::notifications::{DeltaNotification, ServerNotification};
use serde::Deserialize;
use serde_json::value::RawValue;

/// A delta line's fields; any of the others makes it a line for the general path.
#[derive(Deserialize)]
struct DeltaLine<'a> {
    params: DeltaNotification,
    #[serde(default, deserialize_with = "present", borrow)]
    id: Option<&'a RawValue>,
    #[serde(default, deserialize_with = "present", borrow)]
    result: Option<&'a RawValue>,
    #[serde(default, deserialize_with = "present", borrow)]
    error: Option<&'a RawValue>,
}

/// Which item a delta line adds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeltaOf {
    AgentMessage,
    CommandOutput,
    ReasoningSummary,
}

impl DeltaOf {
    /// The notification the general path reads the same line into.
    pub(crate) fn notification(self, delta: DeltaNotification) -> ServerNotification {
        use ServerNotification as N;
        match self {
            DeltaOf::AgentMessage => N::AgentMessageDelta(delta),
            DeltaOf::CommandOutput => N::CommandOutputDelta(delta),
            DeltaOf::ReasoningSummary => N::ReasoningSummaryDelta(delta),
        }
    }
}

/// The delta in `line` when it is a delta notification that starts with its method
/// (`{"method":"item/agentMessage/delta","params":{…}}`, as codex writes them); `None` for
/// anything else, which the general path reads (and reports when broken) as before.
pub(crate) fn parse_delta_line(line: &str) -> Option<(DeltaOf, DeltaNotification)> {
    let rest = line.strip_prefix(r#"{"method":""#)?;
    let of = match &rest[..rest.find('"')?] {
        "item/agentMessage/delta" => DeltaOf::AgentMessage,
        "item/commandExecution/outputDelta" => DeltaOf::CommandOutput,
        "item/reasoning/summaryTextDelta" => DeltaOf::ReasoningSummary,
        _ => return None,
    };
    let fields: DeltaLine = serde_json::from_str(line).ok()?;
    let plain = fields.id.is_none() && fields.result.is_none() && fields.error.is_none();
    plain.then_some((of, fields.params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::jsonrpc::Incoming;

    /// What the general path makes of `line`: its notification, read into its type.
    fn general(line: &str) -> Option<ServerNotification> {
        match Incoming::parse(line).ok()? {
            Incoming::Notification { method, params } => {
                ServerNotification::from_parts(&method, params).ok()
            }
            _ => None,
        }
    }

    #[test]
    fn a_delta_line_reads_as_the_general_path_reads_it() {
        for line in [
            r#"{"method":"item/agentMessage/delta","params":{"threadId":"t","turnId":"u","itemId":"i","delta":"a \"quoted\" \u001b[31m"},"emittedAtMs":1795962301320}"#,
            r#"{"method":"item/commandExecution/outputDelta","params":{"threadId":"t","turnId":"u","itemId":"c","delta":"ok\n","extra":1e400}}"#,
            r#"{"method":"item/reasoning/summaryTextDelta","params":{"threadId":"t","turnId":"u","itemId":"r","delta":"hm","summaryIndex":0}}"#,
        ] {
            let (of, delta) = parse_delta_line(line).expect("a delta line");
            assert_eq!(Some(of.notification(delta)), general(line), "{line}");
        }
    }

    #[test]
    fn anything_else_is_left_to_the_general_path() {
        for line in [
            // Not a delta, or the method not first.
            r#"{"method":"item/started","params":{"threadId":"t"}}"#,
            r#"{"jsonrpc":"2.0","method":"item/agentMessage/delta","params":{"threadId":"t","turnId":"u","itemId":"i","delta":"x"}}"#,
            // A request, an answer or an error that names a delta's method.
            r#"{"method":"item/agentMessage/delta","id":null,"params":{"threadId":"t","turnId":"u","itemId":"i","delta":"x"}}"#,
            r#"{"method":"item/agentMessage/delta","params":{"threadId":"t","turnId":"u","itemId":"i","delta":"x"},"result":{}}"#,
            r#"{"method":"item/agentMessage/delta","params":{"threadId":"t","turnId":"u","itemId":"i","delta":"x"},"error":{"code":1,"message":"m"}}"#,
            // Broken: a missing field, a cut line.
            r#"{"method":"item/agentMessage/delta","params":{"threadId":"t","turnId":"u","delta":"x"}}"#,
            r#"{"method":"item/agentMessage/delta","params":{"threadId":"t","turn"#,
            r#"{"method":"item/agentMessage/delta"#,
        ] {
            assert_eq!(parse_delta_line(line), None, "{line}");
        }
    }
}
