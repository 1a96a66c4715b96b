//! Calling the person back when they look elsewhere: when a question from codex starts
//! waiting or a turn ends while the terminal is unfocused, the bell rings and/or a desktop
//! notification (OSC 9) goes out, as the config file asks (`bell`, `desktop_notification`).

use crate::session::effect::Effect;
use crate::session::state::Session;

/// What `update` compares before and after an event.
#[derive(Debug, Clone, Copy)]
pub struct Watch {
    prompts: usize,
    turn_active: bool,
}

impl Watch {
    pub fn of(state: &Session) -> Watch {
        Watch {
            prompts: state.questions.len(),
            turn_active: state.turn_active(),
        }
    }
}

pub const QUESTION_WAITS: &str = "tern: codex is waiting for your answer";
pub const TURN_ENDED: &str = "tern: the turn ended";

pub fn alerts(state: &Session, before: Watch) -> Vec<Effect> {
    let (bell, notify) = (state.config.bell, state.config.desktop_notification);
    if state.focused || state.quitting || !(bell || notify) {
        return vec![];
    }
    let message = if state.questions.len() > before.prompts {
        QUESTION_WAITS
    } else if before.turn_active && !state.turn_active() {
        TURN_ENDED
    } else {
        return vec![];
    };
    vec![Effect::Alert {
        bell,
        notification: notify.then(|| message.to_string()),
    }]
}
