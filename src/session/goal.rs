//! `/goal [objective | clear | pause | resume]`: the thread goal the server pursues by itself
//! (codex 0.171). Setting an objective makes the server start continuation turns on the shown
//! thread; they stream and can be interrupted like any turn (the turn-ownership code adopts a
//! turn from its `turn/started`). What the goal is comes back as `thread/goal/updated`, which
//! draws its cell and the status line; `/goal` alone asks `thread/goal/get` for its summary.

use super::effect::Effect;
use super::reply::Answer;
use super::request::ClientRequest;
use super::state::Session;
use crate::model::NoticeLevel;
use crate::protocol::{
    ThreadGoal, ThreadGoalClearParams, ThreadGoalGetResponse, ThreadGoalSetParams, ThreadIdParams,
    ORIGIN_USER,
};
use crate::render::numbers;

/// What `/goal`'s argument asks for.
#[derive(Debug, PartialEq)]
enum Wanted<'a> {
    Show,
    Clear,
    Status(&'static str),
    Objective(&'a str),
}

fn wanted(args: &str) -> Wanted<'_> {
    match args.trim() {
        "" => Wanted::Show,
        "clear" => Wanted::Clear,
        "pause" => Wanted::Status("paused"),
        "resume" => Wanted::Status("active"),
        objective => Wanted::Objective(objective),
    }
}

/// `/goal …` on the shown thread.
pub(crate) fn command(state: &mut Session, args: &str) -> Vec<Effect> {
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "No thread yet: wait until it is ready to set a goal.",
        );
        return vec![];
    };
    let set = |objective: Option<&str>, status: Option<&str>| {
        ClientRequest::SetGoal(ThreadGoalSetParams {
            thread_id: thread_id.clone(),
            origin: ORIGIN_USER.into(),
            objective: objective.map(str::to_string),
            status: status.map(str::to_string),
        })
    };
    let request = match wanted(args) {
        Wanted::Show => ClientRequest::ReadGoal(ThreadIdParams {
            thread_id: thread_id.clone(),
        }),
        Wanted::Clear => ClientRequest::ClearGoal(ThreadGoalClearParams {
            thread_id: thread_id.clone(),
            origin: ORIGIN_USER.into(),
        }),
        Wanted::Status(_) if state.shown.goal.is_none() => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                "This thread has no goal. /goal OBJECTIVE sets one.",
            );
            return vec![];
        }
        Wanted::Status(status) => set(None, Some(status)),
        Wanted::Objective(objective) => set(Some(objective), None),
    };
    vec![Effect::Request(request)]
}

/// A set, pause, resume or clear the server refused (what it did is said by its notification).
pub(crate) fn changed(state: &mut Session, what: &str, answer: Answer<()>) -> Vec<Effect> {
    if let Err(e) = answer {
        state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("Could not {what} the goal: {e}"),
        );
    }
    vec![]
}

/// `/goal` alone answered: the goal's objective, status, time and tokens, or how to set one.
pub(crate) fn read(state: &mut Session, answer: Answer<ThreadGoalGetResponse>) -> Vec<Effect> {
    let (level, text) = match answer {
        Ok(ThreadGoalGetResponse { goal: Some(goal) }) => (NoticeLevel::Info, summary(&goal)),
        Ok(ThreadGoalGetResponse { goal: None }) => (
            NoticeLevel::Info,
            "No goal. /goal OBJECTIVE sets one; codex then works toward it by itself.".into(),
        ),
        Err(e) => (NoticeLevel::Error, format!("Could not read the goal: {e}")),
    };
    state.shown.transcript.notice(level, text);
    vec![]
}

/// "Goal active: <objective>" and what it used; the objective whole (the notice wraps it).
pub(crate) fn summary(goal: &ThreadGoal) -> String {
    let tokens = match goal.token_budget {
        Some(budget) => format!(
            "{} of {} tokens",
            numbers::tokens(goal.tokens_used),
            numbers::tokens(budget)
        ),
        None => format!("{} tokens", numbers::tokens(goal.tokens_used)),
    };
    format!(
        "Goal {}: {} · {} · {} used · /goal pause, resume or clear",
        status_words(&goal.status),
        goal.objective,
        elapsed(goal.time_used_seconds),
        tokens,
    )
}

/// The status as the status line and the summary say it.
pub(crate) fn status_words(status: &str) -> &str {
    match status {
        "active" => "active",
        "complete" => "achieved",
        "paused" => "paused",
        "blocked" => "blocked",
        "usageLimited" => "stopped by usage limits",
        "budgetLimited" => "out of budget",
        other => other,
    }
}

/// Seconds as "42s", "3m 05s", "2h 10m"; a negative count as unknown.
fn elapsed(seconds: i64) -> String {
    match seconds {
        ..0 => numbers::UNKNOWN.to_string(),
        0..60 => format!("{seconds}s"),
        60..3600 => format!("{}m {:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h {:02}m", seconds / 3600, seconds % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_argument_names_what_is_wanted() {
        assert_eq!(wanted(""), Wanted::Show);
        assert_eq!(wanted(" clear "), Wanted::Clear);
        assert_eq!(wanted("pause"), Wanted::Status("paused"));
        assert_eq!(wanted("resume"), Wanted::Status("active"));
        assert_eq!(wanted("ship it"), Wanted::Objective("ship it"));
    }

    #[test]
    fn elapsed_time_reads_as_a_person_says_it() {
        assert_eq!(elapsed(-1), "?");
        assert_eq!(elapsed(42), "42s");
        assert_eq!(elapsed(185), "3m 05s");
        assert_eq!(elapsed(7800), "2h 10m");
    }
}
