//! The conversation's keys for Plan mode, reasoning and rewind (issue 20), in one place until
//! they move into the key table: Shift+Tab cycles the collaboration mode, Alt+, and Alt+.
//! lower and raise the next turn's reasoning effort, and Esc Esc on an empty composer with no
//! turn running opens the rewind list. Shift+Tab and Esc Esc belong in the key precedence
//! table (reserved: nothing else in the conversation uses them).

use crate::app::layer_types::Hint;
use crate::app::layers::{self, Ctx, Outcome};
use crate::app::session::{plan_mode, rewind};
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The key's outcome when it is one of these; `None` otherwise.
pub fn handle(cx: &mut Ctx<'_>, key: KeyEvent) -> Option<Outcome> {
    let now = cx.now;
    let state = &mut **cx;
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER);
    Some(match key.code {
        KeyCode::BackTab => Outcome::Consumed(plan_mode::cycle(state)),
        KeyCode::Char(',') if alt => Outcome::Consumed(plan_mode::step_effort(state, false)),
        KeyCode::Char('.') if alt => Outcome::Consumed(plan_mode::step_effort(state, true)),
        KeyCode::Esc if plain && state.composer.is_empty() && !state.turn_active() => {
            if rewind::esc(state, now) {
                layers::rewind::open(state)
            } else {
                Outcome::Consumed(vec![])
            }
        }
        _ => {
            // Any other key ends an Esc waiting for its second.
            state.rewind.armed_until = None;
            return None;
        }
    })
}

/// Their rows in `?` help, as they apply now.
pub fn help_rows(state: &Session) -> Vec<Hint> {
    let mut rows = vec![Hint::new(
        "Shift+Tab",
        if plan_mode::in_plan_mode(state) {
            "leave Plan mode (back to the default mode)"
        } else {
            "Plan mode: codex plans before it changes anything"
        },
    )];
    rows.push(Hint::new(
        "Alt+, / Alt+.",
        "less / more reasoning for the next turn",
    ));
    if rewind::messages(state).is_ok() {
        rows.push(Hint::new(
            "Esc Esc (empty composer)",
            "rewind to an earlier message (and put files back)",
        ));
    }
    rows
}
