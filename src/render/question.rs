//! A server question laid out as lines: a body saying what will happen (scrollable when tall)
//! and the options, which are always shown. Pure, so the app can measure the question's box and
//! `ui` can draw it. Untrusted text here goes through `visible_text`: control characters are
//! shown, never applied, so what is shown is what runs.

use super::cells::friendly_summary;
use super::diff::{file_change_lines, relative_path};
use super::permissions::{grants, summary, Grant, Severity};
use super::wrap::wrap_spans;
use crate::model::execpolicy::ParsedCommand;
use crate::model::question_form::{FormSpec, FormState};
use crate::model::{Question, QuestionSubject, Theme};
use crate::protocol::{FileUpdateChange, PatchChangeKind};
use crate::text::sanitize::{sanitize_line, visible_line, visible_text};
use crate::theme::Palette;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use serde_json::Value;

/// What a question's layout depends on besides the question: the thread's cwd (paths are shown
/// relative to it) and the colours of code.
#[derive(Debug, Clone, Copy)]
pub(crate) struct QuestionLook<'a> {
    pub cwd: Option<&'a str>,
    pub theme: Theme,
    /// The thread on screen: a question from another one (a sub-agent's) says whose it is.
    pub thread_id: Option<&'a str>,
    /// The session's sub-agents, to name the one asking.
    pub agents: &'a crate::model::agents::Agents,
    /// Names of threads not on screen the server told of, (thread id, name), newest last: a
    /// question from one of them says whose by name.
    pub names: &'a [(String, String)],
    /// Screen-reader mode: options read as numbered choices in full, the key after the words.
    pub spoken: bool,
}

/// Who asks, when it is not the thread on screen: a sub-agent by its name and task, else the
/// thread's title when the server told it, else its id.
fn whose(
    theirs: &str,
    look: QuestionLook<'_>,
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    if look.agents.root() == Some(theirs) {
        // The person is watching one of its agents.
        return vec![Line::from(Span::styled(
            "From the main thread, not the agent on screen",
            palette.warning.bold(),
        ))];
    }
    let Some(agent) = look.agents.get(theirs) else {
        // A title is a name, not what runs: sanitised as the inbox's rows are; an id is
        // shown as sent.
        let name = look
            .names
            .iter()
            .rev()
            .find(|(id, name)| id == theirs && !name.trim().is_empty())
            .map_or_else(|| visible_line(theirs), |(_, name)| sanitize_line(name));
        return vec![Line::from(Span::styled(
            format!("From another thread ({name}), not the one on screen"),
            palette.warning.bold(),
        ))];
    };
    let mut spans = vec![Span::styled("From agent ", palette.warning.bold())];
    // Shown as sent, control characters as marks: this is a prompt.
    spans.push(Span::styled(
        visible_line(&agent.name()),
        palette.accent.bold(),
    ));
    if let Some(role) = agent.role.as_deref().filter(|r| !r.is_empty()) {
        spans.push(Span::styled(
            format!(" [{}]", visible_line(role)),
            palette.dim,
        ));
    }
    if let Some(task) = agent.task_line() {
        spans.push(Span::styled(
            format!(" — {}", visible_line(task)),
            palette.dim,
        ));
    }
    wrap_spans(&spans, width, &[], &[Span::raw("  ")])
}

/// The question's lines inside a box `width` columns wide (borders included).
pub(crate) struct QuestionLines {
    pub body: Vec<Line<'static>>,
    pub options: Vec<Line<'static>>,
}

pub(crate) fn question_lines(
    question: &Question,
    selected: Option<usize>,
    form: Option<&FormState>,
    width: u16,
    look: QuestionLook<'_>,
) -> QuestionLines {
    let w = width.saturating_sub(2).max(10) as usize;
    let palette = look.theme.palette();
    let mut body = Vec::new();
    let theirs = question.thread_id();
    if look.thread_id.is_some_and(|ours| ours != theirs) && !theirs.is_empty() {
        body.extend(whose(theirs, look, w, palette));
    }
    match &question.subject {
        QuestionSubject::Command(p) => {
            let headline = match &p.network_approval_context {
                Some(net) => format!(
                    "Run this command with network access to {} ({})?",
                    visible_line(&net.host),
                    visible_line(&net.protocol)
                ),
                None => "Run this command?".to_string(),
            };
            body.push(Line::from(headline.bold()));
            command_body(&mut body, p.command.as_deref().unwrap_or(""), w, palette);
            if let Some(cwd) = &p.cwd {
                body.push(Line::from(format!("in {}", visible_line(cwd)).dim()));
            }
            if let Some(summary) = p.command_actions.as_deref().and_then(friendly_summary) {
                body.push(Line::from(
                    format!("it will: {}", visible_line(&summary)).dim(),
                ));
            }
            if let Some(extra) = p.additional_permissions.as_ref() {
                let grants = grants(extra);
                if !grants.is_empty() {
                    body.push(Line::from(Span::styled(
                        format!("and grant it: {}", summary(&grants)),
                        palette.proposed.bold(),
                    )));
                    grant_lines(&mut body, &grants, w, palette);
                }
            }
            for amendment in p.proposed_network_policy_amendments.iter().flatten() {
                body.push(Line::from(
                    format!(
                        "proposed: {} network access to {}",
                        visible_line(&amendment.action),
                        visible_line(&amendment.host)
                    )
                    .dim(),
                ));
            }
            reason(&mut body, p.reason.as_deref(), w);
        }
        QuestionSubject::FileChange { params, changes } => {
            let count = changes.len();
            let headline = match count {
                0 => "Apply changes (the server did not say to which files)?".to_string(),
                1 => "Apply this change?".to_string(),
                n => format!("Apply changes to {n} files?"),
            };
            body.push(Line::from(headline.bold()));
            if let Some(root) = params.grant_root.as_deref().filter(|r| !r.is_empty()) {
                body.push(Line::from(Span::styled(
                    format!("and allow writing anywhere under {}", visible_line(root)),
                    palette.error.bold(),
                )));
            }
            reason(&mut body, params.reason.as_deref(), w);
            // Every path first, so none is hidden below a long diff; then the diffs.
            for change in changes {
                body.extend(change_header(change, look.cwd, w, palette));
            }
            for change in changes {
                body.push(Line::default());
                if look.spoken {
                    // Read as added and removed lines, not as a drawn diff.
                    let path = relative_path(&change.path, look.cwd);
                    for said in super::speech_diff::change_sentences(change, &path) {
                        body.extend(wrap_spans(&[Span::raw(said)], w, &[], &[]));
                    }
                    continue;
                }
                body.extend(file_change_lines(
                    change, look.cwd, w as u16, look.theme, None,
                ));
            }
        }
        QuestionSubject::Permissions(p) => {
            let grants = grants(&p.permissions);
            let headline = match grants.is_empty() {
                true => "Grant these permissions (none asked for)?".to_string(),
                false => format!("Grant these permissions ({})?", summary(&grants)),
            };
            // Wrapped, never cut: it says how much is asked when the list scrolls.
            body.extend(wrap_spans(&[headline.bold()], w, &[], &[]));
            grant_lines(&mut body, &grants, w, palette);
            if let Some(cwd) = &p.cwd {
                body.push(Line::from(format!("in {}", visible_line(cwd)).dim()));
            }
            reason(&mut body, p.reason.as_deref(), w);
        }
        QuestionSubject::ToolApproval(p) => {
            let tool = p
                .meta
                .as_ref()
                .and_then(|m| m.get("tool_name"))
                .and_then(Value::as_str)
                .unwrap_or("a tool");
            body.push(Line::from(
                format!(
                    "Let the MCP server {} run {}?",
                    visible_line(&p.server_name),
                    visible_line(tool)
                )
                .bold(),
            ));
            text_block(&mut body, &p.message, w);
            if let Some(params) = p.meta.as_ref().and_then(|m| m.get("tool_params")) {
                labelled(&mut body, "with: ", &compact_json(params), w);
            }
        }
        QuestionSubject::Url(p) => {
            body.push(Line::from(
                format!("{} asks you to open a link", visible_line(&p.server_name)).bold(),
            ));
            text_block(&mut body, &p.message, w);
            labelled(&mut body, "link: ", p.url.as_deref().unwrap_or(""), w);
        }
        QuestionSubject::Form(spec) => {
            // Borrowed, not copied: the answers so far are as many as the questions, and the
            // form is laid out on every key (a copy made each key cost its size).
            let fresh;
            let state = match form {
                Some(state) => state,
                None => {
                    fresh = FormState::new(spec);
                    &fresh
                }
            };
            return form_lines(spec, state, w, palette);
        }
        QuestionSubject::ReviewRequest(ask) => super::review_ask::lines(&mut body, ask, w),
        QuestionSubject::ImplementPlan { .. } => {
            body.push(Line::from("Implement this plan?".bold()));
            body.push(Line::from(
                "The proposed plan is above; each answer says what happens next.".dim(),
            ));
        }
    }
    for line in &question.withheld {
        body.extend(wrap_spans(
            &[Span::styled(visible_line(line), palette.warning)],
            w,
            &[],
            &[],
        ));
    }
    let options = if look.spoken {
        let count = question.options.len();
        question
            .options
            .iter()
            .enumerate()
            .flat_map(|(i, o)| spoken_option(i, count, o.key, &o.label, selected == Some(i), w))
            .collect()
    } else {
        question
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| option_line(o.key, &o.label, selected == Some(i), w, palette))
            .collect()
    };
    QuestionLines { body, options }
}

/// The command as the shell will run it: the script inside a `bash -lc` wrapper, every line,
/// with control characters made visible.
fn command_body(body: &mut Vec<Line<'static>>, command: &str, w: usize, palette: &Palette) {
    let parsed = ParsedCommand::parse(command);
    let (shown, wrapper) = match (&parsed.script, &parsed.words) {
        (Some(script), Some(words)) => (script.clone(), Some(words[..words.len() - 1].join(" "))),
        _ => (command.to_string(), None),
    };
    for (i, line) in visible_text(&shown).into_iter().enumerate() {
        let first = if i == 0 { "$ " } else { "  " };
        body.extend(wrap_spans(
            &[Span::styled(line, palette.proposed)],
            w,
            &[Span::raw(first)],
            &[Span::raw("  ")],
        ));
    }
    if let Some(wrapper) = wrapper {
        body.push(Line::from(
            format!("  (run by {})", visible_line(&wrapper)).dim(),
        ));
    }
}

fn reason(body: &mut Vec<Line<'static>>, reason: Option<&str>, w: usize) {
    if let Some(reason) = reason.filter(|r| !r.is_empty()) {
        labelled(body, "why: ", reason, w);
    }
}

fn labelled(body: &mut Vec<Line<'static>>, label: &'static str, text: &str, w: usize) {
    let indent = " ".repeat(label.chars().count());
    for (i, line) in visible_text(text).into_iter().enumerate() {
        let first = if i == 0 {
            Span::raw(label).dim()
        } else {
            Span::raw(indent.clone())
        };
        body.extend(wrap_spans(
            &[line.italic()],
            w,
            &[first],
            &[Span::raw(indent.clone())],
        ));
    }
}

fn text_block(body: &mut Vec<Line<'static>>, text: &str, w: usize) {
    for line in visible_text(text) {
        body.extend(wrap_spans(&[Span::raw(line)], w, &[], &[]));
    }
}

fn compact_json(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Every grant of a permission profile, one bullet each (wrapped, never cut); the
/// far-reaching ones stand out.
fn grant_lines(body: &mut Vec<Line<'static>>, grants: &[Grant], w: usize, palette: &Palette) {
    for grant in grants {
        let style = match grant.severity {
            Severity::Network | Severity::Write | Severity::Raw => palette.proposed,
            Severity::Read | Severity::Deny => Style::default(),
        };
        body.extend(wrap_spans(
            &[Span::styled(grant.text.clone(), style)],
            w,
            &[Span::raw("• ")],
            &[Span::raw("  ")],
        ));
    }
}

/// A file's kind, path relative to the thread's cwd (and destination) and counts.
fn change_header(
    change: &FileUpdateChange,
    cwd: Option<&str>,
    w: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let (added, removed) = crate::render::cells::change_counts(change);
    let (marker, style) = match &change.kind {
        PatchChangeKind::Add => ("added", palette.diff.added_mark),
        PatchChangeKind::Delete => ("deleted", palette.diff.removed_mark),
        _ => ("updated", palette.accent),
    };
    let mut header = vec![
        Span::styled(format!("{marker} "), style),
        Span::raw(visible_line(&relative_path(&change.path, cwd))).bold(),
    ];
    if let PatchChangeKind::Update {
        move_path: Some(to),
    } = &change.kind
    {
        header.push(Span::raw(" → "));
        header.push(Span::raw(visible_line(&relative_path(to, cwd))).bold());
    }
    header.push(Span::raw(" "));
    header.push(Span::styled(format!("+{added}"), palette.diff.added_mark));
    header.push(Span::raw(" "));
    header.push(Span::styled(
        format!("-{removed}"),
        palette.diff.removed_mark,
    ));
    wrap_spans(&header, w, &[], &[Span::raw("  ")])
}

/// One option on one row: its key, and its label cut to fit, so every option is always seen.
/// Labels carry the server's words (a proposed prefix's tokens, a host): their control
/// characters show as marks, like the command they are about.
fn option_line(
    key: char,
    label: &str,
    selected: bool,
    w: usize,
    palette: &Palette,
) -> Line<'static> {
    let label = visible_line(label);
    let room = w.saturating_sub(5);
    let mut text: String = label.chars().take(room).collect();
    if label.chars().count() > room {
        text.pop();
        text.push('…');
    }
    let key_style = palette.badge.bold();
    let label_style = if selected {
        palette.attention.bold()
    } else {
        Style::default()
    };
    Line::from(vec![
        Span::styled(format!(" {key} "), key_style),
        Span::raw(" "),
        Span::styled(text, label_style),
    ])
}

/// Screen-reader mode: "Choice 1 of 3: Yes, run it. Key y." — the whole label, wrapped, read
/// before the key that answers it.
fn spoken_option(
    index: usize,
    count: usize,
    key: char,
    label: &str,
    selected: bool,
    w: usize,
) -> Vec<Line<'static>> {
    let mark = if selected { " (selected)" } else { "" };
    let text = format!(
        "Choice {} of {count}: {}. Key {key}{mark}.",
        index + 1,
        visible_line(label).trim_end().trim_end_matches(['.', '…'])
    );
    let style = if selected {
        Style::default().bold()
    } else {
        Style::default()
    };
    wrap_spans(&[Span::styled(text, style)], w, &[], &[Span::raw("  ")])
}

/// A form's current question: its header and text, the choices (numbered), the typed answer.
fn form_lines(spec: &FormSpec, state: &FormState, w: usize, palette: &Palette) -> QuestionLines {
    let mut body = Vec::new();
    if !spec.message.is_empty() {
        text_block(&mut body, &spec.message, w);
    }
    let Some(question) = spec.questions.get(state.question) else {
        return QuestionLines {
            body,
            options: Vec::new(),
        };
    };
    let count = spec.questions.len();
    body.push(Line::from(vec![
        Span::raw(visible_line(&question.header)).bold(),
        format!("  (question {} of {count})", state.question + 1).dim(),
    ]));
    text_block(&mut body, &question.text, w);
    let mut options = Vec::new();
    for (i, choice) in question.choices.iter().enumerate() {
        let mut label = format!("{}. {}", i + 1, visible_line(&choice.label));
        if !choice.description.is_empty() {
            label.push_str(&format!(" — {}", visible_line(&choice.description)));
        }
        options.push(choice_line(&label, state.cursor == i, w, palette));
    }
    if question.free_text {
        let typed = if question.secret {
            "•".repeat(state.text.chars().count())
        } else {
            visible_line(&state.text)
        };
        let lead = if question.choices.is_empty() {
            "› "
        } else {
            "Other: "
        };
        options.push(choice_line(
            &format!("{lead}{typed}▏"),
            state.cursor >= question.choices.len(),
            w,
            palette,
        ));
    }
    if let Some(error) = &state.error {
        options.push(Line::from(Span::styled(
            format!("  {}", visible_line(error)),
            palette.error,
        )));
    }
    QuestionLines { body, options }
}

fn choice_line(label: &str, highlighted: bool, w: usize, palette: &Palette) -> Line<'static> {
    let text: String = label.chars().take(w.saturating_sub(3)).collect();
    if highlighted {
        Line::from(vec![Span::styled("› ", palette.accent.bold()), text.bold()])
    } else {
        Line::from(vec![Span::raw("  "), Span::raw(text)])
    }
}
