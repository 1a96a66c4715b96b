//! Calling the person back when they look elsewhere: when a question from codex starts
//! waiting or a turn ends, and the terminal is unfocused or the turn's thread is not the one
//! on screen, the bell rings and/or a desktop notification goes out, as `notify` asks — once
//! per event, and never while the person is typing in this window. A question of a thread not
//! on screen asked while they type never takes their keys (it waits in the inbox); its call
//! back is put off until the typing pause ends, and goes out then if a question still waits
//! in the inbox. A terminal that never
//! reports focus cannot say whether the person looks: there only a turn that ran longer than
//! [`LONG_TURN`] calls them back (a short one ended while they were still watching).

use crate::session::effect::Effect;
use crate::session::state::Session;
use std::time::{Duration, Instant};

/// Where focus is never reported, a turn at least this long calls the person back.
pub(crate) const LONG_TURN: Duration = Duration::from_secs(10);
/// A key this recent means the person is typing here: they are looking.
pub(crate) const TYPING: Duration = Duration::from_secs(2);

/// What `update` compares before and after an event.
#[derive(Debug, Clone)]
pub struct Watch {
    prompts: usize,
    /// Questions waiting, on screen or parked.
    waiting: usize,
    turn_active: bool,
    /// Threads tern opened, kept while another is shown, whose turn runs.
    kept_running: Vec<String>,
}

impl Watch {
    pub fn of(state: &Session) -> Watch {
        Watch {
            prompts: state.questions.len(),
            waiting: state.questions.waiting_count(),
            turn_active: state.turn_active(),
            kept_running: state
                .threads
                .models()
                .filter(|model| model.thread.is_some() && model.turn_active())
                .filter_map(|model| model.id.clone())
                .collect(),
        }
    }
}

pub const QUESTION_WAITS: &str = "tern: codex is waiting for your answer";
pub const TURN_ENDED: &str = "tern: the turn ended";

/// Where the person is when something needs them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Moment {
    /// The terminal's focus; `None` where it never reported any.
    pub focus: Option<bool>,
    /// The event belongs to the thread on screen.
    pub shown: bool,
    /// The person typed in this window a moment ago.
    pub typing: bool,
    /// How long the turn on screen has run, if one ran.
    pub turn_ran: Option<Duration>,
}

/// Whether the person is called back at this moment.
pub(crate) fn calls_back(moment: Moment) -> bool {
    if moment.typing {
        return false;
    }
    if !moment.shown {
        return true;
    }
    match moment.focus {
        Some(focused) => !focused,
        None => moment.turn_ran.is_some_and(|ran| ran >= LONG_TURN),
    }
}

pub fn alerts(state: &mut Session, before: Watch, now: Instant) -> Vec<Effect> {
    let turn_active = state.turn_active();
    let turn_ran = state
        .attention
        .turn_started
        .map(|started| now.saturating_duration_since(started));
    if turn_active && !before.turn_active {
        state.attention.turn_started = Some(now);
    } else if !turn_active {
        state.attention.turn_started = None;
    }
    let (bell, notify) = (state.config.bell, state.config.desktop_notification);
    if state.quitting || !(bell || notify) {
        return vec![];
    }
    let owed = owed_call_back(state, now);
    if !owed.is_empty() {
        return owed;
    }
    let kept_ended = before.kept_running.iter().any(|id| {
        state
            .threads
            .get(id)
            .is_some_and(|model| !model.turn_active())
    });
    // Parking a question or bringing one back is not news: only a question asked is.
    let asked = state.questions.waiting_count() > before.waiting;
    let (message, shown) = if asked && state.questions.len() > before.prompts {
        (QUESTION_WAITS, true)
    } else if asked {
        // A thread not on screen asks: it waits in the inbox, and the person is called back
        // without the question taking the keys they type.
        (QUESTION_WAITS, false)
    } else if before.turn_active && !turn_active {
        (TURN_ENDED, true)
    } else if kept_ended {
        (TURN_ENDED, false)
    } else {
        return vec![];
    };
    let focus = state.attention.focus_reported.then_some(state.focused);
    let moment = Moment {
        focus,
        shown,
        // Keys reach this window only while it has the focus.
        typing: focus != Some(false)
            && state
                .attention
                .last_typed
                .is_some_and(|typed| now.saturating_duration_since(typed) < TYPING),
        turn_ran,
    };
    if !calls_back(moment) {
        if asked && !shown && moment.typing {
            state.attention.owed = state.attention.last_typed.map(|typed| typed + TYPING);
        }
        return vec![];
    }
    state.attention.owed = None;
    vec![Effect::Alert {
        bell,
        notification: notify.then(|| message.to_string()),
    }]
}

/// The call back put off while the person typed, once it is due: put off again while they
/// still type, dropped when no question waits in the inbox any more (answered, settled
/// elsewhere), else given.
fn owed_call_back(state: &mut Session, now: Instant) -> Vec<Effect> {
    if state.attention.owed.is_none_or(|due| due > now) {
        return vec![];
    }
    let typed_until = state.attention.last_typed.map(|typed| typed + TYPING);
    if typed_until.is_some_and(|until| until > now) {
        state.attention.owed = typed_until;
        return vec![];
    }
    state.attention.owed = None;
    if state.questions.parked().next().is_none() {
        return vec![];
    }
    vec![Effect::Alert {
        bell: state.config.bell,
        notification: state
            .config
            .desktop_notification
            .then(|| QUESTION_WAITS.to_string()),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORT: Option<Duration> = Some(Duration::from_secs(3));
    const LONG: Option<Duration> = Some(Duration::from_secs(30));

    fn moment(focus: Option<bool>, shown: bool, typing: bool, ran: Option<Duration>) -> Moment {
        Moment {
            focus,
            shown,
            typing,
            turn_ran: ran,
        }
    }

    #[test]
    fn focus_times_shown_thread_times_typing() {
        for focus in [Some(true), Some(false), None] {
            for shown in [true, false] {
                for typing in [true, false] {
                    for ran in [SHORT, LONG] {
                        let expected = !typing
                            && (!shown || focus == Some(false) || (focus.is_none() && ran == LONG));
                        assert_eq!(
                            calls_back(moment(focus, shown, typing, ran)),
                            expected,
                            "focus {focus:?}, shown {shown}, typing {typing}, ran {ran:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn without_focus_reports_only_a_long_turn_calls_back() {
        assert!(!calls_back(moment(None, true, false, SHORT)));
        assert!(!calls_back(moment(None, true, false, None)));
        assert!(calls_back(moment(None, true, false, LONG)));
        assert!(calls_back(moment(None, true, false, Some(LONG_TURN))));
    }
}
