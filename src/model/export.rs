//! `/export`: the thread as markdown — the person's messages, the answers, commands with their
//! output, file changes as fenced unified diffs (`export_diff`), plans, reviews and the items shown in between. Every
//! string is made printable (no escape bytes reach the file); fences grow longer than any run
//! of backticks inside what they hold.

use super::cell::CellKind;
use super::export_diff::unified_diff;
use super::item_cell::ItemCell;
use super::transcript::Transcript;
use crate::protocol::PatchChangeKind;

/// Text for the file: escape sequences and control characters dropped, tabs as spaces (the
/// export holds no control character but the newline).
/// A carriage return starts a new line here: a message or command is kept whole, not
/// overwritten as a terminal would (command output keeps the terminal's reading, see `shown`).
fn printable(text: &str) -> String {
    crate::text::sanitize::printable_text(&text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// A command as it runs: control characters as visible marks (`\r` is `␍`), as the question
/// showed it, so the record of what ran cannot hide what ran.
fn command_text(command: &str) -> String {
    crate::text::sanitize::visible_text(command).join("\n")
}

/// Command output as a terminal showed it (progress lines overwritten by `\r`).
fn shown(text: &str) -> String {
    crate::text::sanitize::printable_text(text)
}

/// The whole transcript as one markdown document.
pub fn export_markdown(transcript: &Transcript, title: &str) -> String {
    let mut out = format!("# {}\n", printable(title).replace('\n', " "));
    for cell in transcript.cells() {
        let part = match cell.kind() {
            CellKind::User { text } => format!("## You\n\n{}", printable(text)),
            CellKind::Agent { markdown, .. } => {
                format!("## Codex\n\n{}", printable(markdown.as_str()))
            }
            CellKind::ProposedPlan { markdown, .. } => {
                format!("## Proposed plan\n\n{}", printable(markdown))
            }
            CellKind::Reasoning { text } => quoted(&format!("Thinking: {}", printable(text))),
            // Sub-agent work: what the call did and to whom, one quoted line per line.
            CellKind::AgentCall(call) => quoted(&printable(&call.plain_text())),
            CellKind::Command(cmd) => {
                let mut body = format!("$ {}\n", command_text(&cmd.command));
                body.push_str(&shown(&cmd.output));
                let status = match (cmd.exit_code, &cmd.status) {
                    (Some(code), _) => format!("exit {code}"),
                    (None, Some(status)) => printable(status),
                    (None, None) if cmd.running => "still running".into(),
                    (None, None) => "did not run".into(),
                };
                format!(
                    "**Ran** `{}` ({status})\n\n{}",
                    command_text(&cmd.command)
                        .replace('\n', " ")
                        .replace('`', "'"),
                    fenced("console", &body)
                )
            }
            CellKind::FileChange {
                changes,
                status,
                cwd,
                ..
            } => {
                let mut part = format!(
                    "**Edited {} file{}**{}\n",
                    changes.len(),
                    if changes.len() == 1 { "" } else { "s" },
                    status
                        .as_deref()
                        .map(|s| format!(" ({})", printable(s)))
                        .unwrap_or_default()
                );
                for change in changes {
                    let what = match &change.kind {
                        PatchChangeKind::Add => "added".to_string(),
                        PatchChangeKind::Delete => "deleted".to_string(),
                        PatchChangeKind::Update {
                            move_path: Some(to),
                        } => {
                            format!("moved to `{}`", inline(to))
                        }
                        PatchChangeKind::Update { move_path: None } => "updated".to_string(),
                    };
                    let cwd = cwd.as_deref().or(transcript.session_cwd());
                    let diff = unified_diff(change, cwd);
                    part.push_str(&format!(
                        "\n`{}` {what}\n\n{}",
                        inline(&change.path),
                        fenced("diff", &printable(&diff))
                    ));
                }
                part
            }
            CellKind::Plan { explanation, steps } => {
                let mut part = String::from("**Plan**\n");
                if let Some(text) = explanation {
                    part.push_str(&format!("\n{}\n", printable(text)));
                }
                part.push('\n');
                for step in steps {
                    let mark = if step.status == "completed" { "x" } else { " " };
                    part.push_str(&format!("- [{mark}] {}\n", printable(&step.step)));
                }
                part
            }
            CellKind::Tool { title, status } => format!(
                "**Tool** `{}`{}",
                inline(title),
                status
                    .as_deref()
                    .map(|s| format!(" ({})", printable(s)))
                    .unwrap_or_default()
            ),
            CellKind::Item(item) => item_markdown(item),
            CellKind::Notice { .. } | CellKind::TurnEnd { .. } => continue,
        };
        out.push('\n');
        out.push_str(part.trim_end());
        out.push('\n');
    }
    out
}

fn item_markdown(item: &ItemCell) -> String {
    match item {
        ItemCell::ReviewStarted { label } => {
            format!("**Code review started:** {}", printable(label))
        }
        ItemCell::ReviewResult { review, .. } => format!("## Code review\n\n{}", printable(review)),
        ItemCell::ImageView { path, .. } => format!("**Viewed image** `{}`", inline(path)),
        ItemCell::ImageGeneration {
            saved_path, status, ..
        } => format!(
            "**Generated image** {}",
            saved_path
                .as_deref()
                .map(|p| format!("`{}`", inline(p)))
                .unwrap_or_else(|| printable(status))
        ),
        ItemCell::DynamicTool {
            name,
            arguments,
            output,
            ..
        } => format!(
            "**Called** `{}`\n\n{}",
            inline(name),
            fenced(
                "",
                &printable(&format!("{arguments}\n{}", output.join("\n")))
            )
        ),
        ItemCell::FunctionOutput { name, output } => {
            format!(
                "**Tool output** `{}`\n\n{}",
                inline(name),
                fenced("", &printable(output))
            )
        }
        ItemCell::HookPrompt { texts } => {
            quoted(&format!("Hook feedback: {}", printable(&texts.join("\n"))))
        }
        ItemCell::Hook { event, status, .. } => {
            format!("*{} hook {}*", printable(event), printable(status))
        }
        ItemCell::AutoReview { action, status, .. } => {
            format!("*Auto-review {}: {}*", printable(status), printable(action))
        }
        ItemCell::Sleep { duration_ms, .. } => format!("*Waited {} ms*", duration_ms.max(&0)),
        ItemCell::Goal {
            objective: Some(o),
            status,
            ..
        } => {
            format!("**Goal** ({}): {}", printable(status), printable(o))
        }
        ItemCell::Goal {
            objective: None, ..
        } => "**Goal cleared**".into(),
        ItemCell::Unknown { item_type } => format!("*An item of type `{}`*", inline(item_type)),
    }
}

/// A fenced block whose fence is longer than any backtick run inside.
fn fenced(lang: &str, body: &str) -> String {
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let body = body.strip_suffix('\n').unwrap_or(body);
    format!("{fence}{lang}\n{body}\n{fence}\n")
}

/// Text for inside backticks on one line.
fn inline(text: &str) -> String {
    printable(text).replace(['\n', '\t'], " ").replace('`', "'")
}

fn quoted(text: &str) -> String {
    text.lines().map(|l| format!("> {l}\n")).collect()
}
