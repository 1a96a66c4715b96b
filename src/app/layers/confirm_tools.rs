//! The questions the account and tool views ask through the one yes/no box (`confirm`):
//! `/usage`'s limit reset, `/daemon` start and stop, `/memories` reset, `/plugins` install and
//! uninstall, `/rc` on/off and revoke, `/import`, `/feedback` save and upload. Each question
//! names what will run or change; `y` sends the same request the view sent before it asked.
//! The names in them are the server's (or a plugin file's): shown with their controls as
//! visible markers and cut, so the question says exactly what it names.

use super::Ctx;
use crate::session::effect::Effect;
use crate::session::event::{Confirmable, PluginBrings};
use crate::session::{daemon, feedback, import, memories, plugins, remote_control, usage};
use crate::text::sanitize::visible_line;

/// The question, or `None` for an ask this file does not hold.
pub(super) fn question(ask: &Confirmable) -> Option<String> {
    Some(match ask {
        Confirmable::ResetUsageLimits => {
            "Reset the usage limits now? This spends one reset credit \
             (account/rateLimitResetCredit/consume)."
                .into()
        }
        Confirmable::DaemonCommand { subcommand } => match *subcommand {
            "start" => "Run `codex app-server daemon start`? The daemon keeps running after \
                        tern quits."
                .into(),
            sub => format!("Run `codex app-server daemon {sub}`? Its threads stop with it."),
        },
        Confirmable::ResetMemories => {
            "Reset every memory codex holds (all threads)? Its memory files and thread \
             summaries go; it cannot be undone."
                .into()
        }
        Confirmable::InstallPlugin { name, brings, .. } => format!(
            "Install {}? It brings {} — codex runs them.",
            shown(name),
            brought(brings.as_ref())
        ),
        Confirmable::UninstallPlugin { name, .. } => format!(
            "Uninstall {}? Its skills, MCP servers and hooks stop.",
            shown(name)
        ),
        Confirmable::RemoteControl { on: true } => {
            "Turn remote control on? Paired phones and browsers can then run turns here.".into()
        }
        Confirmable::RemoteControl { on: false } => {
            "Turn remote control off? Paired clients lose this codex.".into()
        }
        Confirmable::RevokeRemoteClient { client_id } => format!(
            "Revoke the client {}? It can no longer connect.",
            shown(client_id)
        ),
        Confirmable::ImportAll { items } => format!(
            "Import all {items} items? codex writes its config, AGENTS.md files, skills and chats."
        ),
        Confirmable::SaveFeedback => {
            "Write the redacted feedback ZIP to tern's data folder? Nothing is sent.".into()
        }
        Confirmable::UploadFeedback => {
            "Send these redacted entries, your reason and the thread id to OpenAI's feedback \
             service?"
                .into()
        }
        _ => return None,
    })
}

/// The box's title for the ask, or `None` for one this file does not hold.
pub(super) fn title(ask: &Confirmable) -> Option<&'static str> {
    Some(match ask {
        Confirmable::ResetUsageLimits => "Reset the usage limits?",
        Confirmable::DaemonCommand {
            subcommand: "start",
        } => "Start the daemon?",
        Confirmable::DaemonCommand { .. } => "Stop the daemon?",
        Confirmable::ResetMemories => "Reset memories?",
        Confirmable::InstallPlugin { .. } => "Install the plugin?",
        Confirmable::UninstallPlugin { .. } => "Uninstall the plugin?",
        Confirmable::RemoteControl { on: true } => "Turn remote control on?",
        Confirmable::RemoteControl { on: false } => "Turn remote control off?",
        Confirmable::RevokeRemoteClient { .. } => "Revoke the client?",
        Confirmable::ImportAll { .. } => "Import?",
        Confirmable::SaveFeedback => "Save the report?",
        Confirmable::UploadFeedback => "Send the report?",
        _ => return None,
    })
}

/// `y`: the request the view asked about, or `None` for an ask this file does not hold.
pub(super) fn go_ahead(ask: &Confirmable, cx: &mut Ctx<'_>) -> Option<Vec<Effect>> {
    let now = cx.now;
    Some(match ask {
        Confirmable::ResetUsageLimits => usage::reset(cx.session_mut(), now),
        Confirmable::DaemonCommand { subcommand } => daemon::run(cx.session_mut(), subcommand),
        Confirmable::ResetMemories => memories::reset(),
        Confirmable::InstallPlugin { id, .. } => plugins::install(cx.session_mut(), id),
        Confirmable::UninstallPlugin { id, .. } => plugins::uninstall(cx.session_mut(), id),
        Confirmable::RemoteControl { on } => remote_control::turn(cx.session_mut(), *on),
        Confirmable::RevokeRemoteClient { client_id } => {
            remote_control::revoke(cx.session_mut(), client_id)
        }
        Confirmable::ImportAll { .. } => import::start(cx.session_mut()),
        Confirmable::SaveFeedback => feedback::write(cx.session_mut()),
        Confirmable::UploadFeedback => feedback::upload(cx.session_mut()),
        _ => return None,
    })
}

/// Whether the ask is one of these (`n` then leaves the view below as it was, unsaid).
pub(super) fn holds(ask: &Confirmable) -> bool {
    title(ask).is_some()
}

/// A name in a question, quoted (cut so the question stays a few lines).
fn shown(name: &str) -> String {
    format!("“{}”", cut(name, 40))
}

/// Untrusted `text` with its controls visible, cut to `most` characters (`…` says so).
fn cut(text: &str, most: usize) -> String {
    let visible = visible_line(text);
    if visible.chars().count() <= most {
        return visible;
    }
    let mut kept: String = visible.chars().take(most.saturating_sub(1)).collect();
    kept.push('…');
    kept
}

/// The servers or hooks a question names before it counts the rest.
const NAMED: usize = 6;

/// What installing brings: the servers it starts and the hooks it runs.
fn brought(brings: Option<&PluginBrings>) -> String {
    let Some(b) = brings else {
        return "what it holds (not read yet)".into();
    };
    let list = |v: &[String]| {
        if v.is_empty() {
            return "none".to_string();
        }
        // A plugin's lists are its file's: the question names a few and counts the rest.
        let mut named: Vec<String> = v.iter().take(NAMED).map(|s| cut(s, 20)).collect();
        if v.len() > NAMED {
            named.push(format!("and {} more", v.len() - NAMED));
        }
        named.join(", ")
    };
    let skills = match b.skills {
        1 => "1 skill".to_string(),
        n => format!("{n} skills"),
    };
    format!(
        "MCP servers: {}; hooks: {}; {skills}",
        list(&b.mcp_servers),
        list(&b.hooks),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_install_question_names_six_servers_and_counts_the_rest() {
        let brings = PluginBrings {
            mcp_servers: (0..10_000).map(|i| format!("server{i}")).collect(),
            hooks: vec!["sessionStart".into()],
            skills: 1,
        };
        let text = brought(Some(&brings));
        assert_eq!(
            text,
            "MCP servers: server0, server1, server2, server3, server4, server5, and 9994 more; \
             hooks: sessionStart; 1 skill"
        );
    }
}
