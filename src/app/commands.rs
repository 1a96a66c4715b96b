//! The slash commands, as one table: adding a command is one row. The composer's `/name args`
//! text (typed or completed in the slash popup) comes here from `composer_input::submit`; an
//! unknown name gets a warning naming the closest commands, and the text stays in the composer.

use super::layers::{self, Help, Layer, Outcome};
use crate::model::NoticeLevel;
use crate::protocol::{ThreadIdParams, ThreadSetNameParams};
use crate::session::actions::{copy_last_answer, quit};
use crate::session::effect::Effect;
use crate::session::lifecycle;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use std::time::Instant;

pub use super::command_row::Command;
use super::command_row::{command, done};

pub(crate) static COMMANDS: &[Command] = &[
    command(
        "new",
        "start a new thread (this one stays resumable)",
        |s, _, _| done(lifecycle::new_thread(s)),
    ),
    command(
        "resume",
        "find an earlier thread and reopen it",
        |s, _, _| {
            if crate::session::threads::busy(s, "resume another thread") {
                return done(vec![]);
            }
            layers::thread_picker::open(s, false)
        },
    ),
    command("fork", "continue in a copy of this thread", |s, _, _| {
        done(fork(s))
    }),
    Command {
        args: Some("NAME"),
        ..command("rename", "name this thread", |s, a, _| done(rename(s, a)))
    },
    command(
        "model",
        "choose the model and reasoning effort",
        |s, _, _| layers::choice::open_models(s),
    ),
    command(
        "approvals",
        "choose the approval policy and sandbox",
        |s, _, _| layers::choice::open_approvals(s),
    ),
    command(
        "diff",
        "the last turn's changes (or git diff), full screen",
        |s, _, _| layers::diff::open(s),
    ),
    command(
        "rules",
        "list or delete the exec-policy rules",
        |s, _, _| layers::rules::open(s),
    ),
    command(
        "status",
        "thread, model, policies, account, tokens and limits",
        |s, _, _| Outcome::Open(Layer::Status(layers::StatusView), read_limits(s)),
    ),
    command(
        "compact",
        "summarise the conversation to free context",
        |s, _, _| done(compact(s)),
    ),
    command(
        "review",
        "review the changes: uncommitted, against a branch, a commit, or custom",
        |s, _, _| layers::review::open(s),
    ),
    Command {
        args: Some("[pick]"),
        ..command(
            "copy",
            "copy the last answer; `/copy pick` an earlier one or a code block",
            |s, a, _| match a {
                "" => done(copy_last_answer(s)),
                _ => layers::copy_pick::open(s),
            },
        )
    },
    Command {
        args: Some("[PATH]"),
        ..command("export", "save the conversation as markdown", |s, a, _| {
            done(crate::session::export::export(s, a))
        })
    },
    command(
        "init",
        "ask the agent to write an AGENTS.md for this repository",
        |s, _, now| done(crate::session::init::init(s, now)),
    ),
    Command {
        aliases: &["subagents"],
        ..command(
            "agents",
            "this thread's sub-agents: task, model, state, answer",
            |s, _, _| layers::agents::open(s),
        )
    },
    command(
        "ps",
        "list the background terminals (Enter: output)",
        |s, _, _| layers::terminals::open(s, false),
    ),
    command(
        "stop",
        "stop a background terminal (after a confirming key)",
        |s, _, _| layers::terminals::open(s, true),
    ),
    command(
        "login",
        "sign in to codex: ChatGPT, a device code or an API key",
        |s, _, now| Outcome::Open(Layer::SignIn(Box::new(layers::SignIn::new(s, now))), vec![]),
    ),
    command("logout", "sign codex out (asks first)", |s, _, now| {
        logout(s, now)
    }),
    command(
        "doctor",
        "versions, settings, sign-in and terminal, for a bug report",
        |s, _, _| Outcome::Open(Layer::Doctor(Default::default()), read_config(s)),
    ),
    Command {
        args: Some("[NAME]"),
        ..command(
            "theme",
            "choose the colours, previewed as you move",
            |s, a, _| match a {
                "" => layers::theme_picker::open(s),
                name => done(crate::session::theme::choose_by_name(s, name)),
            },
        )
    },
    command(
        "threads",
        "every thread on the server and where it stands",
        |s, _, _| layers::board::open(s),
    ),
    command(
        "inbox",
        "every question waiting for you, in every thread (Ctrl+T)",
        |s, _, now| layers::inbox::open(s, now),
    ),
    command(
        "mcp",
        "the MCP servers: their state, tools and sign-in",
        |s, _, _| layers::mcp::open(s),
    ),
    command(
        "skills",
        "the skills codex can use here ($name in a prompt)",
        |s, _, _| layers::skills::open(s),
    ),
    command(
        "hooks",
        "the hooks codex runs, and their trust",
        |s, _, _| layers::hooks::open(s),
    ),
    Command {
        aliases: &["btw"],
        args: Some("[QUESTION]"),
        ..command(
            "side",
            "ask beside the thread, from a fork of it",
            |s, a, _| side(s, a),
        )
    },
    command("vim", "vim keys in the composer, on or off", |s, _, _| {
        done(crate::session::actions::toggle_vim(s))
    }),
    command(
        "plan",
        "switch to Plan mode: codex plans before it changes anything",
        |s, _, _| done(crate::session::plan_mode::enter_plan(s)),
    ),
    command(
        "rewind",
        "go back to before an earlier message (and put files back)",
        |s, _, _| layers::rewind::open(s),
    ),
    Command {
        args: Some("[OBJECTIVE]"),
        ..command(
            "goal",
            "a goal codex pursues by itself (clear, pause, resume; alone: status)",
            |s, a, _| done(crate::session::goal::command(s, a)),
        )
    },
    command(
        "archive",
        "archive this thread (asks), then a new one",
        |s, _, _| confirm_removal(s, false),
    ),
    command(
        "delete",
        "delete this thread for good (asks), then a new one",
        |s, _, _| confirm_removal(s, true),
    ),
    command(
        "clear",
        "a new thread on a clean screen (this one stays resumable)",
        |s, _, _| done(crate::session::folder::clear(s)),
    ),
    command("pwd", "the folder this thread works in", |s, _, _| {
        done(crate::session::folder::pwd(s))
    }),
    Command {
        args: Some("DIR"),
        ..command("cd", "start a new thread in another folder", |s, a, _| {
            done(crate::session::folder::cd(s, a))
        })
    },
    command(
        "mention",
        "mention a file (as typing @): the file finder",
        // As `file_finder::open` does (called from here it would close an import cycle
        // through `composer_input`, which dispatches commands).
        |s, _, _| {
            s.composer.type_char('@');
            Outcome::Open(Layer::Files(Default::default()), vec![])
        },
    ),
    Command {
        args: Some("[MODE]"),
        ..command(
            "screen",
            "inline (the terminal's scrollback) or fullscreen",
            |s, a, _| done(switch_screen(s, a)),
        )
    },
    command(
        "history",
        "inline: write a resumed thread's earlier turns into the scrollback",
        |s, _, _| done(crate::session::threads::ask_earlier(s)),
    ),
    command(
        "help",
        "every key and command (? lists the keys that work here)",
        |_, _, _| Outcome::Open(Layer::Help(Help::reference()), vec![]),
    ),
    Command {
        aliases: &["exit", "q"],
        ..command("quit", "leave tern", |s, _, _| done(quit(s)))
    },
];

/// The commands that can be listed and run.
pub(crate) fn available() -> impl Iterator<Item = &'static Command> {
    COMMANDS
        .iter()
        .chain(super::more_commands::all())
        .filter(|c| c.available)
}

/// The command called `name` (or by an alias of it).
pub fn find(name: &str) -> Option<&'static Command> {
    available().find(|c| c.name == name || c.aliases.contains(&name))
}

/// Commands for what is typed after `/`: names starting with it first (then aliases), then names
/// containing it, then names holding its letters in order.
pub(crate) fn matching(query: &str) -> Vec<&'static Command> {
    let query = query.to_lowercase();
    let mut found: Vec<&'static Command> = Vec::new();
    let tiers: [&dyn Fn(&Command) -> bool; 4] = [
        &|c| c.name.starts_with(&query),
        &|c| c.aliases.iter().any(|a| a.starts_with(&query)),
        &|c| c.name.contains(&query),
        &|c| in_order(&query, c.name),
    ];
    for tier in tiers {
        for c in available() {
            if tier(c) && !found.iter().any(|f| f.name == c.name) {
                found.push(c);
            }
        }
    }
    found
}

fn in_order(needle: &str, hay: &str) -> bool {
    let mut hay = hay.chars();
    needle.chars().all(|n| hay.any(|h| h == n))
}

/// Runs `text` when it is a command; `None` when it is a prompt (not `/…`, or a path such as
/// `/usr/bin/env …`).
pub(crate) fn dispatch(state: &mut Session, text: &str, now: Instant) -> Option<Outcome> {
    let command = text.trim().strip_prefix('/')?;
    let (name, args) = match command.split_once(char::is_whitespace) {
        Some((name, args)) => (name, args.trim()),
        None => (command, ""),
    };
    if name.is_empty() || name.contains('/') {
        return None;
    }
    match find(name) {
        Some(command) => Some((command.run)(state, args, now)),
        None => {
            state
                .shown
                .transcript
                .notice(NoticeLevel::Warning, unknown(name));
            state.composer.set_text(text);
            Some(done(vec![]))
        }
    }
}

/// The warning for an unknown command: the closest names, or where the list is.
fn unknown(name: &str) -> String {
    let near = |d: usize, n: &str| d <= 1 || n.starts_with(name) || n.contains(name);
    let mut close: Vec<(usize, &str)> = available()
        .map(|c| (distance(name, c.name), c.name))
        .filter(|(d, n)| *d <= 2 || near(*d, n))
        .collect();
    // Names one typo away or holding what was typed, when there are any: two edits from a
    // short name is most of it.
    if close.iter().any(|(d, n)| near(*d, n)) {
        close.retain(|(d, n)| near(*d, n));
    }
    close.sort();
    let close: Vec<String> = close.iter().take(3).map(|(_, n)| format!("/{n}")).collect();
    let name = crate::text::sanitize::sanitize_line(name);
    if close.is_empty() {
        format!("Unknown command /{name}. /help lists the commands.")
    } else {
        format!(
            "Unknown command /{name}. Did you mean {}? /help lists the commands.",
            close.join(", ")
        )
    }
}

/// Edit distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The current thread's id, or a warning that there is none yet.
/// `/screen [MODE]`: `inline` or `fullscreen` (alone: the other one). The runtime moves the terminal over;
/// the conversation stays, and going inline writes what the scrollback lacks of it.
fn switch_screen(state: &mut Session, arg: &str) -> Vec<Effect> {
    let inline = match arg.trim() {
        "" => !state.config.inline,
        "inline" => true,
        "fullscreen" | "full" => false,
        _ => {
            state
                .shown
                .transcript
                .notice(NoticeLevel::Warning, "Usage: /screen [inline|fullscreen]");
            return vec![];
        }
    };
    if inline == state.config.inline {
        return vec![];
    }
    if state.config.screen_reader {
        // Full screen redraws what a screen reader already read: the mode stays inline.
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "Screen-reader mode stays inline (start tern without --screen-reader for full screen)",
        );
        return vec![];
    }
    state.config.inline = inline;
    vec![Effect::SwitchScreen { inline }]
}

fn need_thread(state: &mut Session, what: &str) -> Option<String> {
    let id = state.thread_id().map(str::to_string);
    if id.is_none() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("No thread yet: wait until it is ready to {what}."),
        );
    }
    id
}

fn refuse_while_busy(state: &mut Session, what: &str) -> bool {
    if state.turn_active() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("A turn is running: interrupt it (Esc) or wait, then {what}."),
        );
    }
    state.turn_active()
}

/// `/fork`: a copy of this thread, opened in its place (the answer lands in `lifecycle`).
fn fork(state: &mut Session) -> Vec<Effect> {
    if refuse_while_busy(state, "fork") {
        return vec![];
    }
    let Some(thread_id) = need_thread(state, "fork it") else {
        return vec![];
    };
    lifecycle::open(state, crate::session::state::Open::Fork(thread_id))
}

/// `/archive`, `/delete`: the shared confirm box first.
fn confirm_removal(state: &mut Session, delete: bool) -> Outcome {
    match crate::session::thread_removal::ask(state, delete) {
        Some(ask) => Outcome::Open(Layer::Confirm(layers::Confirm { ask }), vec![]),
        None => done(vec![]),
    }
}

/// `/rename NAME`.
fn rename(state: &mut Session, name: &str) -> Vec<Effect> {
    if name.is_empty() {
        state
            .shown
            .transcript
            .notice(NoticeLevel::Warning, "Usage: /rename NAME");
        state.composer.set_text("/rename ");
        return vec![];
    }
    let Some(thread_id) = need_thread(state, "rename it") else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::SetThreadName(
        ThreadSetNameParams {
            thread_id,
            name: name.to_string(),
        },
    ))]
}

/// `/doctor` asks where codex's settings came from, for this session's directory.
fn read_config(state: &Session) -> Vec<Effect> {
    let cwd = Some(crate::session::threads::current_cwd(state));
    vec![Effect::Request(ClientRequest::ReadConfig(
        crate::protocol::ConfigReadParams {
            include_layers: false,
            cwd,
        },
    ))]
}

/// `/status` with a ChatGPT sign-in: its rate limits are asked for as the box opens (the
/// other sign-ins have none to read).
fn read_limits(state: &Session) -> Vec<Effect> {
    let chatgpt = state
        .account
        .known()
        .is_some_and(|a| matches!(a.account, Some(crate::protocol::Account::Chatgpt { .. })));
    if chatgpt {
        vec![Effect::Request(ClientRequest::ReadRateLimits)]
    } else {
        vec![]
    }
}

/// `/logout`: a confirming box, unless codex is known to be signed out already.
fn logout(state: &mut Session, now: Instant) -> Outcome {
    if state.account.known().is_some_and(|a| a.account.is_none()) {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "codex is not signed in: nothing to sign out of.",
        );
        return done(vec![]);
    }
    Outcome::Open(
        Layer::SignIn(Box::new(layers::SignIn::confirm_logout(state, now))),
        vec![],
    )
}

/// `/compact`: the server runs the compaction as a turn; its events show it like any other.
fn compact(state: &mut Session) -> Vec<Effect> {
    if refuse_while_busy(state, "compact") {
        return vec![];
    }
    let Some(thread_id) = need_thread(state, "compact it") else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::CompactThread(
        ThreadIdParams { thread_id },
    ))]
}

/// `/side QUESTION` opens a side conversation; `/side` alone lists the earlier ones.
fn side(state: &mut Session, args: &str) -> Outcome {
    match args.trim() {
        "" => layers::side::open_earlier(state),
        question => layers::side::open_question(state, question),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in COMMANDS.iter().chain(crate::app::more_commands::all()) {
            for name in std::iter::once(&c.name).chain(c.aliases) {
                assert!(seen.insert(*name), "/{name} twice");
            }
        }
    }

    #[test]
    fn prefix_matches_come_before_fuzzy_ones() {
        let names = |q: &str| matching(q).iter().map(|c| c.name).collect::<Vec<_>>();
        assert_eq!(
            names("re"),
            [
                "resume",
                "rename",
                "review",
                "rewind",
                "recap",
                "threads",
                "screen",
                "worktree",
                "rules",
                "archive",
                "experimental",
                "memories"
            ]
        );
        assert_eq!(names("ex"), ["export", "experimental", "quit"]);
        assert_eq!(names("mdl"), ["model"]);
        assert_eq!(names("ff")[0], "diff");
        assert!(names("zzz").is_empty());
        assert_eq!(names("").len(), available().count());
    }

    #[test]
    fn unknown_names_get_the_closest_ones() {
        assert!(unknown("modle").contains("/model"), "{}", unknown("modle"));
        assert!(unknown("stat").contains("/status"));
        assert!(unknown("xyzzy").ends_with("/help lists the commands."));
        assert!(
            unknown("dif").contains("Did you mean /diff?"),
            "{}",
            unknown("dif")
        );
    }
}
